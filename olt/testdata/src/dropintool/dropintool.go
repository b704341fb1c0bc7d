// Package dropintool has a //tool:export tool and a drop-in's call that
// share a type: its problem is the tool's diagnostic, once.
package dropintool

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type Query struct {
	Terms []string `json:"terms,omitemtpy"` // want `OLT011: input.terms: json tag option "omitemtpy" is unknown to encoding/json, which ignores it; did you mean "omitempty"\? \(tool find\)`
}

// Find finds.
//
//tool:export
func Find(in Query) error { return nil }

func find(ctx context.Context, req *mcp.CallToolRequest, in Query) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func serve(s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "find"}, find)
}
