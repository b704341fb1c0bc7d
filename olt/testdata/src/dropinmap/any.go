package dropinmap

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

// In of type any: no input under the drop-in, where the go-sdk took any
// object.
func anys(s *mcp.Server, t *mcp.Tool) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "reads"}, reads)                                                                   // want `OLT002: mcpserver.AddTool\[any, Out\]: tool "reads": input: In of type any takes no arguments under mcpserver.AddTool \(the go-sdk took any object\): give In a struct of the arguments, or map\[string\]any with an input schema set by hand$`
	mcpserver.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) { // want `OLT002: mcpserver.AddTool\[any, any\]: input: In of type any takes no arguments`
		return nil, in, nil
	})
	mcpserver.AddTool(s, &mcp.Tool{Name: "ping"}, ping)         // the parameter is not used
	mcpserver.AddTool(s, &mcp.Tool{Name: "blank"}, blank)       // the parameter is _
	mcpserver.AddTool(s, &mcp.Tool{Name: "unnamed"}, unnamed)   // the parameter has no name
	mcpserver.AddTool(s, &mcp.Tool{Name: "silenced"}, silenced) // the parameter is only assigned to _
	var h mcp.ToolHandlerFor[any, any]
	mcpserver.AddTool(s, &mcp.Tool{Name: "hidden"}, h) // the handler is not visible
	mcpserver.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	})
	var r reader
	mcpserver.AddTool(s, &mcp.Tool{Name: "method"}, r.read)                                                                 // want `OLT002: mcpserver.AddTool\[any, Out\]: tool "method": input: In of type any takes no arguments`
	mcpserver.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, any, error) { // want `OLT002: mcpserver.AddTool\[any, any\]: input: In of type any takes no arguments`
		return nil, func() any { return in }(), nil
	})
	// With a schema set by hand it panics, whatever the handler does.
	mcpserver.AddTool(s, &mcp.Tool{Name: "hand", InputSchema: schema}, ping) // want `OLT002: mcpserver.AddTool\[any, Out\]: tool "hand": input: In of type any with a hand-set schema panics: give In the struct the schema describes$`
}

func reads(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, Out, error) {
	m, _ := in.(map[string]any)
	_ = m
	return nil, Out{}, nil
}

func ping(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func blank(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func silenced(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, Out, error) {
	_ = in
	var _ = in
	_, _ = in, ctx
	return nil, Out{}, nil
}

func unnamed(context.Context, *mcp.CallToolRequest, any) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

type reader struct{}

func (reader) read(ctx context.Context, req *mcp.CallToolRequest, in any) (*mcp.CallToolResult, Out, error) {
	if in != nil {
		return nil, Out{}, nil
	}
	return nil, Out{}, nil
}
