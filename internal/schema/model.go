package schema

import (
	"iter"
	"strings"
)

// A Kind is the shape of a Go type, as far as the contract cares.
type Kind uint8

const (
	Invalid Kind = iota
	Bool
	Int   // signed integer; Type.Bits is its size
	Uint  // unsigned integer; Type.Bits is its size
	Float // Type.Bits is 32 or 64
	String
	Slice
	Array
	Map
	Pointer
	Struct
	Interface
	Complex
	Chan
	Func
	UnsafePointer
	Uintptr
)

var kindNames = [...]string{
	Invalid: "invalid", Bool: "bool", Int: "int", Uint: "uint", Float: "float",
	String: "string", Slice: "slice", Array: "array", Map: "map", Pointer: "pointer",
	Struct: "struct", Interface: "interface", Complex: "complex", Chan: "chan",
	Func: "func", UnsafePointer: "unsafe.Pointer", Uintptr: "uintptr",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + itoa(int64(k)) + ")"
}

// Methods records which of encoding/json's hooks a type has, through its own
// method set or that of a pointer to it (encoding/json calls either).
type Methods uint8

const (
	JSONMarshaler Methods = 1 << iota
	JSONUnmarshaler
	TextMarshaler
	TextUnmarshaler
)

// A Type is the neutral description of a Go type that both front ends fill:
// the static one from go/types, the reflective one from reflect. It holds
// facts only; which schema a type gets is decided by this package alone.
//
// A description may be a cyclic graph (a type that refers to itself); the
// builder detects and refuses cycles. A front end must return the same *Type
// for the same named type, so that a cycle is a cycle in the graph.
type Type struct {
	Kind Kind
	// PkgPath and Name identify a named type ("time", "Time"); both are
	// empty for an unnamed type. A predeclared type has a Name and no
	// PkgPath ("int", "error"). For an instance of a generic type Name
	// carries the type arguments as the front end writes them.
	PkgPath, Name string
	// PkgName is the name of the package (for messages; "" means the last
	// element of PkgPath).
	PkgName string
	// Bits is the size of an Int, Uint, Float or Complex type.
	Bits int
	// Elem is the element of a Slice, Array, Pointer or Chan, the value of
	// a Map.
	Elem *Type
	// Key is the key of a Map.
	Key *Type
	// Len is the length of an Array.
	Len int64
	// Fields are the fields of a Struct, in declaration order.
	Fields []Field
	// Methods are the encoding hooks of a non-pointer type, through its
	// own method set or that of a pointer to it; ValueMethods those of its
	// own method set alone (value receivers). encoding/json calls a
	// pointer-receiver marshaller only on addressable values.
	Methods, ValueMethods Methods
	// NumMethods is the size of an Interface's method set.
	NumMethods int
	// Enum lists, for a named type of string kind, the values of its typed
	// constants in declaration order. The static front end reads them from
	// the package; reflection calls the generated EnumMethod.
	Enum []string
	// Declared is the schema the type's author declares for its own JSON
	// form (see DeclaredMethod); nil when none.
	Declared *Declared
	// PeerSchema is the name of the first of PeerSchemaMethods the type
	// has (through T or *T, promoted methods included), by which
	// invopop/jsonschema takes its schema, or part of it, from the type
	// itself; "" when none.
	PeerSchema string
	// Opaque reports that the front end did not describe the type's
	// structure (its fields or elements), because Opaque said it need not.
	Opaque bool
}

// A Field is one field of a struct type, as declared.
type Field struct {
	Name     string // the Go name; for an embedded field, the type's name
	Exported bool
	Embedded bool
	Tag      string // the raw struct tag
	Doc      string // the doc comment, flattened by FlattenDoc (static front end only)
	Type     *Type  // may be nil for an unexported field that is not embedded
	// Pos is an opaque position a front end may set to find the field again
	// when the builder reports an error on it (the static front end stores a
	// token.Pos).
	Pos int
}

// EnumMethod is the name of the method the generator writes on each enum
// type and reflection calls to learn the type's values:
//
//	func (T) ToolschemaEnumValues() []string
//
// It returns the values of T's typed constants in declaration order.
const EnumMethod = "ToolschemaEnumValues"

// A Declared is the schema a type declares, as a front end read it.
type Declared struct {
	Schema []byte // as the method returns it
	// By, when set, names the option that gave the schema for one use
	// (reflectimpl.TypeSchema), for a type that does not declare one.
	By string
	// Err says why the front end could not read it ("" when it could).
	Err string
}

// PeerSchemaMethods are the methods by which invopop/jsonschema takes a
// type's schema, or part of it, from the type: JSONSchema() *Schema,
// JSONSchemaExtend(*Schema), JSONSchemaAlias() any and
// JSONSchemaProperty(string) any. A front end reports one (Type.PeerSchema)
// only with that shape (PeerSchemaShaped), Schema being any type of that
// name but google/jsonschema-go's (GoogleSchemaPkg), so that a method of
// another library's that shares the name is not taken for it.
var PeerSchemaMethods = [...]string{"JSONSchema", "JSONSchemaExtend", "JSONSchemaAlias", "JSONSchemaProperty"}

// A SigValue is a method's parameter or result, as far as
// PeerSchemaShaped tells the peers' methods apart.
type SigValue struct {
	// PtrTo and PtrPkg name the type a pointer points to: its name, type
	// arguments left out, and its package's path ("" for none).
	PtrTo, PtrPkg string
	Any           bool // the empty interface
	String        bool // of string kind
}

// PeerSchemaShaped reports whether the method name, one of
// PeerSchemaMethods, with these parameters and results (the receiver left
// out), has invopop/jsonschema's shape.
func PeerSchemaShaped(name string, params, results []SigValue) bool {
	schemaPtr := func(v SigValue) bool { return v.PtrTo == "Schema" && v.PtrPkg != GoogleSchemaPkg }
	switch name {
	case "JSONSchema":
		return len(params) == 0 && len(results) == 1 && schemaPtr(results[0])
	case "JSONSchemaExtend":
		return len(params) == 1 && len(results) == 0 && schemaPtr(params[0])
	case "JSONSchemaAlias":
		return len(params) == 0 && len(results) == 1 && results[0].Any
	case "JSONSchemaProperty":
		return len(params) == 1 && len(results) == 1 && params[0].String && results[0].Any
	}
	return false
}

// GoogleSchemaPkg is the package of google/jsonschema-go's Schema. That
// library calls no method of a type for its schema: a JSONSchema method
// that returns its *Schema is a program's own, not invopop's.
const GoogleSchemaPkg = "github.com/google/jsonschema-go/jsonschema"

// DeclaredMethod is the name of the method by which a type with a JSON form
// of its own (json.Marshaler, json.Unmarshaler) declares its schema:
//
//	func (T) ToolschemaSchema() string { return `{"type":["string","array"],...}` }
//
// Its body must be one return of a string literal, which the static front
// end reads from source and reflection gets by calling the method. The
// schema is checked against the 2020-12 meta-schema and the contract's
// rules; arguments for the type are checked against it and decoded by its
// UnmarshalJSON.
const DeclaredMethod = "ToolschemaSchema"

// DeclaredSignature is the reason (a Declared's Err) a front end gives for
// a DeclaredMethod of another signature than func() string.
const DeclaredSignature = DeclaredMethod + " must be a method func() string"

// Reached returns the types roots reach, each once, depth first: a type
// before its element, its key and its fields' types. Nil roots are
// skipped; a type two roots reach is yielded for the first.
func Reached(roots ...*Type) iter.Seq[*Type] {
	return func(yield func(*Type) bool) {
		seen := map[*Type]bool{}
		var walk func(t *Type) bool
		walk = func(t *Type) bool {
			if t == nil || seen[t] {
				return true
			}
			seen[t] = true
			if !yield(t) || !walk(t.Elem) || !walk(t.Key) {
				return false
			}
			for i := range t.Fields {
				if !walk(t.Fields[i].Type) {
					return false
				}
			}
			return true
		}
		for _, r := range roots {
			if !walk(r) {
				return
			}
		}
	}
}

// String returns the type as Go source would name it, qualified by the last
// element of its package path ("time.Time", "[]orders.Item").
func (t *Type) String() string {
	var b strings.Builder
	t.write(&b, 0)
	return b.String()
}

func (t *Type) write(b *strings.Builder, depth int) {
	if t == nil {
		b.WriteString("<nil>")
		return
	}
	if t.Kind == UnsafePointer {
		b.WriteString("unsafe.Pointer")
		return
	}
	if t.Name != "" {
		if t.PkgPath != "" {
			p := t.PkgName
			if p == "" {
				p = t.PkgPath
				if i := strings.LastIndexByte(p, '/'); i >= 0 {
					p = p[i+1:]
				}
			}
			b.WriteString(p)
			b.WriteByte('.')
		}
		b.WriteString(t.Name)
		return
	}
	if depth > 8 {
		b.WriteString("…")
		return
	}
	switch t.Kind {
	case Bool:
		b.WriteString("bool")
	case Int, Uint, Float, Complex:
		b.WriteString(kindNames[t.Kind])
		b.WriteString(itoa(int64(t.Bits)))
	case String:
		b.WriteString("string")
	case Slice:
		b.WriteString("[]")
		t.Elem.write(b, depth+1)
	case Array:
		b.WriteString("[" + itoa(t.Len) + "]")
		t.Elem.write(b, depth+1)
	case Pointer:
		b.WriteString("*")
		t.Elem.write(b, depth+1)
	case Map:
		b.WriteString("map[")
		t.Key.write(b, depth+1)
		b.WriteString("]")
		t.Elem.write(b, depth+1)
	case Struct:
		b.WriteString("struct{...}")
	case Interface:
		if t.NumMethods == 0 {
			b.WriteString("any")
		} else {
			b.WriteString("interface{...}")
		}
	case Chan:
		b.WriteString("chan ")
		t.Elem.write(b, depth+1)
	case Func:
		b.WriteString("func")
	default:
		b.WriteString(t.Kind.String())
	}
}

// Opaque reports whether a front end may leave a named type's structure
// undescribed: the contract maps it without looking inside (a well-known
// type, or one with marshalling methods of its own). Front ends call it
// before walking fields or elements, which keeps descriptions of types such
// as time.Time small.
func Opaque(pkgPath, name string, m Methods) bool {
	if m != 0 {
		return true
	}
	_, ok := wellKnown[typeName{pkgPath, name}]
	return ok && name != ""
}

// ArgsMap reports whether t is a map of a tool's arguments read by name:
// keys of string kind, values of the empty interface (map[string]any, as
// github/github-mcp-server's and containers/kubernetes-mcp-server's
// handlers take them). Such an input has no schema of its own: the
// go-sdk drop-in (mcpserver.AddTool) takes it beside an input schema set
// by hand, and the analyzers leave it unreported at such a call.
func ArgsMap(t *Type) bool {
	return t != nil && t.Kind == Map && t.Key != nil && t.Key.Kind == String &&
		t.Elem != nil && t.Elem.Kind == Interface && t.Elem.NumMethods == 0
}

// ArgsMapWayOut is what a go-sdk drop-in that takes a map of the
// arguments (ArgsMap) with no input schema set by hand is told, at
// mcpserver.AddTool's panic and by the analyzers at its call: the two
// ways it takes arguments.
const ArgsMapWayOut = `give In a struct of the arguments, or set the tool's InputSchema by hand, with import _ "github.com/toolschema/toolschema/declared"`
