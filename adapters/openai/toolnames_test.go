package openaiadapter_test

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
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// chatServer is a Chat Completions API that answers each request with
// the tool calls of the next of turns (a text answer once they are
// played) and keeps the bodies it was sent.
type chatServer struct {
	*httptest.Server
	mu     sync.Mutex
	bodies [][]byte
}

func newChatServer(t *testing.T, turns ...[]loop.Call) *chatServer {
	s := &chatServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		n := len(s.bodies)
		s.bodies = append(s.bodies, body)
		s.mu.Unlock()
		msg := map[string]any{"role": "assistant", "content": "Done.", "refusal": nil}
		finish := "stop"
		if n < len(turns) {
			var calls []any
			for _, c := range turns[n] {
				calls = append(calls, map[string]any{"id": c.ID, "type": "function",
					"function": map[string]any{"name": c.Name, "arguments": string(c.Args)}})
			}
			msg = map[string]any{"role": "assistant", "content": nil, "refusal": nil, "tool_calls": calls}
			finish = "tool_calls"
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1, "model": "gpt-test",
			"choices": []any{map[string]any{"index": 0, "finish_reason": finish, "message": msg}},
		})
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *chatServer) client() *openai.Client {
	c := openai.NewClient(option.WithBaseURL(s.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0), option.WithHTTPClient(s.Client()))
	return &c
}

// toolMessages returns the tool messages of a request, in order.
func toolMessages(t *testing.T, body []byte) []string {
	t.Helper()
	var req struct {
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		}
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range req.Messages {
		if m.Role == "tool" {
			s, _ := m.Content.(string)
			out = append(out, s)
		}
	}
	return out
}

func proxiedTool(t *testing.T, name string, deferred bool) *tool.Tool {
	t.Helper()
	tl, err := rawtool.New(tool.Meta{Name: name, Description: "Proxied " + name + ".", DeferLoading: deferred},
		json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "done", nil })
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestChatUnknownWireNames: a call of a name the set does not have is
// answered with the tools by the names the request gave the model, their
// wire names for OpenAI, not by names it cannot call; every tool the
// request carries is listed, the deferred ones included (Chat Completions
// has no deferred tools: ChatTools sends them all).
func TestChatUnknownWireNames(t *testing.T) {
	set, err := tool.NewSet([]*tool.Tool{proxiedTool(t, "admin.tools.list", false), proxiedTool(t, "admin.tools.get", true)})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := openaiadapter.ChatTools(set)
	if err != nil {
		t.Fatal(err)
	}
	srv := newChatServer(t, []loop.Call{{ID: "call_1", Name: "admin_tools_delete", Args: json.RawMessage(`{}`)}})
	chat := &openaiadapter.Chat{Client: srv.client(), Params: openai.ChatCompletionNewParams{Model: "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Delete the tools.")}, Tools: tools}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := (&loop.Runner{Tools: set}).Run(ctx, chat); err != nil {
		t.Fatal(err)
	}
	if len(srv.bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(srv.bodies))
	}
	want := "There is no tool named 'admin_tools_delete'. The tools are: admin_tools_list, admin_tools_get."
	if got := toolMessages(t, srv.bodies[1]); len(got) != 1 || got[0] != want {
		t.Errorf("the answer %q, want %q", got, want)
	}
}

// TestChatCatalogUnknownLists: with a Catalog, a tool that search_tools
// found is in the next request, so an unknown call lists it, by its wire
// name, and it is no longer among those the search finds.
func TestChatCatalogUnknownLists(t *testing.T) {
	cat := looptest.ProxiedCatalog(t, "admin.tools.list", "Lists the admin tools of the server.")
	srv := newChatServer(t,
		[]loop.Call{{ID: "call_1", Name: "search_tools", Args: json.RawMessage(`{"query":"list the admin tools"}`)}},
		[]loop.Call{{ID: "call_2", Name: "admin_tools_drop", Args: json.RawMessage(`{}`)}})
	chat := &openaiadapter.Chat{Client: srv.client(), Catalog: cat, Params: openai.ChatCompletionNewParams{Model: "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Drop the admin tools.")}}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := (&loop.Runner{Tools: cat.Set()}).Run(ctx, chat); err != nil {
		t.Fatal(err)
	}
	if len(srv.bodies) != 3 {
		t.Fatalf("%d requests, want 3", len(srv.bodies))
	}
	want := "There is no tool named 'admin_tools_drop'. The tools are: note, search_tools, admin_tools_list."
	if got := toolMessages(t, srv.bodies[2]); len(got) != 2 || got[1] != want {
		t.Errorf("the answers %q, want the second %q", got, want)
	}
}

// TestResponsesCatalogUnknownLists: through Responses, the catalog's
// search is the client-executed tool_search, not a function the model
// can call by name: an unknown call lists the functions, those its
// tool_search_output loaded included, by their wire names, and says "the
// tool search" for the search.
func TestResponsesCatalogUnknownLists(t *testing.T) {
	cat := looptest.ProxiedCatalog(t, "admin.tools.list", "Lists the admin tools of the server.")
	done := map[string]any{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
		"content": []any{map[string]any{"type": "output_text", "text": "Done.", "annotations": []any{}}}}
	srv := newSearchServer(t,
		functionCallItem(1, "admin_tools_drop", `{}`),
		searchCallItem(`{"query":"list the admin tools"}`),
		functionCallItem(2, "admin_tools_drop", `{}`),
		done)
	c := openai.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &openaiadapter.Responses{Client: &c, Catalog: cat, Params: responses.ResponseNewParams{Model: "gpt-test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Drop the admin tools.")}}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := (&loop.Runner{Tools: cat.Set()}).Run(ctx, conv); err != nil {
		t.Fatal(err)
	}
	reqs := readRequests(t, srv.bodies)
	if len(reqs) != 4 {
		t.Fatalf("%d requests, want 4", len(reqs))
	}
	output := func(req searchRequest, callID string) string {
		for _, in := range req.Input {
			var o struct {
				Type   string `json:"type"`
				CallID string `json:"call_id"`
				Output string `json:"output"`
			}
			if json.Unmarshal(in, &o) == nil && o.Type == "function_call_output" && o.CallID == callID {
				return o.Output
			}
		}
		return ""
	}
	for _, tt := range []struct {
		req  int
		want string
	}{
		{1, "There is no tool named 'admin_tools_drop'. The tools are: note; the tool search finds 1 more."},
		{3, "There is no tool named 'admin_tools_drop'. The tools are: note, admin_tools_list."},
	} {
		if got := output(reqs[tt.req], "call_"+fmt.Sprint(tt.req/2+1)); got != tt.want {
			t.Errorf("request %d answers %q, want %q", tt.req+1, got, tt.want)
		}
	}
}

// TestResponsesHostedSearchUnknownLists: with OpenAI's hosted search
// (ResponsesTools sends the deferred tools with defer_loading), a tool
// the server's search loaded in the response is the model's: a call of
// an unknown name in the same response lists it, by its wire name, and
// the deferred tool not loaded is counted among those "the tool search"
// finds.
func TestResponsesHostedSearchUnknownLists(t *testing.T) {
	set, err := tool.NewSet([]*tool.Tool{proxiedTool(t, "admin.tools.list", false), proxiedTool(t, "admin.tools.get", true), proxiedTool(t, "admin.tools.put", true)})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		t.Fatal(err)
	}
	srv := newItemsServer(t, []any{
		map[string]any{"type": "tool_search_call", "id": "ts_1", "execution": "server", "status": "completed", "arguments": map[string]any{"query": "get an admin tool"}},
		map[string]any{"type": "tool_search_output", "id": "tso_1", "execution": "server", "status": "completed", "tools": []any{
			map[string]any{"type": "function", "name": "admin_tools_get", "defer_loading": true, "strict": true,
				"parameters": map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}}}},
		functionCallItem(1, "admin_tools_drop", `{}`),
	}, []any{textDone})
	c := openai.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &openaiadapter.Responses{Client: &c, Params: responses.ResponseNewParams{Model: "gpt-test", Tools: tools,
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Drop the admin tools.")}}}
	if _, err := (&loop.Runner{Tools: set}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	if len(srv.bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(srv.bodies))
	}
	out := inputOf(t, srv.bodies[1], "function_call_output", "call_1")
	want := "There is no tool named 'admin_tools_drop'. The tools are: admin_tools_list, admin_tools_get; the tool search finds 1 more."
	if out == nil || out["output"] != want {
		t.Errorf("the answer %v, want %q", out, want)
	}
}

// TestChatSearchNoneFound: a search that finds no tool is answered with
// the empty list and a line that says what to do next, not a bare [].
func TestChatSearchNoneFound(t *testing.T) {
	cat, err := loop.NewCatalog(looptest.Catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	srv := newChatServer(t, []loop.Call{{ID: "c0", Name: loop.SearchToolName, Args: []byte(`{"query":"zebra"}`)}})
	chat := &openaiadapter.Chat{Client: srv.client(), Catalog: cat, Params: openai.ChatCompletionNewParams{Model: "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("go")}}}
	if _, err := (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), chat); err != nil {
		t.Fatal(err)
	}
	if len(srv.bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(srv.bodies))
	}
	msgs := toolMessages(t, srv.bodies[1])
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "[]\nNo tool was found for that search. Search again in other words") {
		t.Errorf("the search's answer: %q", msgs)
	}
}
