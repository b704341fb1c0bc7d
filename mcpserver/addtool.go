package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// AddTool adds a tool with a typed handler to s, as the SDK's mcp.AddTool
// does, with the contract of this module: a server written for the SDK
// changes its import and nothing else.
//
// The input schema is In's and the output schema Out's, written by the
// core (a schema set in t by hand is kept and listed as given). Before h
// runs, the arguments are checked by the invoker against In's contract,
// every violation reported with its path and without the value, and
// decoded with the defaults filled in; h receives the SDK's request as the
// SDK gives it. With an input schema set by hand (a *jsonschema.Schema, a
// json.RawMessage, or any value that marshals to one; marshaled once, at
// AddTool), the arguments are checked against that schema, as the SDK
// checks them (its rules, defaults, optional properties, open objects),
// with the invoker's words, paths and limits, and then decoded into In
// with every property optional unless its tags require it, as
// encoding/json decodes them where In's contract is narrower than the
// schema: a call the schema allows is refused only where In cannot hold a
// value. With a schema set by hand, In may be a map of the arguments
// (map[string]any), as the handlers of github/github-mcp-server and
// containers/kubernetes-mcp-server take them: the schema is then the
// whole input contract, and the map holds what it let through, defaults
// filled in, decoded by encoding/json (numbers as float64). Those checks
// take the JSON Schema validator, which this package does not link: a
// program that sets an input schema by hand imports
// package declared (import _ "github.com/toolschema/toolschema/declared"),
// and without it AddTool panics, saying so. What h returns is passed on as
// the SDK passes it: its *mcp.CallToolResult, Out as the structured
// content (any JSON value for a client of MCP 2026-07-28, an object only
// for an older one) and as text content when h set none (beside h's when
// not an object), an error as an IsError result (a *jsonrpc.Error as a
// protocol error). A panic in h, or in writing Out, is an IsError result,
// not a crash. What t
// sets (name, description, title, annotations, icons, _meta) is kept. The
// tool is parallel-safe unless t's _meta says
// "io.github.toolschema/parallelSafe": false (the key Register lists; the
// deprecated "toolschema/parallelSafe" is read too): then its calls run
// alone, as Register's serial tools do.
//
// AddTool panics on a nil t, saying so, and, as the SDK's does, when a
// schema cannot be made: here when In is not a struct (or a pointer to one, or any: no input, or a
// map of the arguments beside a schema set by hand) or a
// type of In or Out has no schema in the contract, the message naming the
// rule (OLT002, ...) and the field; and when an input schema set by hand
// cannot be used (it does not compile, its root is not an object schema,
// it refers outside itself, or package declared is not linked). What
// differs from the SDK is written in docs/contract.md ("MCP").
func AddTool[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	if t == nil {
		panic("mcpserver.AddTool: a nil tool")
	}
	mt, th, err := dropIn(t, h)
	if err != nil {
		panic(fmt.Sprintf("mcpserver.AddTool: tool %q: %v", t.Name, err))
	}
	addTool(s, mt, th)
}

// schemaOf is the function whose schemas are those of a drop-in's types.
func schemaOf[In, Out any](In) (Out, error) {
	var zero Out
	return zero, nil
}

// noArgs is the signature of a tool that takes no input.
func noArgs[Out any]() (Out, error) {
	var zero Out
	return zero, nil
}

// dropIn returns the MCP tool and handler of h.
func dropIn[In, Out any](t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) (*mcp.Tool, mcp.ToolHandler, error) {
	anyIn := reflect.TypeFor[In]() == reflect.TypeFor[any]()
	if anyIn && t.InputSchema != nil {
		return nil, nil, fmt.Errorf("OLT002: input: In is any, and the arguments are checked against In: with an input schema set by hand, give In the struct type it describes")
	}
	// A map of the arguments (map[string]any) with an input schema set by
	// hand: the schema is the whole input contract, and the map is what
	// encoding/json makes of the arguments it let through.
	mapIn := t.InputSchema != nil && isArgsMap(reflect.TypeFor[In]())
	var made *tool.Tool
	var err error
	fromTags := requiredFromTags.Load()
	opts := []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Name: "drop_in"})}
	if fromTags {
		opts = append(opts, reflectimpl.RequiredFromTags())
	}
	if anyIn || mapIn {
		made, err = reflectimpl.Create(noArgs[Out], opts...)
	} else {
		made, err = reflectimpl.Create(schemaOf[In, Out], opts...)
	}
	if err != nil {
		// The refusals alone: the tool's name, which the caller gives, is
		// not the stand-in made here.
		var rs reflectimpl.Refusals
		if errors.As(err, &rs) {
			err = rs
		}
		if t.InputSchema == nil && isArgsMap(reflect.TypeFor[In]()) {
			// Taken beside a schema set by hand: say so.
			err = fmt.Errorf("%w: %s", err, schema.ArgsMapWayOut)
		}
		return nil, nil, err
	}
	mt := *t
	if mt.InputSchema == nil {
		mt.InputSchema = made.InputSchema
	}
	handOut := mt.OutputSchema != nil
	form, object, hasForm := nonNull(made.OutputSchema)
	if !handOut && hasForm {
		mt.OutputSchema = form
	}
	d := &dropInHandler[In, Out]{h: h, anyIn: anyIn, mapIn: mapIn, fromTags: fromTags}
	in, _ := toolimpl.Binding(made)
	d.in = in.Input()
	switch {
	case !handOut && hasForm:
		// A null result (a nil pointer, slice or map) sends the zero value
		// of what a pointer points to, as the SDK sends it, and an empty
		// slice or map; when that breaks the output schema it is a failed
		// result (where the SDK's output validation answers a protocol
		// error), known once.
		d.null = nullForm(made, reflect.TypeFor[Out](), object)
		d.nullFails = d.null == nil
	case handOut:
		// Read as listed, whatever value holds it: a null result of a
		// schema of objects sends {}.
		if objectSchema(mt.OutputSchema) {
			d.null = json.RawMessage("{}")
		}
	}
	meta := tool.Meta{
		Name:         t.Name,
		Description:  t.Description,
		ParallelSafe: new(parallelSafe(t.Meta)),
	}
	listed := made.InputSchema
	var run *tool.Tool
	if t.InputSchema == nil {
		run = toolimpl.New(meta, made.InputSchema, nil, d, nil)
	} else {
		// Checked against the schema set by hand, as the SDK checks it.
		if listed, err = handSchema(t.InputSchema); err != nil {
			return nil, nil, err
		}
		if run, err = handTool(meta, listed, d); err != nil {
			return nil, nil, err
		}
	}
	// A schema of the core has only valid annotations (OLT012); the
	// SDK's AddTool panics on a hand-set one that has invalid ones.
	headers, _ := paramHeaders(listed)
	return &mt, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := checkParamHeaders(t.Name, headers, req); err != nil {
			return nil, err
		}
		return d.serve(ctx, run, req)
	}, nil
}

// isArgsMap reports whether t is a map of the arguments a handler reads
// by name, by the core's rule (schema.ArgsMap), which the analyzers share.
func isArgsMap(t reflect.Type) bool {
	return schema.ArgsMap(new(reflecttype.Describer).Describe(t))
}

// dropInHandler runs a go-sdk handler as a toolimpl.Handler: the invoker checks
// and decodes the arguments and recovers a panic; what the handler
// returns comes back whole, as an outcome.
type dropInHandler[In, Out any] struct {
	h         mcp.ToolHandlerFor[In, Out]
	in        reflect.Type
	anyIn     bool
	mapIn     bool            // In is a map of the arguments, decoded as encoding/json decodes them
	null      json.RawMessage // what a null Out sends; nil: null itself
	nullFails bool            // a null Out is a failure: its zero value breaks the output schema
	fromTags  bool            // the types are read in the mode RequiredFromTags
}

// RequiredFromTags tells the invoker the read mode of the handler's types.
func (d *dropInHandler[In, Out]) RequiredFromTags() bool { return d.fromTags }

// requiredFromTags is the read mode SetRequiredFromTags sets.
var requiredFromTags atomic.Bool

// SetRequiredFromTags sets the read mode of the types of the AddTool calls
// made after it. On, a property is required only when its tags say so
// (invopop's jsonschema:"required", or required:"true") and every other
// property is optional, as in a project that configures
// invopop/jsonschema's Reflector with RequiredFromJSONSchemaTags for the
// whole server (mcp-grafana, mcp-golang do): the schemas listed and the
// invoker's checks both follow it. It is what reflectimpl.RequiredFromTags
// does for one tool and a package's //tool:required-from-tags directive
// for the generated code. Call it once, before the tools are added; the
// tools added already keep their mode.
func SetRequiredFromTags(on bool) { requiredFromTags.Store(on) }

// outcome is what the handler returned, with Out written as JSON (data,
// or the error of its writing) when it is sent.
type outcome[Out any] struct {
	res     *mcp.CallToolResult
	out     Out
	err     error
	data    json.RawMessage
	dataErr error
}

func (d *dropInHandler[In, Out]) Input() reflect.Type  { return d.in }
func (d *dropInHandler[In, Out]) Output() reflect.Type { return nil }

func (d *dropInHandler[In, Out]) Call(ctx context.Context, _ *tool.Call, _ any, in any) (any, error) {
	var v In
	switch p := in.(type) {
	case nil:
	case *In:
		v = *p
	default:
		v = p.(In) // In is a pointer to the input struct
	}
	res, out, err := d.h(ctx, RequestFrom(ctx), v)
	o := &outcome[Out]{res: res, out: out, err: err}
	if outval := any(out); err == nil && (res == nil || res.InputRequests == nil) && outval != nil {
		// Out is written here, where the invoker recovers a panic in its
		// MarshalJSON as it does one in h: a failed result, not a crash.
		o.data, o.dataErr = tool.MarshalResult(outval)
	}
	return &tool.Result{Value: o}, nil
}

func (d *dropInHandler[In, Out]) serve(ctx context.Context, run *tool.Tool, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, err := invoke(withRequest(ctx, req), run, req.Params.Arguments)
	if err != nil {
		return nil, err // the caller's context ended
	}
	o, ok := r.Value.(*outcome[Out])
	if r.IsError || !ok {
		// Refused arguments, or a panic in the handler.
		return result(run.Name, r, false, nil), nil
	}
	if o.err != nil {
		if wire, ok := o.err.(*jsonrpc.Error); ok {
			return nil, wire
		}
		var res mcp.CallToolResult
		res.SetError(o.err)
		return &res, nil
	}
	res := o.res
	if res == nil {
		res = &mcp.CallToolResult{}
	}
	if res.InputRequests != nil {
		return res, nil // content and input requests do not go together
	}
	if o.res != nil {
		// The handler's own result is checked here, before the value's
		// bytes, which the invoker wrote, join it: they are not encoded
		// twice.
		if err := encodes(res); err != nil {
			return nil, unencodable(ctx, "tools/call", req, err)
		}
	}
	if any(o.out) == nil {
		markMade(ctx, res)
		return res, nil
	}
	data, err := o.data, o.dataErr
	if err != nil {
		return nil, fmt.Errorf("marshaling output: %w", err)
	}
	if string(data) == "null" {
		if d.nullFails {
			return noValue(run.Name), nil
		}
		if d.null != nil {
			data = d.null
		}
	}
	// Structured content of any JSON value to a client of 2026-07-28 (as
	// the SDK sends it), of an object only to an older one.
	object := data[0] == '{'
	if string(data) != "null" && (object || anyValue(req)) {
		res.StructuredContent = data
	}
	if res.Content == nil {
		res.Content = []mcp.Content{&mcp.TextContent{Text: string(data)}}
	} else if !object {
		res.Content = append(res.Content, &mcp.TextContent{Text: string(data)})
	}
	markMade(ctx, res)
	return res, nil
}
