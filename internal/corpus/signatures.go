package corpus

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/toolschema/toolschema/tool"
)

// Heartbeat reports whether the caller's context is still live.
//
//tool:export timeout=2s
func Heartbeat(ctx context.Context) error {
	return ctx.Err()
}

// UsageInput is one line of usage to record.
type UsageInput struct {
	Item   string  `json:"item" minLength:"1"`
	Amount float64 `json:"amount" minimum:"0"`
	Unit   string  `json:"unit" default:"request"`
}

// RecordUsage adds a cost line to the current call and returns nothing.
//
//tool:export
func RecordUsage(call *tool.Call, in UsageInput) {
	if call == nil {
		return
	}
	unit := in.Unit
	if unit == "" {
		unit = "request"
	}
	call.AddCost(tool.Cost{Item: in.Item, Amount: in.Amount, Unit: unit})
}

// RelayInput is a message to pass on.
type RelayInput struct {
	To      string `json:"to" format:"email"`
	Subject string `json:"subject" maxLength:"78"`
	Body    string `json:"body"`
}

// RelayReceipt says what RelayMessage did.
type RelayReceipt struct {
	Tool      string `json:"tool"`
	Recipient string `json:"recipient"`
	Bytes     int    `json:"bytes"`
}

// RelayMessage passes a message on, charging one message to the call; it
// takes the context first, then the call.
//
//tool:export name=relay parallel-safe=true destructive=false open-world
func RelayMessage(ctx context.Context, call *tool.Call, in RelayInput) (RelayReceipt, error) {
	if err := ctx.Err(); err != nil {
		return RelayReceipt{}, err
	}
	r := RelayReceipt{Recipient: strings.ToLower(in.To), Bytes: len(in.Subject) + len(in.Body)}
	if call != nil {
		r.Tool = call.Tool
		call.AddCost(tool.Cost{Item: "message", Amount: 1, Unit: "message"})
	}
	return r, nil
}

// AuditInput is one event for the audit log.
type AuditInput struct {
	Actor  string `json:"actor"`
	Action string `json:"action" enum:"create, read, update, delete"`
	Target string `json:"target"`
}

// AuditAction checks an audit event; it takes the call first, then the
// context, and a pointer to its input.
//
//tool:export requires-approval=false ends-loop=false
func AuditAction(call *tool.Call, ctx context.Context, in *AuditInput) error {
	if in == nil || in.Actor == "" {
		return errors.New("the event has no actor")
	}
	if call != nil {
		call.AddCost(tool.Cost{Item: "audit " + in.Action, Amount: 1, Unit: "event"})
	}
	return ctx.Err()
}

// ServiceVersion returns the version of this service. It takes nothing at
// all.
//
//tool:export version=1.0.0-rc.1 read-only requires-approval "title=Service version"
func ServiceVersion() string { return "corpus/1.0.0" }

// CallerName returns the name under which the runtime called this tool.
//
//tool:export
func CallerName(call *tool.Call) (string, error) {
	if call == nil {
		return "", errors.New("no call context")
	}
	return call.Tool, nil
}

// Note is one entry of a Notebook.
type Note struct {
	ID     int      `json:"id"`
	Title  string   `json:"title"`
	Body   string   `json:"body,omitempty"`
	Tags   []string `json:"tags,omitempty"`
	Pinned bool     `json:"pinned"`
}

// Notebook keeps notes in memory. Its tools have pointer receivers: they
// change the notebook.
type Notebook struct {
	notes  []Note
	nextID int
}

var errNoNotebook = errors.New("the notebook is nil")

// NoteInput is a note to add.
type NoteInput struct {
	Title  string   `json:"title" minLength:"1" maxLength:"80"`
	Body   string   `json:"body,omitempty"`
	Tags   []string `json:"tags,omitempty" uniqueItems:"true"`
	Pinned bool     `json:"pinned,omitempty"`
}

// AddNote adds a note and returns it with its new ID.
//
//tool:export parallel-safe=false
func (n *Notebook) AddNote(ctx context.Context, in *NoteInput) (*Note, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if n == nil {
		return nil, errNoNotebook
	}
	if in == nil || strings.TrimSpace(in.Title) == "" {
		return nil, errors.New("a note needs a title")
	}
	n.nextID++
	note := Note{ID: n.nextID, Title: in.Title, Body: in.Body, Tags: slices.Clone(in.Tags), Pinned: in.Pinned}
	n.notes = append(n.notes, note)
	return &note, nil
}

// NoteFilter selects notes.
type NoteFilter struct {
	Tag        string `json:"tag,omitempty"`
	PinnedOnly bool   `json:"pinned_only,omitempty"`
}

// ListNotes lists the notes that match a filter, pinned ones first.
//
//tool:export
func (n *Notebook) ListNotes(in NoteFilter) []Note {
	if n == nil {
		return nil
	}
	var out []Note
	for _, note := range n.notes {
		if in.PinnedOnly && !note.Pinned || in.Tag != "" && !slices.Contains(note.Tags, in.Tag) {
			continue
		}
		out = append(out, note)
	}
	slices.SortStableFunc(out, func(a, b Note) int {
		switch {
		case a.Pinned == b.Pinned:
			return 0
		case a.Pinned:
			return -1
		}
		return 1
	})
	return out
}

// DeleteNote deletes a note by its ID.
//
//tool:export requires-approval parallel-safe=false
func (n *Notebook) DeleteNote(call *tool.Call, in struct {
	ID int `json:"id" minimum:"1"`
}) error {
	if n == nil {
		return errNoNotebook
	}
	i := slices.IndexFunc(n.notes, func(note Note) bool { return note.ID == in.ID })
	if i < 0 {
		return fmt.Errorf("no note has ID %d", in.ID)
	}
	n.notes = slices.Delete(n.notes, i, i+1)
	if call != nil {
		call.AddCost(tool.Cost{Item: "deletion", Amount: 1, Unit: "note"})
	}
	return nil
}

// CountNotes returns how many notes the notebook holds.
//
//tool:export name=count
func (n *Notebook) CountNotes() int {
	if n == nil {
		return 0
	}
	return len(n.notes)
}

// Archive closes the notebook: it empties it and returns a summary of what
// it held. It ends the model's loop.
//
//tool:export name=archive_notebook ends-loop requires-approval parallel-safe=false timeout=1m30s version=2
func (n *Notebook) Archive(ctx context.Context) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if n == nil {
		return "", errNoNotebook
	}
	titles := make([]string, len(n.notes))
	for i, note := range n.notes {
		titles[i] = note.Title
	}
	n.notes = nil
	return fmt.Sprintf("archived %d notes: %s", len(titles), strings.Join(titles, "; ")), nil
}

// LengthUnit is a unit of length; one of its values holds a space.
type LengthUnit string

const (
	Meter        LengthUnit = "m"
	Kilometer    LengthUnit = "km"
	Mile         LengthUnit = "mi"
	Foot         LengthUnit = "ft"
	NauticalMile LengthUnit = "nautical mile"
)

var meters = map[LengthUnit]float64{Meter: 1, Kilometer: 1000, Mile: 1609.344, Foot: 0.3048, NauticalMile: 1852}

// UnitConverter converts between units. Its tools have value receivers:
// they read the precision and change nothing.
type UnitConverter struct {
	// Digits is how many decimal digits results keep.
	Digits int
}

func (c UnitConverter) round(x float64) float64 {
	p := math.Pow(10, float64(min(max(c.Digits, 0), 12)))
	return math.Round(x*p) / p
}

// LengthInput is a length to convert.
type LengthInput struct {
	Value float64    `json:"value"`
	From  LengthUnit `json:"from"`
	To    LengthUnit `json:"to" default:"m"`
}

// ConvertLength converts a length from one unit to another.
//
//tool:export
func (c UnitConverter) ConvertLength(in LengthInput) (float64, error) {
	to := in.To
	if to == "" {
		to = Meter
	}
	f, ok1 := meters[in.From]
	t, ok2 := meters[to]
	if !ok1 || !ok2 {
		return 0, fmt.Errorf("cannot convert %q to %q", in.From, to)
	}
	return c.round(in.Value * f / t), nil
}

// TemperatureInput is a temperature to convert.
type TemperatureInput struct {
	Degrees float64 `json:"degrees" minimum:"-459.67"`
	// Scale is the scale of Degrees: C or F.
	Scale string `json:"scale" enum:"C, F"`
}

// ConvertTemperature converts Celsius to Fahrenheit and back.
//
//tool:export name=convert_temp
func (c UnitConverter) ConvertTemperature(ctx context.Context, call *tool.Call, in TemperatureInput) float64 {
	if in.Scale == "F" {
		return c.round((in.Degrees - 32) * 5 / 9)
	}
	return c.round(in.Degrees*9/5 + 32)
}

// Units lists the length units the converter knows, in declaration order.
//
//tool:export
func (c UnitConverter) Units() []LengthUnit {
	return []LengthUnit{Meter, Kilometer, Mile, Foot, NauticalMile}
}

// Precision says how many digits the converter keeps.
//
//tool:export
func (c UnitConverter) Precision() (uint8, error) {
	if c.Digits < 0 || c.Digits > 12 {
		return 0, fmt.Errorf("precision %d is out of range", c.Digits)
	}
	return uint8(c.Digits), nil
}
