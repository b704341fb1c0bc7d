package tool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type noInput struct{}

// TestStartedOnSuccess: a call that ran to its end started, whatever its
// result type; a refused one did not.
func TestStartedOnSuccess(t *testing.T) {
	ctx := context.Background()
	for _, fn := range []any{
		func(context.Context, noInput) (string, error) { return "ok", nil },
		func(context.Context, noInput) ([]int, error) { return []int{1}, nil },
		func(context.Context, noInput) (*tool.Result, error) {
			return &tool.Result{Parts: []tool.Part{tool.TextPart{Text: "r"}}}, nil
		},
		func(context.Context, noInput) error { return nil },
	} {
		tl, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{Name: "x"}))
		if err != nil {
			t.Fatal(err)
		}
		r, err := tl.Invoke(ctx, json.RawMessage(`{}`))
		if err != nil || r.IsError || !r.Started || r.Outcome() != tool.OutcomeCompleted {
			t.Errorf("%T: IsError %v Started %v Outcome %s, %v", fn, r.IsError, r.Started, r.Outcome(), err)
		}
		r, _ = tl.Invoke(ctx, json.RawMessage(`{"x":1}`))
		if !r.IsError || r.Started {
			t.Errorf("%T, refused: IsError %v Started %v", fn, r.IsError, r.Started)
		}
	}
}
