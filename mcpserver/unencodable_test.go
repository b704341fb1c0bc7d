package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// noJSON is a value whose MarshalJSON fails.
type noJSON struct{}

func (noJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("no JSON for this value") }

// panicky is a value whose MarshalJSON panics.
type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("no JSON today") }

// NoOut is the output of the typed tools here.
type NoOut struct {
	N int `json:"n"`
}

// unencodableServer returns a server with echo (Register) and tools whose
// results encoding/json cannot encode, with the answer to a call of
// each: the SDK's own, of both kinds (Server.AddTool with structured
// content that is NaN, whose MarshalJSON fails or panics; mcp.AddTool
// whose result's _meta holds +Inf), a drop-in's (mcpserver.AddTool, the
// same _meta), each an internal error naming the tool and the encoder's
// reason; and one Register serves that returns a JSON part that is not
// JSON (sent as the structured content), which the invoker now fails.
func unencodableServer(t *testing.T) (*mcp.Server, []unencodable) {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	echo, err := reflectimpl.Create(Echo)
	if err != nil {
		t.Fatal(err)
	}
	part, err := reflectimpl.Create(func() tool.Part { return tool.JSONPart{JSON: json.RawMessage(`{"n":`)} },
		reflectimpl.Meta(tool.Meta{Name: "bad_part"}))
	if err != nil {
		t.Fatal(err)
	}
	// Listed with an output schema: the part is the structured content.
	withSchema := *part
	withSchema.OutputSchema = json.RawMessage(`{"type":"object"}`)
	if err := mcpserver.Register(s, []*tool.Tool{echo, &withSchema}, nil); err != nil {
		t.Fatal(err)
	}
	s.AddTool(&mcp.Tool{Name: "sdk_nan", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{StructuredContent: map[string]any{"x": math.NaN()},
				Content: []mcp.Content{&mcp.TextContent{Text: "x"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "sdk_marshaler", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{StructuredContent: noJSON{}, Content: []mcp.Content{&mcp.TextContent{Text: "x"}}}, nil
		})
	s.AddTool(&mcp.Tool{Name: "sdk_panics", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{StructuredContent: panicky{}, Content: []mcp.Content{&mcp.TextContent{Text: "x"}}}, nil
		})
	typed := func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, NoOut, error) {
		return &mcp.CallToolResult{Meta: mcp.Meta{"x": math.Inf(1)}}, NoOut{N: 1}, nil
	}
	mcp.AddTool(s, &mcp.Tool{Name: "sdk_typed_meta"}, typed)
	mcpserver.AddTool(s, &mcp.Tool{Name: "dropin_meta"}, typed)
	return s, []unencodable{
		{"sdk_nan", internalError("sdk_nan", "json: unsupported value: NaN")},
		{"sdk_marshaler", internalError("sdk_marshaler", "json: error calling MarshalJSON for type mcpserver_test.noJSON: no JSON for this value")},
		{"sdk_panics", internalError("sdk_panics", "encoding it panicked: no JSON today")},
		{"sdk_typed_meta", internalError("sdk_typed_meta", "json: unsupported value: +Inf")},
		{"dropin_meta", internalError("dropin_meta", "json: unsupported value: +Inf")},
		// The invoker refuses a JSON part that is not JSON: the model
		// reads why.
		{"bad_part", `"result":{"_meta":{"io.github.toolschema/code":"failed",` +
			`"io.github.toolschema/outcome":"started","io.github.toolschema/started":true,"toolschema/code":"failed",` +
			`"toolschema/outcome":"started","toolschema/started":true},` +
			`"content":[{"type":"text","text":"Tool 'bad_part' failed: its result is not valid JSON."}],"isError":true}}`},
	}
}

// An unencodable is a tool of unencodableServer and the answer to its
// call, after its id.
type unencodable struct{ name, answer string }

// internalError is the answer to a call of the tool name whose result
// could not be encoded for reason.
func internalError(name, reason string) string {
	return fmt.Sprintf(`"error":{"code":-32603,"message":"Internal error: the result of tool '%s' could not be encoded as JSON: %s"}}`, name, reason)
}

// TestStdioUnencodableResult: a call whose result the SDK cannot encode
// as JSON is answered with an internal error (-32603) that names the tool
// and gives the encoder's reason, and leaves the count of requests at
// once: 70 of each (past the 64 at once) leave room for a call, and the
// id is free again. Before, the SDK wrote no answer at all (it logs the
// failure, and drops the response): the client waited for good, and
// each such call held its place and its id; after 64 the server
// answered every request busy. Register's tool that returned a JSON part
// that is not JSON did the same.
func TestStdioUnencodableResult(t *testing.T) {
	_, tools := unencodableServer(t)
	for _, tc := range tools {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := unencodableServer(t)
			c := connectLines(t, s, &mcpserver.StdioTransport{}, "2025-06-18")
			for id := 1; id <= 70; id++ {
				c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`, id, tc.name))
				if got, want := c.next(), fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,%s`, id, tc.answer); got != want {
					t.Fatalf("call %d: answered %s\nwant %s", id, got, want)
				}
			}
			// The same id again: the first is answered, it is free.
			c.send(`{"jsonrpc":"2.0","id":70,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`)
			if got := c.next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":70,"result"`) {
				t.Fatalf("after 70 calls, a call with the last one's id: %s", got)
			}
		})
	}
}

// TestStdioUnencodableList: a tools/list whose result the SDK cannot
// encode (a tool the SDK added with a _meta that holds NaN) is answered
// with an internal error that names the method, the tool and the
// encoder's reason, 70 times in turn, and served again once the tool is
// removed. Before, it was never answered and held its place.
func TestStdioUnencodableList(t *testing.T) {
	s, _ := unencodableServer(t)
	s.AddTool(&mcp.Tool{Name: "sdk_listed_nan", InputSchema: json.RawMessage(`{"type":"object"}`), Meta: mcp.Meta{"x": math.NaN()}},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	c := connectLines(t, s, &mcpserver.StdioTransport{}, "2025-06-18")
	for id := 1; id <= 70; id++ {
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, id))
		want := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"error":{"code":-32603,"message":"Internal error: the result of tools/list could not be encoded as JSON: tool 'sdk_listed_nan': json: unsupported value: NaN"}}`, id)
		if got := c.next(); got != want {
			t.Fatalf("list %d: %s\nwant %s", id, got, want)
		}
	}
	s.RemoveTools("sdk_listed_nan")
	if got := c.next(); !strings.Contains(got, `"method":"notifications/tools/list_changed"`) {
		t.Fatalf("after the tool was removed: %s", got)
	}
	c.send(`{"jsonrpc":"2.0","id":71,"method":"tools/list"}`)
	if got := c.next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":71,"result":{`) || !strings.Contains(got, `"name":"echo"`) || strings.Contains(got, "sdk_listed_nan") {
		t.Fatalf("the list without the tool: %s", got)
	}
}

// TestHTTPUnencodableResult: through HTTPHandler, a call whose result
// the SDK cannot encode is answered as over stdio, and its request leaves
// the count at once (MaxCalls 1 here: the next request is served, not
// refused with 503), on a server that Register added tools to and on one
// with the SDK's tools alone. Before, no answer came: the client waited
// until its own deadline (the server's timeouts, ReadTimeout included, do
// not end the request), and its request held its place among MaxCalls
// and MaxCallsPerClient as long as it waited: forever, for a client with
// no deadline.
func TestHTTPUnencodableResult(t *testing.T) {
	sdkOnly := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	sdkOnly.AddTool(&mcp.Tool{Name: "sdk_nan", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{StructuredContent: map[string]any{"x": math.NaN()}}, nil
		})
	withRegister, tools := unencodableServer(t)
	for _, srv := range []struct {
		name  string
		s     *mcp.Server
		tools []unencodable
	}{{"register", withRegister, tools}, {"sdk only", sdkOnly, tools[:1]}} {
		t.Run(srv.name, func(t *testing.T) {
			hs := serveSafe(t, srv.s, &mcpserver.HTTPOptions{MaxCalls: 1})
			id := 0
			for _, tc := range srv.tools {
				for range 3 {
					id++
					status, _, body, err := sendWithin(5*time.Second, hs.URL, callMessage(id, tc.name))
					want := fmt.Sprintf("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%d,%s\n\n", id, tc.answer)
					if err != nil || status != http.StatusOK || body != want {
						t.Fatalf("%s: %d %q %v\nwant 200, %q", tc.name, status, body, err, want)
					}
				}
			}
			if status, _, body, err := sendWithin(5*time.Second, hs.URL, `{"jsonrpc":"2.0","id":100,"method":"ping"}`); err != nil || status != http.StatusOK || !strings.Contains(body, `"id":100,"result"`) {
				t.Fatalf("a request after the calls: %d %s %v", status, body, err)
			}
		})
	}
}

// sendWithin posts body to url as send does, giving up after d.
func sendWithin(d time.Duration, url, body string) (int, http.Header, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return 0, nil, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(data), err
}
