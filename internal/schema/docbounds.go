package schema

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolschema/toolschema/internal/limits"
)

// The keywords whose values are schemas, arrays of schemas or maps of
// schemas (in every draft the validator reads). The bounds of a schema
// document count the schemas they hold, here and in metaschema.
var (
	SchemaKeywords = map[string]bool{"additionalProperties": true, "additionalItems": true, "contains": true,
		"propertyNames": true, "not": true, "if": true, "then": true, "else": true, "unevaluatedItems": true,
		"unevaluatedProperties": true, "contentSchema": true, "items": true}
	SchemaListKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true, "items": true}
	SchemaMapKeywords  = map[string]bool{"properties": true, "patternProperties": true, "$defs": true,
		"definitions": true, "dependentSchemas": true, "dependencies": true}
)

// docBounds returns the error of a schema the builder wrote that passes a
// bound every schema is compiled within (limits: its number of
// subschemas, the values of an enum or const, the names of a required),
// counted as metaschema counts them, so that toolschema does not write a
// schema its own compile refuses for its breadth; nil when it passes none.
// (Its size is bounded type by type as it is built: see tooLarge.) The
// error's path is the field where the bound is passed.
//
// Its depth is not bounded here: a type nested deeper than
// limits.MaxSchemaDepth JSON levels (some 31 levels of structs) has a
// schema, and the invoker refuses arguments deeper than
// limits.MaxArgumentDepth as it does for any tool; only a compile of that
// schema (a raw-schema tool proxying it, the check of its examples)
// refuses it, saying so.
func docBounds(s []byte) *Error {
	e, _ := scanBounds(s)
	return e
}

// scanBounds is docBounds, returning too the location of the error as its
// JSON pointer's tokens, unquoted, from which fieldAt finds the field.
func scanBounds(s []byte) (*Error, []string) {
	w := &boundsScan{s: s}
	w.value(0, true, nil)
	return w.err, w.at
}

// fieldAt returns the field of t (or of the types it holds) whose schema
// is at the location given by tokens in t's schema, the last field the
// location passes through: the field a front end reports the position of.
// It is nil when the location is in no field's schema (the root's
// additionalProperties). It follows what the builder writes for t's
// structure (properties, items, a map's values) and stops at a type
// whose schema is declared.
func (b *Builder) fieldAt(t *Type, tokens []string) *Field {
	var at *Field
	for i := 0; i < len(tokens) && t != nil; i++ {
		for t.Kind == Pointer && t.Elem != nil {
			t = t.Elem
		}
		if t.Declared != nil || t.Opaque {
			return at
		}
		switch tokens[i] {
		case "properties":
			if i+1 == len(tokens) || t.Kind != Struct || isSpecial(t) {
				return at
			}
			i++
			fields, _ := resolveFields(t, b.ReadMode)
			k := slices.IndexFunc(fields, func(jf jsonField) bool { return !jf.hidden() && jf.name == tokens[i] })
			if k < 0 {
				return at
			}
			at = fields[k].field
			t = at.Type
		case "items":
			if t.Kind != Slice && t.Kind != Array {
				return at
			}
			t = t.Elem
		case "additionalProperties":
			if t.Kind != Map {
				return at
			}
			t = t.Elem
		default:
			return at
		}
	}
	return at
}

// A boundsScan reads a schema document byte by byte, in its order (a
// struct's properties in field order), counting what the bounds count as
// metaschema's walk counts them, without building anything. The text is
// JSON the builder wrote (a declared schema's part was read as JSON when
// declared).
type boundsScan struct {
	s          []byte
	i          int
	subschemas int
	path       []span // the keys and indexes down to the value being read
	err        *Error
	at         []string // the location of err: path's tokens, unquoted
}

// A span is a key of the path, s[a:b], or an index b when a is -1.
type span struct{ a, b int }

// A listCount counts the values of an enum or const (each value, nested
// ones included, and the list itself) or the names of a required (its
// elements, at depth top).
type listCount struct {
	n, max int
	top    int // depth of the counted elements; 0: every value
	what   string
}

func (w *boundsScan) fail(format string, args ...any) {
	if w.err == nil {
		w.err = errorf(OLT002, format, args...)
		tokens := make([]string, len(w.path))
		for i, p := range w.path {
			if p.a < 0 {
				tokens[i] = strconv.Itoa(p.b)
			} else {
				tokens[i] = string(w.s[p.a:p.b])
			}
		}
		w.err.Path = fieldPathOf(tokens)
		w.at = make([]string, len(tokens))
		for i, tok := range tokens {
			if u, err := strconv.Unquote(`"` + tok + `"`); err == nil {
				tok = u
			}
			w.at[i] = tok
		}
	}
}

func (w *boundsScan) ws() {
	for w.i < len(w.s) && (w.s[w.i] == ' ' || w.s[w.i] == '\n' || w.s[w.i] == '\t' || w.s[w.i] == '\r') {
		w.i++
	}
}

// next returns the next byte that is not space, 0 at the end.
func (w *boundsScan) next() byte {
	if w.ws(); w.i < len(w.s) {
		return w.s[w.i]
	}
	return 0
}

// str reads a string and returns the span of its text between the
// quotes, as written.
func (w *boundsScan) str() span {
	start := w.i + 1
	for w.i++; w.i < len(w.s); w.i++ {
		switch w.s[w.i] {
		case '\\':
			w.i++
		case '"':
			w.i++
			return span{start, w.i - 1}
		}
	}
	return span{start, len(w.s)}
}

// value reads one value, depth levels down; isSchema says a keyword takes
// it for a schema; list, when not nil, counts it. It reports whether the
// scan goes on.
func (w *boundsScan) value(depth int, isSchema bool, list *listCount) bool {
	if w.err != nil {
		return false
	}
	c := w.next()
	if list != nil && (list.top == 0 || list.top == depth) {
		if list.n++; list.n > list.max {
			return false
		}
	}
	switch c {
	case '{':
		return w.object(depth, isSchema, list)
	case '[':
		w.i++
		for n := 0; ; n++ {
			if c := w.next(); c == ']' || c == 0 {
				w.i++
				return c == ']'
			} else if c == ',' {
				w.i++
			}
			w.path = append(w.path, span{-1, n})
			ok := w.value(depth+1, false, list)
			w.path = w.path[:len(w.path)-1]
			if !ok {
				return false
			}
		}
	case '"':
		w.str()
	case 0:
		return false
	default:
		if isSchema && (c == 't' || c == 'f') && !w.count() {
			return false
		}
		for w.i < len(w.s) && !strings.ContainsRune(",]} \n\t\r", rune(w.s[w.i])) {
			w.i++
		}
	}
	return true
}

// object reads an object, a schema when isSchema says so.
func (w *boundsScan) object(depth int, isSchema bool, list *listCount) bool {
	w.i++
	if isSchema && !w.count() {
		return false
	}
	for {
		c := w.next()
		if c == '}' || c == 0 {
			w.i++
			return c == '}'
		}
		if c == ',' {
			w.i++
			w.next()
		}
		k := w.str()
		if w.next() != ':' {
			return false
		}
		w.i++
		w.path = append(w.path, k)
		ok := w.member(w.s[k.a:k.b], depth, isSchema, list)
		w.path = w.path[:len(w.path)-1]
		if !ok {
			return false
		}
	}
}

// member reads the value of key k of an object depth levels down.
func (w *boundsScan) member(k []byte, depth int, isSchema bool, list *listCount) bool {
	if !isSchema {
		return w.value(depth+1, false, list)
	}
	c := w.next()
	switch key := string(k); {
	case key == "enum" && c == '[' || key == "const":
		max, what := limits.MaxListValues, "const"
		if key == "enum" {
			max, what = limits.MaxListValues+1, "enum" // the list itself is counted
		}
		l := &listCount{max: max, what: what}
		if !w.value(depth+1, false, l) && l.n > l.max {
			w.fail("the %s has more than %d values, the bound every schema is compiled within; take the value as a plain string the tool checks, or split the type", what, limits.MaxListValues)
			return false
		}
		return w.err == nil
	case key == "required" && c == '[':
		l := &listCount{max: limits.MaxListValues, top: depth + 2}
		if !w.value(depth+1, false, l) && l.n > l.max {
			w.fail("the object has more than %d required properties, the bound of a required list every schema is compiled within; split the type", limits.MaxListValues)
			return false
		}
		return w.err == nil
	case SchemaKeywords[key] && c != '[':
		return w.value(depth+1, true, nil)
	case SchemaListKeywords[key] && c == '[':
		w.i++
		for n := 0; ; n++ {
			if c := w.next(); c == ']' || c == 0 {
				w.i++
				return c == ']'
			} else if c == ',' {
				w.i++
			}
			w.path = append(w.path, span{-1, n})
			ok := w.value(depth+2, true, nil)
			w.path = w.path[:len(w.path)-1]
			if !ok {
				return false
			}
		}
	case SchemaMapKeywords[key] && c == '{':
		w.i++
		for {
			c := w.next()
			if c == '}' || c == 0 {
				w.i++
				return c == '}'
			}
			if c == ',' {
				w.i++
				w.next()
			}
			name := w.str()
			if w.next() != ':' {
				return false
			}
			w.i++
			w.path = append(w.path, name)
			ok := w.value(depth+2, w.next() != '[', nil)
			w.path = w.path[:len(w.path)-1]
			if !ok {
				return false
			}
		}
	}
	return w.value(depth+1, false, nil)
}

func (w *boundsScan) count() bool {
	if w.subschemas++; w.subschemas > limits.MaxSubschemas {
		w.fail("the schema has more than %d subschemas here (each property's, item's and value's schema, and each closed object's additionalProperties), "+
			"the bound every schema is compiled within; split the type, or take parts of it as json.RawMessage", limits.MaxSubschemas)
		return false
	}
	return true
}

// fieldPathOf returns the field path of a location in a schema the builder
// wrote, given as its JSON pointer's tokens: "a.b[].c" for
// properties/a/properties/b/items/properties/c, {} for a map's values. Any
// other keyword (a location within a declared schema, an enum) ends the
// path at the field.
func fieldPathOf(tokens []string) string {
	var b strings.Builder
	for i := 0; i < len(tokens); i++ {
		switch tokens[i] {
		case "properties":
			if i+1 == len(tokens) {
				return b.String()
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			i++
			b.WriteString(tokens[i])
		case "items":
			b.WriteString("[]")
		case "additionalProperties":
			if i+1 < len(tokens) { // not a closed object's false
				b.WriteString("{}")
			}
		default:
			return b.String()
		}
	}
	return b.String()
}
