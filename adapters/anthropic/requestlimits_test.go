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
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// notes returns n tools of one string parameter (one strict tool each,
// no optional or union-typed parameter), named prefix_0 on.
func notes(t *testing.T, prefix string, n int, deferred bool) []*tool.Tool {
	t.Helper()
	var tools []*tool.Tool
	for i := range n {
		tl, err := reflectimpl.Create(func(in looptest.Note) string { return "noted" },
			reflectimpl.Meta(tool.Meta{Name: fmt.Sprintf("%s_%d", prefix, i), Description: "Notes " + prefix + ".", DeferLoading: deferred}))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	return tools
}

// TestRequestLimitsCountProgramTools: the limits of a request's strict
// tools (Anthropic takes 20) count the whole request, the program's own
// tools of Params.Tools with the catalog's. A server that answers a
// request past them with the API's 400 is never sent one: the program's
// own tools past a limit, alone or with the catalog's tools not deferred,
// are the first Next's error, before any request, naming the way out;
// the tools a search found past it are left out, and the search's answer
// says how many.
func TestRequestLimitsCountProgramTools(t *testing.T) {
	for _, tc := range []struct {
		name       string
		own        int  // the program's strict tools in Params.Tools
		loose      int  // the program's tools sent without strict
		optional   int  // with more than 0: a strict tool of the program's with that many optional parameters
		catalog    int  // the catalog's tools not deferred (search_tools besides)
		references bool // Anthropic's tool_reference mode
		wantErr    string
		wantGiven  int // with no error: how many of the 10 tools found the second request carries
	}{
		{name: "own tools alone past the limit", own: 21, catalog: 0, wantErr: "at most 20 strict tools"},
		{name: "own tools with the catalog's not deferred", own: 15, catalog: 5, wantErr: "at most 20 strict tools"},
		{name: "references: own tools with the catalog's", own: 5, catalog: 5, references: true, wantErr: "at most 20 strict tools"},
		{name: "found tools past the room left out", own: 5, catalog: 5, wantGiven: 9},
		{name: "non-strict own tools take no room", own: 5, loose: 10, catalog: 5, wantGiven: 9},
		{name: "room for every tool found", own: 0, catalog: 5, wantGiven: 10},
		// search_tools has an optional parameter (limit): the 25th.
		{name: "own optional parameters with search_tools'", optional: 24, wantErr: "optional parameters of the request to 25"},
		{name: "own optional parameters within the limit", optional: 23, wantGiven: 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, err := tool.NewSet(append(notes(t, "note", tc.catalog, false), notes(t, "found", 10, true)...))
			if err != nil {
				t.Fatal(err)
			}
			cat, err := loop.NewCatalog(set)
			if err != nil {
				t.Fatal(err)
			}
			// The program's tools, each converted alone: strict ones past
			// the limit, as a program that builds its tools one by one
			// may have them.
			var ownTools []anthropic.ToolUnionParam
			for i, tl := range append(notes(t, "own", tc.own, false), notes(t, "loose", tc.loose, false)...) {
				one, err := tool.NewSet([]*tool.Tool{tl})
				if err != nil {
					t.Fatal(err)
				}
				def, err := anthropicadapter.Tools(one, provider.Strict(i < tc.own))
				if err != nil {
					t.Fatal(err)
				}
				ownTools = append(ownTools, def...)
			}
			if tc.optional > 0 {
				var props []string
				for i := range tc.optional {
					props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
				}
				wide, err := rawtool.New(tool.Meta{Name: "wide", Description: "Many options."},
					json.RawMessage(`{"type":"object","properties":{`+strings.Join(props, ",")+`},"additionalProperties":false}`),
					func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil })
				if err != nil {
					t.Fatal(err)
				}
				one, err := tool.NewSet([]*tool.Tool{wide})
				if err != nil {
					t.Fatal(err)
				}
				def, err := anthropicadapter.Tools(one)
				if err != nil {
					t.Fatal(err)
				}
				ownTools = append(ownTools, def...)
			}
			var bodies [][]byte
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				bodies = append(bodies, body)
				var req struct{ Tools []struct{ Strict bool } }
				json.Unmarshal(body, &req)
				strict := 0
				for _, d := range req.Tools {
					if d.Strict {
						strict++
					}
				}
				w.Header().Set("Content-Type", "application/json")
				if strict > 20 {
					w.WriteHeader(http.StatusBadRequest)
					fmt.Fprintf(w, `{"type":"error","error":{"type":"invalid_request_error","message":"%d strict tools: at most 20"}}`, strict)
					return
				}
				if len(bodies) == 1 {
					io.WriteString(w, `{"id":"m","type":"message","role":"assistant","model":"c","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},`+
						`"content":[{"type":"tool_use","id":"toolu_1","name":"search_tools","input":{"query":"notes found","limit":10}}]}`)
					return
				}
				io.WriteString(w, refEnd)
			}))
			defer srv.Close()
			c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
			conv := &anthropicadapter.Conversation{Client: &c, Catalog: cat, References: tc.references, Params: anthropic.MessageNewParams{
				Model: "claude-test", MaxTokens: 10, Tools: ownTools,
				Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("go"))}}}
			_, err = (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), "StrictIfPossible") || len(bodies) != 0 {
					t.Fatalf("the run: %v after %d requests; want %q, naming StrictIfPossible, before any", err, len(bodies), tc.wantErr)
				}
				t.Log(err)
				return
			}
			if err != nil {
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
			given := 0
			for _, d := range req.Tools {
				if strings.HasPrefix(d.Name, "found_") {
					given++
				}
			}
			if given != tc.wantGiven {
				t.Errorf("the second request carries %d of the tools found, want %d", given, tc.wantGiven)
			}
			if want := tc.own + tc.loose + min(tc.optional, 1) + tc.catalog + 1 + tc.wantGiven; len(req.Tools) != want {
				t.Errorf("the second request carries %d tools, want %d", len(req.Tools), want)
			}
			last := req.Messages[len(req.Messages)-1].Content
			if len(last) != 1 || len(last[0].Content) != 1 {
				t.Fatalf("the search's answer: %s", bodies[1])
			}
			answer := last[0].Content[0].Text
			note := fmt.Sprintf("%d more tools this search found are not among your tools", 10-tc.wantGiven)
			if tc.wantGiven == 9 {
				note = "1 more tool this search found is not among your tools"
			}
			if tc.wantGiven == 10 {
				note = "more tools"
			}
			if strings.Contains(answer, note) != (tc.wantGiven < 10) {
				t.Errorf("the search's answer %q; want %q in it: %v", answer, note, tc.wantGiven < 10)
			}
		})
	}
}
