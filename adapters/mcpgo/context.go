package mcpgo

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
)

// requestKey is the context key of the request a tool runs for.
type requestKey struct{}

// callContext is the context a call runs under: its caller's, with the
// request the call is for, held in one allocation (a copy of the request
// and a node of context.WithValue would be two).
type callContext struct {
	context.Context
	req mcp.CallToolRequest
}

func (c *callContext) Value(key any) any {
	if _, ok := key.(requestKey); ok {
		return &c.req
	}
	return c.Context.Value(key)
}

// withRequest returns ctx carrying a copy of req.
func withRequest(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	return &callContext{Context: ctx, req: *req}
}

// RequestFrom returns the mcp-go request that a tool served by this package
// runs for (its headers, _meta, progress token), nil when ctx is not a
// tool call's. The client's session is mcp-go's own
// server.ClientSessionFromContext(ctx).
func RequestFrom(ctx context.Context) *mcp.CallToolRequest {
	if c, ok := ctx.(*callContext); ok {
		return &c.req // the tool's context as withRequest made it
	}
	req, _ := ctx.Value(requestKey{}).(*mcp.CallToolRequest)
	return req
}

// rawArguments returns the arguments of req as JSON. mcp-go keeps the
// bytes of the message's "arguments" in Params.RawArguments when it reads
// a request from any transport: those are taken as they came, so that
// nothing is lost (integers above 2^53, the text of numbers, a key given
// twice, which the invoker refuses). A request made in Go, with
// Arguments only, is written as JSON; as for mcp-go's BindArguments, the
// raw bytes win when both are set. ok is false when Arguments cannot be
// written.
func rawArguments(req *mcp.CallToolRequest) (args json.RawMessage, ok bool) {
	if len(req.Params.RawArguments) > 0 {
		return req.Params.RawArguments, true
	}
	switch a := req.Params.Arguments.(type) {
	case nil:
		return nil, true
	case json.RawMessage:
		return a, true
	}
	data, err := json.Marshal(req.Params.Arguments)
	return data, err == nil
}
