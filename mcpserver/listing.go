package mcpserver

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A listing is what this package does to the tool lists of one server: it
// takes the output schemas that are not of objects out of the lists sent
// to clients of a protocol before 2026-07-28 (whose schema requires type
// "object": a strict client, as the TypeScript SDK's, refuses a whole list
// over one), sets the lists' cache fields that Options gives, and leaves
// out the tools a Search serves unlisted.
type listing struct {
	mu     sync.Mutex
	ttlMs  int             // the lists' ttlMs; 0 leaves it to the server
	scope  string          // the lists' cacheScope; "" leaves it to the server
	hidden map[string]bool // tools left out of the lists; never changed in place
	// params are the x-mcp-header annotations of the tools added by
	// addTool that have some, by name; never changed in place.
	params map[string][]paramHeader
	// ours names the tools added by addTool: the others are the SDK's
	// (sdkToolArguments). A tool the SDK adds itself under one of these
	// names since replaces ours, and is still counted ours: the SDK tells
	// no one which tool it holds under a name.
	ours map[string]bool
}

// addOurs records that addTool added a tool named name. The map is
// changed in place, under the lock its every reader takes: a copy for
// each tool made Register of n tools take time in n².
func (l *listing) addOurs(name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ours == nil {
		l.ours = map[string]bool{}
	}
	l.ours[name] = true
}

// isOurs reports whether addTool added a tool named name.
func (l *listing) isOurs(name string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ours[name]
}

// setParamHeaders records the x-mcp-header annotations of the tool named
// name (none: it has none, or no longer).
func (l *listing) setParamHeaders(name string, hs []paramHeader) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(hs) == 0 && l.params[name] == nil {
		return
	}
	p := maps.Clone(l.params)
	if p == nil {
		p = map[string][]paramHeader{}
	}
	if len(hs) == 0 {
		delete(p, name)
	} else {
		p[name] = hs
	}
	l.params = p
}

// hasParamHeaders reports whether a tool of the listing's server has
// x-mcp-header annotations.
func (l *listing) hasParamHeaders() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.params) > 0
}

// paramHeadersOf returns the x-mcp-header annotations of the tool named
// name.
func (l *listing) paramHeadersOf(name string) []paramHeader {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.params[name]
}

// hide takes the tools named out of every list; they stay callable.
func (l *listing) hide(names []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	h := maps.Clone(l.hidden)
	if h == nil {
		h = map[string]bool{}
	}
	for _, n := range names {
		h[n] = true
	}
	l.hidden = h // a list being filtered keeps the map it read
}

// setCache records the cache fields of the lists that opts sets.
func (l *listing) setCache(opts *Options) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if opts.ToolListTTL > 0 {
		l.ttlMs = int(max(min(opts.ToolListTTL, ttlMax).Milliseconds(), 1))
	}
	if opts.ToolListScope != "" {
		l.scope = opts.ToolListScope
	}
}

// apply changes a tools/list result for req. The result and its list are
// the request's own; the tools are the server's, and are copied to be
// changed.
func (l *listing) apply(req mcp.Request, res *mcp.ListToolsResult) {
	l.mu.Lock()
	if l.ttlMs > 0 {
		res.TTLMs = l.ttlMs
	}
	if l.scope != "" {
		res.CacheScope = l.scope
	}
	hidden := l.hidden
	l.mu.Unlock()
	if len(hidden) > 0 {
		res.Tools = slices.DeleteFunc(res.Tools, func(t *mcp.Tool) bool { return t != nil && hidden[t.Name] })
	}
	if v, ok := req.(interface{ ProtocolVersion() string }); ok && anyValue(v) {
		return
	}
	for i, t := range res.Tools {
		if t != nil && t.OutputSchema != nil && !objectSchema(t.OutputSchema) {
			c := *t
			c.OutputSchema = nil
			res.Tools[i] = &c
		}
	}
}

// checkCache refuses cache fields that MCP does not define.
func checkCache(opts *Options) error {
	if opts.ToolListTTL < 0 {
		return fmt.Errorf("mcpserver: Options.ToolListTTL is %v: a time to live is not negative", opts.ToolListTTL)
	}
	switch opts.ToolListScope {
	case "", "public", "private":
		return nil
	}
	return fmt.Errorf("mcpserver: Options.ToolListScope %q is not a cache scope: MCP's are \"public\" and \"private\"", opts.ToolListScope)
}

// ttlMax bounds ToolListTTL to what ttlMs holds on every platform.
const ttlMax = time.Duration(1<<31-1) * time.Millisecond
