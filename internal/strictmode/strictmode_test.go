package strictmode

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// int8Own are an int8's own bounds.
var int8Own = schema.OwnBounds{Minimum: "-128", Maximum: "127"}

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
		own      schema.OwnBounds // the bounds that are the Go type's own
	}{
		// The Go type's own range (an int8's, a uint8's, float32's) is
		// skipped; a bound that is not, even of the same value, is told.
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":127}`, "minimum", Skip, int8Own},
		{"anthropic", true, `{"type":"integer","minimum":1,"maximum":127}`, "minimum", Move, schema.OwnBounds{Maximum: "127"}},
		{"anthropic", true, `{"type":"integer","minimum":1,"maximum":127}`, "maximum", Skip, schema.OwnBounds{Maximum: "127"}},
		{"anthropic", true, `{"type":["integer","null"],"minimum":0,"maximum":255}`, "minimum", Skip, schema.OwnBounds{Minimum: "0", Maximum: "255"}},
		{"anthropic", true, `{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}`, "maximum", Skip, schema.OwnBounds{Minimum: "-3.4028235e+38", Maximum: "3.4028235e+38"}},
		{"anthropic", true, `{"type":"number","maximum":1e300}`, "maximum", Move, schema.OwnBounds{}},
		// The same values as an author's (a raw schema's, an int16
		// tagged -128..127, a uint16 tagged maximum 255): told.
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":127}`, "minimum", Move, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":127}`, "maximum", Move, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"integer","minimum":0,"maximum":255}`, "maximum", Move, schema.OwnBounds{Minimum: "0"}},
		{"anthropic", true, `{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38}`, "maximum", Move, schema.OwnBounds{}},
		// An own bound of another value than the node's is not this one.
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":255}`, "maximum", Move, schema.OwnBounds{Maximum: "127"}},
		// An unsigned type's own minimum is told beside an author's
		// maximum, or alone (a uint64's), and skipped beside its own.
		{"anthropic", true, `{"type":"integer","minimum":0,"maximum":255}`, "minimum", Move, schema.OwnBounds{Minimum: "0"}},
		{"anthropic", true, `{"type":"integer","minimum":0}`, "minimum", Move, schema.OwnBounds{Minimum: "0"}},
		{"anthropic", true, `{"type":"integer","minimum":-128,"maximum":100}`, "minimum", Skip, schema.OwnBounds{Minimum: "-128"}},
		{"anthropic", true, `{"type":"array","minItems":1}`, "minItems", Keep, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"array","minItems":2}`, "minItems", Move, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"array","maxItems":2}`, "maxItems", Move, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"string","pattern":"\\bx"}`, "pattern", Move, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"string","pattern":"^x$"}`, "pattern", Keep, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"object","additionalProperties":{"type":"string"}}`, "additionalProperties", Refuse, schema.OwnBounds{}},
		{"anthropic", true, `{"type":"object","additionalProperties":false}`, "additionalProperties", Keep, schema.OwnBounds{}},
		{"anthropic", false, `{"type":"object","additionalProperties":{"type":"string"}}`, "additionalProperties", Keep, schema.OwnBounds{}},
		{"anthropic", false, `{"type":"string","minLength":2}`, "minLength", Keep, schema.OwnBounds{}},
		{"openai", true, `{"type":"string","minLength":2}`, "minLength", Move, schema.OwnBounds{}},
		{"openai", true, `{"type":"string","format":"uri"}`, "format", Move, schema.OwnBounds{}},
		{"openai", false, `{"type":"string","format":"uri"}`, "format", Keep, schema.OwnBounds{}},
		{"openai", true, `{"type":"string","enum":["a","b"]}`, "enum", Keep, schema.OwnBounds{}},
		{"gemini", true, `{"type":"string","pattern":"^x$"}`, "pattern", Move, schema.OwnBounds{}},
		{"gemini", false, `{"type":"string","format":"uuid"}`, "format", Move, schema.OwnBounds{}},
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
		// Gemini's JSON Schema takes only "$" keywords beside a $ref.
		{"gemini", false, false, true, true, false},
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

// TestRefBeside: the keywords beside a $ref that make a mode write the
// reference as an anyOf's branch: any for OpenAI strict, none that
// starts with "$" for Gemini, none for a mode that takes them all.
func TestRefBeside(t *testing.T) {
	for _, tt := range []struct {
		provider string
		strict   bool
		want     []bool // description, $comment, $ref
	}{
		{"openai", true, []bool{true, true, false}},
		{"gemini", false, []bool{true, false, false}},
		{"anthropic", true, []bool{false, false, false}},
		{"openai", false, []bool{false, false, false}},
	} {
		m, _ := Mode(tt.provider, tt.strict)
		for i, k := range []string{"description", "$comment", "$ref"} {
			if got := m.RefBeside(k); got != tt.want[i] {
				t.Errorf("%s strict=%v: RefBeside(%s) = %v, want %v", tt.provider, tt.strict, k, got, tt.want[i])
			}
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

// TestLimits checks the documented limits each mode carries and the words
// both the conversions and OLT015 say them with.
func TestLimits(t *testing.T) {
	for _, tt := range []struct {
		provider string
		strict   bool
		count    Count
		max      int
		over     string // Exceeded(max+1)
	}{
		{"openai", true, Properties, 5000, "has 5001 properties; OpenAI takes at most 5000"},
		{"openai", true, Depth, 10, "nests objects 11 levels deep; OpenAI takes at most 10"},
		{"openai", true, EnumValues, 1000, "has 1001 enum values; OpenAI takes at most 1000"},
		{"openai", true, Chars, 120000, "has 120001 characters of property names, definition names, enum and const values; OpenAI takes at most 120000"},
		{"anthropic", true, StrictTools, 20, "has 21 strict tools; Anthropic takes at most 20"},
		{"anthropic", true, Optional, 24, "has 25 optional parameters; Anthropic takes at most 24"},
		{"anthropic", true, Unions, 16, "has 17 union-typed parameters; Anthropic takes at most 16"},
	} {
		m, _ := Mode(tt.provider, tt.strict)
		l, ok := m.Limit(tt.count)
		if !ok || l.Max != tt.max {
			t.Errorf("%s strict=%v: limit %d is %v %d, want %d", tt.provider, tt.strict, tt.count, ok, l.Max, tt.max)
			continue
		}
		if got := l.Exceeded(tt.max + 1); got != tt.over {
			t.Errorf("%s: Exceeded = %q, want %q", tt.provider, got, tt.over)
		}
	}
	// The non-strict modes, and Gemini's one, have no limits.
	for _, p := range Providers() {
		if m, _ := Mode(p, false); len(m.Limits) > 0 {
			t.Errorf("%s non-strict has limits %v", p, m.Limits)
		}
	}
	if m, _ := Mode("gemini", true); len(m.Limits) > 0 {
		t.Errorf("gemini has limits %v", m.Limits)
	}
}

// TestHeaderDropped: MCP's x-mcp-header is the transport's; every mode,
// strict or not, drops it, with a reason.
func TestHeaderDropped(t *testing.T) {
	n := map[string]any{"type": "string", headerKeyword: "Region"}
	for _, p := range []string{"openai", "anthropic", "gemini"} {
		for _, strict := range []bool{true, false} {
			m, ok := Mode(p, strict)
			if !ok {
				t.Fatalf("no mode %s", p)
			}
			if v, why := m.Keyword(headerKeyword, n[headerKeyword], func(k string) any { return n[k] }); v != Skip || why == "" {
				t.Errorf("%s strict=%v: %v (%q), want Skip with a reason", p, strict, v, why)
			}
		}
	}
}
