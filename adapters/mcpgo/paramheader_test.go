package mcpgo_test

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Routed is an input mirrored into a header (x-mcp-header).
type Routed struct {
	Region string `json:"region" mcpHeader:"Region"`
	Shard  int32  `json:"shard,omitempty" mcpHeader:"Shard"`
}

// TestParamHeaders posts calls whose Mcp-Param headers disagree with
// their arguments over mcp-go's streamable HTTP, to tools served each way
// in: mcp-go checks them only for a client that says it speaks
// 2026-07-28, and reads only the first of a header given twice, while a
// load balancer may route by either; every such call is refused before
// the tool runs, and a call whose headers agree runs. So is a call of a
// session's tool (AddSessionTool), by the session tool's schema, also
// where the server has a tool of that name.
func TestParamHeaders(t *testing.T) {
	var ran []string
	s := server.NewMCPServer("headers", "1")
	reg := must(reflectimpl.Create(func(in Routed) (string, error) {
		ran = append(ran, "registered "+in.Region)
		return "ran", nil
	}, reflectimpl.Meta(tool.Meta{Name: "registered"})))
	if err := mcpgo.Register(s, []*tool.Tool{reg}, nil); err != nil {
		t.Fatal(err)
	}
	s.AddTool(mcp.NewTool("typed", mcpgo.WithInputSchema[Routed]()), mcpgo.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, in Routed) (*mcp.CallToolResult, error) {
		ran = append(ran, "typed "+in.Region)
		return mcp.NewToolResultText("ran"), nil
	}))
	st, err := mcpgo.Wrap(mcp.NewToolWithRawSchema("wrapped", "", reg.InputSchema), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ran = append(ran, "wrapped "+req.GetString("region", ""))
		return mcp.NewToolResultText("ran"), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s.AddTools(st)
	hs := httptest.NewServer(server.NewStreamableHTTPServer(s, server.WithStateLess(true)))
	defer hs.Close()

	// A session's tools, on a stateful server: "session" only the
	// session's, "shadowing" also a server tool of that name whose schema
	// binds no header. The call is checked by the session's tool.
	ss := server.NewMCPServer("session headers", "1")
	plain := mcp.NewTool("shadowing", mcp.WithString("region"))
	ss.AddTool(plain, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ran = append(ran, "server shadowing")
		return mcp.NewToolResultText("ran"), nil
	})
	shs := httptest.NewServer(server.NewStreamableHTTPServer(ss, server.WithStateful(true)))
	defer shs.Close()
	hc, err := client.NewStreamableHttpClient(shs.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	defer hc.Close()
	if err := hc.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test-client", Version: "1"}
	if _, err := hc.Initialize(t.Context(), init); err != nil {
		t.Fatal(err)
	}
	session := hc.GetSessionId()
	for _, name := range []string{"session", "shadowing"} {
		st, err := mcpgo.Wrap(mcp.NewToolWithRawSchema(name, "", reg.InputSchema), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ran = append(ran, req.Params.Name+" "+req.GetString("region", ""))
			return mcp.NewToolResultText("ran"), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := ss.AddSessionTool(session, st.Tool, st.Handler); err != nil {
			t.Fatal(err)
		}
	}

	wrap := func(v string) string { return "=?base64?" + base64.StdEncoding.EncodeToString([]byte(v)) + "?=" }
	for _, name := range []string{"registered", "typed", "wrapped", "session", "shadowing"} {
		url, sessionID := hs.URL, ""
		if name == "session" || name == "shadowing" {
			url, sessionID = shs.URL, session
		}
		for _, tc := range []struct {
			name, args string
			hdr        [][2]string
			refused    string
			modern     bool // a request of 2026-07-28, which mcp-go checks too (its refusal, -32020, does not name the tool)
		}{
			{"agrees", `{"region":"eu-west1"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}}, "", false},
			{"agrees in base64", `{"region":"zürich"}`, [][2]string{{"Mcp-Param-Region", wrap("zürich")}}, "", false},
			{"no header", `{"region":"eu-west1"}`, nil, "", false},
			{"disagrees, no version", `{"region":"eu-west1"}`, [][2]string{{"Mcp-Param-Region", "us-east1"}}, "Mcp-Param-Region", false},
			{"disagrees, old version", `{"region":"eu-west1"}`, [][2]string{{"Mcp-Protocol-Version", "2025-06-18"}, {"Mcp-Param-Region", "us-east1"}}, "Mcp-Param-Region", false},
			{"twice", `{"region":"eu-west1"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Region", "us-east1"}}, "given 2 times", false},
			{"for an absent argument", `{"region":"eu-west1"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "7"}}, `argument \"shard\" is absent`, false},
			{"integer disagrees", `{"region":"eu-west1","shard":3}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "4"}}, "Mcp-Param-Shard", false},
			{"integer as a decimal fraction", `{"region":"eu-west1","shard":3}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "3.0"}}, "", false},
			{"integer with an exponent", `{"region":"eu-west1","shard":3000}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "3e3"}}, "", false},
			{"integer as a hexadecimal float", `{"region":"eu-west1","shard":3}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "0x1.8p1"}}, "Mcp-Param-Shard", false},
			{"integer with a plus sign", `{"region":"eu-west1","shard":3}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "+3"}}, "Mcp-Param-Shard", false},
			{"integer as a fraction a double rounds to it", `{"region":"eu-west1","shard":3}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "3.0000000000000001"}}, "Mcp-Param-Shard", false},
			{"modern, agrees", `{"region":"eu-west1","shard":3}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "3.0"}}, "", true},
			{"modern, no header", `{"region":"eu-west1"}`, nil, "Mcp-Param-Region", true},
			{"modern, twice", `{"region":"eu-west1"}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Region", "us-east1"}}, "given 2 times", true},
			{"modern, non-ASCII as it is", `{"region":"zürich"}`, [][2]string{{"Mcp-Param-Region", "zürich"}}, "printable ASCII", true},
			{"modern, decodes to another, as it is", `{"region":"=?base64?dXMtZWFzdDE=?="}`, [][2]string{{"Mcp-Param-Region", "=?base64?dXMtZWFzdDE=?="}}, "Mcp-Param-Region", true},
			{"modern, integer as a hexadecimal float", `{"region":"eu-west1","shard":3}`, [][2]string{{"Mcp-Param-Region", "eu-west1"}, {"Mcp-Param-Shard", "0x1.8p1"}}, "Mcp-Param-Shard", true},
			{"wrapped form as it is", `{"region":"=?base64?!!!?="}`, [][2]string{{"Mcp-Param-Region", "=?base64?!!!?="}}, "base64", false},
			{"wrapped form wrapped", `{"region":"=?base64?!!!?="}`, [][2]string{{"Mcp-Param-Region", wrap("=?base64?!!!?=")}}, "", false},
			// An intermediary decodes the header and routes to us-east1.
			{"decodes to another, as it is, old version", `{"region":"=?base64?dXMtZWFzdDE=?="}`, [][2]string{{"Mcp-Protocol-Version", "2025-06-18"}, {"Mcp-Param-Region", "=?base64?dXMtZWFzdDE=?="}}, "Mcp-Param-Region", false},
			{"decodes to another, as it is, no version", `{"region":"=?base64?dXMtZWFzdDE=?="}`, [][2]string{{"Mcp-Param-Region", "=?base64?dXMtZWFzdDE=?="}}, "Mcp-Param-Region", false},
			{"non-ASCII as it is", `{"region":"zürich"}`, [][2]string{{"Mcp-Protocol-Version", "2025-06-18"}, {"Mcp-Param-Region", "zürich"}}, "printable ASCII", false},
			{"a tab as it is", `{"region":"eu\twest1"}`, [][2]string{{"Mcp-Param-Region", "eu\twest1"}}, "printable ASCII", false},
		} {
			if tc.modern && sessionID != "" {
				continue // a request of 2026-07-28 has no session
			}
			t.Run(name+"/"+tc.name, func(t *testing.T) {
				ran = nil
				body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `","arguments":` + tc.args + `}}`
				if tc.modern {
					body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",` +
						`"io.modelcontextprotocol/clientInfo":{"name":"c","version":"0"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"` + name + `","arguments":` + tc.args + `}}`
					tc.hdr = append([][2]string{{"Mcp-Protocol-Version", "2026-07-28"}, {"Mcp-Method", "tools/call"}, {"Mcp-Name", name}}, tc.hdr...)
				}
				req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url+"/mcp", strings.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if sessionID != "" {
					req.Header.Set("Mcp-Session-Id", sessionID)
				}
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				for _, h := range tc.hdr {
					req.Header.Add(h[0], h[1])
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				data, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				text := string(data)
				switch {
				case tc.refused == "" && (len(ran) != 1 || strings.Contains(text, `"error"`)):
					t.Errorf("%d %s, ran %q: want the call to run", resp.StatusCode, text, ran)
				case tc.refused != "" && len(ran) != 0:
					t.Errorf("the tool ran (%q): %s", ran, text)
				case tc.refused != "" && (!strings.Contains(text, `"error"`) || !strings.Contains(text, tc.refused) || !strings.Contains(text, name) && !strings.Contains(text, "-32020")):
					t.Errorf("%s, want an error naming the tool and %q", text, tc.refused)
				}
			})
		}
	}
}
