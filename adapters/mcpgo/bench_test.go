// The drop-ins measured beside mcp-go's own paths. The benchmark lives in
// this module, not in the repository's bench module with the others
// against other libraries: this module requires mcp-go already, which is
// what bench is a module of its own for, and the benchmark calls the
// weather tool of this package's tests. Its figures are in
// docs/benchmarks.md, "The mcp-go drop-ins, per call".

package mcpgo_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// benchCall is one tools/call of the weather tool, as a client sends it.
const benchCall = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"weather","arguments":{"city":"Oslo","units":"fahrenheit"}}}`

// benchServers are the weather tool served four ways: the floor (a
// handler that reads nothing, checks nothing and returns a result made
// once, the same result the drop-ins send: what mcp-go's server costs
// with no tool layer at all), mcp-go's typed path (json.Unmarshal, no
// checks), the same with mcp-go's input schema validation (checks on),
// and the drop-ins (the invoker's checks).
var benchServers = []struct {
	name string
	make func() (*server.MCPServer, server.ToolHandlerFunc)
}{
	{"floor", func() (*server.MCPServer, server.ToolHandlerFunc) {
		s := server.NewMCPServer("bench", "1")
		data := json.RawMessage(`{"city":"Oslo","temperature":68,"units":"fahrenheit"}`)
		res := &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(string(data))}, StructuredContent: data}
		h := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return res, nil }
		s.AddTool(mcp.NewTool("weather", mcp.WithInputSchema[WeatherRequest](), mcp.WithOutputSchema[WeatherResponse]()), h)
		return s, h
	}},
	{"mcp-go", func() (*server.MCPServer, server.ToolHandlerFunc) {
		s := server.NewMCPServer("bench", "1")
		h := mcp.NewStructuredToolHandler(weather)
		s.AddTool(mcp.NewTool("weather", mcp.WithInputSchema[WeatherRequest](), mcp.WithOutputSchema[WeatherResponse]()), h)
		return s, h
	}},
	{"mcp-go-validated", func() (*server.MCPServer, server.ToolHandlerFunc) {
		s := server.NewMCPServer("bench", "1", server.WithInputSchemaValidation())
		h := mcp.NewStructuredToolHandler(weather)
		s.AddTool(mcp.NewTool("weather", mcp.WithInputSchema[WeatherRequest](), mcp.WithOutputSchema[WeatherResponse]()), h)
		return s, h
	}},
	{"toolschema", func() (*server.MCPServer, server.ToolHandlerFunc) {
		s := server.NewMCPServer("bench", "1")
		h := mcpgo.NewStructuredToolHandler(weather)
		s.AddTool(mcp.NewTool("weather", mcpgo.WithInputSchema[WeatherRequest](), mcpgo.WithOutputSchema[WeatherResponse]()), h)
		return s, h
	}},
}

// BenchmarkCall is one call of the weather tool, per server: "handler" is
// the handler alone, from the request as mcp-go reads it to the result;
// "server" is the whole of the server's work, the message in to the
// response's JSON out (the same for every transport). Output checks are
// off, as a program runs unless it asks for them. Beside the time on the
// clock, each reports cpu-ns/op: the processor time of the whole process
// per call (every thread's, the garbage collector's and the scheduler's),
// which a shared machine's load moves less.
func BenchmarkCall(b *testing.B) {
	var msg struct {
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal([]byte(benchCall), &msg); err != nil {
		b.Fatal(err)
	}
	for _, bs := range benchServers {
		s, h := bs.make()
		// mcp-go validates in the server, before the handler: the
		// validated server's handler alone is mcp-go's, measured once.
		if bs.name != "mcp-go-validated" {
			b.Run(bs.name+"/handler", func(b *testing.B) {
				var req mcp.CallToolRequest
				if err := json.Unmarshal(msg.Params, &req.Params); err != nil {
					b.Fatal(err)
				}
				ctx := context.Background()
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
		b.Run(bs.name+"/server", func(b *testing.B) {
			ctx := context.Background()
			in := []byte(benchCall)
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

// reportCPU reports the process's processor time per iteration since
// start, as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	if start > 0 && b.N > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}

// TestBenchServers checks that the servers BenchmarkCall compares answer
// the same call alike: the floor sends byte for byte what the drop-ins
// send, and mcp-go's paths the same structured content, so that none of
// them is timed for less work.
func TestBenchServers(t *testing.T) {
	answers := map[string]string{}
	for _, bs := range benchServers {
		s, _ := bs.make()
		out, err := json.Marshal(s.HandleMessage(context.Background(), []byte(benchCall)))
		if err != nil {
			t.Fatal(bs.name, err)
		}
		answers[bs.name] = string(out)
	}
	if answers["floor"] != answers["toolschema"] {
		t.Errorf("the floor answers\n%s\nthe drop-ins\n%s", answers["floor"], answers["toolschema"])
	}
	structured := func(name string) string {
		var resp struct {
			Result struct {
				StructuredContent json.RawMessage `json:"structuredContent"`
				IsError           bool            `json:"isError"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(answers[name]), &resp); err != nil || resp.Result.IsError {
			t.Fatalf("%s: %v: %s", name, err, answers[name])
		}
		return string(resp.Result.StructuredContent)
	}
	want := `{"city":"Oslo","temperature":68,"units":"fahrenheit"}`
	for name := range answers {
		if got := structured(name); got != want {
			t.Errorf("%s: structured content %s, want %s", name, got, want)
		}
	}
}
