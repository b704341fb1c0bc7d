package looptest_test

// The loop's own cost per call, without an SDK: the baseline of the
// adapters' benchmarks. They are here rather than in the loop package
// because the root module cannot require this one.

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
)

// BenchmarkInvoke is the baseline: the small tool's Invoke.
func BenchmarkInvoke(b *testing.B) { looptest.BenchInvoke(b) }

// BenchmarkTurn is one call of the small tool through Runner.Turn, and
// its result as text: the loop's cost per call, without an SDK.
func BenchmarkTurn(b *testing.B) {
	r := &loop.Runner{Tools: looptest.Small(b)}
	calls := []loop.Call{{ID: "call_1", Name: "lookup", Args: json.RawMessage(looptest.SmallArgs)}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		turn, err := r.Turn(ctx, calls)
		if err != nil || turn.Outcomes[0].Result.IsError {
			b.Fatal(err)
		}
		_ = loop.Content(turn.Outcomes[0].Result)
	}
}

// BenchmarkOverhead is the loop's cost per call over Invoke, measured
// side by side (looptest.BenchOverhead).
func BenchmarkOverhead(b *testing.B) {
	r := &loop.Runner{Tools: looptest.Small(b)}
	calls := []loop.Call{{ID: "call_1", Name: "lookup", Args: json.RawMessage(looptest.SmallArgs)}}
	ctx := context.Background()
	looptest.BenchOverhead(b, func() {
		turn, err := r.Turn(ctx, calls)
		if err != nil || turn.Outcomes[0].Result.IsError {
			b.Fatal(err)
		}
		_ = loop.Content(turn.Outcomes[0].Result)
	})
}

// BenchmarkTurnMany is a turn of many calls of the small tool, run in
// parallel by the runner's workers: its cost grows with the calls, the
// workers stay DefaultMaxParallel.
func BenchmarkTurnMany(b *testing.B) {
	for _, n := range []int{8, 32, 128} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r := &loop.Runner{Tools: looptest.Small(b)}
			calls := make([]loop.Call, n)
			for i := range calls {
				calls[i] = loop.Call{ID: fmt.Sprint("call_", i), Name: "lookup", Args: json.RawMessage(looptest.SmallArgs)}
			}
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				turn, err := r.Turn(ctx, calls)
				if err != nil || turn.Outcomes[n-1].Result.IsError {
					b.Fatal(err)
				}
			}
		})
	}
}
