package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A HeaderBinding is one x-mcp-header annotation of a tool's input
// schema: the header (Mcp-Param-{Name}) and the path of properties from
// the arguments to the value it carries.
type HeaderBinding struct {
	Name string
	Path []string
}

// headerKeyword is MCP's annotation that mirrors an argument into an HTTP
// header on the streamable HTTP transport (MCP 2026-07-28, SEP-2243).
const headerKeyword = "x-mcp-header"

// MCPHeaders returns the x-mcp-header annotations of in, a tool's input
// schema, in the order of their paths, or the first way in which one
// breaks MCP 2026-07-28's constraints (server/tools, "x-mcp-header"): a
// non-empty HTTP token (RFC 9110's 1*tchar), unique among the schema's
// whatever its case, on a property of type string, integer or boolean
// (one type, not an array) reached from the root through "properties"
// alone; an annotation anywhere else in a subschema (items, a
// composition, a condition, $defs, ...) makes the tool invalid. A schema
// that holds neither the keyword's name nor a \u escape costs a scan of
// its bytes.
func MCPHeaders(in []byte) ([]HeaderBinding, error) {
	if !bytes.Contains(in, []byte(`"`+headerKeyword+`"`)) && !bytes.Contains(in, []byte(`\u`)) {
		// No key can be the keyword: it is not written as it is, and
		// no escape could spell it (a key may be "x-mcp-\u0068eader").
		return nil, nil
	}
	var root any
	if err := json.Unmarshal(in, &root); err != nil {
		return nil, err
	}
	w := &headerWalk{seen: map[string]string{}}
	w.walk(root, nil, true, nil)
	return w.out, w.err
}

type headerWalk struct {
	out  []HeaderBinding
	seen map[string]string // lower-case name -> where it is
	err  error
}

// Keywords whose value is a subschema, an array of them, or an object of
// them (JSON Schema 2020-12's applicators, and draft 7's spellings).
var (
	oneSchema  = []string{"additionalProperties", "unevaluatedProperties", "propertyNames", "items", "additionalItems", "unevaluatedItems", "contains", "not", "if", "then", "else"}
	listSchema = []string{"prefixItems", "allOf", "anyOf", "oneOf", "items"}
	mapSchema  = []string{"patternProperties", "$defs", "definitions", "dependentSchemas"}
)

// walk visits the schema s at loc (its keywords' path from the root);
// path is its property path when reached through properties alone.
func (w *headerWalk) walk(s any, loc []string, reached bool, path []string) {
	m, ok := s.(map[string]any)
	if !ok || w.err != nil {
		return
	}
	if v, ok := m[headerKeyword]; ok {
		w.check(m, v, loc, reached, path)
		if w.err != nil {
			return
		}
	}
	if props, ok := m["properties"].(map[string]any); ok {
		for _, k := range sortedKeys(props) {
			w.walk(props[k], append(slices.Clip(loc), "properties", k), reached, append(slices.Clip(path), k))
		}
	}
	for _, kw := range oneSchema {
		if sub, ok := m[kw].(map[string]any); ok {
			w.walk(sub, append(slices.Clip(loc), kw), false, nil)
		}
	}
	for _, kw := range listSchema {
		if subs, ok := m[kw].([]any); ok {
			for i, sub := range subs {
				w.walk(sub, append(slices.Clip(loc), kw, strconv.Itoa(i)), false, nil)
			}
		}
	}
	for _, kw := range mapSchema {
		if subs, ok := m[kw].(map[string]any); ok {
			for _, k := range sortedKeys(subs) {
				w.walk(subs[k], append(slices.Clip(loc), kw, k), false, nil)
			}
		}
	}
}

func (w *headerWalk) check(m map[string]any, v any, loc []string, reached bool, path []string) {
	where := "the root"
	if len(loc) > 0 {
		where = strings.Join(loc, ".")
	}
	fail := func(format string, args ...any) {
		w.err = fmt.Errorf("%s: %s %s", where, headerKeyword, fmt.Sprintf(format, args...))
	}
	switch {
	case !reached:
		fail("is not reached from the root through properties alone (MCP mirrors only such properties into headers)")
		return
	case len(path) == 0:
		fail("applies to a property, not to the arguments' object")
		return
	}
	name, ok := v.(string)
	if !ok {
		b, _ := json.Marshal(v)
		fail("is %s, not a string", b)
		return
	}
	if name == "" {
		fail("is empty; it names the header Mcp-Param-{name}")
		return
	}
	for _, r := range name {
		if r > 0x7f || !isTchar(byte(r)) {
			fail("%q is not an HTTP field name: %q is not a token character (letters, digits and !#$%%&'*+-.^_`|~ are)", name, r)
			return
		}
	}
	if !primitiveType(m["type"]) {
		t := "none"
		if typ, ok := m["type"]; ok {
			b, _ := json.Marshal(typ)
			t = string(b)
		}
		fail("applies to a property of type string, integer or boolean, not %s", t)
		return
	}
	key := strings.ToLower(name)
	if first, ok := w.seen[key]; ok {
		fail("%q is %s's already (compared without case)", name, first)
		return
	}
	w.seen[key] = where
	w.out = append(w.out, HeaderBinding{Name: name, Path: path})
}

// primitiveType reports whether typ, a schema's "type", is one of the
// types MCP mirrors into headers. A "type" array, even one of a primitive
// and "null", is not: mcp-go v1.2.1 refuses a tool with one, and the
// go-sdk v1.8.0 reads no x-mcp-header at all in a schema that has one.
func primitiveType(typ any) bool {
	return typ == "string" || typ == "integer" || typ == "boolean"
}
