package mcpgo

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolschema/toolschema/toolimpl"
)

type allocIn struct {
	City string `json:"city"`
}

type allocOut struct {
	City        string  `json:"city"`
	Temperature float64 `json:"temperature"`
}

func allocWeather(_ context.Context, req mcp.CallToolRequest, in allocIn) (allocOut, error) {
	if req.Params.Name != "weather" {
		panic("called without its request")
	}
	return allocOut{City: in.City, Temperature: 20}, nil
}

// TestCallAllocations holds the drop-in's own allocations per call, on top
// of Invoke's (which the core answers for): the tool's context with the
// request in it is one (the request's copy and the context's node
// together), and a structured result four (the result with room for its
// one content item, the structured content as an interface, the text, the
// text content as an interface).
func TestCallAllocations(t *testing.T) {
	h := NewStructuredToolHandler(allocWeather)
	made, err := create[allocIn, allocOut](true)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := toolimpl.Binding(made)
	d := &structuredHandler[allocIn, allocOut]{h: allocWeather, in: b.Input(), out: b.Output()}
	bare := toolimpl.New(made.Meta, made.InputSchema, made.OutputSchema, d, nil)

	var req mcp.CallToolRequest
	req.Params.Name = "weather"
	req.Params.RawArguments = json.RawMessage(`{"city":"Oslo"}`)
	ctx := context.Background()
	reqCtx := withRequest(ctx, &req)
	invoke := testing.AllocsPerRun(100, func() {
		if r, err := bare.Invoke(reqCtx, req.Params.RawArguments); err != nil || r.IsError {
			t.Fatal(err, r.Text())
		}
	})
	var out *mcp.CallToolResult
	call := testing.AllocsPerRun(100, func() {
		out, err = h(ctx, req)
	})
	if err != nil || out.IsError || string(out.StructuredContent.(json.RawMessage)) != `{"city":"Oslo","temperature":20}` {
		t.Fatalf("the call: %+v, %v", out, err)
	}
	if own := call - invoke; own != 5 {
		t.Errorf("the drop-in's call: %v allocations beside Invoke's %v, want 5", own, invoke)
	}
}
