package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestHostileCalls sends crafted tools/call messages to the test server
// through mcp-go's HandleMessage, as a transport hands them over: every
// one is answered, with an isError result that says what is wrong with
// the arguments (naming the argument and the rule), or with mcp-go's own
// protocol error for a message it cannot read; no handler runs with
// arguments its checks refuse.
func TestHostileCalls(t *testing.T) {
	s := newServer()
	long := strings.Repeat("a.", 63) + "zz" // 128 bytes, dotted
	echo, err := rawtool.New(tool.Meta{Name: long}, json.RawMessage(`{"type":"object","properties":{"s":{"type":"string","maxLength":8}}}`),
		func(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) {
			if !utf8.Valid(args) {
				return nil, errors.New("the arguments reached the tool as other than UTF-8")
			}
			return args, nil
		})
	if err != nil {
		t.Fatal(err)
	}
	if err := mcpgo.Register(s, []*tool.Tool{echo}, nil); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s.HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`))
	deep := strings.Repeat(`{"a":`, 100) + "1" + strings.Repeat("}", 100)
	tooDeepForMCPGo := strings.Repeat(`[`, 20000) + strings.Repeat("]", 20000)
	huge := `{"city":"` + strings.Repeat("x", 5<<20) + `"}`
	for _, tc := range []struct {
		name, params string
		want         string // in the result's text, or in the protocol error's message
		protocol     bool   // a JSON-RPC error, not a result
	}{
		{"a string", `{"name":"weather","arguments":"Oslo"}`, "Arguments must be a JSON object.", false},
		{"null", `{"name":"weather","arguments":null}`, "Arguments must be a JSON object.", false},
		{"an array", `{"name":"weather","arguments":[{"city":"Oslo"}]}`, "Arguments must be a JSON object.", false},
		{"none", `{"name":"weather"}`, "Argument 'city' is required.", false},
		{"none, no parameters", `{"name":"explode"}`, "Tool 'explode' failed: panic: the flux capacitor", false},
		{"a key twice", `{"name":"weather","arguments":{"city":"Oslo","city":"Krakatoa"}}`, "Argument 'city' is given twice.", false},
		{"a key twice, builder tool", `{"name":"search","arguments":{"query":"x","query":"boom"}}`, "Argument 'query' is given twice.", false},
		{"a key twice, typed over a builder schema", `{"name":"greet","arguments":{"name":"a","name":"b"}}`, "Argument 'name' is given twice.", false},
		{"a key in another case", `{"name":"weather","arguments":{"City":"Oslo"}}`, "City", false},
		{"past 2^53", `{"name":"assets","arguments":{"limit":9007199254740993}}`, "Argument 'limit' must be at most 100.", false},
		{"a fraction for an integer", `{"name":"assets","arguments":{"limit":1.5}}`, "limit", false},
		{"1e400", `{"name":"assets","arguments":{"limit":1e400}}`, "unparsable tools/call request", true},
		{"nested deep", `{"name":"weather","arguments":{"city":"Oslo","units":` + deep + `}}`, "Arguments are nested deeper than 64 levels.", false},
		{"nested deeper than mcp-go reads", `{"name":"weather","arguments":{"city":` + tooDeepForMCPGo + `}}`, "parse", true},
		{"over the size limit", `{"name":"weather","arguments":` + huge + `}`, "Arguments are too large", false},
		{"an unknown argument", `{"name":"weather","arguments":{"city":"Oslo","admin":true}}`, "Argument 'admin' is not a parameter of the tool.", false},
		{"invalid UTF-8", "{\"name\":\"" + long + "\",\"arguments\":{\"s\":\"a\xffb\"}}", "", false},
		{"a lone surrogate", `{"name":"` + long + `","arguments":{"s":"a\udc00"}}`, "", false},
		{"past maxLength, 128-byte dotted name", `{"name":"` + long + `","arguments":{"s":"123456789"}}`, "Argument 's' must be at most 8 characters long.", false},
		{"an unknown tool", `{"name":"weather.v2","arguments":{}}`, "tool 'weather.v2' not found", true},
		{"an empty name", `{"name":"","arguments":{}}`, "not found", true},
		{"a name 129 bytes long", `{"name":"` + long + `x","arguments":{}}`, "not found", true},
		{"params not an object", `"weather"`, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := s.HandleMessage(ctx, json.RawMessage(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":%s}`, tc.params)))
			data, err := json.Marshal(resp)
			if err != nil {
				t.Fatal(err)
			}
			var msg struct {
				Result *struct {
					IsError bool `json:"isError"`
					Content []struct {
						Text string `json:"text"`
					} `json:"content"`
				} `json:"result"`
				Error *struct {
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(data, &msg); err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.protocol:
				if msg.Error == nil || !strings.Contains(msg.Error.Message, tc.want) {
					t.Errorf("%.300s, want a protocol error with %q", data, tc.want)
				}
			case msg.Result == nil || len(msg.Result.Content) == 0:
				t.Errorf("%.300s, want a result", data)
			case tc.want == "":
				// The text mended as encoding/json reads it (U+FFFD).
				if msg.Result.IsError || !strings.Contains(msg.Result.Content[0].Text, "a\uFFFD") {
					t.Errorf("%.300s, want the call to run with U+FFFD", data)
				}
			case !msg.Result.IsError || !strings.Contains(msg.Result.Content[0].Text, tc.want):
				t.Errorf("%.300s, want an error result with %q", data, tc.want)
			}
		})
	}
}

// TestCallsWhileRegistering calls tools of every kind from several
// goroutines while tools, serial ones among them, are registered and
// removed (run it with -race): every call is answered, a call of a tool
// being registered and removed with the tool's result while it is served
// and as mcp-go answers an unknown tool while it is not.
func TestCallsWhileRegistering(t *testing.T) {
	s := newServer()
	ctx := context.Background()
	s.HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`))
	const churn = 8
	var wg sync.WaitGroup
	var served, unknown atomic.Int32
	registered := make(chan struct{})
	for g := range 4 {
		wg.Go(func() {
			// 150 calls while tools are registered and removed, if
			// they are still, then 48 once they are not.
			for j := range 150 + 48 {
				if j == 150 {
					<-registered
				}
				name := []string{"tick", "look", "weather", "search", "greet", fmt.Sprintf("t%d", (g+j)%churn)}[j%6]
				churned := j%6 == 5
				args := `{"city":"Oslo","query":"q","name":"n"}`
				if churned {
					args = `{}`
				}
				resp := s.HandleMessage(ctx, json.RawMessage(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, j+1, name, args)))
				data, err := json.Marshal(resp)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				var msg struct {
					Result *struct {
						Content []struct{ Text string } `json:"content"`
						IsError bool                    `json:"isError"`
					} `json:"result"`
					Error *struct {
						Code    int    `json:"code"`
						Message string `json:"message"`
					} `json:"error"`
				}
				if err := json.Unmarshal(data, &msg); err != nil {
					t.Errorf("%s: %v: %s", name, err, data)
					continue
				}
				switch {
				case msg.Result != nil && len(msg.Result.Content) > 0 && !churned:
					// a fixed tool's result
				case msg.Result != nil && churned && !msg.Result.IsError && len(msg.Result.Content) == 1 && msg.Result.Content[0].Text == "x":
					served.Add(1) // the tool's result, while it was served
				case msg.Error != nil && churned && msg.Error.Code == mcp.INVALID_PARAMS && msg.Error.Message == fmt.Sprintf("tool '%s' not found: tool not found", name):
					unknown.Add(1) // mcp-go's answer to a tool it does not serve
				default:
					t.Errorf("%s: %.300s, want the tool's result or mcp-go's unknown tool error", name, data)
				}
			}
		})
	}
	for j := range 60 {
		name := fmt.Sprintf("t%d", j%churn)
		tl := must(reflectimpl.Create(func() (string, error) { return "x", nil }, reflectimpl.Meta(tool.Meta{Name: name, ParallelSafe: new(j%2 == 0)})))
		if err := mcpgo.Register(s, []*tool.Tool{tl}, nil); err != nil {
			s.DeleteTools(name)
		}
	}
	close(registered)
	wg.Wait()
	// Registered and removed in turn, t0 to t3 end removed and t4 to t7
	// served: both answers are seen in the last calls at least.
	if served.Load() == 0 || unknown.Load() == 0 {
		t.Errorf("the churned tools answered %d times with their result and %d times as unknown, want both", served.Load(), unknown.Load())
	}
}

// TestHostileHandlers serves handlers that end their goroutine, ignore
// their context, or return nothing, in each way in: every call is
// answered, a runtime.Goexit as a failure the model reads, a handler
// that ignores its cancelled context as the caller's context error, a
// typed nil result as an empty one.
func TestHostileHandlers(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	type In struct {
		Mode string `json:"mode" enum:"goexit, stuck, nil"`
	}
	raw := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		switch req.GetString("mode", "") {
		case "goexit":
			runtime.Goexit()
		case "stuck":
			<-release // ignores ctx
		}
		var none *mcp.CallToolResult
		return none, nil
	}
	typed := func(ctx context.Context, req mcp.CallToolRequest, in In) (*mcp.CallToolResult, error) {
		return raw(ctx, req)
	}
	structured := func(ctx context.Context, req mcp.CallToolRequest, in In) (*Order, error) {
		_, err := raw(ctx, req)
		return nil, err
	}
	s := server.NewMCPServer("hostile", "1")
	s.AddTool(mcp.NewTool("typed", mcpgo.WithInputSchema[In]()), mcpgo.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("structured", mcpgo.WithInputSchema[In](), mcpgo.WithOutputSchema[*Order]()), mcpgo.NewStructuredToolHandler(structured))
	st, err := mcpgo.Wrap(mcp.NewTool("wrapped", mcp.WithString("mode", mcp.Required(), mcp.Enum("goexit", "stuck", "nil"))), raw)
	if err != nil {
		t.Fatal(err)
	}
	s.AddTools(st)
	for _, name := range []string{"typed", "structured", "wrapped"} {
		for _, tc := range []struct{ mode, want string }{
			{"goexit", "Tool '" + name + "' failed: it ended its goroutine (runtime.Goexit)."},
			{"stuck", "context deadline exceeded"},
			{"nil", ""},
		} {
			t.Run(name+"/"+tc.mode, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
				defer cancel()
				resp := s.HandleMessage(ctx, json.RawMessage(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":%q,"arguments":{"mode":%q}}}`, name, tc.mode)))
				data, _ := json.Marshal(resp)
				switch {
				case tc.mode == "nil" && name == "structured":
					// A nil *Order sends the zero Order, which its checks pass.
					if !strings.Contains(string(data), `"structuredContent":{"id":"","total":0}`) {
						t.Errorf("%s", data)
					}
				case tc.mode == "nil":
					if !strings.Contains(string(data), `"result":{"content":[]}`) {
						t.Errorf("%s, want an empty result", data)
					}
				case !strings.Contains(string(data), tc.want):
					t.Errorf("%s, want %q", data, tc.want)
				}
			})
		}
	}
}

// Level is an output whose enum a handler can break.
type Level struct {
	Level string `json:"level" enum:"low, high"`
}

// TestOutputsBreakingTheSchema: a result that breaks the tool's output
// schema is never sent as structured content under the output checks
// (tool.WithOutputCheck, in a middleware): it is an invalid_output
// failure, for Register's tools and the structured drop-in alike.
func TestOutputsBreakingTheSchema(t *testing.T) {
	bad := func() (Level, error) { return Level{Level: "bogus"}, nil }
	reg := must(reflectimpl.Create(bad, reflectimpl.Meta(tool.Meta{Name: "registered"})))
	s := server.NewMCPServer("outputs", "1", server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return next(tool.WithOutputCheck(ctx), req)
		}
	}))
	if err := mcpgo.Register(s, []*tool.Tool{reg}, nil); err != nil {
		t.Fatal(err)
	}
	s.AddTool(mcp.NewTool("dropin", mcpgo.WithOutputSchema[Level]()), mcpgo.NewStructuredToolHandler(func(context.Context, mcp.CallToolRequest, struct{}) (Level, error) { return bad() }))
	for _, name := range []string{"registered", "dropin"} {
		resp := s.HandleMessage(context.Background(), json.RawMessage(fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":%q,"arguments":{}}}`, name)))
		data, _ := json.Marshal(resp)
		if strings.Contains(string(data), "structuredContent") || !strings.Contains(string(data), `"toolschema/code":"invalid_output"`) ||
			!strings.Contains(string(data), `Result 'level' must be one of \"low\", \"high\".`) || strings.Contains(string(data), `bogus`) {
			t.Errorf("%s: %s, want an invalid_output failure naming the field and the rule, not the value", name, data)
		}
	}
}
