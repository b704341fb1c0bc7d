package loop_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestNestedRunnerAsksAgain reproduces the fault of an approval inherited
// by a loop run inside a tool: the tool's body ran a loop of its own (a
// sub-agent) with the context it was given, and the same call, approved
// once, ran again with no question asked. The nested loop's call is asked
// about (its hook), and without a hook it is refused.
func TestNestedRunnerAsksAgain(t *testing.T) {
	var ran atomic.Int64
	var inner *loop.Runner
	var nested *loop.Turn
	call := loop.Call{ID: "1", Name: "delete", Args: json.RawMessage(`{"id":"abc"}`)}
	del, err := reflectimpl.Create(func(ctx context.Context, in DeleteIn) (string, error) {
		if ran.Add(1) == 1 {
			turn, err := inner.Turn(ctx, []loop.Call{call})
			if err != nil {
				return "", err
			}
			nested = turn
		}
		return "deleted " + in.ID, nil
	}, reflectimpl.Meta(tool.Meta{Name: "delete", RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{del})
	if err != nil {
		t.Fatal(err)
	}
	var asked atomic.Int64
	for _, tt := range []struct {
		name    string
		approve func(context.Context, loop.Approval) (bool, error)
		code    tool.ErrorCode
		asked   int64
	}{
		{"no hook", nil, tool.ApprovalRequired, 0},
		{"a hook that refuses", func(context.Context, loop.Approval) (bool, error) { asked.Add(1); return false, nil }, loop.Refused, 1},
	} {
		ran.Store(0)
		asked.Store(0)
		nested = nil
		inner = &loop.Runner{Tools: set, Approve: tt.approve}
		outer := &loop.Runner{Tools: set, Approve: func(context.Context, loop.Approval) (bool, error) { return true, nil }}
		turn, err := outer.Turn(context.Background(), []loop.Call{call})
		if err != nil {
			t.Fatal(err)
		}
		if r := turn.Outcomes[0].Result; r.IsError {
			t.Fatalf("%s: the approved call: %+v", tt.name, r)
		}
		if nested == nil || nested.Outcomes[0].Result.Code != tt.code {
			t.Errorf("%s: the nested loop's call: %+v, want %s", tt.name, nested, tt.code)
		}
		if ran.Load() != 1 || asked.Load() != tt.asked {
			t.Errorf("%s: the tool ran %d times, the nested hook was asked %d times; want 1 and %d", tt.name, ran.Load(), asked.Load(), tt.asked)
		}
	}
}
