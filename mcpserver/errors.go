package mcpserver

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
)

// errorMeta returns the _meta of an error result: its code, whether the
// tool started, and failureMeta's.
func errorMeta(r *tool.Result) mcp.Meta {
	m := mcp.Meta{}
	setMeta(m, "code", string(r.Code))
	setMeta(m, "started", r.Started)
	failureMeta(m, r)
	return m
}

// failureMeta adds to an error result's _meta how far the call got and,
// for a business error, its stable code, category, recovery and
// retry-after: what a client's program acts on without parsing the text.
func failureMeta(m mcp.Meta, r *tool.Result) {
	setMeta(m, "outcome", string(r.Outcome()))
	f := r.Failure
	if f == nil {
		return
	}
	setMeta(m, "errorCode", f.Code)
	if f.Category != "" {
		setMeta(m, "category", string(f.Category))
	}
	if f.Recovery != "" {
		setMeta(m, "recovery", f.Recovery)
	}
	if f.RetryAfter > 0 {
		setMeta(m, "retryAfterMs", f.RetryAfter.Milliseconds())
	}
}
