package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/tool"
)

// TestNewMCPServer: a server made by mcpgo.NewMCPServer checks every call
// of a tool added with s.AddTool against the schema the tool lists at the
// time of the call, and leaves the calls of this package's handlers to
// them (a Register tool whose listing Adjust changed is checked against
// its own schema, once). A schema the checks cannot compile passes the
// call through, unchecked, and is logged (TestNewMCPServerUncompiledSchema).
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

// TestSessionToolsChecked: a tool of one session (mcp-go's
// AddSessionTool, over streamable HTTP) is checked against the schema the
// session lists, by NewMCPServer's checks for an untyped handler and by
// a typed drop-in for its own. The server lists neither.
func TestSessionToolsChecked(t *testing.T) {
	s := mcpgo.NewMCPServer("test", "1.0.0")
	ts := httptest.NewServer(server.NewStreamableHTTPServer(s, server.WithStateful(true)))
	t.Cleanup(ts.Close)
	hc, err := client.NewStreamableHttpClient(ts.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	// Sessions are of the protocol before 2026-07-28, which has none.
	c := hc
	t.Cleanup(func() { c.Close() })
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test-client", Version: "1"}
	if _, err := c.Initialize(t.Context(), init); err != nil {
		t.Fatal(err)
	}
	id := c.GetSessionId()
	if id == "" {
		t.Fatal("no session")
	}
	if err := s.AddSessionTool(id, mcp.NewTool("add",
		mcp.WithNumber("a", mcp.Required()), mcp.WithNumber("b", mcp.Required()),
	), addTool); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSessionTool(id, greetingTool(), mcpgo.NewTypedToolHandler(greeting)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ tool, args, want string }{
		{"add", `{"a":1,"b":2}`, "The sum of 1.000000 and 2.000000 is 3.000000."},
		{"add", `{"a":1}`, "!Argument 'b' is required."},
		{"greeting", `{"name":"Ann"}`, "Hello, Ann!"},
		{"greeting", `{"name":"Ann","age":151}`, "!Argument 'age' must be at most 150."},
	} {
		r := call(t, c, tc.tool, tc.args)
		got := text(r)
		if r.IsError {
			got = "!" + got
		}
		if got != tc.want {
			t.Errorf("%s %s: got %q, want %q", tc.tool, tc.args, got, tc.want)
		}
	}
}

// TestReplacedBuilderSchema: a tool added again under its name with a
// builder schema of new maps, of the same sizes, is checked against the
// new schema, also when the new maps are where the old ones were (the
// tool deleted first and its maps collected).
func TestReplacedBuilderSchema(t *testing.T) {
	s := mcpgo.NewMCPServer("test", "1.0.0")
	echo := func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("ran"), nil
	}
	for i := range 200 {
		bound := "maximum"
		if i%2 == 1 {
			bound = "minimum"
		}
		s.DeleteTools("bounded")
		runtime.GC() // the old schema's maps are collected, and their place free
		s.AddTool(mcp.Tool{Name: "bounded", InputSchema: mcp.ToolInputSchema{
			Type:       "object",
			Properties: map[string]any{"n": map[string]any{"type": "number", bound: 10}},
		}}, echo)
		resp := s.HandleMessage(t.Context(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"bounded","arguments":{"n":5}}}`))
		data, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		refused := strings.Contains(string(data), `"isError":true`)
		if refused != (bound == "minimum") {
			t.Fatalf("round %d, n=5 against the %s 10: refused %v: %s", i, bound, refused, data)
		}
	}
}
