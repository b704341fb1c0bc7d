package anthropicadapter

import (
	"bytes"
	"encoding/json"
)

// ToolNames returns the names of the tools the model can call now, as the
// last request gave them: the tools of Params.Tools but the deferred ones
// (defer_loading), by their wire names, and the deferred tools a search
// loaded (the tool_reference blocks of Params.Messages, Anthropic's hosted
// search's or References'). The runner (loop.Runner.Run) answers a call
// of a name its set does not have with them.
func (c *Conversation) ToolNames() []string {
	var names []string
	deferred := false
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
		deferred = deferred || d.DeferLoading
	}
	if !deferred {
		return names // nothing for a search to load: no message to read
	}
	for _, m := range c.Params.Messages {
		b, err := json.Marshal(m)
		if err != nil || !bytes.Contains(b, []byte(`"tool_reference"`)) {
			continue // most messages: no decoding of their results
		}
		var msg struct{ Content []refBlock }
		if json.Unmarshal(b, &msg) == nil {
			names = appendReferences(names, msg.Content, 0)
		}
	}
	return names
}

// A refBlock is what ToolNames reads of a content block: a
// tool_reference's tool_name, and the blocks a tool_result (content, a
// list) or a tool_search_tool_result (content, an object whose
// tool_references are the list) holds.
type refBlock struct {
	Type           string          `json:"type"`
	ToolName       string          `json:"tool_name"`
	Content        json.RawMessage `json:"content"`
	ToolReferences []refBlock      `json:"tool_references"`
}

// appendReferences appends the tool_name of each tool_reference among
// blocks and the blocks they hold, in order, two levels down at most (a
// reference in a tool_result, or in the result object of a
// tool_search_tool_result).
func appendReferences(names []string, blocks []refBlock, depth int) []string {
	for _, b := range blocks {
		if b.Type == "tool_reference" && b.ToolName != "" {
			names = append(names, b.ToolName)
			continue
		}
		if depth == 2 {
			continue
		}
		names = appendReferences(names, b.ToolReferences, depth+1)
		var inner []refBlock
		var one refBlock
		switch c := bytes.TrimSpace(b.Content); {
		case len(c) > 0 && c[0] == '[' && json.Unmarshal(c, &inner) == nil:
			names = appendReferences(names, inner, depth+1)
		case len(c) > 0 && c[0] == '{' && json.Unmarshal(c, &one) == nil:
			names = appendReferences(names, []refBlock{one}, depth+1)
		}
	}
	return names
}
