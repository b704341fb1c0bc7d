package mcpserver_test

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

// The functions that return no error panic on a nil tool with a message
// naming it, as net/http's Handle does on a nil handler, where they
// dereferenced it.
func TestNilToolPanics(t *testing.T) {
	greet := func(context.Context, *mcp.CallToolRequest, GreetIn) (*mcp.CallToolResult, GreetOut, error) {
		return nil, GreetOut{}, nil
	}
	tests := []struct {
		name string
		call func()
		want string
	}{
		{"Tool", func() { mcpserver.Tool(nil) }, "mcpserver.Tool: a nil tool"},
		{"Handler", func() { mcpserver.Handler(nil, nil) }, "mcpserver.Handler: a nil tool"},
		{"AddTool", func() {
			mcpserver.AddTool(mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil), nil, greet)
		}, "mcpserver.AddTool: a nil tool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != tt.want {
					t.Fatalf("panic %v, want %q", p, tt.want)
				}
			}()
			tt.call()
		})
	}
}
