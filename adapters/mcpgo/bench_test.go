package mcpgo_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// benchCall is one tools/call of the weather tool, as a client sends it.
const benchCall = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"weather","arguments":{"city":"Oslo","units":"fahrenheit"}}}`

// benchServers are the weather tool served three ways: mcp-go's typed
// path (json.Unmarshal, no checks), the same with mcp-go's input schema
// validation (checks on), and the drop-ins (the invoker's checks).
var benchServers = []struct {
	name string
	make func() (*server.MCPServer, server.ToolHandlerFunc)
}{
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
// off, as a program runs unless it asks for them.
func BenchmarkCall(b *testing.B) {
	var msg struct {
		Params json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal([]byte(benchCall), &msg); err != nil {
		b.Fatal(err)
	}
	for _, bs := range benchServers {
		s, h := bs.make()
		b.Run(bs.name+"/handler", func(b *testing.B) {
			var req mcp.CallToolRequest
			if err := json.Unmarshal(msg.Params, &req.Params); err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			b.ReportAllocs()
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
		b.Run(bs.name+"/server", func(b *testing.B) {
			ctx := context.Background()
			in := []byte(benchCall)
			b.ReportAllocs()
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
