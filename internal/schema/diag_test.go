package schema

import (
	"errors"
	"testing"
)

// TestCatalog checks that the catalog is in ID order, that RuleOf finds each
// entry, and that changing what Catalog returns changes no later answer.
func TestCatalog(t *testing.T) {
	rules := Catalog()
	if len(rules) == 0 {
		t.Fatal("Catalog returned no rules")
	}
	for i, r := range rules {
		if i > 0 && rules[i-1].ID >= r.ID {
			t.Errorf("rule %d: %s after %s, want ID order", i, r.ID, rules[i-1].ID)
		}
		got, ok := RuleOf(r.ID)
		if !ok || got != r {
			t.Errorf("RuleOf(%s) = %+v, %v; want %+v, true", r.ID, got, ok, r)
		}
	}
	if _, ok := RuleOf("OLT999"); ok {
		t.Error("RuleOf(OLT999) found a rule")
	}

	first := rules[0]
	rules[0].Title = "changed"
	rules[0].Default = !rules[0].Default
	_ = append(rules[:1], Rule{ID: "OLT000"})
	again := Catalog()
	if again[0] != first {
		t.Errorf("after changing a returned slice, Catalog()[0] = %+v, want %+v", again[0], first)
	}
	if got, _ := RuleOf(first.ID); got != first {
		t.Errorf("after changing a returned slice, RuleOf(%s) = %+v, want %+v", first.ID, got, first)
	}
	if len(again) != len(Catalog()) || again[1].ID == "OLT000" {
		t.Error("appending to a returned slice changed the catalog")
	}
}

// TestResultErrors checks the OLT003 errors a result type's errors become:
// each says once that the result has no schema, with no second rule ID.
func TestResultErrors(t *testing.T) {
	for _, tc := range []struct {
		name, resultType string
		in               *Type
		want             string
	}{
		{"root", "chan int", &Type{Kind: Chan, Elem: tInt},
			"OLT003: output: result type chan int has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"root spelled apart", "func()", &Type{Kind: Func},
			"OLT003: output: result type func() has no schema: functions cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"field", "p.Report", strct(field("Feed", &Type{Kind: Chan, Elem: tBool}, `json:"feed"`)),
			"OLT003: output.feed: result type p.Report has no schema: type chan bool has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)"},
		{"other rule", "p.Entry", strct(field("Archived", tBool, `json:"archived" jsonschema:"-"`)),
			"OLT003: output.archived: result type p.Entry has no schema: tag jsonschema: - hides the field from the model, but in a result encoding/json writes it all the same; leave it out of the result with json:\"-\", or return a type without it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewBuilder().Output(tc.in)
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("Output: %v; want Errors", err)
			}
			if got := ResultErrors(es, tc.resultType).Error(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if es[0].ID == OLT003 {
				t.Errorf("ResultErrors changed its argument: %s", es[0])
			}
		})
	}
}
