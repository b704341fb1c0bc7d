package tool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// MaxArgumentDepth is how deeply arguments may nest (objects and arrays).
// Deeper arguments are refused before they are decoded.
const MaxArgumentDepth = 64

// A Violation is one way the arguments of a call break the tool's input
// schema (or the result its output schema).
type Violation struct {
	// Path locates the value: "items[2].qty"; "" for the arguments as a
	// whole.
	Path string
	// Rule is the rule broken: "json", "object", "depth", "duplicate",
	// "missing", "unknown", "null", "type", "range", "length", "items",
	// "pattern", "format", "enum", "unique".
	Rule string
	// Message says it in words a model can act on; it never repeats the
	// value.
	Message string
}

// rank orders violations, most useful first.
var rank = map[string]int{"json": 0, "object": 0, "depth": 0, "duplicate": 1, "missing": 2, "unknown": 3,
	"null": 4, "type": 5, "enum": 6, "range": 7, "length": 8, "items": 9, "unique": 10, "pattern": 11, "format": 12}

// A value is a parsed JSON value that keeps the order of object keys.
type value struct {
	kind  byte // '{', '[', '"', '0' (number), 't', 'f', 'n'
	keys  []string
	vals  []*value // object values or array elements
	str   string   // string or number text
	depth int
	// changed reports that a member was taken out (of this object or
	// one inside it).
	changed bool
}

// parse reads a JSON text, refusing duplicate keys and nesting deeper than
// MaxArgumentDepth.
func parse(data []byte) (*value, *Violation) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, viol := parseValue(d, "", 0)
	if viol != nil {
		return nil, viol
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, &Violation{Rule: "json", Message: "Arguments are not valid JSON: more follows the value."}
	}
	return v, nil
}

func parseValue(d *json.Decoder, path string, depth int) (*value, *Violation) {
	tok, err := d.Token()
	if err != nil {
		return nil, &Violation{Rule: "json", Message: "Arguments are not valid JSON."}
	}
	switch t := tok.(type) {
	case json.Delim:
		if depth >= MaxArgumentDepth {
			return nil, &Violation{Path: path, Rule: "depth", Message: fmt.Sprintf("Arguments are nested deeper than %d levels.", MaxArgumentDepth)}
		}
		if t == '[' {
			v := &value{kind: '[', depth: depth}
			for i := 0; d.More(); i++ {
				e, viol := parseValue(d, fmt.Sprintf("%s[%d]", path, i), depth+1)
				if viol != nil {
					return nil, viol
				}
				v.vals = append(v.vals, e)
			}
			d.Token()
			return v, nil
		}
		v := &value{kind: '{', depth: depth}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, &Violation{Rule: "json", Message: "Arguments are not valid JSON."}
			}
			key := k.(string)
			kp := join(path, key)
			if slices.Contains(v.keys, key) {
				return nil, &Violation{Path: kp, Rule: "duplicate", Message: fmt.Sprintf("Argument '%s' is given twice.", kp)}
			}
			e, viol := parseValue(d, kp, depth+1)
			if viol != nil {
				return nil, viol
			}
			v.keys, v.vals = append(v.keys, key), append(v.vals, e)
		}
		d.Token()
		return v, nil
	case string:
		return &value{kind: '"', str: t}, nil
	case json.Number:
		return &value{kind: '0', str: string(t)}, nil
	case bool:
		if t {
			return &value{kind: 't'}, nil
		}
		return &value{kind: 'f'}, nil
	}
	return &value{kind: 'n'}, nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// any converts v for the validator: maps, slices, json.Number.
func (v *value) any() any {
	switch v.kind {
	case '{':
		m := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			m[k] = v.vals[i].any()
		}
		return m
	case '[':
		s := make([]any, len(v.vals))
		for i, e := range v.vals {
			s[i] = e.any()
		}
		return s
	case '"':
		return v.str
	case '0':
		return json.Number(v.str)
	case 't':
		return true
	case 'f':
		return false
	}
	return nil
}

// append writes v as compact JSON.
func (v *value) append(b []byte) []byte {
	switch v.kind {
	case '{':
		b = append(b, '{')
		for i, k := range v.keys {
			if i > 0 {
				b = append(b, ',')
			}
			kb, _ := json.Marshal(k)
			b = append(b, kb...)
			b = append(b, ':')
			b = v.vals[i].append(b)
		}
		return append(b, '}')
	case '[':
		b = append(b, '[')
		for i, e := range v.vals {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.append(b)
		}
		return append(b, ']')
	case '"':
		sb, _ := json.Marshal(v.str)
		return append(b, sb...)
	case '0':
		return append(b, v.str...)
	case 't':
		return append(b, "true"...)
	case 'f':
		return append(b, "false"...)
	}
	return append(b, "null"...)
}

// A checker checks values against one schema: the compiled schema, and the
// schema as data for what the validator does not check (integer literals,
// date-times time.Time reads, defaults).
type checker struct {
	schema *jsonschema.Schema
	raw    map[string]any
	err    error
}

type schemaKey struct {
	p *byte
	n int
}

// checkers caches a checker per schema: the schema bytes of tools of one
// type are shared, so each is compiled once.
var checkers sync.Map // schemaKey -> *checker

func checkerOf(schema json.RawMessage) *checker {
	k := schemaKey{unsafe.SliceData(schema), len(schema)}
	if c, ok := checkers.Load(k); ok {
		return c.(*checker)
	}
	c := &checker{}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err == nil {
		comp := jsonschema.NewCompiler()
		comp.DefaultDraft(jsonschema.Draft2020)
		comp.AssertFormat()
		comp.AssertContent()
		if err = comp.AddResource("tool.json", doc); err == nil {
			c.schema, err = comp.Compile("tool.json")
		}
		c.raw, _ = doc.(map[string]any)
	}
	c.err = err
	actual, _ := checkers.LoadOrStore(k, c)
	return actual.(*checker)
}

// check validates v, and returns the violations, most useful first. noun
// is "Argument" or "Result".
func (c *checker) check(v *value, noun string) []Violation {
	var out []Violation
	if err := c.schema.Validate(v.any()); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			out = c.leaves(ve, noun, out)
		}
	}
	out = c.extra(v, c.raw, "", noun, out)
	slices.SortStableFunc(out, func(a, b Violation) int {
		if d := rank[a.Rule] - rank[b.Rule]; d != 0 {
			return d
		}
		return strings.Compare(a.Path, b.Path)
	})
	return slices.CompactFunc(out, func(a, b Violation) bool { return a.Message == b.Message })
}

// leaves turns the validator's error tree into violations.
func (c *checker) leaves(ve *jsonschema.ValidationError, noun string, out []Violation) []Violation {
	if len(ve.Causes) > 0 {
		for _, cause := range ve.Causes {
			out = c.leaves(cause, noun, out)
		}
		return out
	}
	path := pathOf(ve.InstanceLocation)
	at := func(rule, format string, args ...any) {
		out = append(out, Violation{Path: path, Rule: rule, Message: fmt.Sprintf("%s '%s' ", noun, path) + fmt.Sprintf(format, args...)})
	}
	switch k := ve.ErrorKind.(type) {
	case *kind.Required:
		for _, m := range k.Missing {
			p := join(path, m)
			out = append(out, Violation{Path: p, Rule: "missing", Message: fmt.Sprintf("%s '%s' is required.", noun, p)})
		}
	case *kind.AdditionalProperties:
		props, _ := schemaAt(c.raw, ve.InstanceLocation)["properties"].(map[string]any)
		for _, name := range k.Properties {
			p := join(path, name)
			msg := fmt.Sprintf("%s '%s' is not a parameter of the tool.", noun, p)
			for known := range props {
				if strings.EqualFold(known, name) {
					msg = fmt.Sprintf("%s '%s' is not a parameter of the tool; the parameter is '%s' (names are case-sensitive).", noun, p, join(path, known))
				}
			}
			out = append(out, Violation{Path: p, Rule: "unknown", Message: msg})
		}
	case *kind.Type:
		if k.Got == "null" {
			at("null", "must not be null.")
			return out
		}
		at("type", "must be %s.", typeWords(k.Want))
	case *kind.Enum:
		var vals []string
		for _, w := range k.Want {
			b, _ := json.Marshal(w)
			vals = append(vals, string(b))
		}
		at("enum", "must be one of %s.", strings.Join(vals, ", "))
	case *kind.Minimum:
		at("range", "must be at least %s.", ratString(k.Want))
	case *kind.Maximum:
		at("range", "must be at most %s.", ratString(k.Want))
	case *kind.MinLength:
		at("length", "must be at least %d characters long.", k.Want)
	case *kind.MaxLength:
		at("length", "must be at most %d characters long.", k.Want)
	case *kind.MinItems:
		at("items", "must have at least %d %s.", k.Want, plural(k.Want, "item"))
	case *kind.MaxItems:
		at("items", "must have at most %d %s.", k.Want, plural(k.Want, "item"))
	case *kind.UniqueItems:
		at("unique", "must not repeat an item (items %d and %d are equal).", k.Duplicates[0], k.Duplicates[1])
	case *kind.Pattern:
		at("pattern", "must match the pattern %s.", k.Want)
	case *kind.Format:
		at("format", "must be in the format %s.", k.Want)
	case *kind.ContentEncoding:
		at("format", "must be %s text.", k.Want)
	default:
		at("type", "does not fit the tool's schema.")
	}
	return out
}

// extra checks what the validator lets through and encoding/json refuses:
// a fractional or exponent literal for an integer, a number beyond a
// float64, a date-time time.Time does not read.
func (c *checker) extra(v *value, s map[string]any, path, noun string, out []Violation) []Violation {
	if s == nil || v == nil {
		return out
	}
	switch v.kind {
	case '0':
		if has(s["type"], "integer") && strings.ContainsAny(v.str, ".eE") {
			out = append(out, Violation{Path: path, Rule: "type", Message: fmt.Sprintf("%s '%s' must be an integer.", noun, path)})
		} else if has(s["type"], "number") {
			if _, err := strconv.ParseFloat(v.str, 64); err != nil {
				out = append(out, Violation{Path: path, Rule: "range", Message: fmt.Sprintf("%s '%s' is beyond the range of a number.", noun, path)})
			}
		}
	case '"':
		if s["format"] == "date-time" {
			if _, err := time.Parse(time.RFC3339Nano, v.str); err != nil {
				out = append(out, Violation{Path: path, Rule: "format", Message: fmt.Sprintf("%s '%s' must be in the format date-time.", noun, path)})
			}
		}
	case '{':
		props, _ := s["properties"].(map[string]any)
		addl, _ := s["additionalProperties"].(map[string]any)
		for i, k := range v.keys {
			ps, _ := props[k].(map[string]any)
			if ps == nil {
				ps = addl
			}
			out = c.extra(v.vals[i], ps, join(path, k), noun, out)
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for i, e := range v.vals {
			out = c.extra(e, items, fmt.Sprintf("%s[%d]", path, i), noun, out)
		}
	}
	return out
}

// fillDefaults adds the defaults of absent properties, in objects at any
// depth that the arguments have, and reports whether it added any.
func fillDefaults(v *value, s map[string]any) (added bool) {
	if v == nil || s == nil {
		return false
	}
	switch v.kind {
	case '{':
		props, _ := s["properties"].(map[string]any)
		for i, k := range v.keys {
			ps, _ := props[k].(map[string]any)
			if ps == nil {
				ps, _ = s["additionalProperties"].(map[string]any)
			}
			added = fillDefaults(v.vals[i], ps) || added
		}
		// Properties in schema order: the order of the schema's keys is
		// lost in a map, so defaults are added by name order.
		var names []string
		for name, p := range props {
			if _, ok := p.(map[string]any)["default"]; ok && !slices.Contains(v.keys, name) {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		for _, name := range names {
			b, _ := json.Marshal(props[name].(map[string]any)["default"])
			dv, _ := parse(b)
			v.keys, v.vals = append(v.keys, name), append(v.vals, dv)
			added = true
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for _, e := range v.vals {
			added = fillDefaults(e, items) || added
		}
	}
	return added
}

// dropOptionalNulls takes out the null members of objects whose property
// is optional and does not take null: null for an optional argument means
// absent (OpenAI's strict mode sends null for each optional argument it
// leaves out).
func dropOptionalNulls(v *value, s map[string]any) {
	if v == nil || s == nil {
		return
	}
	switch v.kind {
	case '{':
		props, _ := s["properties"].(map[string]any)
		required := asStrings(s["required"])
		keys, vals := v.keys[:0:0], v.vals[:0:0]
		for i, k := range v.keys {
			ps, _ := props[k].(map[string]any)
			if v.vals[i].kind == 'n' && ps != nil && !slices.Contains(required, k) && !takesNull(ps) {
				v.changed = true
				continue
			}
			if ps == nil {
				ps, _ = s["additionalProperties"].(map[string]any)
			}
			dropOptionalNulls(v.vals[i], ps)
			v.changed = v.changed || v.vals[i].changed
			keys, vals = append(keys, k), append(vals, v.vals[i])
		}
		v.keys, v.vals = keys, vals
	case '[':
		items, _ := s["items"].(map[string]any)
		for _, e := range v.vals {
			dropOptionalNulls(e, items)
			v.changed = v.changed || e.changed
		}
	}
}

// takesNull reports whether a schema allows null.
func takesNull(s map[string]any) bool {
	t, ok := s["type"]
	return !ok || has(t, "null")
}

func asStrings(v any) []string {
	var out []string
	if a, ok := v.([]any); ok {
		for _, e := range a {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// schemaAt returns the schema of the value at an instance location.
func schemaAt(s map[string]any, loc []string) map[string]any {
	for _, seg := range loc {
		if s == nil {
			return nil
		}
		if props, ok := s["properties"].(map[string]any); ok {
			if ps, ok := props[seg].(map[string]any); ok {
				s = ps
				continue
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			s = items
			continue
		}
		s, _ = s["additionalProperties"].(map[string]any)
	}
	return s
}

func has(t any, name string) bool {
	switch t := t.(type) {
	case string:
		return t == name
	case []any:
		return slices.Contains(t, any(name))
	}
	return false
}

// pathOf writes an instance location as items[2].qty.
func pathOf(loc []string) string {
	var b strings.Builder
	for _, seg := range loc {
		if _, err := strconv.Atoi(seg); err == nil {
			b.WriteString("[" + seg + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(seg)
	}
	return b.String()
}

func typeWords(want []string) string {
	words := map[string]string{"integer": "an integer", "number": "a number", "string": "a string",
		"boolean": "true or false", "array": "an array", "object": "an object", "null": "null"}
	var ws []string
	for _, w := range want {
		ws = append(ws, words[w])
	}
	return strings.Join(ws, " or ")
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
