package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestReferencesUnknownLists: in References mode every definition is in
// the request from the first, the deferred ones with defer_loading; a
// tool a search referenced is loaded, so a call of an unknown name lists
// it, by its wire name (the proxied admin.tools.list is
// admin_tools_list), and not among those the search finds. Before the
// search, it is not listed.
func TestReferencesUnknownLists(t *testing.T) {
	cat := looptest.ProxiedCatalog(t, "admin.tools.list", "Lists the admin tools of the server.")
	reqs, _ := refPlay(t, cat, 0, []string{
		refToolUse(0, "admin_tools_drop", `{}`),
		refToolUse(1, "search_tools", `{"query":"list the admin tools"}`),
		refToolUse(2, "admin_tools_drop", `{}`),
		refEnd,
	})
	for _, tt := range []struct {
		req  int
		id   string
		want string
	}{
		{1, "toolu_0_0", `[{"text":"There is no tool named 'admin_tools_drop'. The tools are: note, search_tools; search_tools finds 1 more.","type":"text"}]`},
		{3, "toolu_2_0", `[{"text":"There is no tool named 'admin_tools_drop'. The tools are: note, search_tools, admin_tools_list.","type":"text"}]`},
	} {
		if got := reqs[tt.req].result(t, tt.id); string(got.Content) != tt.want || !got.IsError {
			t.Errorf("request %d answers %s (error %v), want %s", tt.req+1, got.Content, got.IsError, tt.want)
		}
	}
}

// TestHostedSearchUnknownLists: with Anthropic's hosted search (Tools
// sends the deferred tools with defer_loading), a tool the server's
// search referenced in the model's message is loaded: a call of an
// unknown name in the same message lists it, and a deferred tool not
// referenced is counted among those "the tool search" finds.
func TestHostedSearchUnknownLists(t *testing.T) {
	set, err := tool.NewSet([]*tool.Tool{proxied(t, "admin.tools.list", false), proxied(t, "admin.tools.get", true), proxied(t, "admin.tools.put", true)})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := anthropicadapter.Tools(set, provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	first := `{"id":"msg_0","type":"message","role":"assistant","model":"claude-test","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},"content":[` +
		`{"type":"server_tool_use","id":"srvtoolu_1","name":"tool_search_tool_bm25","input":{"query":"get an admin tool"}},` +
		`{"type":"tool_search_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"tool_search_tool_search_result","tool_references":[{"type":"tool_reference","tool_name":"admin_tools_get"}]}},` +
		`{"type":"tool_use","id":"toolu_1","name":"admin_tools_drop","input":{}}]}`
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		bodies = append(bodies, body)
		w.Header().Set("Content-Type", "application/json")
		if len(bodies) == 1 {
			io.WriteString(w, first)
		} else {
			io.WriteString(w, refEnd)
		}
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 100, Tools: tools,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Drop the admin tools."))}}}
	if _, err := (&loop.Runner{Tools: set}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	var req refRequest
	if err := json.Unmarshal(bodies[1], &req); err != nil {
		t.Fatal(err)
	}
	want := `[{"text":"There is no tool named 'admin_tools_drop'. The tools are: admin_tools_list, admin_tools_get; the tool search finds 1 more.","type":"text"}]`
	if got := req.result(t, "toolu_1"); string(got.Content) != want {
		t.Errorf("the answer %s, want %s", got.Content, want)
	}
}

func proxied(t *testing.T, name string, deferred bool) *tool.Tool {
	t.Helper()
	tl, err := rawtool.New(tool.Meta{Name: name, Description: "Proxied " + name + ".", DeferLoading: deferred},
		json.RawMessage(`{"type":"object","properties":{}}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "done", nil })
	if err != nil {
		t.Fatal(err)
	}
	return tl
}
