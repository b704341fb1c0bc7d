package loop_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestWireNameCall checks a turn where the model calls proxied tools by
// the wire names a provider's definitions gave them (tool.Set.WireNames): the
// runner finds the right tool, runs it, and the outcome keeps the name
// the model used.
func TestWireNameCall(t *testing.T) {
	var ran []string
	proxy := func(name string) *tool.Tool {
		tl, err := rawtool.New(tool.Meta{Name: name},
			json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`),
			func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) {
				ran = append(ran, name+" "+string(args))
				return "ran " + name, nil
			})
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	long := strings.Repeat("a", 60) + ".tools.list"
	list, get, lng := proxy("admin.tools.list"), proxy("admin.tools.get"), proxy(long)
	typed, err := reflectimpl.Create(func(in LookupIn) string { ran = append(ran, "lookup"); return "typed" }, reflectimpl.Meta(tool.Meta{Name: "lookup"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{list, get, lng, typed})
	if err != nil {
		t.Fatal(err)
	}
	openai, err := set.WireNames("openai")
	if err != nil {
		t.Fatal(err)
	}
	if openai[0] != "admin_tools_list" || openai[1] != "admin_tools_get" || len(openai[2]) != 64 {
		t.Fatalf("wire names %q", openai)
	}
	r := &loop.Runner{Tools: set, MaxParallel: 1}
	calls := []loop.Call{
		{ID: "1", Name: "admin_tools_get", Args: json.RawMessage(`{"q":"x"}`)},
		{ID: "2", Name: "admin.tools.list", Args: json.RawMessage(`{"q":"y"}`)},
		{ID: "3", Name: openai[2], Args: json.RawMessage(`{"q":"z"}`)},
		{ID: "4", Name: "admin_tools_delete", Args: json.RawMessage(`{"q":"w"}`)},
	}
	turn, err := r.Turn(context.Background(), calls)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		tool *tool.Tool
		text string
	}{{get, "ran admin.tools.get"}, {list, "ran admin.tools.list"}, {lng, "ran " + long}, {nil, "There is no tool named 'admin_tools_delete'."}}
	for i, o := range turn.Outcomes {
		if o.Tool != want[i].tool || o.Call.Name != calls[i].Name || !strings.HasPrefix(loop.Content(o.Result), want[i].text) {
			t.Errorf("call %s (%s): tool %v, %q, want %q", o.Call.ID, o.Call.Name, o.Tool, loop.Content(o.Result), want[i].text)
		}
	}
	wantRan := []string{`admin.tools.get {"q":"x"}`, `admin.tools.list {"q":"y"}`, long + ` {"q":"z"}`}
	if strings.Join(ran, "|") != strings.Join(wantRan, "|") {
		t.Errorf("ran %q, want %q", ran, wantRan)
	}
}

// TestWireNameRefusal: a refusal names the tool as the model called it,
// by the wire name its definition carried, not by a name the model was
// never given.
func TestWireNameRefusal(t *testing.T) {
	del, err := rawtool.New(tool.Meta{Name: "admin.tools.delete", RequiresApproval: true},
		json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`),
		func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return "deleted", nil })
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{del})
	if err != nil {
		t.Fatal(err)
	}
	no := func(context.Context, loop.Approval) (bool, error) { return false, nil }
	for _, name := range []string{"admin_tools_delete", "admin.tools.delete"} {
		turn, err := (&loop.Runner{Tools: set, Approve: no}).Turn(context.Background(), []loop.Call{{ID: "1", Name: name, Args: json.RawMessage(`{"q":"x"}`)}})
		if err != nil {
			t.Fatal(err)
		}
		want := "The call of tool '" + name + "' was not approved; it did not run."
		if got := loop.Content(turn.Outcomes[0].Result); got != want {
			t.Errorf("called as %s: %q, want %q", name, got, want)
		}
	}
}
