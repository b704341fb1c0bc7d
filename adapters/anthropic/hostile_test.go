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
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestCatalogManySearches: in the portable mode, with strict tools (the
// default), a model that searches until it has found more tools than a
// request takes (Anthropic takes 20 strict tools; 10 searches of 20 in
// one turn found 100) does not end the run: the tools found are sent
// while the request's limits allow, and each search's answer names only
// tools the next request carries and says how many more it found.
func TestCatalogManySearches(t *testing.T) {
	cat, err := loop.NewCatalog(looptest.Catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for i, noun := range []string{"invoice", "customer", "order", "shipment", "ticket", "contract", "payment", "product", "supplier", "employee"} {
		blocks = append(blocks, fmt.Sprintf(`{"type":"tool_use","id":"toolu_%d","name":"search_tools","input":{"query":"%s record","limit":20}}`, i, noun))
	}
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		bodies = append(bodies, body)
		w.Header().Set("Content-Type", "application/json")
		if len(bodies) == 1 {
			fmt.Fprintf(w, `{"id":"m","type":"message","role":"assistant","model":"c","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},"content":[%s]}`, strings.Join(blocks, ","))
			return
		}
		io.WriteString(w, refEnd)
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Catalog: cat, Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 10,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Find every tool."))}}}
	if _, err := (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv); err != nil {
		t.Fatalf("the run: %v", err)
	}
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	var req struct {
		Tools    []struct{ Name string }
		Messages []struct {
			Content []struct {
				Type    string
				Content []struct{ Text string }
			}
		}
	}
	if err := json.Unmarshal(bodies[1], &req); err != nil {
		t.Fatal(err)
	}
	if len(req.Tools) != 20 {
		t.Errorf("the second request carries %d tools, want 20", len(req.Tools))
	}
	has := map[string]bool{}
	for _, tl := range req.Tools {
		has[tl.Name] = true
	}
	left := 0
	for _, b := range req.Messages[len(req.Messages)-1].Content {
		if b.Type != "tool_result" || len(b.Content) != 1 {
			t.Fatalf("the last message: %s", bodies[1])
		}
		list, note, _ := strings.Cut(b.Content[0].Text, "\n")
		var found []struct{ Name string }
		if err := json.Unmarshal([]byte(list), &found); err != nil {
			t.Fatalf("a search answered %q", b.Content[0].Text)
		}
		for _, f := range found {
			if !has[f.Name] {
				t.Errorf("a search answered %s, which the request does not carry", f.Name)
			}
		}
		var n int
		if note != "" {
			if _, err := fmt.Sscanf(note, "%d more tool", &n); err != nil {
				t.Errorf("a search's note %q", note)
			}
		}
		left += n
	}
	// The request has note, finish, search_tools and 17 tools found; the
	// searches found 100 (some more than once).
	if left < 83 {
		t.Errorf("the answers say %d tools were left out, want 83 at least", left)
	}
}

// TestToolUseInputKinds: a tool_use block whose input is not an object
// (a string holding JSON, an array, a number) is answered as an error
// the model can act on, is_error set; input null or left out is no
// arguments, as an empty object; an empty name is answered without
// being repeated; two blocks of one id are each answered.
func TestToolUseInputKinds(t *testing.T) {
	set := looptest.Small(t)
	tools, err := anthropicadapter.Tools(set)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ block, want string }{
		{`{"type":"tool_use","id":"t0","name":"lookup","input":"{\"city\":\"Oslo\"}"}`, "Arguments must be a JSON object."},
		{`{"type":"tool_use","id":"t1","name":"lookup","input":[{"city":"Oslo"}]}`, "Arguments must be a JSON object."},
		{`{"type":"tool_use","id":"t2","name":"lookup","input":5}`, "Arguments must be a JSON object."},
		{`{"type":"tool_use","id":"t3","name":"lookup","input":null}`, "Argument 'city' is required."},
		{`{"type":"tool_use","id":"t4","name":"lookup"}`, "Argument 'city' is required."},
		{`{"type":"tool_use","id":"t4","name":"lookup","input":{"city":"Oslo"}}`, "3 results"},
		{`{"type":"tool_use","id":"t5","name":"","input":{}}`, "There is no tool by that name (a tool name is 1 to 128 letters, digits, '_', '.' or '-'). The tools are: lookup."},
	}
	var blocks []string
	for _, c := range cases {
		blocks = append(blocks, c.block)
	}
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		bodies = append(bodies, body)
		w.Header().Set("Content-Type", "application/json")
		if len(bodies) == 1 {
			fmt.Fprintf(w, `{"id":"m","type":"message","role":"assistant","model":"c","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},"content":[%s]}`, strings.Join(blocks, ","))
			return
		}
		io.WriteString(w, refEnd)
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 10, Tools: tools,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("go"))}}}
	if _, err := (&loop.Runner{Tools: set}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	var req refRequest
	if err := json.Unmarshal(bodies[1], &req); err != nil {
		t.Fatal(err)
	}
	results := req.Messages[len(req.Messages)-1].Content
	if len(results) != len(cases) {
		t.Fatalf("%d results, want %d", len(results), len(cases))
	}
	for i, r := range results {
		var content []struct{ Text string }
		json.Unmarshal(r.Content, &content)
		if len(content) != 1 || content[0].Text != cases[i].want || r.IsError != (cases[i].want != "3 results") {
			t.Errorf("%s answered %s (error %v), want %q", cases[i].block, r.Content, r.IsError, cases[i].want)
		}
	}
}

// tagsIn is an input the strict mode refuses: a map.
type tagsIn struct {
	Tags map[string]int `json:"tags"`
}

// TestCatalogRefusedToolEarly: in the portable mode, a deferred tool the
// conversion refuses (under the strict mode, one whose input has a map)
// would be refused when a search found it, and the model's search would
// end the run: it is refused at the first Next, before any request,
// naming the tool.
func TestCatalogRefusedToolEarly(t *testing.T) {
	tags, err := reflectimpl.Create(func(in tagsIn) string { return "tagged" },
		reflectimpl.Meta(tool.Meta{Name: "tag_things", Description: "Tags things.", DeferLoading: true}))
	if err != nil {
		t.Fatal(err)
	}
	note, err := reflectimpl.Create(func(in looptest.Note) string { return "noted" }, reflectimpl.Meta(tool.Meta{Name: "note", Description: "Notes."}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{note, tags})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	requests := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests++
		http.Error(w, "no request is answered here", http.StatusBadRequest)
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Catalog: cat, Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 10}}
	if _, err := conv.Next(context.Background(), nil); err == nil || !strings.Contains(err.Error(), "tag_things") || requests != 0 {
		t.Errorf("the first Next: %v after %d requests, want the refusal of tag_things before any", err, requests)
	}
}
