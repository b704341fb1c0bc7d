package mcpserver

import (
	"bytes"
	"encoding/json"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// anyValueVersion is the first protocol version in which a tool's output
// schema and structured content may be of any JSON value (SEP-2106).
// Before it, both must be objects: a client of an older version is listed
// no other output schema and sent no other structured content.
const anyValueVersion = "2026-07-28"

// anyValue reports whether the client of a request takes structured
// content of any JSON value. Protocol versions are dates, which order as
// strings; a request of no known version is of an older one.
func anyValue(req interface{ ProtocolVersion() string }) bool {
	return req != nil && req.ProtocolVersion() >= anyValueVersion
}

// output is what a tool's result becomes as structured content.
type output struct {
	// schema is the non-null form of the tool's output schema, the schema
	// listed; nil when there is none.
	schema json.RawMessage
	// object reports that schema is of objects: structured for every
	// client.
	object bool
	// null is what a null result sends; nil when a null result is a
	// failure.
	null json.RawMessage
}

// outputOf returns how t's results become structured content.
func outputOf(t *tool.Tool) output {
	var o output
	var ok bool
	o.schema, o.object, ok = nonNull(t.OutputSchema)
	if !ok {
		return output{}
	}
	h, _ := toolimpl.Binding(t)
	var out reflect.Type
	if h != nil {
		out = h.Output()
	}
	o.null = nullForm(t, out, o.object)
	return o
}

// structured reports whether a result for req sends structured content.
func (o *output) structured(req *mcp.CallToolRequest) bool {
	return o.schema != nil && (o.object || anyValue(req))
}

// nonNull returns the non-null form of an output schema: the schema with
// "null" taken out of its top-level "type", as MCP lists it and as a tool
// sends its results (a null result sends the form's zero value:
// nullForm). object reports that the form is of objects. ok is false when
// there is none: no schema, one of null alone, one that is not a JSON
// object. A schema with no top-level "type" (a composition) is its own
// form.
func nonNull(s json.RawMessage) (form json.RawMessage, object, ok bool) {
	const head = `{"type":`
	if bytes.HasPrefix(s, []byte(head)) {
		// The core writes "type" first, compact: the one member to change,
		// the others kept as written.
		dec := json.NewDecoder(bytes.NewReader(s[len(head):]))
		var typ any
		if dec.Decode(&typ) == nil {
			rest := s[len(head)+int(dec.InputOffset()):]
			typ, changed, ok := withoutNull(typ)
			if !ok {
				return nil, false, false
			}
			object = typ == "object"
			if !changed {
				return s, object, true
			}
			b, _ := json.Marshal(typ)
			return append(append([]byte(head), b...), rest...), object, true
		}
	}
	// A schema that the core did not write (a tool made by hand).
	var m map[string]json.RawMessage
	if json.Unmarshal(s, &m) != nil || m == nil {
		return nil, false, false
	}
	raw, has := m["type"]
	if !has {
		return s, false, true
	}
	var typ any
	if json.Unmarshal(raw, &typ) != nil {
		return nil, false, false
	}
	typ, changed, ok := withoutNull(typ)
	if !ok {
		return nil, false, false
	}
	object = typ == "object"
	if !changed {
		return s, object, true
	}
	m["type"], _ = json.Marshal(typ)
	form, err := json.Marshal(m)
	return form, object, err == nil
}

// withoutNull returns the value of a schema's "type" without "null": a
// string when one type is left. ok is false when none is.
func withoutNull(typ any) (out any, changed, ok bool) {
	switch typ := typ.(type) {
	case string:
		return typ, false, typ != "null"
	case []any:
		var left []any
		for _, t := range typ {
			if t != "null" {
				left = append(left, t)
			}
		}
		switch len(left) {
		case 0:
			return nil, false, false
		case 1:
			return left[0], true, true
		}
		return left, len(left) != len(typ), true
	}
	return nil, false, false
}

// nullForm returns the structured content that t sends for a null result
// of type out (nil when not known), the form of its output schema being of
// objects or not: the zero value of what a pointer points to, as
// encoding/json writes it (what the SDK's mcp.AddTool sends for a nil
// pointer), an empty map as {} and an empty slice as [] (where the SDK
// sends null, which a client reads as no structured content at all). It
// returns nil when that value breaks the tool's output checks (an enum
// field, a pattern, a minimum above 0, a minimum length), or when out is
// not known and the form is not of objects: then a null result is a
// failure, since MCP requires structured content that conforms to the
// output schema.
func nullForm(t *tool.Tool, out reflect.Type, object bool) json.RawMessage {
	for out != nil && out.Kind() == reflect.Pointer {
		out = out.Elem()
	}
	if out == nil {
		if object {
			return json.RawMessage("{}") // a tool made by hand
		}
		return nil
	}
	var v reflect.Value
	switch out.Kind() {
	case reflect.Map:
		v = reflect.MakeMap(out)
	case reflect.Slice:
		v = reflect.MakeSlice(out, 0, 0)
	default:
		v = reflect.New(out).Elem()
	}
	data, err := tool.MarshalResult(v.Interface())
	if err != nil || string(data) == "null" {
		return nil
	}
	if viols, _ := t.CheckResult(data); len(viols) > 0 {
		return nil
	}
	return data
}

// objectSchema reports whether an MCP tool's output schema, as the SDK
// holds it, is of type "object": the only output schema of protocols
// before 2026-07-28.
func objectSchema(s any) bool {
	var b []byte
	switch s := s.(type) {
	case json.RawMessage:
		b = s
	default:
		var err error
		if b, err = json.Marshal(s); err != nil {
			return false
		}
	}
	if bytes.HasPrefix(b, []byte(`{"type":"object",`)) {
		return true
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return false
	}
	var typ any
	return json.Unmarshal(m["type"], &typ) == nil && typ == "object"
}
