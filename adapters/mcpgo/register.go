package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/tool"
)

// Options tunes Register.
type Options struct {
	// Approve is asked when a tool that requires approval is called with
	// arguments that pass its checks (arguments that do not are refused
	// first, and never reach it): true runs the call with exactly these
	// arguments. Nil refuses every such call with an approval_required
	// result. An error is returned to the client as a protocol error.
	Approve func(ctx context.Context, req mcp.CallToolRequest, t *tool.Tool, args json.RawMessage) (bool, error)

	// MaxArgumentBytes, when not zero, is the size limit of one call's
	// arguments for every tool served (tool.Tool.MaxArgumentBytes:
	// negative for none), set on a copy of each tool; the caller's tools
	// are not changed. Zero leaves each tool its own limit.
	MaxArgumentBytes int

	// Adjust, when set, is called with each tool and its mcp-go
	// definition before the tool is added, to set what toolschema has no
	// word for (icons, _meta of its own, task support) or to change the
	// title and annotations the policy gave. It may change mt but not t.
	Adjust func(t *tool.Tool, mt *mcp.Tool)
}

// servedError is Register's refusal of a name the server already serves:
// a *tool.CollisionError (errors.As finds it) whose text says where the
// other tool is.
type servedError struct{ c *tool.CollisionError }

func (e servedError) Error() string {
	return fmt.Sprintf("mcpgo.Register: the server already serves a tool named %q: tool names must be unique on a server", e.c.Name)
}

func (e servedError) Unwrap() error { return e.c }

// Register adds tools to s, all at once or none. Each is listed with its
// own input schema and, when it has one, its output schema's non-null
// form (listedOutput); a call's JSON result is then also its structured
// content, whatever JSON value it is. The execution policy becomes the
// title and the annotations; the rest of the metadata (ends-loop,
// parallel-safe, timeout, version, requires-approval) goes in the tool's
// _meta under "toolschema/", as the root's mcpserver writes it.
//
// The names must be unique: a name given twice, or one that s already
// serves (mcp-go's AddTool would replace it without a word), is refused
// with an error in which errors.As finds a *tool.CollisionError, and
// nothing is added.
//
// A tool that is not parallel-safe runs alone: with one, Register adds a
// middleware to s (s.Use) under which such a tool's calls exclude every
// other call of s, to any tool however added, and other calls run side by
// side. A call given up at its timeout lets the others in while the
// tool's goroutine may still be running (the invoker cannot stop it).
func Register(s *server.MCPServer, tools []*tool.Tool, opts *Options) error {
	if s == nil {
		return errors.New("mcpgo.Register: no server")
	}
	set, err := tool.NewSet(tools)
	if err != nil {
		return err
	}
	if opts == nil {
		opts = &Options{}
	}
	served := make([]server.ServerTool, 0, set.Len())
	var alone map[string]bool
	for _, t := range set.Tools() {
		if s.GetTool(t.Name) != nil {
			return servedError{c: &tool.CollisionError{Name: t.Name, First: t.Name, Second: t.Name}}
		}
		t = opts.served(t)
		if !readable(t.InputSchema) {
			return fmt.Errorf("mcpgo.Register: tool %q: its input schema cannot be read by mcp-go's clients (\"type\" must be one string)", t.Name)
		}
		mt := Tool(t)
		if opts.Adjust != nil {
			opts.Adjust(t, &mt)
		}
		served = append(served, server.ServerTool{Tool: mt, Handler: Handler(t, opts)})
		if !t.IsParallelSafe() {
			if alone == nil {
				alone = map[string]bool{}
			}
			alone[t.Name] = true
		}
	}
	if alone != nil {
		g := &gate{alone: alone}
		s.Use(g.middleware)
	}
	s.AddTools(served...)
	return nil
}

// gate runs the calls of the tools in alone one at a time, each with no
// other call of the server beside it. A call through this package's
// handlers holds its place until the tool's function has returned
// (tool.WhenDone): a call that Invoke gave up on at its timeout keeps the
// others out while its function goes on. Other handlers hold it until
// they return.
type gate struct {
	mu    sync.RWMutex
	alone map[string]bool
}

func (g *gate) middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		h := &hold{}
		if g.alone[req.Params.Name] {
			g.mu.Lock()
			h.release = g.mu.Unlock
		} else {
			g.mu.RLock()
			h.release = g.mu.RUnlock
		}
		defer func() {
			if !h.handed.Load() {
				h.done()
			}
		}()
		return next(context.WithValue(ctx, holdKey{}, h), req)
	}
}

// A hold is a call's place in its server's gate.
type hold struct {
	release func()
	once    sync.Once
	handed  atomic.Bool // Invoke releases it, when the function returns
}

func (h *hold) done() { h.once.Do(h.release) }

type holdKey struct{}

// invoke calls t.Invoke, handing ctx's place in the gate, if it has one,
// to Invoke: it is released when the tool's function has returned.
func invoke(ctx context.Context, t *tool.Tool, args json.RawMessage) (*tool.Result, error) {
	if h, ok := ctx.Value(holdKey{}).(*hold); ok && h.handed.CompareAndSwap(false, true) {
		ctx = tool.WhenDone(ctx, h.done)
	}
	return t.Invoke(ctx, args)
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

// Tool returns the mcp-go definition of t: its schemas as they are (in
// RawInputSchema and RawOutputSchema), the policy's title as the title and
// the annotations' title, the annotations, and the toolschema _meta.
func Tool(t *tool.Tool) mcp.Tool {
	meta := map[string]any{
		"toolschema/endsLoop":     t.EndsLoop,
		"toolschema/parallelSafe": t.IsParallelSafe(),
	}
	if t.Timeout > 0 {
		meta["toolschema/timeout"] = t.Timeout.String()
	}
	if t.Version != "" {
		meta["toolschema/version"] = t.Version
	}
	if t.RequiresApproval {
		meta["toolschema/requiresApproval"] = true
	}
	mt := mcp.Tool{
		Name:           t.Name,
		Title:          t.Title,
		Description:    t.Description,
		RawInputSchema: t.InputSchema,
		Annotations:    annotations(t),
		Meta:           &mcp.Meta{AdditionalFields: meta},
	}
	if out, ok := listedOutput(t.OutputSchema); ok {
		mt.RawOutputSchema = out
	}
	return mt
}

// Handler returns the mcp-go handler that calls t, for a program that
// adds the tool itself (s.AddTool(mt, mcpgo.Handler(t, opts)) with an mt
// of its own making). Every call goes through t.Invoke with the request's
// arguments as they came; the tool's context carries the request
// (RequestFrom). A tool that requires approval asks opts.Approve, after
// its arguments pass. opts.MaxArgumentBytes applies to a copy of t. The
// result is as Register's; an error is returned only when the caller's
// context ended.
func Handler(t *tool.Tool, opts *Options) server.ToolHandlerFunc {
	if opts == nil {
		opts = &Options{}
	}
	t = opts.served(t)
	listed, structured := listedOutput(t.OutputSchema)
	var null json.RawMessage
	if structured {
		null = nullForm(t, listed)
	}
	return own(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args, ok := rawArguments(&req)
		if !ok {
			return unreadable(t.Name), nil
		}
		ctx = withRequest(ctx, &req)
		if t.RequiresApproval && opts.Approve != nil {
			// Refused arguments are refused as such by Invoke, before
			// anyone is asked to approve them.
			if _, viols, err := t.CheckArgs(ctx, args); err == nil && len(viols) == 0 {
				ok, err := opts.Approve(ctx, req, t, args)
				if err != nil {
					return nil, err
				}
				if ok {
					ctx = tool.Approve(ctx, t.Name, args)
				}
			}
		}
		r, err := invoke(ctx, t, args)
		if err != nil {
			return nil, err // the caller's context ended
		}
		return result(t.Name, r, structured, null), nil
	})
}
