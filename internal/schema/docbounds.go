package schema

import (
	"slices"
	"strings"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/schemadoc"
)

// scanBounds returns the error of a schema the builder wrote that passes a
// bound every schema is compiled within (limits: its number of
// subschemas, the values of an enum or const, the names of a required),
// counted as metaschema counts them, so that toolschema does not write a
// schema its own compile refuses for its breadth, and the location of the
// error as its JSON pointer's tokens, unescaped, from which fieldAt finds
// the field; nil when it passes none. (Its size is bounded type by type
// as it is built: see tooLarge.) The error's path is the field where the
// bound is passed. The reading is schemadoc.Scan's, the one metaschema's
// Precheck makes.
//
// Its depth is not bounded here: a type nested deeper than
// limits.MaxSchemaDepth JSON levels (some 31 levels of structs) has a
// schema, and the invoker refuses arguments deeper than
// limits.MaxArgumentDepth as it does for any tool; only a compile of that
// schema (a raw-schema tool proxying it, the check of its examples)
// refuses it, saying so.
func scanBounds(s []byte) (*Error, []string) {
	b := schemadoc.Scan(s, schemadoc.Checks{})
	if b == nil {
		return nil, nil
	}
	var e *Error
	switch b.Kind {
	case schemadoc.Subschemas:
		e = errorf(OLT002, "the schema has more than %d subschemas here (each property's, item's and value's schema, and each closed object's additionalProperties), "+
			"the bound every schema is compiled within; split the type, or take parts of it as json.RawMessage", limits.MaxSubschemas)
	case schemadoc.Enum, schemadoc.Const:
		what := "enum"
		if b.Kind == schemadoc.Const {
			what = "const"
		}
		e = errorf(OLT002, "the %s has more than %d values, the bound every schema is compiled within; take the value as a plain string the tool checks, or split the type", what, limits.MaxListValues)
	default: // Required, DependentRequired: Scan checks nothing else here
		e = errorf(OLT002, "the object has more than %d required properties, the bound of a required list every schema is compiled within; split the type", limits.MaxListValues)
	}
	e.Path = fieldPathOf(b.At)
	return e, b.At
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
