package geminiadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestCatalogSearchCut: a search whose answer the runner's result budget
// cut (a JSON list of the tools the cut kept, then the budget's note)
// names each tool kept by its wire name (_9crm.refund_1 for
// 9crm.refund_1), as an answer not cut does, with the note after; not
// by the catalog's own names, which the model cannot call.
func TestCatalogSearchCut(t *testing.T) {
	var tools []*tool.Tool
	for i := range 20 {
		tl, err := rawtool.New(tool.Meta{Name: fmt.Sprintf("9crm.refund_%d", i), Description: "Proxied refund.", DeferLoading: true},
			json.RawMessage(`{"type":"object","properties":{}}`),
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
		part := map[string]any{"text": "Done."}
		if len(bodies) == 1 {
			part = map[string]any{"functionCall": map[string]any{"id": "c0", "name": loop.SearchToolName, "args": map[string]any{"query": "proxied crm refund", "limit": 20}}}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"candidates": []any{map[string]any{
			"content": map[string]any{"role": "model", "parts": []any{part}}, "finishReason": "STOP", "index": 0}}, "modelVersion": "gemini-test"})
	}))
	defer srv.Close()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPClient: srv.Client(),
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL, APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	conv := &geminiadapter.Conversation{Client: c, Model: "gemini-test", Catalog: cat,
		Contents: []*genai.Content{genai.NewContentFromText("go", genai.RoleUser)}}
	if _, err := (&loop.Runner{Tools: cat.Set(), MaxResultBytes: 600}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	var req struct {
		Contents []struct {
			Parts []struct {
				FunctionResponse *struct {
					Response struct{ Output string }
				} `json:"functionResponse"`
			}
		}
	}
	if err := json.Unmarshal(bodies[1], &req); err != nil {
		t.Fatal(err)
	}
	last := req.Contents[len(req.Contents)-1].Parts
	if len(last) != 1 || last[0].FunctionResponse == nil {
		t.Fatalf("the last content: %s", bodies[1])
	}
	answer := last[0].FunctionResponse.Response.Output
	list, note, _ := strings.Cut(answer, "\n")
	var found []struct{ Name string }
	if err := json.Unmarshal([]byte(list), &found); err != nil || len(found) == 0 || len(found) == 20 {
		t.Fatalf("the cut answer %q, want some of the 20 tools found", answer)
	}
	for _, f := range found {
		if !strings.HasPrefix(f.Name, "_9crm.refund_") {
			t.Errorf("the cut answer names %q, not a wire name", f.Name)
		}
	}
	if !strings.HasPrefix(note, "[The result was cut to fit 600 bytes") {
		t.Errorf("the cut answer's note %q", note)
	}
}
