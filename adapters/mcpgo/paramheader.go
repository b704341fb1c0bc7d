package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// checkParamHeaders refuses a call whose Mcp-Param headers say otherwise
// than its arguments (x-mcp-header, MCP 2026-07-28), by the schema the
// tool is listed with (the session's tool of that name, or the server's): a header with a value for an argument that
// is absent or null, a header given twice, or one whose value, as it is
// or decoded from base64 when it is wrapped as =?base64?...?=, is not the
// argument's. mcp-go checks them only for a client that says it speaks
// 2026-07-28, and reads the first of a header given twice; a load
// balancer may have routed the call by any of them. A header not sent is
// left to mcp-go. The error wraps an mcp.HeaderMismatchError, and names
// the tool, the header and the argument, never their values.
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
		if sameValue(vals[0], arg) {
			continue // as it is: a text that only looks wrapped, too
		}
		v, ok := mcp.DecodeHeaderValue(vals[0])
		if !ok {
			return mismatch("is not valid base64 inside =?base64?...?=")
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

// sameValue reports whether a header's text is arg's value: a string
// itself, a boolean as true or false, an integer as its number (within
// ±(2^53-1), as MCP's clients write it).
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
		n, err := strconv.ParseFloat(h, 64)
		return err == nil && v == math.Trunc(v) && math.Abs(v) <= safe && n == v
	}
	return false
}
