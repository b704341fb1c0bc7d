package loop_test

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/roomtest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestApprovalNotChecked: a call that needs approval, whose arguments cannot
// be checked as the turn goes (here their Go values alone pass the whole
// room the process's memory limit leaves them), is answered as Invoke
// answers it, and nobody is asked about it; the turn goes on. So is a
// call of a tool with no function behind it, whose CheckArgs is an
// error, as the contract's table says. Before, CheckArgs's error ended
// the turn with an error.
func TestApprovalNotChecked(t *testing.T) {
	prev := debug.SetMemoryLimit(15 << 20) // a room of 3.75 MiB
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	type Row struct {
		A [64]int64 `json:"a,omitempty"` // 512 bytes for the 2 of "{}"
	}
	rows, err := reflectimpl.Create(func(in struct {
		Rows []Row `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "rows", RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{rows, {Meta: tool.Meta{Name: "none", RequiresApproval: true}}})
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	r := &loop.Runner{Tools: set, Approve: func(context.Context, loop.Approval) (bool, error) { asked++; return true, nil }}
	// 4 MiB of values, more than the first MiB a call has of its own.
	big := json.RawMessage(`{"rows":[` + strings.TrimSuffix(strings.Repeat("{},", 8<<10), ",") + `]}`)
	turn, err := r.Turn(context.Background(), []loop.Call{
		{ID: "1", Name: "rows", Args: big},
		{ID: "2", Name: "rows", Args: json.RawMessage(`{"rows":[{}]}`)},
		{ID: "3", Name: "none", Args: json.RawMessage(`{}`)},
	})
	if err != nil {
		t.Fatalf("Turn: %v", err)
	}
	if res := turn.Outcomes[0].Result; res.Code != tool.InvalidArguments || res.Started || len(res.Violations) != 1 ||
		!strings.HasSuffix(res.Text(), "all the room this server gives the values of the calls it runs at once: send fewer or smaller values.") {
		t.Errorf("the call past the whole room: %s; want invalid_arguments, past all the room, not started", res.Text())
	}
	if res := turn.Outcomes[1].Result; res.IsError || res.Text() != "1" {
		t.Errorf("the small call: %s", res.Text())
	}
	if res := turn.Outcomes[2].Result; res.Code != tool.Failed || res.Text() != "Tool 'none' cannot be called: it has no function behind it." {
		t.Errorf("the call of a tool with no function: %s %s", res.Code, res.Text())
	}
	if asked != 1 {
		t.Errorf("the hook was asked %d times; want once, for the small call", asked)
	}
}

// TestApprovalAfterBusy: a call that needs approval, whose arguments
// could not be checked because the calls running at once held the room
// their values need, and could be by the time Invoke read them again (the
// room given back between the two readings), is asked about and runs.
// Before, Invoke answered that it needed an approval nobody was asked
// for.
func TestApprovalAfterBusy(t *testing.T) {
	reads := roomtest.Start(t)
	guarded, err := reflectimpl.Create(func(in roomtest.Guarded) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "guarded", RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{guarded})
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	r := &loop.Runner{Tools: set, Approve: func(context.Context, loop.Approval) (bool, error) { asked++; return true, nil }}
	turn, err := r.Turn(context.Background(), []loop.Call{{ID: "1", Name: "guarded", Args: roomtest.GuardedArgs}})
	if err != nil {
		t.Fatal(err)
	}
	if res := turn.Outcomes[0].Result; res.IsError || res.Text() != "16384" || asked != 1 {
		t.Errorf("the call: %s %q, the hook asked %d times; want it run, asked once", res.Code, res.Text(), asked)
	}
	if n := reads(); n < 3 {
		t.Errorf("the arguments were read %d times; want the busy reading, Invoke's and one more", n)
	}
}
