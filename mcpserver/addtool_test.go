package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// The handlers below take the shapes of the go-sdk's own examples (a
// greeting, a forecast, content without output, no input, a counter), in
// our words.

type GreetIn struct {
	Name string `json:"name" jsonschema:"who to greet"`
}

type GreetOut struct {
	Greeting string `json:"greeting"`
}

func greet(_ context.Context, _ *mcp.CallToolRequest, in GreetIn) (*mcp.CallToolResult, GreetOut, error) {
	return nil, GreetOut{Greeting: "Hello, " + in.Name}, nil
}

type Place struct {
	Name string   `json:"name"`
	Lat  *float64 `json:"lat,omitempty" minimum:"-90" maximum:"90"`
	Lon  *float64 `json:"lon,omitempty" minimum:"-180" maximum:"180"`
}

type Sky string

const (
	Sun    Sky = "sun"
	Clouds Sky = "clouds"
	Rain   Sky = "rain"
)

func (Sky) ToolschemaEnumValues() []string { return []string{"sun", "clouds", "rain"} }

type Forecast struct {
	Summary string  `json:"summary"`
	Sky     Sky     `json:"sky"`
	Chance  float64 `json:"chance"`
	High    float64 `json:"high"`
	Low     float64 `json:"low"`
}

func forecast(_ context.Context, _ *mcp.CallToolRequest, in Place) (*mcp.CallToolResult, *Forecast, error) {
	if in.Name == "nowhere" {
		return nil, nil, nil
	}
	return nil, &Forecast{Summary: "mild in " + in.Name, Sky: Clouds, Chance: 0.25, High: 18, Low: 9}, nil
}

func maybeGreet(_ context.Context, _ *mcp.CallToolRequest, in GreetIn) (*mcp.CallToolResult, *GreetOut, error) {
	if in.Name == "nobody" {
		return nil, nil, nil
	}
	return nil, &GreetOut{Greeting: "Hello, " + in.Name}, nil
}

func contentOnly(_ context.Context, _ *mcp.CallToolRequest, in GreetIn) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "Hi " + in.Name}}}, nil, nil
}

func noInput(_ context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req == nil || req.Session == nil {
		return nil, nil, errors.New("no request")
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil, nil
}

type Count struct {
	Count int `json:"count"`
}

type Step struct {
	By int `json:"by,omitempty" minimum:"1" maximum:"10" default:"1"`
}

func counter() mcp.ToolHandlerFor[Step, Count] {
	var n atomic.Int64
	return func(_ context.Context, _ *mcp.CallToolRequest, in Step) (*mcp.CallToolResult, Count, error) {
		return nil, Count{Count: int(n.Add(int64(in.By)))}, nil
	}
}

func failing(_ context.Context, _ *mcp.CallToolRequest, in GreetIn) (*mcp.CallToolResult, GreetOut, error) {
	switch in.Name {
	case "panic":
		panic("the handler broke")
	case "wire":
		return nil, GreetOut{}, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "no such person"}
	}
	return nil, GreetOut{}, errors.New("the greeter is out")
}

// addAll adds the example handlers to s, with the drop-in or with the
// SDK's mcp.AddTool: the same calls, one import apart.
func addAll(s *mcp.Server, dropIn bool) {
	if !dropIn {
		mcp.AddTool(s, &mcp.Tool{Name: "greet", Description: "Says hello."}, greet)
		mcp.AddTool(s, &mcp.Tool{Name: "forecast", Title: "Forecast", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, forecast)
		mcp.AddTool(s, &mcp.Tool{Name: "content"}, contentOnly)
		mcp.AddTool(s, &mcp.Tool{Name: "ping"}, noInput)
		mcp.AddTool(s, &mcp.Tool{Name: "inc"}, counter())
		mcp.AddTool(s, &mcp.Tool{Name: "fail"}, failing)
		mcp.AddTool(s, &mcp.Tool{Name: "maybe"}, maybeGreet)
		return
	}
	mcpserver.AddTool(s, &mcp.Tool{Name: "greet", Description: "Says hello."}, greet)
	mcpserver.AddTool(s, &mcp.Tool{Name: "forecast", Title: "Forecast", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, forecast)
	mcpserver.AddTool(s, &mcp.Tool{Name: "content"}, contentOnly)
	mcpserver.AddTool(s, &mcp.Tool{Name: "ping"}, noInput)
	mcpserver.AddTool(s, &mcp.Tool{Name: "inc"}, counter())
	mcpserver.AddTool(s, &mcp.Tool{Name: "fail"}, failing)
	mcpserver.AddTool(s, &mcp.Tool{Name: "maybe"}, maybeGreet)
}

// testTimeout bounds what a test waits for a loopback server.
const testTimeout = 30 * time.Second

// transports are the ways a client reaches a server in these tests: the
// SDK's in-memory transports, and its streamable HTTP handler (stateless,
// as a server behind a load balancer runs) on a loopback HTTP server.
var transports = []struct {
	name    string
	connect func(t *testing.T, s *mcp.Server) *mcp.ClientSession
}{
	{"memory", func(t *testing.T, s *mcp.Server) *mcp.ClientSession { return connectServer(t, s, nil, "") }},
	{"http", func(t *testing.T, s *mcp.Server) *mcp.ClientSession { return connectHTTP(t, []*mcp.Server{s}, nil) }},
}

// connectHTTP serves each server on its own loopback HTTP server through
// the SDK's streamable handler in stateless mode, and connects a client of
// the SDK whose requests go to them in turn, as a load balancer sends
// them.
func connectHTTP(t *testing.T, servers []*mcp.Server, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	var urls []string
	for _, s := range servers {
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
		hs := httptest.NewServer(h)
		t.Cleanup(hs.Close)
		urls = append(urls, hs.URL)
	}
	var next atomic.Int64
	client := &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		target := urls[int(next.Add(1)-1)%len(urls)]
		r = r.Clone(r.Context())
		u := *r.URL
		hostOf := strings.TrimPrefix(target, "http://")
		u.Host = hostOf
		r.URL, r.Host = &u, hostOf
		return http.DefaultTransport.RoundTrip(r)
	})}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, copts).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: urls[0], HTTPClient: client}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestAddToolLists checks what the drop-in lists: the core's schemas, and
// what the given tool set (description, title, annotations) kept.
func TestAddToolLists(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	addAll(s, true)
	cs := connectServer(t, s, nil, "")
	got := map[string]*mcp.Tool{}
	for mt, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		got[mt.Name] = mt
	}
	tests := []struct {
		name, in, out string
	}{
		{"greet",
			`{"type":"object","properties":{"name":{"type":"string","description":"who to greet"}},"required":["name"],"additionalProperties":false}`,
			`{"type":"object","properties":{"greeting":{"type":"string"}},"required":["greeting"],"additionalProperties":false}`},
		{"forecast",
			`{"type":"object","properties":{"name":{"type":"string"},"lat":{"type":["number","null"],"minimum":-90,"maximum":90},"lon":{"type":["number","null"],"minimum":-180,"maximum":180}},"required":["name"],"additionalProperties":false}`,
			`{"type":"object","properties":{"summary":{"type":"string"},"sky":{"type":"string","enum":["sun","clouds","rain"]},"chance":{"type":"number"},"high":{"type":"number"},"low":{"type":"number"}},"required":["summary","sky","chance","high","low"],"additionalProperties":false}`},
		{"content", `{"type":"object","properties":{"name":{"type":"string","description":"who to greet"}},"required":["name"],"additionalProperties":false}`, ``},
		{"ping", `{"type":"object","properties":{},"additionalProperties":false}`, ``},
		{"inc",
			`{"type":"object","properties":{"by":{"type":"integer","minimum":1,"maximum":10,"default":1}},"additionalProperties":false}`,
			`{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"],"additionalProperties":false}`},
	}
	for _, tt := range tests {
		mt := got[tt.name]
		if mt == nil {
			t.Fatalf("%s not listed", tt.name)
		}
		in, _ := json.Marshal(mt.InputSchema)
		schematest.Check(t, in)
		if !jsonEqual(in, []byte(tt.in)) {
			t.Errorf("%s: input schema %s, want %s", tt.name, in, tt.in)
		}
		if tt.out == "" {
			if mt.OutputSchema != nil {
				t.Errorf("%s: output schema %v, want none", tt.name, mt.OutputSchema)
			}
			continue
		}
		out, _ := json.Marshal(mt.OutputSchema)
		schematest.Check(t, out)
		if !jsonEqual(out, []byte(tt.out)) {
			t.Errorf("%s: output schema %s, want %s", tt.name, out, tt.out)
		}
	}
	if g := got["greet"]; g.Description != "Says hello." {
		t.Errorf("greet: description %q", g.Description)
	}
	if f := got["forecast"]; f.Title != "Forecast" || f.Annotations == nil || !f.Annotations.ReadOnlyHint {
		t.Errorf("forecast: title %q, annotations %+v", f.Title, f.Annotations)
	}
}

// call is one call of the table tests and what it returns.
type call struct {
	name, tool, args string
	isError          bool
	text             string // the text content, lines joined
	structured       string // "" for none
}

// TestAddToolCalls calls the drop-in's tools through the SDK's client over
// both transports: good arguments, refused ones (every violation, with
// its path, and the handler never runs), defaults, errors, a panic.
func TestAddToolCalls(t *testing.T) {
	calls := []call{
		{"greet", "greet", `{"name":"Ada"}`, false, `{"greeting":"Hello, Ada"}`, `{"greeting":"Hello, Ada"}`},
		{"greet unknown and missing", "greet", `{"nmae":"Ada"}`, true,
			"Argument 'name' is required.\nArgument 'nmae' is not a parameter of the tool.", ""},
		{"greet wrong type", "greet", `{"name":7}`, true, "Argument 'name' must be a string.", ""},
		{"forecast", "forecast", `{"name":"Paris","lat":48.9}`, false,
			`{"summary":"mild in Paris","sky":"clouds","chance":0.25,"high":18,"low":9}`,
			`{"summary":"mild in Paris","sky":"clouds","chance":0.25,"high":18,"low":9}`},
		{"forecast out of range", "forecast", `{"name":"Paris","lat":91,"lon":-200}`, true,
			"Argument 'lat' must be at most 90.\nArgument 'lon' must be at least -180.", ""},
		{"forecast nil: its zero value breaks the enum", "forecast", `{"name":"nowhere"}`, true, "Tool 'forecast' returned no value.", ""},
		{"maybe nil: its zero value", "maybe", `{"name":"nobody"}`, false, `{"greeting":""}`, `{"greeting":""}`},
		{"maybe", "maybe", `{"name":"Ada"}`, false, `{"greeting":"Hello, Ada"}`, `{"greeting":"Hello, Ada"}`},
		{"content", "content", `{"name":"Ada"}`, false, "Hi Ada", ""},
		{"ping", "ping", `{}`, false, "pong", ""},
		{"ping no arguments", "ping", ``, false, "pong", ""},
		{"ping extra", "ping", `{"x":1}`, true, "Argument 'x' is not a parameter of the tool.", ""},
		{"inc default", "inc", `{}`, false, `{"count":1}`, `{"count":1}`},
		{"inc by", "inc", `{"by":3}`, false, `{"count":4}`, `{"count":4}`},
		{"inc refused", "inc", `{"by":0.5}`, true, "Argument 'by' must be an integer.", ""},
		{"fail", "fail", `{"name":"x"}`, true, "the greeter is out", ""},
		{"panic", "fail", `{"name":"panic"}`, true, "Tool 'fail' failed: panic: the handler broke", ""},
	}
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			addAll(s, true)
			cs := tr.connect(t, s)
			for _, c := range calls {
				checkCall(t, cs, c)
			}
			_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "fail", Arguments: map[string]any{"name": "wire"}})
			if err == nil || !strings.Contains(err.Error(), "no such person") {
				t.Errorf("a *jsonrpc.Error from the handler: %v, want it as the protocol error", err)
			}
		})
	}
}

func checkCall(t *testing.T, cs *mcp.ClientSession, c call) {
	t.Helper()
	params := &mcp.CallToolParams{Name: c.tool}
	if c.args != "" {
		params.Arguments = json.RawMessage(c.args)
	}
	r, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Errorf("%s: %v", c.name, err)
		return
	}
	if r.IsError != c.isError || texts(t, r) != c.text {
		t.Errorf("%s: IsError %v %q, want %v %q", c.name, r.IsError, texts(t, r), c.isError, c.text)
	}
	if c.structured == "" {
		if r.StructuredContent != nil {
			t.Errorf("%s: structured %v, want none", c.name, r.StructuredContent)
		}
		return
	}
	b, _ := json.Marshal(r.StructuredContent)
	if !jsonEqual(b, []byte(c.structured)) {
		t.Errorf("%s: structured %s, want %s", c.name, b, c.structured)
	}
}

// TestAddToolAsSDK calls the same handlers with good arguments through
// mcp.AddTool and through the drop-in: the results are the same.
func TestAddToolAsSDK(t *testing.T) {
	calls := []struct{ tool, args string }{
		{"greet", `{"name":"Ada"}`},
		{"forecast", `{"name":"Paris","lat":48.9}`},
		{"maybe", `{"name":"nobody"}`},
		{"content", `{"name":"Ada"}`},
		{"ping", `{}`},
		{"inc", `{"by":2}`},
		{"fail", `{"name":"x"}`},
	}
	sdk := mcp.NewServer(&mcp.Implementation{Name: "sdk", Version: "v0"}, nil)
	addAll(sdk, false)
	ours := mcp.NewServer(&mcp.Implementation{Name: "ours", Version: "v0"}, nil)
	addAll(ours, true)
	a, b := connectServer(t, sdk, nil, ""), connectServer(t, ours, nil, "")
	for _, c := range calls {
		params := &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)}
		ra, err := a.CallTool(context.Background(), params)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.CallTool(context.Background(), params)
		if err != nil {
			t.Fatal(err)
		}
		ja, jb := comparable(t, ra), comparable(t, rb)
		if !jsonEqual(ja, jb) {
			t.Errorf("%s %s:\nSDK     %s\ndrop-in %s", c.tool, c.args, ja, jb)
		}
	}
}

// comparable returns r as JSON without the server's name, and with text
// that is JSON as a value: the SDK writes the keys of its text sorted
// (after its defaults pass), the drop-in in encoding/json's order.
func comparable(t *testing.T, r *mcp.CallToolResult) []byte {
	t.Helper()
	c := *r
	c.Meta = nil
	c.Content = nil
	for _, ct := range r.Content {
		if tc, ok := ct.(*mcp.TextContent); ok && json.Valid([]byte(tc.Text)) {
			var v any
			json.Unmarshal([]byte(tc.Text), &v)
			b, _ := json.Marshal(v)
			ct = &mcp.TextContent{Text: string(b)}
		}
		c.Content = append(c.Content, ct)
	}
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestAddToolRefused checks that a type the contract cannot describe
// panics at AddTool, as the SDK's does for a schema it cannot make, with
// the rule and the field.
func TestAddToolRefused(t *testing.T) {
	type Bad struct {
		Ch chan int `json:"ch"`
	}
	tests := []struct {
		name string
		add  func(s *mcp.Server)
		want string
	}{
		{"map input", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "m"}, func(context.Context, *mcp.CallToolRequest, map[string]any) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		}, "OLT002"},
		{"bad field", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "b"}, func(context.Context, *mcp.CallToolRequest, Bad) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		}, "OLT002: input.ch"},
		{"bad output", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "o"}, func(context.Context, *mcp.CallToolRequest, GreetIn) (*mcp.CallToolResult, Bad, error) {
				return nil, Bad{}, nil
			})
		}, "output"},
		{"any with a schema", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "a", InputSchema: json.RawMessage(`{"type":"object"}`)}, noInput)
		}, "In is any"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				r := recover()
				msg, _ := r.(string)
				if !strings.Contains(msg, tt.want) || !strings.HasPrefix(msg, "mcpserver.AddTool: tool ") {
					t.Fatalf("panic %v, want one with %q", r, tt.want)
				}
				if strings.Contains(msg, "drop_in") {
					t.Errorf("panic %q names the stand-in tool the schemas are made for, not the tool", msg)
				}
			}()
			tt.add(mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil))
		})
	}
}

// TestCreateSDKHandler checks that reflection refuses a go-sdk handler as
// the analyzer does: one OLT030 error, nothing about the SDK's types.
func TestCreateSDKHandler(t *testing.T) {
	tests := []struct {
		name string
		fn   any
		what string
	}{
		{"handler", greet, "request parameter"},
		{"result only", func(context.Context, GreetIn) (*mcp.CallToolResult, error) { return nil, nil }, "result"},
	}
	for _, tt := range tests {
		_, err := reflectimpl.Create(tt.fn, reflectimpl.Meta(tool.Meta{Name: "x"}))
		var es schema.Errors
		if !errors.As(err, &es) || len(es) != 1 || es[0].ID != schema.OLT030 || !strings.Contains(es[0].Msg, "(its "+tt.what+" is the SDK's)") {
			t.Errorf("%s: Create: %v, want one OLT030 error about its %s", tt.name, err, tt.what)
		}
	}
}

type Empty struct{}

// TestAddToolShapes checks the other shapes of In and Out a go-sdk handler
// takes: a pointer input, an empty struct, an output schema set by hand
// (kept, and its structured content still sent).
// BigOut is an output whose field marshals through a pointer receiver.
type BigOut struct {
	N big.Int `json:"n"`
}

func TestAddToolShapes(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "ptr"}, func(_ context.Context, _ *mcp.CallToolRequest, in *GreetIn) (*mcp.CallToolResult, GreetOut, error) {
		return nil, GreetOut{Greeting: "Hello, " + in.Name}, nil
	})
	mcpserver.AddTool(s, &mcp.Tool{Name: "empty"}, func(_ context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, Count, error) {
		return nil, Count{Count: 7}, nil
	})
	// big.Int's MarshalJSON has a pointer receiver: written from an
	// addressable copy, as the invoker writes results, it is a number.
	mcpserver.AddTool(s, &mcp.Tool{Name: "big"}, func(_ context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, BigOut, error) {
		return nil, BigOut{N: *big.NewInt(12)}, nil
	})
	handOut := json.RawMessage(`{"type":"object","properties":{"greeting":{"type":"string","description":"The greeting."}}}`)
	mcpserver.AddTool(s, &mcp.Tool{Name: "hand_out", OutputSchema: handOut}, greet)
	cs := connectServer(t, s, nil, "")
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	listed := false
	for _, mt := range res.Tools {
		if mt.Name != "hand_out" {
			continue
		}
		listed = true
		out, _ := json.Marshal(mt.OutputSchema)
		if !jsonEqual(out, handOut) {
			t.Errorf("hand_out: output schema %s, want %s", out, handOut)
		}
	}
	if !listed {
		t.Error("hand_out is not listed")
	}
	for _, c := range []call{
		{"pointer input", "ptr", `{"name":"Ada"}`, false, `{"greeting":"Hello, Ada"}`, `{"greeting":"Hello, Ada"}`},
		{"pointer input refused", "ptr", `{"name":null}`, true, "Argument 'name' must not be null.", ""},
		{"empty", "empty", `{}`, false, `{"count":7}`, `{"count":7}`},
		{"empty refused", "empty", `{"a":1}`, true, "Argument 'a' is not a parameter of the tool.", ""},
		{"a pointer-receiver MarshalJSON in the output", "big", `{}`, false, `{"n":12}`, `{"n":12}`},
		{"hand-set output schema", "hand_out", `{"name":"Ada"}`, false, `{"greeting":"Hello, Ada"}`, `{"greeting":"Hello, Ada"}`},
	} {
		checkCall(t, cs, c)
	}
}
