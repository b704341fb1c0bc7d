package mcpserver

import (
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"regexp"
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

// TestDecimalIs: an integer's header is a decimal number of exactly the
// argument's value, whatever its form; anything else is not.
func TestDecimalIs(t *testing.T) {
	for _, tc := range []struct {
		h    string
		n    int64
		want bool
	}{
		{"1000", 1000, true}, {"1000.0", 1000, true}, {"1e3", 1000, true}, {"1E+3", 1000, true},
		{"10000e-1", 1000, true}, {"0001000.000", 1000, true}, {"-7", -7, true}, {"-0", 0, true},
		{"0e99999999999999999999", 0, true}, {"0.000", 0, true}, {"9007199254740991", 1<<53 - 1, true},
		{"-9.007199254740991e15", -(1<<53 - 1), true},
		{"1000", 1001, false}, {"-1000", 1000, false}, {"+1000", 1000, false}, {"0x3e8", 1000, false},
		{"0x1.f4p9", 1000, false}, {"1_000", 1000, false}, {"1000.", 1000, false}, {".5e1", 5, false},
		{"1e", 1, false}, {"1e+", 1, false}, {"Inf", 0, false}, {"NaN", 0, false}, {"", 0, false},
		{"-", 0, false}, {" 1", 1, false}, {"1000.0000000000001", 1000, false},
		{"9007199254740990.9", 1<<53 - 1, false}, {"1e99999999999999999999", 1, false},
		{"1e-99999999999999999999", 0, false}, {"10e-1", 1, true}, {"15e-1", 1, false},
		{"1e16", 1e16 / 10, false}, {"99999999999999999", 0, false},
		// Long digits and a long exponent that cancel out: exactly 1 and
		// 42 (the exponent's length alone said "no").
		{"1" + strings.Repeat("0", 10001) + "e-10001", 1, true},
		{"0.0000" + strings.Repeat("0", 20000) + "42e20006", 42, true},
		{"1" + strings.Repeat("0", 10001) + "e-10000", 1, false},
	} {
		if got := decimalIs(tc.h, tc.n); got != tc.want {
			t.Errorf("decimalIs(%q, %d) = %v, want %v", tc.h, tc.n, got, tc.want)
		}
	}
}

// FuzzDecimalIs checks decimalIs against exact rational arithmetic for
// texts of a decimal number's form with a short exponent, and that it is
// false of any other text.
func FuzzDecimalIs(f *testing.F) {
	for _, s := range []string{"1000", "1e3", "-0", "3.0000000000000001", "12.50e1", "9007199254740991"} {
		f.Add(s, int64(1000))
	}
	f.Fuzz(func(t *testing.T, h string, n int64) {
		n %= 1 << 53
		got := decimalIs(h, n)
		m := numberForm.FindStringSubmatch(h)
		if m == nil {
			if got {
				t.Fatalf("decimalIs(%q, %d) is true of a text not of a number's form", h, n)
			}
			return
		}
		if len(strings.TrimLeft(m[3], "0")) > 3 {
			return // too big an exponent for big.Rat to compute soon
		}
		var r big.Rat
		if _, ok := r.SetString(h); !ok {
			t.Fatalf("big.Rat does not read %q", h)
		}
		if want := r.Cmp(new(big.Rat).SetInt64(n)) == 0; got != want {
			t.Fatalf("decimalIs(%q, %d) = %v, want %v", h, n, got, want)
		}
	})
}

var numberForm = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?([eE][+-]?([0-9]+))?$`)
