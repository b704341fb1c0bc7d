package mcpgo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

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
	// title and annotations the policy gave. It may change mt but not t,
	// nor mt's name (Register refuses a tool renamed).
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
// content, whatever JSON value it is. To a client of a protocol before
// 2026-07-28, whose schema has both objects, an output schema that is not
// of objects is not listed (a tool filter of s, one for the server, which
// follows the tool last registered under each name) and such a result is
// text content only. The execution policy becomes the
// title and the annotations; the rest of the metadata (ends-loop,
// parallel-safe, timeout, version, requires-approval) goes in the tool's
// _meta under "io.github.toolschema/" (and, deprecated, under
// "toolschema/"), as the root's mcpserver writes it.
//
// The names must be unique: a name given twice, or one that s already
// serves (mcp-go's AddTool would replace it without a word), is refused
// with an error in which errors.As finds a *tool.CollisionError, and
// nothing is added. So is a tool whose x-mcp-header annotations break
// MCP's rules (a proxied schema's; mcp-go's AddTools panics on those),
// with an error naming it.
//
// A tool that is not parallel-safe runs alone: with the first such tool
// Register adds a middleware to s (s.Use), once for the server whatever
// the number of Registers, under which such a tool's calls exclude every
// other call of s, to any tool however added, and other calls run side by
// side. A name registered again follows its new tool's policy. A call
// given up at its timeout keeps the others out until the tool's function
// returns (the invoker cannot stop it).
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
	serial := map[string]bool{}
	older := map[string]json.RawMessage{} // name → its listed output when not of objects, else nil
	for _, t := range set.Tools() {
		t = opts.served(t)
		if !readable(t.InputSchema) {
			return fmt.Errorf("mcpgo.Register: tool %q: its input schema cannot be read by mcp-go's clients (\"type\" must be one string)", t.Name)
		}
		mt := Tool(t)
		if opts.Adjust != nil {
			opts.Adjust(t, &mt)
			if mt.Name != t.Name {
				return fmt.Errorf("mcpgo.Register: tool %q: Options.Adjust renamed it %q; a tool is served under its own name (tool.Meta.Name)", t.Name, mt.Name)
			}
		}
		if err := mcp.ValidateParamHeaderAnnotations(&mt); err != nil {
			// mcp-go's AddTools panics on it.
			return fmt.Errorf("mcpgo.Register: tool %q: its x-mcp-header annotations break MCP's rules: %w", t.Name, err)
		}
		older[mt.Name] = nil
		if mt.RawOutputSchema != nil && !objectForm(mt.RawOutputSchema) {
			older[mt.Name] = mt.RawOutputSchema
		}
		served = append(served, server.ServerTool{Tool: mt, Handler: Handler(t, opts)})
		serial[t.Name] = !t.IsParallelSafe()
	}
	// From the check of the names the server serves to the adding of
	// the tools, no other Register runs: two at once, of one name, would
	// both find it free, and the second replace the first's tool.
	registering.Lock()
	defer registering.Unlock()
	for _, st := range served {
		if s.GetTool(st.Tool.Name) != nil {
			n := st.Tool.Name
			return servedError{c: &tool.CollisionError{Name: n, First: n, Second: n}}
		}
	}
	ps := of(s)
	ps.gate.set(s, serial)
	ps.objects.set(s, older)
	s.AddTools(served...)
	return nil
}

// registering is held by a Register from its check of the names a server
// serves to its adding of the tools. (One for every server: Register is
// called at start-up, a few times.)
var registering sync.Mutex

// anyValueVersion is the first protocol version in which an output schema
// and structured content may be of any JSON value (SEP-2106); before it,
// MCP's schema has both objects.
const anyValueVersion = "2026-07-28"

// anyValue reports whether the client of the request in ctx takes
// structured content of any JSON value. Protocol versions are dates,
// which order as strings; a request of no known version is of an older
// one.
func anyValue(ctx context.Context) bool {
	return server.RequestProtocolVersion(ctx) >= anyValueVersion
}

// objectsOnly is a server's tool filter that takes the output schemas
// that are not of objects out of what a client of a protocol before
// 2026-07-28 is listed: those Register last listed under each name, as
// it listed them (a tool added again another way under the name is
// listed as it is). A server has one (of), added with the first such
// tool.
type objectsOnly struct {
	names atomic.Pointer[map[string]json.RawMessage] // replaced, never changed in place
	added bool                                       // the filter is s's; under registering
}

// set records which of the names given list an output schema that is not
// of objects, and adds the filter to s with the first. It is called under
// registering.
func (o *objectsOnly) set(s *server.MCPServer, older map[string]json.RawMessage) {
	next := map[string]json.RawMessage{}
	if old := o.names.Load(); old != nil {
		maps.Copy(next, *old)
	}
	some := false
	for name, out := range older {
		if out != nil {
			next[name], some = out, true
		} else {
			delete(next, name)
		}
	}
	o.names.Store(&next)
	if some && !o.added {
		o.added = true
		server.WithToolFilter(o.filter)(s)
	}
}

func (o *objectsOnly) filter(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
	if anyValue(ctx) {
		return tools
	}
	names := *o.names.Load()
	var out []mcp.Tool
	for i := range tools {
		if listed, ok := names[tools[i].Name]; ok && bytes.Equal(listed, tools[i].RawOutputSchema) {
			if out == nil {
				out = slices.Clone(tools)
			}
			out[i].RawOutputSchema = nil
		}
	}
	if out == nil {
		return tools
	}
	return out
}

// objectForm reports whether a listed output schema is of objects.
func objectForm(listed json.RawMessage) bool {
	var s struct {
		Type any `json:"type"`
	}
	return json.Unmarshal(listed, &s) == nil && s.Type == "object"
}

// gate runs the calls of the tools in alone one at a time, each with no
// other call of the server beside it. A call through this package's
// handlers holds its place until the tool's function has returned
// (tool.WhenDone): a call that Invoke gave up on at its timeout keeps the
// others out while its function goes on. Other handlers hold it until
// they return. A server has one gate (of), whose middleware is added
// with its first serial tool.
type gate struct {
	mu    sync.RWMutex
	alone atomic.Pointer[map[string]bool] // replaced, never changed in place
	added bool                            // the middleware is s's; under registering
}

// perServer is what Register keeps for a server: its gate and its tool
// filter.
type perServer struct {
	gate    gate
	objects objectsOnly
}

// servers holds what Register keeps for each server it added tools to, by
// a weak pointer to the server: it does not keep its server alive.
var servers sync.Map // weak.Pointer[server.MCPServer] -> *perServer

// of returns what Register keeps for s, made once.
func of(s *server.MCPServer) *perServer {
	key := weak.Make(s)
	if p, ok := servers.Load(key); ok {
		return p.(*perServer)
	}
	p, loaded := servers.LoadOrStore(key, &perServer{})
	if !loaded {
		runtime.AddCleanup(s, func(key weak.Pointer[server.MCPServer]) { servers.Delete(key) }, key)
	}
	return p.(*perServer)
}

// set records which of the names given are of serial tools, and adds the
// middleware to s with the first. It is called under registering.
func (g *gate) set(s *server.MCPServer, serial map[string]bool) {
	next := map[string]bool{}
	if old := g.alone.Load(); old != nil {
		maps.Copy(next, *old)
	}
	some := false
	for name, alone := range serial {
		if alone {
			next[name], some = true, true
		} else {
			delete(next, name)
		}
	}
	g.alone.Store(&next)
	if some && !g.added {
		g.added = true
		s.Use(g.middleware)
	}
}

func (g *gate) middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		h := &hold{}
		if (*g.alone.Load())[req.Params.Name] {
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

// checkedForApproval reports whether args pass t's checks, so that its
// approval is asked for. Arguments that could not be checked (the calls
// running at once hold all the room their values may have) are checked
// again when Invoke, which answers them, would answer that the call needs
// an approval: the room was given back since, and the approval nobody
// was asked for is asked for now. A tool without approval never runs
// from Invoke, so asking it is safe (t.Invoke itself: the gate's place
// is the call's, not this question's).
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
// the annotations' title, the annotations, the tool's icon (MCP's icons,
// with its media type), and the toolschema _meta. It panics on a nil t,
// saying so.
func Tool(t *tool.Tool) mcp.Tool {
	if t == nil {
		panic("mcpgo.Tool: a nil tool")
	}
	meta := make(map[string]any, 10)
	setMeta(meta, "endsLoop", t.EndsLoop)
	setMeta(meta, "parallelSafe", t.IsParallelSafe())
	if t.Timeout > 0 {
		setMeta(meta, "timeout", t.Timeout.String())
	}
	if t.Version != "" {
		setMeta(meta, "version", t.Version)
	}
	if t.RequiresApproval {
		setMeta(meta, "requiresApproval", true)
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
	if t.Icon != "" {
		mt.Icons = []mcp.Icon{{Src: t.Icon, MIMEType: iconType(t.Icon)}}
	}
	return mt
}

// iconType returns the media type of a tool's icon, which the tool's
// maker checked (tool.Meta.Icon): a data: URL's own, or that of an https
// URL's file extension.
func iconType(src string) string {
	if rest, ok := strings.CutPrefix(src, "data:"); ok {
		head, _, _ := strings.Cut(rest, ",")
		mime, _, _ := strings.Cut(head, ";")
		return mime
	}
	if u, err := url.Parse(src); err == nil {
		switch strings.ToLower(path.Ext(u.Path)) {
		case ".png":
			return "image/png"
		case ".jpg", ".jpeg":
			return "image/jpeg"
		case ".gif":
			return "image/gif"
		case ".webp":
			return "image/webp"
		case ".svg":
			return "image/svg+xml"
		case ".ico":
			return "image/x-icon"
		}
	}
	return ""
}

// Handler returns the mcp-go handler that calls t, for a program that
// adds the tool itself (s.AddTool(mt, mcpgo.Handler(t, opts)) with an mt
// of its own making). Every call goes through t.Invoke with the request's
// arguments as they came; the tool's context carries the request
// (RequestFrom). A call whose Mcp-Param headers disagree with its
// arguments (x-mcp-header, by the schema the session or server lists for the tool)
// is refused first, with an error that wraps an mcp.HeaderMismatchError,
// whatever protocol the client speaks. A tool that requires approval asks
// opts.Approve, after its arguments pass. opts.MaxArgumentBytes applies
// to a copy of t. The result is as Register's; an error is returned only
// for such headers and when the caller's context ended. It panics on a
// nil t, saying so, as the drop-ins panic on a type they cannot serve.
func Handler(t *tool.Tool, opts *Options) server.ToolHandlerFunc {
	if t == nil {
		panic("mcpgo.Handler: a nil tool")
	}
	if opts == nil {
		opts = &Options{}
	}
	t = opts.served(t)
	listed, structured := listedOutput(t.OutputSchema)
	var null json.RawMessage
	if structured {
		null = nullForm(t, listed)
	}
	object := objectForm(listed)
	return own(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		structured := structured && (object || anyValue(ctx))
		args, ok := rawArguments(&req)
		if !ok {
			return unreadable(t.Name), nil
		}
		if err := checkParamHeaders(ctx, &req, args); err != nil {
			return nil, err
		}
		ctx = withRequest(ctx, &req)
		if t.RequiresApproval && opts.Approve != nil {
			// Refused arguments are refused as such by Invoke, before
			// anyone is asked to approve them.
			if checkedForApproval(ctx, t, args) {
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

// The prefixes of the _meta keys this package writes, the root's
// mcpserver's: MCP asks for reverse-DNS prefixes; the old prefix's keys
// are written beside the new ones for one version, then dropped.
const (
	metaPrefix       = "io.github.toolschema/"
	legacyMetaPrefix = "toolschema/" // deprecated: the new prefix's keys have the same names
)

// setMeta sets the _meta key name in m, under both prefixes.
func setMeta(m map[string]any, name string, v any) {
	m[metaPrefix+name] = v
	m[legacyMetaPrefix+name] = v
}
