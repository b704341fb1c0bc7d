package anthropicadapter_test

import (
	"context"
	"fmt"
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
