package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// The tools of the test server, in toolschema's own tags (the core's tag
// reader owns mcp-go's jsonschema:"text,enum=..." dialect).

type ListAlertsIn struct {
	Service string  `json:"service" description:"The service whose alerts to list." enum:"api, web, db"`
	Limit   int     `json:"limit,omitempty" description:"At most this many alerts." minimum:"1" maximum:"100" default:"10"`
	Since   *string `json:"since,omitempty" description:"Only alerts raised after this time." format:"date-time"`
}

type Alert struct {
	ID       string `json:"id" description:"The alert's ID."`
	Severity string `json:"severity" enum:"low, high"`
}

func listAlerts(_ context.Context, in ListAlertsIn) ([]Alert, error) {
	if in.Service == "db" {
		return nil, nil // no alerts: a nil slice
	}
	all := []Alert{{"a1", "high"}, {"a2", "low"}, {"a3", "low"}}
	return all[:min(in.Limit, len(all))], nil
}

type GetOrderIn struct {
	ID string `json:"id" description:"The order's ID." pattern:"^o[0-9]+$"`
}

type Order struct {
	ID    string `json:"id"`
	Total int    `json:"total" minimum:"0"`
}

func getOrder(in GetOrderIn) (*Order, error) {
	if in.ID != "o1" {
		return nil, &tool.Error{Code: "ORDER_NOT_FOUND", Category: tool.CategoryNotFound,
			SafeMessage: "No order has this ID.", Recovery: tool.RecoverAskUser, Outcome: tool.OutcomeNotStarted,
			Err: errors.New("orders: lookup: no row")}
	}
	return &Order{ID: "o1", Total: 42}, nil
}

type Empty struct{}

func explode(Empty) (string, error) { panic("the flux capacitor") }

func fail(Empty) (string, error) { return "", errors.New("the database is down") }

type SlowIn struct {
	Millis int `json:"millis" minimum:"0" maximum:"10000"`
}

func slow(ctx context.Context, in SlowIn) (string, error) {
	select {
	case <-time.After(time.Duration(in.Millis) * time.Millisecond):
		return "done", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// The concurrency probe: tick is not parallel-safe, look is.
var (
	running, overlaps atomic.Int32
	tickIn            atomic.Bool
)

func tick(Empty) (string, error) {
	if running.Add(1) != 1 {
		overlaps.Add(1)
	}
	tickIn.Store(true)
	time.Sleep(time.Millisecond)
	tickIn.Store(false)
	running.Add(-1)
	return "ticked", nil
}

func look(Empty) (string, error) {
	running.Add(1)
	if tickIn.Load() {
		overlaps.Add(1)
	}
	time.Sleep(time.Millisecond)
	running.Add(-1)
	return "looked", nil
}

func must(t *tool.Tool, err error) *tool.Tool {
	if err != nil {
		panic(err)
	}
	return t
}

// registered returns the tools served with Register.
func registered() []*tool.Tool {
	return []*tool.Tool{
		must(reflectimpl.Create(listAlerts, reflectimpl.Meta(tool.Meta{
			Description: "Lists a service's open alerts.",
			ReadOnly:    true,
			Title:       "List alerts",
		}))),
		must(reflectimpl.Create(getOrder, reflectimpl.Meta(tool.Meta{
			Description: "Finds an order.",
			ReadOnly:    true,
			OpenWorld:   new(false),
			ErrorCodes:  []string{"ORDER_NOT_FOUND"},
			Version:     "2",
		}))),
		must(reflectimpl.Create(explode, reflectimpl.Meta(tool.Meta{Description: "Always panics."}))),
		must(reflectimpl.Create(fail, reflectimpl.Meta(tool.Meta{
			Description: "Always fails.",
			Destructive: new(false),
			Idempotent:  true,
		}))),
		must(reflectimpl.Create(slow, reflectimpl.Meta(tool.Meta{
			Description: "Sleeps.",
			Timeout:     50 * time.Millisecond,
		}))),
		must(reflectimpl.Create(tick, reflectimpl.Meta(tool.Meta{
			Description:  "Not parallel-safe.",
			ParallelSafe: new(false),
		}))),
		must(reflectimpl.Create(look, reflectimpl.Meta(tool.Meta{Description: "Parallel-safe."}))),
	}
}

// The drop-ins' tools, in the shapes of mcp-go's structured and typed
// examples.

type WeatherRequest struct {
	City  string `json:"city" jsonschema:"The city to report on."`
	Units string `json:"units,omitempty" enum:"celsius, fahrenheit" default:"celsius" jsonschema:"The temperature's unit."`
}

type WeatherResponse struct {
	City        string  `json:"city"`
	Temperature float64 `json:"temperature" jsonschema:"In the units asked for."`
	Units       string  `json:"units"`
}

func weather(_ context.Context, _ mcp.CallToolRequest, in WeatherRequest) (WeatherResponse, error) {
	switch in.City {
	case "Atlantis":
		return WeatherResponse{}, errors.New("no station under water")
	case "Nowhere":
		return WeatherResponse{}, &tool.Error{Code: "NO_STATION", Category: tool.CategoryNotFound,
			SafeMessage: "No station reports for this city.", Recovery: tool.RecoverFixArguments}
	case "Krakatoa":
		panic("the station blew up")
	}
	temp := 20.0
	if in.Units == "fahrenheit" {
		temp = 68
	}
	return WeatherResponse{City: in.City, Temperature: temp, Units: in.Units}, nil
}

type AssetsRequest struct {
	Limit int `json:"limit,omitempty" jsonschema:"How many assets." minimum:"1" maximum:"100"`
}

type Asset struct {
	ID    string  `json:"id"`
	Value float64 `json:"value"`
}

func assets(_ context.Context, _ mcp.CallToolRequest, in AssetsRequest) ([]Asset, error) {
	all := []Asset{{"btc", 1.5}, {"eth", 2.25}}
	if in.Limit == 0 {
		in.Limit = len(all)
	}
	return all[:min(in.Limit, len(all))], nil
}

func manualWeather(_ context.Context, req mcp.CallToolRequest, in WeatherRequest) (*mcp.CallToolResult, error) {
	if in.City == "Krakatoa" {
		panic("the station blew up")
	}
	if in.City == "Atlantis" {
		return nil, errors.New("no station under water")
	}
	r := WeatherResponse{City: in.City, Temperature: 20, Units: in.Units}
	return mcp.NewToolResultStructured(r, fmt.Sprintf("%s: 20 degrees %s (called as %s)", in.City, in.Units, req.Params.Name)), nil
}

// GreetArgs is the typed_tools shape: a builder schema listed, a typed
// handler. Its optional fields are omitempty, as the builder's schema
// makes them optional.
type GreetArgs struct {
	Name      string   `json:"name"`
	Age       int      `json:"age,omitempty"`
	VIP       bool     `json:"is_vip,omitempty"`
	Languages []string `json:"languages,omitempty"`
	Extra     any      `json:"extra,omitempty"`
}

func greet(_ context.Context, _ mcp.CallToolRequest, a GreetArgs) (*mcp.CallToolResult, error) {
	s := "Hello, " + a.Name + "!"
	if a.Age > 0 {
		s += fmt.Sprintf(" You are %d.", a.Age)
	}
	if a.VIP {
		s += " Welcome back."
	}
	if len(a.Languages) > 0 {
		s += " You speak " + strings.Join(a.Languages, ", ") + "."
	}
	return mcp.NewToolResultText(s), nil
}

func greetTool() mcp.Tool {
	return mcp.NewTool("greet",
		mcp.WithDescription("Greets a person."),
		mcp.WithString("name", mcp.Required(), mcp.Description("Who to greet.")),
		mcp.WithNumber("age", mcp.Description("Their age."), mcp.Min(0), mcp.Max(150)),
		mcp.WithBoolean("is_vip", mcp.Description("Whether they are a VIP."), mcp.DefaultBool(false)),
		mcp.WithArray("languages", mcp.Description("Languages they speak."), mcp.WithStringItems()),
		mcp.WithAny("extra", mcp.Description("Anything else.")),
	)
}

// searchTool is a builder tool with an untyped handler, served with Wrap.
func searchTool() mcp.Tool {
	return mcp.NewTool("search",
		mcp.WithDescription("Searches the docs."),
		mcp.WithString("query", mcp.Required(), mcp.Description("Words to look for."), mcp.MinLength(1)),
		mcp.WithNumber("limit", mcp.Description("How many hits."), mcp.Min(1), mcp.Max(100), mcp.DefaultNumber(10)),
		mcp.WithString("sort", mcp.Description("The order of the hits."), mcp.Enum("new", "top")),
		mcp.WithReadOnlyHintAnnotation(true),
	)
}

func search(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err
	}
	switch q {
	case "boom":
		panic("index corrupted")
	case "down":
		return nil, errors.New("the index is offline")
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d hits for %s, sorted %s", req.GetInt("limit", -1), q, req.GetString("sort", "by default"))), nil
}

// newServer returns the test server: Register's tools, the drop-ins and a
// wrapped builder tool on one mcp-go server. Each call's result is checked
// against its tool's contract (tool.WithOutputCheck), as tests of tools do.
func newServer() *server.MCPServer {
	s := server.NewMCPServer("test", "1.0.0", server.WithToolCapabilities(false),
		server.WithToolHandlerMiddleware(func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
			return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return next(tool.WithOutputCheck(ctx), req)
			}
		}))
	if err := mcpgo.Register(s, registered(), nil); err != nil {
		panic(err)
	}
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
	s.AddTool(mcp.NewTool("manual_weather",
		mcp.WithDescription("Reports the weather, in words."),
		mcpgo.WithInputSchema[WeatherRequest](),
		mcpgo.WithOutputSchema[WeatherResponse](),
	), mcpgo.NewTypedToolHandler(manualWeather))
	s.AddTool(greetTool(), mcpgo.NewTypedToolHandler(greet))
	st, err := mcpgo.Wrap(searchTool(), search)
	if err != nil {
		panic(err)
	}
	s.AddTools(st)
	return s
}

const stdioEnv = "MCPGO_TEST_STDIO_SERVER"

// stdioServers are the servers the test binary serves on stdio, by the
// value of stdioEnv.
var stdioServers = map[string]func() *server.MCPServer{
	"1":                 newServer,
	"examples-upstream": upstreamExamples,
	"examples-moved":    movedExamples,
}

// TestMain serves a test server on stdio when the test binary is run
// again as the server of a stdio client.
func TestMain(m *testing.M) {
	if mk, ok := stdioServers[os.Getenv(stdioEnv)]; ok {
		if err := server.ServeStdio(mk()); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// transports are mcp-go's clients of the test server: in process, over
// stdio to this binary run again as the server, and over streamable HTTP
// on loopback.
var transports = []struct {
	name    string
	connect func(t *testing.T, s *server.MCPServer) *client.Client
}{
	{"inprocess", func(t *testing.T, s *server.MCPServer) *client.Client {
		c, err := client.NewInProcessClient(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}},
	{"stdio", func(t *testing.T, _ *server.MCPServer) *client.Client {
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		c, err := client.NewStdioMCPClient(exe, []string{stdioEnv + "=1"})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}},
	{"http", func(t *testing.T, s *server.MCPServer) *client.Client {
		ts := httptest.NewServer(server.NewStreamableHTTPServer(s))
		t.Cleanup(ts.Close)
		c, err := client.NewStreamableHttpClient(ts.URL + "/mcp")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}},
}

// connect starts c and initializes its session.
func connect(t *testing.T, c *client.Client) *client.Client {
	t.Helper()
	ctx := t.Context()
	t.Cleanup(func() { c.Close() })
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ClientInfo = mcp.Implementation{Name: "test-client", Version: "1"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	return c
}

// call calls a tool with args given as JSON text.
func call(t *testing.T, c *client.Client, name, args string) *mcp.CallToolResult {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	if args != "" {
		req.Params.Arguments = json.RawMessage(args)
	}
	res, err := c.CallTool(t.Context(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// text returns the text content of a result, joined with newlines.
func text(r *mcp.CallToolResult) string {
	var parts []string
	for _, c := range r.Content {
		if tc, ok := c.(mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// called calls the tool name with the JSON text args over c and renders
// the answer as the realworld tables write it: the text of a result, "!"
// before an isError result's, "protocol error: " before an error's.
func called(t *testing.T, c *client.Client, name, args string) (string, *mcp.CallToolResult) {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = rawJSON(args)
	r, err := c.CallTool(t.Context(), req)
	switch {
	case err != nil:
		return "protocol error: " + err.Error(), nil
	case r.IsError:
		return "!" + text(r), r
	}
	return text(r), r
}

// rawJSON is JSON text as arguments, sent as they are.
func rawJSON(s string) any {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
}
