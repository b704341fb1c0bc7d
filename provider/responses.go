package provider

import (
	"encoding/json"

	"github.com/toolschema/toolschema/tool"
)

// OpenAIResponses returns the definition of t as a function tool of
// OpenAI's Responses API:
//
//	{"type":"function","name":...,"description":...,"parameters":...,"strict":true}
//
// A deferred tool (Meta.DeferLoading) has "defer_loading":true after them.
// The Responses API takes the members of a Chat Completions function at
// the top level of the tool, beside "type"; the Chat Completions shape
// given to it (or unmarshalled into the SDK's responses.FunctionToolParam)
// carries no name and no parameters. The conversion, its checks and its
// errors are those of OpenAI, and so are the options: only the shape
// differs.
func OpenAIResponses(t *tool.Tool, opts ...Option) (json.RawMessage, error) {
	if t == nil {
		return nil, errNilTool
	}
	c := newConfig(opts)
	params, strict, err := openAIFunction(t, c)
	if err != nil {
		return nil, err
	}
	def := ordered{{"type", "function"},
		{"name", wireName(t, "openai")}, {"description", c.description(t)}, {"parameters", params}, {"strict", strict}}
	if t.DeferLoading {
		def = append(def, kv{"defer_loading", true})
	}
	return marshal(def)
}
