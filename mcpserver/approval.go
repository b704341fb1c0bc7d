package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// approvalKey is the label of the approval form among a call's input
// requests.
const approvalKey = "toolschema/approval"

// approveField is the one field of the approval form.
const approveField = "approve"

// An InputRequired error, returned by Options.Approve, asks the client for
// input before the call goes on (MCP's multi round-trip requests): the
// call's result carries Requests and State, the client fulfils the
// requests (it asks its user, say) and calls the tool again with the
// responses in req.Params.InputResponses and State echoed in
// req.Params.RequestState, and the hook is asked again. With a client of a
// protocol before 2026-07-28 the SDK's server does the round trip itself.
type InputRequired struct {
	Requests mcp.InputRequestMap
	State    string
}

func (e *InputRequired) Error() string {
	return fmt.Sprintf("mcpserver: the call needs %d input requests fulfilled", len(e.Requests))
}

// defaultApprovalTTL is how long an approval question made by
// ElicitApproval may be answered, when ApprovalConfig.TTL is zero.
const defaultApprovalTTL = 10 * time.Minute

// ApprovalConfig configures an approval hook made by NewElicitApproval.
type ApprovalConfig struct {
	// Key authenticates the round trip's state (HMAC-SHA-256): at least
	// 32 bytes, secret, and the same on every instance that may receive
	// the answer to a question another asked (every instance behind a
	// load balancer). Nil: the process's own key, random, made once; a
	// question asked before a restart is then asked again.
	Key []byte

	// TTL is how long a question may be answered: an answer that comes
	// later is not taken, and the user is asked again. Zero:
	// 10 minutes.
	TTL time.Duration

	// Nonces records the states already answered, so that each answer is
	// taken once. Nil: the process's record, in memory (NewNonceStore
	// with 65536 of them, 1024 for one
	// principal), which every hook of the process without a record of
	// its own shares. Instances behind a load balancer need a
	// record they share (a database, a cache with expiring keys): an
	// answer replayed to another instance is otherwise taken there again.
	Nonces NonceStore
}

// NewElicitApproval returns an Options.Approve hook that asks as
// ElicitApproval does, with c's key, time to live and record of used
// states. It returns an error when the key is shorter than 32 bytes or
// the TTL is negative.
func NewElicitApproval(c ApprovalConfig) (func(ctx context.Context, req *mcp.CallToolRequest, t *tool.Tool, args json.RawMessage) (bool, error), error) {
	a, err := newApprover(c)
	if err != nil {
		return nil, err
	}
	return a.approve, nil
}

// defaultApprover is ElicitApproval's: the process's key and record.
var defaultApprover = sync.OnceValue(func() *approver {
	a, err := newApprover(ApprovalConfig{})
	if err != nil {
		panic(err) // the process's key is always long enough
	}
	return a
})

// ElicitApproval is an Options.Approve hook that asks the client's user,
// by MCP elicitation (a form), whether the call may run: the message
// names the tool and shows the arguments as JSON, and the form has one
// yes/no field. Only an accepted form that says yes approves the call,
// and only for the arguments it was shown. A client that cannot elicit
// (it did not declare the capability, or only for URLs) is not asked, and
// the call is refused. The arguments are shown, not offered as fields to
// edit: the approval holds for exactly the arguments the model sent, and
// an elicitation form has only flat fields, which nested arguments do not
// fit. In the message, the characters that would make it read otherwise
// than the call (controls, bidirectional and zero-width characters, other
// invisible ones) are shown escaped, as \uXXXX, in the arguments and in
// the tool's name.
//
// The question is asked as a multi round-trip request (an InputRequired
// result), as the protocol of 2026-07-28 requires; for older clients the
// SDK's server sends it as an elicitation request of its own. The round
// trip's state, which the client echoes with its answer, is authenticated
// with a key the server holds (HMAC-SHA-256) and binds the answer to the
// tool, the arguments (as JSON values: members in any order, any white
// space), the session (its ID, when the transport has one) and the
// principal (the user ID of the request's bearer token, when there is
// one); it expires after ApprovalConfig's TTL (10 minutes by default), and is taken once. A state
// that is not good (not made by this key, made for another call, expired,
// answered before) is not taken: the user is asked again (a client of a
// protocol before 2026-07-28, for which the SDK's server made the round
// trip, is refused instead, since it cannot be asked twice in one call).
//
// ElicitApproval uses the process's key, random, and its record of used
// states, in memory: an instance honours only the answers to its own
// questions, and no question survives a restart. Instances behind a load
// balancer share a key and a record through NewElicitApproval.
func ElicitApproval(ctx context.Context, req *mcp.CallToolRequest, t *tool.Tool, args json.RawMessage) (bool, error) {
	return defaultApprover().approve(ctx, req, t, args)
}

// approve is the hook: ElicitApproval with a's key, TTL and record.
func (a *approver) approve(ctx context.Context, req *mcp.CallToolRequest, t *tool.Tool, args json.RawMessage) (bool, error) {
	if req == nil || req.Session == nil || req.Params == nil || !canElicitForm(req.Session) {
		return false, nil
	}
	call := bindingOf(req, t, args)
	if answer, ok := req.Params.InputResponses[approvalKey]; ok {
		good, err := a.take(ctx, call, req.Params.RequestState)
		if err != nil {
			return false, err
		}
		if good {
			res, ok := answer.(*mcp.ElicitResult)
			if !ok || res.Action != "accept" {
				return false, nil
			}
			yes, _ := res.Content[approveField].(bool)
			return yes, nil
		}
		if !multiRoundTrip(req.Session) {
			return false, nil
		}
	}
	return false, &InputRequired{
		Requests: mcp.InputRequestMap{approvalKey: &mcp.ElicitParams{
			Mode:            "form",
			Message:         approvalMessage(t, args),
			RequestedSchema: approvalForm(t),
		}},
		State: a.issue(call),
	}
}

// canElicitForm reports whether the client of ss declared that it takes
// form elicitations (a client that declares elicitation with neither mode
// takes forms, by the protocol's rule for older clients).
func canElicitForm(ss *mcp.ServerSession) bool {
	p := ss.InitializeParams()
	if p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return false
	}
	e := p.Capabilities.Elicitation
	return e.Form != nil || e.URL == nil
}

// multiRoundTrip reports whether the client of ss makes the multi round
// trip itself (the protocol of 2026-07-28 and later), as the SDK decides
// it: a session with no initialization parameters is of the latest
// protocol.
func multiRoundTrip(ss *mcp.ServerSession) bool {
	p := ss.InitializeParams()
	return p == nil || p.ProtocolVersion >= "2026-07-28"
}

func approvalMessage(t *tool.Tool, args json.RawMessage) string {
	var b, shown strings.Builder
	b.WriteString("The model asks to run the tool ")
	writeQuoted(&b, t.Name)
	b.WriteString(" with these arguments:\n")
	writeArgs(&shown, args)
	if s := shown.String(); len(s) > maxShownArgs {
		n := maxShownArgs
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		fmt.Fprintf(&b, "%s\n… (cut: the arguments run to %d bytes as shown; the first %d are above, and an approval is for all of them)", s[:n], len(s), n)
	} else {
		b.WriteString(s)
	}
	b.WriteString("\nAllow this call?")
	return b.String()
}

// maxShownArgs bounds the arguments an approval's message shows (a call's
// arguments may run to megabytes, which no person reads and some clients
// will not take); past it, the message says how much was left out.
const maxShownArgs = 16 << 10

func approvalForm(t *tool.Tool) json.RawMessage {
	var name strings.Builder
	writeEscaped(&name, t.Name)
	title, _ := json.Marshal("Run " + name.String() + " with these arguments")
	return json.RawMessage(`{"type":"object","properties":{"` + approveField + `":{"type":"boolean","title":` + string(title) +
		`,"default":false}},"required":["` + approveField + `"]}`)
}

// writeArgs writes the arguments for a person to read: JSON, indented
// two spaces a level, members in the order sent, strings as they are read
// (escapes resolved, bytes that are not UTF-8 as U+FFFD), with the
// characters that hideEscaped names escaped. Arguments that are not JSON
// (a program calling the hook itself) are written as text, escaped so.
func writeArgs(b *strings.Builder, args json.RawMessage) {
	if len(bytes.TrimSpace(args)) == 0 {
		b.WriteString("{}")
		return
	}
	var shown strings.Builder
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	if writeValue(&shown, dec, "") == nil {
		if _, err := dec.Token(); err == io.EOF { // nothing after the value
			b.WriteString(shown.String())
			return
		}
	}
	writeEscaped(b, string(args))
}

// writeValue writes the next value of dec, indented.
func writeValue(b *strings.Builder, dec *json.Decoder, indent string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case json.Delim:
		b.WriteByte(byte(v))
		inner := indent + "  "
		n := 0
		for dec.More() {
			if n > 0 {
				b.WriteByte(',')
			}
			b.WriteString("\n" + inner)
			if v == '{' {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				key, _ := k.(string)
				writeQuoted(b, key)
				b.WriteString(": ")
			}
			if err := writeValue(b, dec, inner); err != nil {
				return err
			}
			n++
		}
		end, err := dec.Token()
		if err != nil {
			return err
		}
		if n > 0 {
			b.WriteString("\n" + indent)
		}
		b.WriteByte(byte(end.(json.Delim)))
	case string:
		writeQuoted(b, v)
	case json.Number:
		b.WriteString(string(v))
	case bool:
		fmt.Fprint(b, v)
	case nil:
		b.WriteString("null")
	}
	return nil
}

// writeQuoted writes s as a JSON string, with the characters hideEscaped
// names escaped.
func writeQuoted(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			writeRune(b, r)
		}
	}
	b.WriteByte('"')
}

// writeEscaped writes s with the characters hideEscaped names escaped.
func writeEscaped(b *strings.Builder, s string) {
	for _, r := range s {
		writeRune(b, r)
	}
}

func writeRune(b *strings.Builder, r rune) {
	if !hideEscaped(r) {
		b.WriteRune(r)
		return
	}
	const digits = "0123456789abcdef"
	u := func(r rune) {
		b.WriteString(`\u`)
		b.WriteByte(digits[r>>12&15])
		b.WriteByte(digits[r>>8&15])
		b.WriteByte(digits[r>>4&15])
		b.WriteByte(digits[r&15])
	}
	if r > 0xffff { // a surrogate pair, as JSON writes it
		r -= 0x10000
		u(0xd800 + (r >> 10))
		u(0xdc00 + (r & 0x3ff))
		return
	}
	u(r)
}

// hideEscaped reports whether r is shown escaped to a person asked to
// approve a call: a character that is not visible or changes how the text
// around it reads. Controls (C0, DEL, C1), format characters (the
// bidirectional ones, U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F,
// U+061C; the zero-width ones, U+200B to U+200D, U+2060, U+FEFF; the
// tags), line and paragraph separators, private use, unassigned code
// points (to this Go's Unicode tables), spaces other than U+0020, and the
// blank letters and marks that render as nothing: variation selectors,
// the combining grapheme joiner, Hangul fillers. A character that is not
// UTF-8 reaches here as U+FFFD, which is shown.
func hideEscaped(r rune) bool {
	switch {
	case r == utf8.RuneError:
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r < 0x7f:
		return false
	case !unicode.IsGraphic(r), unicode.Is(unicode.Zs, r):
		return true
	case unicode.Is(unicode.Variation_Selector, r):
		return true
	}
	switch r {
	case 0x034f, 0x115f, 0x1160, 0x3164, 0xffa0, 0x180e:
		return true
	}
	return false
}
