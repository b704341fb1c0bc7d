package mcpserver

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// FuzzParamHeader checks a header against a string argument, nested in
// an object: the argument's text wrapped in base64 passes, and as it is
// when a client sends it so (printable ASCII, not of the wrapped form);
// any other text that does not decode to it is refused; nothing panics.
func FuzzParamHeader(f *testing.F) {
	for _, s := range [][2]string{
		{"eu-west1", "eu-west1"},
		{"eu-west1", "us-east1"},
		{"zürich", "=?base64?esOccmljaA==?="},
		{" lead", "=?base64?IGxlYWQ=?="},
		{"=?base64?!!!?=", "=?base64?!!!?="},
		{"", ""},
		{"x", "=?base64?eA?="},
	} {
		f.Add(s[0], s[1])
	}
	hs, err := paramHeaders(json.RawMessage(`{"type":"object","properties":{"t":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"Region"}}}}}`))
	if err != nil || len(hs) != 1 {
		f.Fatalf("%v %v", hs, err)
	}
	f.Fuzz(func(t *testing.T, arg, header string) {
		args, err := json.Marshal(map[string]map[string]string{"t": {"r": arg}})
		if err != nil {
			return
		}
		var back map[string]map[string]string
		if json.Unmarshal(args, &back) != nil {
			return
		}
		arg = back["t"]["r"] // as JSON carries it: invalid UTF-8 mended
		check := func(h string) error {
			req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "x", Arguments: args},
				Extra: &mcp.RequestExtra{Header: http.Header{"Mcp-Param-Region": {h}}}}
			return checkParamHeaders("x", hs, req)
		}
		if err := check(arg); (err == nil) != plainHeader(arg) {
			t.Fatalf("the argument %q as it is: %v", arg, err)
		}
		if err := check("=?base64?" + base64.StdEncoding.EncodeToString([]byte(arg)) + "?="); err != nil {
			t.Fatalf("the argument %q wrapped: %v", arg, err)
		}
		v, why := headerValue(header)
		if err := check(header); (err == nil) != (why == "" && v == arg) {
			t.Fatalf("header %q, argument %q: %v", header, arg, err)
		}
	})
}

// plainHeader reports whether a client sends s as it is in a header, not
// in base64: printable ASCII, and not of the form =?base64?...?=.
func plainHeader(s string) bool {
	if strings.HasPrefix(s, "=?base64?") && strings.HasSuffix(s, "?=") {
		return false
	}
	for i := range len(s) {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
