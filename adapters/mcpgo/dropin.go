package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// WithInputSchema is mcp-go's mcp.WithInputSchema with toolschema's
// schema of T: the contract's (closed objects, the types' ranges, enums,
// defaults and descriptions from tags), set as the tool's RawInputSchema.
// T is a struct or a pointer to one; any means no arguments. A type the
// contract refuses panics here, at registration, with the rule, the field
// and the type (mcp-go prints its error to stderr and lists no schema).
func WithInputSchema[T any]() mcp.ToolOption {
	made, err := create[T, struct{}](false)
	if err != nil {
		panic(fmt.Sprintf("mcpgo.WithInputSchema[%v]: %v", reflect.TypeFor[T](), err))
	}
	in := made.InputSchema
	return func(t *mcp.Tool) {
		t.InputSchema = mcp.ToolInputSchema{}
		t.RawInputSchema = in
	}
}

// WithOutputSchema is mcp-go's mcp.WithOutputSchema with toolschema's
// schema of T, set as the tool's RawOutputSchema in the form Register
// lists: the non-null form of any JSON value (an object, an array, a
// number), where mcp-go forces "object". A type whose results are text
// (a string) or unknown (any) lists no output schema, and
// NewStructuredToolHandler answers it with text only. A schema that is
// not of objects is listed to every client of a server made by
// server.NewMCPServer, though MCP's schema before 2026-07-28 has output
// schemas of objects only; mcpgo.NewMCPServer lists it to a client of
// 2026-07-28 or later only. A type the contract refuses panics here, with
// the rule, the field and the type.
func WithOutputSchema[T any]() mcp.ToolOption {
	made, err := create[any, T](true)
	if err != nil {
		panic(fmt.Sprintf("mcpgo.WithOutputSchema[%v]: %v", reflect.TypeFor[T](), err))
	}
	out, ok := listedOutput(made.OutputSchema)
	return func(t *mcp.Tool) {
		t.OutputSchema = mcp.ToolOutputSchema{}
		t.RawOutputSchema = nil
		if ok {
			t.RawOutputSchema = out
		}
	}
}

// NewTypedToolHandler is mcp-go's mcp.NewTypedToolHandler with the
// invoker's checks: the arguments are checked against what the tool lists
// (T's contract, with WithInputSchema[T]; a builder schema, or any other,
// checked as listed, then decoded into T, refused only where T cannot
// hold a value: the package documentation says how), every
// violation reported with its path and never its value, and decoded with
// the defaults filled in, before handler runs; what handler returns is
// passed on as it is. Its error is an isError result with the invoker's
// text and _meta (a *tool.Error with its code), where mcp-go answers a
// protocol error; a panic is an isError result; an
// mcp.URLElicitationRequiredError is passed on, for mcp-go to answer. A
// nil result with a nil error is an empty result. T as for
// WithInputSchema: a refused type panics here.
func NewTypedToolHandler[T any](handler mcp.TypedToolHandlerFunc[T]) func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	made, err := create[T, struct{}](false)
	if err != nil {
		panic(fmt.Sprintf("mcpgo.NewTypedToolHandler[%v]: %v", reflect.TypeFor[T](), err))
	}
	h, _ := toolimpl.Binding(made)
	d := &typedHandler[T]{h: handler, in: h.Input(), fromTags: requiredFromTags.Load()}
	names := newNamed(tool.Tool{InputSchema: made.InputSchema}, d)
	return handle(newListing[T](made, d, d.fromTags), names, false, false, nil)
}

// NewStructuredToolHandler is mcp-go's mcp.NewStructuredToolHandler with
// the invoker's checks and results. The arguments are checked as by
// NewTypedToolHandler. The result is Register's: its JSON as the
// structured content, whatever JSON value it is (a []Alert is an array;
// to a client of a protocol before 2026-07-28, whose schema has
// structured content of objects only, a result that is not an object is
// text only), with the same JSON as text; a nil pointer, slice or map sends the empty
// value of its type ({}, [], the zero struct) when that passes R's checks,
// and is a failed result otherwise. An error is an isError result with
// the invoker's text and _meta (a *tool.Error with its code and
// recovery), where mcp-go writes "tool execution failed: ..."; a panic is
// an isError result. A refused type of A or R panics here.
func NewStructuredToolHandler[A any, R any](handler mcp.StructuredToolHandlerFunc[A, R]) func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	made, err := create[A, R](true)
	if err != nil {
		panic(fmt.Sprintf("mcpgo.NewStructuredToolHandler[%v, %v]: %v", reflect.TypeFor[A](), reflect.TypeFor[R](), err))
	}
	h, _ := toolimpl.Binding(made)
	d := &structuredHandler[A, R]{h: handler, in: h.Input(), out: h.Output(), fromTags: requiredFromTags.Load()}
	names := newNamed(tool.Tool{InputSchema: made.InputSchema, OutputSchema: made.OutputSchema}, d)
	listed, structured := listedOutput(made.OutputSchema)
	var null json.RawMessage
	if structured {
		null = nullForm(names.get("drop_in"), listed)
	}
	return handle(newListing[A](made, d, d.fromTags), names, structured, objectForm(listed), null)
}

// handle is a drop-in's handler: a call is served by the tool that checks
// what the server lists under the call's name (listed), or the drop-in's
// own contract under that name (names). A result that is not of objects
// (object false) is sent as structured content only to a client of
// 2026-07-28 or later, as Register sends it: before, MCP's schema has
// structured content of objects only.
func handle(listed *listing, names *named, structured, object bool, null json.RawMessage) server.ToolHandlerFunc {
	return own(func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		t := listed.of(ctx, request.Params.Name)
		if t == nil {
			t = names.get(request.Params.Name)
		}
		return serve(ctx, t, &request, structured && (object || anyValue(ctx)), null)
	})
}

// The functions whose schemas are those of a drop-in's types.
func schemaOf[In, Out any](In) (Out, error) {
	var zero Out
	return zero, nil
}

func noArgs[Out any]() (Out, error) {
	var zero Out
	return zero, nil
}

func inputOf[In any](In) error { return nil }

func nothing() error { return nil }

// create returns the tool of In (and Out, with withOut) made by the core:
// its schemas and its typed checks. In of type any takes no arguments.
func create[In, Out any](withOut bool) (*tool.Tool, error) {
	opts := []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Name: "drop_in"})}
	if requiredFromTags.Load() {
		opts = append(opts, reflectimpl.RequiredFromTags())
	}
	anyIn := reflect.TypeFor[In]() == reflect.TypeFor[any]()
	var t *tool.Tool
	var err error
	switch {
	case anyIn && withOut:
		t, err = reflectimpl.Create(noArgs[Out], opts...)
	case anyIn:
		t, err = reflectimpl.Create(nothing, opts...)
	case withOut:
		t, err = reflectimpl.Create(schemaOf[In, Out], opts...)
	default:
		t, err = reflectimpl.Create(inputOf[In], opts...)
	}
	// The refusals alone: the name of the tool they are for is the
	// caller's to give, not the stand-in above.
	var rs reflectimpl.Refusals
	if errors.As(err, &rs) {
		err = rs
	}
	return t, err
}

// requiredFromTags is the read mode SetRequiredFromTags sets.
var requiredFromTags atomic.Bool

// SetRequiredFromTags sets the read mode of the types of the drop-ins
// (WithInputSchema, WithOutputSchema, NewTypedToolHandler,
// NewStructuredToolHandler) called after it. On, a property is required
// only when its tags say so (invopop's jsonschema:"required", or
// required:"true"), and every other property is optional, as in a server
// that configures invopop/jsonschema's Reflector with
// RequiredFromJSONSchemaTags: the schemas listed and the invoker's checks
// both follow it. It is what reflectimpl.RequiredFromTags does for one
// tool, and a package's //tool:required-from-tags directive for the
// generated code. Call it once, before the tools are made; the schema
// option and the handler of one tool must be made in the same mode.
func SetRequiredFromTags(on bool) { requiredFromTags.Store(on) }

// input returns the handler's argument from the invoker's decoded input.
func input[In any](in any) In {
	var v In
	switch p := in.(type) {
	case nil:
	case *In:
		v = *p
	default:
		v = p.(In) // In is a pointer to the input struct
	}
	return v
}

// request returns the request a drop-in's handler is called with.
func request(ctx context.Context) mcp.CallToolRequest {
	if req := RequestFrom(ctx); req != nil {
		return *req
	}
	return mcp.CallToolRequest{}
}

// passthrough is what an mcp-go handler returned, passed on as it is.
type passthrough struct {
	res *mcp.CallToolResult
	err error // an error mcp-go answers itself
}

// handOver returns what a handler's Call returns for an mcp-go handler's
// results: the result passed on, an error of mcp-go's own flow passed on,
// any other error for the invoker to answer.
func handOver(res *mcp.CallToolResult, err error) (any, error) {
	if err != nil && !mcpFlow(err) {
		return nil, err
	}
	return &tool.Result{Value: &passthrough{res: res, err: err}}, nil
}

// mcpFlow reports whether err is one that mcp-go's server answers in a
// way of its own, not as a failure: a URL elicitation the client must
// complete first.
func mcpFlow(err error) bool {
	var v mcp.URLElicitationRequiredError
	var p *mcp.URLElicitationRequiredError
	return errors.As(err, &v) || errors.As(err, &p) && p != nil
}

// serve calls t for req and answers as mcp-go expects.
func serve(ctx context.Context, t *tool.Tool, req *mcp.CallToolRequest, structured bool, null json.RawMessage) (*mcp.CallToolResult, error) {
	args, ok := rawArguments(req)
	if !ok {
		return unreadable(t.Name), nil
	}
	if err := checkParamHeaders(ctx, req, args); err != nil {
		return nil, err
	}
	r, err := invoke(withRequest(ctx, req), t, args)
	if err != nil {
		return nil, err // the caller's context ended
	}
	if p, ok := r.Value.(*passthrough); ok && !r.IsError {
		if p.err != nil {
			return nil, p.err
		}
		if p.res == nil {
			return &mcp.CallToolResult{Content: []mcp.Content{}}, nil
		}
		return p.res, nil
	}
	return result(t.Name, r, structured, null), nil
}

// typedHandler runs an mcp-go typed handler as a toolimpl.Handler: the invoker
// checks and decodes the arguments and recovers a panic.
type typedHandler[T any] struct {
	h        mcp.TypedToolHandlerFunc[T]
	in       reflect.Type
	fromTags bool // read in the mode RequiredFromTags
}

// RequiredFromTags tells the invoker the read mode of the handler's types.
func (d *typedHandler[T]) RequiredFromTags() bool { return d.fromTags }

func (d *typedHandler[T]) Input() reflect.Type  { return d.in }
func (d *typedHandler[T]) Output() reflect.Type { return nil }

func (d *typedHandler[T]) Call(ctx context.Context, _ *tool.Call, _ any, in any) (any, error) {
	return handOver(d.h(ctx, request(ctx), input[T](in)))
}

// structuredHandler runs an mcp-go structured handler as a toolimpl.Handler:
// its result is the tool's, written and checked by the invoker.
type structuredHandler[A, R any] struct {
	h        mcp.StructuredToolHandlerFunc[A, R]
	in, out  reflect.Type
	fromTags bool // read in the mode RequiredFromTags
}

// RequiredFromTags tells the invoker the read mode of the handler's types.
func (d *structuredHandler[A, R]) RequiredFromTags() bool { return d.fromTags }

func (d *structuredHandler[A, R]) Input() reflect.Type  { return d.in }
func (d *structuredHandler[A, R]) Output() reflect.Type { return d.out }

func (d *structuredHandler[A, R]) Call(ctx context.Context, _ *tool.Call, _ any, in any) (any, error) {
	out, err := d.h(ctx, request(ctx), input[A](in))
	if err != nil {
		if mcpFlow(err) {
			return &tool.Result{Value: &passthrough{err: err}}, nil
		}
		return nil, err
	}
	return out, nil
}

// maxNames bounds the names a drop-in keeps a tool for: the server calls
// a handler by the names it is added under, a handful.
const maxNames = 64

// named holds a drop-in's tool under each name it is called by, so that
// the invoker's texts name the tool the model called.
type named struct {
	base  tool.Tool
	h     toolimpl.Handler
	cache *bounded[*tool.Tool]
}

func newNamed(base tool.Tool, h toolimpl.Handler) *named {
	return &named{base: base, h: h, cache: newBounded[*tool.Tool](maxNames)}
}

func (n *named) get(name string) *tool.Tool {
	if t, ok := n.cache.get(name); ok {
		return t
	}
	c := n.base
	c.Name = name
	t := toolimpl.New(c.Meta, c.InputSchema, c.OutputSchema, n.h, nil)
	n.cache.set(name, t)
	return t
}
