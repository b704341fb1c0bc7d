package tool

import (
	"context"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"sync"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/toolhook"
)

// A plan decodes JSON into values of one Go type and checks it as it goes:
// the typed form of the type's schema. Plans are made from the core's check
// tree (schema.Builder.Checks), the same fragments the schema bytes are
// written from, so what a plan refuses is what the schema refuses.
type plan struct {
	c *schema.Check
	t reflect.Type // the Go type decoded into

	// how says how a value is decoded, after its JSON form is checked.
	how    decodeHow
	elem   *plan // slice or array elements, map values, pointer target
	props  []prop
	byName map[string]int // props by name, for structs with many
	// hidden are the struct's fields hidden from the model that have a
	// default (schema.Check.Hidden): filled in, never read.
	hidden []prop
	keyTxt bool // map keys are read by UnmarshalText
	// numText: the text is a number its type's own method reads
	// (schema.Check.NumberText), bounded as a number literal.
	numText bool

	// min and max are the Check's bounds, exMin and exMax its exclusive
	// ones, step its multipleOf, parsed once.
	min, max     *decimal
	exMin, exMax *decimal
	step         *decimal
	// exMinF and exMaxF are the exclusive bounds as the float of a float
	// type's own bits, the nearest (roundedBounds).
	exMinF, exMaxF float64

	re       *regexp.Regexp
	enum     string // "must be one of ..." message tail
	typeWord string // "must be ..." message tail for a value of the wrong type
	// valid, for a type that declares its schema, checks a value against
	// it (byDeclared); declNull is whether that schema takes null.
	valid    func([]byte) bool
	declNull bool
	// def is the default (Check.Default) as a Go value, decoded once,
	// for a value decoded by its kind that holds no reference a tool
	// could change (a bool, a number, a string): every struct that lacks
	// the field gets a copy of it. Invalid: decoded for each.
	def reflect.Value
}

type prop struct {
	name     string
	index    []int
	required bool
	p        *plan
}

type decodeHow uint8

const (
	byKind     decodeHow = iota // by the Go kind
	byJSON                      // (*T).UnmarshalJSON with the JSON text (a string or a number: the core refuses any other JSON method)
	byText                      // (*T).UnmarshalText with the string
	byAny                       // an interface: encoding/json decides
	byRaw                       // json.RawMessage: the text as given
	byNumber                    // json.Number: the number literal
	byBase64                    // []byte: base64 text
	byPointer                   // a pointer: allocate, then elem
	byDeclared                  // a type that declares its schema: validated, then (*T).UnmarshalJSON
)

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	rawMessageType      = reflect.TypeFor[json.RawMessage]()
	numberType          = reflect.TypeFor[json.Number]()
)

// A planCache holds the plan of each input and output type read in one
// mode, made once.
type planCache struct {
	sync.Mutex
	m    sync.Map // reflect.Type -> *planOrErr
	desc *reflecttype.Describer
	b    *schema.Builder
	mode schema.ReadMode
}

// plans caches the plans of the types of every tool in the default read
// mode; fromTagsPlans those of the tools that read their types with
// RequiredFromTags.
var (
	plans         = &planCache{}
	fromTagsPlans = &planCache{mode: schema.ReadMode{RequiredFromTags: true}}
)

type planOrErr struct {
	p        *plan
	err      error
	panicked bool // describing the type panicked
}

// planOf returns the plan of t in the default read mode, made once.
func planOf(t reflect.Type) (*plan, error) { return plans.of(t) }

// of returns the plan of t, made once.
func (c *planCache) of(t reflect.Type) (*plan, error) {
	if v, ok := c.m.Load(t); ok {
		pe := v.(*planOrErr)
		return pe.p, pe.err
	}
	c.Lock()
	defer c.Unlock()
	if v, ok := c.m.Load(t); ok {
		pe := v.(*planOrErr)
		return pe.p, pe.err
	}
	if c.desc == nil {
		c.desc, c.b = reflecttype.New(32), schema.NewBuilder()
		c.b.ReadMode = c.mode
	}
	pe := makePlan(c.desc, c.b, t)
	if pe.panicked {
		c.desc, c.b = nil, nil // their state is unknown: start afresh
	}
	c.m.Store(t, pe)
	return pe.p, pe.err
}

// makePlan describes t with desc, builds its checks with b and compiles
// its plan. An enum type's method may panic while it is described: that is
// the plan's error.
func makePlan(desc *reflecttype.Describer, b *schema.Builder, t reflect.Type) (pe *planOrErr) {
	pe = &planOrErr{}
	defer func() {
		if r := recover(); r != nil {
			pe.p, pe.err, pe.panicked = nil, fmt.Errorf("describing %s panicked: %v", t, r), true
		}
	}()
	c, err := b.Checks(desc.Describe(t))
	if err != nil {
		pe.err = err
		return pe
	}
	pe.p, pe.err = compile(t, c)
	return pe
}

// decimalOf reads s, a bound's JSON number text; nil when s is "" (no
// bound).
func decimalOf(s string) *decimal {
	if s == "" {
		return nil
	}
	d := parseDecimal(s)
	return &d
}

// compile makes the plan of Go type t checked by c.
func compile(t reflect.Type, c *schema.Check) (*plan, error) {
	p := &plan{c: c, t: t, typeWord: typeWord(c)}
	p.min, p.max = decimalOf(c.Minimum), decimalOf(c.Maximum)
	p.exMin, p.exMax = decimalOf(c.ExclusiveMinimum), decimalOf(c.ExclusiveMaximum)
	p.step = decimalOf(c.MultipleOf)
	if k := t.Kind(); k == reflect.Float32 || k == reflect.Float64 {
		// (Beyond the type's range, ±Inf.)
		p.exMinF, _ = strconv.ParseFloat(c.ExclusiveMinimum, t.Bits())
		p.exMaxF, _ = strconv.ParseFloat(c.ExclusiveMaximum, t.Bits())
	}
	if c.Enum != nil {
		vals := ""
		for i, v := range c.Enum {
			if i > 0 {
				vals += ", "
			}
			b, _ := json.Marshal(v)
			vals += string(b)
		}
		if c.Null {
			vals += ", null" // the schema's enum lists null too
		}
		p.enum = "must be one of " + vals + "."
	}
	if c.Pattern != "" {
		re, err := regexp.Compile(c.Pattern)
		if err != nil {
			return nil, fmt.Errorf("pattern of %s: %v", t, err)
		}
		p.re = re
	}
	var err error
	switch {
	case t.Kind() == reflect.Pointer:
		p.how = byPointer
		p.elem, err = compile(t.Elem(), c)
		return p, err
	case t == rawMessageType:
		p.how = byRaw
	case t == numberType:
		p.how = byNumber
	case c.Declared != nil:
		p.how = byDeclared
		p.valid, err = toolhook.ValidateDeclared(c.Declared)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", t, err)
		}
		p.declNull = p.valid([]byte("null"))
	case reflect.PointerTo(t).Implements(jsonUnmarshalerType):
		p.how = byJSON
	case reflect.PointerTo(t).Implements(textUnmarshalerType) && c.Type == schema.JSONString:
		p.how = byText
		p.numText = c.NumberText
	case t.Kind() == reflect.Interface:
		p.how = byAny
	case t.Kind() == reflect.Slice && c.Encoding == "base64":
		p.how = byBase64
	case t.Kind() == reflect.Slice, t.Kind() == reflect.Array:
		if c.Items == nil {
			return nil, fmt.Errorf("no check for the elements of %s", t)
		}
		p.elem, err = compile(t.Elem(), c.Items)
	case t.Kind() == reflect.Map:
		if c.Values == nil {
			return nil, fmt.Errorf("no check for the values of %s", t)
		}
		p.keyTxt = reflect.PointerTo(t.Key()).Implements(textUnmarshalerType)
		p.elem, err = compile(t.Elem(), c.Values)
	case t.Kind() == reflect.Struct:
		p.props = make([]prop, len(c.Props))
		for i, pc := range c.Props {
			ft := t.FieldByIndex(pc.Index).Type
			sub, err := compile(ft, pc.Check)
			if err != nil {
				return nil, err
			}
			p.props[i] = prop{name: pc.Name, index: pc.Index, required: pc.Required, p: sub}
		}
		for _, pc := range c.Hidden {
			sub, err := compile(t.FieldByIndex(pc.Index).Type, pc.Check)
			if err != nil {
				return nil, err
			}
			p.hidden = append(p.hidden, prop{name: pc.Name, index: pc.Index, p: sub})
		}
		if len(p.props) > 8 {
			p.byName = make(map[string]int, len(p.props))
			for i, pr := range p.props {
				p.byName[pr.name] = i
			}
		}
	}
	if err == nil && c.Default != nil && p.how == byKind && immutableKind(t.Kind()) {
		p.def = decodeDefault(p)
	}
	return p, err
}

// immutableKind reports whether a value of kind k holds nothing a copy of
// it shares that could be changed: a string's bytes cannot be.
func immutableKind(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return false
}

// decodeDefault returns p's default as a Go value, or an invalid Value
// when it cannot be read (the default was checked when the schema was
// built: it is then read for each struct, as any other, and so refused
// as any other).
func decodeDefault(p *plan) (v reflect.Value) {
	defer func() {
		if recover() != nil {
			v = reflect.Value{}
		}
	}()
	d := newDecoder(context.Background(), p.c.Default, false, "Argument")
	defer d.free()
	v = reflect.New(p.t).Elem()
	d.value(p, v, 0)
	if len(d.viols) > 0 || d.decodeFault != nil {
		return reflect.Value{}
	}
	return v
}

// typeWord writes what a value of c's type must be: "an integer", "null
// or an array".
func typeWord(c *schema.Check) string {
	words := [...]string{schema.JSONBoolean: "true or false", schema.JSONInteger: "an integer", schema.JSONNumber: "a number",
		schema.JSONString: "a string", schema.JSONArray: "an array", schema.JSONObject: "an object"}
	if c.Type == schema.JSONAny {
		return ""
	}
	w := words[c.Type]
	if c.Null {
		w = "null or " + w // the order JSON Schema validators list types in
	}
	return "must be " + w + "."
}

// takesNull reports whether the plan's JSON form allows null: for a type
// that declares its schema, whether the schema does.
func (p *plan) takesNull() bool {
	if p.how == byDeclared {
		return p.declNull
	}
	return p.c.Null || p.c.Type == schema.JSONAny
}

// prop returns the index of the property named name, or -1.
func (p *plan) prop(name []byte) int {
	if p.byName != nil {
		if i, ok := p.byName[string(name)]; ok {
			return i
		}
		return -1
	}
	for i := range p.props {
		if p.props[i].name == string(name) {
			return i
		}
	}
	return -1
}
