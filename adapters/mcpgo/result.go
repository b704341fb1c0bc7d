package mcpgo

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// listedOutput returns the output schema an mcp-go server lists for s, the
// schema of a tool's result: its non-null form, since the server never
// sends null as structured content (a null result sends nullForm's value
// instead). ok is false when there is nothing to list: no schema, a
// schema of null alone, or one that mcp-go's client cannot read. That
// client reads "type" as one string and fails tools/list for the whole
// server on anything else, so a type array is listed as its one non-null
// member (["array","null"] as "array") and a schema with two or more
// non-null types is not listed at all.
func listedOutput(s json.RawMessage) (out json.RawMessage, ok bool) {
	if len(s) == 0 {
		return nil, false
	}
	out = s
	const arrayType = `{"type":[`
	if bytes.HasPrefix(s, []byte(arrayType)) {
		// The core writes "type" first, compact: the one member to change,
		// the others kept in their order.
		end := bytes.IndexByte(s, ']')
		var types []string
		if end < 0 || json.Unmarshal(s[len(arrayType)-1:end+1], &types) != nil {
			return nil, false
		}
		one, ok := nonNull(types)
		if !ok {
			return nil, false
		}
		typ, _ := json.Marshal(one)
		out = append(append([]byte(`{"type":`), typ...), s[end+1:]...)
	} else if !bytes.HasPrefix(s, []byte(`{"type":"`)) {
		// A schema the core did not write (a tool made by hand).
		var m map[string]json.RawMessage
		if json.Unmarshal(s, &m) != nil {
			return nil, false
		}
		var types []string
		if json.Unmarshal(m["type"], &types) == nil && types != nil {
			one, ok := nonNull(types)
			if !ok {
				return nil, false
			}
			m["type"], _ = json.Marshal(one)
			if out, _ = json.Marshal(m); out == nil {
				return nil, false
			}
		}
	}
	if !readable(out) {
		return nil, false
	}
	return out, true
}

// nonNull returns the one type of types that is not "null".
func nonNull(types []string) (string, bool) {
	var one string
	n := 0
	for _, t := range types {
		if t != "null" {
			one = t
			n++
		}
	}
	return one, n == 1
}

// readable reports whether mcp-go's client reads s as a tool's schema:
// it decodes every tool of a tools/list answer into mcp.Tool, and one
// schema it cannot decode fails the whole list.
func readable(s json.RawMessage) bool {
	var o mcp.ToolOutputSchema
	return json.Unmarshal(s, &o) == nil
}

// schemaType returns the "type" of a schema when it is one string.
func schemaType(s json.RawMessage) string {
	var v struct {
		Type any `json:"type"`
	}
	json.Unmarshal(s, &v)
	typ, _ := v.Type.(string)
	return typ
}

// nullForm returns the structured content sent for a null result (a nil
// pointer, slice or map) of a tool whose listed output schema is listed:
// the empty value of what is listed, as encoding/json writes it: the zero
// value of a struct (what the SDKs send for a nil *T), {} for a map, []
// for a slice, 0, "" or false for a pointer to one. It returns nil when
// that value breaks the tool's output checks (an enum field, a pattern, a
// minimum above 0, minItems): then a null result is a failure, since
// structured content must conform to the listed schema.
func nullForm(t *tool.Tool, listed json.RawMessage) json.RawMessage {
	var out reflect.Type
	if h, _ := toolimpl.Binding(t); h != nil {
		out = h.Output()
	}
	for out != nil && out.Kind() == reflect.Pointer {
		out = out.Elem()
	}
	var data json.RawMessage
	if out == nil {
		// No Go type behind the schema: the listed type says.
		switch schemaType(listed) {
		case "object":
			data = json.RawMessage("{}")
		case "array":
			data = json.RawMessage("[]")
		default:
			return nil
		}
	} else {
		v := reflect.New(out).Elem()
		switch out.Kind() {
		case reflect.Map:
			v = reflect.MakeMap(out)
		case reflect.Slice:
			v = reflect.MakeSlice(out, 0, 0)
		}
		var err error
		if data, err = tool.MarshalResult(v.Interface()); err != nil {
			return nil
		}
	}
	if string(data) == "null" {
		return nil
	}
	if viols, _ := t.CheckResult(data); len(viols) > 0 {
		return nil
	}
	return data
}

// result converts an invoker's result to mcp-go's. With structured set
// (the tool lists an output schema), a JSON result is also the structured
// content, whatever JSON value it is, and a null one sends null's form
// (a failure when it has none).
func result(name string, r *tool.Result, structured bool, null json.RawMessage) *mcp.CallToolResult {
	out := newResult(len(r.Parts))
	out.IsError = r.IsError
	if structured && !r.IsError && len(r.Parts) == 1 {
		var data json.RawMessage
		switch p := r.Parts[0].(type) {
		case tool.JSONPart:
			data = p.JSON
		case tool.TextPart:
			if p.Text == "null" && isNil(r.Value) {
				data = json.RawMessage("null")
			}
		}
		if data != nil {
			if string(data) == "null" {
				if null == nil {
					return noValue(name)
				}
				data = null
			}
			out.StructuredContent = data
			out.Content = append(out.Content, mcp.NewTextContent(string(data)))
			return out
		}
	}
	for _, p := range r.Parts {
		switch p := p.(type) {
		case tool.TextPart:
			out.Content = append(out.Content, mcp.NewTextContent(p.Text))
		case tool.JSONPart:
			out.Content = append(out.Content, mcp.NewTextContent(string(p.JSON)))
		case tool.BlobPart:
			data := base64.StdEncoding.EncodeToString(p.Data)
			switch {
			case strings.HasPrefix(p.MIMEType, "image/"):
				out.Content = append(out.Content, mcp.NewImageContent(data, p.MIMEType))
			case strings.HasPrefix(p.MIMEType, "audio/"):
				out.Content = append(out.Content, mcp.NewAudioContent(data, p.MIMEType))
			default:
				out.Content = append(out.Content, mcp.NewEmbeddedResource(mcp.BlobResourceContents{
					URI: "toolschema:blob", MIMEType: p.MIMEType, Blob: data}))
			}
		}
	}
	if r.IsError {
		out.Meta = failureMeta(r)
	}
	return out
}

// oneContent is a result with room for one content item, made in one
// allocation: most results have one.
type oneContent struct {
	res     mcp.CallToolResult
	content [1]mcp.Content
}

// newResult returns an empty result with room for n content items.
func newResult(n int) *mcp.CallToolResult {
	if n > 1 {
		return &mcp.CallToolResult{Content: make([]mcp.Content, 0, n)}
	}
	b := &oneContent{}
	b.res.Content = b.content[:0]
	return &b.res
}

// failureMeta returns an error result's _meta: why it failed and how far
// the call got, and for a business error its stable code, category,
// recovery and retry-after: what a client's program acts on without
// parsing the text. The keys are those of the root's mcpserver.
func failureMeta(r *tool.Result) *mcp.Meta {
	m := make(map[string]any, 14)
	setMeta(m, "code", string(r.Code))
	setMeta(m, "started", r.Started)
	setMeta(m, "outcome", string(r.Outcome()))
	if f := r.Failure; f != nil {
		setMeta(m, "errorCode", f.Code)
		if f.Category != "" {
			setMeta(m, "category", string(f.Category))
		}
		if f.Recovery != "" {
			setMeta(m, "recovery", f.Recovery)
		}
		if f.RetryAfter > 0 {
			setMeta(m, "retryAfterMs", f.RetryAfter.Milliseconds())
		}
	}
	return &mcp.Meta{AdditionalFields: m}
}

// noValue is the result of a null result that has no structured form.
func noValue(name string) *mcp.CallToolResult {
	return failure(&tool.Result{IsError: true, Code: tool.Failed, Started: true},
		fmt.Sprintf("Tool '%s' returned no value.", name))
}

// unreadable is the result of a request whose arguments, set in Go
// rather than read from a message, cannot be written as JSON.
func unreadable(name string) *mcp.CallToolResult {
	return failure(&tool.Result{IsError: true, Code: tool.InvalidArguments},
		fmt.Sprintf("Tool '%s' cannot read its arguments: they are not JSON.", name))
}

// failure is an error result of the adapter's own, with r's _meta.
func failure(r *tool.Result, text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		IsError: true,
		Content: []mcp.Content{mcp.NewTextContent(text)},
		Result:  mcp.Result{Meta: failureMeta(r)},
	}
}

// isNil reports whether v is nil or a nil pointer, slice or map.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice:
		return rv.IsNil()
	}
	return false
}
