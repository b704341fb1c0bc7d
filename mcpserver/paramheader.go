package mcpserver

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/schema"
)

// A paramHeader is an argument that MCP's streamable HTTP transport
// mirrors into a header (x-mcp-header, MCP 2026-07-28): the names of the
// properties from the arguments' root to it, and the header's name,
// Mcp-Param-{name}, in its canonical form.
type paramHeader struct {
	path   []string
	header string
}

// paramHeaders returns the x-mcp-header annotations of an input schema
// (a json.RawMessage, or any value that is written as one), or the error
// that says which breaks MCP's rules, as rawtool.New and the mcpHeader
// tag's rule (OLT012) hold them (internal/schema.MCPHeaders). The go-sdk's
// AddTool panics on such a schema when it can read it; a tool made by
// toolimpl.New with a schema given as it is may hold one.
func paramHeaders(s any) ([]paramHeader, error) {
	raw, ok := s.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(s); err != nil {
			return nil, nil // nothing to read: the SDK says what is wrong
		}
	}
	if !json.Valid(raw) {
		return nil, nil
	}
	bs, err := schema.MCPHeaders(raw)
	if err != nil {
		return nil, err
	}
	out := make([]paramHeader, len(bs))
	for i, b := range bs {
		out[i] = paramHeader{path: b.Path, header: textproto.CanonicalMIMEHeaderKey(paramPrefix + b.Name)}
	}
	return out, nil
}

// checkParamHeaders refuses a call whose Mcp-Param headers say otherwise
// than its arguments: a header with a value for an argument that is absent
// or null, a header given twice, or one whose value is not the argument's
// (headerValue: a value of the form =?base64?...?= is always decoded, and
// any other holds printable ASCII only). MCP requires a server to refuse
// such a call (a load balancer may have routed it by the header); the
// go-sdk does it only for tools whose schema it reads, and it does not read
// a schema with a property of type ["string","null"] anywhere. A header not
// sent is not refused here: the SDK's own client sends none for such a
// tool. The error is a JSON-RPC error of MCP's code HeaderMismatch, naming
// the tool, the header and the argument, never their values.
func checkParamHeaders(name string, hs []paramHeader, req *mcp.CallToolRequest) error {
	if req.Extra == nil {
		return nil
	}
	if err := paramHeaderMismatch(name, hs, req.Extra.Header, req.Params.Arguments); err != nil {
		return err
	}
	return nil // not a nil *jsonrpc.Error in an error
}

// paramHeaderMismatch is checkParamHeaders for the headers and the
// arguments of a call, where a tool's handler has them or HTTPHandler
// reads them from a request (paramHeaderRefusal).
func paramHeaderMismatch(name string, hs []paramHeader, header http.Header, arguments json.RawMessage) *jsonrpc.Error {
	if len(hs) == 0 || header == nil {
		return nil
	}
	var args map[string]json.RawMessage
	read := false
	for _, b := range hs {
		vals := header[b.header]
		if len(vals) == 0 {
			continue
		}
		where := strings.Join(b.path, ".")
		mismatch := func(why string) *jsonrpc.Error {
			return &jsonrpc.Error{Code: mcp.CodeHeaderMismatch, Message: fmt.Sprintf(
				"tool %q: header %s %s (MCP's x-mcp-header: the header carries the argument's value, and only it)", name, b.header, why)}
		}
		if len(vals) > 1 {
			return mismatch(fmt.Sprintf("is given %d times", len(vals)))
		}
		if !read {
			json.Unmarshal(arguments, &args)
			read = true
		}
		arg, ok := argumentAt(args, b.path)
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

// paramPrefix starts the name of every header MCP mirrors an argument into.
const paramPrefix = "Mcp-Param-"

// hasParamHeader reports whether header has an Mcp-Param header (by its
// canonical name, as paramHeaderMismatch looks them up): a request
// without one is never refused by paramHeaderMismatch.
func hasParamHeader(header http.Header) bool {
	for k := range header {
		if strings.HasPrefix(k, paramPrefix) {
			return true
		}
	}
	return false
}

// paramHeaderRefusal reads the body of a request to l's server as the
// go-sdk reads it: when it is a tools/call of a tool with x-mcp-header
// annotations, as recorded by addTool, whose headers disagree with its
// arguments, it returns the request's id and the HeaderMismatch error of
// paramHeaderMismatch. A body that is not such a call is left to the SDK
// (nil error).
func (l *listing) paramHeaderRefusal(header http.Header, body []byte) (jsonrpc.ID, *jsonrpc.Error) {
	msg, err := jsonrpc.DecodeMessage(body)
	req, ok := msg.(*jsonrpc.Request)
	if err != nil || !ok || !req.IsCall() || req.Method != "tools/call" {
		return jsonrpc.ID{}, nil
	}
	// The params' keys as the SDK reads them: exactly, whatever their case.
	var params map[string]json.RawMessage
	var name string
	if json.Unmarshal(req.Params, &params) != nil || json.Unmarshal(params["name"], &name) != nil {
		return jsonrpc.ID{}, nil
	}
	hs := l.paramHeadersOf(name)
	if len(hs) == 0 {
		return jsonrpc.ID{}, nil
	}
	return req.ID, paramHeaderMismatch(name, hs, header, params["arguments"])
}

// addTool adds the tool mt to s with handler h, and records its
// x-mcp-header annotations on s's listing, for HTTPHandler to refuse a
// call whose headers disagree before the SDK reads it, and whether it
// encodes, for the lists not to encode it again.
func addTool(s *mcp.Server, mt *mcp.Tool, h mcp.ToolHandler) {
	sv := servedOf(s)
	s.AddTool(mt, h)
	sv.added(mt)
	hs, _ := paramHeaders(mt.InputSchema)
	sv.setParamHeaders(mt.Name, hs)
	sv.addOurs(mt.Name)
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
