package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
)

// TestNoEmptyTextSentBack: the API may answer with an empty text block
// before its tool_use blocks, and refuses one in a request ("text content
// blocks must be non-empty"): the assistant's message the conversation
// sends back has none, its other blocks kept in order.
func TestNoEmptyTextSentBack(t *testing.T) {
	c, sent := scripted(t, func(n int) (content, stop string) {
		if n == 0 {
			return `[{"type":"text","text":""},{"type":"tool_use","id":"toolu_1","name":"note","input":{"text":"x"}},{"type":"text","text":"\n"}]`, "tool_use"
		}
		return `[{"type":"text","text":"Done."}]`, "end_turn"
	})
	k := looptest.NewKit(t)
	tools, err := anthropicadapter.Tools(k.Set)
	if err != nil {
		t.Fatal(err)
	}
	conv := &anthropicadapter.Conversation{Client: c, Params: anthropic.MessageNewParams{
		Model: "claude-test", MaxTokens: 100, Tools: tools,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Take a note."))},
	}}
	if _, err := k.Runner().Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	bodies := sent()
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	var req struct {
		Messages []struct {
			Role    string            `json:"role"`
			Content []json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal([]byte(bodies[1]), &req); err != nil {
		t.Fatal(err)
	}
	if len(req.Messages) != 3 || req.Messages[1].Role != "assistant" {
		t.Fatalf("messages %s, want the user's, the assistant's and the results", bodies[1])
	}
	var got []string
	for _, b := range req.Messages[1].Content {
		var block struct {
			Type string  `json:"type"`
			Text *string `json:"text"`
		}
		if err := json.Unmarshal(b, &block); err != nil {
			t.Fatal(err)
		}
		if block.Text != nil && strings.TrimSpace(*block.Text) == "" {
			t.Errorf("the assistant's message sent back has an empty text block: %s", b)
		}
		got = append(got, block.Type)
	}
	if fmt.Sprint(got) != "[tool_use]" {
		t.Errorf("the assistant's blocks sent back are %v, want [tool_use]", got)
	}
}
