package loop_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// recordIn is the input of catalog's deferred tools.
type recordIn struct {
	ID     string  `json:"id" description:"The record's identifier."`
	Amount float64 `json:"amount,omitempty" minimum:"0" description:"An amount of money, when the action takes one."`
}

// catalogSearch ranks catalogTarget first among catalog's tools.
const (
	catalogSearch = "give the customer their money back for an invoice"
	catalogTarget = "refund_invoice"
)

// catalog returns a set of note and finish, not deferred, and 200
// deferred tools, verb_noun for each pair of 10 verbs and 20 nouns, each
// answering what it did. (The adapters' tests have the same set in their
// looptest module, which this module cannot import.)
func catalog(t *testing.T) *tool.Set {
	t.Helper()
	var tools []*tool.Tool
	add := func(fn any, opts ...reflectimpl.Option) {
		tl, err := reflectimpl.Create(fn, opts...)
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	type note struct {
		Text string `json:"text"`
	}
	add(func(note) (string, error) { return "noted", nil }, reflectimpl.Meta(tool.Meta{
		Name:        "note",
		Description: "Writes a note for the user.",
	}))
	for _, verb := range []string{"get", "list", "create", "update", "delete", "archive", "export", "approve", "refund", "merge"} {
		for _, noun := range []string{"invoice", "customer", "order", "shipment", "ticket", "contract", "payment", "product", "supplier", "employee",
			"project", "meeting", "document", "account", "lead", "campaign", "asset", "warehouse", "vehicle", "subscription"} {
			desc := fmt.Sprintf("%s a %s record by its id.", strings.ToUpper(verb[:1])+verb[1:], noun)
			if verb == "refund" {
				desc = fmt.Sprintf("Refunds the money a customer paid for a %s, in whole or for an amount.", noun)
			}
			name := verb + "_" + noun
			add(func(in recordIn) (string, error) { return fmt.Sprintf("%s %s done", name, in.ID), nil },
				reflectimpl.Meta(tool.Meta{Name: name, Description: desc, DeferLoading: true}))
		}
	}
	add(func(note) (string, error) { return "done", nil }, reflectimpl.Meta(tool.Meta{
		Name:        "finish",
		Description: "Ends the task.",
		EndsLoop:    true,
	}))
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func names(tools []*tool.Tool) []string {
	var out []string
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

// TestCatalog checks what a request carries before and after searches:
// the tools not deferred and search_tools first; the tools a search finds
// appended in the order found, once each; a found tool called and run.
func TestCatalog(t *testing.T) {
	set := catalog(t)
	c, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(c.Visible()), []string{"note", "finish", loop.SearchToolName}; !slices.Equal(got, want) {
		t.Fatalf("visible before a search %q, want %q", got, want)
	}
	if c.Set().Len() != set.Len()+1 {
		t.Errorf("the runner's set has %d tools, want %d", c.Set().Len(), set.Len()+1)
	}
	r := &loop.Runner{Tools: c.Set()}
	ctx := context.Background()
	search := func(query string, limit int) []string {
		t.Helper()
		args, _ := json.Marshal(map[string]any{"query": query, "limit": limit})
		turn, err := r.Turn(ctx, []loop.Call{{ID: "s", Name: loop.SearchToolName, Args: args}})
		if err != nil {
			t.Fatal(err)
		}
		res := turn.Outcomes[0].Result
		if res.IsError {
			t.Fatalf("search %q: %s", query, loop.Content(res))
		}
		var found []struct{ Name string }
		if err := json.Unmarshal([]byte(loop.Content(res)), &found); err != nil {
			t.Fatalf("search %q: %s: %v", query, loop.Content(res), err)
		}
		var out []string
		for _, f := range found {
			out = append(out, f.Name)
		}
		return out
	}
	first := search(catalogSearch, 3)
	if len(first) != 3 || first[0] != catalogTarget {
		t.Fatalf("search %q found %q, want %s first of 3", catalogSearch, first, catalogTarget)
	}
	again := search("refund invoice", 2)
	if again[0] != catalogTarget {
		t.Fatalf("search found %q, want %s first", again, catalogTarget)
	}
	want := append([]string{"note", "finish", loop.SearchToolName}, first...)
	for _, n := range again {
		if !slices.Contains(want, n) {
			want = append(want, n)
		}
	}
	if got := names(c.Visible()); !slices.Equal(got, want) {
		t.Errorf("visible after two searches %q, want %q", got, want)
	}
	if got := search("zzz qqq", 5); len(got) != 0 {
		t.Errorf("a query of no known word found %q", got)
	}
	turn, err := r.Turn(ctx, []loop.Call{{ID: "r", Name: catalogTarget, Args: json.RawMessage(`{"id":"INV-7","amount":12.5}`)}})
	if err != nil || loop.Content(turn.Outcomes[0].Result) != "refund_invoice INV-7 done" {
		t.Errorf("the found tool answered %q, %v", loop.Content(turn.Outcomes[0].Result), err)
	}
}

// TestCatalogNoDeferred checks that a set with no deferred tool gets no
// search tool, and that a tool named search_tools is refused.
func TestCatalogNoDeferred(t *testing.T) {
	a, err := reflectimpl.Create(func() error { return nil }, reflectimpl.Meta(tool.Meta{Name: "a"}))
	if err != nil {
		t.Fatal(err)
	}
	set, _ := tool.NewSet([]*tool.Tool{a})
	c, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(c.Visible()); !slices.Equal(got, []string{"a"}) || c.Set() != set {
		t.Errorf("visible %q; want the set's own tools", got)
	}
	s, _ := reflectimpl.Create(func() error { return nil }, reflectimpl.Meta(tool.Meta{Name: loop.SearchToolName}))
	set, _ = tool.NewSet([]*tool.Tool{s})
	if _, err := loop.NewCatalog(set); err == nil {
		t.Error("a tool named search_tools: no error")
	}
}

// TestCatalogSearchCount checks how many tools one search finds: 5 when
// the model gives no limit, else as many as it asks for, fewer or more,
// up to 20; a limit past 20 is refused with the schema's violation.
func TestCatalogSearchCount(t *testing.T) {
	c, err := loop.NewCatalog(catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	r := &loop.Runner{Tools: c.Set()}
	for _, tt := range []struct {
		args string
		want int // -1: refused
	}{
		{`{"query":"a record by its id"}`, 5},
		{`{"query":"a record by its id","limit":3}`, 3},
		{`{"query":"a record by its id","limit":12}`, 12},
		{`{"query":"a record by its id","limit":20}`, 20},
		{`{"query":"a record by its id","limit":21}`, -1},
	} {
		turn, err := r.Turn(context.Background(), []loop.Call{{ID: "s", Name: loop.SearchToolName, Args: json.RawMessage(tt.args)}})
		if err != nil {
			t.Fatal(err)
		}
		res := turn.Outcomes[0].Result
		if tt.want < 0 {
			if res.Code != tool.InvalidArguments {
				t.Errorf("%s: %s, want refused", tt.args, loop.Content(res))
			}
			continue
		}
		var found []struct{ Name string }
		if res.IsError || json.Unmarshal([]byte(loop.Content(res)), &found) != nil || len(found) != tt.want {
			t.Errorf("%s: %s, want %d tools", tt.args, loop.Content(res), tt.want)
		}
	}
}

// TestUnknownInCatalog: a call of a tool the catalog does not have is
// answered with the tools the model was given (those not deferred, and
// search_tools) and the way to the others, not with the names of the 200
// deferred tools the request does not carry.
func TestUnknownInCatalog(t *testing.T) {
	cat, err := loop.NewCatalog(catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	turn, err := (&loop.Runner{Tools: cat.Set()}).Turn(context.Background(), []loop.Call{{ID: "1", Name: "refund", Args: json.RawMessage(`{}`)}})
	if err != nil {
		t.Fatal(err)
	}
	want := "There is no tool named 'refund'. The tools are: note, finish, search_tools; search_tools finds 200 more."
	if got := loop.Content(turn.Outcomes[0].Result); got != want {
		t.Errorf("the answer\n%s\nwant\n%s", got, want)
	}
}
