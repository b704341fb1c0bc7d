package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
)

// TestNoEmptyTextSentBack: the API may answer with an empty text block
// before its tool_use blocks, and refuses one in a request ("text content
// blocks must be non-empty"): the assistant's message the conversation
// sends back has none, its other blocks kept in order.
func TestNoEmptyTextSentBack(t *testing.T) {
	var (
		mu     sync.Mutex
		bodies [][]byte
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, body)
		mu.Unlock()
		content, stop := `[{"type":"text","text":"Done."}]`, "end_turn"
		if n == 0 {
			content, stop = `[{"type":"text","text":""},{"type":"tool_use","id":"toolu_1","name":"note","input":{"text":"x"}},{"type":"text","text":"\n"}]`, "tool_use"
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"msg_%d","type":"message","role":"assistant","model":"claude-test","stop_reason":%q,"usage":{"input_tokens":1,"output_tokens":1},"content":%s}`, n, stop, content)
	}))
	defer srv.Close()
	k := looptest.NewKit(t)
	tools, err := anthropicadapter.Tools(k.Set)
	if err != nil {
		t.Fatal(err)
	}
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Params: anthropic.MessageNewParams{
		Model: "claude-test", MaxTokens: 100, Tools: tools,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Take a note."))},
	}}
	if _, err := k.Runner().Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	var req struct {
		Messages []struct {
			Role    string            `json:"role"`
			Content []json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(bodies[1], &req); err != nil {
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
