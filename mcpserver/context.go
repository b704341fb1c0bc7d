package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// requestKey is the context key of the MCP request a tool runs for.
type requestKey struct{}

// withRequest returns ctx carrying req.
func withRequest(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	return context.WithValue(ctx, requestKey{}, req)
}

// RequestFrom returns the MCP request that a tool served by this package
// runs for, nil when ctx is not a tool call's. A tool that takes a
// context.Context reaches its client through it: progress by
// req.Session.NotifyProgress (with req.Params.GetProgressToken()), the
// answers to its input requests (InputRequired) in
// req.Params.InputResponses. To log, a tool logs on the server (log/slog,
// to standard error for a stdio server, or OpenTelemetry), as the SDK
// advises since MCP 2026-07-28 deprecated the protocol's logging
// (SEP-2577); req.Session.Log still reaches a client that asked for log
// messages during the deprecation window.
func RequestFrom(ctx context.Context) *mcp.CallToolRequest {
	req, _ := ctx.Value(requestKey{}).(*mcp.CallToolRequest)
	return req
}
