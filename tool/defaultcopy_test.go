package tool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sync"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type (
	Word  string
	Count uint16
	Ratio float32
	Shade string
	Flag  bool
)

// Texted and ValueText are read by their own methods.
type (
	Texted    string
	ValueText string
)

func (t *Texted) UnmarshalText(b []byte) error   { *t = Texted("T" + string(b)); return nil }
func (t ValueText) UnmarshalText(b []byte) error { return nil }

func (Shade) ToolschemaEnumValues() []string { return []string{"dark", "light"} }

// TestDefaultsAsJSON checks, for each kind of field a default fills in,
// the value the tool is given against encoding/json's reading of the
// default into the field's type.
func TestDefaultsAsJSON(t *testing.T) {
	tests := []struct {
		typ reflect.Type
		def string // the tag
		js  string // the default as JSON
	}{
		{reflect.TypeFor[int](), "-7", "-7"},
		{reflect.TypeFor[int8](), "-128", "-128"},
		{reflect.TypeFor[uint64](), "18446744073709551615", "18446744073709551615"},
		{reflect.TypeFor[float64](), "1.5e300", "1.5e300"},
		{reflect.TypeFor[float32](), "0.1", "0.1"},
		{reflect.TypeFor[bool](), "true", "true"},
		{reflect.TypeFor[string](), "a\tb", `"a\tb"`},
		{reflect.TypeFor[Word](), "w", `"w"`},
		{reflect.TypeFor[Count](), "65535", "65535"},
		{reflect.TypeFor[Ratio](), "-2.25", "-2.25"},
		{reflect.TypeFor[Shade](), "dark", `"dark"`},
		{reflect.TypeFor[Flag](), "true", "true"},
		{reflect.TypeFor[*int](), "5", "5"},
		{reflect.TypeFor[*string](), "s", `"s"`},
		{reflect.TypeFor[*Word](), "w", `"w"`},
		{reflect.TypeFor[**int](), "5", "5"},
		{reflect.TypeFor[*string](), "null", `"null"`},
		{reflect.TypeFor[float64](), "-0", "-0"},
		{reflect.TypeFor[float64](), "5e-324", "5e-324"},
		{reflect.TypeFor[float32](), "1e-45", "1e-45"},
		{reflect.TypeFor[float32](), "3.4028235e38", "3.4028235e38"},
		{reflect.TypeFor[int64](), "-9223372036854775808", "-9223372036854775808"},
		{reflect.TypeFor[uint8](), "255", "255"},
		{reflect.TypeFor[Texted](), "t", `"t"`},
		{reflect.TypeFor[ValueText](), "v", `"v"`},
		{reflect.TypeFor[*Texted](), "t", `"t"`},
	}
	for _, tt := range tests {
		st := reflect.StructOf([]reflect.StructField{{
			Name: "F", Type: tt.typ, Tag: reflect.StructTag(`json:"f,omitempty" default:"` + tt.def + `"`),
		}})
		fn := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{st}, []reflect.Type{reflect.TypeFor[int]()}, false),
			func([]reflect.Value) []reflect.Value { return []reflect.Value{reflect.ValueOf(1)} }).Interface()
		tl, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{Name: "d"}))
		if err != nil {
			t.Errorf("%v default %q: %v", tt.typ, tt.def, err)
			continue
		}
		in, viols, err := tl.CheckArgs(context.Background(), json.RawMessage(`{}`))
		if err != nil || len(viols) > 0 {
			t.Errorf("%v default %q: %v %v", tt.typ, tt.def, err, viols)
			continue
		}
		want := reflect.New(tt.typ)
		if err := json.Unmarshal([]byte(tt.js), want.Interface()); err != nil {
			t.Fatalf("%v %s: %v", tt.typ, tt.js, err)
		}
		got := reflect.Indirect(reflect.ValueOf(in)).Field(0)
		if !reflect.DeepEqual(got.Interface(), want.Elem().Interface()) || show(got) != show(want.Elem()) {
			t.Errorf("%v default %q: got %s, want %s", tt.typ, tt.def, show(got), show(want.Elem()))
		}
	}
}

func show(v reflect.Value) string {
	if f := reflect.Indirect(v); f.CanFloat() && math.Signbit(f.Float()) {
		return "negative " + fmt.Sprint(f.Float())
	}
	b, _ := json.Marshal(v.Interface())
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		return "&" + string(b)
	}
	return string(b)
}

// Deep is embedded behind a pointer: its defaulted field makes it.
type Deep struct {
	Depth int `json:"depth,omitempty" default:"4"`
}

// Defaulted has a default for each way one is filled in.
type Defaulted struct {
	*Deep
	P    *int    `json:"p,omitempty" default:"7"`
	PP   **int   `json:"pp,omitempty" default:"8"`
	S    *string `json:"s,omitempty" default:"s"`
	W    Word    `json:"w,omitempty" default:"w"`
	Kept int     `jsonschema:"-" default:"9"`
}

// TestDefaultsNotShared invokes one tool from many goroutines at once,
// each changing every value a default filled in: no struct sees another's
// change (go test -race tells of a value shared).
func TestDefaultsNotShared(t *testing.T) {
	tl := mustCreate(t, func(in struct {
		Rows []Defaulted `json:"rows"`
	}) (string, error) {
		for i, r := range in.Rows {
			if r.Depth != 4 || *r.P != 7 || **r.PP != 8 || *r.S != "s" || r.W != "w" || r.Kept != 9 {
				return "", fmt.Errorf("row %d: %d %d %d %q %q %d", i, r.Depth, *r.P, **r.PP, *r.S, r.W, r.Kept)
			}
			r.Depth, *r.P, **r.PP, *r.S, r.Kept = -1, -1, -1, "changed", -1
		}
		return "ok", nil
	}, reflectimpl.Meta(tool.Meta{Name: "defaulted"}))
	args := json.RawMessage(`{"rows":[{},{},{},{}]}`)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				r, err := tl.Invoke(context.Background(), args)
				if err != nil || r.IsError {
					t.Errorf("%v %s", err, r.Text())
					return
				}
			}
		})
	}
	wg.Wait()
}
