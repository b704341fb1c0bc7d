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

// TestDocumentBounds reproduces the faults of schemas the core wrote and
// metaschema's compile refuses, for tools that plain Go code gives: a
// struct of 2,000 fields, an enum of 1,001 values, 1,001 required fields.
// Each is refused (OLT002) at the field where the bound is passed; at the
// bound, the schema is written.
func TestDocumentBounds(t *testing.T) {
	nest := func(levels int) *Type {
		next := named("example.com/p", "Leaf", strct(field("X", tString, `json:"x"`)))
		for i := levels - 1; i >= 0; i-- {
			next = named("example.com/p", fmt.Sprintf("N%d", i), strct(field("X", tString, `json:"x"`), field("Next", ptr(next), `json:"next,omitempty"`)))
		}
		return next
	}
	wide := func(n int, tag string) *Type {
		fs := make([]Field, n)
		for i := range fs {
			fs[i] = field(fmt.Sprintf("F%d", i), tString, fmt.Sprintf(`json:"f%d%s"`, i, tag))
		}
		return strct(fs...)
	}
	enum := func(n int) *Type {
		e := named("example.com/p", "E", tString)
		for i := range n {
			e.Enum = append(e.Enum, fmt.Sprint("e", i))
		}
		return strct(field("E", e, `json:"e"`))
	}
	// nested reaches the enum through a pointer, a slice and a map's
	// values.
	nested := func(n int) *Type {
		inner := named("example.com/p", "Inner", strct(field("Name", tString, `json:"name"`), field("Codes", mapOf(tString, enum(n).Fields[0].Type), `json:"codes"`)))
		return strct(field("Items", slice(ptr(inner)), `json:"items"`))
	}
	tests := []struct {
		name  string
		in    *Type
		path  string // "" when the schema is written
		field string // the Go name of the field the error is at ("" for none)
		msg   string
	}{
		// A schema deeper than a compile's bound is written (see
		// scanBounds).
		{"nest 40", nest(40), "", "", ""},
		// The root and its false are two subschemas.
		{"wide 1998", wide(1998, ",omitempty"), "", "", ""},
		{"wide 1999", wide(1999, ",omitempty"), "", "", "more than 2000 subschemas"},
		{"wide 5000", wide(5000, ",omitempty"), "f1999", "F1999", "more than 2000 subschemas"},
		{"required 1000", wide(1000, ""), "", "", ""},
		{"required 1001", wide(1001, ""), "", "", "more than 1000 required properties"},
		{"enum 1000", enum(1000), "", "", ""},
		{"enum 1001", enum(1001), "e", "E", "the enum has more than 1000 values"},
		{"enum 10000", enum(10000), "e", "E", "the enum has more than 1000 values"},
		{"nested enum 1001", nested(1001), "items[].codes{}", "Codes", "the enum has more than 1000 values"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := NewBuilder().Input(tt.in)
			if tt.msg == "" {
				if e, _ := scanBounds(out); err != nil || e != nil {
					t.Fatalf("got %v", err)
				}
				return
			}
			es, ok := err.(Errors)
			if !ok || len(es) != 1 || es[0].ID != OLT002 || es[0].Path != tt.path || !strings.Contains(es[0].Msg, tt.msg) {
				t.Fatalf("got %.400v, want OLT002 at %q: ...%s...", err, tt.path, tt.msg)
			}
			// The field is what a front end reports the position of: toolvet
			// at the field's declaration, as for any other error of a field.
			if got := es[0].Field; tt.field == "" && got != nil || tt.field != "" && (got == nil || got.Name != tt.field) {
				t.Errorf("the error is at field %+v, want %q", got, tt.field)
			}
		})
	}
}

// TestDocumentBoundsOutput: a result's schema past a bound is refused by
// the same rule, and its message does not tell to split the tool's input
// (it said so of a result type too).
func TestDocumentBoundsOutput(t *testing.T) {
	fs := make([]Field, 2500)
	for i := range fs {
		fs[i] = field(fmt.Sprintf("F%d", i), tString, fmt.Sprintf(`json:"f%d"`, i))
	}
	_, err := NewBuilder().Output(strct(fs...))
	es, ok := err.(Errors)
	if !ok || len(es) != 1 || es[0].ID != OLT002 || !strings.Contains(es[0].Msg, "more than 2000 subschemas") {
		t.Fatalf("got %.400v", err)
	}
	if strings.Contains(es[0].Msg, "input") {
		t.Errorf("a result's message speaks of the input: %s", es[0].Msg)
	}
}

// TestDoublingHeadersFolded reproduces the fault of a chain of structs of
// two fields of the next whose last has a field mirrored into a header
// (mcpHeader): its uses were copied up the chain once per path, and the
// duplicate header told at each (262,145 errors at 18 levels, a hang at
// 40). A field reached along several paths names its header in each, a
// duplicate MCP refuses: it is told once, at the second path, counting
// the others. Distinct fields naming one header are each told as before.
func TestDoublingHeadersFolded(t *testing.T) {
	hdr := field("Region", tString, `json:"region" mcpHeader:"Region"`)
	for _, tt := range []struct {
		depth     int
		path, msg string
	}{
		{1, "r.region", `tag mcpHeader: header "Region" is named by l.region already (header names are compared without case)`},
		{2, "l.r.region", `tag mcpHeader: header "Region" is named by l.l.region already (header names are compared without case) (and 2 other paths reach this field)`},
		{40, strings.Repeat("l.", 39) + "r.region", `tag mcpHeader: header "Region" is named by ` + strings.Repeat("l.", 40) + `region already (header names are compared without case) (and 1099511627774 other paths reach this field)`},
	} {
		_, err := NewBuilder().Input(doubling(tt.depth, hdr))
		es, ok := err.(Errors)
		var headerErrs []*Error
		for _, e := range es {
			if e.ID == OLT012 {
				headerErrs = append(headerErrs, e)
			}
		}
		if !ok || len(headerErrs) != 1 {
			t.Fatalf("depth %d: got %d header errors, want 1: %.400v", tt.depth, len(headerErrs), err)
		}
		if e := headerErrs[0]; e.Path != tt.path || e.Msg != tt.msg || e.Field == nil || e.Field.Name != "Region" {
			t.Errorf("depth %d: got %q at %q (%v),\nwant %q at %q", tt.depth, e.Msg, e.Path, e.Field, tt.msg, tt.path)
		}
	}
	// Two fields of one struct naming one header: each duplicate told.
	in := strct(field("A", tString, `json:"a" mcpHeader:"Region"`), field("B", tString, `json:"b" mcpHeader:"REGION"`), field("C", tString, `json:"c" mcpHeader:"region"`))
	_, err := NewBuilder().Input(named("example.com/p", "In", in))
	es, _ := err.(Errors)
	var got []string
	for _, e := range es {
		got = append(got, e.Path+": "+e.Msg)
	}
	want := `b: tag mcpHeader: header "REGION" is named by a already (header names are compared without case)` + "\n" +
		`c: tag mcpHeader: header "region" is named by a already (header names are compared without case)`
	if strings.Join(got, "\n") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
}
