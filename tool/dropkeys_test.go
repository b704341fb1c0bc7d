package tool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// dropper checks its arguments itself and reads them through a typed
// tool's CheckArgs, under the leniency lax, asking (drops) or not that
// the reading drop unknown keys.
type dropper struct {
	typed *tool.Tool
	drops bool
	lax   tool.Leniency
	kept  *context.Context // when not nil, the context its CheckArgs was given
}

func (h dropper) DropsUnknownKeys() bool { return h.drops }
func (h dropper) Input() reflect.Type    { return nil }
func (h dropper) Output() reflect.Type   { return nil }
func (h dropper) Call(_ context.Context, _ *tool.Call, _ any, in any) (any, error) {
	return fmt.Sprint(in), nil
}
func (h dropper) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	if h.kept != nil {
		*h.kept = ctx
	}
	in, viols, err := h.typed.CheckArgs(tool.WithLeniency(ctx, h.lax), args)
	return in, viols, 0, err
}

// TestDropsUnknownKeys: a handler that asks for it has the typed reading
// it calls drop the keys the input type has no field of that exact name
// for: strictly, after the arguments as given broke the contract; under
// a leniency, before encoding/json could match "AGE" to the field age.
// A handler that does not ask keeps them.
func TestDropsUnknownKeys(t *testing.T) {
	typed := mustCreate(t, func(in struct {
		Age  int    `json:"age,omitempty"`
		Name string `json:"name,omitempty"`
	}) int {
		return in.Age
	}, reflectimpl.Meta(tool.Meta{Name: "typed"}))
	for _, c := range []struct {
		drops bool
		lax   tool.Leniency
		args  string
		want  string
	}{
		{true, tool.Strict, `{"name":"Ann","AGE":200}`, "&{0 Ann}"},
		{true, tool.ShadowArgs, `{"name":"Ann","AGE":200}`, "&{0 Ann}"},
		{true, tool.Strict, `{"name":"Ann","age":7}`, "&{7 Ann}"},
		{false, tool.Strict, `{"name":"Ann","AGE":200}`, "refused"},
		{false, tool.ShadowArgs, `{"name":"Ann","AGE":200}`, "&{200 Ann}"},
	} {
		own := toolimpl.New(tool.Meta{Name: "own", Description: "Reads an age."}, json.RawMessage(`{"type":"object"}`), nil,
			dropper{typed: typed, drops: c.drops, lax: c.lax}, nil)
		r, err := own.Invoke(context.Background(), json.RawMessage(c.args))
		got := r.Text()
		if r.Code == tool.InvalidArguments {
			got = "refused"
		}
		if err != nil || got != c.want {
			t.Errorf("drops %v, %v, %s: %v %q; want %q", c.drops, c.lax, c.args, err, r.Text(), c.want)
		}
	}
}

// TestDropsUnknownKeysKeptContext: the typed CheckArgs that a handler
// which asks for it calls drops unknown keys also when called with the
// handler's context after the handler's CheckArgs has returned (it then
// takes room of its own). Before, only the CheckArgs that borrowed the
// call's room dropped them: called later under ShadowArgs, encoding/json
// matched "AGE" to the field age.
func TestDropsUnknownKeysKeptContext(t *testing.T) {
	typed := mustCreate(t, func(in struct {
		Age  int    `json:"age,omitempty"`
		Name string `json:"name,omitempty"`
	}) int {
		return in.Age
	}, reflectimpl.Meta(tool.Meta{Name: "typed"}))
	var kept context.Context
	own := toolimpl.New(tool.Meta{Name: "own", Description: "Reads an age."}, json.RawMessage(`{"type":"object"}`), nil,
		dropper{typed: typed, drops: true, lax: tool.Strict, kept: &kept}, nil)
	if r, err := own.Invoke(context.Background(), json.RawMessage(`{"name":"Ann"}`)); err != nil || r.IsError {
		t.Fatalf("%v %s", err, r.Text())
	}
	for _, lax := range []tool.Leniency{tool.Strict, tool.ShadowArgs} {
		in, viols, err := typed.CheckArgs(tool.WithLeniency(kept, lax), json.RawMessage(`{"name":"Ann","AGE":200}`))
		if got := fmt.Sprint(in); err != nil || len(viols) > 0 || got != "&{0 Ann}" {
			t.Errorf("%v, with the kept context: %v %v %s; want &{0 Ann}", lax, err, viols, got)
		}
	}
}
