package schema

import "encoding/json"

// A JSONType is the JSON type a schema allows (besides null).
type JSONType uint8

// The JSON types, as the "type" keyword names them.
const (
	JSONAny     = JSONType(jAny) // no "type" keyword: any JSON value
	JSONBoolean = JSONType(jBoolean)
	JSONInteger = JSONType(jInteger)
	JSONNumber  = JSONType(jNumber)
	JSONString  = JSONType(jString)
	JSONArray   = JSONType(jArray)
	JSONObject  = JSONType(jObject)
)

// String returns the type's name in the "type" keyword ("any" for JSONAny).
func (t JSONType) String() string { return jtypeNames[t] }

// A Check is a schema fragment as structured keywords: what a value must
// satisfy, for a runtime that checks values as it decodes them instead of
// validating a JSON tree against the schema's bytes. It is made from the
// same fragment as the bytes (see Builder.Checks), so the two agree.
type Check struct {
	Type   JSONType
	Null   bool   // null is allowed as well
	Format string // "" when none
	// Enum are the allowed values (all strings), nil when any value is.
	Enum []string
	// Minimum and Maximum are JSON number texts, "" when not bounded. For
	// an integer they include the Go type's range where the schema does
	// not write it (a 64-bit type's, beyond ±MaxSafeInteger): the check
	// refuses what the type cannot hold.
	Minimum, Maximum string
	// ExclusiveMinimum, ExclusiveMaximum and MultipleOf are JSON number
	// texts, "" when not set. An exclusive bound stands in for the Go
	// type's own range on its side (it lies within it).
	ExclusiveMinimum, ExclusiveMaximum string
	MultipleOf                         string
	// MinLength, MaxLength, MinItems and MaxItems are -1 when not set.
	MinLength, MaxLength int64
	MinItems, MaxItems   int64
	Pattern              string // "" when none
	Encoding             string // contentEncoding: "base64" for []byte
	Unique               bool
	// NumberText reports a string read by its type's own method as a
	// number (big.Float, big.Rat), at a cost past its length: an
	// argument's text is bounded as a number literal (NumberTextPast).
	NumberText bool
	// Default is the JSON text of the value that fills in an absent
	// property, nil when none.
	Default []byte
	// Items is the check of an array's elements.
	Items *Check
	// Props are the properties of a struct's closed object, in schema
	// order; Closed reports additionalProperties false.
	Props  []PropCheck
	Closed bool
	// Hidden are the fields of a struct hidden from the model
	// (jsonschema:"-") that have a default: they are no properties (a
	// value that names one is refused as an unknown property), and the
	// default fills them in.
	Hidden []PropCheck
	// Values is the check of a map's values (additionalProperties).
	Values *Check
	// Declared is the schema a type declares for its own JSON form: a
	// value is checked against it by a JSON Schema validator, then decoded
	// by the type's UnmarshalJSON. Type is JSONAny.
	Declared []byte
}

// A PropCheck is one property of a struct.
type PropCheck struct {
	Name     string // the JSON name
	Index    []int  // the index sequence of the field from the struct
	Required bool
	Check    *Check
}

// Checks returns the check tree of a value of type t, built from the same
// fragments as the schema Fragment(t) returns; the error is Fragment's.
func (b *Builder) Checks(t *Type) (*Check, error) {
	n := b.node(t)
	if len(n.errs) > 0 {
		return nil, reported(n.errs)
	}
	return b.check(t, false, &n.f), nil
}

// check makes the Check of f, the fragment of a value of type t (with a
// field's tags applied, for a property), its nested checks from t's parts.
func (b *Builder) check(t *Type, na bool, f *frag) *Check {
	c := &Check{
		Type: JSONType(f.typ), Null: f.null, Format: f.format,
		Minimum: f.minimum, Maximum: f.maximum,
		ExclusiveMinimum: f.exclMin, ExclusiveMaximum: f.exclMax, MultipleOf: f.multipleOf,
		MinLength: count(f.minLen), MaxLength: count(f.maxLen),
		MinItems: count(f.minItems), MaxItems: count(f.maxItems),
		Pattern: f.pattern, Encoding: f.encoding, Unique: f.unique, Default: f.deflt,
		NumberText: f.numText,
	}
	if f.decl != nil {
		c.Declared = f.decl.own
	}
	if f.typ == jInteger && f.lo.bits != 0 {
		// A bound the schema leaves out (beyond ±MaxSafeInteger) is still
		// checked: the Go type cannot hold more.
		if c.Minimum == "" && c.ExclusiveMinimum == "" {
			c.Minimum = f.lo.min()
		}
		if c.Maximum == "" && c.ExclusiveMaximum == "" {
			c.Maximum = f.lo.max()
		}
	}
	if f.enum != nil {
		c.Enum = make([]string, len(f.enum))
		for i, v := range f.enum {
			json.Unmarshal(v, &c.Enum[i])
		}
	}
	// The nested checks follow the nested fragments the builder made: a
	// type mapped by a rule of its own (time.Time, a text type, []byte as
	// base64) has none. A pointer's fragment is its element's.
	for t.Kind == Pointer {
		t = t.Elem
	}
	switch {
	case f.items != nil:
		ena := na && t.Kind == Array // slice elements are addressable
		c.Items = b.check(t.Elem, ena, &b.nodeAt(t.Elem, ena).f)
	case f.props != nil:
		fields, _ := resolveFields(t, b.ReadMode)
		c.Props = make([]PropCheck, 0, len(fields))
		c.Closed = true
		for _, jf := range fields {
			if jf.hidden() && !jf.hasDefault() {
				continue
			}
			n := b.nodeAt(jf.field.Type, na)
			pf, _, _ := fieldFrag(jf, n)
			pc := PropCheck{Name: jf.name, Index: jf.index, Required: !jf.optional(), Check: b.check(jf.field.Type, na, &pf)}
			if jf.hidden() {
				pc.Required = false
				c.Hidden = append(c.Hidden, pc)
				continue
			}
			c.Props = append(c.Props, pc)
		}
	case f.addl != nil:
		c.Values = b.check(t.Elem, true, &b.nodeAt(t.Elem, true).f) // map values are not addressable
	}
	return c
}

func count(l limit) int64 {
	if !l.ok {
		return -1
	}
	return l.n
}
