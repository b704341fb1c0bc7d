package mcpserver_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
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
