package mcpserver_test

// The typed tools of the go-sdk v1.8.0's examples/server, in their
// shapes (the same types, tags, tool definitions and handler behaviour),
// written for these tests: hello's greet, toolschemas' three tools of
// mcp.AddTool, and everything's structured, icons and ping tools. The
// schemas toolschemas builds with google/jsonschema-go are given as it
// gives them (jsonschema.For[Input] with a maxLength added) and as the
// JSON they stand for (its schema value), which the SDK reads the same.

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	_ "github.com/toolschema/toolschema/declared" // the checks of a schema set by hand
	"github.com/toolschema/toolschema/mcpserver"
)

type helloArgs struct {
	Name string `json:"name" jsonschema:"the person to greet"`
}

func helloGreet(_ context.Context, _ *mcp.CallToolRequest, args helloArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Hi " + args.Name}}}, nil, nil
}

// ExInput and ExOutput are toolschemas' Input and Output.
type ExInput struct {
	Name string `json:"name" jsonschema:"the person to greet"`
}

type ExOutput struct {
	Greeting string `json:"greeting" jsonschema:"the greeting to send to the user"`
}

func simpleGreeting(_ context.Context, _ *mcp.CallToolRequest, in ExInput) (*mcp.CallToolResult, ExOutput, error) {
	return nil, ExOutput{"Hi " + in.Name}, nil
}

// exInputSchema is toolschemas' inputSchema value, as JSON; exCustomSchema
// is jsonschema.For[Input] with the name's maxLength set to 10, as
// toolschemas makes it (a *jsonschema.Schema), and exCustomJSON the JSON
// it stands for.
var (
	exInputSchema  = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","maxLength":10}}}`)
	exCustomSchema = customSchema()
	exCustomJSON   = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","description":"the person to greet","maxLength":10}},"required":["name"],"additionalProperties":false}`)
)

func customSchema() *jsonschema.Schema {
	s, err := jsonschema.For[ExInput](nil)
	if err != nil {
		panic(err)
	}
	s.Properties["name"].MaxLength = new(10)
	return s
}

// everything's structured and pinging tools: a pointer input, a pointer
// result, and no input (any).
type everythingArgs struct {
	Name string `json:"name" jsonschema:"the name to say hi to"`
}

type everythingResult struct {
	Message string `json:"message" jsonschema:"the message to convey"`
}

func structuredTool(_ context.Context, _ *mcp.CallToolRequest, args *everythingArgs) (*mcp.CallToolResult, *everythingResult, error) {
	return nil, &everythingResult{Message: "Hi " + args.Name}, nil
}

func pingingTool(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if err := req.Session.Ping(ctx, nil); err != nil {
		return nil, nil, errors.New("ping failed")
	}
	return nil, nil, nil
}

var exIcons = []mcp.Icon{{Source: "https://example.com/icon.png", MIMEType: "image/png", Sizes: []string{"48x48"}}}

// sdkExamples adds the examples' typed tools to s with mcp.AddTool, or
// moved, with mcpserver.AddTool: the one identifier that changes.
func sdkExamples(s *mcp.Server, moved bool) {
	if !moved {
		mcp.AddTool(s, &mcp.Tool{Name: "greet", Description: "say hi"}, helloGreet)
		mcp.AddTool(s, &mcp.Tool{Name: "simple greeting"}, simpleGreeting)
		mcp.AddTool(s, &mcp.Tool{Name: "customized greeting 1", InputSchema: exInputSchema}, simpleGreeting)
		mcp.AddTool(s, &mcp.Tool{Name: "customized greeting 2", InputSchema: exCustomSchema}, simpleGreeting)
		mcp.AddTool(s, &mcp.Tool{Name: "customized greeting 3", InputSchema: exCustomJSON}, simpleGreeting)
		mcp.AddTool(s, &mcp.Tool{Name: "greet (structured)"}, structuredTool)
		mcp.AddTool(s, &mcp.Tool{Name: "greet (with Icons)", Icons: exIcons}, structuredTool)
		mcp.AddTool(s, &mcp.Tool{Name: "ping"}, pingingTool)
		return
	}
	mcpserver.AddTool(s, &mcp.Tool{Name: "greet", Description: "say hi"}, helloGreet)
	mcpserver.AddTool(s, &mcp.Tool{Name: "simple greeting"}, simpleGreeting)
	mcpserver.AddTool(s, &mcp.Tool{Name: "customized greeting 1", InputSchema: exInputSchema}, simpleGreeting)
	mcpserver.AddTool(s, &mcp.Tool{Name: "customized greeting 2", InputSchema: exCustomSchema}, simpleGreeting)
	mcpserver.AddTool(s, &mcp.Tool{Name: "customized greeting 3", InputSchema: exCustomJSON}, simpleGreeting)
	mcpserver.AddTool(s, &mcp.Tool{Name: "greet (structured)"}, structuredTool)
	mcpserver.AddTool(s, &mcp.Tool{Name: "greet (with Icons)", Icons: exIcons}, structuredTool)
	mcpserver.AddTool(s, &mcp.Tool{Name: "ping"}, pingingTool)
}

// TestSDKExamplesMoved lists and calls the go-sdk examples' typed tools
// as written for the SDK and moved to mcpserver.AddTool, with the SDK's
// client: the same listing, good calls answered alike, bad ones an
// isError result naming the argument and the rule. A tool whose In is
// any lists the closed empty object, where the SDK lists an open one,
// and refuses an argument. A schema set by hand (toolschemas' customized
// greetings, as a *jsonschema.Schema and as JSON) is listed as given and
// the arguments are checked against it, as the SDK checks them: its
// maxLength is enforced, and a property it leaves optional, in an object
// it leaves open, stays so (docs/contract.md, "a schema set by hand").
func TestSDKExamplesMoved(t *testing.T) {
	sessions := map[bool]*mcp.ClientSession{}
	for _, moved := range []bool{false, true} {
		s := mcp.NewServer(&mcp.Implementation{Name: "greeter"}, nil)
		sdkExamples(s, moved)
		sessions[moved] = connectServer(t, s, nil, "")
	}
	listing := map[bool]map[string]string{}
	for moved, cs := range sessions {
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		listing[moved] = map[string]string{}
		for _, tl := range res.Tools {
			b, _ := json.Marshal(tl)
			listing[moved][tl.Name] = string(b)
		}
	}
	// The same listing, but for a tool whose In is any: the SDK lists
	// an open object, the drop-in the closed empty one, and refuses an
	// argument (below).
	wantMoved := map[string]string{
		"ping": `{"name":"ping","inputSchema":{"type":"object","properties":{},"additionalProperties":false}}`,
	}
	if len(listing[false]) != len(listing[true]) {
		t.Errorf("%d tools listed moved, %d by the SDK", len(listing[true]), len(listing[false]))
	}
	for name, sdk := range listing[false] {
		want, ok := wantMoved[name]
		if !ok {
			want = sdk
		}
		if got := listing[true][name]; !jsonEqual([]byte(got), []byte(want)) {
			t.Errorf("%s listed\n  got %s\n want %s", name, got, want)
		}
	}

	const same = "="
	cases := []struct {
		name, tool, args string
		sdk, moved       string // the text, "!" first for an isError result
	}{
		{"hello", "greet", `{"name":"Ann"}`, "Hi Ann", same},
		{"hello missing", "greet", `{}`, `!validating "arguments": validating root: required: missing properties: ["name"]`, "!Argument 'name' is required."},
		{"hello type", "greet", `{"name":7}`, `!validating "arguments": validating root: validating /properties/name: type: 7 has type "integer", want "string"`, "!Argument 'name' must be a string."},
		{"hello unknown", "greet", `{"name":"Ann","x":1}`, `!validating "arguments": validating root: unexpected additional properties ["x"]`, "!Argument 'x' is not a parameter of the tool."},
		{"simple", "simple greeting", `{"name":"Ann"}`, `{"greeting":"Hi Ann"}`, same},
		{"simple misspelt", "simple greeting", `{"nam":"Ann"}`, `!validating "arguments": validating root: unexpected additional properties ["nam"]`,
			"!Argument 'name' is required.\nArgument 'nam' is not a parameter of the tool."},
		{"customized 1", "customized greeting 1", `{"name":"Ann"}`, `{"greeting":"Hi Ann"}`, same},
		{"customized 2", "customized greeting 2", `{"name":"Ann"}`, `{"greeting":"Hi Ann"}`, same},
		{"customized 2 missing", "customized greeting 2", `{}`, `!validating "arguments": validating root: required: missing properties: ["name"]`, "!Argument 'name' is required."},

		{"structured", "greet (structured)", `{"name":"Ann"}`, `{"message":"Hi Ann"}`, same},
		{"icons", "greet (with Icons)", `{"name":"Ann"}`, `{"message":"Hi Ann"}`, same},
		{"structured missing", "greet (structured)", `{}`, `!validating "arguments": validating root: required: missing properties: ["name"]`, "!Argument 'name' is required."},
		{"ping", "ping", `{}`, "", same},
		{"ping argument", "ping", `{"x":1}`, "", "!Argument 'x' is not a parameter of the tool."},

		// A schema set by hand: its maxLength, and its optional, open
		// name, as the SDK reads them.
		{"customized 1 too long", "customized greeting 1", `{"name":"Christopher"}`,
			`!validating "arguments": validating root: validating /properties/name: maxLength: "Christopher" contains 11 Unicode code points, more than 10`, "!Argument 'name' must be at most 10 characters long."},
		{"customized 2 too long", "customized greeting 2", `{"name":"Christopher"}`,
			`!validating "arguments": validating root: validating /properties/name: maxLength: "Christopher" contains 11 Unicode code points, more than 10`, "!Argument 'name' must be at most 10 characters long."},
		{"customized 3 too long", "customized greeting 3", `{"name":"Christopher"}`,
			`!validating "arguments": validating root: validating /properties/name: maxLength: "Christopher" contains 11 Unicode code points, more than 10`, "!Argument 'name' must be at most 10 characters long."},
		{"customized 3 missing", "customized greeting 3", `{}`, `!validating "arguments": validating root: required: missing properties: ["name"]`, "!Argument 'name' is required."},
		{"customized 3 unknown", "customized greeting 3", `{"name":"Ann","x":1}`, `!validating "arguments": validating root: unexpected additional properties ["x"]`, "!Argument 'x' is not a parameter of the tool."},
		{"customized 1 optional", "customized greeting 1", `{}`, `{"greeting":"Hi "}`, same},
		{"customized 1 open", "customized greeting 1", `{"name":"Ann","x":1}`, `{"greeting":"Hi Ann"}`, same},
		{"customized 1 type", "customized greeting 1", `{"name":7}`, `!validating "arguments": validating root: validating /properties/name: type: 7 has type "integer", want "string"`, "!Argument 'name' must be a string."},
	}
	for _, tc := range cases {
		results := map[bool]*mcp.CallToolResult{}
		for moved, cs := range sessions {
			want := tc.sdk
			if moved && tc.moved != same {
				want = tc.moved
			}
			r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: json.RawMessage(tc.args)})
			if err != nil {
				t.Errorf("%s (moved %v): %v", tc.name, moved, err)
				continue
			}
			results[moved] = r
			got := texts(t, r)
			if r.IsError {
				got = "!" + got
			}
			if got != want {
				t.Errorf("%s (moved %v):\n got %q\nwant %q", tc.name, moved, got, want)
			}
		}
		if tc.moved == same && results[false] != nil && results[true] != nil {
			a, _ := json.Marshal(results[false].StructuredContent)
			b, _ := json.Marshal(results[true].StructuredContent)
			if !jsonEqual(a, b) {
				t.Errorf("%s: structured content: sdk %s, moved %s", tc.name, a, b)
			}
		}
	}
}
