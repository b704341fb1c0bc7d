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

// searchOnce runs a conversation over the catalog of one proxied tool,
// 1password.get, against a loopback server whose model searches with
// query, then answers; it returns the bodies of the requests.
func searchOnce(t *testing.T, query string) []string {
	t.Helper()
	cat := looptest.ProxiedCatalog(t, "1password.get", "Reads a secret from the vault.")
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := len(bodies)
		bodies = append(bodies, string(body))
		part := map[string]any{"text": "Done."}
		if n == 0 {
			part = map[string]any{"functionCall": map[string]any{"id": "c0", "name": loop.SearchToolName, "args": map[string]any{"query": query}}}
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
		Contents: []*genai.Content{genai.NewContentFromText("What is the vault's secret?", genai.RoleUser)}}
	if _, err := (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	return bodies
}

// TestCatalogSearchWireNames: the search's answer names each tool found
// as its declaration in the next request names it, its wire name for
// Gemini (a proxied 1password.get is _1password.get), so the model calls a
// name the request has.
func TestCatalogSearchWireNames(t *testing.T) {
	bodies := searchOnce(t, "read a secret from the vault")
	for _, want := range []string{`"name":"_1password.get"`, `"output":[{"description":"Reads a secret from the vault.","name":"_1password.get"}]`} {
		if !strings.Contains(bodies[1], want) {
			t.Errorf("the second request lacks %s:\n%s", want, bodies[1])
		}
	}
}

// TestCatalogSearchNoneFound: a search that finds no tool is answered with
// the empty list and a line that says what to do next, not a bare [].
func TestCatalogSearchNoneFound(t *testing.T) {
	bodies := searchOnce(t, "zebra")
	if !strings.Contains(bodies[1], "No tool was found for that search. Search again in other words") {
		t.Errorf("the second request lacks the note of a search that found nothing:\n%s", bodies[1])
	}
}
