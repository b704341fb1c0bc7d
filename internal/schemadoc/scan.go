// Package schemadoc reads a JSON Schema document as written, token by
// token, and finds the first bound it passes: the count of its
// subschemas, of the values of an enum or const, of the names of a
// required (limits), and, when asked, its depth, its numbers and its
// patterns. It is the one reading of these bounds: metaschema's check of
// a schema from outside and schema's check of a schema it wrote both
// stand on it.
package schemadoc

import (
	"encoding/json"
	"strconv"

	"github.com/toolschema/toolschema/internal/limits"
)

// The keywords whose values are schemas, arrays of schemas or maps of
// schemas (in every draft the validator reads).
var (
	SchemaKeywords = map[string]bool{"additionalProperties": true, "additionalItems": true, "contains": true,
		"propertyNames": true, "not": true, "if": true, "then": true, "else": true, "unevaluatedItems": true,
		"unevaluatedProperties": true, "contentSchema": true, "items": true}
	SchemaListKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true, "items": true}
	SchemaMapKeywords  = map[string]bool{"properties": true, "patternProperties": true, "$defs": true,
		"definitions": true, "dependentSchemas": true, "dependencies": true}
)

// A Kind is a bound a document passes.
type Kind uint8

const (
	Subschemas        Kind = iota + 1 // more than limits.MaxSubschemas schemas
	Enum                              // an enum of more than limits.MaxListValues values
	Const                             // a const of more than limits.MaxListValues values
	Required                          // a required of more than limits.MaxListValues names
	DependentRequired                 // a dependentRequired entry of more than limits.MaxListValues names
	Depth                             // nested deeper than Checks.Depth
	Pattern                           // a pattern (a value or a patternProperties name) longer than Checks.Pattern
	Number                            // a number Checks.Number refuses
)

// A Bound is the first bound a document passes: which, its limit, where
// (the JSON pointer's tokens, unescaped: the keyword for an enum, const
// or required list) and, for a pattern or a number, its text.
type Bound struct {
	Kind  Kind
	Limit int
	At    []string
	Text  string
}

// Checks are the bounds Scan checks besides the counts; a zero field is
// not checked.
type Checks struct {
	Depth   int               // the deepest nesting taken
	Pattern int               // the longest pattern taken, in bytes
	Number  func([]byte) bool // whether a number literal is taken
}

// Scan reads s and returns the first bound it passes, nil when it passes
// none. A member given twice is counted twice. A text that is not JSON is
// read up to where it stops being JSON: what it passed there is returned,
// nil otherwise.
func Scan(s []byte, c Checks) *Bound {
	p := scanner{s: s, c: c, stack: make([]frame, 0, 16), listDepth: -1}
	return p.run()
}

// The role of a container of the schema document.
type role uint8

const (
	roleData       role = iota // data: an enum's values, a default, an unknown keyword's value
	roleSchema                 // an object schema
	roleSchemaList             // an array of schemas (anyOf, prefixItems, items as an array)
	roleSchemaMap              // an object of schemas (properties, $defs, ...)
	roleNames                  // a list of names (required, a dependentRequired entry)
	roleNamesMap               // dependentRequired
)

// A frame is an open container.
type frame struct {
	role   role
	object bool
	// key is the member being read in an object (as written, or
	// unescaped when it had escapes), n the elements read in an array.
	key []byte
	n   int
}

type scanner struct {
	s     []byte
	i     int
	c     Checks
	stack []frame
	// subschemas counts the schemas met.
	subschemas int
	// listDepth is the depth of the enum or const being counted (-1 for
	// none), listValues its values so far.
	listDepth, listValues int
	listKind              Kind
}

func (p *scanner) run() *Bound {
	const (
		wantValue = iota // a value
		wantKey          // a member's key or the object's end
		wantNext         // a ',' or the container's end after a value
	)
	want := wantValue
	for {
		p.space()
		if p.i >= len(p.s) {
			return nil
		}
		c := p.s[p.i]
		switch want {
		case wantKey:
			if c == '}' && p.top().n == 0 {
				p.i++
				p.pop()
				want = wantNext
				break
			}
			key, ok := p.str()
			if !ok {
				return nil
			}
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return nil
			}
			p.i++
			f := p.top()
			f.key, f.n = key, f.n+1
			if b := p.memberKey(); b != nil {
				return b
			}
			want = wantValue
		case wantNext:
			if len(p.stack) == 0 {
				return nil
			}
			f := p.top()
			switch {
			case c == ',' && f.object:
				p.i++
				want = wantKey
			case c == ',':
				p.i++
				want = wantValue
			case c == '}' && f.object, c == ']' && !f.object:
				p.i++
				p.pop()
			default:
				return nil
			}
		case wantValue:
			if len(p.stack) > 0 && !p.top().object && c == ']' && p.top().n == 0 {
				p.i++
				p.pop()
				want = wantNext
				break
			}
			opened, b, ok := p.value(c)
			if b != nil || !ok {
				return b
			}
			want = wantNext
			if opened {
				if p.top().object {
					want = wantKey
				} else {
					want = wantValue
				}
			}
		}
	}
}

func (p *scanner) top() *frame { return &p.stack[len(p.stack)-1] }

func (p *scanner) pop() {
	p.stack = p.stack[:len(p.stack)-1]
	if len(p.stack) == p.listDepth {
		p.listDepth = -1
	}
}

func (p *scanner) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// str reads a string at p.i and returns its text, unescaped.
func (p *scanner) str() ([]byte, bool) {
	if p.s[p.i] != '"' {
		return nil, false
	}
	start, escaped := p.i, false
	for j := p.i + 1; j < len(p.s); j++ {
		switch p.s[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			p.i = j + 1
			if !escaped {
				return p.s[start+1 : j], true
			}
			var t string
			if json.Unmarshal(p.s[start:j+1], &t) != nil {
				return nil, false
			}
			return []byte(t), true
		}
	}
	return nil, false
}

// bound returns the bound k passed at the location of frames.
func bound(k Kind, limit int, frames []frame, text string) *Bound {
	at := make([]string, len(frames))
	for i, f := range frames {
		if f.object {
			at[i] = string(f.key)
		} else {
			at[i] = strconv.Itoa(f.n - 1)
		}
	}
	return &Bound{Kind: k, Limit: limit, At: at, Text: text}
}

// memberKey checks a member's name where names are patterns.
func (p *scanner) memberKey() *Bound {
	if p.c.Pattern == 0 || len(p.stack) < 2 {
		return nil
	}
	f, parent := p.top(), p.stack[len(p.stack)-2]
	if f.role == roleSchemaMap && parent.role == roleSchema && string(parent.key) == "patternProperties" && len(f.key) > p.c.Pattern {
		return bound(Pattern, p.c.Pattern, p.stack, string(f.key))
	}
	return nil
}

// value reads the value starting with c at p.i: a scalar whole, or a
// container's opening (opened then says so). ok is false where the text
// stops being JSON.
func (p *scanner) value(c byte) (opened bool, b *Bound, ok bool) {
	depth := len(p.stack)
	if depth > 0 && !p.top().object {
		p.top().n++
	}
	if p.c.Depth > 0 && depth > p.c.Depth {
		return false, bound(Depth, p.c.Depth, p.stack, ""), true
	}
	if p.listDepth >= 0 {
		if p.listValues++; p.listValues > limits.MaxListValues {
			return false, bound(p.listKind, limits.MaxListValues, p.stack[:p.listDepth], ""), true
		}
	}
	// The role of the value, from its container's.
	r := roleData
	var key string
	if depth == 0 {
		r = roleSchema
	} else {
		f := p.top()
		switch f.role {
		case roleSchema:
			key = string(f.key)
			switch {
			case c == '[' && SchemaListKeywords[key]:
				r = roleSchemaList
			case c != '[' && SchemaKeywords[key]:
				r = roleSchema
			case c == '{' && SchemaMapKeywords[key]:
				r = roleSchemaMap
			case c == '[' && key == "required":
				r = roleNames
			case c == '{' && key == "dependentRequired":
				r = roleNamesMap
			}
		case roleSchemaList:
			r = roleSchema
		case roleSchemaMap:
			if c != '[' {
				r = roleSchema
			}
		case roleNames:
			if f.n > limits.MaxListValues {
				at := p.stack[:len(p.stack)-1]
				k := Required
				if len(at) > 1 && at[len(at)-1].role == roleNamesMap {
					k = DependentRequired
				}
				return false, bound(k, limits.MaxListValues, at, ""), true
			}
		case roleNamesMap:
			if c == '[' {
				r = roleNames
			}
		}
	}
	if r == roleSchema && (c == '{' || c == 't' || c == 'f') {
		if p.subschemas++; p.subschemas > limits.MaxSubschemas {
			return false, bound(Subschemas, limits.MaxSubschemas, p.stack, ""), true
		}
	}
	if depth > 0 && p.top().role == roleSchema && p.listDepth < 0 {
		switch key {
		case "enum":
			if c == '[' {
				p.listDepth, p.listValues, p.listKind = depth, 0, Enum
			}
		case "const":
			if c == '[' || c == '{' {
				p.listDepth, p.listValues, p.listKind = depth, 1, Const
			}
		}
	}
	switch {
	case c == '{' || c == '[':
		p.i++
		if r == roleSchema && c == '[' {
			r = roleData // an array where a schema is wanted: the validator refuses it
		}
		p.stack = append(p.stack, frame{role: r, object: c == '{'})
		return true, nil, true
	case c == '"':
		t, ok := p.str()
		if !ok {
			return false, nil, false
		}
		if p.c.Pattern > 0 && key == "pattern" && len(t) > p.c.Pattern {
			return false, bound(Pattern, p.c.Pattern, p.stack, string(t)), true
		}
	case c == 't':
		return false, nil, p.literal("true")
	case c == 'f':
		return false, nil, p.literal("false")
	case c == 'n':
		return false, nil, p.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		start := p.i
		for p.i < len(p.s) {
			switch d := p.s[p.i]; {
			case '0' <= d && d <= '9', d == '-', d == '+', d == '.', d == 'e', d == 'E':
				p.i++
				continue
			}
			break
		}
		if p.c.Number != nil && !p.c.Number(p.s[start:p.i]) {
			return false, bound(Number, 0, p.stack, string(p.s[start:p.i])), true
		}
	default:
		return false, nil, false
	}
	return false, nil, true
}

func (p *scanner) literal(lit string) bool {
	if len(p.s)-p.i < len(lit) || string(p.s[p.i:p.i+len(lit)]) != lit {
		return false
	}
	p.i += len(lit)
	return true
}
