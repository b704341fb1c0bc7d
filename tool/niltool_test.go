package tool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/tool"
)

// A nil *Tool is a tool with nothing behind it: each method answers as it
// answers for a tool without a function, saying the tool is nil, and none
// dereferences it.
func TestNilTool(t *testing.T) {
	var nilTool *tool.Tool
	ctx := context.Background()
	args := json.RawMessage(`{"a":1}`)
	const text = "tool: a nil *Tool cannot be called."
	checkResult := func(t *testing.T, r *tool.Result, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("error %v, want none (the Go error is only ctx's)", err)
		}
		if r == nil || !r.IsError || r.Code != tool.Failed || r.Started || r.Text() != text {
			t.Fatalf("result %+v, want a Failed, not started result %q", r, text)
		}
	}
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"Invoke", func(t *testing.T) {
			r, err := nilTool.Invoke(ctx, args)
			checkResult(t, r, err)
		}},
		{"InvokeAudited", func(t *testing.T) {
			var audit *tool.Audit
			r, err := nilTool.InvokeAudited(ctx, args, func(a *tool.Audit) { audit = a })
			checkResult(t, r, err)
			if audit == nil || audit.Tool != "" || audit.Result != r {
				t.Fatalf("audit %+v, want one of no tool name holding the result", audit)
			}
		}},
		{"WhenDone", func(t *testing.T) {
			// The function never starts: f is called once, when Invoke
			// returns, as for a tool without a function.
			var done int
			r, err := nilTool.Invoke(tool.WhenDone(ctx, func() { done++ }), args)
			checkResult(t, r, err)
			if done != 1 {
				t.Fatalf("the WhenDone function was called %d times, want once", done)
			}
		}},
		{"CheckArgs", func(t *testing.T) {
			in, viols, err := nilTool.CheckArgs(ctx, args)
			if in != nil || viols != nil || err == nil || err.Error() != "tool: CheckArgs of a nil *Tool" {
				t.Fatalf("CheckArgs = %v, %v, %v; want the error naming the nil *Tool", in, viols, err)
			}
		}},
		{"CheckResult", func(t *testing.T) {
			if viols, more := nilTool.CheckResult([]byte(`{}`)); viols != nil || more != 0 {
				t.Fatalf("CheckResult = %v, %d; want none, as for a tool without a function", viols, more)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}
