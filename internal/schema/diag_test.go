package schema

import "testing"

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
