package geminiadapter_test

import (
	"context"
	"encoding/json"
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
)

// BenchmarkInvoke is the baseline: the small tool's Invoke.
func BenchmarkInvoke(b *testing.B) { looptest.BenchInvoke(b) }

// BenchmarkCall is one call of the small tool from a functionCall part
// (decoded by the SDK once, outside the loop) to its functionResponse
// part: Calls (which writes the SDK's map of arguments as JSON),
// Runner.Turn, Results.
func BenchmarkCall(b *testing.B) {
	var resp genai.GenerateContentResponse
	body := `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"id":"c1","name":"lookup","args":` + looptest.SmallArgs + `}}]}}]}`
	if err := json.Unmarshal([]byte(body), &resp); err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		calls, err := geminiadapter.Calls(&resp)
		if err != nil {
			b.Fatal(err)
		}
		turn, err := r.Turn(ctx, calls)
		if err != nil || turn.Outcomes[0].Result.IsError {
			b.Fatal(err)
		}
		if len(geminiadapter.Results(turn.Outcomes).Parts) != 1 {
			b.Fatal("no part")
		}
	}
}

// BenchmarkOverhead is the cost per call over Invoke, measured side by
// side (looptest.BenchOverhead).
func BenchmarkOverhead(b *testing.B) {
	var resp genai.GenerateContentResponse
	body := `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"id":"c1","name":"lookup","args":` + looptest.SmallArgs + `}}]}}]}`
	if err := json.Unmarshal([]byte(body), &resp); err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	ctx := context.Background()
	looptest.BenchOverhead(b, func() {
		calls, err := geminiadapter.Calls(&resp)
		if err != nil {
			b.Fatal(err)
		}
		turn, err := r.Turn(ctx, calls)
		if err != nil || turn.Outcomes[0].Result.IsError || len(geminiadapter.Results(turn.Outcomes).Parts) != 1 {
			b.Fatal(err)
		}
	})
}

// BenchmarkCalls, BenchmarkResults and BenchmarkResponseMap take the
// adapter's path apart, for docs/benchmarks.md: Calls alone (the SDK's
// map of arguments written as JSON), Results alone (one functionResponse
// part), and the least a result costs the SDK's way, a map of one entry.
func BenchmarkCalls(b *testing.B) {
	resp := smallResponse(b)
	b.ReportAllocs()
	for b.Loop() {
		if calls, err := geminiadapter.Calls(resp); err != nil || len(calls) != 1 {
			b.Fatal(err)
		}
	}
}

func BenchmarkResults(b *testing.B) {
	calls, err := geminiadapter.Calls(smallResponse(b))
	if err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	turn, err := r.Turn(context.Background(), calls)
	if err != nil || turn.Outcomes[0].Result.IsError {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(geminiadapter.Results(turn.Outcomes).Parts) != 1 {
			b.Fatal("no part")
		}
	}
}

var responseSink map[string]any

func BenchmarkResponseMap(b *testing.B) {
	out := any("Oslo: 5 results")
	b.ReportAllocs()
	for b.Loop() {
		responseSink = map[string]any{"output": out}
	}
}

func smallResponse(b *testing.B) *genai.GenerateContentResponse {
	var resp genai.GenerateContentResponse
	body := `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"id":"c1","name":"lookup","args":` + looptest.SmallArgs + `}}]}}]}`
	if err := json.Unmarshal([]byte(body), &resp); err != nil {
		b.Fatal(err)
	}
	return &resp
}
