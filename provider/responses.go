package provider

import (
	"encoding/json"
	"fmt"

	"github.com/toolschema/toolschema/tool"
)

// OpenAIResponses returns the definition of t as a function tool of
// OpenAI's Responses API:
//
//	{"type":"function","name":...,"description":...,"parameters":...,"strict":true}
//
// The Responses API takes the members of a Chat Completions function at
// the top level of the tool, beside "type"; the Chat Completions shape
// given to it (or unmarshalled into the SDK's responses.FunctionToolParam)
// carries no name and no parameters. The conversion, its checks and its
// errors are those of OpenAI, and so are the options: only the shape
// differs.
func OpenAIResponses(t *tool.Tool, opts ...Option) (json.RawMessage, error) {
	chat, err := OpenAI(t, opts...)
	if err != nil {
		return nil, err
	}
	return responsesShape(chat)
}

// responsesShape lifts the members of a Chat Completions definition's
// "function" to the top level, after "type", keeping their order and
// their exact text.
func responsesShape(chat json.RawMessage) (json.RawMessage, error) {
	def, err := parseOrdered(chat)
	if err != nil {
		return nil, fmt.Errorf("provider: a Chat Completions definition: %v", err)
	}
	fn, ok := def.get("function").(ordered)
	if !ok {
		return nil, fmt.Errorf("provider: a Chat Completions definition without a function: %s", chat)
	}
	out := make(ordered, 0, len(fn)+1)
	out = append(out, kv{"type", "function"})
	out = append(out, fn...)
	return marshal(out)
}
