package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolschema/toolschema/internal/jsonscan"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/tool"
)

// maxMessageValues bounds the JSON values of one message a client sends,
// those of a tools/call's arguments not counted: the invoker bounds them
// itself, for the tools this package adds, and sdkToolArguments for the
// others. The SDK reads the rest into Go values, a _meta or a client's
// capabilities into maps of any, which hold some 70 times their text:
// 16 MiB of a _meta's numbers made 1.1 GB. 65,536 is as many as a call's
// arguments may hold without a Go type.
const maxMessageValues = 1 << 16

// sdkToolArguments answers a tools/call, before the SDK reads its
// arguments, of a tool this package did not add (ours reports those it
// did) whose arguments hold more than maxMessageValues values: a tool the
// SDK's mcp.AddTool adds has them read into a map of any to be checked,
// whatever its input type. nil lets the call go on. It is run by the
// receiving middleware of a server this package added tools to or that
// HTTPHandler serves (served), over any transport; on another server, a
// call is not bounded.
func sdkToolArguments(req mcp.Request, ours func(name string) bool) *mcp.CallToolResult {
	p, ok := req.GetParams().(*mcp.CallToolParamsRaw)
	// Each value but the last takes two bytes at least, itself and a
	// comma: shorter arguments are not counted.
	if !ok || len(p.Arguments) < 2*maxMessageValues || ours(p.Name) {
		return nil
	}
	if jsonscan.Values(p.Arguments, maxMessageValues) <= maxMessageValues {
		return nil
	}
	// The name is the client's text: repeated only when it has the shape
	// of an MCP tool name.
	subject := "The tool"
	if schema.MCPName(p.Name) {
		subject = "Tool '" + p.Name + "'"
	}
	r := &tool.Result{IsError: true, Code: tool.InvalidArguments}
	return &mcp.CallToolResult{
		IsError: true,
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(
			"%s was not called: its arguments hold more than %d JSON values, more than this server reads for a tool it does not check itself. Send fewer.",
			subject, maxMessageValues)}},
		Meta: errorMeta(r),
	}
}

// messageValues counts the JSON values of msg, one JSON object: all of
// them but those of params.arguments when its method is tools/call (the
// SDK reads the call's arguments as their text). It reads msg once, and
// makes nothing but the few keys it compares that have escapes; a text
// that is not JSON is counted as far as it goes.
func messageValues(msg []byte) int {
	var (
		depth, other, args int
		topKey             []byte // the key of the member being read at depth 1
		inParams           bool   // within the object of params
		argsDepth          = -1   // >= 0: within params.arguments, which is at this depth
		method             []byte // the method's text, when it is a string
	)
	count := func() {
		if argsDepth >= 0 {
			args++
		} else {
			other++
		}
	}
	for i := 0; i < len(msg); {
		c := msg[i]
		switch c {
		case ' ', '\t', '\r', '\n', ',', ':':
			i++
		case '"':
			j := jsonscan.StringEnd(msg, i)
			str := msg[i:j]
			i = j
			if k := jsonscan.Space(msg, i); k < len(msg) && msg[k] == ':' {
				// A key: no value of its own.
				i = k + 1
				switch {
				case depth == 1:
					topKey = str
				case depth == 2 && inParams && argsDepth < 0 && keyIs(str, "arguments"):
					argsDepth = 2
				}
				continue
			}
			if depth == 1 && keyIs(topKey, "method") {
				method = str
			}
			count()
			if argsDepth == depth {
				argsDepth = -1 // the arguments were a string
			}
		case '{', '[':
			count()
			i++
			depth++
			if depth == 2 && c == '{' && keyIs(topKey, "params") {
				inParams = true
			}
		case '}', ']':
			i++
			depth--
			if depth <= 1 {
				inParams = false
			}
			if argsDepth == depth {
				argsDepth = -1
			}
		default: // a number, true, false or null
			for i++; i < len(msg) && !delimiter(msg[i]); i++ {
			}
			count()
			if argsDepth == depth {
				argsDepth = -1
			}
		}
	}
	if keyIs(method, "tools/call") {
		return other
	}
	return other + args
}

// delimiter reports whether c ends a number or a literal.
func delimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', ':', ']', '}', '"', '[', '{':
		return true
	}
	return false
}

// keyIs reports whether str, a JSON string's text with its quotes, is
// name once its escapes are read.
func keyIs(str []byte, name string) bool {
	if len(str) < 2 {
		return false
	}
	inner := str[1 : len(str)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return string(inner) == name
	}
	if len(inner) > 6*len(name) {
		return false // more than name written all in escapes
	}
	var s string
	return json.Unmarshal(str, &s) == nil && s == name
}
