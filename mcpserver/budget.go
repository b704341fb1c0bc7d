package mcpserver

import (
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/budget"
	"github.com/toolschema/toolschema/tool"
)

// resultLimit is the budget of one result of t (budget.Limit).
func (o *Options) resultLimit(t *tool.Tool) int { return budget.Limit(t, o.MaxResultBytes) }

// cutResult is result, with r cut to limit first. A structured result
// (one JSON part, sent as structuredContent) keeps every object member,
// so that it stays valid for the output schema's required members, and
// stays one structured value; the note follows as a second text content.
func cutResult(name string, r *tool.Result, limit int, structured bool, null json.RawMessage) *mcp.CallToolResult {
	mode := budget.Any
	if structured && !r.IsError && len(r.Parts) == 1 {
		if _, ok := r.Parts[0].(tool.JSONPart); ok {
			mode = budget.ItemsOnly
		}
	}
	cut := budget.Result(r, limit, mode)
	if cut == r {
		return result(name, r, structured, null)
	}
	var out *mcp.CallToolResult
	if mode == budget.ItemsOnly {
		// The cut value and its note: the value goes out as the
		// structured content, the note beside it.
		value := *cut
		value.Parts = cut.Parts[:len(cut.Parts)-1]
		out = result(name, &value, structured, null)
		out.Content = append(out.Content, &mcp.TextContent{Text: cut.Parts[len(cut.Parts)-1].(tool.TextPart).Text})
	} else {
		out = result(name, cut, structured, null)
	}
	if out.Meta == nil {
		out.Meta = mcp.Meta{}
	}
	out.Meta[metaPrefix+"truncated"] = true
	return out
}
