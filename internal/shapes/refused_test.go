package shapes_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/testmodule"
	"github.com/toolschema/toolschema/reflectimpl"
	toolpkg "github.com/toolschema/toolschema/tool"
)

// shapeOf returns the source of the shape named name at size n.
func shapeOf(t *testing.T, name string, n int) string {
	for _, s := range shapes {
		if s.name == name {
			return s.src(n)
		}
	}
	t.Fatalf("no shape %s", name)
	return ""
}

// TestGeneratedSchemasCompile reproduces the faults of toolgen writing
// schemas that metaschema's compile (the one raw-schema tools and the
// check of a tool's examples use) refuses: a chain of structs of two
// fields of the next (a 12 MB schema at 16 levels), a struct of 5,120
// fields, an enum of 10,000 values, a 1 MB description (here each just past its bound, to keep the test fast). Each such tool is now refused with OLT002 naming the tool,
// the field and the bound. (That the core's schemas at each bound compile
// is internal/schema's TestBoundsAsCompiled.)
func TestGeneratedSchemasCompile(t *testing.T) {
	tests := []struct {
		pkg, shape string
		n          int
		refused    string // a part of the diagnostic; "" when the tool is written
	}{
		{"diamond", "diamond", 13, "OLT002: input.l: the schema of type p.D1 is 786343 bytes (its largest property, l, is 393124 bytes)"},
		{"diamondok", "diamond", 8, ""},
		{"wide", "wide", 2000, "OLT002: input.f1999: the schema has more than 2000 subschemas"},
		{"enum", "enum", 1001, "OLT002: input.e: the enum has more than 1000 values"},
		{"tag", "tag", 513 << 10, "OLT002: input: the schema of type p.In is 525432 bytes (its largest property, a, is 525346 bytes)"},
	}
	files := map[string]string{}
	for _, tt := range tests {
		files[tt.pkg+"/p.go"] = shapeOf(t, tt.shape, tt.n)
	}
	dir := testmodule.New(t, files)
	rs, err := generator.Generate(context.Background(), &generator.Options{Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	byPkg := map[string]generator.Result{}
	for _, r := range rs {
		byPkg[strings.TrimPrefix(r.PkgPath, "example.com/m/")] = r
	}
	for _, tt := range tests {
		r := byPkg[tt.pkg]
		if r.Package == nil {
			t.Errorf("%s: not loaded: %v", tt.pkg, r.Errs)
			continue
		}
		if tt.refused != "" {
			if len(r.Package.Tools) != 0 || len(r.Errs) == 0 || !strings.Contains(r.Errs[0].Error(), tt.refused) || !strings.HasSuffix(r.Errs[0].Error(), ")") ||
				!strings.Contains(r.Errs[0].Error(), "(tool ") {
				t.Errorf("%s: got %d tools and %.300v, want the tool refused: %s ... (tool ...)", tt.pkg, len(r.Package.Tools), r.Errs, tt.refused)
			}
			continue
		}
		if len(r.Errs) > 0 || len(r.Package.Tools) != 1 || r.Content == nil {
			t.Errorf("%s: got %d tools and %.300v, want the tool written", tt.pkg, len(r.Package.Tools), r.Errs)
			continue
		}
		if _, _, err := metaschema.Compile(r.Package.Tools[0].InputSchema, nil); err != nil {
			t.Errorf("%s: the input schema does not compile: %v", tt.pkg, err)
		}
	}
}

// TestCreateWideRefused is the run-time side of a struct of 5,000
// fields: reflectimpl.Create refuses it by the same rule, naming the tool.
func TestCreateWideRefused(t *testing.T) {
	fields := make([]reflect.StructField, 5000)
	for i := range fields {
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[string](), Tag: reflect.StructTag(fmt.Sprintf(`json:"f%d,omitempty"`, i))}
	}
	in := reflect.StructOf(fields)
	fn := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{in}, []reflect.Type{reflect.TypeFor[string](), reflect.TypeFor[error]()}, false),
		func([]reflect.Value) []reflect.Value { panic("not called") })
	_, err := reflectimpl.Create(fn.Interface(), reflectimpl.Meta(toolpkg.Meta{Name: "wide"}))
	if err == nil || !strings.Contains(err.Error(), "OLT002: input.f1999: the schema has more than 2000 subschemas") || !strings.HasSuffix(err.Error(), "(tool wide)") {
		t.Errorf("got %v", err)
	}
}

// reflectShapes are the shapes reflect.StructOf can build at run time (no
// named types, methods or constants): each returns the input type at size
// n.
var reflectShapes = []struct {
	name  string
	sizes [3]int
	typ   func(n int) reflect.Type
}{
	{"wide", [3]int{320, 1280, 5120}, func(n int) reflect.Type {
		fields := make([]reflect.StructField, n)
		for i := range fields {
			fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[string](), Tag: reflect.StructTag(fmt.Sprintf(`json:"f%d,omitempty"`, i))}
		}
		return reflect.StructOf(fields)
	}},
	{"nest", [3]int{12, 50, 200}, func(n int) reflect.Type {
		t := reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeFor[string](), Tag: `json:"x"`}})
		for range n {
			t = reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeFor[string](), Tag: `json:"x"`}, {Name: "Next", Type: reflect.PointerTo(t), Tag: `json:"next,omitempty"`}})
		}
		return t
	}},
	{"diamond", [3]int{4, 8, 16}, func(n int) reflect.Type {
		t := reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeFor[string](), Tag: `json:"x"`}})
		for range n {
			t = reflect.StructOf([]reflect.StructField{{Name: "L", Type: t, Tag: `json:"l"`}, {Name: "R", Type: t, Tag: `json:"r"`}})
		}
		return t
	}},
	{"shared", [3]int{62, 250, 1000}, func(n int) reflect.Type {
		s := reflect.StructOf([]reflect.StructField{{Name: "X", Type: reflect.TypeFor[string](), Tag: `json:"x"`}, {Name: "Y", Type: reflect.TypeFor[int](), Tag: `json:"y"`}})
		fields := make([]reflect.StructField, n)
		for i := range fields {
			fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: s, Tag: reflect.StructTag(fmt.Sprintf(`json:"f%d"`, i))}
		}
		return reflect.StructOf(fields)
	}},
}

// BenchmarkCreateShapes measures reflectimpl.Create, each time with a new
// cache, on the shapes reflection can build; a refused tool reports 1
// refused (its refusal is what is measured).
func BenchmarkCreateShapes(b *testing.B) {
	for _, s := range reflectShapes {
		for _, n := range s.sizes {
			in := s.typ(n)
			fn := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{in}, []reflect.Type{reflect.TypeFor[string](), reflect.TypeFor[error]()}, false),
				func([]reflect.Value) []reflect.Value { panic("not called") }).Interface()
			b.Run(fmt.Sprintf("%s/n=%d", s.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					_, err := new(reflectimpl.Cache).Create(fn, reflectimpl.Meta(toolpkg.Meta{Name: s.name}))
					refused := 0.0
					if err != nil {
						refused = 1
					}
					b.ReportMetric(refused, "refused")
				}
			})
		}
	}
}
