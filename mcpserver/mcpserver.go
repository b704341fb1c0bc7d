// Package mcpserver serves tools over the Model Context Protocol, on the
// server of github.com/modelcontextprotocol/go-sdk: each tool with its
// exact schemas, every call through tool.Invoke, every failure an IsError
// result.
//
// Two ways in: Register serves tools that toolschema made (generated or
// by reflectimpl), and AddTool is a drop-in for the SDK's mcp.AddTool: a
// server written for the SDK imports mcpserver beside mcp and calls
// mcpserver.AddTool where it called mcp.AddTool, the rest unchanged.
package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"reflect"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/tool"
)

// Options tunes Register.
type Options struct {
	// Approve is asked when a tool that requires approval is called with
	// arguments that pass its checks (arguments that do not are refused
	// first, and never reach it): true runs the call with these
	// arguments. req is the MCP request, and req.Session the client's
	// session; an *InputRequired error asks the client for input first
	// (its user, by elicitation: see ElicitApproval). Nil
	// refuses every such call with an approval_required result. An error
	// is returned to the client as a protocol error.
	Approve func(ctx context.Context, req *mcp.CallToolRequest, t *tool.Tool, args json.RawMessage) (bool, error)

	// MaxArgumentBytes, when not zero, is the size limit of one call's
	// arguments for every tool served (tool.Tool.MaxArgumentBytes:
	// negative for none), set on a copy of each tool; the caller's tools
	// are not changed. Zero leaves each tool its own limit
	// (4 MiB unless it sets one).
	MaxArgumentBytes int

	// Icons are the icons of the tools, by tool name, for a client to
	// show beside them (MCP's Tool.icons), listed after the tool's own
	// (tool.Meta.Icon, the directive's icon=). A name that is not of a
	// tool served is refused, and so is an icon MCP does not allow: one
	// without a Source that is an http, https or data: URI, or with a
	// Theme other than "light" and "dark".
	Icons map[string][]mcp.Icon

	// ToolListTTL, when positive, is how long a client may keep the
	// server's tool list before it lists the tools again (the ttlMs of
	// tools/list, MCP 2026-07-28); ToolListScope, when set, who may keep
	// it: "public" (any client or intermediary) or "private" (the client
	// of the user who asked). Unset, they are the server's
	// (mcp.ServerOptions.SetCacheable; by default 0 and "public": the
	// list is stale at once). They apply to every tools/list of the
	// server.
	ToolListTTL   time.Duration
	ToolListScope string

	// CheckOutputs has each call's result checked against the tool's
	// contract before it is sent (Invoke under tool.WithOutputCheck): a
	// JSON result that breaks the output schema, or a business error whose
	// code the tool does not declare, is not sent; the call's result is an
	// invalid_output error (with the violations, for a result), and it is
	// logged to Logger. Off (the default), nothing is checked and nothing
	// costs.
	CheckOutputs bool

	// Leniency is how each call's arguments are read (Invoke under
	// tool.WithLeniency): tool.Strict (the default) refuses arguments that
	// break the input schema; tool.RepairArgs reads what the schema makes
	// unambiguous ("42" for an integer) and tells the model what it
	// assumed in a last text content (in a refusal, its last lines); tool.ShadowArgs runs the tool with
	// what encoding/json decodes and logs to Logger, at level warn, the
	// violations a strict server would have refused the call for. A tool
	// that requires approval is asked about under the same leniency.
	// Tools that check their own arguments (package rawtool) are always
	// strict.
	Leniency tool.Leniency

	// Logger receives what the operator of the server should see: the
	// results that break their tool's contract (CheckOutputs), the
	// violations let through (Leniency tool.ShadowArgs), a tool's panic
	// with its stack (at level error; the client gets a failed result),
	// the error of a tool with SafeErrors (at level warn; the client reads
	// only that the tool failed). Nil is
	// slog.Default(); give it the logger of mcp.ServerOptions.Logger to
	// keep one log.
	Logger *slog.Logger

	// Search, when set, serves the tools as a catalog that the model
	// searches (search_tools) and calls from (call_tool), with only the
	// tools it names listed beside them: see Search.
	Search *Search

	// MaxResultBytes is the budget of one result's text and JSON, in
	// bytes: 100 KB when zero, none when negative. A result over it is
	// cut so that what is kept stays valid (JSON at the boundaries of
	// array items and object members; under an output schema, array
	// items only, so that required members stay), with a text part that
	// says what was left out and "io.github.toolschema/truncated" in the
	// result's _meta. Each tool's listing declares the budget as
	// "anthropic/maxResultSizeChars", where Claude's clients read it.
	// A tool with a budget of its own (tool.Meta.MaxResultBytes) has its
	// results cut to that one, and declares it, in place of this.
	MaxResultBytes int

	// Adjust, when set, is called with each tool and its MCP description
	// before the tool is added, to set what toolschema has no word for
	// (_meta of its own, a display title other than the tool's Title) or
	// to change what the policy and the options gave. It may change mt
	// but not t.
	Adjust func(t *tool.Tool, mt *mcp.Tool)
}

// Register adds tools to s. The input schema is the tool's own; the output
// schema is the non-null form of the tool's, and a call's JSON result is
// also its structured content (to a client of a protocol before
// 2026-07-28, only when the form is of objects: it is not listed
// otherwise). The title is the tool's title and its annotations' (where
// older clients look); the execution policy (read-only, destructive,
// idempotent, open-world) becomes the annotations; the other metadata
// (ends-loop, parallel-safe, timeout, version, requires-approval) goes in
// the tool's _meta under "io.github.toolschema/" (and, deprecated, under
// "toolschema/").
//
// The names must be unique: the server lists one tool per name and routes
// a call to the last tool added with it, so a name given twice (a program
// joining lists with append) is refused, with a *tool.CollisionError that
// names it, and nothing is added. So is a tool whose x-mcp-header
// annotations break MCP's rules (a schema given as it is, to rawtool),
// with an error naming it, where the go-sdk's AddTool panics. Register
// all the tools of a server in one call; tools added to s otherwise are
// not seen.
//
// A call whose Mcp-Param headers (x-mcp-header) say otherwise than its
// arguments is refused with a JSON-RPC error of code HeaderMismatch
// before anything else, as MCP requires: the go-sdk checks the headers
// only of tools whose schema it reads, and it does not read one with a
// type array (a pointer's ["string","null"], a slice's) anywhere.
//
// A tool that is not parallel-safe runs alone: while its call runs, no
// other call of a tool that this package serves on s does (Register's,
// AddTool's, Handler's), and it waits for those running to end. Other
// calls run side by side.
func Register(s *mcp.Server, tools []*tool.Tool, opts *Options) error {
	set, err := tool.NewSet(tools)
	if err != nil {
		return err
	}
	if opts == nil {
		opts = &Options{}
	}
	if err := checkCache(opts); err != nil {
		return err
	}
	for name, list := range opts.Icons {
		if _, ok := set.Lookup(name); !ok {
			return fmt.Errorf("mcpserver: Options.Icons names %q, which is not a tool served", name)
		}
		if err := checkIcons(name, list); err != nil {
			return err
		}
	}
	servedOf(s).setCache(opts)
	describe := func(t *tool.Tool) *mcp.Tool {
		mt := Tool(t)
		mt.Icons = icons(t, opts.Icons[t.Name])
		if limit := opts.resultLimit(t); limit > 0 {
			mt.Meta["anthropic/maxResultSizeChars"] = limit
		}
		if opts.Adjust != nil {
			opts.Adjust(t, mt)
		}
		return mt
	}
	// Every tool is described (Adjust included) before any is added: the
	// headers checked are those of the schema as listed, and the go-sdk's
	// AddTool panics on a breach of MCP's rules for them, after the tools
	// before.
	listed := make(map[*tool.Tool]*mcp.Tool, set.Len())
	handlers := make(map[string]mcp.ToolHandler, set.Len())
	for _, t := range set.Tools() {
		mt := describe(opts.served(t))
		headers, err := paramHeaders(mt.InputSchema)
		if err != nil {
			return fmt.Errorf("mcpserver: tool %q: its x-mcp-header annotations break MCP's rules: %v", t.Name, err)
		}
		listed[t] = mt
		handlers[t.Name] = handler(t, opts, headers)
	}
	if opts.Search != nil {
		return registerSearch(s, set, handlers, func(t *tool.Tool) *mcp.Tool {
			if mt, ok := listed[t]; ok {
				return mt
			}
			return describe(opts.served(t))
		}, opts)
	}
	for _, t := range set.Tools() {
		addTool(s, listed[t], handlers[t.Name])
	}
	return nil
}

// served returns the tool as it is served with these options: t, or a
// copy of it with the options' limit.
func (o *Options) served(t *tool.Tool) *tool.Tool {
	if o.MaxArgumentBytes == 0 || t.MaxArgumentBytes == o.MaxArgumentBytes {
		return t
	}
	c := *t
	c.MaxArgumentBytes = o.MaxArgumentBytes
	return &c
}

// Tool returns the MCP description of t, as Register lists it. Its output
// schema is the non-null form of t's, of whatever type: on a server that
// Register or AddTool added tools to, a schema not of type "object" is
// taken out of the lists sent to clients of protocols before 2026-07-28.
// It panics on a nil t, saying so.
func Tool(t *tool.Tool) *mcp.Tool {
	if t == nil {
		panic("mcpserver.Tool: a nil tool")
	}
	mt := &mcp.Tool{
		Name:        t.Name,
		Title:       t.Title,
		Description: t.Description,
		InputSchema: t.InputSchema,
		Annotations: annotations(t),
		Meta:        mcp.Meta{},
	}
	setMeta(mt.Meta, "endsLoop", t.EndsLoop)
	setMeta(mt.Meta, "parallelSafe", t.IsParallelSafe())
	if out, _, ok := nonNull(t.OutputSchema); ok {
		mt.OutputSchema = out
	}
	if t.Timeout > 0 {
		setMeta(mt.Meta, "timeout", t.Timeout.String())
	}
	if t.Version != "" {
		setMeta(mt.Meta, "version", t.Version)
	}
	if t.RequiresApproval {
		setMeta(mt.Meta, "requiresApproval", true)
	}
	return mt
}

// noValue is the result of a null result that has no structured form.
func noValue(name string) *mcp.CallToolResult {
	r := &tool.Result{IsError: true, Code: tool.Failed, Started: true}
	return &mcp.CallToolResult{
		IsError: true,
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Tool '%s' returned no value.", name)}},
		Meta:    errorMeta(r),
	}
}

// Handler returns the MCP handler that calls t, for a program that adds
// the tool itself (s.AddTool(mt, mcpserver.Handler(t, opts)) with an mt of
// its own making). The tool's context carries the request (RequestFrom).
// A tool asks its client for input (its user, by elicitation) by returning
// an *InputRequired as its value (a tool whose result type is any, or a
// *tool.Result with it as Value): the client fulfils the requests and
// calls again, and the tool finds the answers in
// RequestFrom(ctx).Params.InputResponses.
// Arguments are checked before anything else; a tool that requires
// approval then asks opts.Approve. opts.MaxArgumentBytes applies to a copy
// of t. A tool that is not parallel-safe runs alone among the tools this
// package serves on the server, as with Register, once Register or
// AddTool has added a tool to that server or HTTPHandler serves it; on
// another server that has only Handler's, alone among the calls of all
// such servers of the process. It panics on a nil t, saying so, as
// net/http's Handle does on a nil handler: a handler of no tool is a
// fault of the program.
func Handler(t *tool.Tool, opts *Options) mcp.ToolHandler {
	if t == nil {
		panic("mcpserver.Handler: a nil tool")
	}
	headers, _ := paramHeaders(t.InputSchema)
	return handler(t, opts, headers)
}

// handler is Handler with the x-mcp-header bindings of the schema the tool
// is listed with.
func handler(t *tool.Tool, opts *Options, headers []paramHeader) mcp.ToolHandler {
	if opts == nil {
		opts = &Options{}
	}
	t = opts.served(t)
	out := outputOf(t)
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := checkParamHeaders(t.Name, headers, req); err != nil {
			return nil, err
		}
		args := req.Params.Arguments
		ctx = withRequest(ctx, req)
		if opts.Leniency != tool.Strict {
			ctx = tool.WithLeniency(ctx, opts.Leniency)
		}
		if t.RequiresApproval && opts.Approve != nil {
			// Refused arguments are refused as such by Invoke, before
			// anyone is asked to approve them.
			if checkedForApproval(ctx, t, args) {
				ok, err := opts.Approve(ctx, req, t, args)
				var ir *InputRequired
				if errors.As(err, &ir) {
					return &mcp.CallToolResult{InputRequests: ir.Requests, RequestState: ir.State}, nil
				}
				if err != nil {
					return nil, err
				}
				if ok {
					ctx = tool.Approve(ctx, t.Name, args)
				}
			}
		}
		if opts.CheckOutputs {
			ctx = tool.WithOutputCheck(ctx)
		}
		r, err := invoke(ctx, t, args)
		if err != nil {
			return nil, err // the caller's context ended
		}
		if ir, ok := r.Value.(*InputRequired); ok && !r.IsError && ir != nil {
			// The tool asks the client for input first.
			return &mcp.CallToolResult{InputRequests: ir.Requests, RequestState: ir.State}, nil
		}
		if opts.CheckOutputs {
			opts.checkOutput(ctx, t, r)
		}
		if len(r.Shadowed) > 0 {
			opts.logShadowed(ctx, t.Name, r)
		}
		opts.logCause(ctx, t, r)
		structured := out.structured(req)
		var res *mcp.CallToolResult
		if limit := opts.resultLimit(t); limit > 0 {
			res = cutResult(t.Name, r, limit, structured, out.null)
		} else {
			res = result(t.Name, r, structured, out.null)
		}
		if note := r.RepairNote(); note != "" && !r.IsError {
			// Beside the structured content, which stays the value.
			res.Content = append(res.Content, &mcp.TextContent{Text: note})
		}
		markMade(ctx, res)
		return res, nil
	}
}

// result converts an invoker's result to MCP's. With structured set, a
// JSON result is also the structured content, and a null one sends null's
// form (a failure when it has none).
func result(name string, r *tool.Result, structured bool, null json.RawMessage) *mcp.CallToolResult {
	out := &mcp.CallToolResult{IsError: r.IsError, Content: make([]mcp.Content, 0, len(r.Parts))}
	if structured && !r.IsError && len(r.Parts) == 1 {
		switch p := r.Parts[0].(type) {
		case tool.JSONPart:
			if string(p.JSON) == "null" {
				if null == nil {
					return noValue(name)
				}
				out.StructuredContent = null
				out.Content = append(out.Content, &mcp.TextContent{Text: string(null)})
			} else {
				out.StructuredContent = p.JSON
				out.Content = append(out.Content, &mcp.TextContent{Text: string(p.JSON)})
			}
			return out
		case tool.TextPart:
			if p.Text == "null" && isNil(r.Value) {
				if null == nil {
					return noValue(name)
				}
				out.StructuredContent = null
				out.Content = append(out.Content, &mcp.TextContent{Text: string(null)})
				return out
			}
		}
	}
	for _, p := range r.Parts {
		switch p := p.(type) {
		case tool.TextPart:
			out.Content = append(out.Content, &mcp.TextContent{Text: p.Text})
		case tool.JSONPart:
			out.Content = append(out.Content, &mcp.TextContent{Text: string(p.JSON)})
		case tool.BlobPart:
			switch {
			case strings.HasPrefix(p.MIMEType, "image/"):
				out.Content = append(out.Content, &mcp.ImageContent{Data: p.Data, MIMEType: p.MIMEType})
			case strings.HasPrefix(p.MIMEType, "audio/"):
				out.Content = append(out.Content, &mcp.AudioContent{Data: p.Data, MIMEType: p.MIMEType})
			default:
				out.Content = append(out.Content, &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
					URI: "toolschema:blob", MIMEType: p.MIMEType, Blob: p.Data}})
			}
		}
	}
	if r.IsError {
		out.Meta = errorMeta(r)
	}
	return out
}

// isNil reports whether v is nil or a nil pointer or map.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map:
		return rv.IsNil()
	}
	return false
}

// icons returns the icons t is listed with: its own, then more. The
// tool's own icon was checked where it was given (toolgen,
// reflectimpl.Create); one that is not an icon URL is left out.
func icons(t *tool.Tool, more []mcp.Icon) []mcp.Icon {
	if t.Icon == "" {
		return more
	}
	mime, err := schema.IconType(t.Icon)
	if err != nil {
		return more
	}
	return append([]mcp.Icon{{Source: t.Icon, MIMEType: mime}}, more...)
}

// checkIcons refuses the icons of a tool that MCP's Icon does not allow
// (schema/2026-07-28: src, required, is an HTTP/HTTPS URL or a data: URI;
// theme is "light" or "dark").
func checkIcons(name string, list []mcp.Icon) error {
	for i, ic := range list {
		if ic.Source == "" {
			return fmt.Errorf("mcpserver: Options.Icons: icon %d of tool %q has no src", i+1, name)
		}
		u, err := url.Parse(ic.Source)
		if err != nil || !(u.Scheme == "data" || (u.Scheme == "http" || u.Scheme == "https") && u.Host != "") {
			return fmt.Errorf("mcpserver: Options.Icons: icon %d of tool %q: src %q is not an http, https or data: URI", i+1, name, ic.Source)
		}
		if ic.Theme != "" && ic.Theme != "light" && ic.Theme != "dark" {
			return fmt.Errorf("mcpserver: Options.Icons: icon %d of tool %q: theme %q is not \"light\" or \"dark\"", i+1, name, ic.Theme)
		}
	}
	return nil
}

// checkedForApproval reports whether args pass t's checks, so that its
// approval is asked for. Arguments that could not be checked (the calls
// running at once hold all the room their values may have) are checked
// again when Invoke, which answers them, would answer that the call needs
// an approval: the room was given back since, and the approval nobody
// was asked for is asked for now. A tool without approval never runs
// from Invoke, so asking it is safe.
func checkedForApproval(ctx context.Context, t *tool.Tool, args json.RawMessage) bool {
	_, viols, err := t.CheckArgs(ctx, args)
	if err != nil && ctx.Err() == nil {
		// Invoke answers approval_required only for arguments its own
		// reading found no fault in: they need not be checked again.
		r, ierr := t.Invoke(ctx, args)
		return ierr == nil && r.Code == tool.ApprovalRequired
	}
	return err == nil && len(viols) == 0
}
