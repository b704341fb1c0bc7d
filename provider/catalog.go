package provider

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolschema/toolschema/tool"
)

// OpenAIResponsesTools returns the tools of one Responses API request:
// each tool as OpenAIResponses defines it, except that the tools of a
// namespace (Meta.Namespace) are grouped into one namespace tool, at the
// place of the namespace's first tool:
//
//	{"type":"namespace","name":"crm","description":"...","tools":[{"type":"function",...},...]}
//
// When a tool is deferred (Meta.DeferLoading), the hosted tool search
// comes last, {"type":"tool_search"}, which the server executes: the
// model finds the deferred tools through it. The tools' names must be
// unique (a *tool.CollisionError names the one given twice), and so must
// their wire names.
//
// A namespace tool needs a description; it lists the namespace's tools
// ("Tools of crm: get_contact, list_contacts."), which the model reads
// before it searches.
func OpenAIResponsesTools(tools []*tool.Tool, opts ...Option) ([]json.RawMessage, error) {
	set, err := tool.NewSet(tools)
	if err != nil {
		return nil, fmt.Errorf("provider: %w", err)
	}
	names, err := set.WireNames("openai")
	if err != nil {
		return nil, fmt.Errorf("provider: %w", err)
	}
	type group struct {
		at    int
		names []string
		defs  []json.RawMessage
	}
	var out []json.RawMessage
	groups := map[string]*group{}
	var order []string
	deferred := false
	for i, t := range tools {
		def, err := OpenAIResponses(t, opts...)
		if err != nil {
			return nil, err
		}
		deferred = deferred || t.DeferLoading
		if t.Namespace == "" {
			out = append(out, def)
			continue
		}
		g := groups[t.Namespace]
		if g == nil {
			g = &group{at: len(out)}
			groups[t.Namespace] = g
			order = append(order, t.Namespace)
			out = append(out, nil) // the namespace tool's place
		}
		g.names = append(g.names, names[i])
		g.defs = append(g.defs, def)
	}
	for _, ns := range order {
		g := groups[ns]
		b, err := marshal(ordered{{"type", "namespace"}, {"name", ns},
			{"description", "Tools of " + ns + ": " + strings.Join(g.names, ", ") + "."}, {"tools", g.defs}})
		if err != nil {
			return nil, err
		}
		out[g.at] = b
	}
	if deferred {
		out = append(out, json.RawMessage(`{"type":"tool_search"}`))
	}
	return out, nil
}

// AnthropicToolSearchBM25 returns the definition of Anthropic's hosted tool
// search that ranks the deferred tools (those with "defer_loading":true)
// by BM25 over a natural-language query. Send it, not deferred, beside the
// definitions of Anthropic; the server answers its calls with
// tool_reference blocks that load the tools found. Anthropic's other
// hosted search, which matches a regular expression the model writes, is
// sent in its place as
// {"type":"tool_search_tool_regex_20251119","name":"tool_search_tool_regex"}
// (the SDK's ToolSearchToolRegex20251119Param).
func AnthropicToolSearchBM25() json.RawMessage {
	return json.RawMessage(`{"type":"tool_search_tool_bm25_20251119","name":"tool_search_tool_bm25"}`)
}
