package schema

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/limits"
)

// doubling returns the first of a chain of depth structs D0, D1, ... in
// which each has two fields of the next, and the last has leaf fields:
// legal Go whose inline schema doubles at each level.
func doubling(depth int, leaf ...Field) *Type {
	next := named("example.com/p", fmt.Sprintf("D%d", depth), strct(leaf...))
	for i := depth - 1; i >= 0; i-- {
		next = named("example.com/p", fmt.Sprintf("D%d", i), strct(field("L", next, `json:"l"`), field("R", next, `json:"r"`)))
	}
	return next
}

// TestDoublingRefused reproduces the fault of a chain of structs of two
// fields of the next: at 16 levels toolgen wrote a 12 MB schema, at 40 it
// would have needed terabytes. The type where the fragment passes the
// bound of a schema's size is refused (OLT002), naming it and its largest
// property, and a tool over it is refused at the two fields of that type
// (each at its first path, counting the others).
func TestDoublingRefused(t *testing.T) {
	for _, depth := range []int{14, 40} {
		t.Run(fmt.Sprint(depth), func(t *testing.T) {
			in := doubling(depth, field("X", tString, `json:"x"`))
			_, err := NewBuilder().Input(in)
			es, ok := err.(Errors)
			if !ok || len(es) != 2 {
				t.Fatalf("got %d errors, want 2: %.300v", len(es), err)
			}
			for i, e := range es {
				if e.ID != OLT002 || !strings.Contains(e.Msg, fmt.Sprintf("more than the %d a schema may be", limits.MaxSchemaBytes)) ||
					!strings.Contains(e.Msg, "its largest property, l, is ") || !strings.HasPrefix(e.Path, "l.") ||
					!strings.Contains(e.Msg, "split the tool (and ") || !strings.HasSuffix(e.Msg, " this field)") || e.Field == nil || e.Field.Name != []string{"L", "R"}[i] {
					t.Errorf("got %s at %q (%v): %s", e.ID, e.Path, e.Field, e.Msg)
				}
			}
		})
	}
	// Within the bound, the schema is written whole.
	out, err := NewBuilder().Input(doubling(8, field("X", tString, `json:"x"`)))
	if err != nil || len(out) > limits.MaxSchemaBytes || strings.Count(string(out), `"x":{`) != 1<<8 {
		t.Errorf("got %d bytes, %v", len(out), err)
	}
}

// TestDoublingErrorsFolded reproduces the fault of a chain of structs of
// two fields of the next whose last has a field the contract refuses: the
// error was copied once per path, 2^depth copies (65,536 at 16 levels, a
// hang at 40), then reported at its first 100 paths and one more line,
// all at the one field. It is reported once, at its first path, and says
// how many other paths reach the field, a count held at the largest int.
func TestDoublingErrorsFolded(t *testing.T) {
	ch := &Type{Kind: Chan, Elem: tInt}
	for _, tt := range []struct {
		depth int
		note  string
	}{
		{0, "leaves a field out)"},
		{1, "leaves a field out) (and 1 other path reaches this field)"},
		{12, "leaves a field out) (and 4095 other paths reach this field)"},
		{40, "leaves a field out) (and 1099511627775 other paths reach this field)"},
		{70, "leaves a field out) (and at least 9223372036854775807 other paths reach this field)"},
	} {
		_, err := NewBuilder().Input(doubling(tt.depth, field("C", ch, `json:"c"`), field("X", tString, `json:"x"`)))
		es, ok := err.(Errors)
		if !ok || len(es) != 1 {
			t.Fatalf("depth %d: got %d errors, want 1: %.300v", tt.depth, len(es), err)
		}
		e := es[0]
		if want := strings.Repeat("l.", tt.depth) + "c"; e.ID != OLT002 || e.Path != want || e.Field == nil || e.Field.Name != "C" {
			t.Errorf("depth %d: got %s at %q (%v), want OLT002 at %q", tt.depth, e.ID, e.Path, e.Field, want)
		}
		if !strings.HasPrefix(e.Msg, "type chan int64 has no schema") || !strings.HasSuffix(e.Msg, tt.note) {
			t.Errorf("depth %d: message %q, want it to end %q", tt.depth, e.Msg, tt.note)
		}
	}
}

// TestFoldKeepsFields: errors of one type that distinct fields reach stay
// apart, one for each field, since each is reported at its own field.
func TestFoldKeepsFields(t *testing.T) {
	ch := &Type{Kind: Chan, Elem: tInt}
	in := strct(field("P", ch, `json:"p"`), field("Q", ch, `json:"q"`), field("S", ch, `json:"s,omitemtpy"`))
	_, err := NewBuilder().Input(named("example.com/p", "In", in))
	es, _ := err.(Errors)
	var got []string
	for _, e := range es {
		got = append(got, string(e.ID)+" "+e.Path)
	}
	if want := "OLT002 p, OLT002 q, OLT011 s, OLT002 s"; strings.Join(got, ", ") != want {
		t.Errorf("got %s, want %s: %v", strings.Join(got, ", "), want, err)
	}
}
