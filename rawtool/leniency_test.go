package rawtool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestLeniencyIsStrict checks that a raw-schema tool checks its arguments
// strictly under every leniency: its schema is any JSON Schema, where a
// type slip is not always unambiguous, so it is neither repaired nor run
// past its violations.
func TestLeniencyIsStrict(t *testing.T) {
	ran := false
	tl, err := rawtool.New(tool.Meta{Name: "count"}, json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}}}`),
		func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) {
			ran = true
			return string(args), nil
		})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []tool.Leniency{tool.Strict, tool.RepairArgs, tool.ShadowArgs} {
		r, err := tl.Invoke(tool.WithLeniency(context.Background(), l), json.RawMessage(`{"n":"4"}`))
		if err != nil || !r.IsError || r.Code != tool.InvalidArguments || (r.Repairs != nil || r.Shadowed != nil) || ran {
			t.Errorf("%s: %v %s %q, lenient %+v, ran %v; want refused as strict", l, err, r.Code, r.Text(), r.Shadowed, ran)
		}
		r, _ = tl.Invoke(tool.WithLeniency(context.Background(), l), json.RawMessage(`{"n":4}`))
		if r.IsError || (r.Repairs != nil || r.Shadowed != nil) || r.Text() != `{"n":4}` {
			t.Errorf("%s: good arguments: %q %+v", l, r.Text(), r.Shadowed)
		}
		ran = false
	}
}
