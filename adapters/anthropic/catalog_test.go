package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
)

// TestNativeSearch plays, through the SDK's client, a conversation over
// 200 deferred tools with Anthropic's hosted search: the request carries
// them with "defer_loading":true and the BM25 search tool last; the
// server's search (server_tool_use, tool_search_tool_result with a
// tool_reference) and the model's call of the tool found come in one
// response; the next request carries the search's blocks back, unchanged,
// and the found tool's answer.
func TestNativeSearch(t *testing.T) {
	set := looptest.Catalog(t)
	tools, err := anthropicadapter.Tools(set, provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	responses := []string{
		`{"id":"msg_0","type":"message","role":"assistant","model":"claude-test","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},"content":[` +
			`{"type":"server_tool_use","id":"srvtoolu_1","name":"tool_search_tool_bm25","input":{"query":"refund an invoice"}},` +
			`{"type":"tool_search_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"tool_search_tool_search_result","tool_references":[{"type":"tool_reference","tool_name":"refund_invoice"}]}},` +
			`{"type":"tool_use","id":"toolu_1","name":"refund_invoice","input":{"id":"INV-7","amount":12.5}}]}`,
		`{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1},"content":[{"type":"text","text":"Refunded."}]}`,
	}
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := len(bodies)
		bodies = append(bodies, string(body))
		if n >= len(responses) {
			http.Error(w, "one request too many", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, responses[n])
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Params: anthropic.MessageNewParams{
		Model: "claude-test", MaxTokens: 100, Tools: tools,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Refund invoice INV-7: 12.50."))},
	}}
	if _, err := (&loop.Runner{Tools: set}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	var first struct{ Tools []json.RawMessage }
	if err := json.Unmarshal([]byte(bodies[0]), &first); err != nil {
		t.Fatal(err)
	}
	if len(first.Tools) != set.Len()+1 {
		t.Fatalf("%d tools sent, want the set's %d and the search tool", len(first.Tools), set.Len())
	}
	deferred := 0
	for _, d := range first.Tools {
		if strings.HasSuffix(string(d), `"defer_loading":true}`) {
			deferred++
		}
	}
	if deferred != 200 {
		t.Errorf("%d tools sent deferred, want 200", deferred)
	}
	if got := string(first.Tools[len(first.Tools)-1]); got != string(provider.AnthropicToolSearchBM25()) {
		t.Errorf("the last tool %s, want the BM25 search tool", got)
	}
	for _, s := range []string{`"type":"tool_search_tool_result"`, `"tool_name":"refund_invoice"`, `"type":"server_tool_use"`,
		`"tool_use_id":"toolu_1"`, `refund_invoice INV-7 done`} {
		if !strings.Contains(bodies[1], s) {
			t.Errorf("the second request lacks %s", s)
		}
	}
}

// TestCatalog plays, through the SDK's client, a conversation over 200
// deferred tools with loop's client-side search: the first request
// carries the two tools not deferred and search_tools; the model searches;
// the next request carries the tools found appended (without
// defer_loading: they are sent to be used), the first three unchanged;
// the model calls one and gets its answer.
func TestCatalog(t *testing.T) {
	cat, err := loop.NewCatalog(looptest.Catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	toolUse := func(n int, name, input string) string {
		return fmt.Sprintf(`{"id":"msg_%d","type":"message","role":"assistant","model":"claude-test","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},`+
			`"content":[{"type":"tool_use","id":"toolu_%d","name":%q,"input":%s}]}`, n, n, name, input)
	}
	responses := []string{
		toolUse(0, loop.SearchToolName, fmt.Sprintf(`{"query":%q,"limit":3}`, looptest.CatalogSearch)),
		toolUse(1, looptest.CatalogTarget, `{"id":"INV-7","amount":12.5}`),
		toolUse(2, "finish", `{"text":"refunded"}`),
	}
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := len(bodies)
		bodies = append(bodies, string(body))
		if n >= len(responses) {
			http.Error(w, "one request too many", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, responses[n])
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Catalog: cat, Params: anthropic.MessageNewParams{
		Model: "claude-test", MaxTokens: 100,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Refund invoice INV-7: 12.50."))},
	}}
	f, err := (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv)
	if err != nil {
		t.Fatal(err)
	}
	if f.End == nil || f.End.Tool.Name != "finish" || len(bodies) != 3 {
		t.Fatalf("%d requests, the run ended with %+v; want 3 and finish", len(bodies), f)
	}
	type request struct {
		Tools    []json.RawMessage
		Messages []struct {
			Content []struct {
				Type    string
				Content json.RawMessage
			}
		}
	}
	reqs := make([]request, 3)
	for i, b := range bodies {
		if err := json.Unmarshal([]byte(b), &reqs[i]); err != nil {
			t.Fatal(err)
		}
	}
	name := func(def json.RawMessage) string {
		var d struct{ Name string }
		json.Unmarshal(def, &d)
		return d.Name
	}
	var first []string
	for _, d := range reqs[0].Tools {
		first = append(first, name(d))
	}
	if strings.Join(first, " ") != "note finish "+loop.SearchToolName {
		t.Fatalf("the first request's tools %q", first)
	}
	if len(reqs[1].Tools) != 6 || name(reqs[1].Tools[3]) != looptest.CatalogTarget || len(reqs[2].Tools) != 6 {
		t.Fatalf("the later requests carry %d and %d tools, want 6 (%s fourth)", len(reqs[1].Tools), len(reqs[2].Tools), looptest.CatalogTarget)
	}
	for i, d := range reqs[1].Tools {
		if i < 3 && string(d) != string(reqs[0].Tools[i]) {
			t.Errorf("tool %d changed between requests:\n%s\n%s", i, reqs[0].Tools[i], d)
		}
		if strings.Contains(string(d), "defer_loading") {
			t.Errorf("tool %d is sent deferred: %s", i, d)
		}
	}
	if !strings.Contains(bodies[2], `refund_invoice INV-7 done`) || !strings.Contains(bodies[1], `\"name\":\"refund_invoice\"`) {
		t.Errorf("the search's or the found tool's answer is missing:\n%s\n%s", bodies[1], bodies[2])
	}
}
