// Package reflecttype describes reflect types in the core's neutral model
// (schema.Type): what reflectimpl builds schemas from and what the
// invoker compiles its typed decoders from.
package reflecttype

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"

	"github.com/toolschema/toolschema/internal/schema"
)

var (
	jsonMarshalerType   = reflect.TypeFor[json.Marshaler]()
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// enumValuer has the method the generator writes on enum types
// (schema.EnumMethod).
type enumValuer interface {
	ToolschemaEnumValues() []string
}

// A Describer turns reflect types into the core's neutral description,
// returning one *schema.Type per reflect.Type. The zero value is ready to
// use; a Describer is not safe for concurrent use.
type Describer struct {
	types map[reflect.Type]*schema.Type
	slab  []schema.Type
	// Schemas gives, for one use, the schemas of types that do not declare
	// their own (reflectimpl.TypeSchema): such a type is described as if
	// it declared the schema, whatever its methods. Set it before the
	// first Describe.
	Schemas *Schemas
}

// Schemas are the schemas given for types for one use, by the option
// named By. A set is made once and not changed: its identity is the
// identity of the override (the invoker makes plans per set).
type Schemas struct {
	By string
	M  map[reflect.Type][]byte
	// Plans holds, by Go type, what the invoker (package tool) made from
	// the set: its decoding plans, apart from every other tool's.
	Plans sync.Map
}

// New returns a Describer with room for size types.
func New(size int) *Describer {
	return &Describer{types: make(map[reflect.Type]*schema.Type, size)}
}

// Describe returns the description of t.
func (d *Describer) Describe(t reflect.Type) *schema.Type {
	if st, ok := d.types[t]; ok {
		return st
	}
	if d.types == nil {
		d.types = map[reflect.Type]*schema.Type{}
	}
	if len(d.slab) == 0 {
		d.slab = make([]schema.Type, 16)
	}
	st := &d.slab[0]
	d.slab = d.slab[1:]
	*st = schema.Type{Kind: kindOf(t.Kind()), PkgPath: t.PkgPath(), Name: t.Name()}
	if st.PkgPath != "" {
		// reflect spells a named type with its package's name.
		st.PkgName, _, _ = strings.Cut(t.String(), ".")
	}
	// Registered before its parts are described, so that a type that
	// refers to itself is one cycle in the graph.
	d.types[t] = st
	switch st.Kind {
	case schema.Int, schema.Uint, schema.Float, schema.Complex:
		st.Bits = t.Bits()
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && !schema.Opaque(st.PkgPath, st.Name, 0) {
		// A well-known type is mapped by name whatever its methods.
		st.Methods, st.ValueMethods = methodsOf(t)
		st.PeerSchema = peerSchema(t)
	}
	if s, ok := d.Schemas.of(t); ok {
		st.Declared = &schema.Declared{Schema: s, By: d.Schemas.By}
	} else if schema.MayDeclare(st.Methods) {
		if s, err := declared(t); s != nil || err != "" {
			st.Declared = &schema.Declared{Schema: s, Err: err}
		}
	}
	if schema.Opaque(st.PkgPath, st.Name, st.Methods) {
		st.Opaque = true
		return st
	}
	switch t.Kind() {
	case reflect.String:
		if st.Name != "" {
			if v, ok := reflect.Zero(t).Interface().(enumValuer); ok {
				st.Enum = append([]string{}, v.ToolschemaEnumValues()...)
			}
		}
	case reflect.Slice, reflect.Pointer, reflect.Chan:
		st.Elem = d.Describe(t.Elem())
	case reflect.Array:
		st.Elem = d.Describe(t.Elem())
		st.Len = int64(t.Len())
	case reflect.Map:
		st.Key = d.Describe(t.Key())
		st.Elem = d.Describe(t.Elem())
	case reflect.Interface:
		st.NumMethods = t.NumMethod()
	case reflect.Struct:
		st.Fields = make([]schema.Field, t.NumField())
		for i := range st.Fields {
			sf := t.Field(i)
			f := &st.Fields[i]
			f.Name, f.Exported, f.Embedded, f.Tag = sf.Name, sf.IsExported(), sf.Anonymous, string(sf.Tag)
			if f.Exported || f.Embedded {
				f.Type = d.Describe(sf.Type)
			}
		}
	}
	return st
}

// of returns the schema given for t, if any.
func (s *Schemas) of(t reflect.Type) ([]byte, bool) {
	if s == nil {
		return nil, false
	}
	b, ok := s.M[t]
	return b, ok
}

// declarer has the method by which a type declares its schema
// (schema.DeclaredMethod).
type declarer interface {
	ToolschemaSchema() string
}

// declared returns the schema t declares, nil when it declares none, and
// the reason when its schema.DeclaredMethod has another signature (as the
// static front end says it).
func declared(t reflect.Type) ([]byte, string) {
	if v, ok := reflect.Zero(t).Interface().(declarer); ok {
		return []byte(v.ToolschemaSchema()), ""
	}
	if v, ok := reflect.New(t).Interface().(declarer); ok {
		return []byte(v.ToolschemaSchema()), ""
	}
	if _, ok := reflect.PointerTo(t).MethodByName(schema.DeclaredMethod); ok {
		return nil, schema.DeclaredSignature
	}
	return nil, ""
}

// peerSchema returns the first of schema.PeerSchemaMethods that t or *t
// has with invopop/jsonschema's shape (schema.PeerSchemaShaped), "" when
// none.
func peerSchema(t reflect.Type) string {
	pt := reflect.PointerTo(t)
	if pt.NumMethod() == 0 {
		return ""
	}
	sig := func(t reflect.Type) schema.SigValue {
		v := schema.SigValue{Any: t.Kind() == reflect.Interface && t.NumMethod() == 0, String: t.Kind() == reflect.String}
		if t.Kind() == reflect.Pointer {
			v.PtrTo, _, _ = strings.Cut(t.Elem().Name(), "[") // as go/types names an instance
			v.PtrPkg = t.Elem().PkgPath()
		}
		return v
	}
	for _, name := range schema.PeerSchemaMethods {
		m, ok := pt.MethodByName(name)
		if !ok {
			continue
		}
		ft := m.Type // the receiver first
		var params, results []schema.SigValue
		for i := 1; i < ft.NumIn(); i++ {
			params = append(params, sig(ft.In(i)))
		}
		for i := range ft.NumOut() {
			results = append(results, sig(ft.Out(i)))
		}
		if schema.PeerSchemaShaped(name, params, results) {
			return name
		}
	}
	return ""
}

// methodsOf reports the encoding hooks of t or *t, and those of t alone.
func methodsOf(t reflect.Type) (all, value schema.Methods) {
	if t.Name() == "" && t.Kind() != reflect.Struct {
		return 0, 0
	}
	pt := reflect.PointerTo(t)
	if pt.NumMethod() == 0 {
		return 0, 0 // the method set of *T includes that of T
	}
	for _, h := range hooks {
		if t.Implements(h.iface) {
			all |= h.m
			value |= h.m
		} else if pt.Implements(h.iface) {
			all |= h.m
		}
	}
	return all, value
}

var hooks = []struct {
	iface reflect.Type
	m     schema.Methods
}{
	{jsonMarshalerType, schema.JSONMarshaler},
	{jsonUnmarshalerType, schema.JSONUnmarshaler},
	{textMarshalerType, schema.TextMarshaler},
	{textUnmarshalerType, schema.TextUnmarshaler},
}

func kindOf(k reflect.Kind) schema.Kind {
	switch k {
	case reflect.Bool:
		return schema.Bool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return schema.Int
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return schema.Uint
	case reflect.Uintptr:
		return schema.Uintptr
	case reflect.Float32, reflect.Float64:
		return schema.Float
	case reflect.Complex64, reflect.Complex128:
		return schema.Complex
	case reflect.String:
		return schema.String
	case reflect.Slice:
		return schema.Slice
	case reflect.Array:
		return schema.Array
	case reflect.Map:
		return schema.Map
	case reflect.Pointer:
		return schema.Pointer
	case reflect.Struct:
		return schema.Struct
	case reflect.Interface:
		return schema.Interface
	case reflect.Chan:
		return schema.Chan
	case reflect.Func:
		return schema.Func
	case reflect.UnsafePointer:
		return schema.UnsafePointer
	}
	return schema.Invalid
}
