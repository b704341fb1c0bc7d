package parity_test

import (
	"fmt"
	"testing"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/toolimpl"
)

// TestOwnBounds checks the fact that travels beside the schema bytes to
// the provider conversions and OLT015: which bounds are only the Go
// type's own range (schema.OwnBoundPaths). For every corpus tool, the one
// the analyzer's description of the input type gives (what OLT015 and the
// generated tool's front end see) is the one the reflected input type
// gives (what a conversion of a generated or reflected tool sees), so
// that the two front ends tell a model the same bounds.
func TestOwnBounds(t *testing.T) {
	own := 0
	for _, p := range pairs(t, load(t)) {
		name := p.list + "." + p.gen.Name
		h, _ := toolimpl.Binding(p.gen)
		if h == nil || h.Input() == nil || p.static.InModel == nil {
			continue
		}
		static := schema.OwnBoundPaths(p.static.InModel, "input")
		refl := schema.OwnBoundPaths(reflecttype.New(16).Describe(h.Input()), "input")
		if got, want := fmt.Sprint(static), fmt.Sprint(refl); got != want {
			t.Errorf("%s: own bounds\n static %s\nreflect %s", name, got, want)
		}
		own += len(refl)
	}
	if own == 0 {
		t.Error("no corpus tool has a bound of its type's own: the comparison proves nothing")
	}
}
