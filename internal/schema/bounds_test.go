package schema

import (
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
)

// TestSafeBounds checks that no schema carries a bound beyond
// ±MaxSafeInteger, while the checks keep the whole range of the Go type,
// so that the invoker refuses what the type cannot hold.
func TestSafeBounds(t *testing.T) {
	tDuration := named("time", "Duration", tInt)
	tests := []struct {
		name               string
		typ                *Type
		tag                string
		schema             string // the property's fragment
		checkMin, checkMax string // the check's bounds
	}{
		{"int64", tInt, "", `{"type":"integer"}`, "-9223372036854775808", "9223372036854775807"},
		{"uint64", tUint64, "", `{"type":"integer","minimum":0}`, "0", "18446744073709551615"},
		{"int32", basic(Int, 32), "", `{"type":"integer","minimum":-2147483648,"maximum":2147483647}`, "-2147483648", "2147483647"},
		{"uint32", basic(Uint, 32), "", `{"type":"integer","minimum":0,"maximum":4294967295}`, "0", "4294967295"},
		{"int on a 32-bit target", basic(Int, 32), "", `{"type":"integer","minimum":-2147483648,"maximum":2147483647}`, "-2147483648", "2147483647"},
		{"time.Duration", tDuration, "", `{"type":"integer","description":"A duration in nanoseconds."}`, "-9223372036854775808", "9223372036854775807"},
		{"*int64", ptr(tInt), "", `{"type":["integer","null"]}`, "-9223372036854775808", "9223372036854775807"},
		{"int64 with minimum", tInt, `minimum:"1"`, `{"type":"integer","minimum":1}`, "1", "9223372036854775807"},
		{"uint64 with the largest safe maximum", tUint64, `maximum:"9007199254740991"`, `{"type":"integer","minimum":0,"maximum":9007199254740991}`, "0", "9007199254740991"},
		{"int64 with the smallest safe minimum", tInt, `minimum:"-9007199254740991"`, `{"type":"integer","minimum":-9007199254740991}`, "-9007199254740991", "9223372036854775807"},
		{"float32 keeps its range", basic(Float, 32), "", `{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}`, "-3.4028235e+38", "3.4028235e+38"},
		{"float64", tFloat, "", `{"type":"number"}`, "", ""},
		{"big.Int", tBigInt, "", `{"type":"integer"}`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ := strct(field("N", tt.typ, `json:"n" `+tt.tag))
			b := NewBuilder()
			got, err := b.Input(typ)
			if err != nil {
				t.Fatal(err)
			}
			schematest.Check(t, got)
			want := `{"type":"object","properties":{"n":` + tt.schema + `},"required":["n"],"additionalProperties":false}`
			if string(got) != want {
				t.Errorf("schema\n got %s\nwant %s", got, want)
			}
			c, err := b.Checks(typ)
			if err != nil {
				t.Fatal(err)
			}
			pc := c.Props[0].Check
			if pc.Minimum != tt.checkMin || pc.Maximum != tt.checkMax {
				t.Errorf("check bounds %q..%q, want %q..%q", pc.Minimum, pc.Maximum, tt.checkMin, tt.checkMax)
			}
		})
	}
}

// TestNoUnsafeBoundInAnySchema checks, over the type table, that no
// integer bound a schema writes is beyond ±MaxSafeInteger.
func TestNoUnsafeBoundInAnySchema(t *testing.T) {
	for _, bits := range []int{8, 16, 32, 64} {
		for _, k := range []Kind{Int, Uint} {
			f, err := NewBuilder().Fragment(basic(k, bits))
			if err != nil {
				t.Fatal(err)
			}
			for _, kw := range []string{`"minimum":`, `"maximum":`} {
				i := strings.Index(string(f), kw)
				if i < 0 {
					continue
				}
				n := strings.TrimRight(string(f[i+len(kw):]), "}")
				if n, _, _ = strings.Cut(n, ","); !safeInteger(n) {
					t.Errorf("%v%d: %s %s is beyond 2^53-1", k, bits, kw, n)
				}
			}
		}
	}
}

// TestOwnBoundPaths checks which bounds the builder says are only the Go
// type's own range, by path: those its kind writes, at every depth (items,
// map values, nested properties, through pointers), never one a tag
// writes, whatever its value, nor one inside a declared schema.
func TestOwnBoundPaths(t *testing.T) {
	tUint16, tUint32, tInt16 := basic(Uint, 16), basic(Uint, 32), basic(Int, 16)
	declared := &Type{Kind: Int, Bits: 8, PkgPath: "example.com/p", Name: "Level", Methods: JSONMarshaler | JSONUnmarshaler,
		Declared: &Declared{Schema: []byte(`{"type":"integer","minimum":-128,"maximum":127}`)}}
	in := strct(
		field("Byte", tUint8, `json:"byte"`),
		field("Level", tUint16, `json:"level" maximum:"255"`),
		field("Port", tUint32, `json:"port" minimum:"1" maximum:"65535"`),
		field("Small", tInt16, `json:"small" minimum:"-128" maximum:"127"`),
		field("Own", tUint8, `json:"own" maximum:"255"`),
		field("Under", tInt8, `json:"under" maximum:"100"`),
		field("Peer", tInt16, `json:"peer" jsonschema:"minimum=-128"`),
		field("Big", tUint64, `json:"big"`),
		field("Wide", tInt, `json:"wide"`),
		field("Half", basic(Float, 32), `json:"half"`),
		field("Capped", basic(Float, 32), `json:"capped" maximum:"3.4e38"`),
		field("Ptr", ptr(tInt8), `json:"ptr"`),
		field("Items", slice(tInt16), `json:"items" maxItems:"3"`),
		field("Grid", array(2, ptr(tUint8)), `json:"grid"`),
		field("Map", mapOf(tString, tUint16), `json:"map"`),
		field("Inner", strct(field("N", tInt8, `json:"n" minimum:"0"`)), `json:"inner"`),
		field("Decl", declared, `json:"decl"`),
		field("Blob", slice(tUint8), `json:"blob"`),
		// Two places of one path, input.x.y, with different own bounds:
		// neither is listed, so that a conversion tells both.
		field("XY", tInt8, `json:"x.y"`),
		field("X", strct(field("Y", tUint8, `json:"y"`)), `json:"x"`),
	)
	if _, err := NewBuilder().Input(in); err != nil {
		t.Fatal(err)
	}
	got := OwnBoundPaths(in, "input")
	want := map[string]OwnBounds{
		"input.byte":    {"0", "255"},
		"input.level":   {Minimum: "0"},
		"input.own":     {Minimum: "0"},
		"input.under":   {Minimum: "-128"},
		"input.peer":    {Maximum: "32767"},
		"input.big":     {Minimum: "0"},
		"input.half":    {"-3.4028235e+38", "3.4028235e+38"},
		"input.capped":  {Minimum: "-3.4028235e+38"},
		"input.ptr":     {"-128", "127"},
		"input.items[]": {"-32768", "32767"},
		"input.grid[]":  {"0", "255"},
		"input.map{}":   {"0", "65535"},
		"input.inner.n": {Maximum: "127"},
	}
	for path, w := range want {
		if got[path] != w {
			t.Errorf("%s: %+v, want %+v", path, got[path], w)
		}
	}
	for path, g := range got {
		if _, ok := want[path]; !ok {
			t.Errorf("%s: %+v, want no own bounds", path, g)
		}
	}
	if len(OwnBoundPaths(nil, "input")) != 0 {
		t.Errorf("a nil type has own bounds")
	}
}
