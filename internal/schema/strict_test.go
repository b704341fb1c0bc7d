package schema

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// int8Own are an int8's own bounds.
var int8Own = OwnBounds{"-128", "127"}

// TestKeyword checks the verdicts of the mode table, which the provider
// conversions and OLT015 both follow.
func TestKeyword(t *testing.T) {
	node := func(s string) map[string]any {
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		var m map[string]any
		if err := d.Decode(&m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	tests := []struct {
		provider string
		strict   bool
		node     string
		key      string
		want     Verdict
		own      OwnBounds // the bounds that are the Go type's own
	}{
		// The Go type's own range (an int8's, a uint8's, float32's) is
		// skipped; a bound that is not, even of the same value, is told.
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":127}`, "minimum", Skip, int8Own},
		{"anthropic", true, `{"type":"integer","minimum":1,"maximum":127}`, "minimum", Move, OwnBounds{Maximum: "127"}},
		{"anthropic", true, `{"type":"integer","minimum":1,"maximum":127}`, "maximum", Skip, OwnBounds{Maximum: "127"}},
		{"anthropic", true, `{"type":["integer","null"],"minimum":0,"maximum":255}`, "minimum", Skip, OwnBounds{"0", "255"}},
		{"anthropic", true, `{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}`, "maximum", Skip, OwnBounds{"-3.4028235e+38", "3.4028235e+38"}},
		{"anthropic", true, `{"type":"number","maximum":1e300}`, "maximum", Move, OwnBounds{}},
		// The same values as an author's (a raw schema's, an int16
		// tagged -128..127, a uint16 tagged maximum 255): told.
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":127}`, "minimum", Move, OwnBounds{}},
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":127}`, "maximum", Move, OwnBounds{}},
		{"anthropic", true, `{"type":"integer","minimum":0,"maximum":255}`, "maximum", Move, OwnBounds{Minimum: "0"}},
		{"anthropic", true, `{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}`, "maximum", Move, OwnBounds{}},
		// An own bound of another value than the node's is not this one.
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":255}`, "maximum", Move, OwnBounds{Maximum: "127"}},
		// An unsigned type's own minimum is told beside an author's
		// maximum, or alone (a uint64's), and skipped beside its own.
		{"anthropic", true, `{"type":"integer","minimum":0,"maximum":255}`, "minimum", Move, OwnBounds{Minimum: "0"}},
		{"anthropic", true, `{"type":"integer","minimum":0}`, "minimum", Move, OwnBounds{Minimum: "0"}},
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":100}`, "minimum", Skip, OwnBounds{Minimum: "-128"}},
		{"anthropic", true, `{"type":"array","minItems":1}`, "minItems", Keep, OwnBounds{}},
		{"anthropic", true, `{"type":"array","minItems":2}`, "minItems", Move, OwnBounds{}},
		{"anthropic", true, `{"type":"array","maxItems":2}`, "maxItems", Move, OwnBounds{}},
		{"anthropic", true, `{"type":"string","pattern":"\\bx"}`, "pattern", Move, OwnBounds{}},
		{"anthropic", true, `{"type":"string","pattern":"^x$"}`, "pattern", Keep, OwnBounds{}},
		{"anthropic", true, `{"type":"object","additionalProperties":{"type":"string"}}`, "additionalProperties", Refuse, OwnBounds{}},
		{"anthropic", true, `{"type":"object","additionalProperties":false}`, "additionalProperties", Keep, OwnBounds{}},
		{"anthropic", false, `{"type":"object","additionalProperties":{"type":"string"}}`, "additionalProperties", Keep, OwnBounds{}},
		{"anthropic", false, `{"type":"string","minLength":2}`, "minLength", Keep, OwnBounds{}},
		{"openai", true, `{"type":"string","minLength":2}`, "minLength", Move, OwnBounds{}},
		{"openai", true, `{"type":"string","format":"uri"}`, "format", Move, OwnBounds{}},
		{"openai", false, `{"type":"string","format":"uri"}`, "format", Keep, OwnBounds{}},
		{"openai", true, `{"type":"string","enum":["a","b"]}`, "enum", Keep, OwnBounds{}},
		{"gemini", true, `{"type":"string","pattern":"^x$"}`, "pattern", Move, OwnBounds{}},
		{"gemini", false, `{"type":"string","format":"uuid"}`, "format", Move, OwnBounds{}},
	}
	for _, tt := range tests {
		m, ok := Mode(tt.provider, tt.strict)
		if !ok {
			t.Fatalf("no mode %s", tt.provider)
		}
		n := node(tt.node)
		got, why := m.KeywordAt(tt.key, n[tt.key], func(k string) any { return n[k] }, tt.own)
		if plain, _ := m.Keyword(tt.key, n[tt.key], func(k string) any { return n[k] }); plain == Skip {
			t.Errorf("%s %s in %s: skipped with no own bounds", tt.provider, tt.key, tt.node)
		}
		if got != tt.want {
			t.Errorf("%s strict=%v %s in %s: %v (%s), want %v", tt.provider, tt.strict, tt.key, tt.node, got, why, tt.want)
		}
		if got != Keep && why == "" {
			t.Errorf("%s %s: no reason given", tt.provider, tt.key)
		}
	}
	openai, _ := Mode("openai", true)
	if openai.NodeProblem(func(string) any { return nil }) == "" {
		t.Errorf("OpenAI strict takes {}")
	}
	loose, _ := Mode("openai", false)
	if loose.NodeProblem(func(string) any { return nil }) != "" {
		t.Errorf("OpenAI non-strict refuses {}")
	}
}

// TestStructuralProblems checks the mode table's reasons for what a
// conversion refuses by the shape of a schema, not by a keyword: a $ref to
// no definition, keywords beside a $ref, a boolean schema.
func TestStructuralProblems(t *testing.T) {
	for _, tt := range []struct {
		provider string
		strict   bool
		// whether each is refused: a dangling $ref; an anyOf beside a
		// $ref; a root $ref with siblings; the boolean schema true
		dangling, union, root, boolean bool
	}{
		{"openai", true, true, true, true, true},
		{"anthropic", true, true, false, false, false},
		{"gemini", false, false, false, false, false},
		{"openai", false, false, false, false, false},
	} {
		m, ok := Mode(tt.provider, tt.strict)
		if !ok {
			t.Fatalf("no mode %s %v", tt.provider, tt.strict)
		}
		got := []bool{
			m.DanglingRefProblem("#/$defs/x", true) != "",
			m.RefSiblingsProblem(true, false) != "",
			m.RefSiblingsProblem(false, true) != "",
			m.BooleanSchemaProblem(true) != "",
		}
		want := []bool{tt.dangling, tt.union, tt.root, tt.boolean}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s strict=%v: problem %d refused %v, want %v", tt.provider, tt.strict, i, got[i], want[i])
			}
		}
		if m.DanglingRefProblem("#/$defs/x", false) != "" {
			t.Errorf("%s strict=%v: a $ref to a definition there is refused", tt.provider, tt.strict)
		}
		// A nested $ref with plain siblings is written as an anyOf's
		// branch: never refused.
		if m.RefSiblingsProblem(false, false) != "" {
			t.Errorf("%s strict=%v: a nested $ref with plain siblings is refused", tt.provider, tt.strict)
		}
	}
}

// TestModeIsACopy: changing a mode Mode returned, in any of its maps or
// lists, changes no other mode (Gemini's strict and non-strict modes are
// one value in the table).
func TestModeIsACopy(t *testing.T) {
	for _, p := range Providers() {
		for _, strict := range []bool{true, false} {
			m, _ := Mode(p, strict)
			for _, mp := range []map[string]string{m.Drops, m.Omits, m.Refuses} {
				if mp != nil {
					mp["x-changed"] = "x"
				}
			}
			if len(m.Formats) > 0 {
				m.Formats[0] = "x-changed"
			}
			if len(m.Regex) > 0 {
				m.Regex[0] = "x-changed"
			}
			for _, again := range []bool{strict, !strict} {
				n, _ := Mode(p, again)
				if n.Drops["x-changed"] != "" || n.Omits["x-changed"] != "" || n.Refuses["x-changed"] != "" ||
					slices.Contains(n.Formats, "x-changed") || slices.Contains(n.Regex, "x-changed") {
					t.Errorf("%s strict=%v: a change to a copy reached Mode(%s, %v)", p, strict, p, again)
				}
			}
		}
	}
}
