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
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
)

// TestCatalog plays, through the SDK's client, a conversation over 200
// deferred tools with loop's client-side search (Gemini has none): the
// first request declares the two tools not deferred and search_tools; the
// model searches; the next request declares the tools found appended, the
// first three unchanged; the model calls one and gets its answer.
func TestCatalog(t *testing.T) {
	cat, err := loop.NewCatalog(looptest.Catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	calls := []struct{ name, args string }{
		{loop.SearchToolName, fmt.Sprintf(`{"query":%q,"limit":3}`, looptest.CatalogSearch)},
		{looptest.CatalogTarget, `{"id":"INV-7","amount":12.5}`},
		{"finish", `{"text":"refunded"}`},
	}
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := len(bodies)
		bodies = append(bodies, string(body))
		if n >= len(calls) {
			http.Error(w, "one request too many", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"candidates": []any{map[string]any{
			"content": map[string]any{"role": "model", "parts": []any{map[string]any{
				"functionCall": map[string]any{"id": fmt.Sprint("c", n), "name": calls[n].name, "args": json.RawMessage(calls[n].args)}}}},
			"finishReason": "STOP", "index": 0}}, "modelVersion": "gemini-test"})
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
		Contents: []*genai.Content{genai.NewContentFromText("Refund invoice INV-7: 12.50.", genai.RoleUser)}}
	f, err := (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv)
	if err != nil {
		t.Fatal(err)
	}
	if f.End == nil || f.End.Tool.Name != "finish" || len(bodies) != 3 {
		t.Fatalf("%d requests, the run ended with %+v; want 3 and finish", len(bodies), f)
	}
	decls := func(body string) []json.RawMessage {
		var req struct {
			Tools []struct{ FunctionDeclarations []json.RawMessage }
		}
		if err := json.Unmarshal([]byte(body), &req); err != nil || len(req.Tools) != 1 {
			t.Fatalf("a request with tools %+v (%v)", req.Tools, err)
		}
		return req.Tools[0].FunctionDeclarations
	}
	name := func(def json.RawMessage) string {
		var d struct{ Name string }
		json.Unmarshal(def, &d)
		return d.Name
	}
	first, second, third := decls(bodies[0]), decls(bodies[1]), decls(bodies[2])
	var names []string
	for _, d := range first {
		names = append(names, name(d))
	}
	if strings.Join(names, " ") != "note finish "+loop.SearchToolName {
		t.Fatalf("the first request declares %q", names)
	}
	if len(second) != 6 || name(second[3]) != looptest.CatalogTarget || len(third) != 6 {
		t.Fatalf("the later requests declare %d and %d tools, want 6 (%s fourth)", len(second), len(third), looptest.CatalogTarget)
	}
	for i := range first {
		if string(first[i]) != string(second[i]) {
			t.Errorf("declaration %d changed between requests:\n%s\n%s", i, first[i], second[i])
		}
	}
	if !strings.Contains(bodies[2], `refund_invoice INV-7 done`) {
		t.Errorf("the found tool's answer is missing: %s", bodies[2])
	}
}
