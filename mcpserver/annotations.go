package mcpserver

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// annotations maps a tool's metadata to the hints MCP clients read. It is
// the one place where that mapping is written: a tool that requires
// approval is marked destructive (a client may ask its user again, or
// warn); a tool with nothing to say gets no annotations, and a client then
// assumes MCP's defaults.
func annotations(t *tool.Tool) *mcp.ToolAnnotations {
	if !t.RequiresApproval {
		return nil
	}
	destructive := true
	return &mcp.ToolAnnotations{DestructiveHint: &destructive}
}
