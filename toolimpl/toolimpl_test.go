package toolimpl_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

type handler struct{}

func (handler) Input() reflect.Type  { return nil }
func (handler) Output() reflect.Type { return nil }
func (handler) Call(ctx context.Context, call *tool.Call, fn any, in any) (any, error) {
	return fn.(func() string)(), nil
}

func TestNew(t *testing.T) {
	fn := func() string { return "hi" }
	def := tool.Meta{Name: "greet", ParallelSafe: new(false)}
	in, out := json.RawMessage(`{"type":"object"}`), json.RawMessage(`{"type":"string"}`)
	tl := toolimpl.New(def, in, out, handler{}, fn)
	if tl.Name != "greet" || tl.IsParallelSafe() || string(tl.InputSchema) != string(in) || string(tl.OutputSchema) != string(out) {
		t.Errorf("New lost fields: %+v", tl)
	}
	h, bound := toolimpl.Binding(tl)
	if h == nil || bound == nil {
		t.Fatal("Binding() = nil")
	}
	got, err := h.Call(context.Background(), &tool.Call{}, bound, nil)
	if got != "hi" || err != nil {
		t.Errorf("Call = %v, %v", got, err)
	}
	for name, tl := range map[string]*tool.Tool{"a literal Tool": {}, "a nil *Tool": nil} {
		if h, b := toolimpl.Binding(tl); h != nil || b != nil || reflect.ValueOf(h).IsValid() {
			t.Errorf("%s has a binding", name)
		}
	}
	if r, err := toolimpl.New(tool.Meta{Name: "none"}, nil, nil, nil, nil).Invoke(context.Background(), nil); err != nil || !r.IsError {
		t.Errorf("a tool with a nil handler: %+v, %v", r, err)
	}
}
