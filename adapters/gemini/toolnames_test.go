package geminiadapter_test

import (
	"context"
	"encoding/json"
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

// TestCatalogUnknownLists: a call of a name the set does not have lists
// the tools by the names their declarations carry, the wire names for
// Gemini (a proxied 1password.get is _1password.get), the tool a search
// found included once its declaration is sent.
func TestCatalogUnknownLists(t *testing.T) {
	cat := looptest.ProxiedCatalog(t, "1password.get", "Reads a secret from the vault.")
	parts := []map[string]any{
		{"functionCall": map[string]any{"id": "c0", "name": loop.SearchToolName, "args": map[string]any{"query": "read a secret from the vault"}}},
		{"functionCall": map[string]any{"id": "c1", "name": "_1password.drop", "args": map[string]any{}}},
		{"text": "Done."},
	}
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := len(bodies)
		bodies = append(bodies, string(body))
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"candidates": []any{map[string]any{
			"content": map[string]any{"role": "model", "parts": []any{parts[min(n, len(parts)-1)]}}, "finishReason": "STOP", "index": 0}}, "modelVersion": "gemini-test"})
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
		Contents: []*genai.Content{genai.NewContentFromText("Drop the vault.", genai.RoleUser)}}
	if _, err := (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 3 {
		t.Fatalf("%d requests, want 3", len(bodies))
	}
	want := `"error":"There is no tool named '_1password.drop'. The tools are: note, search_tools, _1password.get."`
	if !strings.Contains(bodies[2], want) {
		t.Errorf("the third request lacks %s:\n%s", want, bodies[2])
	}
}
