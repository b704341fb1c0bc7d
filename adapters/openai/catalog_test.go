package openaiadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
)

// TestChatCatalog plays, through the SDK's Chat Completions client, a
// conversation over 200 deferred tools: the first request carries only
// the two tools not deferred and search_tools; the model searches; the
// next request carries the tools found, appended after the first three
// (their bytes unchanged); the model calls one of them and gets its
// answer; then it ends the loop.
func TestChatCatalog(t *testing.T) {
	type request struct {
		Tools []struct {
			Function struct{ Name string } `json:"function"`
		} `json:"tools"`
		Messages []chatMessage `json:"messages"`
	}
	var (
		mu     sync.Mutex
		bodies [][]byte
	)
	calls := []struct{ name, args string }{
		{loop.SearchToolName, fmt.Sprintf(`{"query":%q,"limit":3}`, looptest.CatalogSearch)},
		{looptest.CatalogTarget, `{"id":"INV-7","amount":12.5}`},
		{"finish", `{"text":"refunded"}`},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, body)
		mu.Unlock()
		if n >= len(calls) {
			http.Error(w, "one request too many", http.StatusBadRequest)
			return
		}
		resp := map[string]any{
			"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1, "model": "gpt-test",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "tool_calls", "message": map[string]any{
				"role": "assistant", "content": nil, "refusal": nil,
				"tool_calls": []any{map[string]any{"id": fmt.Sprintf("call_%d", n), "type": "function",
					"function": map[string]any{"name": calls[n].name, "arguments": calls[n].args}}},
			}}},
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(resp)
	}))
	defer srv.Close()

	cat, err := loop.NewCatalog(looptest.Catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	c := openai.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	chat := &openaiadapter.Chat{Client: &c, Catalog: cat, Params: openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Refund invoice INV-7: 12.50.")},
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	f, err := (&loop.Runner{Tools: cat.Set()}).Run(ctx, chat)
	if err != nil {
		t.Fatal(err)
	}
	if f.End == nil || f.End.Tool.Name != "finish" {
		t.Fatalf("the run ended with %+v, want finish", f)
	}
	if len(bodies) != 3 {
		t.Fatalf("%d requests, want 3", len(bodies))
	}
	reqs := make([]request, len(bodies))
	rawTools := make([][]json.RawMessage, len(bodies))
	for i, b := range bodies {
		if err := json.Unmarshal(b, &reqs[i]); err != nil {
			t.Fatal(err)
		}
		var raw struct{ Tools []json.RawMessage }
		json.Unmarshal(b, &raw)
		rawTools[i] = raw.Tools
	}
	toolNames := func(r request) []string {
		var out []string
		for _, tl := range r.Tools {
			out = append(out, tl.Function.Name)
		}
		return out
	}
	if got, want := toolNames(reqs[0]), []string{"note", "finish", loop.SearchToolName}; !slices.Equal(got, want) {
		t.Fatalf("the first request's tools %q, want %q", got, want)
	}
	second := toolNames(reqs[1])
	if len(second) != 6 || second[3] != looptest.CatalogTarget {
		t.Fatalf("the second request's tools %q, want the first three and three found, %s first", second, looptest.CatalogTarget)
	}
	for i := range rawTools[0] {
		if !looptest.SameJSON(rawTools[0][i], rawTools[1][i]) || string(rawTools[0][i]) != string(rawTools[1][i]) {
			t.Errorf("tool %d changed between requests:\n%s\n%s", i, rawTools[0][i], rawTools[1][i])
		}
	}
	if !slices.Equal(toolNames(reqs[2]), second) {
		t.Errorf("the third request's tools %q, want the second's %q", toolNames(reqs[2]), second)
	}
	last := func(r request) string {
		m := r.Messages[len(r.Messages)-1]
		var text string
		if m.Role != "tool" || json.Unmarshal(m.Content, &text) != nil {
			t.Fatalf("the last message is a %s message: %s", m.Role, m.Content)
		}
		return text
	}
	if got := last(reqs[1]); !strings.HasPrefix(got, `[{"name":"refund_invoice"`) {
		t.Errorf("the search's answer %s", got)
	}
	if got := last(reqs[2]); got != "refund_invoice INV-7 done" {
		t.Errorf("the found tool's answer %q", got)
	}
}
