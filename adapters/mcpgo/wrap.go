package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// Wrap returns a tool defined with mcp-go's builder (mcp.NewTool with
// mcp.WithString, mcp.Required, mcp.Enum, ...), or with a raw schema, and
// its handler, served with the invoker's checks against the schema the
// tool lists, as it lists it: the schema is checked by package rawtool
// (JSON Schema 2020-12), with the invoker's messages and limits, and
// handler runs only for arguments that pass, with the defaults filled in
// (not one that its own property's schema refuses, as
// mcp.DefaultString("10") for a number: it is left out, as mcp-go leaves
// out every default): Params.Arguments and Params.RawArguments are both set from the
// arguments checked (RawArguments when the request has them, as mcp-go's
// BindArguments reads them), whatever Arguments said. Add it with
// s.AddTools(st) or s.AddTool(st.Tool, st.Handler).
//
// The definition is kept (name, title, description, annotations, icons,
// _meta, output schema); the input schema is listed as the checked one,
// in RawInputSchema, so that mcp-go's WithStrictInputSchemaDefault does
// not close it behind the checks' back. What handler returns is passed on;
// its error is an isError result with the invoker's text and _meta (a
// *tool.Error with its code), a panic too; an
// mcp.URLElicitationRequiredError is passed on. The error says the schema
// is not an object schema or does not compile, or that its x-mcp-header
// annotations break MCP's rules (mcp-go's AddTools panics on those).
func Wrap(t mcp.Tool, handler server.ToolHandlerFunc) (server.ServerTool, error) {
	if handler == nil {
		return server.ServerTool{}, fmt.Errorf("mcpgo.Wrap: tool %q: no handler", t.Name)
	}
	in := t.RawInputSchema
	if in == nil {
		var err error
		if in, err = json.Marshal(t.InputSchema); err != nil {
			return server.ServerTool{}, fmt.Errorf("mcpgo.Wrap: tool %q: its input schema cannot be written: %v", t.Name, err)
		}
	}
	run, err := checkedTool(t.Name, t.Description, in, func(context.Context) server.ToolHandlerFunc { return handler })
	if err != nil {
		return server.ServerTool{}, fmt.Errorf("mcpgo.Wrap: tool %q: %w", t.Name, err)
	}
	mt := t
	mt.InputSchema = mcp.ToolInputSchema{}
	mt.RawInputSchema = run.InputSchema
	if err := mcp.ValidateParamHeaderAnnotations(&mt); err != nil {
		// mcp-go's AddTools panics on it.
		return server.ServerTool{}, fmt.Errorf("mcpgo.Wrap: tool %q: its x-mcp-header annotations break MCP's rules: %w", t.Name, err)
	}
	return server.ServerTool{Tool: mt, Handler: own(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return serve(ctx, run, &req, false, nil)
	})}, nil
}

// checkedTool returns the tool that checks a call of the tool name
// against the input schema in (package rawtool) and calls the handler
// handlerOf gives for the call's context, with the defaults filled in.
func checkedTool(name, description string, in json.RawMessage, handlerOf func(context.Context) server.ToolHandlerFunc) (*tool.Tool, error) {
	fn := func(ctx context.Context, _ *tool.Call, args json.RawMessage) (any, error) {
		req := request(ctx)
		// The handler reads the arguments checked, with the defaults
		// filled in, in either form (GetString reads Arguments,
		// BindArguments RawArguments): both are set from them, even
		// when the checked bytes are the request's, since a request
		// made in Go or changed by a middleware may carry an Arguments
		// that says otherwise than its RawArguments, which were checked.
		var m map[string]any
		if err := json.Unmarshal(args, &m); err != nil {
			return nil, err
		}
		req.Params.Arguments, req.Params.RawArguments = m, args
		return handOver(handlerOf(ctx)(ctx, req))
	}
	// rawtool holds names to MCP's rule; mcp-go serves what it is
	// given: the name the invoker's texts use is set on a copy.
	checked := name
	if rawtool.CheckName(checked) != nil {
		checked = "wrapped"
	}
	rt, err := rawtool.New(tool.Meta{Name: checked, Description: description}, in, fn)
	if err != nil {
		return nil, err
	}
	c := *rt
	c.Name = name
	h, bound := toolimpl.Binding(rt)
	return toolimpl.New(c.Meta, c.InputSchema, c.OutputSchema, h, bound), nil
}
