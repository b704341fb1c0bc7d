// Package olt022shared has a //tool:export tool and a drop-in's call that
// share a type: its fields are the tool's to report, once, with one fix
// each; a type only the call reaches is the call's.
package olt022shared

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type Query struct {
	Terms string `json:"terms" jsonschema:"description=What to look for"` // want `OLT022: field Terms: the peer library's tags have native forms \(description\); the fix rewrites them$`
}

// Hits is only the drop-in's result.
type Hits struct {
	Count int32 `json:"count" jsonschema_description:"How many were found."` // want `OLT022: mcpserver.AddTool\[Query, Hits\]: field Count: the peer library's tags have native forms \(description\); the fix rewrites them$`
}

// Find finds.
//
//tool:export
func Find(in Query) error { return nil }

func find(ctx context.Context, req *mcp.CallToolRequest, in Query) (*mcp.CallToolResult, Hits, error) {
	return nil, Hits{}, nil
}

func serve(s *mcp.Server) {
	mcpserver.AddTool(s, &mcp.Tool{Name: "find"}, find)
}
