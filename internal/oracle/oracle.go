// Package oracle is the parity suite's independent checker of arguments
// and results: it validates them against a tool's schema bytes with
// github.com/santhosh-tekuri/jsonschema/v6, and the parity tests require
// the invoker's typed checks to give the same violations. It shares with
// the invoker only the order of violations and the words that start a
// message (internal/violation), so that the two must agree on what is
// wrong by checking in two ways. Only tests and the parity suite import
// it (a test checks): raw-schema tools have their own checker,
// internal/rawcheck.
package oracle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/violation"
	"github.com/toolschema/toolschema/tool"
)

// Violation is the invoker's.
type Violation = tool.Violation

// MaxArgumentDepth is the invoker's.
const MaxArgumentDepth = limits.MaxArgumentDepth

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
	// at indexes the keys of a large object, made at the first look-up.
	at map[string]int
}

// index returns the position of key k in an object, -1 when absent: in
// constant time past a few keys (a path is rendered for each violation,
// and one object may bring many).
func (v *value) index(k string) int {
	if len(v.keys) <= 16 {
		return slices.Index(v.keys, k)
	}
	if v.at == nil {
		v.at = make(map[string]int, len(v.keys))
		for i, key := range v.keys {
			if _, ok := v.at[key]; !ok {
				v.at[key] = i
			}
		}
	}
	if i, ok := v.at[k]; ok {
		return i
	}
	return -1
}

// A parseError is what makes a JSON text unusable, where it is.
type parseError struct {
	rule string   // json, depth, duplicate, range
	loc  []string // the location of the value at fault
}

// parser reads JSON into values. For arguments it refuses duplicate keys
// and nesting deeper than MaxArgumentDepth; a result is only read.
type parser struct {
	d    *json.Decoder
	args bool
}

// parse reads a JSON text.
func parse(data []byte, args bool) (*value, *parseError) {
	p := &parser{d: json.NewDecoder(bytes.NewReader(data)), args: args}
	p.d.UseNumber()
	v, perr := p.value(nil, 0)
	if perr != nil {
		return nil, perr
	}
	if _, err := p.d.Token(); err != io.EOF {
		return nil, &parseError{rule: "json"}
	}
	return v, nil
}

func (p *parser) value(loc []string, depth int) (*value, *parseError) {
	tok, err := p.d.Token()
	if err != nil {
		return nil, &parseError{rule: "json"}
	}
	switch t := tok.(type) {
	case json.Delim:
		if t != '[' && t != '{' {
			return nil, &parseError{rule: "json"}
		}
		if p.args && depth >= MaxArgumentDepth {
			return nil, &parseError{rule: "depth", loc: loc}
		}
		v := &value{kind: byte(t), depth: depth}
		var seen map[string]bool
		for i := 0; p.d.More(); i++ {
			sub := loc
			if t == '{' {
				k, err := p.d.Token()
				if err != nil {
					return nil, &parseError{rule: "json"}
				}
				key := k.(string)
				sub = append(slices.Clip(loc), keyMark+key)
				if p.args {
					if seen == nil && len(v.keys) >= 16 {
						seen = map[string]bool{}
						for _, k := range v.keys {
							seen[k] = true
						}
					}
					if seen != nil && seen[key] || seen == nil && slices.Contains(v.keys, key) {
						return nil, &parseError{rule: "duplicate", loc: sub}
					}
					if seen != nil {
						seen[key] = true
					}
				}
				v.keys = append(v.keys, key)
			} else {
				sub = append(slices.Clip(loc), indexMark+strconv.Itoa(i))
			}
			e, perr := p.value(sub, depth+1)
			if perr != nil {
				return nil, perr
			}
			v.vals = append(v.vals, e)
		}
		// The closing delimiter: its absence is a truncated text.
		if end, err := p.d.Token(); err != nil || end != json.Delim(t+2) {
			return nil, &parseError{rule: "json"}
		}
		return v, nil
	case string:
		return &value{kind: '"', str: t}, nil
	case json.Number:
		if len(t) > limits.MaxNumberLength {
			return nil, &parseError{rule: "size", loc: loc}
		}
		if e := schema.Exponent(string(t)); e > schema.MaxExponent || e < -schema.MaxExponent {
			return nil, &parseError{rule: "range", loc: loc}
		}
		return &value{kind: '0', str: string(t)}, nil
	case bool:
		if t {
			return &value{kind: 't'}, nil
		}
		return &value{kind: 'f'}, nil
	}
	return &value{kind: 'n'}, nil
}

// violation turns a parse error into a violation, its path rendered
// against the schema s (nil: no schema known).
func (e *parseError) violation(noun string, c *checker) Violation {
	path := c.render(e.loc, nil)
	switch e.rule {
	case "depth":
		return Violation{Path: path, Rule: "depth", Message: fmt.Sprintf("%s nested deeper than %d levels.", violation.Whole(noun), MaxArgumentDepth)}
	case "duplicate":
		return Violation{Path: path, Rule: "duplicate", Message: fmt.Sprintf("%s '%s' is given twice.", noun, path)}
	case "range":
		return Violation{Path: path, Rule: "range", Message: fmt.Sprintf("%s '%s' is beyond the range of a number.", noun, path)}
	case "size":
		return Violation{Path: path, Rule: "size", Message: fmt.Sprintf("%s is a number of more than %d characters.", violation.Subject(noun, path), limits.MaxNumberLength)}
	}
	return Violation{Rule: "json", Message: violation.Whole(noun) + " not valid JSON."}
}

// indexMark starts a location segment the parser knows is an array index,
// keyMark one it knows is an object's key. The parser marks every segment
// (a key may start with any character, the marks included); a location
// from the validator, rendered against the value, is not marked.
const (
	indexMark = "\x00"
	keyMark   = "\x01"
)

// render writes a location as a path, walking the schema and, when known,
// the value: a property is .name, an array element [i], a map value {}
// (the key is the model's text: it is not repeated), a name the schema
// lacks quoted and cut short.
func (c *checker) render(loc []string, v *value) string {
	// A location without a value is the parser's, whose segments are
	// marked.
	marked := v == nil
	s := c.view(c.raw)
	var b strings.Builder
	dot := func() {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
	}
	for _, seg := range loc {
		props, _ := s["properties"].(map[string]any)
		items, _ := s["items"].(map[string]any)
		addl, isMap := s["additionalProperties"].(map[string]any)
		inArray := v != nil && v.kind == '['
		if marked {
			inArray = strings.HasPrefix(seg, indexMark)
			seg = seg[1:]
		}
		var next *value
		if v != nil {
			if v.kind == '[' {
				if i, err := strconv.Atoi(seg); err == nil && i < len(v.vals) {
					next = v.vals[i]
				}
			} else if i := v.index(seg); i >= 0 {
				next = v.vals[i]
			}
		}
		v = next
		switch ps, isProp := props[seg].(map[string]any); {
		case inArray:
			b.WriteString("[" + seg + "]")
			s = c.view(items)
		case isProp:
			dot()
			b.WriteString(seg)
			s = c.view(ps)
		case isMap:
			b.WriteString("{}")
			s = c.view(addl)
		default:
			dot()
			b.WriteString(violation.QuoteKey(seg))
			s = nil
		}
	}
	return b.String()
}

func isIndex(seg string) bool {
	_, err := strconv.Atoi(seg)
	return err == nil && !strings.HasPrefix(seg, "+") && !strings.HasPrefix(seg, "-")
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
// date-times time.Time reads, defaults) and for writing paths.
type checker struct {
	schema *jsonschema.Schema
	raw    map[string]any
	// views holds, for each object schema with an in-document $ref,
	// the schema as the checks beside the validator's read it: the
	// $ref's target with the schema's own keywords over it.
	views map[unsafe.Pointer]map[string]any
	// defaults holds, for each object schema (or view) whose properties
	// have defaults, their names in order.
	defaults map[unsafe.Pointer][]string
	err      error
	v        *value // the value being checked
}

// view returns s as the checks read it: s itself, or when s holds a $ref,
// its target with s's own keywords over it (properties of both, required
// of both).
func (c *checker) view(s map[string]any) map[string]any {
	if s == nil || len(c.views) == 0 {
		return s
	}
	if _, ok := s["$ref"]; !ok {
		return s
	}
	if m := c.views[mapKey(s)]; m != nil {
		return m
	}
	return s
}

func mapKey(m map[string]any) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }

// buildViews makes the views of the schemas with a $ref in doc. A chain of
// $ref is followed to its end; a cycle of $ref alone (which the validator
// refuses at a call) ends where it closes.
func buildViews(doc *metaschema.Doc) map[unsafe.Pointer]map[string]any {
	targets := map[unsafe.Pointer]map[string]any{}
	var froms []map[string]any
	doc.Refs(func(r metaschema.Ref) {
		if r.Key == "$ref" {
			targets[mapKey(r.From)] = r.To
			froms = append(froms, r.From)
		}
	})
	if len(targets) == 0 {
		return nil
	}
	views := map[unsafe.Pointer]map[string]any{}
	building := map[unsafe.Pointer]bool{}
	var build func(s map[string]any) map[string]any
	build = func(s map[string]any) map[string]any {
		k := mapKey(s)
		if v := views[k]; v != nil {
			return v
		}
		t := targets[k]
		if t == nil || building[k] {
			return s
		}
		building[k] = true
		m := maps.Clone(build(t))
		delete(m, "$ref")
		for name, v := range s {
			switch name {
			case "$ref":
			case "properties":
				own, _ := v.(map[string]any)
				theirs, _ := m[name].(map[string]any)
				props := maps.Clone(theirs)
				if props == nil {
					props = map[string]any{}
				}
				maps.Copy(props, own)
				m[name] = props
			case "required":
				req, _ := m[name].([]any)
				m[name] = append(slices.Clip(req), asAnys(v)...)
			default:
				m[name] = v
			}
		}
		views[k] = m
		return m
	}
	for _, from := range froms {
		build(from)
	}
	return views
}

// defaultNames finds, in every object of the document and every view, the
// properties with a default, by name order.
func (c *checker) defaultNames(root any) map[unsafe.Pointer][]string {
	out := map[unsafe.Pointer][]string{}
	add := func(s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		var names []string
		for name, p := range props {
			ps, _ := p.(map[string]any)
			if _, ok := c.view(ps)["default"]; ok {
				names = append(names, name)
			}
		}
		if names != nil {
			slices.Sort(names)
			out[mapKey(s)] = names
		}
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			add(v)
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(root)
	for _, m := range c.views {
		add(m)
	}
	return out
}

func asAnys(v any) []any { a, _ := v.([]any); return a }

// checkers holds a checker per schema text: tools of one type share their
// schema, so each is compiled once. Their number is that of the distinct
// schemas in the program.
var checkers struct {
	sync.RWMutex
	m map[string]*checker
}

func checkerOf(schema json.RawMessage) *checker {
	checkers.RLock()
	c := checkers.m[string(schema)]
	checkers.RUnlock()
	if c != nil {
		return c
	}
	c = compileChecker(schema)
	checkers.Lock()
	defer checkers.Unlock()
	if old := checkers.m[string(schema)]; old != nil {
		return old
	}
	if checkers.m == nil {
		checkers.m = map[string]*checker{}
	}
	checkers.m[string(schema)] = c
	return c
}

// compileChecker compiles schema into a checker of its own.
func compileChecker(schema json.RawMessage) *checker {
	c := &checker{}
	sch, doc, err := metaschema.Compile(schema, func(comp *jsonschema.Compiler) {
		comp.AssertFormat()
		comp.AssertContent()
	})
	c.schema, c.err = sch, err
	if doc != nil {
		c.raw, _ = doc.Root.(map[string]any)
		c.views = buildViews(doc)
		c.defaults = c.defaultNames(doc.Root)
	}
	return c
}

// check validates v, and returns the violations, most useful first. noun
// is "Argument" or "Result".
func (c *checker) check(v *value, noun string) (out []Violation) {
	cc := *c
	cc.v = v
	c = &cc
	defer func() {
		// The validator is not ours: whatever it chokes on is refused,
		// never a crash.
		if r := recover(); r != nil {
			msg := "The arguments do not fit the tool's schema."
			if noun == "Result" {
				msg = "The result does not fit the tool's output schema."
			}
			out = []Violation{{Rule: "type", Message: msg}}
		}
	}()
	if err := c.schema.Validate(v.any()); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			out = c.leaves(ve, noun, out)
		}
	}
	out = Sort(c.extra(v, c.view(c.raw), nil, noun, out))
	// One type violation per value: the validator's ("must be an integer
	// or null.") over the extra check's ("must be an integer.").
	// (By path, in one pass: a hostile call can bring many.)
	typeMessages := map[string][]string{}
	for _, v := range out {
		if v.Rule == "type" {
			typeMessages[v.Path] = append(typeMessages[v.Path], v.Message)
		}
	}
	return slices.DeleteFunc(out, func(a Violation) bool {
		return a.Rule == "type" && strings.HasSuffix(a.Message, "must be an integer.") &&
			slices.ContainsFunc(typeMessages[a.Path], func(m string) bool { return m != a.Message })
	})
}

// Sort orders violations most useful first, as the invoker does
// (violation.Compare), and drops repeated messages.
func Sort(out []Violation) []Violation {
	slices.SortStableFunc(out, func(a, b Violation) int {
		return violation.Compare(a.Rule, a.Path, a.Message, b.Rule, b.Path, b.Message)
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
	loc := ve.InstanceLocation
	path := c.render(loc, c.v)
	at := func(rule, format string, args ...any) {
		out = append(out, Violation{Path: path, Rule: rule, Message: violation.Subject(noun, path) + " " + fmt.Sprintf(format, args...)})
	}
	here := c.schemaAt(loc)
	switch k := ve.ErrorKind.(type) {
	case *kind.Required:
		for _, m := range k.Missing {
			p := c.render(append(slices.Clip(loc), m), c.v)
			out = append(out, Violation{Path: p, Rule: "missing", Message: fmt.Sprintf("%s '%s' is required.", noun, p)})
		}
	case *kind.AdditionalProperties:
		props, _ := here["properties"].(map[string]any)
		for _, name := range k.Properties {
			p := c.render(append(slices.Clip(loc), name), c.v)
			msg := fmt.Sprintf("%s '%s' is not a parameter of the tool.", noun, p)
			for known := range props {
				if strings.EqualFold(known, name) {
					msg = fmt.Sprintf("%s '%s' is not a parameter of the tool; the parameter is '%s' (names are case-sensitive).",
						noun, p, c.render(append(slices.Clip(loc), known), c.v))
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
		// The values as the schema lists them, up to a bound: a raw
		// schema's enum may be long.
		var vals strings.Builder
		for i, w := range k.Want {
			if vals.Len() > maxListed {
				fmt.Fprintf(&vals, ", … and %d more", len(k.Want)-i)
				break
			}
			if i > 0 {
				vals.WriteString(", ")
			}
			b, _ := json.Marshal(w)
			vals.WriteString(metaschema.Cut(string(b), maxListed))
		}
		at("enum", "must be one of %s.", vals.String())
	case *kind.Minimum:
		at("range", "must be at least %s.", bound(here, "minimum", k.Want))
	case *kind.Maximum:
		at("range", "must be at most %s.", bound(here, "maximum", k.Want))
	case *kind.MinLength:
		at("length", "must be at least %d %s long.", k.Want, violation.Plural(k.Want, "character"))
	case *kind.MaxLength:
		at("length", "must be at most %d %s long.", k.Want, violation.Plural(k.Want, "character"))
	case *kind.MinItems:
		at("items", "must have at least %d %s.", k.Want, violation.Plural(k.Want, "item"))
	case *kind.MaxItems:
		at("items", "must have at most %d %s.", k.Want, violation.Plural(k.Want, "item"))
	case *kind.UniqueItems:
		at("unique", "must not repeat an item (items %d and %d are equal).", k.Duplicates[0], k.Duplicates[1])
	case *kind.Pattern:
		at("pattern", "must match the pattern %s.", metaschema.Cut(k.Want, maxListed))
	case *kind.Format:
		at("format", "must be in the format %s.", metaschema.Cut(k.Want, maxListed))
	case *kind.ContentEncoding:
		at("format", "must be %s text.", metaschema.Cut(k.Want, maxListed))
	default:
		at("type", "does not fit the tool's schema.")
	}
	return out
}

// maxListed bounds the text of a schema's values that a violation lists
// (an enum's values, a pattern): past it, the message says how much more
// there was.
const maxListed = 512

// bound writes a minimum or maximum as the schema writes it.
func bound(s map[string]any, key string, r *big.Rat) string {
	if n, ok := s[key].(json.Number); ok {
		return string(n)
	}
	return ratString(r)
}

// extra checks what the validator lets through and encoding/json refuses:
// a fractional or exponent literal for an integer, a number beyond a float64, a date-time time.Time does not read.
func (c *checker) extra(v *value, s map[string]any, loc []string, noun string, out []Violation) []Violation {
	if s == nil || v == nil {
		return out
	}
	add := func(rule, msg string) {
		path := c.render(loc, c.v)
		out = append(out, Violation{Path: path, Rule: rule, Message: violation.Subject(noun, path) + " " + msg})
	}
	switch v.kind {
	case '0':
		switch {
		case has(s["type"], "integer") && strings.ContainsAny(v.str, ".eE"):
			add("type", "must be an integer.")
		case has(s["type"], "number"):
			if _, err := strconv.ParseFloat(v.str, 64); err != nil {
				add("range", "is beyond the range of a number.")
			}
		}
	case '"':
		if s["format"] == "date-time" {
			if _, err := time.Parse(time.RFC3339Nano, v.str); err != nil {
				add("format", "must be in the format date-time.")
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
			out = c.extra(v.vals[i], c.view(ps), append(slices.Clip(loc), k), noun, out)
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for i, e := range v.vals {
			out = c.extra(e, c.view(items), append(slices.Clip(loc), strconv.Itoa(i)), noun, out)
		}
	}
	return out
}

// fillDefaults adds the defaults of absent properties, in objects at any
// depth that the arguments have, and reports whether it added any.
func (c *checker) fillDefaults(v *value, s map[string]any) (added bool) {
	s = c.view(s)
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
			added = c.fillDefaults(v.vals[i], ps) || added
		}
		// Properties in schema order: the order of the schema's keys is
		// lost in a map, so defaults are added by name order. (The names
		// are found once, at compile: a call of many objects would
		// otherwise go over every property for each.)
		var present map[string]bool
		if len(v.keys) > 16 {
			present = make(map[string]bool, len(v.keys))
			for _, k := range v.keys {
				present[k] = true
			}
		}
		for _, name := range c.defaults[mapKey(s)] {
			if present != nil && present[name] || present == nil && slices.Contains(v.keys, name) {
				continue
			}
			ps, _ := props[name].(map[string]any)
			b, _ := json.Marshal(c.view(ps)["default"])
			dv, _ := parse(b, false)
			v.keys, v.vals = append(v.keys, name), append(v.vals, dv)
			added = true
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for _, e := range v.vals {
			added = c.fillDefaults(e, items) || added
		}
	}
	return added
}

// dropOptionalNulls takes out the null members of objects whose property
// is optional and does not take null: null for an optional argument means
// absent (OpenAI's strict mode sends null for each optional argument it
// leaves out).
func (c *checker) dropOptionalNulls(v *value, s map[string]any) {
	s = c.view(s)
	if v == nil || s == nil {
		return
	}
	switch v.kind {
	case '{':
		props, _ := s["properties"].(map[string]any)
		var required map[string]bool // read at the first null: a call may bring many objects
		keys, vals := v.keys[:0:0], v.vals[:0:0]
		for i, k := range v.keys {
			ps, _ := props[k].(map[string]any)
			if v.vals[i].kind == 'n' && ps != nil && required == nil {
				required = map[string]bool{}
				for _, r := range asStrings(s["required"]) {
					required[r] = true
				}
			}
			if v.vals[i].kind == 'n' && ps != nil && !required[k] && !takesNull(c.view(ps)) {
				v.changed = true
				continue
			}
			if ps == nil {
				ps, _ = s["additionalProperties"].(map[string]any)
			}
			c.dropOptionalNulls(v.vals[i], ps)
			v.changed = v.changed || v.vals[i].changed
			keys, vals = append(keys, k), append(vals, v.vals[i])
		}
		v.keys, v.vals = keys, vals
	case '[':
		items, _ := s["items"].(map[string]any)
		for _, e := range v.vals {
			c.dropOptionalNulls(e, items)
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
func (c *checker) schemaAt(loc []string) map[string]any {
	s := c.view(c.raw)
	for _, seg := range loc {
		if s == nil {
			return nil
		}
		if props, ok := s["properties"].(map[string]any); ok {
			if ps, ok := props[seg].(map[string]any); ok {
				s = c.view(ps)
				continue
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			s = c.view(items)
			continue
		}
		s, _ = s["additionalProperties"].(map[string]any)
		s = c.view(s)
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

// Arguments checks and completes a call's arguments as the invoker did
// with the validator: the completed arguments, or the violations (all of
// them: the invoker keeps the first limits.MaxViolations).
func Arguments(schema json.RawMessage, args []byte) (json.RawMessage, []Violation) {
	return checkerOf(schema).arguments(args)
}

func (c *checker) arguments(args []byte) (json.RawMessage, []Violation) {
	if len(bytes.Trim(args, " \t\r\n")) == 0 {
		args = []byte("{}")
	}
	v, perr := parse(args, true)
	if perr != nil {
		return nil, []Violation{perr.violation("Argument", c)}
	}
	if v.kind != '{' {
		return nil, []Violation{{Rule: "object", Message: "Arguments must be a JSON object."}}
	}
	if c.err != nil {
		return nil, []Violation{{Rule: "json", Message: "The tool's input schema does not compile."}}
	}
	c.dropOptionalNulls(v, c.raw)
	if viols := c.check(v, "Argument"); len(viols) > 0 {
		return nil, viols
	}
	if !c.fillDefaults(v, c.raw) && !v.changed {
		return args, nil // nothing added or taken: the arguments as given
	}
	return v.append(nil), nil
}

// Result checks a tool's JSON result against its output schema.
func Result(schema json.RawMessage, data []byte) []Violation {
	c := checkerOf(schema)
	v, perr := parse(data, false)
	if perr != nil {
		return []Violation{perr.violation("Result", c)}
	}
	if c.err != nil {
		return nil
	}
	return c.check(v, "Result")
}

// ArgumentsRepaired is Arguments under tool.RepairArgs: where a value's
// JSON type is not the one its schema names, it is first read as the
// invoker's repair mode reads it, when the schema makes that unambiguous
// (a string that is exactly a JSON number for an integer or a number,
// "true" or "false" for a boolean, a string that is exactly a JSON text
// of the array or object wanted, a scalar of the items' type where an
// array is wanted), and then checked as Arguments checks. It returns the
// paths of the values read so, in the order of the text, on a refusal
// too.
func ArgumentsRepaired(schema json.RawMessage, args []byte) (json.RawMessage, []Violation, []string) {
	c := checkerOf(schema)
	if len(bytes.Trim(args, " \t\r\n")) == 0 {
		args = []byte("{}")
	}
	v, perr := parse(args, true)
	if perr != nil {
		return nil, []Violation{perr.violation("Argument", c)}, nil
	}
	if v.kind != '{' {
		return nil, []Violation{{Rule: "object", Message: "Arguments must be a JSON object."}}, nil
	}
	if c.err != nil {
		return nil, []Violation{{Rule: "json", Message: "The tool's input schema does not compile."}}, nil
	}
	var paths []string
	if perr := c.repair(v, c.raw, nil, 0, &paths); perr != nil {
		return nil, []Violation{perr.violation("Argument", c)}, paths
	}
	if len(paths) == 0 {
		out, viols := c.arguments(args)
		return out, viols, nil
	}
	c.dropOptionalNulls(v, c.raw)
	if viols := c.check(v, "Argument"); len(viols) > 0 {
		return nil, viols, paths
	}
	c.fillDefaults(v, c.raw)
	return v.append(nil), nil, paths
}

// repair reads, in place, the values under v (at loc, depth) whose JSON
// type their schema s does not name as the repair mode does, and adds
// their paths to paths. A JSON text read so may break what any arguments
// must keep (a key given twice, the depth): that is the error.
func (c *checker) repair(v *value, s map[string]any, loc []string, depth int, paths *[]string) *parseError {
	s = c.view(s)
	if v == nil || s == nil {
		return nil
	}
	want := wanted(s)
	if want != "" && v.kind != 'n' && !fits(v.kind, want) {
		if perr := c.repairOne(v, s, want, loc, depth, paths); perr != nil {
			return perr
		}
	}
	switch v.kind {
	case '{':
		props, _ := s["properties"].(map[string]any)
		addl, _ := s["additionalProperties"].(map[string]any)
		for i, k := range v.keys {
			ps, ok := props[k].(map[string]any)
			if !ok {
				if _, ok := s["properties"]; ok || addl == nil {
					continue // a name the schema lacks: refused, not read
				}
				ps = addl
			}
			if perr := c.repair(v.vals[i], ps, append(slices.Clip(loc), keyMark+k), depth+1, paths); perr != nil {
				return perr
			}
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for i, e := range v.vals {
			if perr := c.repair(e, items, append(slices.Clip(loc), indexMark+strconv.Itoa(i)), depth+1, paths); perr != nil {
				return perr
			}
		}
	}
	return nil
}

// repairOne reads v, whose JSON type is not want, as the repair mode
// does, when a rule applies; v is changed in place.
func (c *checker) repairOne(v *value, s map[string]any, want string, loc []string, depth int, paths *[]string) *parseError {
	var read *value
	switch {
	case v.kind == '"' && (want == "integer" || want == "number"):
		if !isNumberText(v.str, want == "integer") {
			return nil
		}
		if len(v.str) > limits.MaxNumberLength {
			*paths = append(*paths, c.render(loc, nil))
			return &parseError{rule: "size", loc: loc}
		}
		if e := schema.Exponent(v.str); e > schema.MaxExponent || e < -schema.MaxExponent {
			*paths = append(*paths, c.render(loc, nil))
			return &parseError{rule: "range", loc: loc}
		}
		read = &value{kind: '0', str: v.str}
	case v.kind == '"' && want == "boolean":
		switch v.str {
		case "true":
			read = &value{kind: 't'}
		case "false":
			read = &value{kind: 'f'}
		default:
			return nil
		}
	case v.kind == '"' && (want == "array" || want == "object"):
		open, closing := "[", "]"
		if want == "object" {
			open, closing = "{", "}"
		}
		text := v.str
		if want == "array" && !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "[") {
			if items, _ := s["items"].(map[string]any); itemsTake(c.view(items), '"') {
				read = &value{kind: '[', vals: []*value{{kind: '"', str: v.str}}, depth: depth}
			}
			break
		}
		if !strings.HasPrefix(text, open) || !strings.HasSuffix(text, closing) || len(text) < 2 {
			return nil
		}
		if !json.Valid([]byte(text)) {
			// Not a JSON text, though the parser might stop at a key
			// given twice before it reaches the fault: not read.
			return nil
		}
		p := &parser{d: json.NewDecoder(strings.NewReader(text)), args: true}
		p.d.UseNumber()
		inner, perr := p.value(loc, depth)
		if perr != nil && perr.rule == "json" {
			return nil // not a JSON text: not read
		}
		if perr == nil {
			if _, err := p.d.Token(); err != io.EOF {
				return nil
			}
		}
		*paths = append(*paths, c.render(loc, nil))
		if perr != nil {
			return perr
		}
		*v = *inner
		return nil
	case want == "array" && (v.kind == '0' || v.kind == 't' || v.kind == 'f'):
		if items, _ := s["items"].(map[string]any); itemsTake(c.view(items), v.kind) {
			e := *v
			read = &value{kind: '[', vals: []*value{&e}, depth: depth}
		}
	}
	if read == nil {
		return nil
	}
	*paths = append(*paths, c.render(loc, nil))
	*v = *read
	return nil
}

// wanted returns the JSON type a schema names besides null, "" when it
// names none or more than one.
func wanted(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		out := ""
		for _, e := range t {
			if e == "null" {
				continue
			}
			if out != "" {
				return ""
			}
			out, _ = e.(string)
		}
		return out
	}
	return ""
}

// fits reports whether a value of kind k is of JSON type want (an integer
// is told from a number later).
func fits(k byte, want string) bool {
	switch want {
	case "string":
		return k == '"'
	case "integer", "number":
		return k == '0'
	case "boolean":
		return k == 't' || k == 'f'
	case "array":
		return k == '['
	case "object":
		return k == '{'
	}
	return true
}

// itemsTake reports whether an array whose items have schema items takes
// an item of kind k: its type fits, or the items name no one type.
func itemsTake(items map[string]any, k byte) bool {
	if items == nil {
		return false
	}
	if _, typed := items["type"]; !typed {
		return true
	}
	w := wanted(items)
	return w != "" && fits(k, w)
}

// isNumberText reports whether s is exactly a JSON number literal, and
// for an integer one without fraction or exponent, by the grammar as a
// regular expression.
func isNumberText(s string, integer bool) bool {
	if integer {
		return integerText.MatchString(s)
	}
	return numberTextRE.MatchString(s)
}

var (
	integerText  = regexp.MustCompile(`^-?(0|[1-9][0-9]*)$`)
	numberTextRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)
)
