package tool

import (
	"encoding/json"
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
	costs := c.costLines()
	if len(costs) != 50 {
		t.Fatalf("got %d cost lines, want 50", len(costs))
	}
	costs[0].Item = "changed"
	if c.costLines()[0].Item != "request" {
		t.Error("costLines returned the call's own slice")
	}
}
