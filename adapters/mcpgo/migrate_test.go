package mcpgo_test

import (
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// upstreamServer is a server in the shapes of mcp-go's structured and
// typed examples, and a builder tool, on mcp-go's own identifiers.
func upstreamServer() *server.MCPServer {
	s := server.NewMCPServer("weather", "1.0.0", server.WithToolCapabilities(false), server.WithRecovery())
	s.AddTool(mcp.NewTool("weather",
		mcp.WithDescription("Reports the weather."),
		mcp.WithInputSchema[WeatherRequest](),
		mcp.WithOutputSchema[WeatherResponse](),
	), mcp.NewStructuredToolHandler(weather))
	s.AddTool(mcp.NewTool("assets",
		mcp.WithDescription("Lists assets."),
		mcp.WithInputSchema[AssetsRequest](),
		mcp.WithOutputSchema[[]Asset](),
	), mcp.NewStructuredToolHandler(assets))
	s.AddTool(greetTool(), mcp.NewTypedToolHandler(greet))
	s.AddTool(searchTool(), search)
	return s
}

// movedServer is upstreamServer moved: the four drop-ins change package,
// and the builder tool is wrapped.
func movedServer() *server.MCPServer {
	s := server.NewMCPServer("weather", "1.0.0", server.WithToolCapabilities(false), server.WithRecovery())
	s.AddTool(mcp.NewTool("weather",
		mcp.WithDescription("Reports the weather."),
		mcpgo.WithInputSchema[WeatherRequest](),
		mcpgo.WithOutputSchema[WeatherResponse](),
	), mcpgo.NewStructuredToolHandler(weather))
	s.AddTool(mcp.NewTool("assets",
		mcp.WithDescription("Lists assets."),
		mcpgo.WithInputSchema[AssetsRequest](),
		mcpgo.WithOutputSchema[[]Asset](),
	), mcpgo.NewStructuredToolHandler(assets))
	s.AddTool(greetTool(), mcpgo.NewTypedToolHandler(greet))
	st, err := mcpgo.Wrap(searchTool(), search)
	if err != nil {
		panic(err)
	}
	s.AddTools(st)
	return s
}

// TestMoved calls the same tools on the server as written for mcp-go and
// as moved: the same answers to good calls; what mcp-go lets through or
// answers with Go's decoding errors, the moved server refuses with the
// argument's path and rule, before the handler runs.
func TestMoved(t *testing.T) {
	const protocolError = "protocol error: "
	cases := []struct {
		name, tool, args string
		upstream, moved  string // the text, "!" first for an isError result
	}{
		{"structured", "weather", `{"city":"Oslo","units":"fahrenheit"}`,
			`{"city":"Oslo","temperature":68,"units":"fahrenheit"}`, `{"city":"Oslo","temperature":68,"units":"fahrenheit"}`},
		{"array", "assets", `{"limit":1}`, `[{"id":"btc","value":1.5}]`, `[{"id":"btc","value":1.5}]`},
		{"typed", "greet", `{"name":"Ann","age":30,"is_vip":true}`, "Hello, Ann! You are 30. Welcome back.", "Hello, Ann! You are 30. Welcome back."},
		{"builder", "search", `{"query":"mcp","limit":5,"sort":"new"}`, "5 hits for mcp, sorted new", "5 hits for mcp, sorted new"},

		{"default", "weather", `{"city":"Oslo"}`,
			`{"city":"Oslo","temperature":20,"units":""}`, `{"city":"Oslo","temperature":20,"units":"celsius"}`},
		{"enum", "weather", `{"city":"Oslo","units":"kelvin"}`,
			`{"city":"Oslo","temperature":20,"units":"kelvin"}`, `!Argument 'units' must be one of "celsius", "fahrenheit".`},
		{"type", "weather", `{"city":7}`,
			"!failed to bind arguments: json: cannot unmarshal number into Go struct field WeatherRequest.city of type string", "!Argument 'city' must be a string."},
		{"unknown", "weather", `{"city":"Oslo","town":"Bergen"}`,
			`{"city":"Oslo","temperature":20,"units":""}`, "!Argument 'town' is not a parameter of the tool."},
		{"error", "weather", `{"city":"Atlantis"}`,
			"!tool execution failed: no station under water", "!Tool 'weather' failed: no station under water"},
		{"panic", "weather", `{"city":"Krakatoa"}`,
			protocolError + "panic recovered in weather tool handler: the station blew up", "!Tool 'weather' failed: panic: the station blew up"},
		{"bound", "assets", `{"limit":500}`, `[{"id":"btc","value":1.5},{"id":"eth","value":2.25}]`, "!Argument 'limit' must be at most 100."},
		{"fraction", "greet", `{"name":"Ann","age":30.5}`,
			"!failed to bind arguments: json: cannot unmarshal number 30.5 into Go struct field GreetArgs.age of type int", "!Argument 'age' must be an integer."},
		{"builder default", "search", `{"query":"mcp"}`, "-1 hits for mcp, sorted by default", "10 hits for mcp, sorted by default"},
		{"builder maximum", "search", `{"query":"mcp","limit":500}`, "500 hits for mcp, sorted by default", "!Argument 'limit' must be at most 100."},
		{"builder enum", "search", `{"query":"mcp","sort":"old"}`, "-1 hits for mcp, sorted old", "!Argument 'sort' must be one of \"new\", \"top\"."},
	}
	servers := []struct {
		name string
		s    *server.MCPServer
	}{{"upstream", upstreamServer()}, {"moved", movedServer()}}
	for _, sv := range servers {
		t.Run(sv.name, func(t *testing.T) {
			c := inprocess(t, sv.s)
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					want := tc.moved
					if sv.name == "upstream" {
						want = tc.upstream
					}
					req := mcp.CallToolRequest{}
					req.Params.Name = tc.tool
					req.Params.Arguments = rawJSON(tc.args)
					var got string
					r, err := c.CallTool(t.Context(), req)
					switch {
					case err != nil:
						got = protocolError + err.Error()
					case r.IsError:
						got = "!" + text(r)
					default:
						got = text(r)
					}
					if strings.HasPrefix(want, protocolError) {
						if !strings.Contains(got, strings.TrimPrefix(want, protocolError)) {
							t.Errorf("got %q, want a protocol error with %q", got, want)
						}
						return
					}
					if got != want {
						t.Errorf("got  %q\nwant %q", got, want)
					}
				})
			}
		})
	}
}
