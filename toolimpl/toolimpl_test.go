package toolimpl_test

import (
	"context"
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
	def := tool.Tool{Name: "greet", ParallelSafe: true}
	tl := toolimpl.New(def, handler{}, fn)
	if tl.Name != "greet" || !tl.ParallelSafe {
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
	if h, b := toolimpl.Binding(&def); h != nil || b != nil {
		t.Error("New changed its argument")
	}
	if h, b := toolimpl.Binding(&tool.Tool{}); h != nil || b != nil || reflect.ValueOf(h).IsValid() {
		t.Error("a literal Tool has a binding")
	}
	if r, err := toolimpl.New(tool.Tool{Name: "none"}, nil, nil).Invoke(context.Background(), nil); err != nil || !r.IsError {
		t.Errorf("a tool with a nil handler: %+v, %v", r, err)
	}
}
