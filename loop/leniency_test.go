package loop_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type SizeQuery struct {
	Limit int `json:"limit" minimum:"1" maximum:"100"`
}

// TestLeniency checks Runner.Leniency: strict refuses "42" for an
// integer; repair reads it, gives the approval hook the input read, and
// tells the model what it assumed in a last text part; shadow runs what
// encoding/json decodes and leaves the violations on the result.
func TestLeniency(t *testing.T) {
	size := func(in SizeQuery) int { return in.Limit }
	plain, err := reflectimpl.Create(size, reflectimpl.Meta(tool.Meta{Name: "size"}))
	if err != nil {
		t.Fatal(err)
	}
	guarded, err := reflectimpl.Create(size, reflectimpl.Meta(tool.Meta{
		Name:             "guarded_size",
		RequiresApproval: true,
	}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{plain, guarded})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		leniency tool.Leniency
		args     string
		content  string // what the model reads
		input    int    // the limit the approval hook saw, 0 when not asked
		shadowed int
	}{
		{tool.Strict, `{"limit":"42"}`, "Argument 'limit' must be an integer.", 0, 0},
		{tool.RepairArgs, `{"limit":"42"}`, "42\nAssumed: 'limit' \"42\" read as 42.", 42, 0},
		{tool.RepairArgs, `{"limit":"500"}`, "Argument 'limit' must be at most 100.\nAssumed: 'limit' \"500\" read as 500.", 0, 0},
		{tool.RepairArgs, `{"limit":5}`, "5", 5, 0},
		{tool.Strict, `{"limit":4.0}`, "Argument 'limit' must be an integer.", 0, 0},
		{tool.RepairArgs, `{"limit":4.0}`, "4\nAssumed: 'limit' 4.0 read as 4.", 4, 0},
		{tool.ShadowArgs, `{"limit":500}`, "500", 500, 1},
		{tool.ShadowArgs, `{"limit":"42"}`, "Argument 'limit' must be an integer.", 0, 0},
	}
	for _, tt := range tests {
		seen := 0
		r := &loop.Runner{Tools: set, Leniency: tt.leniency, Approve: func(_ context.Context, a loop.Approval) (bool, error) {
			seen = a.Input.(*SizeQuery).Limit
			return true, nil
		}}
		turn, err := r.Turn(context.Background(), []loop.Call{
			{ID: "1", Name: "size", Args: json.RawMessage(tt.args)},
			{ID: "2", Name: "guarded_size", Args: json.RawMessage(tt.args)},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range turn.Outcomes {
			var shadowed []tool.Violation
			if o.Result.Repairs != nil || o.Result.Shadowed != nil {
				shadowed = o.Result.Shadowed
			}
			if got := loop.Content(o.Result); got != tt.content || len(shadowed) != tt.shadowed {
				t.Errorf("%s %s %s: the model reads %q, shadowed %v; want %q, %d", tt.leniency, o.Call.Name, tt.args, got, shadowed, tt.content, tt.shadowed)
			}
		}
		if seen != tt.input {
			t.Errorf("%s %s: the approval hook saw %d, want %d", tt.leniency, tt.args, seen, tt.input)
		}
	}
}

// TestRepairNoteAfterBudget: a repaired call whose result is over the
// budget is cut, and the note of what was assumed still reaches the model
// after the cut.
func TestRepairNoteAfterBudget(t *testing.T) {
	rows, err := reflectimpl.Create(func(in SizeQuery) []string {
		out := make([]string, 1000)
		for i := range out {
			out[i] = "a row of text"
		}
		return out[:in.Limit*10]
	}, reflectimpl.Meta(tool.Meta{Name: "rows"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{rows})
	if err != nil {
		t.Fatal(err)
	}
	r := &loop.Runner{Tools: set, Leniency: tool.RepairArgs, MaxResultBytes: 300}
	turn, err := r.Turn(context.Background(), []loop.Call{{ID: "1", Name: "rows", Args: json.RawMessage(`{"limit":"50"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	res := turn.Outcomes[0].Result
	text := loop.Content(res)
	if !res.Truncated || !strings.HasSuffix(text, "Assumed: 'limit' \"50\" read as 50.") || !strings.Contains(text, "array items left out") {
		t.Errorf("truncated %v, content ends %q", res.Truncated, text[max(0, len(text)-200):])
	}
}
