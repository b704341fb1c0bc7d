package openaiadapter_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
)

// BenchmarkInvoke is the baseline: the small tool's Invoke.
func BenchmarkInvoke(b *testing.B) { looptest.BenchInvoke(b) }

// BenchmarkChatCall is one call of the small tool from a Chat Completions
// message (decoded by the SDK once, outside the loop) to its tool
// message: ChatCalls, Runner.Turn, ChatMessages.
func BenchmarkChatCall(b *testing.B) {
	var msg openai.ChatCompletionMessage
	body, _ := json.Marshal(map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
		"id": "call_1", "type": "function", "function": map[string]any{"name": "lookup", "arguments": looptest.SmallArgs}}}})
	if err := json.Unmarshal(body, &msg); err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		turn, err := r.Turn(ctx, openaiadapter.ChatCalls(msg))
		if err != nil || turn.Outcomes[0].Result.IsError {
			b.Fatal(err)
		}
		if len(openaiadapter.ChatMessages(turn.Outcomes)) != 1 {
			b.Fatal("no message")
		}
	}
}

// BenchmarkResponsesCall is the same from a Responses function_call item
// to its function_call_output item.
func BenchmarkResponsesCall(b *testing.B) {
	var resp responses.Response
	body, _ := json.Marshal(map[string]any{"id": "resp_1", "object": "response", "output": []any{map[string]any{
		"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "lookup", "arguments": looptest.SmallArgs}}})
	if err := json.Unmarshal(body, &resp); err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		turn, err := r.Turn(ctx, openaiadapter.ResponsesCalls(&resp))
		if err != nil || turn.Outcomes[0].Result.IsError {
			b.Fatal(err)
		}
		if len(openaiadapter.ResponsesItems(turn.Outcomes)) != 1 {
			b.Fatal("no item")
		}
	}
}

// BenchmarkOverhead is each API's cost per call over Invoke, measured
// side by side (looptest.BenchOverhead).
func BenchmarkOverhead(b *testing.B) {
	var msg openai.ChatCompletionMessage
	body, _ := json.Marshal(map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{
		"id": "call_1", "type": "function", "function": map[string]any{"name": "lookup", "arguments": looptest.SmallArgs}}}})
	if err := json.Unmarshal(body, &msg); err != nil {
		b.Fatal(err)
	}
	var resp responses.Response
	body, _ = json.Marshal(map[string]any{"id": "resp_1", "object": "response", "output": []any{map[string]any{
		"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "lookup", "arguments": looptest.SmallArgs}}})
	if err := json.Unmarshal(body, &resp); err != nil {
		b.Fatal(err)
	}
	r := &loop.Runner{Tools: looptest.Small(b)}
	ctx := context.Background()
	b.Run("chat", func(b *testing.B) {
		looptest.BenchOverhead(b, func() {
			turn, err := r.Turn(ctx, openaiadapter.ChatCalls(msg))
			if err != nil || turn.Outcomes[0].Result.IsError || len(openaiadapter.ChatMessages(turn.Outcomes)) != 1 {
				b.Fatal(err)
			}
		})
	})
	b.Run("responses", func(b *testing.B) {
		looptest.BenchOverhead(b, func() {
			turn, err := r.Turn(ctx, openaiadapter.ResponsesCalls(&resp))
			if err != nil || turn.Outcomes[0].Result.IsError || len(openaiadapter.ResponsesItems(turn.Outcomes)) != 1 {
				b.Fatal(err)
			}
		})
	})
}
