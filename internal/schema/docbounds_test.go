package schema_test

import (
	"fmt"
	"testing"

	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/schema"
)

// TestBoundsAsCompiled checks that the core counts the bounds of a schema
// document as metaschema's compile does: a tool's input at each bound is
// written and compiles, and one past it is refused (the bounds are
// limits' constants, which metaschema's compile uses too).
func TestBoundsAsCompiled(t *testing.T) {
	str := &schema.Type{Kind: schema.String}
	wide := func(n int, tag string) *schema.Type {
		fs := make([]schema.Field, n)
		for i := range fs {
			fs[i] = schema.Field{Name: fmt.Sprint("F", i), Exported: true, Type: str, Tag: fmt.Sprintf(`json:"f%d%s"`, i, tag)}
		}
		return &schema.Type{Kind: schema.Struct, Fields: fs}
	}
	enum := func(n int) *schema.Type {
		e := &schema.Type{Kind: schema.String, PkgPath: "example.com/p", Name: "E"}
		for i := range n {
			e.Enum = append(e.Enum, fmt.Sprint("e", i))
		}
		return &schema.Type{Kind: schema.Struct, Fields: []schema.Field{{Name: "E", Exported: true, Type: e, Tag: `json:"e"`}}}
	}
	tests := []struct {
		name     string
		at, past *schema.Type
	}{
		{"subschemas", wide(1998, ",omitempty"), wide(1999, ",omitempty")},
		{"required", wide(1000, ""), wide(1001, "")},
		{"enum", enum(1000), enum(1001)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := schema.NewBuilder().Input(tt.at)
			if err != nil {
				t.Fatalf("at the bound: %v", err)
			}
			if _, _, err := metaschema.Compile(out, nil); err != nil {
				t.Errorf("at the bound, the schema does not compile: %v", err)
			}
			if _, err := schema.NewBuilder().Input(tt.past); err == nil {
				t.Errorf("past the bound, the schema is written")
			}
		})
	}
}
