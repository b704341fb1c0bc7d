package provider_test

import (
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// Every conversion refuses a nil tool or a nil output with an error
// naming it, where it dereferenced it.
func TestNilTool(t *testing.T) {
	tests := []struct {
		name string
		conv func() (any, error)
		want string
	}{
		{"OpenAI", func() (any, error) { return provider.OpenAI(nil) }, "provider: a nil tool"},
		{"OpenAIResponses", func() (any, error) { return provider.OpenAIResponses(nil) }, "provider: a nil tool"},
		{"Gemini", func() (any, error) { return provider.Gemini(nil) }, "provider: a nil tool"},
		{"Anthropic", func() (any, error) { return provider.Anthropic([]*tool.Tool{nil}) },
			"provider: tool: tool 1 of the set is nil"},
		{"OpenAIResponsesTools", func() (any, error) { return provider.OpenAIResponsesTools([]*tool.Tool{nil}) },
			"provider: tool: tool 1 of the set is nil"},
		{"OpenAIResponseFormat", func() (any, error) { return provider.OpenAIResponseFormat(nil) }, "provider: a nil output"},
		{"OpenAIResponsesFormat", func() (any, error) { return provider.OpenAIResponsesFormat(nil) }, "provider: a nil output"},
		{"AnthropicOutputFormat", func() (any, error) { return provider.AnthropicOutputFormat(nil) }, "provider: a nil output"},
		{"GeminiResponseSchema", func() (any, error) { return provider.GeminiResponseSchema(nil) }, "provider: a nil output"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.conv()
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			switch got := got.(type) {
			case json.RawMessage:
				if got != nil {
					t.Fatalf("definition %s beside the error", got)
				}
			case []json.RawMessage:
				if got != nil {
					t.Fatalf("definitions %s beside the error", got)
				}
			}
		})
	}
}
