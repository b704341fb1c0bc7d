package mcpserver

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// annotations returns the MCP annotations of t, from its execution policy.
// Every hint is written, its default included, so that a client does not
// have to know MCP's defaults: readOnlyHint, idempotentHint and
// openWorldHint always, destructiveHint for a tool that is not read-only
// (MCP gives it no meaning on one). idempotentHint has none on a read-only
// tool either, but the SDK's type writes it whatever its value: false,
// MCP's default. The title is also the tool's (Tool). This is the one
// place where the policy becomes MCP's words.
func annotations(t *tool.Tool) *mcp.ToolAnnotations {
	a := &mcp.ToolAnnotations{Title: t.Title, ReadOnlyHint: t.ReadOnly}
	if !t.ReadOnly {
		a.DestructiveHint = new(t.IsDestructive())
		a.IdempotentHint = t.Idempotent
	}
	a.OpenWorldHint = new(t.IsOpenWorld())
	return a
}
