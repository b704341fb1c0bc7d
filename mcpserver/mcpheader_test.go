package mcpserver_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

type SQLQuery struct {
	Region string `json:"region" mcpHeader:"Region" description:"The region to run the query in."`
	Query  string `json:"query"`
}

// TestMCPHeader serves a tool whose input mirrors an argument into a
// header (x-mcp-header) through HTTPHandler, to the SDK's client of
// 2026-07-28: the client keeps the tool in its list (it drops a tool whose
// annotation breaks MCP's constraints), sends Mcp-Param-Region, and the
// tool reads it from the request; a request whose header disagrees with
// its arguments is refused before the tool runs.
func TestMCPHeader(t *testing.T) {
	var seen []string
	run, err := reflectimpl.Create(func(ctx context.Context, q SQLQuery) (string, error) {
		seen = append(seen, mcpserver.RequestFrom(ctx).Extra.Header.Get("Mcp-Param-Region"))
		return "ran in " + q.Region, nil
	}, reflectimpl.Meta(tool.Meta{Name: "execute_sql", Title: "Execute SQL"}))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{run}, nil); err != nil {
		t.Fatal(err)
	}
	hs := serveSafe(t, s, nil)
	cs := connectSafe(t, hs.URL, "2026-07-28")

	var listed []*mcp.Tool
	for tl, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, tl)
	}
	if len(listed) != 1 || listed[0].Title != "Execute SQL" {
		t.Fatalf("the client lists %v", listed)
	}
	schema, _ := json.Marshal(listed[0].InputSchema)
	if !strings.Contains(string(schema), `"x-mcp-header":"Region"`) {
		t.Fatalf("input schema %s", schema)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_sql", Arguments: map[string]any{"region": "eu-west1", "query": "SELECT 1"}})
	if err != nil || res.IsError {
		t.Fatalf("call: %v %v", err, res)
	}
	if len(seen) != 1 || seen[0] != "eu-west1" {
		t.Fatalf("the tool saw the header %q", seen)
	}

	// A header that says otherwise than the arguments.
	body := callMessage2026("1", "execute_sql", `{"region":"eu-west1","query":"SELECT 1"}`)
	status, _, text := post(t, hs.URL, body, map[string]string{
		"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "execute_sql", "Mcp-Param-Region": "us-east1"})
	if status != http.StatusBadRequest || !strings.Contains(text, "-32020") {
		t.Errorf("a mismatched header: %d %s", status, text)
	}
	if len(seen) != 1 {
		t.Errorf("the tool ran for a mismatched header")
	}
}

// SQLQueryNoted has, beside the header, properties of type arrays (a
// pointer, a slice), which the go-sdk cannot read: it then mirrors and
// checks none of the tool's headers, and the server must check them.
type SQLQueryNoted struct {
	Region string   `json:"region" mcpHeader:"Region"`
	Shard  int32    `json:"shard,omitempty" mcpHeader:"Shard"`
	Query  string   `json:"query"`
	Note   *string  `json:"note,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// TestMCPHeaderChecked posts calls with Mcp-Param headers that agree or
// disagree with the arguments, to a tool whose schema the go-sdk cannot
// read: a header that disagrees is refused before the tool runs
// (HeaderMismatch), as MCP requires, whatever the SDK read.
func TestMCPHeaderChecked(t *testing.T) {
	var ran []string
	run, err := reflectimpl.Create(func(ctx context.Context, q SQLQueryNoted) (string, error) {
		ran = append(ran, q.Region)
		return "ran in " + q.Region, nil
	}, reflectimpl.Meta(tool.Meta{Name: "execute_sql"}))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{run}, nil); err != nil {
		t.Fatal(err)
	}
	hs := serveSafe(t, s, nil)
	sdkURL := sdkServer(t, s).URL

	// The SDK's own client, which sends no header for this tool.
	cs := connectSafe(t, hs.URL, "2026-07-28")
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute_sql", Arguments: map[string]any{"region": "eu-west1", "query": "SELECT 1"}})
	if err != nil || res.IsError || len(ran) != 1 {
		t.Fatalf("the SDK's client: %v %v, ran %q", err, res, ran)
	}

	const head = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"execute_sql","arguments":`
	base := map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "execute_sql"}
	for _, tc := range []struct {
		name, args string
		headers    map[string]string
		twice      string // a header sent twice, with these two values
		refused    string // in the error, "" when the call runs
	}{
		{"agrees", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": "eu-west1"}, "", ""},
		{"disagrees", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": "us-east1"}, "", `header Mcp-Param-Region does not carry the value of argument \"region\"`},
		{"case of the value", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": "EU-WEST1"}, "", "Mcp-Param-Region"},
		{"for an absent argument", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "3"}, "", `argument \"shard\" is absent`},
		{"empty for an absent argument", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": ""}, "", ""},
		{"integer agrees", `{"region":"eu-west1","query":"q","shard":3}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "3"}, "", ""},
		{"integer disagrees", `{"region":"eu-west1","query":"q","shard":3}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "4"}, "", "Mcp-Param-Shard"},
		{"non-ASCII in base64", `{"region":"zürich","query":"q"}`, map[string]string{"Mcp-Param-Region": "=?base64?" + base64.StdEncoding.EncodeToString([]byte("zürich")) + "?="}, "", ""},
		{"non-ASCII disagrees", `{"region":"zürich","query":"q"}`, map[string]string{"Mcp-Param-Region": "=?base64?" + base64.StdEncoding.EncodeToString([]byte("zurich")) + "?="}, "", "Mcp-Param-Region"},
		{"bad base64", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": "=?base64?!!!?="}, "", "base64"},
		{"a value that looks wrapped, sent as it is", `{"region":"=?base64?!!!?=","query":"q"}`, map[string]string{"Mcp-Param-Region": "=?base64?!!!?="}, "", "base64"},
		{"a value that looks wrapped, wrapped", `{"region":"=?base64?!!!?=","query":"q"}`, map[string]string{"Mcp-Param-Region": "=?base64?" + base64.StdEncoding.EncodeToString([]byte("=?base64?!!!?=")) + "?="}, "", ""},
		// An intermediary decodes the header and routes to us-east1.
		{"a value that decodes to another, sent as it is", `{"region":"=?base64?dXMtZWFzdDE=?=","query":"q"}`, map[string]string{"Mcp-Param-Region": "=?base64?dXMtZWFzdDE=?="}, "", "Mcp-Param-Region"},
		{"non-ASCII as it is", `{"region":"zürich","query":"q"}`, map[string]string{"Mcp-Param-Region": "zürich"}, "", "printable ASCII"},
		{"a tab as it is", `{"region":"eu\twest1","query":"q"}`, map[string]string{"Mcp-Param-Region": "eu\twest1"}, "", "printable ASCII"},
		{"integer as a decimal fraction", `{"region":"eu-west1","query":"q","shard":3}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "3.0"}, "", ""},
		{"integer with an exponent", `{"region":"eu-west1","query":"q","shard":3000}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "3e3"}, "", ""},
		{"integer zero as -0", `{"region":"eu-west1","query":"q","shard":0}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "-0"}, "", ""},
		{"integer as a hexadecimal float", `{"region":"eu-west1","query":"q","shard":3}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "0x1.8p1"}, "", "Mcp-Param-Shard"},
		{"integer with a plus sign", `{"region":"eu-west1","query":"q","shard":3}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "+3"}, "", "Mcp-Param-Shard"},
		{"integer as a fraction a double rounds to it", `{"region":"eu-west1","query":"q","shard":3}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "3.0000000000000001"}, "", "Mcp-Param-Shard"},
		{"integer with a huge exponent", `{"region":"eu-west1","query":"q","shard":0}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "0e999999999999999999999"}, "", ""},
		{"integer past a huge exponent", `{"region":"eu-west1","query":"q","shard":3}`, map[string]string{"Mcp-Param-Region": "eu-west1", "Mcp-Param-Shard": "3e-999999999999999999999"}, "", "Mcp-Param-Shard"},
		{"given twice", `{"region":"eu-west1","query":"q"}`, nil, "eu-west1,us-east1", "given 2 times"},
		{"huge", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": strings.Repeat("x", 60000)}, "", "Mcp-Param-Region"},
	} {
		// HTTPHandler refuses before the SDK reads the call (400); the
		// SDK's own handler, served without it, runs the tool's handler,
		// which refuses (inside a 200).
		for _, srv := range []struct {
			name   string
			url    string
			status int
		}{{"HTTPHandler", hs.URL, http.StatusBadRequest}, {"SDK", sdkURL, http.StatusOK}} {
			t.Run(srv.name+"/"+tc.name, func(t *testing.T) {
				ran = nil
				hdr := maps.Clone(base)
				maps.Copy(hdr, tc.headers)
				status, text := postTwice(t, srv.url, head+tc.args+`}}`, hdr, tc.twice)
				switch {
				case tc.refused == "" && (len(ran) != 1 || strings.Contains(text, `"error"`)):
					t.Errorf("refused: %d %s", status, text)
				case tc.refused != "" && len(ran) != 0:
					t.Errorf("the tool ran (%q): %d %s", ran, status, text)
				case tc.refused != "" && (status != srv.status || !strings.Contains(text, "-32020") || !strings.Contains(text, tc.refused) || !strings.Contains(text, "execute_sql")):
					t.Errorf("%d %s, want %d with a HeaderMismatch naming the tool and %q", status, text, srv.status, tc.refused)
				}
			})
		}
	}
}

// postTwice is post, with the header Mcp-Param-Region sent once for each
// of the comma-separated values of twice.
func postTwice(t *testing.T, url, body string, hdr map[string]string, twice string) (int, string) {
	t.Helper()
	if twice == "" {
		status, _, text := post(t, url, body, hdr)
		return status, text
	}
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	for v := range strings.SplitSeq(twice, ",") {
		req.Header.Add("Mcp-Param-Region", v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestRegisterRefusesBadHeaders: a tool whose x-mcp-header annotations
// break MCP's rules, which the go-sdk's AddTool panics on, is refused by
// Register with an error naming the tool, the property and the rule, and
// no tool is added. rawtool.New refuses such a schema itself, so the tool
// is made as toolimpl.New makes one, with the schema as it is given.
func TestRegisterRefusesBadHeaders(t *testing.T) {
	fn := func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil }
	for _, tc := range []struct{ name, schema, want string }{
		{"object", `{"type":"object","properties":{"a":{"type":"object","x-mcp-header":"A"}}}`, `properties.a: x-mcp-header applies to a property of type string, integer or boolean, not "object"`},
		{"nullable", `{"type":"object","properties":{"a":{"type":["string","null"],"x-mcp-header":"A"}}}`, `properties.a: x-mcp-header applies to a property of type string, integer or boolean, not ["string","null"]`},
		{"nested twice", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Tenant"},"b":{"type":"object","properties":{"c":{"type":"integer","x-mcp-header":"tenant"}}}}}`, `x-mcp-header "tenant" is properties.a's already`},
		{"not a token", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A\r\nX-Evil: 1"}}}`, `is not an HTTP field name: '\r' is not a token character`},
		{"empty", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}}`, `x-mcp-header is empty`},
		{"not a string", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":true}}}`, `x-mcp-header is true, not a string`},
		{"in items", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"string","x-mcp-header":"L"}}}}`, `properties.l.items: x-mcp-header`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plain, err := rawtool.New(tool.Meta{Name: "proxied.tool"}, json.RawMessage(`{"type":"object"}`), fn)
			if err != nil {
				t.Fatal(err)
			}
			h, bound := toolimpl.Binding(plain)
			proxied := toolimpl.New(plain.Meta, json.RawMessage(tc.schema), nil, h, bound)
			fine, err := rawtool.New(tool.Meta{Name: "fine"}, json.RawMessage(`{"type":"object"}`), fn)
			if err != nil {
				t.Fatal(err)
			}
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			var regErr error
			func() {
				defer func() {
					if r := recover(); r != nil {
						regErr = fmt.Errorf("panic: %v", r)
					}
				}()
				regErr = mcpserver.Register(s, []*tool.Tool{fine, proxied}, nil)
			}()
			if regErr == nil || strings.HasPrefix(regErr.Error(), "panic") || !strings.Contains(regErr.Error(), `tool "proxied.tool"`) || !strings.Contains(regErr.Error(), tc.want) {
				t.Errorf("Register: %v, want an error naming the tool and %q", regErr, tc.want)
			}
			cs := connectServer(t, s, nil, "")
			res, err := cs.ListTools(t.Context(), nil)
			if err != nil || len(res.Tools) != 0 {
				t.Errorf("listed %v %v, want no tool", res, err)
			}
		})
	}
}

// TestRegisterAdjustedHeaders: the headers checked are those of the
// schema as listed, after Options.Adjust. An Adjust that gives a tool an
// annotation breaking MCP's rules is refused by Register with an error,
// and no tool is added (the SDK's AddTool panicked on it, after the tools
// before); one that gives a tool a valid annotation has the tool's
// handler refuse a disagreeing header, also behind the SDK's own HTTP
// handler and for a schema the SDK cannot read.
func TestRegisterAdjustedHeaders(t *testing.T) {
	var ran int
	fn := func(context.Context, *tool.Call, json.RawMessage) (any, error) { ran++; return "ok", nil }
	a, err := rawtool.New(tool.Meta{Name: "a"}, json.RawMessage(`{"type":"object"}`), fn)
	if err != nil {
		t.Fatal(err)
	}
	b, err := rawtool.New(tool.Meta{Name: "b"}, json.RawMessage(`{"type":"object"}`), fn)
	if err != nil {
		t.Fatal(err)
	}
	adjust := func(schema string) func(*tool.Tool, *mcp.Tool) {
		return func(tl *tool.Tool, mt *mcp.Tool) {
			if tl.Name == "b" {
				mt.InputSchema = json.RawMessage(schema)
			}
		}
	}

	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	var regErr error
	func() {
		defer func() {
			if r := recover(); r != nil {
				regErr = fmt.Errorf("panic: %v", r)
			}
		}()
		regErr = mcpserver.Register(s, []*tool.Tool{a, b}, &mcpserver.Options{Adjust: adjust(`{"type":"object","properties":{"w":{"type":"number","x-mcp-header":"W"}}}`)})
	}()
	if regErr == nil || strings.HasPrefix(regErr.Error(), "panic") || !strings.Contains(regErr.Error(), `tool "b"`) || !strings.Contains(regErr.Error(), `not "number"`) {
		t.Errorf("Register: %v, want an error naming b and the rule", regErr)
	}
	if res, err := connectServer(t, s, nil, "").ListTools(t.Context(), nil); err != nil || len(res.Tools) != 0 {
		t.Errorf("listed %v %v, want no tool", res, err)
	}

	s = mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{a, b}, &mcpserver.Options{Adjust: adjust(`{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"note":{"type":["string","null"]}}}`)}); err != nil {
		t.Fatal(err)
	}
	hs := sdkServer(t, s)
	body := callMessage2026("1", "b", `{"region":"eu-west1"}`)
	_, _, text := post(t, hs.URL, body, map[string]string{
		"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "b", "Mcp-Param-Region": "us-east1"})
	if !strings.Contains(text, "-32020") || ran != 0 {
		t.Errorf("a header the adjusted schema mirrors, disagreeing: %s (the tool ran %d times)", text, ran)
	}
}

// TestRegisterSearchAdjustedHeaders: with Options.Search, the tools
// Register adds itself (search_tools, call_tool) are described, Adjust
// included, and their headers checked before any tool is added, as the
// catalog's are.
func TestRegisterSearchAdjustedHeaders(t *testing.T) {
	fn := func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil }
	a, err := rawtool.New(tool.Meta{Name: "a"}, json.RawMessage(`{"type":"object"}`), fn)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"search_tools", "call_tool"} {
		t.Run(name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			var regErr error
			func() {
				defer func() {
					if r := recover(); r != nil {
						regErr = fmt.Errorf("panic: %v", r)
					}
				}()
				regErr = mcpserver.Register(s, []*tool.Tool{a}, &mcpserver.Options{
					Search: &mcpserver.Search{Listed: []string{"a"}},
					Adjust: func(tl *tool.Tool, mt *mcp.Tool) {
						if tl.Name == name {
							mt.InputSchema = json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","x-mcp-header":"bad name"}}}`)
						}
					},
				})
			}()
			if regErr == nil || strings.HasPrefix(regErr.Error(), "panic") || !strings.Contains(regErr.Error(), `tool "`+name+`"`) || !strings.Contains(regErr.Error(), "not a token character") {
				t.Errorf("Register: %v, want an error naming %s and the rule", regErr, name)
			}
			if res, err := connectServer(t, s, nil, "").ListTools(t.Context(), nil); err != nil || len(res.Tools) != 0 {
				t.Errorf("listed %v %v, want no tool", res, err)
			}
		})
	}
}

// TestSearchCallToolHeaders: call_tool given an x-mcp-header by Adjust,
// in a schema the SDK cannot read (a type array beside it), refuses a
// call whose header disagrees with its argument, also when the call
// would go through to the named tool.
func TestSearchCallToolHeaders(t *testing.T) {
	var ran []string
	mk := func(name string) *tool.Tool {
		tl, err := rawtool.New(tool.Meta{Name: name}, json.RawMessage(`{"type":"object"}`), func(context.Context, *tool.Call, json.RawMessage) (any, error) {
			ran = append(ran, name)
			return "ok", nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	err := mcpserver.Register(s, []*tool.Tool{mk("a"), mk("b")}, &mcpserver.Options{
		Search: &mcpserver.Search{Listed: []string{"a"}},
		Adjust: func(tl *tool.Tool, mt *mcp.Tool) {
			if tl.Name == "call_tool" {
				mt.InputSchema = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","x-mcp-header":"Tool"},"arguments":{"type":["object","null"]}},"required":["name"]}`)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	hs := sdkServer(t, s)
	body := callMessage2026("1", "call_tool", `{"name":"a"}`)
	_, _, text := post(t, hs.URL, body, map[string]string{
		"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "call_tool", "Mcp-Param-Tool": "b"})
	if !strings.Contains(text, "-32020") || len(ran) != 0 {
		t.Errorf("call_tool with a header naming another tool: %s (ran %v)", text, ran)
	}
	_, _, text = post(t, hs.URL, body, map[string]string{
		"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "call_tool", "Mcp-Param-Tool": "a"})
	if strings.Contains(text, "-32020") || len(ran) != 1 || ran[0] != "a" {
		t.Errorf("call_tool with its header: %s (ran %v)", text, ran)
	}
}

// TestSearchInnerToolHeaders: the Mcp-Param headers of a call_tool
// request mirror call_tool's arguments, not the named tool's, which come
// inside them: the named tool, whose schema binds a header of the same
// name, runs with its arguments, and is not refused for the outer header.
func TestSearchInnerToolHeaders(t *testing.T) {
	var ran []string
	inner, err := rawtool.New(tool.Meta{Name: "a"}, json.RawMessage(`{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"note":{"type":["string","null"]}}}`),
		func(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) {
			ran = append(ran, string(args))
			return "ok", nil
		})
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	err = mcpserver.Register(s, []*tool.Tool{inner}, &mcpserver.Options{
		Search: &mcpserver.Search{},
		Adjust: func(tl *tool.Tool, mt *mcp.Tool) {
			if tl.Name == "call_tool" {
				mt.InputSchema = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string","x-mcp-header":"Region"},"arguments":{"type":["object","null"]}},"required":["name"]}`)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	hs := sdkServer(t, s)
	body := callMessage2026("1", "call_tool", `{"name":"a","arguments":{"region":"eu-west1"}}`)
	_, _, text := post(t, hs.URL, body, map[string]string{
		"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "call_tool", "Mcp-Param-Region": "a"})
	if strings.Contains(text, "-32020") || len(ran) != 1 {
		t.Errorf("call_tool of a with call_tool's own header: %s (ran %v)", text, ran)
	}
}

// TestHTTPHandlerHeaderMismatch posts tools/call requests whose
// Mcp-Param headers agree or disagree with their arguments through
// HTTPHandler. MCP 2026-07-28 (basic/transports/streamable-http, "Server
// Behavior for Custom Headers" and "Server Validation") has a server
// refuse a disagreeing one with 400 Bad Request and a JSON-RPC error
// HeaderMismatch (-32020) carrying the request's id: so it is for a tool
// whose schema the go-sdk reads, one whose schema it cannot read (a type
// array elsewhere in its properties), added by Register or AddTool, and
// the tool does not run. A header that agrees, and a header for a tool
// that has none, reach the tool with the body as it was sent.
func TestHTTPHandlerHeaderMismatch(t *testing.T) {
	var mu sync.Mutex
	var got []string // the arguments each call reached its tool with
	record := func(args json.RawMessage) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, string(args))
	}
	newServer := func(t *testing.T) *mcp.Server {
		t.Helper()
		readable, err := reflectimpl.Create(func(ctx context.Context, q SQLQuery) (string, error) {
			record(mcpserver.RequestFrom(ctx).Params.Arguments)
			return "ran", nil
		}, reflectimpl.Meta(tool.Meta{Name: "readable"}))
		if err != nil {
			t.Fatal(err)
		}
		unreadable, err := reflectimpl.Create(func(ctx context.Context, q SQLQueryNoted) (string, error) {
			record(mcpserver.RequestFrom(ctx).Params.Arguments)
			return "ran", nil
		}, reflectimpl.Meta(tool.Meta{Name: "unreadable"}))
		if err != nil {
			t.Fatal(err)
		}
		plain, err := reflectimpl.Create(func(ctx context.Context, q struct {
			Region string `json:"region"`
			Query  string `json:"query"`
		}) (string, error) {
			record(mcpserver.RequestFrom(ctx).Params.Arguments)
			return "ran", nil
		}, reflectimpl.Meta(tool.Meta{Name: "plain"}))
		if err != nil {
			t.Fatal(err)
		}
		s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
		if err := mcpserver.Register(s, []*tool.Tool{readable, unreadable, plain}, nil); err != nil {
			t.Fatal(err)
		}
		mcpserver.AddTool(s, &mcp.Tool{Name: "dropin"}, func(_ context.Context, req *mcp.CallToolRequest, _ SQLQueryNoted) (*mcp.CallToolResult, any, error) {
			record(req.Params.Arguments)
			return nil, "ran", nil
		})
		return s
	}
	headers := func(name, region string) map[string]string {
		return map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": name, "Mcp-Param-Region": region}
	}
	// Arguments that a body read again must hand on byte for byte: white
	// space, escapes, text past any buffer's size.
	long := strings.Repeat("SELECT \\u00fc, \\\"x\\\" ; ", 8000)
	args := `{ "region" : "eu-west1",` + "\n\t" + `"query":"` + long + `" }`

	hs := serveSafe(t, newServer(t), nil)
	for _, name := range []string{"readable", "unreadable", "dropin", "plain"} {
		for _, tc := range []struct {
			what, id, region string
			refused          bool
		}{
			{"agrees", "7", "eu-west1", false},
			{"disagrees", "7", "us-east1", name != "plain"},
			{"disagrees, a string id", `"call-ü 1"`, "us-east1", name != "plain"},
		} {
			mu.Lock()
			got = nil
			mu.Unlock()
			status, _, text := post(t, hs.URL, " \n"+callMessage2026(tc.id, name, args), headers(name, tc.region))
			mu.Lock()
			ran := slices.Clone(got)
			mu.Unlock()
			if !tc.refused {
				if status != http.StatusOK || strings.Contains(text, `"error"`) || len(ran) != 1 || ran[0] != args {
					t.Errorf("%s, %s: %d %.300s; the tool ran with %d arguments (as sent: %v)", name, tc.what, status, text, len(ran), len(ran) == 1 && ran[0] == args)
				}
				continue
			}
			var resp struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			err := json.Unmarshal([]byte(text), &resp)
			if status != http.StatusBadRequest || err != nil || resp.JSONRPC != "2.0" || string(resp.ID) != tc.id ||
				resp.Error.Code != -32020 || !strings.Contains(resp.Error.Message, `tool "`+name+`"`) || !strings.Contains(resp.Error.Message, "Mcp-Param-Region") {
				t.Errorf("%s, %s: %d %s, want 400 with HeaderMismatch (-32020) naming the tool and the header, id %s", name, tc.what, status, text, tc.id)
			}
			if strings.Contains(text, "us-east1") || strings.Contains(text, "eu-west1") {
				t.Errorf("%s, %s: the refusal echoes a value: %s", name, tc.what, text)
			}
			if len(ran) != 0 {
				t.Errorf("%s, %s: the tool ran", name, tc.what)
			}
		}
	}

	// A body past the server's size limit is refused with 413, as the
	// go-sdk refuses it, and the tool does not run.
	const limit = 4096
	small := serveSafe(t, newServer(t), &mcpserver.HTTPOptions{MaxRequestBodyBytes: limit})
	for _, tc := range []struct {
		size   int
		status int
	}{{limit - 512, http.StatusOK}, {limit + 1, http.StatusRequestEntityTooLarge}, {8 * limit, http.StatusRequestEntityTooLarge}} {
		mu.Lock()
		got = nil
		mu.Unlock()
		pad := callMessage2026("1", "unreadable", `{"region":"eu-west1","query":""}`)
		body := callMessage2026("1", "unreadable", `{"region":"eu-west1","query":"`+strings.Repeat("q", tc.size-len(pad))+`"}`)
		status, _, text := post(t, small.URL, body, headers("unreadable", "eu-west1"))
		mu.Lock()
		ran := len(got)
		mu.Unlock()
		if status != tc.status || ran != map[bool]int{true: 1, false: 0}[tc.status == http.StatusOK] {
			t.Errorf("a body of %d bytes, limit %d: %d %.200s, the tool ran %d times", len(body), limit, status, text, ran)
		}
	}

	// Nor is a body read past the limit: with the default, 4 MiB, a body
	// of 64 MiB is read no further than the limit and a little.
	h := mcpserver.HTTPHandler(newServer(t), nil)
	head := callMessage2026("1", "unreadable", `{"region":"eu-west1","query":"`)
	r := &countingReader{r: io.MultiReader(strings.NewReader(head), io.LimitReader(repeatReader('q'), 64<<20))}
	req := httptest.NewRequestWithContext(t.Context(), http.MethodPost, "/", r)
	for k, v := range headers("unreadable", "eu-west1") {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusRequestEntityTooLarge || r.n > mcp.DefaultMaxRequestBodyBytes+64<<10 {
		t.Errorf("a body of 64 MiB: %d, %d bytes read (the limit %d)", w.Code, r.n, mcp.DefaultMaxRequestBodyBytes)
	}
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// repeatReader is an endless reader of one byte.
type repeatReader byte

func (b repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// callMessage2026 is a tools/call of the tool name with the arguments args
// (JSON), as a client of MCP 2026-07-28 sends it.
func callMessage2026(id, name, args string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"` + name + `","arguments":` + args + `}}`
}

// sdkServer serves s with the SDK's own streamable handler (not
// HTTPHandler), stateless, answering in JSON, until the test ends.
func sdkServer(t *testing.T, s *mcp.Server) *httptest.Server {
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true}))
	t.Cleanup(hs.Close)
	return hs
}
