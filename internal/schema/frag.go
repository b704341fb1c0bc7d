package schema

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// jtype is the JSON type a fragment allows (besides null).
type jtype uint8

const (
	jAny jtype = iota // no "type" keyword: any JSON value
	jBoolean
	jInteger
	jNumber
	jString
	jArray
	jObject
)

var jtypeNames = [...]string{jAny: "any", jBoolean: "boolean", jInteger: "integer", jNumber: "number",
	jString: "string", jArray: "array", jObject: "object"}

// intBounds is the range of an integer type; bits 0 means unbounded.
type intBounds struct {
	signed bool
	bits   int
}

func (r intBounds) min() string {
	switch {
	case r.bits == 0:
		return ""
	case !r.signed:
		return "0"
	}
	if s, ok := intLimits[r]; ok {
		return s[0]
	}
	return strconv.FormatInt(-1<<(r.bits-1), 10)
}

func (r intBounds) max() string {
	if r.bits == 0 {
		return ""
	}
	if s, ok := intLimits[r]; ok {
		return s[1]
	}
	if !r.signed {
		return strconv.FormatUint(math.MaxUint64>>(64-r.bits), 10)
	}
	return strconv.FormatInt(math.MaxInt64>>(64-r.bits), 10)
}

// MaxSafeInteger is 2^53-1, the largest integer every JSON reader holds
// exactly: the provider SDKs and every JavaScript client read numbers as
// float64, and change the text of a larger one (9223372036854775807
// comes back as 9223372036854776000). No schema carries a bound beyond
// ±MaxSafeInteger.
const MaxSafeInteger = 1<<53 - 1

// schemaMin and schemaMax are the type's bounds as a schema writes them:
// "" for one beyond ±MaxSafeInteger (a 64-bit type has no bounds of its
// own; unsigned keeps minimum 0). The invoker still checks the type's
// whole range (see Builder.Checks).
func (r intBounds) schemaMin() string {
	if r.bits > 53 && r.signed {
		return ""
	}
	return r.min()
}

func (r intBounds) schemaMax() string {
	if r.bits > 53 {
		return ""
	}
	return r.max()
}

// intLimits holds the bounds of the usual sizes, written once.
var intLimits = map[intBounds][2]string{}

func init() {
	for _, bits := range []int{8, 16, 32, 64} {
		s := intBounds{signed: true, bits: bits}
		u := intBounds{bits: bits}
		intLimits[s] = [2]string{strconv.FormatInt(-1<<(bits-1), 10), strconv.FormatInt(math.MaxInt64>>(64-bits), 10)}
		intLimits[u] = [2]string{"0", strconv.FormatUint(math.MaxUint64>>(64-bits), 10)}
	}
}

// limit is an optional non-negative count (minLength, maxItems, ...).
type limit struct {
	n  int64
	ok bool
}

// A frag is one schema fragment, held as its keywords so that a field's tags
// can replace some of them. Nested fragments are kept as encoded bytes.
type frag struct {
	typ     jtype
	null    bool // "null" is allowed as well
	format  string
	desc    string
	enum    [][]byte // encoded values
	minimum string   // JSON number text
	maximum string
	// exclMin and exclMax are exclusiveMinimum and exclusiveMaximum,
	// multipleOf the step a value is a multiple of: JSON number texts,
	// "" when not set. Only a tag sets them.
	exclMin, exclMax string
	multipleOf       string
	// ownMin and ownMax report that minimum and maximum are the Go type's
	// own range, written from its kind (not by a tag): what a provider
	// conversion may leave unsaid (see OwnBoundPaths).
	ownMin, ownMax bool
	lo             intBounds // range of the Go integer type, for checking tags
	fbits          int       // size of the Go float type (32, 64; 0: unbounded)
	// textCheck, for a well-known text type, says whether a default is
	// a text the type reads.
	textCheck func(string) bool
	// ptrMarshal, for a well-known type, says its marshalling method has
	// a pointer receiver.
	ptrMarshal bool
	// numText, for a well-known type, says its text is a number its own
	// method reads at a cost past the text's length (Check.NumberText).
	numText  bool
	minLen   limit
	maxLen   limit
	pattern  string
	encoding string // contentEncoding
	items    []byte
	minItems limit
	maxItems limit
	unique   bool
	fixedLen bool   // a Go array: minItems and maxItems are its length
	props    []prop // a struct: its properties in order (not nil, even when empty)
	addl     []byte // additionalProperties
	deflt    []byte // encoded default value
	// decl is the schema of a type that declares it.
	decl *declFrag
	// header is the name of the HTTP header the value is mirrored into
	// (x-mcp-header), from the field's mcpHeader tag.
	header string
	// headers are the headers of the properties within f reached through
	// properties alone, by path: a struct's, and its nested structs'.
	headers []headerUse
}

// A headerUse is one property with an mcpHeader tag.
type headerUse struct {
	name  string // the header's name
	path  string // the property's path, from the fragment
	field *Field
	// again counts the other paths that reach the same field, each
	// naming the header again (a duplicate MCP refuses), and second is
	// the first of them: a field reached along many paths is one use
	// (see foldHeaders).
	again  int
	second string
}

// A declFrag is the fragment of a type that declares its schema: what is
// written, as it is (with null allowed, through a pointer), and the type's
// own schema.
type declFrag struct {
	raw, own []byte
}

// A prop is one property of a struct's closed object.
type prop struct {
	name     string // the JSON name
	schema   []byte // the encoded fragment
	optional bool   // not in the required list
}

// append writes f as compact JSON, keywords in the contract's fixed order:
// type, format, description, x-mcp-header, enum, minimum, exclusiveMinimum,
// maximum, exclusiveMaximum, multipleOf, minLength, maxLength, pattern,
// contentEncoding, items, minItems, maxItems, uniqueItems, properties,
// required, additionalProperties, default.
func (f *frag) append(b []byte) []byte {
	if f.decl != nil {
		return append(b, f.decl.raw...)
	}
	if b == nil {
		b = make([]byte, 0, f.size())
	}
	b = append(b, '{')
	n := len(b)
	key := func(k string) {
		if len(b) > n {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':')
	}
	if f.typ != jAny {
		key("type")
		if f.null {
			b = append(b, '[', '"')
			b = append(b, jtypeNames[f.typ]...)
			b = append(b, `","null"]`...)
		} else {
			b = append(b, '"')
			b = append(b, jtypeNames[f.typ]...)
			b = append(b, '"')
		}
	}
	if f.format != "" {
		key("format")
		b = appendString(b, f.format)
	}
	if f.desc != "" {
		key("description")
		b = appendString(b, f.desc)
	}
	if f.header != "" {
		key("x-mcp-header")
		b = appendString(b, f.header)
	}
	if f.enum != nil {
		key("enum")
		b = append(b, '[')
		for i, v := range f.enum {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, v...)
		}
		if f.null && f.typ != jAny {
			b = append(b, ",null"...)
		}
		b = append(b, ']')
	}
	if f.minimum != "" {
		key("minimum")
		b = append(b, f.minimum...)
	}
	if f.exclMin != "" {
		key("exclusiveMinimum")
		b = append(b, f.exclMin...)
	}
	if f.maximum != "" {
		key("maximum")
		b = append(b, f.maximum...)
	}
	if f.exclMax != "" {
		key("exclusiveMaximum")
		b = append(b, f.exclMax...)
	}
	if f.multipleOf != "" {
		key("multipleOf")
		b = append(b, f.multipleOf...)
	}
	if f.minLen.ok {
		key("minLength")
		b = strconv.AppendInt(b, f.minLen.n, 10)
	}
	if f.maxLen.ok {
		key("maxLength")
		b = strconv.AppendInt(b, f.maxLen.n, 10)
	}
	if f.pattern != "" {
		key("pattern")
		b = appendString(b, f.pattern)
	}
	if f.encoding != "" {
		key("contentEncoding")
		b = appendString(b, f.encoding)
	}
	if f.items != nil {
		key("items")
		b = append(b, f.items...)
	}
	if f.minItems.ok {
		key("minItems")
		b = strconv.AppendInt(b, f.minItems.n, 10)
	}
	if f.maxItems.ok {
		key("maxItems")
		b = strconv.AppendInt(b, f.maxItems.n, 10)
	}
	if f.unique {
		key("uniqueItems")
		b = append(b, "true"...)
	}
	if f.props != nil {
		key("properties")
		b = append(b, '{')
		for i, p := range f.props {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, p.name)
			b = append(b, ':')
			b = append(b, p.schema...)
		}
		b = append(b, '}')
		// The required properties, when there are some.
		required := false
		for _, p := range f.props {
			if p.optional {
				continue
			}
			if required {
				b = append(b, ',')
			} else {
				key("required")
				b = append(b, '[')
				required = true
			}
			b = appendString(b, p.name)
		}
		if required {
			b = append(b, ']')
		}
	}
	if f.addl != nil {
		key("additionalProperties")
		b = append(b, f.addl...)
	}
	if f.deflt != nil {
		key("default")
		b = append(b, f.deflt...)
	}
	return append(b, '}')
}

// size returns the encoded length of f, plus some room for the escapes
// its strings may need, so that append allocates once and no more than it
// uses.
func (f *frag) size() int {
	if f.decl != nil {
		return len(f.decl.raw)
	}
	n := 2 // the braces
	key := func(k string, v int) {
		n += len(`"":,`) + len(k) + v
	}
	str := func(s string) int { return len(s) + 2 }
	if f.typ != jAny {
		if f.null {
			key("type", len(`["","null"]`)+len(jtypeNames[f.typ]))
		} else {
			key("type", str(jtypeNames[f.typ]))
		}
	}
	if f.format != "" {
		key("format", str(f.format))
	}
	if f.desc != "" {
		key("description", str(f.desc))
	}
	if f.header != "" {
		key("x-mcp-header", str(f.header))
	}
	if f.enum != nil {
		v := len("[]") + len(",null")
		for _, e := range f.enum {
			v += len(e) + 1
		}
		key("enum", v)
	}
	if f.minimum != "" {
		key("minimum", len(f.minimum))
	}
	if f.maximum != "" {
		key("maximum", len(f.maximum))
	}
	if f.exclMin != "" {
		key("exclusiveMinimum", len(f.exclMin))
	}
	if f.exclMax != "" {
		key("exclusiveMaximum", len(f.exclMax))
	}
	if f.multipleOf != "" {
		key("multipleOf", len(f.multipleOf))
	}
	if f.minLen.ok {
		key("minLength", digits(f.minLen.n))
	}
	if f.maxLen.ok {
		key("maxLength", digits(f.maxLen.n))
	}
	if f.pattern != "" {
		key("pattern", str(f.pattern))
	}
	if f.encoding != "" {
		key("contentEncoding", str(f.encoding))
	}
	if f.items != nil {
		key("items", len(f.items))
	}
	if f.minItems.ok {
		key("minItems", digits(f.minItems.n))
	}
	if f.maxItems.ok {
		key("maxItems", digits(f.maxItems.n))
	}
	if f.unique {
		key("uniqueItems", len("true"))
	}
	if f.props != nil {
		v, r := len("{}"), len("[]")
		for _, p := range f.props {
			v += len(`"":,`) + len(p.name) + len(p.schema)
			if !p.optional {
				r += len(`"",`) + len(p.name)
			}
		}
		key("properties", v)
		if r > len("[]") {
			key("required", r)
		}
	}
	if f.addl != nil {
		key("additionalProperties", len(f.addl))
	}
	if f.deflt != nil {
		key("default", len(f.deflt))
	}
	if f.desc != "" || f.pattern != "" {
		n += 16 // escapes
	}
	return n
}

// digits returns the length of n written in decimal.
func digits(n int64) int {
	d := 1
	if n < 0 {
		d++
	}
	for n <= -10 || n >= 10 {
		n /= 10
		d++
	}
	return d
}

// appendString writes s as a JSON string. Unlike encoding/json's default it
// does not escape <, > and &, so schemas read as written; like it, it
// escapes U+2028 and U+2029 and replaces invalid UTF-8 with U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
