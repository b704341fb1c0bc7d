package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
)

// declaredFrag returns the fragment of a type that declares its schema:
// the schema as written (compact), after the contract's own checks. The
// check against the 2020-12 meta-schema needs a validator, which the core
// does not link: the front ends run it (see CheckDeclared).
func (b *Builder) declaredFrag(t *Type) (frag, []*Error) {
	fail := func(msg string) (frag, []*Error) {
		if t.Declared.By != "" {
			return frag{}, []*Error{errorf(OLT023, "%s is given a schema (%s) that %s", t, t.Declared.By, msg)}
		}
		return frag{}, []*Error{errorf(OLT023, "%s declares a schema (%s) that %s", t, DeclaredMethod, msg)}
	}
	if t.Declared.Err != "" {
		return frag{}, []*Error{errorf(OLT023, "%s declares a schema (%s) that cannot be read: %s", t, DeclaredMethod, t.Declared.Err)}
	}
	if t.Methods&JSONUnmarshaler == 0 {
		return fail("it cannot read: the type has no UnmarshalJSON, so encoding/json reads it by its kind; declare a schema only for a type with a JSON form of its own")
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(t.Declared.Schema))
	d.UseNumber()
	if err := d.Decode(&v); err != nil || d.More() {
		return fail("is not JSON")
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fail("is not a JSON object")
	}
	if k := refKey(obj); k != "" {
		return fail("uses " + k + "; every fragment of the contract is inline, nothing is referenced")
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, t.Declared.Schema); err != nil {
		return fail("is not JSON")
	}
	if b.CheckDeclared != nil {
		switch err := b.CheckDeclared(buf.Bytes()); {
		case errors.Is(err, ErrNoValidator):
			return fail("cannot be checked: " + err.Error())
		case err != nil:
			return fail("is not a valid JSON Schema 2020-12: " + validatorMessage(err))
		}
	}
	return frag{decl: &declFrag{raw: buf.Bytes(), own: buf.Bytes()}}, nil
}

// refKey returns the first referencing keyword in a schema, "" when none:
// in the order of its keywords' names, so that the message is the same on
// every run; not in data (const, default, enum, examples), nor taking the
// names of properties or definitions for keywords.
func refKey(v any) string {
	switch v := v.(type) {
	case map[string]any:
		keys := slices.Sorted(maps.Keys(v))
		for _, k := range keys {
			switch k {
			case "$ref", "$dynamicRef", "$recursiveRef", "$id", "$anchor", "$dynamicAnchor":
				return k
			}
		}
		for _, k := range keys {
			switch k {
			case "const", "default", "enum", "examples":
				continue // data, not schemas
			case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
				if names, ok := v[k].(map[string]any); ok {
					for _, n := range slices.Sorted(maps.Keys(names)) {
						if r := refKey(names[n]); r != "" {
							return r
						}
					}
					continue
				}
			}
			if r := refKey(v[k]); r != "" {
				return r
			}
		}
	case []any:
		for _, x := range v {
			if r := refKey(x); r != "" {
				return r
			}
		}
	}
	return ""
}

// ErrNoValidator is what a CheckDeclared returns when the program links no
// validator of declared schemas.
var ErrNoValidator = errors.New("no validator of declared schemas is registered: import _ \"github.com/toolschema/toolschema/declared\"")

// CheckDeclared is how a front end checks a declared schema against the
// 2020-12 meta-schema: it compiles the schema and returns why it does not
// compile. The static front end sets it from a validator (the analyzer may
// link one); at run time the package that registers the validator for the
// invoker does.
type CheckDeclared func(schema []byte) error

// nullable writes a declared schema that also allows null (a pointer to a
// type that declares its schema).
func nullable(raw []byte) []byte {
	if bytes.Equal(raw, []byte("{}")) {
		return raw
	}
	return []byte(`{"anyOf":[` + string(raw) + `,{"type":"null"}]}`)
}

// validatorMessage keeps the lines of a validator's error that say what is
// wrong ("at '/type': ..."), on one line.
func validatorMessage(err error) string {
	lines := strings.Split(err.Error(), "\n")
	var keep []string
	for _, l := range lines[1:] {
		if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "-")); l != "" && !strings.HasSuffix(l, "' failed") {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		return lines[0]
	}
	return strings.Join(keep, "; ")
}

// declaredField returns the fragment of a property whose type declares its
// schema (f, its type's fragment). The declared schema owns the value's
// constraints: a keyword tag is refused. The description is the
// property's, not the type's (two fields of one type say different
// things): the field's doc comment or description tag (native or a
// peer's; the tag wins) is written into the property's own object by
// describeDeclared. The schema arguments are checked against, decl.own,
// is the declared one whatever the description.
func declaredField(jf jsonField, f frag) (frag, bool, []*Error) {
	sf := jf.field
	var errs []*Error
	var descs []keywordTag
	for _, k := range jf.ft.kws {
		if k.key == "description" {
			descs = append(descs, k)
			continue
		}
		what, where := "declares its schema ("+DeclaredMethod+")", "the declared schema"
		if by := declaredBy(sf.Type); by != "" {
			what, where = "is given its schema ("+by+")", "the given schema"
		}
		prefix := "tag " + k.key + ": "
		if k.tag != k.key {
			prefix = "tag " + k.tag + " (" + k.key + "): "
		}
		errs = append(errs, &Error{ID: OLT012, Path: jf.name, Field: sf, Tag: k.tag,
			Msg: prefix + "the field's type " + what + ", which owns the value's constraints; say it in " + where + " (a tag on such a field may give only its description)"})
	}
	d := frag{desc: sf.Doc}
	derrs := applyTags(&d, descs)
	for _, e := range derrs {
		e.Path, e.Field = jf.name, sf
	}
	errs = append(derrs, errs...)
	if d.desc != "" {
		f.decl = &declFrag{raw: describeDeclared(f.decl.raw, d.desc), own: f.decl.own}
	}
	return f, true, errs
}

// declaredBy returns who gave the declared schema of t, through pointers:
// "" for one the type declares itself.
func declaredBy(t *Type) string {
	for t.Kind == Pointer && t.Declared == nil {
		t = t.Elem
	}
	if t.Declared == nil {
		return ""
	}
	return t.Declared.By
}

// describeDeclared writes desc as the description of raw, a property's
// object as the builder wrote it from a declared schema (compact): in
// place of every description keyword at its top level, whose key is kept
// as written, or, when it has none, first. Through a pointer raw is the
// anyOf with null, whose branches are left as they are: the description
// is the property's, beside them.
func describeDeclared(raw []byte, desc string) []byte {
	val := appendString(nil, desc)
	out := make([]byte, 0, len(raw)+len(val)+len(`"description":,`))
	d := json.NewDecoder(bytes.NewReader(raw))
	d.Token() // {
	last, found := int64(0), false
	for d.More() {
		k, err := d.Token()
		if err != nil {
			break
		}
		start := d.InputOffset() + 1 // past the colon: raw is compact
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			break
		}
		if k == "description" {
			out = append(append(out, raw[last:start]...), val...)
			last, found = d.InputOffset(), true
		}
	}
	if found {
		return append(out, raw[last:]...)
	}
	out = append(append(out, `{"description":`...), val...)
	if len(raw) > 2 {
		out = append(out, ',')
	}
	return append(out, raw[1:]...)
}
