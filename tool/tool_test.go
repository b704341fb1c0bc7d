package tool

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"
	"testing"
)

func TestResultText(t *testing.T) {
	for _, tt := range []struct {
		parts []Part
		want  string
	}{
		{nil, ""},
		{[]Part{TextPart{"one"}}, "one"},
		// A JSON part is text to a model too; a blob has none.
		{[]Part{TextPart{"one"}, JSONPart{json.RawMessage(`{}`)}, BlobPart{"image/png", nil}, TextPart{"two"}}, "one\n{}\ntwo"},
		{[]Part{JSONPart{json.RawMessage(`1`)}}, "1"},
		{[]Part{BlobPart{"image/png", []byte{1}}}, ""},
	} {
		r := &Result{Parts: tt.parts}
		if got := r.Text(); got != tt.want {
			t.Errorf("Text() of %v = %q, want %q", tt.parts, got, tt.want)
		}
	}
}

func TestCallCosts(t *testing.T) {
	c := &Call{Tool: "x"}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { c.AddCost(Cost{Item: "request", Amount: 1, Unit: "request"}) })
	}
	wg.Wait()
	costs := c.Costs()
	if len(costs) != 50 {
		t.Fatalf("got %d cost lines, want 50", len(costs))
	}
	costs[0].Item = "changed"
	if c.Costs()[0].Item != "request" {
		t.Error("Costs returned the call's own slice")
	}
}

type handler struct{}

func (handler) Input() reflect.Type  { return nil }
func (handler) Output() reflect.Type { return nil }
func (handler) Call(ctx context.Context, call *Call, fn any, in any) (any, error) {
	return fn.(func() string)(), nil
}

func TestNew(t *testing.T) {
	fn := func() string { return "hi" }
	def := Tool{Name: "greet", ParallelSafe: true}
	tl := New(def, handler{}, fn)
	if tl.Name != "greet" || !tl.ParallelSafe {
		t.Errorf("New lost fields: %+v", tl)
	}
	h, bound := tl.Binding()
	if h == nil || bound == nil {
		t.Fatal("Binding() = nil")
	}
	got, err := h.Call(context.Background(), &Call{}, bound, nil)
	if got != "hi" || err != nil {
		t.Errorf("Call = %v, %v", got, err)
	}
	if h, b := def.Binding(); h != nil || b != nil {
		t.Error("New changed its argument")
	}
	if h, b := (&Tool{}).Binding(); h != nil || b != nil || reflect.ValueOf(h).IsValid() {
		t.Error("a literal Tool has a binding")
	}
}
