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
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
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

// TestResponsesNativeSearch sends, through the SDK's Responses client,
// the tools of a catalog with 200 deferred tools and a namespace: the
// request carries the provider's bytes (defer_loading on the deferred
// tools, the namespace tool, tool_search last) as the SDK's union types
// send them; a function_call of a namespaced tool is the tool's call.
func TestResponsesNativeSearch(t *testing.T) {
	set := looptest.Catalog(t)
	extra, err := reflectimpl.Create(func() (string, error) { return "42 contacts", nil },
		reflectimpl.Meta(tool.Meta{Name: "count_contacts", Description: "Counts the contacts.", Namespace: "crm"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err = tool.NewSet(set.Tools(), []*tool.Tool{extra})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		t.Fatal(err)
	}
	want, err := provider.OpenAIResponsesTools(set.Tools())
	if err != nil {
		t.Fatal(err)
	}
	var sent []json.RawMessage
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Tools []json.RawMessage }
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &req)
		sent = req.Tools
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": "resp_0", "object": "response", "created_at": 1, "status": "completed",
			"model": "gpt-test", "output": []any{map[string]any{"type": "function_call", "id": "fc_1", "call_id": "call_1",
				"namespace": "crm", "name": "count_contacts", "arguments": "{}", "status": "completed"}}})
	}))
	defer srv.Close()
	c := openai.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &openaiadapter.Responses{Client: &c, Params: responses.ResponseNewParams{Model: "gpt-test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("How many contacts?")}, Tools: tools}}
	calls, err := conv.Next(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(sent) != len(want) || len(sent) != set.Len()+1 {
		t.Fatalf("%d tools sent, want %d (the set's %d and tool_search)", len(sent), len(want), set.Len())
	}
	for i := range want {
		if string(sent[i]) != string(want[i]) {
			t.Errorf("tool %d as sent:\n%s\nwant:\n%s", i, sent[i], want[i])
		}
	}
	for _, s := range []string{`"name":"refund_invoice"`, `"defer_loading":true`} {
		if !strings.Contains(string(sent[161]), s) {
			t.Errorf("tool 161 %s lacks %s", sent[161], s)
		}
	}
	if !strings.HasPrefix(string(sent[202]), `{"type":"namespace","name":"crm",`) || string(sent[203]) != `{"type":"tool_search"}` {
		t.Errorf("the last tools %s and %s: want the crm namespace and tool_search", sent[202], sent[203])
	}
	turn, err := (&loop.Runner{Tools: set}).Turn(context.Background(), calls)
	if err != nil || len(calls) != 1 || loop.Content(turn.Outcomes[0].Result) != "42 contacts" {
		t.Errorf("the namespaced call %+v answered %v", calls, err)
	}
}
