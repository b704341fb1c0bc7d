package mcpserver

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// failureMeta adds to an error result's _meta how far the call got and,
// for a business error, its stable code, category, recovery and
// retry-after: what a client's program acts on without parsing the text.
func failureMeta(m mcp.Meta, r *tool.Result) {
	m["toolschema/outcome"] = string(r.Outcome())
	f := r.Failure
	if f == nil {
		return
	}
	m["toolschema/errorCode"] = f.Code
	if f.Category != "" {
		m["toolschema/category"] = string(f.Category)
	}
	if f.Recovery != "" {
		m["toolschema/recovery"] = f.Recovery
	}
	if f.RetryAfter > 0 {
		m["toolschema/retryAfterMs"] = f.RetryAfter.Milliseconds()
	}
}
