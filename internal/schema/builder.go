package schema

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolschema/toolschema/internal/limits"
)

// A Builder turns type descriptions into schema bytes. It remembers the
// fragment of every *Type it has seen, so describing many tools over shared
// types costs each type once. A Builder is not safe for concurrent use.
type Builder struct {
	// CheckDeclared, when set, checks the schemas types declare against
	// the 2020-12 meta-schema (the core links no validator).
	CheckDeclared CheckDeclared
	// ReadMode is how the types are read. Set it before the first use:
	// the fragments are made once.
	ReadMode ReadMode

	// nodes holds the node of each type where its values are addressable,
	// naNodes (made on first use) where they are not. encoding/json calls
	// a pointer-receiver MarshalJSON or MarshalText only on addressable
	// values: not on map values, nor on the fields and elements of a map
	// value.
	nodes, naNodes map[*Type]*node
	slab           []node // nodes are carved from here, a chunk at a time
}

type nodeState uint8

const (
	building nodeState = iota + 1
	built
)

// A node is the cached result for one *Type.
type node struct {
	state nodeState
	f     frag
	bytes []byte   // f encoded, once needed (see encoded)
	errs  []*Error // paths relative to the type
	// outErrs refuse the type only where encoding/json writes its values,
	// in a result: a field hidden from the model (jsonschema:"-"), which
	// an input's schema leaves out and encoding/json still writes.
	outErrs []*Error
	// bounds is the error of the whole fragment passing a bound of a
	// schema document (see scanBounds), found once a tool's schema is the
	// fragment (boundsDone).
	bounds     *Error
	boundsDone bool
}

// allErrs returns the errors of n where its values are written: errs and
// outErrs.
func (n *node) allErrs() []*Error {
	if len(n.outErrs) == 0 {
		return n.errs
	}
	return append(slices.Clip(n.errs), n.outErrs...)
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{nodes: make(map[*Type]*node, 32)}
}

// emptyObject is the input schema of a tool without an input.
const emptyObject = `{"type":"object","properties":{},"additionalProperties":false}`

// Input returns the input schema of a tool whose input is t: the closed
// object of a struct or pointer-to-struct type, or the empty closed object
// when t is nil (the tool takes no input).
func (b *Builder) Input(t *Type) ([]byte, error) {
	if t == nil {
		return []byte(emptyObject), nil
	}
	root := t
	if root.Kind == Pointer && root.Name == "" {
		root = root.Elem
	}
	if root.Kind != Struct || isSpecial(root) {
		if n := b.node(root); len(n.errs) > 0 {
			return nil, reported(n.errs)
		}
		return nil, Errors{errorf(OLT002, "the input is %s, not a struct; tool arguments are the fields of one struct", t)}
	}
	if herrs := headerErrs(b.node(root).f.headers); len(herrs) > 0 {
		return nil, append(reported(b.node(root).errs), herrs...)
	}
	out, err := b.fragment(root, false)
	if err != nil {
		return nil, err
	}
	// The tags' headers are checked where they are written; a type that
	// declares its schema may hold x-mcp-header too, anywhere in it.
	if _, err := MCPHeaders(out); err != nil {
		return nil, Errors{errorf(OLT012, "the input schema breaks MCP's rules for x-mcp-header, from a declared schema: %v", err)}
	}
	return out, nil
}

// Output returns the output schema of a tool whose first result is t, or
// nil when the contract writes none for t (see ResultFormOf).
func (b *Builder) Output(t *Type) ([]byte, error) {
	if ResultFormOf(t) != ResultValue {
		return nil, nil
	}
	return b.Fragment(t)
}

// Fragment returns the schema of a value of type t, one that is written
// as well as read (as a result is). The bytes are shared with the
// builder's cache: callers must not change them.
func (b *Builder) Fragment(t *Type) ([]byte, error) {
	return b.fragment(t, true)
}

// fragment returns the schema of a value of type t; written says its
// values are written by encoding/json (a result), not only read (an
// input).
func (b *Builder) fragment(t *Type, written bool) ([]byte, error) {
	n := b.node(t)
	errs := n.errs
	if written {
		errs = n.allErrs()
	}
	if len(errs) > 0 {
		return nil, reported(errs)
	}
	if !n.boundsDone {
		var at []string
		n.bounds, at = scanBounds(n.encoded())
		if n.bounds != nil {
			n.bounds.Field = b.fieldAt(t, at)
		}
		n.boundsDone = true
	}
	if n.bounds != nil {
		return nil, Errors{n.bounds}
	}
	return slices.Clip(n.encoded()), nil
}

// maxFloat32 is math.MaxFloat32 as encoding/json writes a float32.
const maxFloat32 = "3.4028235e+38"

// isSpecial reports whether a struct type is mapped by rule rather than by
// its fields.
func isSpecial(t *Type) bool {
	if t.Methods != 0 {
		return true
	}
	_, ok := wellKnown[typeName{t.PkgPath, t.Name}]
	return ok && t.Name != ""
}

// node returns the fragment of t as it stands in an addressable place.
func (b *Builder) node(t *Type) *node { return b.nodeAt(t, false) }

// nodeAt returns the fragment of t, building it once per place.
func (b *Builder) nodeAt(t *Type, na bool) *node {
	if na && t.Kind != Struct && t.Kind != Array && !ptrOnlyMarshal(t) {
		// Only structs and arrays hold values that stay unaddressable.
		na = false
	}
	nodes := b.nodes
	if na {
		if b.naNodes == nil {
			b.naNodes = make(map[*Type]*node)
		}
		nodes = b.naNodes
	}
	if n := nodes[t]; n != nil {
		if n.state == building {
			// t is being built further up: it contains itself.
			return &node{errs: []*Error{errorf(OLT006, "type %s refers to itself; recursive types have no schema, as every schema is inline: flatten it (say, nodes that name their parent), or take that part as json.RawMessage", t)}}
		}
		return n
	}
	if len(b.slab) == 0 {
		b.slab = make([]node, 16)
	}
	n := &b.slab[0]
	b.slab = b.slab[1:]
	n.state = building
	nodes[t] = n
	var errs []*Error
	n.f, errs = b.build(t, na)
	for _, e := range errs {
		if e.written {
			n.outErrs = append(n.outErrs, e)
		} else {
			n.errs = append(n.errs, e)
		}
	}
	if len(n.errs) == 0 {
		if size := n.f.size(); size > limits.MaxSchemaBytes {
			n.errs = append(n.errs, tooLarge(t, &n.f, size))
		}
	}
	n.state = built
	return n
}

// tooLarge is the error of a type whose fragment passes the bound of a
// schema's size, naming its largest property or its items.
func tooLarge(t *Type, f *frag, size int) *Error {
	part := ""
	switch {
	case len(f.props) > 0:
		big := &f.props[0]
		for i := range f.props {
			if len(f.props[i].schema) > len(big.schema) {
				big = &f.props[i]
			}
		}
		part = fmt.Sprintf(" (its largest property, %s, is %d bytes)", big.name, len(big.schema))
	case len(f.items) > 0:
		part = fmt.Sprintf(" (its items are %d bytes)", len(f.items))
	case len(f.addl) > len(jsonFalse):
		part = fmt.Sprintf(" (its values are %d bytes)", len(f.addl))
	}
	return errorf(OLT002, "the schema of type %s is %d bytes%s, more than the %d a schema may be; every fragment is inline, so a type reached along many paths is written once for each: "+
		"shorten long descriptions, take a part reached many times as json.RawMessage, or split the tool", t, size, part, limits.MaxSchemaBytes)
}

// encoded returns the bytes of n's fragment, nil when it has errors. They
// are written on first use: a type that appears only in fields whose tags
// change its fragment never needs its own.
func (n *node) encoded() []byte {
	if n.bytes == nil && len(n.errs) == 0 {
		n.bytes = n.f.append(nil)
	}
	return n.bytes
}

// ptrOnlyMarshal reports whether t's marshalling method has a pointer
// receiver, so that encoding/json skips it on unaddressable values.
func ptrOnlyMarshal(t *Type) bool {
	if t.Name != "" {
		if f, ok := wellKnown[typeName{t.PkgPath, t.Name}]; ok {
			return f.ptrMarshal
		}
	}
	return t.Kind != Pointer && (t.Methods&^t.ValueMethods)&(JSONMarshaler|TextMarshaler) != 0
}

// build decides the fragment of t. This switch is the contract's type
// table. na says t's values stand where they are not addressable.
func (b *Builder) build(t *Type, na bool) (frag, []*Error) {
	if na && ptrOnlyMarshal(t) && !(t.Kind == String && t.Methods&(JSONMarshaler|JSONUnmarshaler) == 0) {
		// (A text type of string kind is a string whether or not its
		// MarshalText is called.)
		return frag{}, []*Error{errorf(OLT005, "%s marshals through a method with a pointer receiver, which encoding/json does not call on a value inside a map; give the method a value receiver, or store *%s", t, t)}
	}
	if t.Name != "" {
		if f, ok := wellKnown[typeName{t.PkgPath, t.Name}]; ok {
			if t.Declared != nil && t.Declared.By != "" { // it was silently not used
				return frag{}, []*Error{errorf(OLT023, "%s is given a schema (%s), but its schema is the contract's own, as for every well-known type; give the schema to a type of your own that holds it", t, t.Declared.By)}
			}
			return f, nil
		}
	}
	if t.Declared != nil {
		return b.declaredFrag(t)
	}
	if t.PeerSchema != "" {
		// invopop/jsonschema would list what the method says; the contract
		// cannot call it (the generator reads source), and a schema
		// derived without it would drop it unsaid.
		if t.Methods&JSONUnmarshaler != 0 {
			return frag{}, []*Error{errorf(OLT020, "%s has invopop/jsonschema's method %s, which the contract does not call: declare the schema it gives with a method %s() string",
				t, t.PeerSchema, DeclaredMethod)}
		}
		return frag{}, []*Error{errorf(OLT020, "%s has invopop/jsonschema's method %s, which the contract does not call, so what it says would be lost: say it with the type's fields, tags and constants, and drop the method",
			t, t.PeerSchema)}
	}
	const json = JSONMarshaler | JSONUnmarshaler
	const text = TextMarshaler | TextUnmarshaler
	switch {
	case t.Methods&json != 0:
		// A type encoding/json reads through its UnmarshalJSON may
		// declare the schema of its form (declaredFrag); one it reads by
		// its kind may not, and its fix is the documentation's.
		howTo := ""
		if t.Methods&JSONUnmarshaler != 0 {
			howTo = "; declare the schema of that form with a method " + DeclaredMethod + "() string"
		}
		return frag{}, []*Error{errorf(OLT005, "%s implements %s, so its JSON form is its own and has no derived schema%s",
			t, methodNames(t.Methods&json, "json.Marshaler", "json.Unmarshaler"), howTo)}
	case t.Methods&text == text:
		return frag{typ: jString}, nil
	case t.Methods&text != 0 && t.Kind == String:
		// Half of the text pair on a type of string kind: encoding/json
		// writes the string itself (or MarshalText's text) and reads a
		// JSON string (through UnmarshalText, or as it is). Either way the
		// wire holds a string; the values are the method's, so no enum.
		return frag{typ: jString}, nil
	case t.Methods&text != 0:
		return frag{}, []*Error{errorf(OLT005, "%s implements only %s of the text pair, so encoding/json writes and reads it differently",
			t, methodNames(t.Methods&text, "encoding.TextMarshaler", "encoding.TextUnmarshaler"))}
	}

	switch t.Kind {
	case Bool:
		return frag{typ: jBoolean}, nil
	case Int, Uint:
		r := intBounds{signed: t.Kind == Int, bits: t.Bits}
		min, max := r.schemaMin(), r.schemaMax()
		return frag{typ: jInteger, minimum: min, maximum: max, ownMin: min != "", ownMax: max != "", lo: r}, nil
	case Float:
		// encoding/json refuses a number beyond the type's range. The
		// bound is the largest float32 as encoding/json writes it (the
		// shortest text that reads back as that float32).
		if t.Bits == 32 {
			return frag{typ: jNumber, minimum: "-" + maxFloat32, maximum: maxFloat32, ownMin: true, ownMax: true, fbits: 32}, nil
		}
		return frag{typ: jNumber, fbits: 64}, nil
	case String:
		if len(t.Enum) > 0 {
			// Values are listed once each, in the order given; an empty
			// list leaves a plain string.
			f := frag{typ: jString, enum: make([][]byte, 0, len(t.Enum))}
			seen := make(map[string]bool, len(t.Enum)) // not a search of the list: 10,000 values would be quadratic
			for _, v := range t.Enum {
				if !seen[v] {
					seen[v] = true
					f.enum = append(f.enum, appendString(nil, v))
				}
			}
			return f, nil
		}
		return frag{typ: jString}, nil
	case Slice:
		if e := t.Elem; e.Kind == Uint && e.Bits == 8 && e.Methods&(JSONMarshaler|TextMarshaler) == 0 {
			// encoding/json writes []byte as base64 text; nil as null.
			return frag{typ: jString, null: true, encoding: "base64"}, nil
		}
		en := b.nodeAt(t.Elem, false) // slice elements are addressable
		// A nil slice is written as null.
		return frag{typ: jArray, null: true, items: en.encoded()}, prefixed(append(slices.Clip(en.allErrs()), unreachable(en, "an array's items")...), "[]")
	case Array:
		en := b.nodeAt(t.Elem, na)
		n := limit{t.Len, true}
		return frag{typ: jArray, items: en.encoded(), minItems: n, maxItems: n, fixedLen: true}, prefixed(append(slices.Clip(en.allErrs()), unreachable(en, "an array's items")...), "[]")
	case Map:
		if k := t.Key; k.Kind != String && (k.Methods&text != text || k.ValueMethods&TextMarshaler == 0 || k.Methods&json != 0) {
			// A key of string kind is written as it is; another key is
			// written by its MarshalText (called on the key's value, which
			// is not addressable) and read by its UnmarshalText.
			return frag{}, []*Error{errorf(OLT002, "map key type %s is not of string kind; only string keys, and keys with both halves of the text pair (MarshalText on the value), have a schema", t.Key)}
		}
		en := b.nodeAt(t.Elem, true) // map values are not addressable
		// A nil map is written as null.
		return frag{typ: jObject, null: true, addl: en.encoded()}, prefixed(append(slices.Clip(en.allErrs()), unreachable(en, "a map's values")...), "{}")
	case Pointer:
		en := b.nodeAt(t.Elem, false)
		f := en.f
		if f.typ != jAny {
			f.null = true
		}
		if f.decl != nil && !f.null {
			f.decl, f.null = &declFrag{raw: nullable(f.decl.raw), own: f.decl.own}, true
		}
		return f, en.allErrs()
	case Struct:
		return b.buildStruct(t, na)
	case Interface:
		if t.NumMethods == 0 {
			return frag{}, nil
		}
		return frag{}, []*Error{errorf(OLT002, "interface type %s has methods; the value behind it has no schema: use a concrete type, or any or json.RawMessage for any JSON value", t)}
	}
	why := map[Kind]string{
		Chan:          "channels cannot be written as JSON",
		Func:          "functions cannot be written as JSON",
		Complex:       "complex numbers cannot be written as JSON",
		UnsafePointer: "unsafe pointers cannot be written as JSON",
		Uintptr:       "a uintptr holds a memory address, not data",
	}[t.Kind]
	if why == "" {
		why = "its kind is not supported"
	}
	return frag{}, []*Error{errorf(OLT002, "type %s has no schema: %s; use a type encoding/json can write (json:\"-\" leaves a field out)", t, why)}
}

func methodNames(m Methods, first, second string) string {
	switch {
	case m == JSONMarshaler|JSONUnmarshaler, m == TextMarshaler|TextUnmarshaler:
		return first + " and " + second
	case m&(JSONMarshaler|TextMarshaler) != 0:
		return first
	}
	return second
}

// buildStruct writes the closed object of a struct's JSON properties.
func (b *Builder) buildStruct(t *Type, na bool) (frag, []*Error) {
	fields, errs := resolveFields(t, b.ReadMode)
	// props is not nil even when there are no fields: a struct's fragment
	// has properties.
	props := make([]prop, 0, len(fields))
	var headers []headerUse
	for i := range fields {
		jf := &fields[i]
		if jf.hidden() {
			errs = append(errs, b.hiddenErrs(jf, na)...)
			continue
		}
		schema, optional, hs, ferrs := b.property(jf, na)
		errs = append(errs, ferrs...)
		headers = append(headers, hs...)
		props = append(props, prop{name: jf.name, schema: schema, optional: optional})
	}
	return frag{typ: jObject, props: props, addl: jsonFalse, headers: foldHeaders(headers)}, fold(errs)
}

// foldHeaders returns hs with the uses of one field's header along
// several paths as one, at the first path, counting the others: a struct
// of two fields of the next, nested, would otherwise hold a number of
// them that doubles at each level.
func foldHeaders(hs []headerUse) []headerUse {
	if len(hs) < 2 {
		return hs
	}
	type key struct {
		name  string
		field *Field
	}
	at := make(map[key]int, len(hs))
	out := hs[:0:0]
	for _, h := range hs {
		k := key{h.name, h.field}
		i, ok := at[k]
		if !ok {
			at[k] = len(out)
			out = append(out, h)
			continue
		}
		first := &out[i]
		if first.again == 0 {
			first.second = h.path
		}
		first.again = addPaths(addPaths(first.again, h.again), 1)
	}
	return out
}

// hiddenErrs returns what is wrong with a field hidden from the model
// (jsonschema:"-"), which is no property: its tags, the type of a default
// it has (the invoker fills it in), and, where its struct is written, the
// field itself: encoding/json writes it all the same.
func (b *Builder) hiddenErrs(jf *jsonField, na bool) []*Error {
	sf := jf.field
	errs := slices.Clip(jf.tagErrs)
	for _, e := range jf.ft.errs {
		e.Path, e.Field = jf.name, sf
		errs = append(errs, e)
	}
	errs = append(errs, &Error{ID: OLT020, Path: jf.name, Field: sf, Tag: peerTag, written: true,
		Msg: "tag " + peerTag + ": - hides the field from the model, but in a result encoding/json writes it all the same; " +
			"leave it out of the result with json:\"-\", or return a type without it"})
	if jf.hasDefault() {
		n := b.nodeAt(sf.Type, na)
		for _, e := range prefixed(n.allErrs(), jf.name) {
			if e.Field == nil {
				e.Field = sf
			}
			errs = append(errs, e)
		}
		if len(n.errs) == 0 {
			_, _, terrs := fieldFrag(*jf, n)
			errs = append(errs, terrs...)
		}
	}
	return errs
}

// jsonFalse is the additionalProperties of a closed object. It is shared:
// fragments never change the bytes they hold.
var jsonFalse = []byte("false")

// property returns the schema of one property, whether it may be absent,
// and what is wrong with its field.
func (b *Builder) property(jf *jsonField, na bool) (schema []byte, optional bool, headers []headerUse, errs []*Error) {
	sf := jf.field
	errs = slices.Clip(jf.tagErrs)

	n := b.nodeAt(sf.Type, na)
	for _, e := range prefixed(n.allErrs(), jf.name) {
		if e.Field == nil {
			e.Field = sf
		}
		errs = append(errs, e)
	}
	optional = jf.optional()
	for _, e := range jf.ft.errs {
		e.Path, e.Field = jf.name, sf
		errs = append(errs, e)
	}
	errs = append(errs, jf.requiredErrs()...)
	if len(n.errs) > 0 || !jf.hasKeywords() {
		return n.encoded(), optional, nestedHeaders(n.f, jf.name), errs
	}
	f, _, terrs := fieldFrag(*jf, n)
	errs = append(errs, terrs...)
	headers = nestedHeaders(f, jf.name)
	if f.header != "" {
		headers = append(headers, headerUse{name: f.header, path: jf.name, field: sf})
	}
	return f.append(nil), optional, headers, errs
}

// nestedHeaders returns the headers within f, a property's fragment, with
// their paths from the property's struct.
func nestedHeaders(f frag, name string) []headerUse {
	if len(f.headers) == 0 {
		return nil
	}
	out := make([]headerUse, len(f.headers))
	for i, h := range f.headers {
		out[i] = headerUse{name: h.name, path: joinPath(name, h.path), field: h.field, again: h.again}
		if h.again > 0 {
			out[i].second = joinPath(name, h.second)
		}
	}
	return out
}

// unreachable returns the errors of the headers within a container's
// element: MCP mirrors only properties reached through properties alone,
// never through an array's items or a map's values.
func unreachable(en *node, where string) []*Error {
	var errs []*Error
	for _, h := range en.f.headers {
		errs = append(errs, &Error{ID: OLT012, Path: h.path, Field: h.field, Tag: headerTag,
			Msg: "tag " + headerTag + ": the property is inside " + where + "; MCP mirrors into headers only the properties reached from the arguments through properties alone"})
	}
	return errs
}

// headerErrs returns the errors of the headers of a tool's input: two
// properties may not name the same header, whatever its case. A field
// reached along several paths names its header at each: told once, at
// the second path, counting the others.
func headerErrs(headers []headerUse) []*Error {
	var errs []*Error
	dup := func(h headerUse, path, first string, others int) {
		errs = append(errs, &Error{ID: OLT012, Path: path, Field: h.field, Tag: headerTag,
			Msg: "tag " + headerTag + ": header " + quote(h.name) + " is named by " + first + " already (header names are compared without case)" + othersNote(others)})
	}
	seen := map[string]headerUse{}
	for _, h := range headers {
		k := strings.ToLower(h.name)
		if first, ok := seen[k]; ok {
			dup(h, h.path, first.path, h.again)
			continue
		}
		seen[k] = h
		if h.again > 0 {
			dup(h, h.second, h.path, h.again-1)
		}
	}
	return errs
}

// fieldFrag returns the fragment of a property: that of its field's type,
// n, with the field's doc comment and keyword tags applied (a description
// tag, native or a peer's, wins over the doc comment), and whether there
// were any. Of a declared schema only the description is the field's (see
// declaredField).
func fieldFrag(jf jsonField, n *node) (f frag, tagged bool, errs []*Error) {
	if !jf.hasKeywords() {
		return n.f, false, nil
	}
	sf := jf.field
	f = n.f
	if f.decl != nil {
		return declaredField(jf, f)
	}
	if sf.Doc != "" {
		f.desc = sf.Doc
	}
	errs = applyTags(&f, jf.ft.kws)
	for _, e := range errs {
		e.Path, e.Field = jf.name, sf
	}
	if f.typ == jArray && !f.fixedLen && f.minItems.n >= 1 && sf.Type.Kind == Slice {
		// A slice that must have an item is not nullable: null would
		// decode to an empty slice, which breaks the author's bound.
		f.null = false
	}
	return f, true, errs
}

// hasKeywords reports whether the field of a property has a doc comment or
// keyword tags, which change the fragment of its type.
func (jf *jsonField) hasKeywords() bool {
	return jf.field.Doc != "" || len(jf.ft.kws) > 0
}

func quote(s string) string { return string(appendString(nil, s)) }

// ResultForm says how a tool's first result becomes its result parts.
type ResultForm uint8

const (
	ResultNone   ResultForm = iota // no result besides an error
	ResultText                     // string: one text part
	ResultParts                    // tool.Part or []tool.Part: those parts
	ResultResult                   // tool.Result or *tool.Result: passed through
	ResultJSON                     // json.RawMessage or any: one JSON part, no schema
	ResultValue                    // anything else: one JSON part, described by an output schema
)

// RuntimePkg is the import path of the runtime package whose types a tool
// may return as they are.
const RuntimePkg = "github.com/toolschema/toolschema/tool"

// ResultFormOf classifies a tool's first result type (nil: none).
func ResultFormOf(t *Type) ResultForm {
	switch {
	case t == nil:
		return ResultNone
	case t.Kind == String && t.PkgPath == "":
		return ResultText // the predeclared string
	case t.PkgPath == RuntimePkg && t.Name == "Part":
		return ResultParts
	case t.Kind == Slice && t.Name == "" && t.Elem.PkgPath == RuntimePkg && t.Elem.Name == "Part":
		return ResultParts
	case t.PkgPath == RuntimePkg && t.Name == "Result",
		t.Kind == Pointer && t.Name == "" && t.Elem.PkgPath == RuntimePkg && t.Elem.Name == "Result":
		return ResultResult
	case t.PkgPath == "encoding/json" && t.Name == "RawMessage",
		t.Kind == Interface && t.Name == "" && t.NumMethods == 0:
		return ResultJSON
	}
	return ResultValue
}
