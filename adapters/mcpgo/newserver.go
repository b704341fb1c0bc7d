package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/tool"
)

// NewMCPServer is mcp-go's server.NewMCPServer, whose tools are served
// with the invoker's checks however they are added: a server of builder
// tools (mcp.NewTool with mcp.WithString, mcp.Required, mcp.Enum, ...)
// and untyped handlers, added with s.AddTool, moves by changing this one
// identifier's package. A call of a tool whose handler is not one of this
// package's (the drop-ins, Wrap's, Register's and Handler's, which check
// their calls themselves) is checked as Wrap checks it, against the input
// schema the tool lists at the time of the call: refused arguments are
// an isError result with one line a violation, naming its path and rule;
// the handler gets the arguments with the defaults filled in; its error
// and its panic are isError results.
//
// A tool whose input schema the checks cannot compile (a typo such as
// "type":"strin", a pattern Go's regexp does not read, a root that is not
// an object schema, none at all: what Wrap refuses) is served unchecked,
// as mcp-go serves it, and said so: mcp-go's AddTool returns nothing and
// tells this package nothing, so at the tool's first call slog.Default()
// gets one record at level error for each such schema added, naming the
// tool and the fault. Refusing its calls would stop a tool that works
// under mcp-go (a bare mcp.Tool literal of a tool without arguments, a
// root $ref, a lookbehind) on the move; mend the schema to have its
// calls checked.
//
// The checks are a tool handler middleware added after opts: a
// middleware of opts (server.WithToolHandlerMiddleware) runs before them,
// with the call as it came; one added later with s.Use runs inside them.
//
// To a client of a protocol before 2026-07-28, whose schema has output
// schemas of objects only (the TypeScript SDK's client fails tools/list
// for the whole server on one that is not), a tool whose output schema is
// not of objects (a drop-in's WithOutputSchema[[]T], a raw schema of an
// array) is listed without it, however it was added: a tool filter added
// after those of opts.
func NewMCPServer(name, version string, opts ...server.ServerOption) *server.MCPServer {
	s := server.NewMCPServer(name, version, opts...)
	c := &listedChecks{cache: newBounded[*checkedEntry](maxServedNames)}
	s.Use(c.middleware)
	server.WithToolFilter(olderObjectsOnly)(s)
	return s
}

// olderObjectsOnly is NewMCPServer's tool filter: to a client of a
// protocol before 2026-07-28, the tools whose output schema is not of
// objects are listed without it.
func olderObjectsOnly(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
	if anyValue(ctx) {
		return tools
	}
	var out []mcp.Tool
	for i := range tools {
		mt := &tools[i]
		if mt.RawOutputSchema == nil && (mt.OutputSchema.Type == "" || mt.OutputSchema.Type == "object") ||
			mt.RawOutputSchema != nil && objectForm(mt.RawOutputSchema) {
			continue
		}
		if out == nil {
			out = slices.Clone(tools)
		}
		out[i].RawOutputSchema, out[i].OutputSchema = nil, mcp.ToolOutputSchema{}
	}
	if out == nil {
		return tools
	}
	return out
}

// ownHandlers holds the code pointers of this package's handlers: a
// server made by NewMCPServer leaves their calls to them.
var ownHandlers sync.Map

// own marks h as a handler of this package and returns it.
func own(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	ownHandlers.Store(reflect.ValueOf(h).Pointer(), struct{}{})
	return h
}

func isOwn(h server.ToolHandlerFunc) bool {
	if h == nil {
		return false
	}
	_, ok := ownHandlers.Load(reflect.ValueOf(h).Pointer())
	return ok
}

// listedChecks is NewMCPServer's middleware: a checked tool for each
// name called and the schema it lists.
type listedChecks struct {
	cache *bounded[*checkedEntry]

	mu     sync.Mutex
	logged map[string]schemaKey // the schemas that cannot be checked logged, by tool name
}

// checkedEntry is the checked tool made for a listed schema, or why none
// could be.
type checkedEntry struct {
	key   schemaKey
	t     *tool.Tool
	fault error // t is nil
}

// nextKey is the context key of the handler a checked call runs.
type nextKey struct{}

func (c *listedChecks) middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		st := servedTool(ctx, req.Params.Name)
		if st == nil || isOwn(st.Handler) {
			return next(ctx, req)
		}
		t, fault := c.tool(ctx, &st.Tool)
		if fault != nil {
			return next(ctx, req) // logged by c.tool
		}
		return serve(context.WithValue(ctx, nextKey{}, next), t, &req, false, nil)
	}
}

// tool returns the checked tool of mt, made once for each name and
// listed schema, or the fault of a schema the checks cannot use, logged
// once for each name and schema.
func (c *listedChecks) tool(ctx context.Context, mt *mcp.Tool) (*tool.Tool, error) {
	key := keyOf(mt)
	if e, ok := c.cache.get(mt.Name); ok && e.key.same(key) {
		return e.t, e.fault
	}
	e := &checkedEntry{key: key}
	in := mt.RawInputSchema
	if in == nil {
		var err error
		if in, err = json.Marshal(mt.InputSchema); err != nil {
			e.fault = fmt.Errorf("it cannot be written: %v", err)
		}
	}
	if e.fault == nil {
		e.t, e.fault = checkedTool(mt.Name, mt.Description, in, func(ctx context.Context) server.ToolHandlerFunc {
			return ctx.Value(nextKey{}).(server.ToolHandlerFunc)
		})
	}
	c.report(ctx, mt.Name, key, e.fault)
	c.cache.set(mt.Name, e)
	return e.t, e.fault
}

// report logs fault, the reason the schema of key cannot be checked, at
// level error, unless it was logged for the tool name already; a nil
// fault (the schema checked) forgets what was logged for name, so that a
// schema that cannot be checked added again is logged again. Past
// maxServedNames names logged, a new name's fault is logged each time
// its checks are made, as they are then made for each call.
func (c *listedChecks) report(ctx context.Context, name string, key schemaKey, fault error) {
	c.mu.Lock()
	prev, seen := c.logged[name]
	switch {
	case fault == nil:
		if seen {
			delete(c.logged, name)
		}
		c.mu.Unlock()
		return
	case seen && prev.same(key):
		c.mu.Unlock()
		return
	case seen || len(c.logged) < maxServedNames:
		if c.logged == nil {
			c.logged = make(map[string]schemaKey)
		}
		c.logged[name] = key
	}
	c.mu.Unlock()
	slog.Default().LogAttrs(ctx, slog.LevelError, "mcpgo: a tool's input schema cannot be checked: its calls are served unchecked",
		slog.String("tool", name), slog.String("error", fault.Error()))
}

// maxServedNames bounds the tools a server's checks are kept for; past
// it, a new name's checks are made for each call.
const maxServedNames = 4096

// servedTool returns the tool a call of name is served by: the session's
// tool of that name, or the server's.
func servedTool(ctx context.Context, name string) *server.ServerTool {
	if ss, ok := server.ClientSessionFromContext(ctx).(server.SessionWithTools); ok {
		if st, ok := ss.GetSessionTools()[name]; ok {
			return &st
		}
	}
	if s := server.ServerFromContext(ctx); s != nil {
		return s.GetTool(name)
	}
	return nil
}
