package mcpgo

import (
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolschema/toolschema/tool"
)

// annotations returns the MCP annotations of t, from its execution policy,
// as the root's mcpserver writes them for the go-sdk: every hint written,
// its default included, so that a client does not have to know MCP's
// defaults: readOnlyHint and openWorldHint always, destructiveHint and
// idempotentHint for a tool that is not read-only (MCP gives them no
// meaning on one).
func annotations(t *tool.Tool) mcp.ToolAnnotation {
	a := mcp.ToolAnnotation{Title: t.Title, ReadOnlyHint: mcp.ToBoolPtr(t.ReadOnly)}
	if !t.ReadOnly {
		a.DestructiveHint = mcp.ToBoolPtr(t.IsDestructive())
		a.IdempotentHint = mcp.ToBoolPtr(t.Idempotent)
	}
	a.OpenWorldHint = mcp.ToBoolPtr(t.IsOpenWorld())
	return a
}
