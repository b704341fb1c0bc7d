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
				// The way out is within the catalog: it is one already.
				if err == nil || !strings.Contains(err.Error(), "at most 128 tools") || len(srv.bodies) != 0 ||
					!strings.Contains(err.Error(), "defer more of the catalog's tools") || strings.Contains(err.Error(), "give the set to a loop.Catalog") {
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

// TestChatSearchCut: a search whose answer the runner's result budget cut
// (a JSON list of the tools the cut kept, then the budget's note) is
// answered as any: each tool by its wire name, the name the request
// gives it (crm_refund_1 for crm.refund_1), and the note kept; not the
// catalog's own names, which the model cannot call.
func TestChatSearchCut(t *testing.T) {
	var tools []*tool.Tool
	for i := range 20 {
		tools = append(tools, proxiedTool(t, fmt.Sprintf("crm.refund_%d", i), true))
	}
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	srv := newChatServer(t, []loop.Call{{ID: "call_1", Name: loop.SearchToolName, Args: json.RawMessage(`{"query":"proxied crm refund","limit":20}`)}})
	chat := &openaiadapter.Chat{Client: srv.client(), Catalog: cat, Params: openai.ChatCompletionNewParams{Model: "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("go")}}}
	if _, err := (&loop.Runner{Tools: cat.Set(), MaxResultBytes: 600}).Run(context.Background(), chat); err != nil {
		t.Fatalf("the run: %v", err)
	}
	if len(srv.bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(srv.bodies))
	}
	answer := toolMessages(t, srv.bodies[1])[0]
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
