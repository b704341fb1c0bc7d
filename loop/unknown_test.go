package loop_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestUnknownListsFound: once a search has found a deferred tool, the
// model has it (its definition is in the next request), so a call of an
// unknown name lists it among the tools, and it is not one of those "a
// search finds".
func TestUnknownListsFound(t *testing.T) {
	cat, err := loop.NewCatalog(catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	r := &loop.Runner{Tools: cat.Set()}
	turn, err := r.Turn(context.Background(), []loop.Call{
		{ID: "1", Name: loop.SearchToolName, Args: json.RawMessage(`{"query":"` + catalogSearch + `","limit":2}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Outcomes[0].Result.IsError {
		t.Fatal(loop.Content(turn.Outcomes[0].Result))
	}
	var found []struct{ Name string }
	if err := json.Unmarshal([]byte(loop.Content(turn.Outcomes[0].Result)), &found); err != nil || len(found) != 2 || found[0].Name != catalogTarget {
		t.Fatalf("the search found %s", loop.Content(turn.Outcomes[0].Result))
	}
	turn, err = r.Turn(context.Background(), []loop.Call{{ID: "2", Name: "refund", Args: json.RawMessage(`{}`)}})
	if err != nil {
		t.Fatal(err)
	}
	want := "There is no tool named 'refund'. The tools are: note, finish, search_tools, " + found[0].Name + ", " + found[1].Name +
		"; search_tools finds 198 more."
	if got := loop.Content(turn.Outcomes[0].Result); got != want {
		t.Errorf("the answer\n%s\nwant\n%s", got, want)
	}
}

// named is a Model that says which names its requests gave the model,
// as an adapter's conversation does.
type named struct {
	script
	names []string
}

func (n *named) ToolNames() []string { return n.names }

// TestUnknownGivenNames: over a provider whose wire names differ from the
// tools' names, a call of an unknown name lists the tools by the names
// the model was given (what the conversation's ToolNames says), never by
// names the model cannot call; given names that are not the runner's
// tools are left out, and a deferred tool the model was given is not
// counted among those a search finds.
func TestUnknownGivenNames(t *testing.T) {
	proxy := func(name string, deferred bool) *tool.Tool {
		tl, err := rawtool.New(tool.Meta{Name: name, DeferLoading: deferred}, json.RawMessage(`{"type":"object"}`),
			func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil })
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	set, err := tool.NewSet([]*tool.Tool{proxy("github.list_issues", false), proxy("github.create_issue", true), proxy("github.close_issue", true)})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	// A catalog whose search found both deferred tools, of which the
	// request had room for one: the other is not one a search finds.
	full, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	turn, err := (&loop.Runner{Tools: full.Set()}).Turn(context.Background(), []loop.Call{
		{ID: "0", Name: loop.SearchToolName, Args: json.RawMessage(`{"query":"github issue","limit":2}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(full.Visible()); n != 4 {
		t.Fatalf("the search made %d tools visible (%s), want 4", n, loop.Content(turn.Outcomes[0].Result))
	}
	for _, tt := range []struct {
		name  string
		tools *tool.Set
		given []string // nil: a Model without ToolNames
		want  string
	}{
		{"catalog, one found", cat.Set(), []string{"github_list_issues", "search_tools", "github_create_issue"},
			"There is no tool named 'github_delete_issue'. The tools are: github_list_issues, search_tools, github_create_issue; search_tools finds 1 more."},
		{"catalog, one found left out for lack of room", full.Set(), []string{"github_list_issues", "search_tools", "github_create_issue"},
			"There is no tool named 'github_delete_issue'. The tools are: github_list_issues, search_tools, github_create_issue. " +
				"1 more tool found by search_tools is not among them: the request has no room for it."},
		{"catalog, both found, none given", full.Set(), []string{"github_list_issues"},
			"There is no tool named 'github_delete_issue'. The tools are: github_list_issues. " +
				"2 more tools found by the tool search are not among them: the request has no room for them."},
		{"catalog, search not a function (Responses' tool_search)", cat.Set(), []string{"github_list_issues"},
			"There is no tool named 'github_delete_issue'. The tools are: github_list_issues; the tool search finds 2 more."},
		{"every tool sent (Chat Completions without a catalog)", set, []string{"github_list_issues", "github_create_issue", "github_close_issue"},
			"There is no tool named 'github_delete_issue'. The tools are: github_list_issues, github_create_issue, github_close_issue."},
		{"a hosted tool and a name twice", set, []string{"web_search", "github_list_issues", "github.list_issues"},
			"There is no tool named 'github_delete_issue'. The tools are: github_list_issues; the tool search finds 2 more."},
		{"none given", set, []string{},
			"There is no tool named 'github_delete_issue'. The tools are found by the tool search (2)."},
		{"a Model that does not say", set, nil,
			"There is no tool named 'github_delete_issue'. The tools are: github.list_issues; the tool search finds 2 more."},
	} {
		s := script{turns: [][]loop.Call{{{ID: "1", Name: "github_delete_issue", Args: json.RawMessage(`{}`)}}}}
		var m loop.Model = &s
		if tt.given != nil {
			m = &named{script: s, names: tt.given}
		}
		f, err := (&loop.Runner{Tools: tt.tools}).Run(context.Background(), m)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := loop.Content(f.Last.Outcomes[0].Result); got != tt.want {
			t.Errorf("%s: the answer\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// TestUnknownClosest: past ten tools the model can call, the answer to an
// unknown name leads with the closest names (at most three, by edit
// distance, letters' case aside); a name close to none, and a short list,
// get the list alone.
func TestUnknownClosest(t *testing.T) {
	names := []string{"create_issue", "close_issue", "list_issues", "get_issue", "add_comment", "list_comments",
		"create_branch", "delete_branch", "merge_pull", "list_pulls", "get_file", "search_code"}
	var tools []*tool.Tool
	for _, n := range names {
		tl, err := rawtool.New(tool.Meta{Name: n}, json.RawMessage(`{"type":"object"}`),
			func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil })
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	all := "The tools are: create_issue, close_issue, list_issues, get_issue, add_comment, list_comments, create_branch, delete_branch, merge_pull, list_pulls, get_file, search_code."
	for _, tt := range []struct {
		tools int
		name  string
		want  string
	}{
		{12, "create_isue", "There is no tool named 'create_isue'. Closest: create_issue. " + all},
		{12, "List_Issue", "There is no tool named 'List_Issue'. Closest: list_issues, close_issue, get_issue. " + all},
		{12, "get_isue", "There is no tool named 'get_isue'. Closest: get_issue. " + all},
		{12, "deploy_production", "There is no tool named 'deploy_production'. " + all},
		// Longer than any vendor's names: not compared.
		{12, strings.Repeat("create_issue", 6), "There is no tool named '" + strings.Repeat("create_issue", 6) + "'. " + all},
		{10, "create_isue", "There is no tool named 'create_isue'. The tools are: create_issue, close_issue, list_issues, get_issue, add_comment, list_comments, create_branch, delete_branch, merge_pull, list_pulls."},
	} {
		set, err := tool.NewSet(tools[:tt.tools])
		if err != nil {
			t.Fatal(err)
		}
		turn, err := (&loop.Runner{Tools: set}).Turn(context.Background(), []loop.Call{{ID: "1", Name: tt.name, Args: json.RawMessage(`{}`)}})
		if err != nil {
			t.Fatal(err)
		}
		if got := loop.Content(turn.Outcomes[0].Result); got != tt.want {
			t.Errorf("%d tools, %s:\n%s\nwant\n%s", tt.tools, tt.name, got, tt.want)
		}
	}
}
