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
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestCatalogOwnToolsPastLimit: in the portable mode, only the tools a
// search found are left out when the request's limits have no room for
// them. The catalog's tools that are not deferred, and search_tools, are
// the program's: 21 strict ones (Anthropic takes 20) are the first
// Next's error, before any request, not a request without some of them
// (search_tools among them, which the model would never be told of).
func TestCatalogOwnToolsPastLimit(t *testing.T) {
	for _, tc := range []struct {
		own     int // the catalog's tools not deferred, search_tools not counted
		wantErr bool
	}{
		{19, false}, // 20 strict tools with search_tools
		{20, true},
		{25, true},
	} {
		t.Run(fmt.Sprint(tc.own), func(t *testing.T) {
			var tools []*tool.Tool
			for i := range tc.own + 1 {
				tl, err := reflectimpl.Create(func(in looptest.Note) string { return "noted" },
					reflectimpl.Meta(tool.Meta{Name: fmt.Sprintf("note_%d", i), Description: "Notes.", DeferLoading: i == tc.own}))
				if err != nil {
					t.Fatal(err)
				}
				tools = append(tools, tl)
			}
			set, err := tool.NewSet(tools)
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
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, refEnd)
			}))
			defer srv.Close()
			c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
			conv := &anthropicadapter.Conversation{Client: &c, Catalog: cat, Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 10,
				Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("go"))}}}
			_, err = conv.Next(context.Background(), nil)
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), "at most 20 strict tools") || requests != 0 {
					t.Errorf("%d strict tools of the catalog's own: %v after %d requests, want the limit's error before any", tc.own+1, err, requests)
				}
				return
			}
			if err != nil || requests != 1 {
				t.Fatalf("%v after %d requests", err, requests)
			}
			if names := conv.ToolNames(); len(names) != tc.own+1 || names[len(names)-1] != loop.SearchToolName {
				t.Errorf("the request carries %q; want %d tools, search_tools last", names, tc.own+1)
			}
		})
	}
}

// TestCatalogSearchCut: in the portable mode, a search whose answer the
// runner's result budget cut (a JSON list of the tools the cut kept,
// then the budget's note) is answered as any: each tool by its wire
// name (crm_refund_1 for crm.refund_1), and the note kept; not the
// catalog's own names, which the model cannot call.
func TestCatalogSearchCut(t *testing.T) {
	var tools []*tool.Tool
	for i := range 20 {
		tl, err := rawtool.New(tool.Meta{Name: fmt.Sprintf("crm.refund_%d", i), Description: "Proxied refund.", DeferLoading: true},
			json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
			func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "done", nil })
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		bodies = append(bodies, body)
		w.Header().Set("Content-Type", "application/json")
		if len(bodies) == 1 {
			io.WriteString(w, `{"id":"m","type":"message","role":"assistant","model":"c","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},`+
				`"content":[{"type":"tool_use","id":"toolu_1","name":"search_tools","input":{"query":"proxied crm refund","limit":20}}]}`)
			return
		}
		io.WriteString(w, refEnd)
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	conv := &anthropicadapter.Conversation{Client: &c, Catalog: cat, Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 10,
		Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("go"))}}}
	if _, err := (&loop.Runner{Tools: cat.Set(), MaxResultBytes: 600}).Run(context.Background(), conv); err != nil {
		t.Fatalf("the run: %v", err)
	}
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	var req struct {
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
	last := req.Messages[len(req.Messages)-1].Content
	if len(last) != 1 || last[0].Type != "tool_result" {
		t.Fatalf("the last message: %s", bodies[1])
	}
	var text []string
	for _, b := range last[0].Content {
		text = append(text, b.Text)
	}
	answer := strings.Join(text, "\n")
	list, note, _ := strings.Cut(answer, "\n")
	var found []struct{ Name string }
	if err := json.Unmarshal([]byte(list), &found); err != nil || len(found) == 0 || len(found) == 20 {
		t.Fatalf("the cut answer %q, want some of the 20 tools found", answer)
	}
	for _, f := range found {
		if !strings.HasPrefix(f.Name, "crm_refund_") {
			t.Errorf("the cut answer names %q, not a wire name", f.Name)
		}
	}
	if !strings.HasPrefix(note, "[The result was cut to fit 600 bytes") {
		t.Errorf("the cut answer's note %q", note)
	}
}
