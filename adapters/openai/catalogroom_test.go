package openaiadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/tool"
)

// TestChatCatalogOwnToolsNoRoom: only the tools a search found are left
// out when a request has no room for them. The catalog's tools that are
// not deferred, and search_tools, are the program's: when they do not
// fit beside the program's own tools of Params.Tools, the first Next is
// the program's error, before any request, not a request without them
// (the model would never be told of search_tools).
func TestChatCatalogOwnToolsNoRoom(t *testing.T) {
	cat, err := loop.NewCatalog(looptest.Catalog(t)) // note, finish, search_tools
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		own     int // the program's tools in Params.Tools
		wantErr bool
	}{
		{125, false}, // 128 in all
		{126, true},
		{127, true},
	} {
		t.Run(fmt.Sprint(tc.own), func(t *testing.T) {
			var tools []*tool.Tool
			for i := range tc.own {
				tools = append(tools, proxiedTool(t, fmt.Sprintf("own_%d", i), false))
			}
			set, err := tool.NewSet(tools)
			if err != nil {
				t.Fatal(err)
			}
			defs, err := openaiadapter.ChatTools(set)
			if err != nil {
				t.Fatal(err)
			}
			srv := newChatServer(t)
			chat := &openaiadapter.Chat{Client: srv.client(), Catalog: cat, Params: openai.ChatCompletionNewParams{Model: "gpt-test", Tools: defs,
				Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("go")}}}
			_, err = chat.Next(context.Background(), nil)
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), "at most 128 tools") || len(srv.bodies) != 0 {
					t.Errorf("%d tools of the program's and the catalog's 3: %v after %d requests, want the limit's error before any", tc.own, err, len(srv.bodies))
				}
				return
			}
			if err != nil || len(srv.bodies) != 1 {
				t.Fatalf("%v after %d requests", err, len(srv.bodies))
			}
			var req struct {
				Tools []struct{ Function struct{ Name string } }
			}
			if err := json.Unmarshal(srv.bodies[0], &req); err != nil {
				t.Fatal(err)
			}
			if n := len(req.Tools); n != 128 || req.Tools[n-1].Function.Name != loop.SearchToolName {
				t.Errorf("the request carries %d tools, the last %q; want 128, search_tools last", n, req.Tools[n-1].Function.Name)
			}
		})
	}
}
