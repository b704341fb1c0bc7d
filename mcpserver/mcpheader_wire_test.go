package mcpserver_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestMCPHeaderWireForms posts calls whose headers or arguments take
// forms a client would not send, to a tool whose schema the go-sdk cannot
// read: a header name in another case is the same header (MCP: names
// compare case-insensitively), given in two cases it is given twice; an
// argument given twice, or under a key in another case, is refused by the
// invoker, so no header can agree with one reading of it while the tool
// runs with another; a key spelled with an escape is the key.
func TestMCPHeaderWireForms(t *testing.T) {
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
	const head = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"execute_sql","arguments":`
	for _, tc := range []struct {
		name, args string
		hdr        [][2]string
		want       string // the region the tool ran with, "" when it did not run
		refused    string // in the HeaderMismatch, "" when there is none
	}{
		{"name in lower case", `{"region":"eu-west1","query":"q"}`, [][2]string{{"mcp-param-region", "us-east1"}}, "", "does not carry"},
		{"name in upper case", `{"region":"eu-west1","query":"q"}`, [][2]string{{"MCP-PARAM-REGION", "us-east1"}}, "", "does not carry"},
		{"name in two cases", `{"region":"eu-west1","query":"q"}`, [][2]string{{"mcp-param-region", "eu-west1"}, {"Mcp-Param-Region", "us-east1"}}, "", "given 2 times"},
		{"argument twice, header the last", `{"region":"eu-west1","region":"us-east1","query":"q"}`, [][2]string{{"Mcp-Param-Region", "us-east1"}}, "", ""},
		{"argument twice, header the first", `{"region":"eu-west1","region":"us-east1","query":"q"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}}, "", "does not carry"},
		{"argument under a key in another case", `{"region":"eu-west1","Region":"us-east1","query":"q"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}}, "", ""},
		{"argument under a key in another case, first", `{"Region":"us-east1","region":"eu-west1","query":"q"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}}, "", ""},
		{"key with an escape", `{"regio\u006e":"us-east1","query":"q"}`, [][2]string{{"Mcp-Param-Region", "us-east1"}}, "us-east1", ""},
		{"a comma in the value", `{"region":"eu-west1, us-east1","query":"q"}`, [][2]string{{"Mcp-Param-Region", "eu-west1, us-east1"}}, "eu-west1, us-east1", ""},
		{"empty for a present argument", `{"region":"eu-west1","query":"q"}`, [][2]string{{"Mcp-Param-Region", ""}}, "", "does not carry"},
		{"an integer given as a string", `{"region":"eu-west1","query":"q","shard":"3"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "3"}}, "", ""},
		{"arguments in another case beside", `{"region":"eu-west1","query":"q"},"Arguments":{"region":"us-east1","query":"q"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}}, "eu-west1", ""},
	} {
		ran = nil
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, hs.URL, strings.NewReader(head+tc.args+`}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "execute_sql"} {
			req.Header.Set(k, v)
		}
		for _, h := range tc.hdr { // as they are, not in Go's canonical form
			req.Header[h[0]] = append(req.Header[h[0]], h[1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		text := string(b)
		switch {
		case tc.want == "" && len(ran) != 0, tc.want != "" && (len(ran) != 1 || ran[0] != tc.want):
			t.Errorf("%s: the tool ran with %q, want %q: %d %.300s", tc.name, ran, tc.want, resp.StatusCode, text)
		case tc.refused != "" && (resp.StatusCode != http.StatusBadRequest || !strings.Contains(text, "-32020") || !strings.Contains(text, tc.refused)):
			t.Errorf("%s: %d %.300s, want 400 with a HeaderMismatch saying %q", tc.name, resp.StatusCode, text, tc.refused)
		case tc.refused == "" && strings.Contains(text, "-32020"):
			t.Errorf("%s: %d %.300s, want no HeaderMismatch", tc.name, resp.StatusCode, text)
		}
	}
}
