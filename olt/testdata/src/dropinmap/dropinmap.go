// Package dropinmap moves go-sdk handlers that take a map of the
// arguments, or any, to mcpserver.AddTool: what the drop-in panics on, or
// reads otherwise, is reported where the call shows it.
package dropinmap

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type Out struct {
	Text string `json:"text"`
}

func echo(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

type Args map[string]interface{}

func named(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

var schema = json.RawMessage(`{"type":"object"}`)

const echoName = "echo"

// Maps of the arguments: without an input schema set by hand the drop-in
// panics at start-up.
func maps(s *mcp.Server, t *mcp.Tool, name string) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "echo"}, echo)                        // want `OLT002: mcpserver.AddTool\[map\[string\]any, Out\]: tool "echo": input: the input is map\[string\]any, not a struct; tool arguments are the fields of one struct: give In a struct of the arguments, or set the tool's InputSchema by hand, with import _ "github.com/toolschema/toolschema/declared"$`
	mcpserver.AddTool(s, &mcp.Tool{Name: echoName, InputSchema: nil}, echo)    // want `OLT002: mcpserver.AddTool\[map\[string\]any, Out\]: tool "echo": input: the input is map\[string\]any, not a struct`
	mcpserver.AddTool(s, &(mcp.Tool{Name: "named"}), named)                    // want `OLT002: mcpserver.AddTool\[Args, any\]: tool "named": input: the input is Args, not a struct`
	mcpserver.AddTool(s, &mcp.Tool{Name: name}, echo)                          // want `OLT002: mcpserver.AddTool\[map\[string\]any, Out\]: input: the input is map\[string\]any, not a struct`
	mcpserver.AddTool(s, &mcp.Tool{Name: "echo", InputSchema: schema}, echo)   // a schema set by hand: allowed
	mcpserver.AddTool(s, &mcp.Tool{"echo", schema}, echo)                      // positional: set by hand
	mcpserver.AddTool(s, t, echo)                                              // the tool is not known here
	mcpserver.AddTool(s, &mcp.Tool{Name: "ok", InputSchema: map[string]any{}}, // any value that marshals to a schema
		func(ctx context.Context, req *mcp.CallToolRequest, in map[string]any) (*mcp.CallToolResult, any, error) {
			return nil, nil, nil
		})
}
