package anthropicadapter

import "encoding/json"

// ToolNames returns the names of the tools the model can call now, as the
// last request gave them: the tools of Params.Tools but the deferred ones
// (defer_loading), by their wire names, and the deferred tools a search
// loaded (the tool_reference blocks of Params.Messages, Anthropic's hosted
// search's or References'). The runner (loop.Runner.Run) answers a call
// of a name its set does not have with them.
func (c *Conversation) ToolNames() []string {
	var names []string
	for _, t := range c.Params.Tools {
		b, err := json.Marshal(t)
		if err != nil {
			continue
		}
		var d struct {
			Name         string
			DeferLoading bool `json:"defer_loading"`
		}
		if json.Unmarshal(b, &d) == nil && d.Name != "" && !d.DeferLoading {
			names = append(names, d.Name)
		}
	}
	for _, m := range c.Params.Messages {
		b, err := json.Marshal(m)
		if err != nil {
			continue
		}
		var v any
		if json.Unmarshal(b, &v) == nil {
			names = appendReferences(names, v)
		}
	}
	return names
}

// appendReferences appends the tool_name of each tool_reference block in
// v, a message as JSON, in order.
func appendReferences(names []string, v any) []string {
	switch v := v.(type) {
	case map[string]any:
		if v["type"] == "tool_reference" {
			if n, ok := v["tool_name"].(string); ok {
				return append(names, n)
			}
		}
		for _, k := range []string{"content", "tool_references"} {
			names = appendReferences(names, v[k])
		}
	case []any:
		for _, e := range v {
			names = appendReferences(names, e)
		}
	}
	return names
}
