// The drop-ins measured beside mcp-go's own paths. The benchmark lives in
// this module, not in the repository's bench module with the others
// against other libraries: this module requires mcp-go already, which is
// what bench is a module of its own for, and the benchmark calls the
// weather tool of this package's tests. Its figures are in
// docs/benchmarks.md, "The mcp-go drop-ins, per call".

package mcpgo_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// benchCall is one tools/call of the weather tool, as a client sends it.
const benchCall = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"weather","arguments":{"city":"Oslo","units":"fahrenheit"}}}`

// benchGreetingCall is one tools/call of mcp-go's typed_tools greeting
// tool (examples_test.go): a builder schema, a typed handler.
const benchGreetingCall = `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"greeting","arguments":{"name":"Ann","age":30,"is_vip":true,"languages":["en","fr"],"metadata":{"location":"Oslo","timezone":"CET"}}}}`

// benchGreeting is what the greeting tool answers benchGreetingCall.
const benchGreeting = "Hello, Ann! You are 30 years old. Welcome back, valued VIP customer! You speak 2 languages: [en fr]. I see you're from Oslo. Your timezone is CET."

// benchHandlers are a bench server's handlers, by tool.
type benchHandlers struct{ weather, greeting server.ToolHandlerFunc }

// benchServers are the weather and greeting tools served four ways: the
// floor (handlers that read nothing, check nothing and return a result
// made once, the same result the drop-ins send: what mcp-go's server
// costs with no tool layer at all), mcp-go's typed paths (json.Unmarshal,
// no checks), the same with mcp-go's input schema validation (checks on),
// and the drop-ins (the invoker's checks). The greeting tool lists its
// builder schema on every server; only its handler changes.
var benchServers = []struct {
	name string
	make func() (*server.MCPServer, benchHandlers)
}{
	{"floor", func() (*server.MCPServer, benchHandlers) {
		s := server.NewMCPServer("bench", "1")
		data := json.RawMessage(`{"city":"Oslo","temperature":68,"units":"fahrenheit"}`)
		res := &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(string(data))}, StructuredContent: data}
		h := benchHandlers{
			weather:  func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return res, nil },
			greeting: fixedResult(mcp.NewToolResultText(benchGreeting)),
		}
		s.AddTool(mcp.NewTool("weather", mcp.WithInputSchema[WeatherRequest](), mcp.WithOutputSchema[WeatherResponse]()), h.weather)
		s.AddTool(greetingTool(), h.greeting)
		return s, h
	}},
	{"mcp-go", func() (*server.MCPServer, benchHandlers) {
		s := server.NewMCPServer("bench", "1")
		h := benchHandlers{weather: mcp.NewStructuredToolHandler(weather), greeting: mcp.NewTypedToolHandler(greeting)}
		s.AddTool(mcp.NewTool("weather", mcp.WithInputSchema[WeatherRequest](), mcp.WithOutputSchema[WeatherResponse]()), h.weather)
		s.AddTool(greetingTool(), h.greeting)
		return s, h
	}},
	{"mcp-go-validated", func() (*server.MCPServer, benchHandlers) {
		s := server.NewMCPServer("bench", "1", server.WithInputSchemaValidation())
		h := benchHandlers{weather: mcp.NewStructuredToolHandler(weather), greeting: mcp.NewTypedToolHandler(greeting)}
		s.AddTool(mcp.NewTool("weather", mcp.WithInputSchema[WeatherRequest](), mcp.WithOutputSchema[WeatherResponse]()), h.weather)
		s.AddTool(greetingTool(), h.greeting)
		return s, h
	}},
	{"toolschema", func() (*server.MCPServer, benchHandlers) {
		s := server.NewMCPServer("bench", "1")
		h := benchHandlers{weather: mcpgo.NewStructuredToolHandler(weather), greeting: mcpgo.NewTypedToolHandler(greeting)}
		s.AddTool(mcp.NewTool("weather", mcpgo.WithInputSchema[WeatherRequest](), mcpgo.WithOutputSchema[WeatherResponse]()), h.weather)
		s.AddTool(greetingTool(), h.greeting)
		return s, h
	}},
}

// fixedResult returns a handler that answers res to every call.
func fixedResult(res *mcp.CallToolResult) server.ToolHandlerFunc {
	return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return res, nil }
}

// serverContext returns the context s gives a tool's handler for a call
// of tool, as HandleMessage makes it: a drop-in handler reads the listing
// of its tool from the server it carries.
func serverContext(tb testing.TB, s *server.MCPServer, call string) context.Context {
	var ctx context.Context
	s.Use(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(c context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ctx = context.WithoutCancel(c)
			return next(c, req)
		}
	})
	s.HandleMessage(context.Background(), []byte(call))
	if ctx == nil {
		tb.Fatal("no handler called")
	}
	return ctx
}

// BenchmarkCall is one call of each tool, per server: "handler" is the
// handler alone, from the request as mcp-go reads it to the result;
// "server" is the whole of the server's work, the message in to the
// response's JSON out (the same for every transport). The weather tool's
// cases are named server/handler and server/server, the greeting tool's
// server/greeting/handler and server/greeting/server. The greeting
// handler runs under the context the server gives it (a drop-in reads
// its tool's listing from it), taken from a server of its own. Output
// checks are off, as a program runs unless it asks for them. Beside the
// time on the clock, each reports cpu-ns/op: the processor time of the
// whole process per call (every thread's, the garbage collector's and
// the scheduler's), which a shared machine's load moves less.
func BenchmarkCall(b *testing.B) {
	tools := []struct {
		prefix, call string
		handler      func(benchHandlers) server.ToolHandlerFunc
	}{
		{"", benchCall, func(h benchHandlers) server.ToolHandlerFunc { return h.weather }},
		{"greeting/", benchGreetingCall, func(h benchHandlers) server.ToolHandlerFunc { return h.greeting }},
	}
	for _, bs := range benchServers {
		s, hs := bs.make()
		for _, tl := range tools {
			var msg struct {
				Params json.RawMessage `json:"params"`
			}
			if err := json.Unmarshal([]byte(tl.call), &msg); err != nil {
				b.Fatal(err)
			}
			h := tl.handler(hs)
			// mcp-go validates in the server, before the handler: the
			// validated server's handler alone is mcp-go's, measured once.
			if bs.name != "mcp-go-validated" {
				b.Run(bs.name+"/"+tl.prefix+"handler", func(b *testing.B) {
					var req mcp.CallToolRequest
					if err := json.Unmarshal(msg.Params, &req.Params); err != nil {
						b.Fatal(err)
					}
					ctx := context.Background()
					if tl.prefix != "" {
						other, _ := bs.make()
						ctx = serverContext(b, other, tl.call)
					}
					b.ReportAllocs()
					defer reportCPU(b, processCPU())
					for b.Loop() {
						r, err := h(ctx, req)
						if err != nil || r.IsError {
							b.Fatal(err, r)
						}
						if _, err := json.Marshal(r); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
			b.Run(bs.name+"/"+tl.prefix+"server", func(b *testing.B) {
				ctx := context.Background()
				in := []byte(tl.call)
				b.ReportAllocs()
				defer reportCPU(b, processCPU())
				for b.Loop() {
					resp := s.HandleMessage(ctx, in)
					out, err := json.Marshal(resp)
					if err != nil || len(out) < 100 {
						b.Fatal(err, string(out))
					}
				}
			})
		}
	}
}

// reportCPU reports the process's processor time per iteration since
// start, as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	if start > 0 && b.N > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}

// TestBenchServers checks that the servers BenchmarkCall compares answer
// the same call alike, for each tool: the floor sends byte for byte what
// the drop-ins send, and mcp-go's paths the same content and structured
// content, so that none of them is timed for less work. The greeting
// handler alone, under its server's context, answers as through the
// server.
func TestBenchServers(t *testing.T) {
	for _, tc := range []struct {
		tool, call, text, structured string
	}{
		{"weather", benchCall, `{"city":"Oslo","temperature":68,"units":"fahrenheit"}`, `{"city":"Oslo","temperature":68,"units":"fahrenheit"}`},
		{"greeting", benchGreetingCall, benchGreeting, ""},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			answers := map[string]string{}
			for _, bs := range benchServers {
				s, _ := bs.make()
				out, err := json.Marshal(s.HandleMessage(context.Background(), []byte(tc.call)))
				if err != nil {
					t.Fatal(bs.name, err)
				}
				answers[bs.name] = string(out)
			}
			if answers["floor"] != answers["toolschema"] {
				t.Errorf("the floor answers\n%s\nthe drop-ins\n%s", answers["floor"], answers["toolschema"])
			}
			for name, answer := range answers {
				var resp struct {
					Result struct {
						Content []struct {
							Text string `json:"text"`
						} `json:"content"`
						StructuredContent json.RawMessage `json:"structuredContent"`
						IsError           bool            `json:"isError"`
					} `json:"result"`
				}
				if err := json.Unmarshal([]byte(answer), &resp); err != nil || resp.Result.IsError || len(resp.Result.Content) != 1 {
					t.Fatalf("%s: %v: %s", name, err, answer)
				}
				if got := resp.Result.Content[0].Text; got != tc.text {
					t.Errorf("%s: text %s, want %s", name, got, tc.text)
				}
				if got := string(resp.Result.StructuredContent); got != tc.structured {
					t.Errorf("%s: structured content %s, want %s", name, got, tc.structured)
				}
			}
		})
	}

	// The drop-in's greeting handler alone answers the call as its
	// server does under the server's context; under another, it checks
	// GreetingArgs' contract, which requires the any_data the call
	// leaves out (so that the benchmark would fail, not time that).
	var req mcp.CallToolRequest
	var msg struct {
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal([]byte(benchGreetingCall), &msg); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(msg.Params, &req.Params); err != nil {
		t.Fatal(err)
	}
	for _, bs := range benchServers {
		s, h := bs.make()
		r, err := h.greeting(serverContext(t, s, benchGreetingCall), req)
		if err != nil || r.IsError || text(r) != benchGreeting {
			t.Errorf("%s: the greeting handler alone: %v %+v", bs.name, err, r)
		}
	}
	_, h := benchServers[3].make()
	if r, err := h.greeting(context.Background(), req); err != nil || !r.IsError || !strings.Contains(text(r), "Argument 'any_data' is required.") {
		t.Errorf("toolschema: the greeting handler outside a server: %v %+v", err, r)
	}
}

// OrderRequest is an order of items, in mcp-go's tag dialect: a
// description, and an enum given as enum= parts, which the drop-ins read
// as mcp-go does.
type OrderRequest struct {
	Customer string      `json:"customer" jsonschema:"The customer's account."`
	Items    []OrderItem `json:"items" jsonschema:"What to order."`
	Note     string      `json:"note,omitempty" jsonschema:"For the courier."`
}

type OrderItem struct {
	SKU  string `json:"sku" jsonschema:"The product's stock-keeping unit."`
	Qty  int    `json:"qty" jsonschema:"How many."`
	Size string `json:"size,omitempty" jsonschema:"The size,enum=S,enum=M,enum=L"`
}

type OrderResponse struct {
	Lines int `json:"lines"`
	Units int `json:"units"`
}

func order(_ context.Context, _ mcp.CallToolRequest, in OrderRequest) (OrderResponse, error) {
	r := OrderResponse{Lines: len(in.Items)}
	for _, it := range in.Items {
		r.Units += it.Qty
	}
	return r, nil
}

// orderCall is a tools/call of the order tool with n items.
func orderCall(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"order","arguments":{"customer":"acme-42","items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"sku":"SKU-` + strings.Repeat("7", 1+i%5) + `","qty":2,"size":"M"}`)
	}
	b.WriteString(`],"note":"Leave at the door."}}}`)
	return []byte(b.String())
}

// BenchmarkCallSize is one call of an order tool (WithInputSchema and
// NewStructuredToolHandler) through the server, with 1, 16 and 256
// items, on mcp-go's typed path without and with its checks, and the
// drop-ins: how the checks' cost grows with the arguments beside the
// server's, which BenchmarkCall's small calls leave out.
func BenchmarkCallSize(b *testing.B) {
	for _, n := range []int{1, 16, 256} {
		in := orderCall(n)
		for _, bs := range orderServers {
			s := bs.make()
			b.Run(fmt.Sprintf("items=%d/%s", n, bs.name), func(b *testing.B) {
				ctx := context.Background()
				b.ReportAllocs()
				b.SetBytes(int64(len(in)))
				defer reportCPU(b, processCPU())
				for b.Loop() {
					out, err := json.Marshal(s.HandleMessage(ctx, in))
					if err != nil || !bytes.Contains(out, []byte(`"units":`)) {
						b.Fatal(err, string(out))
					}
				}
			})
		}
	}
}

// TestBenchOrder checks that the servers BenchmarkCallSize compares
// answer alike, and that mcp-go's checks and the drop-ins' refuse the
// same bad item, so that none is timed for less work.
func TestBenchOrder(t *testing.T) {
	bad := bytes.Replace(orderCall(16), []byte(`"qty":2,"size":"M"}]`), []byte(`"qty":2,"size":"XL"}]`), 1)
	for _, bs := range orderServers {
		s := bs.make()
		out, err := json.Marshal(s.HandleMessage(context.Background(), orderCall(16)))
		if err != nil || !bytes.Contains(out, []byte(`"structuredContent":{"lines":16,"units":32}`)) {
			t.Errorf("%s: %v %s", bs.name, err, out)
		}
		out, _ = json.Marshal(s.HandleMessage(context.Background(), bad))
		if refused := bytes.Contains(out, []byte(`"isError":true`)) || bytes.Contains(out, []byte(`"error":{`)); refused != (bs.name != "mcp-go") {
			t.Errorf("%s: a size out of the enum: %s", bs.name, out)
		}
	}
}

// orderServers serve the order tool three ways: mcp-go's typed path
// without and with its checks, and the drop-ins.
var orderServers = []struct {
	name string
	make func() *server.MCPServer
}{
	{"mcp-go", func() *server.MCPServer {
		s := server.NewMCPServer("bench", "1")
		s.AddTool(mcp.NewTool("order", mcp.WithInputSchema[OrderRequest](), mcp.WithOutputSchema[OrderResponse]()), mcp.NewStructuredToolHandler(order))
		return s
	}},
	{"mcp-go-validated", func() *server.MCPServer {
		s := server.NewMCPServer("bench", "1", server.WithInputSchemaValidation())
		s.AddTool(mcp.NewTool("order", mcp.WithInputSchema[OrderRequest](), mcp.WithOutputSchema[OrderResponse]()), mcp.NewStructuredToolHandler(order))
		return s
	}},
	{"toolschema", func() *server.MCPServer {
		s := server.NewMCPServer("bench", "1")
		s.AddTool(mcp.NewTool("order", mcpgo.WithInputSchema[OrderRequest](), mcpgo.WithOutputSchema[OrderResponse]()), mcpgo.NewStructuredToolHandler(order))
		return s
	}},
}
