// Package tool is the runtime side of the contract: the tool value that the
// generated code and reflection both produce, the call context a tool may
// take, and the parts and results a call yields.
//
// The entry point is [Tool.Invoke]: it checks a model's arguments, runs the
// tool and returns a [Result], turning every failure into one the model
// can act on. Tools come from the package's generated Tools() (toolgen)
// or from reflectimpl.Create; a [Set] holds a program's tools by name.
package tool

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/toolschema/toolschema/internal/toolhook"
)

// A Tool is a function offered to a model: its contract metadata (Meta),
// the JSON Schemas of its arguments and result, and the function behind
// it. The generator, reflectimpl.Create and rawtool.New produce Tools; a
// Tool made as a literal has no function behind it.
type Tool struct {
	Meta
	// InputSchema is the JSON Schema 2020-12 of the arguments: an object
	// schema, closed (additionalProperties false) for a tool made from a
	// Go type, as its author wrote it for a raw tool (rawtool.New). The
	// schema bytes may be shared with other tools of the same types: do
	// not change them in place.
	InputSchema json.RawMessage
	// OutputSchema is the JSON Schema of the result value, or nil when the
	// tool returns nothing, text, parts, a Result or raw JSON.
	OutputSchema json.RawMessage
	// MaxArgumentBytes bounds the size of one call's arguments: zero
	// means 4 MiB, a negative value no bound. Larger
	// arguments are refused, before any of them is read, with an
	// invalid_arguments result that gives the limit. It is a limit of the
	// program that runs the tool, not part of the tool's contract.
	MaxArgumentBytes int

	handler handler
	bound   any
}

// Meta is a tool's contract metadata: what the directive's options
// (//tool:export name=... read-only ...) give, what reflectimpl.Meta and
// rawtool.New take, what the generated code and the revision lock record,
// and what a server announces. Each field is named as its directive option
// is spelled (read-only is ReadOnly). The zero Meta is every default: the
// properties whose default is true (Destructive unless ReadOnly, OpenWorld,
// ParallelSafe) are pointers, nil for the default, as the MCP go-sdk's
// ToolAnnotations has them; IsDestructive, IsOpenWorld and IsParallelSafe
// answer with the default applied. new(false) sets one to false.
type Meta struct {
	// Name is what the model calls the tool: 1 to 64 letters, digits,
	// '_' or '-' for a typed tool; a raw-schema tool takes MCP's rule, 1 to
	// 128 of them and '.', and is sent to each provider under a name it
	// takes (Set.WireNames). The directive's name=.
	Name string
	// Title is a short name for people (a client's menu), "" when none.
	// The directive's title=.
	Title string
	// Description tells the model what the tool does: the function's doc
	// comment.
	Description string
	// Version is the revision of the tool's contract, "" when none is
	// given. The directive's version=.
	Version string

	// The execution policy: what a call does to the world, with the
	// meanings and defaults of MCP's tool annotations (readOnlyHint,
	// destructiveHint, idempotentHint, openWorldHint).

	// ReadOnly reports that a call changes nothing. The directive's
	// read-only.
	ReadOnly bool
	// Destructive says whether a call may delete or overwrite something;
	// false says the tool's writes only add. nil means true unless the
	// tool is read-only (IsDestructive). It has no meaning for a read-only
	// tool. The directive's destructive=false.
	Destructive *bool
	// Idempotent reports that calling the tool again with the same
	// arguments has no effect beyond the first call's. It has no meaning
	// for a read-only tool, whose calls have none. The directive's
	// idempotent.
	Idempotent bool
	// OpenWorld says whether a call may reach entities outside the tool's
	// own domain (the web, another company's API); false says it touches
	// only a closed one (its own store, a memory). nil means true
	// (IsOpenWorld). The directive's open-world=false.
	OpenWorld *bool

	// RequiresApproval reports that a person must approve each call. The
	// directive's requires-approval.
	RequiresApproval bool
	// EndsLoop reports that a call to the tool ends the model's loop: its
	// result is the answer. The directive's ends-loop.
	EndsLoop bool
	// ParallelSafe says whether calls may run at the same time as other
	// calls; nil means true (IsParallelSafe). The directive's
	// parallel-safe=false.
	ParallelSafe *bool
	// Timeout bounds one call; zero means no bound besides the caller's
	// context. The directive's timeout=.
	Timeout time.Duration

	// ErrorCodes are the codes of the business errors (*Error) the tool
	// may return, declared in its contract (the directive's errors=).
	// Under a context of WithOutputCheck, a code not listed here is an
	// invalid_output result.
	ErrorCodes []string
	// SafeErrors keeps the text of a plain error (one that is not an
	// *Error, or one the result's MarshalJSON returns), and of a panic,
	// from the model: the result says only that the tool failed. The
	// error or the panic stays in Result.Cause. The directive's
	// safe-errors.
	SafeErrors bool

	// DeferLoading keeps the tool's definition out of a request until a
	// tool search finds it: the vendors' defer_loading (OpenAI Responses,
	// Anthropic), or loop's client-side search where an API has none. The
	// directive's defer-loading.
	DeferLoading bool
	// Namespace groups the tool with others under one name, "" when
	// none: an OpenAI Responses namespace tool. It takes the rule of a
	// tool name (1 to 64 letters, digits, '_' or '-'). The directive's
	// namespace=.
	Namespace string
	// MaxResultBytes is the tool's own budget of one result as the model
	// reads it (its text and JSON, in bytes), which loop.Runner and
	// mcpserver use in place of theirs; zero means theirs. A result over
	// it is cut as theirs cut it. The directive's max-result= (such as
	// max-result=20KB).
	MaxResultBytes int
	// Examples are arguments a model may read as examples of a call, each
	// a JSON object valid for the input schema: toolgen, toolvet
	// (OLT034) and reflectimpl.Create check each with the invoker's
	// checks. provider.Anthropic sends them as input_examples. The
	// directive's //tool:example lines, one example each.
	Examples []json.RawMessage
	// Icon is the URL of an icon for a client to show beside the tool
	// (MCP's Tool.icons), "" when none: an https URL of an image file
	// (.png, .jpg, .jpeg, .gif, .webp, .svg, .ico) or a data: URL of an
	// image, whose media type the listing gives. The directive's icon=.
	Icon string
}

// IsDestructive reports whether a call may delete or overwrite something:
// MCP's destructiveHint. A tool is destructive unless it is read-only or
// says that its writes only add (Destructive set to false).
func (m *Meta) IsDestructive() bool {
	return !m.ReadOnly && (m.Destructive == nil || *m.Destructive)
}

// IsOpenWorld reports whether a call may reach entities outside the
// tool's own domain: MCP's openWorldHint, true unless OpenWorld is false.
func (m *Meta) IsOpenWorld() bool { return m.OpenWorld == nil || *m.OpenWorld }

// IsParallelSafe reports whether calls may run at the same time as other
// calls: true unless ParallelSafe is false.
func (m *Meta) IsParallelSafe() bool { return m.ParallelSafe == nil || *m.ParallelSafe }

// handler runs the function behind a tool: toolimpl.Handler, which the
// generated code, reflectimpl and rawtool implement.
type handler interface {
	Input() reflect.Type
	Output() reflect.Type
	Call(ctx context.Context, call *Call, fn any, in any) (any, error)
}

// The hooks by which package toolimpl binds a function to a tool and
// reads the binding back (see internal/toolhook).
func init() {
	toolhook.Bind = func(t *Tool, h any, fn any) {
		t.handler, t.bound = nil, fn
		if h != nil {
			t.handler = h.(handler)
		}
	}
	toolhook.Binding = func(t *Tool) (any, any) { return t.handler, t.bound }
	toolhook.HoldRoom = holdRoom
	toolhook.CalledAs = func(ctx context.Context, name string) context.Context {
		return withOpts(ctx, func(o *callOpts) { o.calledAs = name })
	}
	toolhook.SetOwner = func(set, owner any) { set.(*Set).owner = owner }
	toolhook.Owner = func(set any) any {
		if s, _ := set.(*Set); s != nil {
			return s.owner
		}
		return nil
	}
}

// A Cost is one line of what a call cost: an external API call, tokens of a
// nested model, money.
type Cost struct {
	Item   string  // what was used, such as "geocoding request"
	Amount float64 // how much of Unit
	Unit   string  // such as "request", "token", "USD"
}

// A Call is the context of one tool call. A tool that takes a *Call as a
// parameter gets one from the runtime, never from the model; it does not
// appear in the input schema.
type Call struct {
	// Tool is the name of the tool being called.
	Tool string

	// calledAs is the name the model called the tool by, when not Tool
	// (a wire name: toolhook.CalledAs); what the invoker tells the model
	// names the tool by it.
	calledAs string

	mu    sync.Mutex
	costs []Cost

	held held // the room the arguments' values took (Invoke's goroutine's)
}

// AddCost records a cost line. The lines are kept on every outcome of the
// call, failures and timeouts included. It is safe for concurrent use.
func (c *Call) AddCost(line Cost) {
	c.mu.Lock()
	c.costs = append(c.costs, line)
	c.mu.Unlock()
}

// name is the tool's name in what the model reads of the call.
func (c *Call) name() string {
	if c.calledAs != "" {
		return c.calledAs
	}
	return c.Tool
}

// costLines returns a copy of the cost lines recorded so far: the Result's.
func (c *Call) costLines() []Cost {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Cost(nil), c.costs...)
}

// A Part is one piece of a result: TextPart, JSONPart or BlobPart.
type Part interface {
	isPart()
}

// TextPart is text for the model.
type TextPart struct {
	Text string
}

// JSONPart is a JSON value.
type JSONPart struct {
	JSON json.RawMessage
}

// BlobPart is binary data, such as an image, with its media type.
type BlobPart struct {
	MIMEType string
	Data     []byte
}

func (TextPart) isPart() {}
func (JSONPart) isPart() {}
func (BlobPart) isPart() {}

// A Result is the outcome of one call, as the model will see it.
type Result struct {
	// Parts are what the tool returned.
	Parts []Part
	// IsError reports that the call failed; the parts say why, in words a
	// model can act on.
	IsError bool
	// Code says why, for programs (set when IsError is).
	Code ErrorCode
	// Started reports that the tool ran, or began to: true for a call
	// that completed, and for one that failed after the tool started;
	// false for refused arguments or a missing approval.
	Started bool
	// Violations are the broken rules of invalid arguments or output.
	Violations []Violation
	// Value is the tool's first result as a Go value, for a caller that
	// wants it typed (a tool that ends the loop returns the answer here).
	Value any
	// Costs are the cost lines the tool recorded.
	Costs []Cost
	// Failure is the business error the tool returned (an *Error found
	// with errors.As), nil for any other outcome.
	Failure *Error
	// Cause is the error the tool returned, as it returned it: for logs
	// and audits, never for the model (its text may hold internal detail).
	// For a panic in the tool's code, an error with the panic's value and
	// the stack that panicked, which unwraps to the value if an error and
	// has a method Stack() []byte (find it with errors.As).
	Cause error
	// Truncated reports that the parts are not the whole answer (a page
	// of a longer list, a cut text). A tool that returns a Result sets it.
	Truncated bool
	// Repairs are the arguments read other than as given (under
	// RepairArgs, see WithLeniency), in the order of the text: the first
	// 100 (as many as a result lists violations; RepairNote says how many
	// more there were). They are set on a refusal too, whose text then
	// ends with what was assumed.
	Repairs []Repair
	// Shadowed are the violations for which a strict call would have
	// refused the arguments (under ShadowArgs): the tool ran nonetheless.
	Shadowed []Violation

	moreRepairs int // the repairs past the first 100
}

// Text returns the result as a model reads it in text: the text parts and
// the JSON of the JSON parts, in order, joined with newlines. A blob part
// has no text and is left out.
func (r *Result) Text() string { return r.join(true) }

// join joins the text parts, and the JSON parts too when withJSON is set,
// with newlines.
func (r *Result) join(withJSON bool) string {
	var b strings.Builder
	add := func(s string) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(s)
	}
	for _, p := range r.Parts {
		switch p := p.(type) {
		case TextPart:
			add(p.Text)
		case JSONPart:
			if withJSON {
				add(string(p.JSON))
			}
		}
	}
	return b.String()
}
