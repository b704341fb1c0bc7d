package schema

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

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
	}{
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":127}`, "minimum", Skip},
		{"anthropic", true, `{"type":"integer","minimum":1,"maximum":127}`, "minimum", Move},
		{"anthropic", true, `{"type":"integer","minimum":1,"maximum":127}`, "maximum", Skip},
		{"anthropic", true, `{"type":["integer","null"],"minimum":0,"maximum":255}`, "minimum", Skip},
		{"anthropic", true, `{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}`, "maximum", Skip},
		{"anthropic", true, `{"type":"number","maximum":1e300}`, "maximum", Move},
		{"anthropic", true, `{"type":"array","minItems":1}`, "minItems", Keep},
		{"anthropic", true, `{"type":"array","minItems":2}`, "minItems", Move},
		{"anthropic", true, `{"type":"array","maxItems":2}`, "maxItems", Move},
		{"anthropic", true, `{"type":"string","pattern":"\\bx"}`, "pattern", Move},
		{"anthropic", true, `{"type":"string","pattern":"^x$"}`, "pattern", Keep},
		{"anthropic", true, `{"type":"object","additionalProperties":{"type":"string"}}`, "additionalProperties", Refuse},
		{"anthropic", true, `{"type":"object","additionalProperties":false}`, "additionalProperties", Keep},
		{"anthropic", false, `{"type":"object","additionalProperties":{"type":"string"}}`, "additionalProperties", Keep},
		{"anthropic", false, `{"type":"string","minLength":2}`, "minLength", Keep},
		{"openai", true, `{"type":"string","minLength":2}`, "minLength", Move},
		{"openai", true, `{"type":"string","format":"uri"}`, "format", Move},
		{"openai", false, `{"type":"string","format":"uri"}`, "format", Keep},
		{"openai", true, `{"type":"string","enum":["a","b"]}`, "enum", Keep},
		{"gemini", true, `{"type":"string","pattern":"^x$"}`, "pattern", Move},
		{"gemini", false, `{"type":"string","format":"uuid"}`, "format", Move},
	}
	for _, tt := range tests {
		m, ok := Mode(tt.provider, tt.strict)
		if !ok {
			t.Fatalf("no mode %s", tt.provider)
		}
		n := node(tt.node)
		got, why := m.Keyword(tt.key, n[tt.key], func(k string) any { return n[k] })
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
