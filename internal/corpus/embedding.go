package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/netip"
	"strings"
	"time"
)

// Stamp is two levels down in OrderView: its Note is shadowed by Audit's.
type Stamp struct {
	Note    string `json:"note"`
	Machine string `json:"machine"`
}

// Audit is embedded by value in OrderView.
type Audit struct {
	Stamp
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated,omitzero"`
	Note    string    `json:"note,omitempty"`
}

// Pricing is embedded through a pointer in OrderView.
type Pricing struct {
	Currency string `json:"currency" pattern:"^[A-Z]{3}$"`
	Total    int64  `json:"total"`
	// Discount is promoted through the pointer and also omitempty.
	Discount int64 `json:"discount,omitempty"`
}

// OrderView has an embedded struct, an embedded pointer, and shallower
// fields that shadow deeper ones.
type OrderView struct {
	Audit
	*Pricing
	// ID shadows Audit.ID: it is shallower.
	ID     int    `json:"id"`
	Status string `json:"status" enum:"open, paid, shipped"`
	// Total shadows Pricing.Total and is required, unlike the field it
	// hides.
	Total uint32 `json:"total"`
}

// DescribeOrder summarizes an order in one line.
//
//tool:export
func DescribeOrder(in OrderView) string {
	cur, disc := "XXX", int64(0)
	if in.Pricing != nil {
		cur, disc = in.Pricing.Currency, in.Discount
	}
	return fmt.Sprintf("order %d (%s) %s: %d %s, discount %d; created %s on %s, note %q",
		in.ID, in.Audit.ID, in.Status, in.Total, cur, disc, in.Created.Format(time.RFC3339), in.Machine, in.Audit.Note)
}

// VendorRef has an untagged field Name.
type VendorRef struct {
	Name   string
	Vendor string `json:"vendor"`
}

// BuyerRef has a field tagged "Name": at the same depth as VendorRef.Name,
// the tagged one wins.
type BuyerRef struct {
	DisplayName string `json:"Name" description:"Shown name of the buyer; wins over VendorRef.Name."`
	Buyer       string `json:"buyer"`
}

// TieBreak embeds both refs at one depth.
type TieBreak struct {
	VendorRef
	BuyerRef
	Amount float64 `json:"amount"`
}

// ResolveTie says which of two same-named fields encoding/json reads.
//
//tool:export
func ResolveTie(in TieBreak) string {
	return fmt.Sprintf("name=%q (vendor field %q is hidden), vendor=%q, buyer=%q, amount=%g",
		in.DisplayName, in.VendorRef.Name, in.Vendor, in.Buyer, in.Amount)
}

// Routing is embedded with a json name: it stays one nested property.
type Routing struct {
	Queue     string `json:"queue"`
	Partition uint16 `json:"partition"`
}

// tracing is an unexported embedded struct: its exported fields are still
// promoted.
type tracing struct {
	TraceID string `json:"trace_id" pattern:"^[0-9a-f]{32}$"`
	SpanID  string `json:"span_id,omitempty"`
	sampled bool
}

// tag is an unexported non-struct type: embedded, it is left out.
type tag string

// Envelope wraps a message body with routing and tracing data.
type Envelope struct {
	// Routing is where the message goes.
	Routing `json:"routing"`
	tracing
	Label
	*Counter
	tag
	Body json.RawMessage `json:"body"`
}

// OpenEnvelope returns the envelope with its counter increased, a default
// queue, a trace ID derived from the body when it has none, and the label
// upper-cased.
//
//tool:export
func OpenEnvelope(in Envelope) Envelope {
	out := in
	if out.Queue == "" {
		out.Queue = "default"
	}
	next := Counter(1)
	if in.Counter != nil {
		next = *in.Counter + 1
	}
	out.Counter = &next
	out.Label = Label(strings.ToUpper(string(in.Label)))
	out.sampled = in.TraceID != ""
	if !out.sampled {
		sum := sha256.Sum256(in.Body)
		out.TraceID = hex.EncodeToString(sum[:16])
	}
	out.tag = ""
	return out
}

// PunctuatedKeys has JSON names that are not Go identifiers.
type PunctuatedKeys struct {
	Context    int    `json:"-C"`
	IgnoreCase bool   `json:"-i,omitempty"`
	Dotted     string `json:"x.y"`
	Dash       string `json:"-,"`
	Secret     string `json:"-"`
	Dollar     string `json:"$schema,omitempty"`
	At         string `json:"@type,omitempty"`
	Percent    int    `json:"100%,omitempty"`
	Angle      string `json:"a<b>&c,omitempty"`
	Slash      string `json:"path/to,omitempty"`
	Colon      string `json:"ns:key,omitempty"`
	Unicode    string `json:"größe,omitempty"`
	internal   string
	Untagged   string
	// OnlyOptions has a tag with options and no name: the Go name is used.
	OnlyOptions string `json:",omitempty"`
}

// ListKeys returns the keys of its input that are set, as encoding/json
// writes them, in order.
//
//tool:export
func ListKeys(in PunctuatedKeys) ([]string, error) {
	in.internal = "never written"
	b, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	if _, err := dec.Token(); err != nil { // the opening brace
		return nil, err
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		keys = append(keys, fmt.Sprint(tok))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
	}
	return keys, nil
}

// Annotated carries descriptions from doc comments, tags, or both.
type Annotated struct {
	// Title is shown at the top of the card.
	Title string `json:"title"`
	Body  string `json:"body" description:"The card's main text, in Markdown."`
	// Footer has a doc comment and a description tag: the tag wins.
	Footer string `json:"footer" description:"Small print under the body."`
	Width  uint16 `json:"width"` // Width is in pixels (a line comment).
	// Expires says when to hide the card; see [time.Time] and
	// [time.RFC3339],
	//   written    with    odd    spacing.
	Expires time.Time `json:"expires,omitzero"`
	// TTL is how long the card lives, in nanoseconds; this text replaces
	// the default description of a duration.
	TTL   time.Duration `json:"ttl,omitempty"`
	Delay time.Duration `json:"delay,omitempty"`
	Host  netip.Addr    `json:"host,omitzero" description:"Where the card is served from."`
	// Note has "quotes", a backslash \, <angle brackets> & an ampersand.
	Note string `json:"note,omitempty"`
	// Format is `md` or `html`.
	Format string `json:"format,omitempty" enum:"md, html"`
	// Position is where the card sits.
	Position *Point `json:"position"`
	//lint:ignore U1000 kept for old clients
	// Weight has a directive line in its doc comment, which is left out.
	Weight float64 `json:"weight,omitempty"`
}

// RenderCard renders a card as plain text.
//
//tool:export
func RenderCard(in Annotated) string {
	var b strings.Builder
	fmt.Fprintf(&b, "== %s ==\n%s\n", in.Title, in.Body)
	if in.Footer != "" {
		fmt.Fprintf(&b, "-- %s\n", in.Footer)
	}
	if in.Width > 0 {
		fmt.Fprintf(&b, "(%dpx", in.Width)
		if in.Position != nil {
			fmt.Fprintf(&b, " at %g,%g", in.Position.X, in.Position.Y)
		}
		b.WriteString(")\n")
	}
	if !in.Expires.IsZero() {
		fmt.Fprintf(&b, "expires %s\n", in.Expires.UTC().Format(time.RFC3339))
	}
	return b.String()
}
