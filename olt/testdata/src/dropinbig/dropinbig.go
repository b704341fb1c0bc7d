// Package dropinbig registers its tools as github/github-mcp-server does,
// moved to mcpserver.AddTool: a generic constructor keeps a closure that
// adds the tool with the handler typed by the constructor's parameters,
// most handlers taking a map of the arguments beside an input schema set
// by hand, and a toolset's loop registering them. The constructor is
// followed: each instantiation's type arguments are checked as the
// drop-in's, and a map of the arguments is not reported (it is taken
// beside a schema set by hand).
package dropinbig

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type deps struct{ login string }

type depsKey struct{}

// serverTool is a definition and the function that adds it.
type serverTool struct {
	def mcp.Tool
	add func(s *mcp.Server, t *mcp.Tool)
}

// newTool is the constructor: the handler gets its dependencies from the
// context, and the drop-in is called in a closure.
func newTool[In, Out any](def mcp.Tool, h func(context.Context, deps, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) serverTool {
	typed := func(ctx context.Context, req *mcp.CallToolRequest, args In) (*mcp.CallToolResult, Out, error) {
		d, _ := ctx.Value(depsKey{}).(deps)
		return h(ctx, d, req, args)
	}
	return serverTool{def: def, add: func(s *mcp.Server, t *mcp.Tool) {
		mcpserver.AddTool(s, t, typed)
	}}
}

// Search is a typed input, as the constructor allows.
type Search struct {
	Query string `json:"query"`
	Limit int    `json:"limit,omitemtpy"` // want `OLT011: newTool\[Search, Hits\]: input.limit: json tag option "omitemtpy" is unknown to encoding/json`
}

// Hits is a result with no schema.
type Hits struct {
	Stream chan string `json:"stream"` // want `OLT003: newTool\[Search, Hits\]: .*chan string`
}

func tools() []serverTool {
	return []serverTool{
		newTool(mcp.Tool{Name: "get_me"}, func(_ context.Context, d deps, _ *mcp.CallToolRequest, _ map[string]any) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		}),
		newTool(mcp.Tool{Name: "search"}, func(context.Context, deps, *mcp.CallToolRequest, Search) (*mcp.CallToolResult, Hits, error) {
			return nil, Hits{}, nil
		}),
	}
}

func serve(s *mcp.Server) {
	for _, st := range tools() {
		t := st.def
		st.add(s, &t)
	}
	// A map of the arguments called directly, beside its schema.
	mcpserver.AddTool(s, &mcp.Tool{Name: "pods_list", InputSchema: podsSchema}, func(context.Context, *mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
}

// podsSchema is the input schema set by hand.
var podsSchema = map[string]any{"type": "object"}
