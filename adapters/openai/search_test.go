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
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// searchServer is a Responses API that answers each request with the
// next of outputs (one output item each) and keeps the bodies it was
// sent.
type searchServer struct {
	*httptest.Server
	mu     sync.Mutex
	bodies [][]byte
}

func newSearchServer(t *testing.T, outputs ...map[string]any) *searchServer {
	s := &searchServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		n := len(s.bodies)
		s.bodies = append(s.bodies, body)
		s.mu.Unlock()
		if n >= len(outputs) {
			http.Error(w, "one request too many", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": fmt.Sprintf("resp_%d", n), "object": "response", "created_at": 1,
			"status": "completed", "model": "gpt-test", "output": []any{outputs[n]}})
	}))
	t.Cleanup(s.Close)
	return s
}

// run plays the conversation through the SDK's client, with the catalog
// of looptest.Catalog, and returns the requests' bodies.
func (s *searchServer) run(t *testing.T, cat *loop.Catalog) [][]byte {
	t.Helper()
	c := openai.NewClient(option.WithBaseURL(s.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &openaiadapter.Responses{Client: &c, Catalog: cat, Params: responses.ResponseNewParams{Model: "gpt-test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Refund invoice INV-7: 12.50.")}}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	f, err := (&loop.Runner{Tools: cat.Set()}).Run(ctx, conv)
	if err != nil {
		t.Fatal(err)
	}
	if f.End == nil || f.End.Tool.Name != "finish" {
		t.Fatalf("the run ended with %+v, want finish", f)
	}
	return s.bodies
}

func searchCallItem(args string) map[string]any {
	return map[string]any{"type": "tool_search_call", "id": "tsc_1", "call_id": "call_s1", "execution": "client",
		"status": "completed", "arguments": json.RawMessage(args)}
}

func functionCallItem(n int, name, args string) map[string]any {
	return map[string]any{"type": "function_call", "id": fmt.Sprintf("fc_%d", n), "call_id": fmt.Sprintf("call_%d", n),
		"name": name, "arguments": args, "status": "completed"}
}

// searchRequest is what the tests read of a request.
type searchRequest struct {
	Tools []json.RawMessage `json:"tools"`
	Input []json.RawMessage `json:"input"`
}

func readRequests(t *testing.T, bodies [][]byte) []searchRequest {
	t.Helper()
	reqs := make([]searchRequest, len(bodies))
	for i, b := range bodies {
		if err := json.Unmarshal(b, &reqs[i]); err != nil {
			t.Fatal(err)
		}
	}
	return reqs
}

// searchOutput is a tool_search_output item as sent.
type searchOutput struct {
	Type      string            `json:"type"`
	CallID    string            `json:"call_id"`
	Execution string            `json:"execution"`
	Status    string            `json:"status"`
	Tools     []json.RawMessage `json:"tools"`
}

// wantDefinitions returns the definition of each tool of set as
// ResponsesTools sends it, by name.
func wantDefinitions(t *testing.T, set *tool.Set) map[string]string {
	t.Helper()
	tools, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, u := range tools {
		b, err := json.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		var head struct{ Name string }
		json.Unmarshal(b, &head)
		want[head.Name] = string(b)
	}
	return want
}

// TestResponsesClientSearch plays, through the SDK's Responses client, a
// conversation over 200 deferred tools with the search on the client's
// side: the first request lists only the two tools not deferred and the
// client-executed tool_search; the model's tool_search_call is answered,
// after it, by a tool_search_output with the definitions of the tools
// found, byte for byte those ResponsesTools sends; the tools of the
// requests never change (the definitions loaded are appended to the
// input); the model calls a tool found and gets its answer.
func TestResponsesClientSearch(t *testing.T) {
	set := looptest.Catalog(t)
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	srv := newSearchServer(t,
		searchCallItem(fmt.Sprintf(`{"query":%q,"limit":3}`, looptest.CatalogSearch)),
		functionCallItem(1, looptest.CatalogTarget, `{"id":"INV-7","amount":12.5}`),
		functionCallItem(2, "finish", `{"text":"refunded"}`))
	reqs := readRequests(t, srv.run(t, cat))
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	want := wantDefinitions(t, set)

	// The first request: note, finish and the client's tool_search.
	first := reqs[0].Tools
	if len(first) != 3 || string(first[0]) != want["note"] || string(first[1]) != want["finish"] {
		t.Fatalf("the first request's tools:\n%s", first)
	}
	var ts struct {
		Type, Execution, Description string
		Parameters                   struct {
			Properties map[string]json.RawMessage
			Required   []string
		}
	}
	if err := json.Unmarshal(first[2], &ts); err != nil {
		t.Fatal(err)
	}
	if ts.Type != "tool_search" || ts.Execution != "client" || !strings.Contains(ts.Description, "among 200 more") ||
		ts.Parameters.Properties["query"] == nil || ts.Parameters.Properties["limit"] == nil || !slices.Equal(ts.Parameters.Required, []string{"query"}) {
		t.Errorf("the search tool %s", first[2])
	}
	for i := 1; i < len(reqs); i++ {
		if !slices.EqualFunc(reqs[i].Tools, first, func(a, b json.RawMessage) bool { return string(a) == string(b) }) {
			t.Errorf("request %d's tools changed:\n%s", i, reqs[i].Tools)
		}
	}

	// The second request: the call echoed, then its output with the
	// three tools found, refund_invoice first.
	in := reqs[1].Input
	if len(in) != 3 {
		t.Fatalf("the second request's input has %d items, want 3:\n%s", len(in), in)
	}
	var out searchOutput
	if err := json.Unmarshal(in[2], &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(in[1]), `"type":"tool_search_call"`) || !strings.Contains(string(in[1]), `"call_id":"call_s1"`) {
		t.Errorf("the call is not echoed before its output: %s", in[1])
	}
	if out.Type != "tool_search_output" || out.CallID != "call_s1" || out.Execution != "client" || out.Status != "completed" || len(out.Tools) != 3 {
		t.Fatalf("the search's output %s", in[2])
	}
	for i, def := range out.Tools {
		var head struct{ Name string }
		json.Unmarshal(def, &head)
		if i == 0 && head.Name != looptest.CatalogTarget {
			t.Errorf("the first tool found is %s, want %s", head.Name, looptest.CatalogTarget)
		}
		if string(def) != want[head.Name] {
			t.Errorf("tool %s as loaded:\n%s\nwant, as ResponsesTools sends it:\n%s", head.Name, def, want[head.Name])
		}
		if !strings.Contains(string(def), `"defer_loading":true`) {
			t.Errorf("tool %s loaded without defer_loading: %s", head.Name, def)
		}
	}

	// The third request: everything before, then the found tool's call
	// and its answer.
	in3 := reqs[2].Input
	if len(in3) != 5 || string(in3[2]) != string(in[2]) {
		t.Fatalf("the third request's input does not keep the second's:\n%s", in3)
	}
	if !strings.Contains(string(in3[4]), `"type":"function_call_output"`) || !strings.Contains(string(in3[4]), `"call_id":"call_1"`) ||
		!strings.Contains(string(in3[4]), `"output":"refund_invoice INV-7 done"`) {
		t.Errorf("the found tool's answer %s", in3[4])
	}
}

// TestResponsesClientSearchFails answers a search that finds nothing with
// no tools, and one whose arguments are refused with no tools,
// "status":"incomplete" and a developer message that says why; the
// conversation goes on, and a deferred tool called without being found
// runs all the same.
func TestResponsesClientSearchFails(t *testing.T) {
	for _, tc := range []struct {
		name, args string
		status     string
		note       string // in the developer message; none when empty
	}{
		{"nothing found", `{"query":"zzyzx qwrtp"}`, "completed", ""},
		{"no query", `{"limit":3}`, "incomplete", "query"},
		{"limit too large", `{"query":"refund","limit":100}`, "incomplete", "limit"},
		{"arguments not an object", `["refund"]`, "incomplete", "object"},
		{"arguments as text", `"{\"query\":\"\"}"`, "incomplete", "query"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := loop.NewCatalog(looptest.Catalog(t))
			if err != nil {
				t.Fatal(err)
			}
			srv := newSearchServer(t, searchCallItem(tc.args),
				functionCallItem(1, "archive_vehicle", `{"id":"V-1"}`),
				functionCallItem(2, "finish", `{"text":"done"}`))
			reqs := readRequests(t, srv.run(t, cat))
			if len(reqs) != 3 {
				t.Fatalf("%d requests, want 3", len(reqs))
			}
			in := reqs[1].Input
			var out searchOutput
			if len(in) < 3 || json.Unmarshal(in[2], &out) != nil {
				t.Fatalf("the second request's input:\n%s", in)
			}
			if out.Type != "tool_search_output" || out.CallID != "call_s1" || out.Status != tc.status ||
				out.Tools == nil || len(out.Tools) != 0 || !strings.Contains(string(in[2]), `"tools":[]`) {
				t.Errorf("the search's output %s, want status %s and no tools", in[2], tc.status)
			}
			if tc.note == "" {
				if len(in) != 3 {
					t.Errorf("a search that found nothing is followed by %s", in[3:])
				}
			} else {
				var msg struct{ Role, Content string }
				if len(in) != 4 || json.Unmarshal(in[3], &msg) != nil || msg.Role != "developer" ||
					!strings.Contains(msg.Content, "The tool search 1 of your last answer") || !strings.Contains(msg.Content, tc.note) {
					t.Fatalf("the refusal is not told: %s", in[3:])
				}
				t.Logf("told: %s", msg.Content)
			}
			last := reqs[2].Input[len(reqs[2].Input)-1]
			if !strings.Contains(string(last), `"output":"archive_vehicle V-1 done"`) {
				t.Errorf("the deferred tool never found answered %s", last)
			}
		})
	}
}

// TestResponsesClientSearchNamespace loads a deferred tool of a namespace
// in its namespace tool, as ResponsesTools groups it, and runs its call.
func TestResponsesClientSearchNamespace(t *testing.T) {
	set := looptest.Catalog(t)
	count, err := reflectimpl.Create(func() (string, error) { return "42 contacts", nil }, reflectimpl.Meta(tool.Meta{
		Name: "count_contacts", Description: "Counts the contacts of the address book.", Namespace: "crm", DeferLoading: true}))
	if err != nil {
		t.Fatal(err)
	}
	if set, err = tool.NewSet(set.Tools(), []*tool.Tool{count}); err != nil {
		t.Fatal(err)
	}
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	nsCall := functionCallItem(1, "count_contacts", `{}`)
	nsCall["namespace"] = "crm"
	srv := newSearchServer(t, searchCallItem(`{"query":"count the contacts of the address book","limit":1}`),
		nsCall, functionCallItem(2, "finish", `{"text":"42"}`))
	reqs := readRequests(t, srv.run(t, cat))
	want, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		t.Fatal(err)
	}
	ns, _ := json.Marshal(want[len(want)-2]) // the crm namespace, before tool_search
	var out searchOutput
	if err := json.Unmarshal(reqs[1].Input[2], &out); err != nil || len(out.Tools) != 1 || string(out.Tools[0]) != string(ns) {
		t.Fatalf("the tools loaded %s, want the crm namespace %s", out.Tools, ns)
	}
	if last := reqs[2].Input[len(reqs[2].Input)-1]; !strings.Contains(string(last), `"output":"42 contacts"`) {
		t.Errorf("the namespaced tool answered %s", last)
	}
}

// TestResponsesCatalogNothingDeferred sends a catalog without a deferred
// tool as ResponsesTools sends its set: no tool_search at all.
func TestResponsesCatalogNothingDeferred(t *testing.T) {
	var tools []*tool.Tool
	for _, tl := range looptest.Catalog(t).Tools() {
		if !tl.DeferLoading {
			tools = append(tools, tl)
		}
	}
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	srv := newSearchServer(t, functionCallItem(1, "finish", `{"text":"done"}`))
	reqs := readRequests(t, srv.run(t, cat))
	want := wantDefinitions(t, set)
	if len(reqs[0].Tools) != 2 || string(reqs[0].Tools[0]) != want["note"] || string(reqs[0].Tools[1]) != want["finish"] {
		t.Errorf("the tools %s, want note and finish only", reqs[0].Tools)
	}
}
