package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/tool"
)

// TestNewMCPServer: a server made by mcpgo.NewMCPServer checks every call
// of a tool added with s.AddTool against the schema the tool lists at the
// time of the call, and leaves the calls of this package's handlers to
// them (a Register tool whose listing Adjust changed is checked against
// its own schema, once). A schema the checks cannot compile passes the
// call through, unchecked.
func TestNewMCPServer(t *testing.T) {
	s := mcpgo.NewMCPServer("test", "1.0.0")
	echo := func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		switch req.GetString("message", "") {
		case "fail":
			return nil, errors.New("the echo is gone")
		case "boom":
			panic("the canyon fell in")
		}
		b, _ := json.Marshal(req.GetArguments())
		return mcp.NewToolResultText(string(b)), nil
	}
	s.AddTool(mcp.NewTool("echo",
		mcp.WithString("message", mcp.Required(), mcp.MaxLength(8)),
		mcp.WithNumber("times", mcp.Min(1), mcp.DefaultNumber(2)),
	), echo)
	s.AddTool(mcp.Tool{Name: "lookaround", RawInputSchema: json.RawMessage(`{"type":"object","properties":{"message":{"type":"string","pattern":"(?<=a)b"}}}`)}, echo)
	err := mcpgo.Register(s, registered()[:1], &mcpgo.Options{Adjust: func(_ *tool.Tool, mt *mcp.Tool) {
		mt.RawInputSchema = json.RawMessage(`{"type":"object","properties":{"service":{"type":"string","maxLength":2}},"required":["service"]}`)
	}})
	if err != nil {
		t.Fatal(err)
	}
	c := inprocess(t, s)
	check := func(tool, args, want string) {
		t.Helper()
		r := call(t, c, tool, args)
		got := text(r)
		if r.IsError {
			got = "!" + got
		}
		if got != want {
			t.Errorf("%s %s:\n got %q\nwant %q", tool, args, got, want)
		}
	}
	check("echo", `{"message":"hi"}`, `{"message":"hi","times":2}`)
	check("echo", `{"message":"hi","times":0}`, "!Argument 'times' must be at least 1.")
	check("echo", `{"message":"much too long"}`, "!Argument 'message' must be at most 8 characters long.")
	check("echo", `{}`, "!Argument 'message' is required.")
	check("echo", `{"message":"fail"}`, "!Tool 'echo' failed: the echo is gone")
	check("echo", `{"message":"boom"}`, "!Tool 'echo' failed: panic: the canyon fell in")
	check("lookaround", `{"message":7}`, `{"message":7}`)
	check("list_alerts", `{"service":"api","limit":1}`, `[{"id":"a1","severity":"high"}]`)

	// The tool added again with another schema: the new one is checked.
	s.AddTool(mcp.NewTool("echo", mcp.WithString("message", mcp.Enum("hi", "ho"))), echo)
	check("echo", `{"message":"hey"}`, "!Argument 'message' must be one of \"hi\", \"ho\".")
	check("echo", `{}`, `{}`)
}
