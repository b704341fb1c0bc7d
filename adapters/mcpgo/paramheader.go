package mcpgo

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// checkParamHeaders refuses a call whose Mcp-Param headers say otherwise
// than its arguments (x-mcp-header, MCP 2026-07-28), by the schema the tool
// is listed with (the session's tool of that name, or the server's): a
// header with a value for an argument that is absent or null, a header
// given twice, or one whose value is not the argument's (headerValue: a
// value of the form =?base64?...?= is always decoded, and any other holds
// printable ASCII only). mcp-go checks them only for a client that says it
// speaks 2026-07-28, and reads the first of a header given twice; a load
// balancer may have routed the call by any of them. A header not sent is
// left to mcp-go. The error wraps an mcp.HeaderMismatchError, and names the
// tool, the header and the argument, never their values.
func checkParamHeaders(ctx context.Context, req *mcp.CallToolRequest, args json.RawMessage) error {
	if len(req.Header) == 0 {
		return nil
	}
	sent := false
	for k := range req.Header {
		if len(k) > len(mcp.HeaderParamPrefix) && strings.EqualFold(k[:len(mcp.HeaderParamPrefix)], mcp.HeaderParamPrefix) {
			sent = true
			break
		}
	}
	if !sent {
		return nil
	}
	st := servedTool(ctx, req.Params.Name)
	if st == nil {
		return nil
	}
	var obj map[string]json.RawMessage
	read := false
	for _, b := range mcp.ExtractParamHeaderBindings(&st.Tool) {
		vals := req.Header.Values(b.HeaderName())
		if len(vals) == 0 {
			continue
		}
		where := strings.Join(b.Path, ".")
		mismatch := func(why string) error {
			return fmt.Errorf("tool %q: header %s %s (MCP's x-mcp-header: the header carries the argument's value, and only it): %w",
				req.Params.Name, b.HeaderName(), why, mcp.HeaderMismatchError{Header: b.HeaderName(), Reason: why})
		}
		if len(vals) > 1 {
			return mismatch(fmt.Sprintf("is given %d times", len(vals)))
		}
		if !read {
			json.Unmarshal(args, &obj)
			read = true
		}
		arg, ok := argumentAt(obj, b.Path)
		if !ok {
			if vals[0] == "" {
				continue // empty, as MCP's SDKs take it: no value
			}
			return mismatch(fmt.Sprintf("is given, and argument %q is absent or null", where))
		}
		v, why := headerValue(vals[0])
		if why != "" {
			return mismatch(why)
		}
		if !sameValue(v, arg) {
			return mismatch(fmt.Sprintf("does not carry the value of argument %q", where))
		}
	}
	return nil
}

// argumentAt returns the value at path in args, through objects; ok is
// false when it is absent or null.
func argumentAt(args map[string]json.RawMessage, path []string) (json.RawMessage, bool) {
	for i, p := range path {
		v, ok := args[p]
		if !ok || string(v) == "null" {
			return nil, false
		}
		if i == len(path)-1 {
			return v, true
		}
		args = nil
		if json.Unmarshal(v, &args) != nil {
			return nil, false
		}
	}
	return nil, false
}

// headerValue returns the text a header's value carries, or why it
// carries none, as MCP's value encoding has it: a value that starts with
// =?base64? and ends with ?= is the base64 between them, always (a
// client encodes a text of that form too, and an intermediary decodes
// it: taken as it is, it could route by one value and run with another);
// any other value is itself, and holds printable ASCII only (a client
// encodes any other character, and a server refuses a value holding one).
func headerValue(v string) (string, string) {
	if strings.HasPrefix(v, "=?base64?") && strings.HasSuffix(v, "?=") {
		inner, _ := strings.CutPrefix(v, "=?base64?")
		inner, ok := strings.CutSuffix(inner, "?=")
		b, err := base64.StdEncoding.DecodeString(inner)
		if !ok || err != nil {
			return "", "is not valid base64 inside =?base64?...?="
		}
		return string(b), ""
	}
	for i := range len(v) {
		if v[i] < 0x20 || v[i] > 0x7e {
			return "", "holds a character outside printable ASCII, which is sent in base64 (=?base64?...?=)"
		}
	}
	return v, ""
}

// sameValue reports whether a header's text is arg's value: a string
// itself, a boolean as true or false, an integer (within ±(2^53-1), as
// MCP's clients write it) as a decimal number of exactly its value
// (decimalIs).
func sameValue(h string, arg json.RawMessage) bool {
	var v any
	if json.Unmarshal(arg, &v) != nil {
		return false
	}
	switch v := v.(type) {
	case string:
		return h == v
	case bool:
		return h == strconv.FormatBool(v)
	case float64:
		const safe = 1<<53 - 1
		return v == math.Trunc(v) && math.Abs(v) <= safe && decimalIs(h, int64(v))
	}
	return false
}

// decimalIs reports whether h is a decimal number, -?digits, an optional
// fraction and an optional exponent (1000, 1000.0, 1e3, -0), whose value
// is exactly n: MCP asks a server to compare an integer's header and
// argument as numbers, and a client writes the integer in decimal. A
// number only a float64 rounds to n (3.0000000000000001), a hexadecimal
// float, a sign +, Inf and NaN are not n. The text is read digit by digit
// and never computed: an exponent of any length costs its length.
func decimalIs(h string, n int64) bool {
	neg := strings.HasPrefix(h, "-")
	h = strings.TrimPrefix(h, "-")
	mant, exp, hasExp := strings.Cut(h, "e")
	if !hasExp {
		mant, exp, hasExp = strings.Cut(h, "E")
	}
	whole, frac, hasFrac := strings.Cut(mant, ".")
	if !allDigits(whole) || whole == "" || hasFrac && (frac == "" || !allDigits(frac)) {
		return false
	}
	expNeg := false
	if hasExp {
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			expNeg = exp[0] == '-'
			exp = exp[1:]
		}
		if exp == "" || !allDigits(exp) {
			return false
		}
	}
	// The value is digits × 10^(e - len(frac)); leading zeros of the
	// digits and of the exponent say nothing.
	digits := strings.TrimLeft(whole+frac, "0")
	if digits == "" {
		return n == 0 // zero, whatever its sign and exponent
	}
	if n == 0 {
		return false
	}
	exp = strings.TrimLeft(exp, "0")
	if len(exp) > 9 {
		// An exponent of a billion or more: the digits, at most the
		// header's length, cannot bring it back near 0.
		return false
	}
	e, _ := strconv.Atoi("0" + exp)
	if expNeg {
		e = -e
	}
	e -= len(frac)
	trimmed := strings.TrimRight(digits, "0")
	e += len(digits) - len(trimmed)
	digits = trimmed
	if e < 0 || len(digits)+e > 16 {
		return false // a fraction, or more digits than 2^53 has
	}
	m, err := strconv.ParseInt(digits+strings.Repeat("0", e), 10, 64)
	if err != nil {
		return false
	}
	if neg {
		m = -m
	}
	return m == n
}

// allDigits reports whether s holds only the digits 0 to 9.
func allDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
