package tool

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
)

type allocIn struct {
	City string `json:"city"`
}

// allocHandler is a tool's function that returns JSON of its own, which
// the invoker passes on as it is (no writing, no buffer).
type allocHandler struct{ out json.RawMessage }

func (allocHandler) Input() reflect.Type  { return reflect.TypeFor[allocIn]() }
func (allocHandler) Output() reflect.Type { return nil }
func (h *allocHandler) Call(_ context.Context, _ *Call, _ any, in any) (any, error) {
	return h.out, nil
}

// TestInvokeAllocations holds the allocations of the parts of a call that
// are the invoker's own: the result and its one part are one allocation
// beside the part's (resultOf), and the outcome comes back from the
// tool's goroutine through a channel of empty values, one allocation with
// no buffer of its own (run, with the runner and the goroutine's start).
func TestInvokeAllocations(t *testing.T) {
	h := &allocHandler{out: json.RawMessage(`{"city":"Oslo","temp":20}`)}
	tl := &Tool{Meta: Meta{Name: "weather"}, handler: h}
	call := &Call{Tool: tl.Name}
	var r *Result
	var v any = h.out
	if n := testing.AllocsPerRun(100, func() { r = tl.resultOf(call, v, false) }); n != 2 {
		t.Errorf("resultOf: %v allocations, want 2", n)
	}
	if r.IsError || len(r.Parts) != 1 || string(r.Parts[0].(JSONPart).JSON) != string(h.out) {
		t.Fatalf("resultOf: %+v", r)
	}
	in := &allocIn{City: "Oslo"}
	ctx := context.Background()
	n := testing.AllocsPerRun(100, func() {
		if r, _ = tl.run(ctx, call, in, nil, false); r.IsError {
			t.Fatal(r.Text())
		}
	})
	// run's own: the runner, its channel, the goroutine's start; then
	// the function's result as an interface, and resultOf's.
	if n != 3+1+2 {
		t.Errorf("run: %v allocations, want %d", n, 3+1+2)
	}
}
