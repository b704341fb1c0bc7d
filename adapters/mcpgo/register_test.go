package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// inprocess returns an initialized in-process mcp-go client of s.
func inprocess(t *testing.T, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	return connect(t, c)
}

// TestMCPGoClientReadsNoTypeArray is why output schemas are listed in
// their non-null form: mcp-go's own client fails tools/list for the whole
// server when one tool lists an output schema whose "type" is an array.
// The same result type served by Register lists, and the list reads.
func TestMCPGoClientReadsNoTypeArray(t *testing.T) {
	plain := server.NewMCPServer("plain", "1")
	plain.AddTool(mcp.NewTool("ok"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
	plain.AddTool(mcp.NewTool("alerts", mcp.WithRawOutputSchema(json.RawMessage(`{"type":["array","null"],"items":{"type":"string"}}`))),
		func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
	if _, err := inprocess(t, plain).ListTools(t.Context(), mcp.ListToolsRequest{}); err == nil {
		t.Fatal("mcp-go's client read a type array; the listing form can be revisited")
	}

	s := server.NewMCPServer("registered", "1")
	if err := mcpgo.Register(s, registered(), nil); err != nil {
		t.Fatal(err)
	}
	res, err := inprocess(t, s).ListTools(t.Context(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	for _, tl := range res.Tools {
		if tl.Name == "list_alerts" && tl.OutputSchema.Type != "array" {
			t.Errorf("list_alerts: output type %q, want array", tl.OutputSchema.Type)
		}
	}
}

// TestListedOutput lists output schemas of each form, through Tool: the
// non-null form of what has one, nothing where mcp-go's client could not
// read it.
func TestListedOutput(t *testing.T) {
	for _, tc := range []struct{ name, schema, want string }{
		{"object", `{"type":"object","properties":{"a":{"type":"string"}}}`, `{"type":"object","properties":{"a":{"type":"string"}}}`},
		{"nullable object", `{"type":["object","null"],"properties":{}}`, `{"type":"object","properties":{}}`},
		{"nullable array", `{"type":["array","null"],"items":{"type":"integer"}}`, `{"type":"array","items":{"type":"integer"}}`},
		{"nullable integer", `{"type":["integer","null"],"minimum":1}`, `{"type":"integer","minimum":1}`},
		{"null first, by hand", `{"minimum":1,"type":["null","number"]}`, `{"minimum":1,"type":"number"}`},
		{"string", `{"type":"string"}`, `{"type":"string"}`},
		{"no type", `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `{"anyOf":[{"type":"string"},{"type":"integer"}]}`},
		{"two types", `{"type":["string","integer"]}`, ""},
		{"two types and null", `{"type":["string","integer","null"]}`, ""},
		{"only null", `{"type":["null"]}`, ""},
		{"boolean schema", `true`, ""},
		{"required not strings", `{"type":"object","required":[1]}`, ""},
		{"none", ``, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mt := mcpgo.Tool(&tool.Tool{Meta: tool.Meta{Name: "x"}, InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(tc.schema)})
			if string(mt.RawOutputSchema) != tc.want {
				t.Errorf("listed %s, want %s", mt.RawOutputSchema, tc.want)
			}
		})
	}
}

// TestRegisterRefusesDuplicates refuses a name given twice, and one the
// server already serves, naming it, and adds nothing.
func TestRegisterRefusesDuplicates(t *testing.T) {
	a := must(reflectimpl.Create(look, reflectimpl.Meta(tool.Meta{Name: "probe"})))
	b := must(reflectimpl.Create(tick, reflectimpl.Meta(tool.Meta{Name: "probe"})))
	other := must(reflectimpl.Create(fail))
	for _, tc := range []struct {
		name   string
		before func(*server.MCPServer)
		tools  []*tool.Tool
		text   string
	}{
		{"twice in the list", nil, []*tool.Tool{other, a, b}, `tool: two tools are named "probe": tool names must be unique in a tool set`},
		{"already served", func(s *server.MCPServer) {
			s.AddTool(mcp.NewTool("probe"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
		}, []*tool.Tool{other, a}, `mcpgo.Register: the server already serves a tool named "probe": tool names must be unique on a server`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := server.NewMCPServer("dup", "1")
			if tc.before != nil {
				tc.before(s)
			}
			n := len(s.ListTools())
			err := mcpgo.Register(s, tc.tools, nil)
			var dup *tool.CollisionError
			if !errors.As(err, &dup) || *dup != (tool.CollisionError{Name: "probe", First: "probe", Second: "probe"}) {
				t.Fatalf("err = %v, want a *tool.CollisionError naming probe", err)
			}
			if err.Error() != tc.text {
				t.Errorf("err = %q, want %q", err, tc.text)
			}
			if got := len(s.ListTools()); got != n {
				t.Errorf("%d tools after the refusal, want %d", got, n)
			}
		})
	}
}

// TestParallelUnsafe calls a tool that is not parallel-safe alongside
// parallel-safe ones, and a plain mcp-go tool, from many goroutines: no
// call of the server runs beside it.
func TestParallelUnsafe(t *testing.T) {
	s := newServer()
	plainRunning := false
	var plainMu sync.Mutex
	s.AddTool(mcp.NewTool("plain"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		running.Add(1)
		if tickIn.Load() {
			overlaps.Add(1)
		}
		plainMu.Lock()
		plainRunning = true
		plainMu.Unlock()
		running.Add(-1)
		return mcp.NewToolResultText("plain"), nil
	})
	c := inprocess(t, s)
	overlaps.Store(0)
	var wg sync.WaitGroup
	for i := range 24 {
		name := []string{"tick", "look", "plain"}[i%3]
		wg.Go(func() {
			for range 10 {
				req := mcp.CallToolRequest{}
				req.Params.Name = name
				res, err := c.CallTool(context.Background(), req)
				if err != nil || res.IsError {
					t.Errorf("%s: %v %v", name, err, res)
					return
				}
			}
		})
	}
	wg.Wait()
	if n := overlaps.Load(); n > 0 {
		t.Errorf("a call ran beside the parallel-unsafe tool %d times", n)
	}
	if !plainRunning {
		t.Error("the plain tool never ran")
	}
}

// TestApprove asks Options.Approve for a tool that requires approval, only
// with arguments that pass its checks, and runs it only when approved.
func TestApprove(t *testing.T) {
	type In struct {
		Amount int `json:"amount" minimum:"1" maximum:"1000"`
	}
	pay := must(reflectimpl.Create(func(in In) (string, error) { return "paid", nil }, reflectimpl.Meta(tool.Meta{
		Name:             "pay",
		RequiresApproval: true,
	})))
	for _, tc := range []struct {
		name    string
		approve func(context.Context, mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error)
		args    string
		asked   bool
		text    string
		code    string
	}{
		{"no hook", nil, `{"amount":5}`, false, "Tool 'pay' requires approval for these arguments.", "approval_required"},
		{"approved", func(context.Context, mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error) {
			return true, nil
		}, `{"amount":5}`, true, "paid", ""},
		{"refused", func(context.Context, mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error) {
			return false, nil
		}, `{"amount":5}`, true, "Tool 'pay' requires approval for these arguments.", "approval_required"},
		{"bad arguments never asked", func(context.Context, mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error) {
			return true, nil
		}, `{"amount":5000}`, false, "Argument 'amount' must be at most 1000.", "invalid_arguments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked := false
			opts := &mcpgo.Options{}
			if tc.approve != nil {
				opts.Approve = func(ctx context.Context, req mcp.CallToolRequest, tl *tool.Tool, args json.RawMessage) (bool, error) {
					asked = true
					if req.Params.Name != "pay" || string(args) != tc.args || mcpgo.RequestFrom(ctx) == nil {
						t.Errorf("asked about %s %s", req.Params.Name, args)
					}
					return tc.approve(ctx, req, tl, args)
				}
			}
			s := server.NewMCPServer("pay", "1")
			if err := mcpgo.Register(s, []*tool.Tool{pay}, opts); err != nil {
				t.Fatal(err)
			}
			r := call(t, inprocess(t, s), "pay", tc.args)
			if asked != tc.asked {
				t.Errorf("asked = %v, want %v", asked, tc.asked)
			}
			if got := text(r); got != tc.text {
				t.Errorf("text = %q, want %q", got, tc.text)
			}
			var code any
			if r.Meta != nil {
				code = r.Meta.AdditionalFields["toolschema/code"]
			}
			if tc.code == "" && code != nil || tc.code != "" && code != tc.code {
				t.Errorf("code = %v, want %q", code, tc.code)
			}
		})
	}
}

// TestNullResults answers a nil result of a tool with an output schema
// with the empty value of its type, as structured content, or with a
// failure when that value breaks the type's checks.
func TestNullResults(t *testing.T) {
	type Coded struct {
		Code string `json:"code" enum:"a, b"`
	}
	tools := []*tool.Tool{
		must(reflectimpl.Create(func(Empty) (*Order, error) { return nil, nil }, reflectimpl.Meta(tool.Meta{Name: "nil_struct"}))),
		must(reflectimpl.Create(func(Empty) (map[string]int, error) { return nil, nil }, reflectimpl.Meta(tool.Meta{Name: "nil_map"}))),
		must(reflectimpl.Create(func(Empty) ([]Alert, error) { return nil, nil }, reflectimpl.Meta(tool.Meta{Name: "nil_slice"}))),
		must(reflectimpl.Create(func(Empty) (*int, error) { return nil, nil }, reflectimpl.Meta(tool.Meta{Name: "nil_int"}))),
		must(reflectimpl.Create(func(Empty) (*Coded, error) { return nil, nil }, reflectimpl.Meta(tool.Meta{Name: "nil_enum"}))),
	}
	s := server.NewMCPServer("nulls", "1")
	if err := mcpgo.Register(s, tools, nil); err != nil {
		t.Fatal(err)
	}
	c := inprocess(t, s)
	for _, tc := range []struct{ tool, want string }{
		{"nil_struct", `{"id":"","total":0}`},
		{"nil_map", `{}`},
		{"nil_slice", `[]`},
		{"nil_int", `0`},
		{"nil_enum", ""},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			r := call(t, c, tc.tool, `{}`)
			if tc.want == "" {
				if !r.IsError || text(r) != "Tool 'nil_enum' returned no value." {
					t.Errorf("isError %v, text %q, want the no-value failure", r.IsError, text(r))
				}
				return
			}
			if r.IsError || string(r.RawStructuredContent) != tc.want || text(r) != tc.want {
				t.Errorf("isError %v, structured %s, text %q, want %s", r.IsError, r.RawStructuredContent, text(r), tc.want)
			}
		})
	}
}

// TestArgumentsAsSent reads the arguments as they came: an integer above
// 2^53 over the wire reaches the tool exact, as mcp-go's map of float64
// could not hold it; a request made in Go with a map is read too.
func TestArgumentsAsSent(t *testing.T) {
	type In struct {
		N int64 `json:"n"`
	}
	echo := must(reflectimpl.Create(func(in In) (int64, error) { return in.N, nil }, reflectimpl.Meta(tool.Meta{Name: "echo"})))
	s := server.NewMCPServer("echo", "1")
	if err := mcpgo.Register(s, []*tool.Tool{echo}, nil); err != nil {
		t.Fatal(err)
	}
	for _, tr := range transports {
		if tr.name == "stdio" {
			continue // the stdio server is newServer's
		}
		t.Run(tr.name, func(t *testing.T) {
			r := call(t, connect(t, tr.connect(t, s)), "echo", `{"n":9007199254740993}`)
			if got := text(r); got != "9007199254740993" {
				t.Errorf("text = %q, want 9007199254740993", got)
			}
		})
	}
	t.Run("map", func(t *testing.T) {
		req := mcp.CallToolRequest{}
		req.Params.Name = "echo"
		req.Params.Arguments = map[string]any{"n": 12}
		r, err := mcpgo.Handler(echo, nil)(t.Context(), req)
		if err != nil || text(r) != "12" {
			t.Errorf("%v %q, want 12", err, text(r))
		}
		req.Params.Arguments = map[string]any{"n": make(chan int)}
		r, err = mcpgo.Handler(echo, nil)(t.Context(), req)
		if err != nil || !r.IsError || !strings.Contains(text(r), "cannot read its arguments") {
			t.Errorf("%v %q, want a refusal", err, text(r))
		}
	})
}

// TestAdjust lets a program change a tool's definition before it is
// added, and MaxArgumentBytes bound every tool's arguments.
func TestAdjust(t *testing.T) {
	s := server.NewMCPServer("adjust", "1")
	err := mcpgo.Register(s, registered(), &mcpgo.Options{
		MaxArgumentBytes: 32,
		Adjust: func(tl *tool.Tool, mt *mcp.Tool) {
			if tl.Name == "get_order" {
				mt.Title = "Order lookup"
				mt.Icons = []mcp.Icon{{Src: "https://example.com/order.png"}}
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	c := inprocess(t, s)
	res, err := c.ListTools(t.Context(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range res.Tools {
		if tl.Name == "get_order" && (tl.Title != "Order lookup" || len(tl.Icons) != 1) {
			t.Errorf("get_order: title %q, icons %v", tl.Title, tl.Icons)
		}
	}
	r := call(t, c, "get_order", `{"id":"o1","padding":"xxxxxxxxxxxxxxxxxxxxxxxx"}`)
	if want := "Arguments are too large: 48 bytes; the tool takes at most 32."; text(r) != want {
		t.Errorf("text = %q, want %q", text(r), want)
	}
}

// TestMCPGoValidation serves Register's tools and the drop-ins on a server
// that validates structured content against the listed output schemas
// (mcp-go's WithOutputSchemaValidation): what is listed and what is sent
// agree, the empty value of a nil result included.
func TestMCPGoValidation(t *testing.T) {
	s := server.NewMCPServer("validated", "1", server.WithOutputSchemaValidation())
	if err := mcpgo.Register(s, registered(), nil); err != nil {
		t.Fatal(err)
	}
	s.AddTool(mcp.NewTool("assets", mcpgo.WithInputSchema[AssetsRequest](), mcpgo.WithOutputSchema[[]Asset]()),
		mcpgo.NewStructuredToolHandler(assets))
	s.AddTool(mcp.NewTool("weather", mcpgo.WithInputSchema[WeatherRequest](), mcpgo.WithOutputSchema[WeatherResponse]()),
		mcpgo.NewStructuredToolHandler(weather))
	c := inprocess(t, s)
	for _, tc := range [][2]string{
		{"list_alerts", `{"service":"api"}`},
		{"list_alerts", `{"service":"db"}`},
		{"get_order", `{"id":"o1"}`},
		{"assets", `{}`},
		{"weather", `{"city":"Oslo"}`},
	} {
		if r := call(t, c, tc[0], tc[1]); r.IsError || r.StructuredContent == nil {
			t.Errorf("%s %s: isError %v, structured %v: %s", tc[0], tc[1], r.IsError, r.StructuredContent, text(r))
		}
	}
}

// TestRegisterConcurrent: Registers of one name on one server at the same
// time add it once; every other is refused, as one after the other would
// be, rather than replacing the tool the first added without a word.
func TestRegisterConcurrent(t *testing.T) {
	const rounds, racers = 300, 4
	for range rounds {
		s := server.NewMCPServer("race", "1")
		var added atomic.Int32
		var wg sync.WaitGroup
		for range racers {
			wg.Go(func() {
				tl := must(reflectimpl.Create(func() (string, error) { return "x", nil }, reflectimpl.Meta(tool.Meta{Name: "same"})))
				err := mcpgo.Register(s, []*tool.Tool{tl}, nil)
				var c *tool.CollisionError
				switch {
				case err == nil:
					added.Add(1)
				case !errors.As(err, &c):
					t.Errorf("err = %v, want a *tool.CollisionError", err)
				}
			})
		}
		wg.Wait()
		if n := added.Load(); n != 1 {
			t.Fatalf("%d Registers of one name added it", n)
		}
	}
}

// TestAdjustRename refuses an Adjust that renames a tool: the checks of
// the names (given twice, already served) and the gate of serial tools
// go by the tool's name, which the renamed definition would escape.
func TestAdjustRename(t *testing.T) {
	s := server.NewMCPServer("rename", "1")
	s.AddTool(mcp.NewTool("taken"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("first"), nil
	})
	err := mcpgo.Register(s, registered(), &mcpgo.Options{
		Adjust: func(tl *tool.Tool, mt *mcp.Tool) {
			if tl.Name == "tick" {
				mt.Name = "taken"
			}
		},
	})
	if err == nil || !strings.Contains(err.Error(), `tool "tick"`) || !strings.Contains(err.Error(), `"taken"`) {
		t.Errorf("err = %v, want a refusal naming tick and taken", err)
	}
	if s.GetTool("tick") != nil || len(s.ListTools()) != 1 {
		t.Errorf("tools added: %d", len(s.ListTools()))
	}
}

// TestRegisterRefusesBadHeaders: a tool whose schema breaks MCP's rules
// for x-mcp-header, which mcp-go's AddTools panics on, is refused by
// Register with an error naming the tool, and nothing is added; Wrap
// refuses such a builder tool too. rawtool.New refuses such a schema
// itself, so the tool is made as toolimpl.New makes one, with the schema
// as it is given.
func TestRegisterRefusesBadHeaders(t *testing.T) {
	fn := func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil }
	for _, tc := range []struct{ name, schema, want, wrap string }{
		{"object", `{"type":"object","properties":{"a":{"type":"object","x-mcp-header":"A"}}}`, "primitive", `not "object"`},
		{"twice", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A"},"b":{"type":"string","x-mcp-header":"a"}}}`, "duplicate", "compared without case"},
		{"not a token", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A B"}}}`, "invalid character", "is not an HTTP field name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain := must(rawtool.New(tool.Meta{Name: "proxied.tool"}, json.RawMessage(`{"type":"object"}`), fn))
			h, bound := toolimpl.Binding(plain)
			proxied := toolimpl.New(plain.Meta, json.RawMessage(tc.schema), nil, h, bound)
			ok := must(reflectimpl.Create(func() (string, error) { return "ok", nil }, reflectimpl.Meta(tool.Meta{Name: "fine"})))
			s := server.NewMCPServer("headers", "1")
			var regErr error
			func() {
				defer func() {
					if r := recover(); r != nil {
						regErr = fmt.Errorf("panic: %v", r)
					}
				}()
				regErr = mcpgo.Register(s, []*tool.Tool{ok, proxied}, nil)
			}()
			if regErr == nil || strings.HasPrefix(regErr.Error(), "panic") || !strings.Contains(regErr.Error(), `"proxied.tool"`) || !strings.Contains(regErr.Error(), tc.want) {
				t.Errorf("Register: %v, want an error naming the tool and %q", regErr, tc.want)
			}
			if n := len(s.ListTools()); n != 0 {
				t.Errorf("%d tools added", n)
			}
			_, err := mcpgo.Wrap(mcp.NewToolWithRawSchema("built", "", json.RawMessage(tc.schema)), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil })
			if err == nil || !strings.Contains(err.Error(), `"built"`) || !strings.Contains(err.Error(), tc.wrap) {
				t.Errorf("Wrap: %v, want an error naming the tool and %q", err, tc.wrap)
			}
		})
	}
}

// TestRegisterOneGate: a server given serial tools by many Registers (a
// proxy that refreshes its tools) has one gate, not one middleware more
// for every Register, each taken by every call for the server's life.
func TestRegisterOneGate(t *testing.T) {
	s := server.NewMCPServer("gates", "1")
	middlewares := func() int {
		return reflect.ValueOf(s).Elem().FieldByName("toolHandlerMiddlewares").Len()
	}
	for i := range 50 {
		name := fmt.Sprintf("serial_%d", i%5)
		s.DeleteTools(name)
		tl := must(reflectimpl.Create(func() (string, error) { return "x", nil }, reflectimpl.Meta(tool.Meta{Name: name, ParallelSafe: new(false)})))
		if err := mcpgo.Register(s, []*tool.Tool{tl}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := middlewares(); n != 1 {
		t.Errorf("%d middlewares after 50 Registers, want 1", n)
	}
}

// TestRegisterOneFilter: a server given tools of non-object outputs by
// many Registers has one tool filter, not one more for every Register;
// and a name registered again with an object output is listed its output
// schema to a client of a protocol before 2026-07-28, where a filter left
// by its earlier tool would take it out.
func TestRegisterOneFilter(t *testing.T) {
	s := server.NewMCPServer("filters", "1")
	filters := func() int {
		return reflect.ValueOf(s).Elem().FieldByName("toolFilters").Len()
	}
	list := func(name string) func() ([]string, error) {
		return func() ([]string, error) { return []string{name}, nil }
	}
	for i := range 50 {
		name := fmt.Sprintf("list_%d", i%5)
		s.DeleteTools(name)
		tl := must(reflectimpl.Create(list(name), reflectimpl.Meta(tool.Meta{Name: name})))
		if err := mcpgo.Register(s, []*tool.Tool{tl}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := filters(); n != 1 {
		t.Errorf("%d tool filters after 50 Registers, want 1", n)
	}

	type Named struct {
		Name string `json:"name"`
	}
	s.DeleteTools("list_0")
	obj := must(reflectimpl.Create(func() (Named, error) { return Named{"x"}, nil }, reflectimpl.Meta(tool.Meta{Name: "list_0"})))
	if err := mcpgo.Register(s, []*tool.Tool{obj}, nil); err != nil {
		t.Fatal(err)
	}
	resp := s.HandleMessage(t.Context(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	data, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Result struct {
			Tools []struct {
				Name string          `json:"name"`
				Out  json.RawMessage `json:"outputSchema"`
			} `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, tl := range r.Result.Tools {
		got[tl.Name] = tl.Out != nil
	}
	want := map[string]bool{"list_0": true, "list_1": false, "list_2": false, "list_3": false, "list_4": false}
	if !maps.Equal(got, want) {
		t.Errorf("output schema listed to a 2025-06-18 client, by tool: %v, want %v", got, want)
	}

	// A tool of a name Register served, added again another way, is
	// listed as it is: the filter takes out only the schemas Register
	// listed.
	s.DeleteTools("list_1")
	plain := mcp.NewTool("list_1")
	plain.RawOutputSchema = json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}}}`)
	s.AddTool(plain, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("x"), nil
	})
	data, err = json.Marshal(s.HandleMessage(t.Context(), []byte(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)))
	if err != nil {
		t.Fatal(err)
	}
	r.Result.Tools = nil
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	for _, tl := range r.Result.Tools {
		if tl.Name == "list_1" && tl.Out == nil {
			t.Errorf("list_1, added with s.AddTool with an object output schema, is listed without it: %s", data)
		}
	}
}
