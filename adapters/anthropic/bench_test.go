package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
)

// BenchmarkInvoke is the baseline: the small tool's Invoke.
func BenchmarkInvoke(b *testing.B) { looptest.BenchInvoke(b) }

// BenchmarkCall is one call of the small tool from a message's tool_use
// block (decoded by the SDK once, outside the loop) to its tool_result
// block: Calls, Runner.Turn, Results.
func BenchmarkCall(b *testing.B) {
	var m anthropic.Message
	body := `{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"toolu_1","name":"lookup","input":` + looptest.SmallArgs + `}]}`
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		turn, err := r.Turn(ctx, anthropicadapter.Calls(&m))
		if err != nil || turn.Outcomes[0].Result.IsError {
			b.Fatal(err)
		}
		if len(anthropicadapter.Results(turn.Outcomes).OfUser.Content) != 1 {
			b.Fatal("no result")
		}
	}
}

// BenchmarkOverhead is the cost per call over Invoke, measured side by
// side (looptest.BenchOverhead).
func BenchmarkOverhead(b *testing.B) {
	var m anthropic.Message
	body := `{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"toolu_1","name":"lookup","input":` + looptest.SmallArgs + `}]}`
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	ctx := context.Background()
	looptest.BenchOverhead(b, func() {
		turn, err := r.Turn(ctx, anthropicadapter.Calls(&m))
		if err != nil || turn.Outcomes[0].Result.IsError || len(anthropicadapter.Results(turn.Outcomes).OfUser.Content) != 1 {
			b.Fatal(err)
		}
	})
}
