package schema

import (
	"errors"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
)

// Constructors for hand-made descriptions, as a front end would fill them.
func basic(k Kind, bits int) *Type { return &Type{Kind: k, Bits: bits} }
func named(pkg, name string, t *Type) *Type {
	c := *t
	c.PkgPath, c.Name = pkg, name
	return &c
}
func ptr(t *Type) *Type            { return &Type{Kind: Pointer, Elem: t} }
func slice(t *Type) *Type          { return &Type{Kind: Slice, Elem: t} }
func array(n int64, t *Type) *Type { return &Type{Kind: Array, Len: n, Elem: t} }
func mapOf(k, v *Type) *Type       { return &Type{Kind: Map, Key: k, Elem: v} }
func strct(fs ...Field) *Type      { return &Type{Kind: Struct, Fields: fs} }
func field(name string, t *Type, tag string) Field {
	return Field{Name: name, Exported: name[0] >= 'A' && name[0] <= 'Z', Type: t, Tag: tag}
}
func embed(t *Type, tag string) Field {
	name := t.Name
	if t.Kind == Pointer {
		name = t.Elem.Name
	}
	return Field{Name: name, Exported: name[0] >= 'A' && name[0] <= 'Z', Embedded: true, Type: t, Tag: tag}
}

var (
	tBool   = basic(Bool, 0)
	tString = basic(String, 0)
	tInt    = basic(Int, 64)
	tInt8   = basic(Int, 8)
	tUint8  = basic(Uint, 8)
	tUint64 = basic(Uint, 64)
	tFloat  = basic(Float, 64)
	tAny    = &Type{Kind: Interface}
	tTime   = &Type{Kind: Struct, PkgPath: "time", Name: "Time", Methods: JSONMarshaler | JSONUnmarshaler | TextMarshaler | TextUnmarshaler, Opaque: true}
	tBigInt = &Type{Kind: Struct, PkgPath: "math/big", Name: "Int", Opaque: true}
	tStatus = &Type{Kind: String, PkgPath: "example.com/shop", Name: "Status", Enum: []string{"open", "closed"}}
)

// TestTypeTable checks the fragment of every row of the contract's type
// table, byte for byte.
func TestTypeTable(t *testing.T) {
	tests := []struct {
		name string
		typ  *Type
		want string
	}{
		{"bool", tBool, `{"type":"boolean"}`},
		{"int8", tInt8, `{"type":"integer","minimum":-128,"maximum":127}`},
		{"int16", basic(Int, 16), `{"type":"integer","minimum":-32768,"maximum":32767}`},
		{"int32", basic(Int, 32), `{"type":"integer","minimum":-2147483648,"maximum":2147483647}`},
		{"int64", tInt, `{"type":"integer"}`},
		{"uint8", tUint8, `{"type":"integer","minimum":0,"maximum":255}`},
		{"uint16", basic(Uint, 16), `{"type":"integer","minimum":0,"maximum":65535}`},
		{"uint32", basic(Uint, 32), `{"type":"integer","minimum":0,"maximum":4294967295}`},
		{"uint64", tUint64, `{"type":"integer","minimum":0}`},
		{"float32", basic(Float, 32), `{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}`},
		{"float64", tFloat, `{"type":"number"}`},
		{"string", tString, `{"type":"string"}`},
		{"named string", named("example.com/shop", "SKU", tString), `{"type":"string"}`},
		{"[]byte", slice(tUint8), `{"type":["string","null"],"contentEncoding":"base64"}`},
		{"[]namedbyte", slice(named("p", "B", tUint8)), `{"type":["string","null"],"contentEncoding":"base64"}`},
		{"[4]byte", array(4, tUint8), `{"type":"array","items":{"type":"integer","minimum":0,"maximum":255},"minItems":4,"maxItems":4}`},
		{"time.Time", tTime, `{"type":"string","format":"date-time"}`},
		{"time.Duration", named("time", "Duration", tInt), `{"type":"integer","description":"A duration in nanoseconds."}`},
		{"text pair", &Type{Kind: Struct, PkgPath: "p", Name: "Point", Methods: TextMarshaler | TextUnmarshaler, Opaque: true}, `{"type":"string"}`},
		{"uuid", &Type{Kind: Array, PkgPath: "github.com/google/uuid", Name: "UUID", Methods: TextMarshaler | TextUnmarshaler, Opaque: true}, `{"type":"string","format":"uuid"}`},
		{"netip.Addr", &Type{Kind: Struct, PkgPath: "net/netip", Name: "Addr", Methods: TextMarshaler | TextUnmarshaler, Opaque: true}, `{"type":"string","description":"An IPv4 or IPv6 address."}`},
		{"big.Float", &Type{Kind: Struct, PkgPath: "math/big", Name: "Float", Methods: TextMarshaler | TextUnmarshaler, Opaque: true}, `{"type":"string","description":"A decimal number, as text."}`},
		{"big.Rat", &Type{Kind: Struct, PkgPath: "math/big", Name: "Rat", Methods: TextMarshaler | TextUnmarshaler, Opaque: true}, `{"type":"string","description":"A fraction such as 1/3, or a decimal number, as text."}`},
		{"json.RawMessage", &Type{Kind: Slice, PkgPath: "encoding/json", Name: "RawMessage", Methods: JSONMarshaler | JSONUnmarshaler, Opaque: true}, `{}`},
		{"json.Number", named("encoding/json", "Number", tString), `{"type":"number"}`},
		{"big.Int", &Type{Kind: Struct, PkgPath: "math/big", Name: "Int", Methods: JSONMarshaler | JSONUnmarshaler | TextMarshaler | TextUnmarshaler, Opaque: true}, `{"type":"integer"}`},
		{"enum", tStatus, `{"type":"string","enum":["open","closed"]}`},
		{"enum values listed once", &Type{Kind: String, PkgPath: "p", Name: "Dup", Enum: []string{"a", "b", "a"}}, `{"type":"string","enum":["a","b"]}`},
		{"empty enum is a string", ptr(&Type{Kind: String, PkgPath: "p", Name: "None", Enum: []string{}}), `{"type":["string","null"]}`},
		{"enum with text pair is text", &Type{Kind: String, PkgPath: "p", Name: "Level", Enum: []string{"a"}, Methods: TextMarshaler | TextUnmarshaler}, `{"type":"string"}`},
		{"*int8", ptr(tInt8), `{"type":["integer","null"],"minimum":-128,"maximum":127}`},
		{"*enum", ptr(tStatus), `{"type":["string","null"],"enum":["open","closed",null]}`},
		{"*any", ptr(tAny), `{}`},
		{"**string", ptr(ptr(tString)), `{"type":["string","null"]}`},
		{"*time.Time", ptr(tTime), `{"type":["string","null"],"format":"date-time"}`},
		{"[]string", slice(tString), `{"type":["array","null"],"items":{"type":"string"}}`},
		{"[][]bool", slice(slice(tBool)), `{"type":["array","null"],"items":{"type":["array","null"],"items":{"type":"boolean"}}}`},
		{"[2]string", array(2, tString), `{"type":"array","items":{"type":"string"},"minItems":2,"maxItems":2}`},
		{"map[string]int8", mapOf(tString, tInt8), `{"type":["object","null"],"additionalProperties":{"type":"integer","minimum":-128,"maximum":127}}`},
		{"map[Status]bool", mapOf(tStatus, tBool), `{"type":["object","null"],"additionalProperties":{"type":"boolean"}}`},
		{"any", tAny, `{}`},
		{"pointer-receiver marshaller where addressable", slice(&Type{Kind: Int, Bits: 64, PkgPath: "p", Name: "Level", Methods: TextMarshaler | TextUnmarshaler}), `{"type":["array","null"],"items":{"type":"string"}}`},
		{"value-receiver marshaller in a map", mapOf(tString, &Type{Kind: Int, Bits: 64, PkgPath: "p", Name: "Level", Methods: TextMarshaler | TextUnmarshaler, ValueMethods: TextMarshaler}), `{"type":["object","null"],"additionalProperties":{"type":"string"}}`},
		{"big.Int behind a pointer in a map", mapOf(tString, ptr(tBigInt)), `{"type":["object","null"],"additionalProperties":{"type":["integer","null"]}}`},
		{"big.Int in a slice in a map", mapOf(tString, slice(tBigInt)), `{"type":["object","null"],"additionalProperties":{"type":["array","null"],"items":{"type":"integer"}}}`},
		{"empty struct", strct(), `{"type":"object","properties":{},"additionalProperties":false}`},
		{"*struct", ptr(strct(field("A", tBool, ""))), `{"type":["object","null"],"properties":{"A":{"type":"boolean"}},"required":["A"],"additionalProperties":false}`},
		{"struct", strct(field("Name", tString, `json:"name"`), field("Count", tUint8, `json:"count,omitempty"`)),
			`{"type":"object","properties":{"name":{"type":"string"},"count":{"type":"integer","minimum":0,"maximum":255}},"required":["name"],"additionalProperties":false}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Fragment(tt.typ)
			if err != nil {
				t.Fatalf("Fragment: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			schematest.Check(t, got)
		})
	}
}

// TestRefused checks that every type without a schema is refused with its
// rule and a message that names the type.
func TestRefused(t *testing.T) {
	self := &Type{Kind: Struct, PkgPath: "p", Name: "Node"}
	self.Fields = []Field{field("Next", ptr(self), `json:"next"`)}
	a := &Type{Kind: Struct, PkgPath: "p", Name: "A"}
	b := &Type{Kind: Struct, PkgPath: "p", Name: "B", Fields: []Field{field("A", slice(a), "")}}
	a.Fields = []Field{field("B", mapOf(tString, b), "")}
	tests := []struct {
		name string
		typ  *Type
		want string // the error text
	}{
		{"chan", &Type{Kind: Chan, Elem: tInt}, "OLT002: type chan int64 has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"func", &Type{Kind: Func}, "OLT002: type func has no schema: functions cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"complex", basic(Complex, 128), "OLT002: type complex128 has no schema: complex numbers cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"unsafe.Pointer", &Type{Kind: UnsafePointer}, "OLT002: type unsafe.Pointer has no schema: unsafe pointers cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"uintptr", &Type{Kind: Uintptr}, "OLT002: type uintptr has no schema: a uintptr holds a memory address, not data; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"interface", &Type{Kind: Interface, PkgPath: "io", Name: "Reader", NumMethods: 1}, "OLT002: interface type io.Reader has methods; the value behind it has no schema: use a concrete type, or any or json.RawMessage for any JSON value"},
		{"map key", mapOf(tInt, tString), "OLT002: map key type int64 is not of string kind; only string keys, and keys with both halves of the text pair (MarshalText on the value), have a schema"},
		{"element", slice(&Type{Kind: Func}), "OLT002: []: type func has no schema: functions cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"map value", mapOf(tString, &Type{Kind: Chan, Elem: tBool}), "OLT002: {}: type chan bool has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"json.Marshaler", &Type{Kind: Struct, PkgPath: "p", Name: "Money", Methods: JSONMarshaler}, "OLT005: p.Money implements json.Marshaler, so its JSON form is its own and has no derived schema"},
		// A type encoding/json reads through its UnmarshalJSON may declare
		// its schema: the message says how (mcp-grafana's StringOrSlice,
		// moved to the mcp-go drop-ins, panicked without saying).
		{"json pair", &Type{Kind: Struct, PkgPath: "p", Name: "Money", Methods: JSONMarshaler | JSONUnmarshaler},
			"OLT005: p.Money implements json.Marshaler and json.Unmarshaler, so its JSON form is its own and has no derived schema; declare the schema of that form with a method ToolschemaSchema() string"},
		{"json.Unmarshaler", &Type{Kind: Slice, Elem: tString, PkgPath: "p", Name: "StringOrSlice", Methods: JSONUnmarshaler},
			"OLT005: p.StringOrSlice implements json.Unmarshaler, so its JSON form is its own and has no derived schema; declare the schema of that form with a method ToolschemaSchema() string"},
		// invopop/jsonschema takes these types' schemas from their methods,
		// which the contract does not call: refused, never dropped.
		{"invopop JSONSchema", &Type{Kind: String, PkgPath: "p", Name: "Level", PeerSchema: "JSONSchema"},
			"OLT020: p.Level has invopop/jsonschema's method JSONSchema, which the contract does not call, so what it says would be lost: say it with the type's fields, tags and constants, and drop the method"},
		{"invopop JSONSchemaExtend", &Type{Kind: Struct, PkgPath: "p", Name: "Query", PeerSchema: "JSONSchemaExtend"},
			"OLT020: p.Query has invopop/jsonschema's method JSONSchemaExtend, which the contract does not call, so what it says would be lost: say it with the type's fields, tags and constants, and drop the method"},
		{"invopop JSONSchema, own JSON form", &Type{Kind: Slice, Elem: tString, PkgPath: "p", Name: "StringOrSlice", Methods: JSONMarshaler | JSONUnmarshaler, PeerSchema: "JSONSchema"},
			"OLT020: p.StringOrSlice has invopop/jsonschema's method JSONSchema, which the contract does not call: declare the schema it gives with a method ToolschemaSchema() string"},
		{"half text pair", &Type{Kind: Struct, PkgPath: "p", Name: "Color", Methods: TextMarshaler}, "OLT005: p.Color implements only encoding.TextMarshaler of the text pair, so encoding/json writes and reads it differently"},
		{"pointer-receiver marshaller in a map", mapOf(tString, &Type{Kind: Int, Bits: 64, PkgPath: "p", Name: "Level", Methods: TextMarshaler | TextUnmarshaler}),
			"OLT005: {}: p.Level marshals through a method with a pointer receiver, which encoding/json does not call on a value inside a map; give the method a value receiver, or store *p.Level"},
		{"big.Int in a struct in a map", mapOf(tString, strct(field("N", tBigInt, `json:"n"`))),
			"OLT005: {}.n: big.Int marshals through a method with a pointer receiver, which encoding/json does not call on a value inside a map; give the method a value receiver, or store *big.Int"},
		{"big.Int in an array in a map", mapOf(tString, array(2, tBigInt)),
			"OLT005: {}[]: big.Int marshals through a method with a pointer receiver, which encoding/json does not call on a value inside a map; give the method a value receiver, or store *big.Int"},
		{"self", self, "OLT006: next: type p.Node refers to itself; recursive types have no schema, as every schema is inline: flatten it (say, nodes that name their parent), or take that part as json.RawMessage"},
		{"cycle", a, "OLT006: B{}.A[]: type p.A refers to itself; recursive types have no schema, as every schema is inline: flatten it (say, nodes that name their parent), or take that part as json.RawMessage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Fragment(tt.typ)
			if err == nil {
				t.Fatalf("Fragment = %s, want error %q", got, tt.want)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n got %q\nwant %q", err, tt.want)
			}
			var es Errors
			if !errors.As(err, &es) || len(es) != 1 {
				t.Errorf("error is %T with %v, want one *Error in Errors", err, err)
			}
		})
	}
}

// TestStructRules checks names, required and defaults, keyword tags and
// embedding through Input, byte for byte.
func TestStructRules(t *testing.T) {
	base := &Type{Kind: Struct, PkgPath: "p", Name: "Base", Fields: []Field{
		field("ID", tString, `json:"id"`), field("Note", tString, `json:"note,omitempty"`)}}
	deep := &Type{Kind: Struct, PkgPath: "p", Name: "Deep", Fields: []Field{field("Name", tString, "")}}
	mid := &Type{Kind: Struct, PkgPath: "p", Name: "Mid", Fields: []Field{embed(deep, ""), field("Level", tInt8, "")}}
	hidden := &Type{Kind: Struct, PkgPath: "p", Name: "hidden", Fields: []Field{field("Visible", tBool, ""), field("secret", tBool, "")}}
	tagged := &Type{Kind: Struct, PkgPath: "p", Name: "Tagged", Fields: []Field{field("X", tBool, `json:"x"`)}}
	untagged := &Type{Kind: Struct, PkgPath: "p", Name: "Untagged", Fields: []Field{field("X", tInt8, "")}}
	obj := func(props, required string) string {
		s := `{"type":"object","properties":{` + props + `}`
		if required != "" {
			s += `,"required":[` + required + `]`
		}
		return s + `,"additionalProperties":false}`
	}
	tests := []struct {
		name string
		typ  *Type
		want string
	}{
		{"mcpHeader: strings, booleans, bounded integers, enums, through properties and pointers",
			strct(field("Region", tString, `json:"region" mcpHeader:"Region"`), field("Dry", tBool, `json:"dry,omitempty" mcpHeader:"Dry-Run"`),
				field("Shard", tInt, `json:"shard" mcpHeader:"Shard" minimum:"0" maximum:"63"`), field("Small", tInt8, `json:"small" mcpHeader:"x!#$%&'*+-.^_|~1"`),
				field("Status", tStatus, `json:"status" mcpHeader:"Status"`),
				field("To", ptr(strct(field("Zone", tString, `json:"zone" mcpHeader:"Zone"`))), `json:"to"`)),
			obj(`"region":{"type":"string","x-mcp-header":"Region"},"dry":{"type":"boolean","x-mcp-header":"Dry-Run"},`+
				`"shard":{"type":"integer","x-mcp-header":"Shard","minimum":0,"maximum":63},"small":{"type":"integer","x-mcp-header":"x!#$%&'*+-.^_|~1","minimum":-128,"maximum":127},`+
				`"status":{"type":"string","x-mcp-header":"Status","enum":["open","closed"]},`+
				`"to":{"type":["object","null"],"properties":{"zone":{"type":"string","x-mcp-header":"Zone"}},"required":["zone"],"additionalProperties":false}`,
				`"region","shard","small","status","to"`)},
		{"json name, Go name, skipped, unexported",
			strct(field("A", tBool, `json:"a"`), field("B", tBool, ""), field("C", tBool, `json:"-"`), field("D", tBool, `json:"-,"`), field("e", tBool, ""), field("F", tBool, `json:",omitempty"`)),
			obj(`"a":{"type":"boolean"},"B":{"type":"boolean"},"-":{"type":"boolean"},"F":{"type":"boolean"}`, `"a","B","-"`)},
		{"punctuation in names",
			strct(field("A", tBool, `json:"-C"`), field("B", tBool, `json:"x.y/z"`)),
			obj(`"-C":{"type":"boolean"},"x.y/z":{"type":"boolean"}`, `"-C","x.y/z"`)},
		{"required: omitempty, omitzero, default, pointer",
			strct(field("A", tInt8, `json:"a,omitempty"`), field("B", tInt8, `json:"b,omitzero"`), field("C", tInt8, `json:"c" default:"3"`), field("D", ptr(tInt8), `json:"d"`), field("E", ptr(tInt8), `json:"e,omitempty"`)),
			obj(`"a":{"type":"integer","minimum":-128,"maximum":127},"b":{"type":"integer","minimum":-128,"maximum":127},"c":{"type":"integer","minimum":-128,"maximum":127,"default":3},"d":{"type":["integer","null"],"minimum":-128,"maximum":127},"e":{"type":["integer","null"],"minimum":-128,"maximum":127}`, `"d"`)},
		{"slices and maps: nullable unless omitted when empty",
			strct(field("A", slice(tString), `json:"a"`), field("B", slice(tString), `json:"b,omitempty"`), field("C", mapOf(tString, tBool), `json:"c"`)),
			obj(`"a":{"type":["array","null"],"items":{"type":"string"}},"b":{"type":["array","null"],"items":{"type":"string"}},"c":{"type":["object","null"],"additionalProperties":{"type":"boolean"}}`, `"a","c"`)},
		{"defaults typed as the field",
			strct(field("S", tString, `default:"hi \"you\""`), field("B", tBool, `default:"true"`), field("F", tFloat, `default:"0.25"`), field("E", tStatus, `default:"closed"`), field("P", ptr(tInt8), `default:"-5"`), field("U", tUint64, `default:"18446744073709551615"`)),
			obj(`"S":{"type":"string","default":"hi \"you\""},"B":{"type":"boolean","default":true},"F":{"type":"number","default":0.25},"E":{"type":"string","enum":["open","closed"],"default":"closed"},"P":{"type":["integer","null"],"minimum":-128,"maximum":127,"default":-5},"U":{"type":"integer","minimum":0,"default":18446744073709551615}`, "")},
		{"numeric tags replace only their keyword",
			strct(field("N", tInt, `minimum:"1"`), field("M", tUint8, `maximum:"10"`), field("F", tFloat, `minimum:"-1.5" maximum:"1e3"`)),
			obj(`"N":{"type":"integer","minimum":1},"M":{"type":"integer","minimum":0,"maximum":10},"F":{"type":"number","minimum":-1.5,"maximum":1e3}`, `"N","M","F"`)},
		{"patterns and defaults both dialects read alike",
			strct(field("P", tString, `pattern:"^(?:ab|cd)\\d{2}(?<tail>x)?$" default:"ab12"`), field("D", tString, `format:"date" default:"2026-11-30"`), field("A", &Type{Kind: Struct, PkgPath: "net/netip", Name: "Addr", Methods: TextMarshaler | TextUnmarshaler, Opaque: true}, `default:"::1"`)),
			obj(`"P":{"type":"string","pattern":"^(?:ab|cd)\\d{2}(?<tail>x)?$","default":"ab12"},"D":{"type":"string","format":"date","default":"2026-11-30"},"A":{"type":"string","description":"An IPv4 or IPv6 address.","default":"::1"}`, "")},
		{"number tags written as given",
			strct(field("A", tFloat, `minimum:"1e-400" maximum:"0.50"`), field("B", basic(Float, 32), `maximum:"1e38" default:"-2.5"`)),
			obj(`"A":{"type":"number","minimum":1e-400,"maximum":0.50},"B":{"type":"number","minimum":-3.4028235e+38,"maximum":1e38,"default":-2.5}`, `"A"`)},
		{"json:\"-\" on an unexported field", strct(field("x", tBool, `json:"-"`), field("Y", tBool, "")), obj(`"Y":{"type":"boolean"}`, `"Y"`)},
		{"string tags",
			strct(field("S", tString, `description:"A <b> & c" minLength:"1" maxLength:"64" pattern:"^[a-z]+$" format:"email"`), field("P", ptr(tString), `enum:"a, b,c"`), field("J", tString, `enum:"[\"x,y\",\"z\"]"`)),
			obj(`"S":{"type":"string","format":"email","description":"A <b> & c","minLength":1,"maxLength":64,"pattern":"^[a-z]+$"},"P":{"type":["string","null"],"enum":["a","b","c",null]},"J":{"type":"string","enum":["x,y","z"]}`, `"S","P","J"`)},
		{"array tags",
			strct(field("L", slice(tString), `minItems:"1" maxItems:"3" uniqueItems:"true"`), field("A", array(2, tBool), `uniqueItems:"true"`)),
			obj(`"L":{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3,"uniqueItems":true},"A":{"type":"array","items":{"type":"boolean"},"minItems":2,"maxItems":2,"uniqueItems":true}`, `"L","A"`)},
		{"description on any and on a struct, doc comment",
			strct(field("X", tAny, `description:"anything"`), field("Y", strct(), `description:"empty"`), Field{Name: "Z", Exported: true, Type: tBool, Doc: "From the doc."}, Field{Name: "W", Exported: true, Type: tBool, Doc: "Loses.", Tag: `description:"Wins."`}),
			obj(`"X":{"description":"anything"},"Y":{"type":"object","description":"empty","properties":{},"additionalProperties":false},"Z":{"type":"boolean","description":"From the doc."},"W":{"type":"boolean","description":"Wins."}`, `"X","Y","Z","W"`)},
		{"embedded struct flattened in index order",
			strct(field("First", tBool, ""), embed(base, ""), field("Last", tBool, "")),
			obj(`"First":{"type":"boolean"},"id":{"type":"string"},"note":{"type":"string"},"Last":{"type":"boolean"}`, `"First","id","Last"`)},
		{"embedded pointer flattened, its fields optional",
			strct(embed(ptr(base), "")),
			obj(`"id":{"type":"string"},"note":{"type":"string"}`, "")},
		{"embedded with a json name is nested",
			strct(embed(base, `json:"base"`)),
			obj(`"base":{"type":"object","properties":{"id":{"type":"string"},"note":{"type":"string"}},"required":["id"],"additionalProperties":false}`, `"base"`)},
		{"shallower field shadows deeper",
			strct(embed(mid, ""), field("Name", tInt8, "")),
			obj(`"Level":{"type":"integer","minimum":-128,"maximum":127},"Name":{"type":"integer","minimum":-128,"maximum":127}`, `"Level","Name"`)},
		{"two levels of embedding",
			strct(embed(mid, "")),
			obj(`"Name":{"type":"string"},"Level":{"type":"integer","minimum":-128,"maximum":127}`, `"Name","Level"`)},
		{"tagged field wins a tie at one depth",
			strct(embed(tagged, ""), embed(untagged, "")),
			obj(`"x":{"type":"boolean"},"X":{"type":"integer","minimum":-128,"maximum":127}`, `"x","X"`)},
		{"unexported embedded struct promotes exported fields",
			strct(embed(hidden, "")),
			obj(`"Visible":{"type":"boolean"}`, `"Visible"`)},
		{"embedded non-struct is a field",
			strct(embed(named("p", "Level", tInt8), ""), embed(named("p", "quiet", tBool), "")),
			obj(`"Level":{"type":"integer","minimum":-128,"maximum":127}`, `"Level"`)},
		{"pointer input", ptr(strct(field("A", tBool, ""))), obj(`"A":{"type":"boolean"}`, `"A"`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Input(tt.typ)
			if err != nil {
				t.Fatalf("Input: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			schematest.Check(t, got)
		})
	}
}

// TestStructRefused checks that every broken rule of a struct is reported,
// all in one pass, naming the path, the field and the tag.
func TestStructRefused(t *testing.T) {
	dup1 := &Type{Kind: Struct, PkgPath: "p", Name: "One", Fields: []Field{field("X", tBool, "")}}
	dup2 := &Type{Kind: Struct, PkgPath: "p", Name: "Two", Fields: []Field{field("X", tInt8, "")}}
	tests := []struct {
		name string
		typ  *Type
		want []string // error lines, in order
		tag  string   // the Tag of the first error
	}{
		{"input not a struct", tInt, []string{"OLT002: the input is int64, not a struct; tool arguments are the fields of one struct"}, ""},
		{"input with its own JSON", &Type{Kind: Struct, PkgPath: "p", Name: "Raw", Methods: JSONUnmarshaler},
			[]string{"OLT005: p.Raw implements json.Unmarshaler, so its JSON form is its own and has no derived schema; declare the schema of that form with a method ToolschemaSchema() string"}, ""},
		{"two fields with one name", strct(field("A", tBool, `json:"x"`), field("B", tBool, `json:"x"`)),
			[]string{`OLT011: x: fields A and B both have the JSON name "x"; encoding/json would drop both`}, "json"},
		{"embedded tie", strct(embed(dup1, ""), embed(dup2, "")),
			[]string{`OLT011: X: fields One.X and Two.X both have the JSON name "X"; encoding/json would drop both`}, "json"},
		{"string option", strct(field("N", tInt, `json:"n,string"`)),
			[]string{"OLT011: n: the ,string option makes encoding/json quote the value; the contract does not describe that form, remove the option"}, "json"},
		{"unknown option", strct(field("N", tInt, `json:"n,omitemtpy"`)),
			[]string{`OLT011: n: json tag option "omitemtpy" is unknown to encoding/json, which ignores it; did you mean "omitempty"?`}, "json"},
		{"invalid name", strct(field("N", tInt, `json:"a\"b"`)),
			[]string{`OLT011: N: json tag name "a\"b" is not a valid JSON key for encoding/json, which would use "N" instead`}, "json"},
		{"malformed tag", strct(field("N", tInt, `json:n`)),
			[]string{`OLT011: N: malformed struct tag: value of key "json" is not a quoted string`}, "json"},
		{"mcpHeader empty", strct(field("S", tString, `mcpHeader:""`)), []string{`OLT012: S: tag mcpHeader: is empty; give the name of the header (Mcp-Param-{name}), such as mcpHeader:"Region"`}, "mcpHeader"},
		{"mcpHeader not a token", strct(field("S", tString, `mcpHeader:"Re:gion"`)), []string{`OLT012: S: tag mcpHeader: "Re:gion" is not an HTTP header name: ":" is not allowed (letters, digits and !#$%&'*+-.^_` + "`" + `|~ are)`}, "mcpHeader"},
		{"mcpHeader on a number", strct(field("F", tFloat, `mcpHeader:"F"`)), []string{`OLT012: F: tag mcpHeader: applies to string, boolean and integer fields, not number (MCP mirrors only those into headers)`}, "mcpHeader"},
		{"mcpHeader on an object", strct(field("O", strct(field("A", tBool, "")), `mcpHeader:"O"`)), []string{`OLT012: O: tag mcpHeader: applies to string, boolean and integer fields, not a struct (MCP mirrors only those into headers)`}, "mcpHeader"},
		{"mcpHeader on a pointer", strct(field("D", ptr(tBool), `json:"d,omitempty" mcpHeader:"Dry-Run"`)), []string{`OLT012: d: tag mcpHeader: applies to a property of one type, and the field is a pointer, whose property also takes null (["boolean","null"]), which MCP's SDKs do not mirror (mcp-go refuses the tool, the go-sdk mirrors none of its headers): use the boolean type itself, with omitempty when it is optional`}, "mcpHeader"},
		{"mcpHeader on an int64", strct(field("N", tInt, `mcpHeader:"N"`)), []string{`OLT012: N: tag mcpHeader: an integer header must stay within ±9007199254740991 (2^53-1), as MCP requires: use a type of 32 bits or fewer, or bound the field with minimum and maximum tags`}, "mcpHeader"},
		{"mcpHeader in items", strct(field("L", slice(strct(field("R", tString, `json:"r" mcpHeader:"R"`))), `json:"l"`)),
			[]string{`OLT012: l[].r: tag mcpHeader: the property is inside an array's items; MCP mirrors into headers only the properties reached from the arguments through properties alone`}, "mcpHeader"},
		{"mcpHeader in map values", strct(field("M", mapOf(tString, strct(field("R", tString, `json:"r" mcpHeader:"R"`))), `json:"m"`)),
			[]string{`OLT012: m{}.r: tag mcpHeader: the property is inside a map's values; MCP mirrors into headers only the properties reached from the arguments through properties alone`}, "mcpHeader"},
		{"mcpHeader twice, case aside", strct(field("A", tString, `json:"a" mcpHeader:"Region"`), field("B", tString, `json:"b" mcpHeader:"REGION"`)),
			[]string{`OLT012: b: tag mcpHeader: header "REGION" is named by a already (header names are compared without case)`}, "mcpHeader"},
		{"minimum not a number", strct(field("N", tInt8, `minimum:"one"`)), []string{`OLT012: N: tag minimum: "one" is not an integer`}, "minimum"},
		{"minimum out of range", strct(field("N", tUint8, `minimum:"-1"`)), []string{`OLT012: N: tag minimum: "-1" is outside the range of the field's type (0 to 255)`}, "minimum"},
		{"maximum beyond 2^53-1", strct(field("N", tUint64, `maximum:"18446744073709551615"`)), []string{`OLT012: N: tag maximum: "18446744073709551615" is beyond ±9007199254740991 (2^53-1), which JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients) cannot read exactly; leave it out: the invoker refuses what the field's type cannot hold without it`}, "maximum"},
		{"minimum beyond -(2^53-1)", strct(field("N", tInt, `minimum:"-9007199254740992"`)), []string{`OLT012: N: tag minimum: "-9007199254740992" is beyond ±9007199254740991 (2^53-1), which JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients) cannot read exactly; leave it out: the invoker refuses what the field's type cannot hold without it`}, "minimum"},
		{"fractional bound on integer", strct(field("N", tInt8, `maximum:"1.5"`)), []string{`OLT012: N: tag maximum: "1.5" is not an integer`}, "maximum"},
		{"minimum on string", strct(field("S", tString, `minimum:"1"`)), []string{`OLT012: S: tag minimum: applies to integer and number fields, not string`}, "minimum"},
		{"minimum above maximum", strct(field("N", tInt8, `minimum:"5" maximum:"4"`)), []string{`OLT012: N: minimum 5 is greater than maximum 4`}, "minimum"},
		{"minLength above maxLength", strct(field("S", tString, `minLength:"5" maxLength:"4"`)), []string{`OLT012: S: minLength is greater than maxLength`}, "minLength"},
		{"minItems above maxItems", strct(field("L", slice(tBool), `minItems:"5" maxItems:"4"`)), []string{`OLT012: L: minItems is greater than maxItems`}, "minItems"},
		{"minLength on int", strct(field("N", tInt8, `minLength:"1"`)), []string{`OLT012: N: tag minLength: applies to string fields, not integer`}, "minLength"},
		{"maxLength negative", strct(field("S", tString, `maxLength:"-1"`)), []string{`OLT012: S: tag maxLength: "-1" is not a non-negative integer`}, "maxLength"},
		{"minLength on []byte", strct(field("B", slice(tUint8), `minLength:"1"`)), []string{`OLT012: B: tag minLength: does not fit a []byte field: its text is base64, whose length is not the data's`}, "minLength"},
		{"minItems on array", strct(field("A", array(3, tBool), `minItems:"1"`)), []string{`OLT012: A: tag minItems: does not fit an array type, whose length is fixed`}, "minItems"},
		{"maxItems on map", strct(field("M", mapOf(tString, tBool), `maxItems:"1"`)), []string{`OLT012: M: tag maxItems: applies to slice and array fields, not a map`}, "maxItems"},
		{"uniqueItems false", strct(field("L", slice(tBool), `uniqueItems:"false"`)), []string{`OLT012: L: tag uniqueItems: "false" is not allowed; write uniqueItems:"true" or leave the tag out`}, "uniqueItems"},
		{"bad pattern", strct(field("S", tString, `pattern:"a("`)), []string{"OLT012: S: tag pattern: is not a valid regular expression: missing closing ): `a(`"}, "pattern"},
		{"unknown format", strct(field("S", tString, `format:"e-mail"`)), []string{`OLT012: S: tag format: "e-mail" is not a JSON Schema 2020-12 format (date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uuid, ...)`}, "format"},
		{"format on time", strct(field("T", tTime, `format:"date"`)), []string{`OLT012: T: tag format: the type is already written with format "date-time"`}, "format"},
		{"enum on enum", strct(field("E", tStatus, `enum:"a"`)), []string{`OLT012: E: tag enum: the type already lists its values`}, "enum"},
		{"enum duplicate", strct(field("S", tString, `enum:"a,b,a"`)), []string{`OLT012: S: tag enum: lists "a" twice`}, "enum"},
		{"enum empty value", strct(field("S", tString, `enum:"a,,b"`)), []string{`OLT012: S: tag enum: has an empty value`}, "enum"},
		{"enum bad JSON", strct(field("S", tString, `enum:"[1,2]"`)), []string{`OLT012: S: tag enum: is not a JSON array of strings: json: cannot unmarshal number into Go value of type string`}, "enum"},
		{"default not a boolean", strct(field("B", tBool, `default:"yes"`)), []string{`OLT012: B: tag default: "yes" is not a boolean (true or false)`}, "default"},
		{"default below minimum", strct(field("N", tInt8, `minimum:"1" default:"0"`)), []string{`OLT012: N: tag default: 0 is less than the minimum 1`}, "default"},
		{"default outside the type", strct(field("N", tInt8, `default:"300"`)), []string{`OLT012: N: tag default: "300" is outside the range of the field's type (-128 to 127)`}, "default"},
		{"default not in enum", strct(field("E", tStatus, `default:"gone"`)), []string{`OLT012: E: tag default: "gone" is not one of the field's values`}, "default"},
		{"default too long", strct(field("S", tString, `maxLength:"2" default:"abc"`)), []string{`OLT012: S: tag default: "abc" is longer than maxLength`}, "default"},
		{"default against pattern", strct(field("S", tString, `pattern:"^a" default:"b"`)), []string{`OLT012: S: tag default: "b" does not match the pattern`}, "default"},
		{"default on time", strct(field("T", tTime, `default:"yesterday"`)), []string{`OLT012: T: tag default: "yesterday" is not of the format date-time`}, "default"},
		{"default on slice", strct(field("L", slice(tString), `default:"a"`)), []string{`OLT012: L: tag default: applies to boolean, integer, number and string fields, not array`}, "default"},
		{"empty description", strct(field("S", tString, `description:" "`)), []string{`OLT012: S: tag description: is empty`}, "description"},
		{"embedding promotes time.Time's methods", &Type{Kind: Struct, PkgPath: "p", Name: "Event", Methods: tTime.Methods, Fields: []Field{embed(tTime, ""), field("Name", tString, "")}},
			[]string{"OLT005: p.Event implements json.Marshaler and json.Unmarshaler, so its JSON form is its own and has no derived schema; declare the schema of that form with a method ToolschemaSchema() string"}, ""},
		{"embedded marshaler not promoted", strct(embed(tTime, "")),
			[]string{"OLT005: Time: embedded time.Time has a JSON form of its own that is not promoted to the outer struct; encoding/json would flatten its fields instead"}, ""},
		{"number not JSON", strct(field("F", tFloat, `minimum:".5"`)), []string{`OLT012: F: tag minimum: ".5" is not a JSON number`}, "minimum"},
		{"float32 range", strct(field("F", basic(Float, 32), `maximum:"1e39"`)), []string{`OLT012: F: tag maximum: "1e39" is outside the range of float32`}, "maximum"},
		{"float32 default", strct(field("F", basic(Float, 32), `default:"-4e38"`)), []string{`OLT012: F: tag default: "-4e38" is outside the range of float32`}, "default"},
		{"huge exponent", strct(field("F", tFloat, `minimum:"1e999999999"`)), []string{`OLT012: F: tag minimum: "1e999999999" has an exponent beyond what a float64 holds`}, "minimum"},
		{"tags on an unexported field", strct(field("limit", tInt, `json:"limit" minimum:"1"`)),
			[]string{"OLT011: limit: field limit is unexported, so encoding/json ignores it and its json tag; export it, or drop the tag",
				"OLT012: limit: tag minimum: field limit is unexported, so encoding/json ignores it and the tag has no effect"}, "json"},
		{"tags on a flattened embedded struct", strct(embed(&Type{Kind: Struct, PkgPath: "p", Name: "Base", Fields: []Field{field("ID", tString, "")}}, `json:",omitemtpy" description:"The base."`)),
			[]string{`OLT011: Base: json tag option "omitemtpy" is unknown to encoding/json, which ignores it; did you mean "omitempty"?`,
				"OLT012: Base: tag description: embedded p.Base is flattened into the outer object, so the tag has no property to apply to; give the field a json name to make it one property"}, "json"},
		{"unexported embedded pointer", strct(embed(ptr(&Type{Kind: Struct, PkgPath: "p", Name: "inner", Fields: []Field{field("X", tInt8, "")}}), "")),
			[]string{"OLT011: inner: the fields promoted through the unexported embedded pointer *p.inner cannot be decoded: encoding/json cannot allocate it; embed it by value, or export it"}, "json"},
		{"pattern with Go flags", strct(field("S", tString, `pattern:"(?i)^abc$"`)), []string{"OLT012: S: tag pattern: uses (?i)..., Go's inline flags or named group, which ECMA-262 regular expressions (JSON Schema's) do not have"}, "pattern"},
		{"pattern with \\z", strct(field("S", tString, `pattern:"^abc\\z"`)), []string{"OLT012: S: tag pattern: uses \\z, which ECMA-262 regular expressions (JSON Schema's) do not have"}, "pattern"},
		{"pattern with a POSIX class", strct(field("S", tString, `pattern:"^[[:alpha:]]+$"`)), []string{"OLT012: S: tag pattern: uses a POSIX class ([[:name:]]), which ECMA-262 regular expressions (JSON Schema's) do not have"}, "pattern"},
		{"default against format", strct(field("D", tString, `format:"date" default:"yesterday"`), field("U", tString, `format:"uuid" default:"nope"`), field("E", tString, `format:"email" default:"x"`),
			field("P", tString, `format:"duration" default:"1h"`), field("R", tString, `format:"regex" default:"a("`), field("J", tString, `format:"json-pointer" default:"/a~2"`)),
			[]string{`OLT012: D: tag default: "yesterday" is not of the format date`, `OLT012: U: tag default: "nope" is not of the format uuid`, `OLT012: E: tag default: "x" is not of the format email`,
				`OLT012: P: tag default: "1h" is not of the format duration`, `OLT012: R: tag default: "a(" is not of the format regex`, `OLT012: J: tag default: "/a~2" is not of the format json-pointer`}, "default"},
		{"default of a well-known text type", strct(field("A", &Type{Kind: Struct, PkgPath: "net/netip", Name: "Addr", Methods: TextMarshaler | TextUnmarshaler, Opaque: true}, `default:"not-an-ip"`)),
			[]string{`OLT012: A: tag default: "not-an-ip" is not a valid text for the field's type`}, "default"},
		{"repeated tag", strct(field("S", tString, `minLength:"1" minLength:"2"`)), []string{`OLT012: S: tag minLength: appears more than once`}, "minLength"},
		{"x-mcp-header in a declared schema", strct(field("W", &Type{Kind: Float, Bits: 64, PkgPath: "example.com/p", Name: "Weight", Methods: JSONMarshaler | JSONUnmarshaler,
			Declared: &Declared{Schema: []byte(`{"type":"number","x-mcp-header":"Weight"}`)}}, `json:"w"`)),
			[]string{`OLT012: the input schema breaks MCP's rules for x-mcp-header, from a declared schema: properties.w: x-mcp-header applies to a property of type string, integer or boolean, not "number"`}, ""},
		{"x-mcp-header in a declared schema's items", strct(field("L", &Type{Kind: Slice, Elem: tString, PkgPath: "example.com/p", Name: "List", Methods: JSONMarshaler | JSONUnmarshaler,
			Declared: &Declared{Schema: []byte(`{"type":"array","items":{"type":"string","x-mcp-header":"Item"}}`)}}, `json:"l"`)),
			[]string{`OLT012: the input schema breaks MCP's rules for x-mcp-header, from a declared schema: properties.l.items: x-mcp-header is not reached from the root through properties alone (MCP mirrors only such properties into headers)`}, ""},
		{"x-mcp-header of a declared schema and a tag, the same", strct(field("R", tString, `json:"r" mcpHeader:"Region"`), field("Z", &Type{Kind: String, PkgPath: "example.com/p", Name: "Zone", Methods: JSONMarshaler | JSONUnmarshaler,
			Declared: &Declared{Schema: []byte(`{"type":"string","x-mcp-header":"region"}`)}}, `json:"z"`)),
			[]string{`OLT012: the input schema breaks MCP's rules for x-mcp-header, from a declared schema: properties.z: x-mcp-header "region" is properties.r's already (compared without case)`}, ""},
		{"all errors at once", strct(field("A", &Type{Kind: Chan, Elem: tBool}, `json:"a"`), field("B", tString, `minimum:"1"`), field("C", slice(strct(field("D", &Type{Kind: Func}, `json:"d"`))), `json:"c"`)),
			[]string{
				"OLT002: a: type chan bool has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)",
				"OLT012: B: tag minimum: applies to integer and number fields, not string",
				"OLT002: c[].d: type func has no schema: functions cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)",
			}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewBuilder().Input(tt.typ)
			if err == nil {
				t.Fatalf("Input = %s, want errors", got)
			}
			if got != nil {
				t.Errorf("Input returned a schema with its errors: %s", got)
			}
			if lines := strings.Split(err.Error(), "\n"); strings.Join(lines, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("errors\n got %q\nwant %q", lines, tt.want)
			}
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("error is %T, want Errors", err)
			}
			if tt.tag != "" && (es[0].Tag != tt.tag || es[0].Field == nil) {
				t.Errorf("first error has Tag %q and Field %v, want Tag %q and its field", es[0].Tag, es[0].Field, tt.tag)
			}
		})
	}
}

// TestBuilderCaches checks that a type is built once and that an error
// found inside a shared type is reported once, at the first path that
// reaches it, counting the others: a front end reports it at its field.
func TestBuilderCaches(t *testing.T) {
	item := strct(field("Qty", tInt8, ""))
	b := NewBuilder()
	x, _ := b.Fragment(item)
	y, _ := b.Fragment(item)
	if &x[0] != &y[0] {
		t.Error("second Fragment of one *Type built it again")
	}
	bad := strct(field("C", &Type{Kind: Chan, Elem: tBool}, ""))
	_, err := b.Input(strct(field("A", bad, `json:"a"`), field("B", slice(bad), `json:"b"`)))
	want := "OLT002: a.C: type chan bool has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out) (and 1 other path reaches this field)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestResultFormOf(t *testing.T) {
	part := &Type{Kind: Interface, PkgPath: RuntimePkg, Name: "Part", NumMethods: 1}
	result := &Type{Kind: Struct, PkgPath: RuntimePkg, Name: "Result"}
	tests := []struct {
		typ  *Type
		want ResultForm
	}{
		{nil, ResultNone},
		{tString, ResultText},
		{named("p", "Name", tString), ResultValue},
		{part, ResultParts},
		{slice(part), ResultParts},
		{result, ResultResult},
		{ptr(result), ResultResult},
		{&Type{Kind: Slice, PkgPath: "encoding/json", Name: "RawMessage"}, ResultJSON},
		{tAny, ResultJSON},
		{tInt, ResultValue},
		{ptr(strct()), ResultValue},
	}
	for _, tt := range tests {
		if got := ResultFormOf(tt.typ); got != tt.want {
			t.Errorf("ResultFormOf(%v) = %d, want %d", tt.typ, got, tt.want)
		}
	}
	if out, err := NewBuilder().Output(tString); out != nil || err != nil {
		t.Errorf("Output(string) = %s, %v; want no schema", out, err)
	}
}
