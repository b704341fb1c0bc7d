package geminiadapter_test

import (
	"context"
	"errors"
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestWireName checks a tool whose name Gemini does not take (a first
// character that is a digit): its declaration carries the wire name, a
// call by that name runs the tool, and the response carries the name the
// model used.
func TestWireName(t *testing.T) {
	ran := 0
	tl, err := reflectimpl.Create(func() string { ran++; return "ok" }, reflectimpl.Meta(tool.Meta{Name: "1password"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{tl})
	if err != nil {
		t.Fatal(err)
	}
	decl, err := geminiadapter.Tools(set)
	if err != nil {
		t.Fatal(err)
	}
	if len(decl.FunctionDeclarations) != 1 || decl.FunctionDeclarations[0].Name != "_1password" {
		t.Fatalf("declarations %+v", decl.FunctionDeclarations)
	}
	calls, err := geminiadapter.Calls(&genai.GenerateContentResponse{Candidates: []*genai.Candidate{{Content: &genai.Content{
		Role: "model", Parts: []*genai.Part{{FunctionCall: &genai.FunctionCall{Name: "_1password", Args: map[string]any{}}}},
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	turn, err := (&loop.Runner{Tools: set}).Turn(context.Background(), calls)
	if err != nil {
		t.Fatal(err)
	}
	if o := turn.Outcomes[0]; o.Tool != tl || o.Result.IsError || ran != 1 {
		t.Fatalf("the call: tool %v, %q, ran %d", o.Tool, loop.Content(o.Result), ran)
	}
	c := geminiadapter.Results(turn.Outcomes)
	if r := c.Parts[0].FunctionResponse; r == nil || r.Name != "_1password" {
		t.Errorf("the response %+v, want the name the model called", c.Parts[0])
	}

	// Two tools that both go by one wire name are refused.
	other, err := reflectimpl.Create(func() string { return "" }, reflectimpl.Meta(tool.Meta{Name: "_1password"}))
	if err != nil {
		t.Fatal(err)
	}
	both, err := tool.NewSet([]*tool.Tool{tl, other})
	if err != nil {
		t.Fatal(err)
	}
	var ce *tool.CollisionError
	if _, err := geminiadapter.Tools(both); !errors.As(err, &ce) || ce.First != "1password" || ce.Second != "_1password" {
		t.Errorf("Tools: %v", err)
	}
}
