package olt030

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type GreetIn struct {
	Name string `json:"name"`
}

type GreetOut struct {
	Greeting string `json:"greeting"`
}

// SayHi is a handler written for the go-sdk's mcp.AddTool, marked as if
// it were a tool.
//
//tool:export
func SayHi(ctx context.Context, req *mcp.CallToolRequest, in GreetIn) (*mcp.CallToolResult, GreetOut, error) { // want `OLT030: SayHi is a tool handler of the MCP go-sdk \(its request parameter is the SDK's\), not a tool: serve it with mcpserver.AddTool\(server, tool, handler\)`
	return nil, GreetOut{Greeting: "Hi " + in.Name}, nil
}

// Content returns the SDK's result without taking its request.
//
//tool:export
func Content(ctx context.Context, in GreetIn) (*mcp.CallToolResult, error) { // want `OLT030: Content is a tool handler of the MCP go-sdk \(its result is the SDK's\)`
	return nil, nil
}

// Greet is the same tool written for the contract: no diagnostic.
//
//tool:export
func Greet(ctx context.Context, in GreetIn) (GreetOut, error) {
	return GreetOut{Greeting: "Hi " + in.Name}, nil
}
