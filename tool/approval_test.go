package tool_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestApprovalNotInherited reproduces the fault of an approval handed on
// to the tool's body: a nested Invoke inside the tool, with the context
// the tool was given, ran the approved call again with nobody asked. The
// tool runs once; the nested call is refused approval_required, whether
// it calls the same tool with the same arguments, or another tool the
// caller's context approves.
func TestApprovalNotInherited(t *testing.T) {
	type In struct {
		ID string `json:"id"`
	}
	args := json.RawMessage(`{"id":"7"}`)
	var ran atomic.Int64
	var nested *tool.Result
	var self, other *tool.Tool
	var target **tool.Tool
	body := func(ctx context.Context, in In) (string, error) {
		if ran.Add(1) == 1 {
			r, err := (*target).Invoke(ctx, args)
			if err != nil {
				return "", err
			}
			nested = r
		}
		return "deleted " + in.ID, nil
	}
	self = mustCreate(t, body, reflectimpl.Meta(tool.Meta{Name: "delete", RequiresApproval: true}))
	other = mustCreate(t, func(in In) string { ran.Add(1); return "wiped " + in.ID }, reflectimpl.Meta(tool.Meta{
		Name:             "wipe",
		RequiresApproval: true,
	}))
	for _, tt := range []struct {
		name   string
		target **tool.Tool
		ctx    context.Context
	}{
		{"the same call", &self, tool.Approve(context.Background(), "delete", args)},
		{"another approved call", &other, tool.Approve(tool.Approve(context.Background(), "wipe", args), "delete", args)},
	} {
		for _, withTimeout := range []bool{false, true} {
			ran.Store(0)
			nested, target = nil, tt.target
			tl := self
			if withTimeout { // under a timeout, a context that can end
				c := *self
				c.Timeout = 1 << 40
				tl = &c
			}
			r, err := tl.Invoke(tt.ctx, args)
			if err != nil || r.IsError || r.Text() != "deleted 7" {
				t.Fatalf("%s: the approved call: %+v, %v", tt.name, r, err)
			}
			if nested == nil || nested.Code != tool.ApprovalRequired || nested.Started {
				t.Errorf("%s (timeout %v): the nested call: %+v, want approval_required", tt.name, withTimeout, nested)
			}
			if n := ran.Load(); n != 1 {
				t.Errorf("%s (timeout %v): tools ran %d times, want once", tt.name, withTimeout, n)
			}
		}
	}
	// The caller's context keeps its approval: the same call made with it
	// again runs (the approval lasts as long as the context is used).
	ran.Store(1) // no nesting
	ctx := tool.Approve(context.Background(), "delete", args)
	if r, _ := self.Invoke(ctx, args); r.IsError {
		t.Errorf("the caller's context lost its approval: %+v", r)
	}
}

// TestApprovalInvalidUTF8Typed checks that a typed tool reads text that is
// not UTF-8 as its approval compared it: approving "/srv/a\xff" approves
// "/srv/a\xfe", and both run the function with "/srv/a\uFFFD".
func TestApprovalInvalidUTF8Typed(t *testing.T) {
	type In struct {
		Path string `json:"path"`
	}
	var got []string
	tl := mustCreate(t, func(in In) string { got = append(got, in.Path); return "removed" }, reflectimpl.Meta(tool.Meta{
		Name:             "remove",
		RequiresApproval: true,
	}))
	approved := json.RawMessage("{\"path\":\"/srv/a\xff\"}")
	ctx := tool.Approve(context.Background(), "remove", approved)
	for _, args := range []string{string(approved), "{\"path\":\"/srv/a\xfe\"}", `{"path":"/srv/a\udfff"}`} {
		if r, err := tl.Invoke(ctx, json.RawMessage(args)); err != nil || r.IsError {
			t.Errorf("%q under the approval of %q: %+v, %v", args, approved, r, err)
		}
	}
	for _, g := range got {
		if g != "/srv/a\uFFFD" {
			t.Errorf("the function got %q, want %q", g, "/srv/a\uFFFD")
		}
	}
	if len(got) != 3 {
		t.Errorf("the function ran %d times, want 3", len(got))
	}
}
