package mcpserver_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
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
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"execute_sql","arguments":{"region":"eu-west1","query":"SELECT 1"}}}`
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
		{"a value that looks wrapped, sent as it is", `{"region":"=?base64?!!!?=","query":"q"}`, map[string]string{"Mcp-Param-Region": "=?base64?!!!?="}, "", ""},
		{"given twice", `{"region":"eu-west1","query":"q"}`, nil, "eu-west1,us-east1", "given 2 times"},
		{"huge", `{"region":"eu-west1","query":"q"}`, map[string]string{"Mcp-Param-Region": strings.Repeat("x", 60000)}, "", "Mcp-Param-Region"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ran = nil
			hdr := maps.Clone(base)
			maps.Copy(hdr, tc.headers)
			status, text := postTwice(t, hs.URL, head+tc.args+`}}`, hdr, tc.twice)
			switch {
			case tc.refused == "" && (len(ran) != 1 || strings.Contains(text, `"error"`)):
				t.Errorf("refused: %d %s", status, text)
			case tc.refused != "" && len(ran) != 0:
				t.Errorf("the tool ran (%q): %d %s", ran, status, text)
			case tc.refused != "" && (!strings.Contains(text, "-32020") || !strings.Contains(text, tc.refused) || !strings.Contains(text, "execute_sql")):
				t.Errorf("%d %s, want a HeaderMismatch naming the tool and %q", status, text, tc.refused)
			}
		})
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

// TestRegisterRefusesBadHeaders: a proxied tool (rawtool) whose
// x-mcp-header annotations break MCP's rules, which the go-sdk's AddTool
// panics on, is refused by Register with an error naming the tool, the
// property and the rule, and no tool is added.
func TestRegisterRefusesBadHeaders(t *testing.T) {
	fn := func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil }
	for _, tc := range []struct{ name, schema, want string }{
		{"object", `{"type":"object","properties":{"a":{"type":"object","x-mcp-header":"A"}}}`, `property "a": x-mcp-header applies to a property of one type, string, integer or boolean, not "object"`},
		{"nullable", `{"type":"object","properties":{"a":{"type":["string","null"],"x-mcp-header":"A"}}}`, `property "a": x-mcp-header applies to a property of one type`},
		{"nested twice", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Tenant"},"b":{"type":"object","properties":{"c":{"type":"integer","x-mcp-header":"tenant"}}}}}`, `is given to "a" already`},
		{"not a token", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A\r\nX-Evil: 1"}}}`, `is not an HTTP header name: "\r" is not allowed`},
		{"empty", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":""}}}`, `x-mcp-header must be a header's name`},
		{"not a string", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":true}}}`, `x-mcp-header must be a header's name`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proxied, err := rawtool.New(tool.Meta{Name: "proxied.tool"}, json.RawMessage(tc.schema), fn)
			if err != nil {
				t.Fatal(err)
			}
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
