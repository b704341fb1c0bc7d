package schemadoc

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/limits"
)

func list(open string, n int, elem func(int) string, closing string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = elem(i)
	}
	return open + strings.Join(parts, ",") + closing
}

func name(i int) string { return `"n` + strconv.Itoa(i) + `"` }
func num(i int) string  { return strconv.Itoa(i) }

// TestScan: each bound is taken at its limit and found one past it, with
// its kind, its limit and its location; the checks left zero are not
// made.
func TestScan(t *testing.T) {
	deep := strings.Repeat(`{"items":`, 70) + `true` + strings.Repeat(`}`, 70)
	longPattern := strings.Repeat("a", 20)
	all := Checks{Depth: 64, Pattern: 10, Number: func(n []byte) bool { return len(n) < 5 }}
	cases := []struct {
		name   string
		s      string
		checks Checks
		kind   Kind
		at     []string
	}{
		{"subschemas at the bound", list(`{"anyOf":[`, limits.MaxSubschemas-1, func(int) string { return `{}` }, `]}`), Checks{}, 0, nil},
		{"subschemas past it", list(`{"anyOf":[`, limits.MaxSubschemas, func(int) string { return `{}` }, `]}`), Checks{}, Subschemas, []string{"anyOf", strconv.Itoa(limits.MaxSubschemas - 1)}},
		{"properties past it", list(`{"properties":{`, limits.MaxSubschemas, func(i int) string { return name(i) + `:true` }, `}}`), Checks{}, Subschemas, []string{"properties", "n" + strconv.Itoa(limits.MaxSubschemas-1)}},
		{"enum at the bound", list(`{"enum":[`, limits.MaxListValues, num, `]}`), Checks{}, 0, nil},
		{"enum past it", list(`{"properties":{"a\"b":{"enum":[`, limits.MaxListValues+1, num, `]}}}`), Checks{}, Enum, []string{"properties", `a"b`, "enum"}},
		{"nested enum values", list(`{"enum":[[`, limits.MaxListValues, num, `]]}`), Checks{}, Enum, []string{"enum"}},
		{"const past it", list(`{"const":[`, limits.MaxListValues, num, `]}`), Checks{}, Const, []string{"const"}},
		{"required at the bound", list(`{"required":[`, limits.MaxListValues, name, `]}`), Checks{}, 0, nil},
		{"required past it", list(`{"items":{"required":[`, limits.MaxListValues+1, name, `]}}`), Checks{}, Required, []string{"items", "required"}},
		{"dependentRequired past it", list(`{"dependentRequired":{"a":[`, limits.MaxListValues+1, name, `]}}`), Checks{}, DependentRequired, []string{"dependentRequired", "a"}},
		{"required as data", list(`{"default":{"required":[`, limits.MaxListValues+1, name, `]}}`), Checks{}, 0, nil},
		{"depth unchecked", deep, Checks{}, 0, nil},
		{"depth", deep, all, Depth, slices.Repeat([]string{"items"}, 65)},
		{"pattern unchecked", `{"pattern":"` + longPattern + `"}`, Checks{}, 0, nil},
		{"pattern", `{"pattern":"` + longPattern + `"}`, all, Pattern, []string{"pattern"}},
		{"pattern name", `{"patternProperties":{"` + longPattern + `":{}}}`, all, Pattern, []string{"patternProperties", longPattern}},
		{"number", `{"minimum":123456}`, all, Number, []string{"minimum"}},
		{"not JSON", `{"enum":[1,}`, all, 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := Scan([]byte(c.s), c.checks)
			switch {
			case c.kind == 0 && b != nil:
				t.Fatalf("got %+v, want none", *b)
			case c.kind == 0:
			case b == nil:
				t.Fatalf("got none, want kind %d at %q", c.kind, c.at)
			case b.Kind != c.kind || !slices.Equal(b.At, c.at):
				t.Fatalf("got kind %d at %q, want kind %d at %q", b.Kind, b.At, c.kind, c.at)
			}
		})
	}
}
