package mcpserver

import (
	"context"
	"runtime"
	"sync"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A listing is what this package does to the tool lists of one server: it
// takes the output schemas that are not of objects out of the lists sent
// to clients of a protocol before 2026-07-28 (whose schema requires type
// "object": a strict client, as the TypeScript SDK's, refuses a whole list
// over one).
type listing struct{}

// listings holds the listing of each server this package added tools to,
// by a weak pointer to the server, as gates does.
var listings sync.Map // weak.Pointer[mcp.Server] -> *listing

// listingOf returns the listing of s, made once: a receiving middleware
// of s applies it to every tools/list result.
func listingOf(s *mcp.Server) *listing {
	key := weak.Make(s)
	if l, ok := listings.Load(key); ok {
		return l.(*listing)
	}
	l := &listing{}
	if got, loaded := listings.LoadOrStore(key, l); loaded {
		return got.(*listing)
	}
	runtime.AddCleanup(s, func(key weak.Pointer[mcp.Server]) { listings.Delete(key) }, key)
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method == "tools/list" && err == nil {
				if lr, ok := res.(*mcp.ListToolsResult); ok && lr != nil {
					l.apply(req, lr)
				}
			}
			return res, err
		}
	})
	return l
}

// apply changes a tools/list result for req. The result and its list are
// the request's own; the tools are the server's, and are copied to be
// changed.
func (l *listing) apply(req mcp.Request, res *mcp.ListToolsResult) {
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
