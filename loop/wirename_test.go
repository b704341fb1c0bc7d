package loop_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

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
		want := "The call of tool '" + name + "' was not approved; it did not run. Do not call it again with these arguments unless the user asks you to."
		if got := loop.Content(turn.Outcomes[0].Result); got != want {
			t.Errorf("called as %s: %q, want %q", name, got, want)
		}
	}
}

// TestWireNameInvokerText: what the invoker tells the model of a call
// (an error, a business error, a timeout, approval needed) names the tool
// as the model called it, by its wire name, so that the model does not go
// on to call a name no request carried; the tool itself still sees its
// own name (Call.Tool).
func TestWireNameInvokerText(t *testing.T) {
	var mu sync.Mutex // the calls run at once
	var seen []string
	proxy := func(name string, meta tool.Meta, h func(context.Context) (any, error)) *tool.Tool {
		meta.Name = name
		tl, err := rawtool.New(meta, json.RawMessage(`{"type":"object"}`),
			func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) {
				mu.Lock()
				seen = append(seen, call.Tool)
				mu.Unlock()
				return h(ctx)
			})
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	tools := []*tool.Tool{
		proxy("admin.fail", tool.Meta{}, func(context.Context) (any, error) { return nil, errors.New("disk full") }),
		proxy("admin.business", tool.Meta{ErrorCodes: []string{"NOT_FOUND"}}, func(context.Context) (any, error) {
			return nil, &tool.Error{Code: "NOT_FOUND", SafeMessage: "no such user"}
		}),
		proxy("admin.slow", tool.Meta{Timeout: time.Millisecond}, func(ctx context.Context) (any, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}),
		proxy("admin.guarded", tool.Meta{RequiresApproval: true}, func(context.Context) (any, error) { return "ran", nil }),
	}
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"admin_fail":     "Tool 'admin_fail' failed: disk full",
		"admin_business": "Tool 'admin_business' failed: NOT_FOUND: no such user",
		"admin_slow":     "Tool 'admin_slow' timed out after ",
		"admin_guarded":  "Tool 'admin_guarded' requires approval for these arguments.",
	}
	var calls []loop.Call
	for i, name := range []string{"admin_fail", "admin_business", "admin_slow", "admin_guarded"} {
		calls = append(calls, loop.Call{ID: strconv.Itoa(i), Name: name, Args: json.RawMessage(`{}`)})
	}
	turn, err := (&loop.Runner{Tools: set}).Turn(context.Background(), calls)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range turn.Outcomes {
		if got := loop.Content(o.Result); !strings.HasPrefix(got, want[o.Call.Name]) {
			t.Errorf("called as %s: %q, want it to start %q", o.Call.Name, got, want[o.Call.Name])
		}
	}
	// admin.slow's function may not have started yet when its call timed
	// out: only the two that returned are sure to have looked.
	mu.Lock()
	defer mu.Unlock()
	seen = slices.DeleteFunc(seen, func(name string) bool { return name == "admin.slow" })
	slices.Sort(seen)
	if got := strings.Join(seen, " "); got != "admin.business admin.fail" {
		t.Errorf("the tools saw Call.Tool %q, want their own names", got)
	}
}

// TestWireNameNotHandedOn: the name the model called a tool by is that
// call's alone. A tool that invokes another with the context it was given
// (a nested Invoke, a sub-agent's loop) has the other's failures named by
// the other's own name, not by the wire name of the outer call.
func TestWireNameNotHandedOn(t *testing.T) {
	inner, err := rawtool.New(tool.Meta{Name: "db.query"}, json.RawMessage(`{"type":"object"}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return nil, errors.New("disk full") })
	if err != nil {
		t.Fatal(err)
	}
	innerSet, err := tool.NewSet([]*tool.Tool{inner})
	if err != nil {
		t.Fatal(err)
	}
	outer, err := rawtool.New(tool.Meta{Name: "admin.run"}, json.RawMessage(`{"type":"object"}`),
		func(ctx context.Context, _ *tool.Call, _ json.RawMessage) (any, error) {
			direct, err := inner.Invoke(ctx, json.RawMessage(`{}`))
			if err != nil {
				return nil, err
			}
			// A sub-agent whose model calls the tool by its own name.
			turn, err := (&loop.Runner{Tools: innerSet}).Turn(ctx, []loop.Call{{ID: "1", Name: "db.query", Args: json.RawMessage(`{}`)}})
			if err != nil {
				return nil, err
			}
			return loop.Content(direct) + " | " + loop.Content(turn.Outcomes[0].Result), nil
		})
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{outer})
	if err != nil {
		t.Fatal(err)
	}
	turn, err := (&loop.Runner{Tools: set}).Turn(context.Background(), []loop.Call{{ID: "1", Name: "admin_run", Args: json.RawMessage(`{}`)}})
	if err != nil {
		t.Fatal(err)
	}
	want := "Tool 'db.query' failed: disk full | Tool 'db.query' failed: disk full"
	if got := loop.Content(turn.Outcomes[0].Result); got != want {
		t.Errorf("the inner calls' answers %s, want %s", got, want)
	}
}
