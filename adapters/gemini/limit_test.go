package geminiadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// geminiScript is a loopback generateContent server: its answer to
// request n is turns[n], the model's function calls, and "Done." past
// them. It keeps the bodies it received.
type geminiScript struct {
	bodies [][]byte
	client *genai.Client
}

func newGeminiScript(t *testing.T, turns ...[]loop.Call) *geminiScript {
	s := &geminiScript{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n := len(s.bodies)
		s.bodies = append(s.bodies, body)
		parts := []any{map[string]any{"text": "Done."}}
		if n < len(turns) {
			parts = nil
			for _, c := range turns[n] {
				parts = append(parts, map[string]any{"functionCall": map[string]any{"id": c.ID, "name": c.Name, "args": c.Args}})
			}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"candidates": []any{map[string]any{
			"content": map[string]any{"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}}, "modelVersion": "gemini-test"})
	}))
	t.Cleanup(srv.Close)
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPClient: srv.Client(),
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL, APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	s.client = c
	return s
}

// sentRequest is what the tests read of a request the server received.
type sentRequest struct {
	Tools []struct {
		FunctionDeclarations []struct{ Name string } `json:"functionDeclarations"`
	} `json:"tools"`
	Contents []struct {
		Parts []struct {
			FunctionResponse *struct {
				ID       string `json:"id"`
				Response struct {
					Output json.RawMessage `json:"output"`
					Error  string          `json:"error"`
				} `json:"response"`
			} `json:"functionResponse"`
		} `json:"parts"`
	} `json:"contents"`
}

func (s *geminiScript) request(t *testing.T, n int) sentRequest {
	t.Helper()
	var req sentRequest
	if err := json.Unmarshal(s.bodies[n], &req); err != nil {
		t.Fatalf("request %d: %v", n, err)
	}
	return req
}

// declared returns the names of the request's function declarations,
// tool by tool.
func (r sentRequest) declared() [][]string {
	var out [][]string
	for _, t := range r.Tools {
		var names []string
		for _, d := range t.FunctionDeclarations {
			names = append(names, d.Name)
		}
		out = append(out, names)
	}
	return out
}

// answer returns the text of the function response to call id in the
// request's last content: the error's, else the output, a string's
// value or the JSON as it is.
func (r sentRequest) answer(t *testing.T, id string) string {
	t.Helper()
	if len(r.Contents) == 0 {
		t.Fatal("a request without contents")
	}
	for _, p := range r.Contents[len(r.Contents)-1].Parts {
		if p.FunctionResponse == nil || p.FunctionResponse.ID != id {
			continue
		}
		if e := p.FunctionResponse.Response.Error; e != "" {
			return e
		}
		var s string
		if json.Unmarshal(p.FunctionResponse.Response.Output, &s) == nil {
			return s
		}
		return string(p.FunctionResponse.Response.Output)
	}
	t.Fatalf("no answer to call %s in the request's last content", id)
	return ""
}

// rawTool returns a tool without parameters that answers "done".
func rawTool(t testing.TB, name, description string, deferred bool) *tool.Tool {
	tl, err := rawtool.New(tool.Meta{Name: name, Description: description, DeferLoading: deferred},
		json.RawMessage(`{"type":"object","properties":{}}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "done", nil })
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// rawTools returns n tools named prefix_0 to prefix_{n-1}, each
// described by describe(i).
func rawTools(t testing.TB, prefix string, n int, deferred bool, describe func(int) string) []*tool.Tool {
	var out []*tool.Tool
	for i := range n {
		out = append(out, rawTool(t, fmt.Sprintf("%s_%d", prefix, i), describe(i), deferred))
	}
	return out
}

// ownDeclarations returns a genai.Tool of n declarations of the
// program's own, own_0 to own_{n-1}.
func ownDeclarations(n int) *genai.Tool {
	out := &genai.Tool{}
	for i := range n {
		out.FunctionDeclarations = append(out.FunctionDeclarations, &genai.FunctionDeclaration{Name: fmt.Sprintf("own_%d", i), Description: "The program's own."})
	}
	return out
}

// TestToolsLimit: Tools refuses a set of more than 512 tools, the most
// function declarations the Gemini API takes in one tool, naming the
// count, the tool past the limit and the way out; 512 pass.
func TestToolsLimit(t *testing.T) {
	for _, n := range []int{512, 513, 600} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			set, err := tool.NewSet(rawTools(t, "t", n, false, func(int) string { return "A tool." }))
			if err != nil {
				t.Fatal(err)
			}
			decl, err := geminiadapter.Tools(set)
			if n <= 512 {
				if err != nil || len(decl.FunctionDeclarations) != n {
					t.Fatalf("%d tools: %v", n, err)
				}
				return
			}
			for _, want := range []string{fmt.Sprintf("%d tools", n), "tool t_512 is number 513", "at most 512", "tool.Meta.DeferLoading", "loop.Catalog"} {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%d tools: %v, want an error saying %q", n, err, want)
				}
			}
		})
	}
}

// TestNextPastLimit: a request whose tool already has more than 512
// function declarations is refused before it is sent, with or without
// a Catalog; 512 are sent.
func TestNextPastLimit(t *testing.T) {
	for _, tc := range []struct {
		own     int
		catalog bool
	}{
		{512, false},
		{513, false},
		{700, false},
		{513, true},
	} {
		t.Run(fmt.Sprintf("%d own, catalog %t", tc.own, tc.catalog), func(t *testing.T) {
			s := newGeminiScript(t)
			conv := &geminiadapter.Conversation{Client: s.client, Model: "gemini-test",
				Config:   &genai.GenerateContentConfig{Tools: []*genai.Tool{ownDeclarations(tc.own)}},
				Contents: []*genai.Content{genai.NewContentFromText("go", genai.RoleUser)}}
			if tc.catalog {
				cat, err := loop.NewCatalog(looptest.Catalog(t))
				if err != nil {
					t.Fatal(err)
				}
				conv.Catalog = cat
			}
			_, err := conv.Next(context.Background(), nil)
			if tc.own <= 512 {
				if err != nil || len(s.bodies) != 1 {
					t.Fatalf("%v after %d requests", err, len(s.bodies))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d function declarations", tc.own)) ||
				!strings.Contains(err.Error(), "at most 512") || len(s.bodies) != 0 {
				t.Errorf("Next: %v after %d requests, want the limit's error before any", err, len(s.bodies))
			}
		})
	}
}

// TestCatalogOwnToolsNoRoom: the catalog's tools not deferred and
// search_tools are the program's, never left out: when they do not fit
// beside the declarations Config's tool has, the first Next is the
// error, naming the tool past the limit, before any request.
func TestCatalogOwnToolsNoRoom(t *testing.T) {
	for _, tc := range []struct {
		own      int    // the program's declarations in Config's tool
		wantPast string // the catalog's tool that would be number 513; "" when they fit
	}{
		{509, ""}, // 512 in all: note, finish, search_tools
		{510, loop.SearchToolName},
		{511, "finish"},
		{512, "note"},
	} {
		t.Run(fmt.Sprint(tc.own), func(t *testing.T) {
			cat, err := loop.NewCatalog(looptest.Catalog(t))
			if err != nil {
				t.Fatal(err)
			}
			s := newGeminiScript(t)
			conv := &geminiadapter.Conversation{Client: s.client, Model: "gemini-test", Catalog: cat,
				Config:   &genai.GenerateContentConfig{Tools: []*genai.Tool{ownDeclarations(tc.own)}},
				Contents: []*genai.Content{genai.NewContentFromText("go", genai.RoleUser)}}
			_, err = conv.Next(context.Background(), nil)
			if tc.wantPast != "" {
				// The way out is within the catalog: it is one already.
				if err == nil || !strings.Contains(err.Error(), "tool "+tc.wantPast+" would be number 513") ||
					!strings.Contains(err.Error(), "at most 512") || len(s.bodies) != 0 ||
					!strings.Contains(err.Error(), "defer more of the catalog's tools") || strings.Contains(err.Error(), "give the set to a loop.Catalog") {
					t.Errorf("Next: %v after %d requests, want the limit's error naming %s before any", err, len(s.bodies), tc.wantPast)
				}
				return
			}
			if err != nil || len(s.bodies) != 1 {
				t.Fatalf("%v after %d requests", err, len(s.bodies))
			}
			d := s.request(t, 0).declared()
			if len(d) != 1 || len(d[0]) != 512 || d[0][511] != loop.SearchToolName {
				t.Errorf("the request declares %d tools' declarations, want one tool of 512, search_tools last", len(d))
			}
		})
	}
}

// TestCatalogPastLimit: searches whose tools found would bring the
// request's tool past 512 function declarations do not end the run: the
// tools found go out while there is room, never more than 512, the
// search's answer lists the tools sent only and says how many it left
// out, and the answer to an unknown tool counts those apart.
func TestCatalogPastLimit(t *testing.T) {
	// 600 deferred tools, 20 to a batch: a search for a batch finds its
	// 20 tools.
	batches := func(t testing.TB) *tool.Set {
		set, err := tool.NewSet(rawTools(t, "job", 600, true, func(i int) string {
			return fmt.Sprintf("Runs a job of batch b%02d.", i/20)
		}))
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	var batchSearches []string
	for b := range 27 {
		batchSearches = append(batchSearches, fmt.Sprintf(`{"query":"batch b%02d","limit":20}`, b))
	}
	for _, tc := range []struct {
		name     string
		set      func(testing.TB) *tool.Set
		own      int      // the program's declarations in Config's tool
		searches []string // search_tools' arguments, one a turn
		// The tools each search's answer leaves out, and the whole
		// request's declarations after the search.
		wantLeft, wantDecls []int
		wantNoRoom          int // the tools found that no request carries
	}{
		{
			name: "own declarations near the limit", set: looptest.Catalog, own: 506,
			searches:  []string{`{"query":"refund an invoice","limit":2}`, `{"query":"export a warehouse record","limit":3}`, `{"query":"approve a contract","limit":1}`},
			wantLeft:  []int{0, 2, 1},
			wantDecls: []int{511, 512, 512},
			// note, finish and search_tools: 509 at first.
			wantNoRoom: 3,
		},
		{
			name: "600 deferred tools searched for 20 at a time", set: batches,
			searches: batchSearches,
			// search_tools, then 20 a search: 501 after 25 searches, the
			// 26th sends 11 and leaves 9 out, the 27th leaves 20 out.
			wantLeft: append(make([]int, 25), 9, 20),
			wantDecls: append(func() (d []int) {
				for i := range 25 {
					d = append(d, 1+20*(i+1))
				}
				return
			}(), 512, 512),
			wantNoRoom: 29,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat, err := loop.NewCatalog(tc.set(t))
			if err != nil {
				t.Fatal(err)
			}
			var turns [][]loop.Call
			for i, args := range tc.searches {
				turns = append(turns, []loop.Call{{ID: fmt.Sprint("s", i), Name: loop.SearchToolName, Args: json.RawMessage(args)}})
			}
			turns = append(turns, []loop.Call{{ID: "u", Name: "no_such_tool", Args: json.RawMessage(`{}`)}})
			s := newGeminiScript(t, turns...)
			conv := &geminiadapter.Conversation{Client: s.client, Model: "gemini-test", Catalog: cat,
				Contents: []*genai.Content{genai.NewContentFromText("go", genai.RoleUser)}}
			if tc.own > 0 {
				conv.Config = &genai.GenerateContentConfig{Tools: []*genai.Tool{ownDeclarations(tc.own)}}
			}
			if _, err := (&loop.Runner{Tools: cat.Set(), MaxTurns: len(turns) + 1}).Run(context.Background(), conv); err != nil {
				t.Fatalf("the run: %v", err)
			}
			if len(s.bodies) != len(turns)+1 {
				t.Fatalf("%d requests, want %d", len(s.bodies), len(turns)+1)
			}
			for n := range s.bodies {
				for i, d := range s.request(t, n).declared() {
					if len(d) > 512 {
						t.Errorf("request %d: tool %d carries %d function declarations", n, i, len(d))
					}
				}
			}
			for i := range tc.searches {
				req := s.request(t, i+1)
				d := req.declared()
				if len(d) != 1 || len(d[0]) != tc.wantDecls[i] {
					t.Fatalf("the request after search %d: %d tools, declarations %d; want one tool of %d", i, len(d), len(d[0]), tc.wantDecls[i])
				}
				answer := req.answer(t, fmt.Sprint("s", i))
				list, note, _ := strings.Cut(answer, "\n")
				var found []struct{ Name string }
				if err := json.Unmarshal([]byte(list), &found); err != nil {
					t.Fatalf("search %d answered %q", i, answer)
				}
				for _, f := range found {
					if !slices.Contains(d[0], f.Name) {
						t.Errorf("search %d answered %s, which the request does not declare", i, f.Name)
					}
				}
				want := ""
				switch left := tc.wantLeft[i]; left {
				case 0:
				case 1:
					want = "1 more tool this search found is not among your tools: a request takes at most 512 tools, and this one has that many already."
				default:
					want = fmt.Sprintf("%d more tools this search found are not among your tools: a request takes at most 512 tools, and this one has that many already.", left)
				}
				if note != want {
					t.Errorf("search %d: the answer's note %q, want %q", i, note, want)
				}
			}
			unknown := s.request(t, len(turns)).answer(t, "u")
			want := fmt.Sprintf(" %d more tools found by search_tools are not among them: the request has no room for them.", tc.wantNoRoom)
			if !strings.HasSuffix(unknown, want) {
				t.Errorf("the unknown tool answered %q, want it to end %q", unknown, want)
			}
		})
	}
}

// TestCatalogRefusedToolEarly: a deferred tool the conversion refuses
// would be refused only when a search found it, ending the run then: the
// first Next converts every tool of the catalog and is the error, naming
// the tool, before any request.
func TestCatalogRefusedToolEarly(t *testing.T) {
	note := rawTool(t, "note", "Notes.", false)
	// 1password and _1password both go by _1password.
	pair := []*tool.Tool{rawTool(t, "1password", "Reads a secret.", true), rawTool(t, "_1password", "Reads a secret too.", true)}
	// A hand-made tool (a copy of one made right, its schema changed)
	// whose schema the conversion refuses.
	bad := *rawTool(t, "broken", "Broken.", true)
	bad.InputSchema = json.RawMessage(`{"type":"object","properties":{"a":5}}`)
	for _, tc := range []struct {
		name  string
		tools []*tool.Tool
		want  []string
	}{
		{"one wire name", append([]*tool.Tool{note}, pair...), []string{`"1password"`, `"_1password"`}},
		{"a schema refused", []*tool.Tool{note, &bad}, []string{"broken", "is not a schema"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, err := tool.NewSet(tc.tools)
			if err != nil {
				t.Fatal(err)
			}
			cat, err := loop.NewCatalog(set)
			if err != nil {
				t.Fatal(err)
			}
			s := newGeminiScript(t)
			conv := &geminiadapter.Conversation{Client: s.client, Model: "gemini-test", Catalog: cat,
				Contents: []*genai.Content{genai.NewContentFromText("go", genai.RoleUser)}}
			_, err = conv.Next(context.Background(), nil)
			for _, w := range tc.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("the first Next: %v, want an error naming %s", err, w)
				}
			}
			if len(s.bodies) != 0 {
				t.Errorf("%d requests sent, want none", len(s.bodies))
			}
		})
	}
}
