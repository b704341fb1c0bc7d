package provider_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// TestRawStrictRewrites: what the strict conversions make of raw schemas
// that a naive rewrite gets wrong. Each row names a conversion, and
// either the error it gives or a JSON value its parameters must have at
// a path (the parameters valid JSON Schema 2020-12 either way).
func TestRawStrictRewrites(t *testing.T) {
	const closedA = `"required":["a"],"additionalProperties":false`
	obj := func(name string) string {
		return `{"type":"object","properties":{"` + name + `":{"type":"string"}},"required":["` + name + `"]}`
	}
	tests := []struct {
		name, schema, conv string
		err                string   // a part of the error, or ""
		path               []string // where want is, in the parameters
		want               string
	}{
		// Closing the branches of an allOf would let no value through:
		// each requires its own property and forbids the other's.
		{"allof branches", `{"type":"object","properties":{"a":{"allOf":[` + obj("x") + `,` + obj("y") + `]}},` + closedA + `}`,
			"anthropic", "tool raw: input.a: an object without additionalProperties false", nil, ""},
		// OpenAI moves allOf into the description: one of two branches
		// leaves no type; an allOf of one branch is that branch.
		{"allof two", `{"type":"object","properties":{"a":{"allOf":[{"type":"string"},{"minLength":1}]}},` + closedA + `}`,
			"openai", "tool raw: input.a: OpenAI strict mode needs a type on every schema", nil, ""},
		{"allof one", `{"type":"object","properties":{"a":{"allOf":[{"type":"string"}]}},` + closedA + `}`,
			"openai", "", []string{"properties", "a"}, `{"type":"string"}`},
		// A described reference, as pydantic writes one.
		{"allof described ref", `{"type":"object","properties":{"a":{"allOf":[{"$ref":"#/$defs/X"}],"description":"the x"}},` + closedA + `,"$defs":{"X":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}}`,
			"openai", "", []string{"properties", "a"}, `{"anyOf":[{"$ref":"#/$defs/X"}],"description":"the x"}`},
		{"allof described ref, closed", `{"type":"object","properties":{"a":{"allOf":[{"$ref":"#/$defs/X"}],"description":"the x"}},` + closedA + `,"$defs":{"X":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}}`,
			"anthropic", "", []string{"$defs", "X", "additionalProperties"}, `false`},
		// A definition merged with another branch is not closed.
		{"allof ref merge", `{"type":"object","properties":{"p":{"allOf":[{"$ref":"#/$defs/Base"},` + obj("b") + `]}},"required":["p"],"additionalProperties":false,"$defs":{"Base":` + obj("a") + `}}`,
			"anthropic", "an object without additionalProperties false", nil, ""},
		{"allof beside", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"allOf":[{"properties":{"b":{"type":"string"}},"required":["b"]}]}`,
			"anthropic", "tool raw: input: an object without additionalProperties false", nil, ""},
		{"dependent schemas", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"dependentSchemas":{"a":{"required":["b"]}}}`,
			"openai", "tool raw: input: an object without additionalProperties false", nil, ""},
		// Others are described by unevaluatedProperties: not closed.
		{"unevaluated", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"unevaluatedProperties":{"type":"integer"}}`,
			"anthropic", "tool raw: input: an object without additionalProperties false", nil, ""},
		// A tool without parameters, as MCP servers declare one.
		{"no parameters", `{"type":"object"}`, "openai", "", []string{"additionalProperties"}, `false`},
		{"no parameters, stated", `{"type":"object"}`, "openai", "", []string{"properties"}, `{}`},
		{"no parameters, empty", `{"type":"object","properties":{}}`, "anthropic", "", []string{"additionalProperties"}, `false`},
		// Closing a root that names no properties is right only when
		// nothing else asks for some.
		{"no properties, anyOf", `{"type":"object","anyOf":[{"$ref":"#/$defs/A"}],"$defs":{"A":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}}}`,
			"anthropic", "tool raw: input: an object without additionalProperties false", nil, ""},
		{"no properties, oneOf", `{"type":"object","oneOf":[` + obj("a") + `,` + obj("b") + `]}`,
			"openai", "tool raw: input: an object without additionalProperties false", nil, ""},
		{"no properties, required", `{"type":"object","required":["q"]}`,
			"openai", "tool raw: input: an object without additionalProperties false", nil, ""},
		{"no properties, minProperties", `{"type":"object","minProperties":1}`,
			"anthropic", "tool raw: input: an object without additionalProperties false", nil, ""},
		{"properties and anyOf", `{"type":"object","properties":{"a":{"type":"string"}},"anyOf":[{"required":["a"]},{"required":["b"]}]}`,
			"anthropic", "tool raw: input: an object without additionalProperties false", nil, ""},
		{"required beyond properties", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"]}`,
			"anthropic", "tool raw: input: an object without additionalProperties false", nil, ""},
		// OpenAI: a $ref beside an anyOf, or at the root, has no rewrite.
		{"ref beside anyOf", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A","anyOf":[{"type":"string"}]}},` + closedA + `,"$defs":{"A":{"type":"string"}}}`,
			"openai", "tool raw: input.a: $ref: OpenAI strict mode takes no keyword beside a $ref, and this one has an anyOf", nil, ""},
		{"root ref", `{"$ref":"#/$defs/A","description":"d","$defs":{"A":{"type":"object","properties":{},"additionalProperties":false}}}`,
			"openai", "tool raw: input: $ref: OpenAI strict mode takes no keyword beside a $ref, and the root", nil, ""},
		// The review's cases of merges that closing would break.
		{"merged through a def", `{"type":"object","properties":{"p":{"allOf":[{"$ref":"#/$defs/A"},` + obj("b") + `]}},"required":["p"],"additionalProperties":false,"$defs":{"A":{"$ref":"#/$defs/B"},"B":` + obj("a") + `}}`,
			"anthropic", "an object without additionalProperties false", nil, ""},
		{"allof with minProperties", `{"type":"object","properties":{"p":{"allOf":[` + obj("a") + `],"minProperties":2}},"required":["p"],"additionalProperties":false}`,
			"anthropic", "tool raw: input.p: an object without additionalProperties false", nil, ""},
		{"ref beside properties", `{"type":"object","properties":{"p":{"$ref":"#/$defs/B","properties":{"b":{"type":"string"}},"required":["b"]}},"required":["p"],"additionalProperties":false,"$defs":{"B":` + obj("a") + `}}`,
			"anthropic", "an object without additionalProperties false", nil, ""},
		{"root branch", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false,"anyOf":[{"type":"object"}]}`,
			"anthropic", "tool raw: input: an object without additionalProperties false", nil, ""},
		// A reference inside a merged definition's properties is a value
		// of its own: its target is closed.
		{"merged def's property", `{"type":"object","properties":{"p":{"allOf":[{"$ref":"#/$defs/Base"},{"required":["a"]}]}},"required":["p"],"additionalProperties":false,"$defs":{"Base":{"type":"object","properties":{"a":{"$ref":"#/$defs/Item"}},"additionalProperties":false},"Item":` + obj("x") + `}}`,
			"anthropic", "", []string{"$defs", "Item", "additionalProperties"}, `false`},
		// A merge through a $ref the conversion cannot follow, or
		// through the root: nothing closed.
		{"merge through a pointer", `{"type":"object","properties":{"a":` + obj("x") + `,"b":{"$ref":"#/properties/a","required":["y"]}},"required":["a","b"]}`,
			"openai", "an object without additionalProperties false", nil, ""},
		{"merge through the root", `{"type":"object","properties":{"c":{"$ref":"#","properties":{"y":{"type":"string"}},"required":["y"]}},"required":["c"]}`,
			"openai", "tool raw: input: an object without additionalProperties false", nil, ""},
		// Values of the wrong type in moved keywords do not stop it.
		{"format not a string", `{"type":"object","properties":{"a":{"type":"string","format":5}},` + closedA + `}`,
			"anthropic", "", []string{"properties", "a", "description"}, `"format: 5."`},
		{"open inner", `{"type":"object","properties":{"a":{"type":"object"}},` + closedA + `}`,
			"openai", "tool raw: input.a: an object without additionalProperties false", nil, ""},
		// OpenAI takes no keyword beside a $ref.
		{"ref with description", `{"type":"object","properties":{"a":{"$ref":"#/$defs/m","description":"the m"}},` + closedA + `,"$defs":{"m":{"type":"string"}}}`,
			"openai", "", []string{"properties", "a"}, `{"anyOf":[{"$ref":"#/$defs/m"}],"description":"the m"}`},
		{"ref with description kept", `{"type":"object","properties":{"a":{"$ref":"#/$defs/m","description":"the m"}},` + closedA + `,"$defs":{"m":{"type":"string"}}}`,
			"anthropic", "", []string{"properties", "a"}, `{"$ref":"#/$defs/m","description":"the m"}`},
		// An optional reference is required, and nullable, in OpenAI's
		// strict mode.
		{"optional ref", `{"type":"object","properties":{"a":{"$ref":"#/$defs/m"}},"additionalProperties":false,"$defs":{"m":{"type":"string"}}}`,
			"openai", "", []string{"properties", "a"}, `{"anyOf":[{"$ref":"#/$defs/m"},{"type":"null"}]}`},
		{"dangling ref", `{"type":"object","properties":{"a":{"$ref":"#/$defs/nope"}},` + closedA + `,"$defs":{"m":{"type":"string"}}}`,
			"anthropic", `tool raw: input.a: $ref: Anthropic strict mode takes a $ref only to a schema there is, and the schema has no definition "#/$defs/nope"`, nil, ""},
		{"dangling ref openai", `{"type":"object","properties":{"a":{"$ref":"#/definitions/nope"}},` + closedA + `}`,
			"openai", `tool raw: input.a: $ref: OpenAI strict mode takes a $ref only to a schema there is`, nil, ""},
	}
	convs := map[string]func(*tool.Tool) (json.RawMessage, []string, error){
		"openai": func(t *tool.Tool) (json.RawMessage, []string, error) {
			d, err := provider.OpenAI(t)
			return d, []string{"function", "parameters"}, err
		},
		"anthropic": func(t *tool.Tool) (json.RawMessage, []string, error) {
			d, err := first(provider.Anthropic([]*tool.Tool{t}))
			return d, []string{"input_schema"}, err
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, root, err := convs[tt.conv](raw("raw", tt.schema))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q (definition %s)", err, tt.err, def)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal(def, &v); err != nil {
				t.Fatal(err)
			}
			params := at(t, v, root...)
			b, _ := json.Marshal(params)
			schematest.Check(t, b)
			got, _ := json.Marshal(at(t, params, tt.path...))
			if string(got) != tt.want {
				t.Errorf("at %v: %s, want %s (parameters %s)", tt.path, got, tt.want, b)
			}
		})
	}
}

// refChain is a raw schema whose root refers to the first of n
// definitions, each referring to the next: no recursion.
func refChain(n int) string {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{"a":{"$ref":"#/$defs/d0"}},"required":["a"],"additionalProperties":false,"$defs":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if i == n-1 {
			fmt.Fprintf(&b, `"d%d":{"type":"string"}`, i)
			continue
		}
		fmt.Fprintf(&b, `"d%d":{"type":"object","properties":{"n":{"$ref":"#/$defs/d%d"}},"required":["n"],"additionalProperties":false}`, i, i+1)
	}
	b.WriteString(`}}`)
	return b.String()
}

// BenchmarkRefChain is Anthropic's strict conversion, which looks for
// recursion, of chains of 1000, 4000 and 16000 definitions: time must
// grow with the size (16x from the first to the last), not its square.
func BenchmarkRefChain(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		tl := raw("chain", refChain(n))
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := provider.Anthropic([]*tool.Tool{tl}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRefChainCycle: closing the chain into a cycle is found.
func TestRefChainCycle(t *testing.T) {
	s := strings.Replace(refChain(50), `"d49":{"type":"string"}`, `"d49":{"type":"object","properties":{"n":{"$ref":"#/$defs/d0"}},"required":["n"],"additionalProperties":false}`, 1)
	_, err := provider.Anthropic([]*tool.Tool{raw("cycle", s)})
	if err == nil || !strings.Contains(err.Error(), "takes no recursive schemas") {
		t.Fatalf("error %v, want a recursion", err)
	}
	if _, err := provider.Anthropic([]*tool.Tool{raw("chain", refChain(50))}); err != nil {
		t.Fatalf("a chain without a cycle: %v", err)
	}
}

// TestRawDraft07: draft-07's dependencies and additionalItems are walked
// with the mode's rules (Anthropic's property names, in any mode) and
// moved by the strict modes, which list neither.
func TestRawDraft07(t *testing.T) {
	s := `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false,"dependencies":{"a":{"properties":{"q r":{"type":"string"}}},"b":["a"]}}`
	_, err := first(provider.Anthropic([]*tool.Tool{raw("deps", s)}, provider.Strict(false)))
	if err == nil || !strings.Contains(err.Error(), `property name "q r"`) {
		t.Errorf("anthropic non-strict: error %v, want the name inside dependencies", err)
	}
	for _, c := range []string{"openai", "anthropic"} {
		var def json.RawMessage
		var err error
		if c == "openai" {
			def, err = provider.OpenAI(raw("deps", strings.Replace(s, "q r", "q_r", 1)))
		} else {
			def, err = first(provider.Anthropic([]*tool.Tool{raw("deps", strings.Replace(s, "q r", "q_r", 1))}))
		}
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		if strings.Contains(string(def), `"dependencies":`) {
			t.Errorf("%s: dependencies kept: %s", c, def)
		}
	}
}

// TestBranchDefsNotRoots: definitions inside a branch of the root are not
// the root's, which a $ref names: a branch's definition that refers to a
// root definition of the same name is no recursion.
func TestBranchDefsNotRoots(t *testing.T) {
	s := `{"type":"object","properties":{"a":{"$ref":"#/$defs/n"}},"required":["a"],"additionalProperties":false,` +
		`"$defs":{"n":{"type":"string"}},` +
		`"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false,"$defs":{"n":{"type":"object","properties":{"m":{"$ref":"#/$defs/n"}},"required":["m"],"additionalProperties":false}}}]}`
	if _, err := first(provider.Anthropic([]*tool.Tool{raw("branch", s)})); err != nil {
		t.Fatal(err)
	}
}

// TestServerShapes: input schemas in the shapes real MCP servers list
// (zod-to-json-schema's, with draft-07's $schema; pydantic's, with $defs,
// titles, an optional anyOf with null and defaults; a tool without
// parameters, with and without properties) convert in every mode to
// valid schemas.
func TestServerShapes(t *testing.T) {
	shapes := map[string]string{
		"zod":       `{"type":"object","properties":{"path":{"type":"string"},"edits":{"type":"array","items":{"type":"object","properties":{"oldText":{"type":"string","description":"Text to search for"},"newText":{"type":"string"}},"required":["oldText","newText"],"additionalProperties":false}},"dryRun":{"type":"boolean","default":false}},"required":["path","edits"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"}`,
		"pydantic":  `{"$defs":{"Filter":{"properties":{"field":{"title":"Field","type":"string"},"value":{"anyOf":[{"type":"string"},{"type":"integer"}],"title":"Value"}},"required":["field","value"],"title":"Filter","type":"object"}},"properties":{"query":{"title":"Query","type":"string"},"filters":{"default":null,"anyOf":[{"items":{"$ref":"#/$defs/Filter"},"type":"array"},{"type":"null"}],"title":"Filters"},"limit":{"default":10,"title":"Limit","type":"integer"}},"required":["query"],"title":"searchArguments","type":"object"}`,
		"none":      `{"type":"object","properties":{}}`,
		"none-bare": `{"type":"object"}`,
	}
	for name, s := range shapes {
		for _, c := range conversions {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				def, err := c.conv(raw("server_tool", s))
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(schemaOf(t, def, c.path...))
				schematest.Check(t, b)
			})
		}
	}
}

// TestAnthropicNumberConstraints: Anthropic's strict mode takes no
// numerical constraint ("minimum, maximum, multipleOf"): the exclusive
// bounds and multipleOf of a raw schema are moved into the description,
// in words; OpenAI's keeps them.
func TestAnthropicNumberConstraints(t *testing.T) {
	s := `{"type":"object","properties":{"n":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1e3,"multipleOf":0.5}},"required":["n"],"additionalProperties":false}`
	def, err := first(provider.Anthropic([]*tool.Tool{raw("num", s)}))
	if err != nil {
		t.Fatal(err)
	}
	n := schemaOf(t, def, "input_schema", "properties", "n")
	if want := "More than 0. Less than 1000. A multiple of 0.5."; n["description"] != want || len(n) != 2 {
		t.Errorf("anthropic: %v, want only a type and the description %q", n, want)
	}
	def, err = provider.OpenAI(raw("num", s))
	if err != nil {
		t.Fatal(err)
	}
	if n := schemaOf(t, def, "function", "parameters", "properties", "n"); n["multipleOf"] == nil || n["exclusiveMinimum"] == nil {
		t.Errorf("openai: %v, want the constraints kept", n)
	}
}

// TestMergedDefinitionNotClosed: a definition that an allOf merges with
// another branch is refused, not closed (closed, it would forbid the
// other branch's names), while one an allOf of one branch names is
// closed.
func TestMergedDefinitionNotClosed(t *testing.T) {
	obj := func(name string) string {
		return `{"type":"object","properties":{"` + name + `":{"type":"string"}},"required":["` + name + `"]}`
	}
	anthropic, _ := strictmode.Mode("anthropic", true)
	for _, tc := range []struct {
		schema string
		want   strictmode.Verdict
	}{
		{`{"type":"object","properties":{"p":{"allOf":[{"$ref":"#/$defs/Base"},` + obj("b") + `]}},"required":["p"],"additionalProperties":false,"$defs":{"Base":` + obj("a") + `}}`, strictmode.Refuse},
		{`{"type":"object","properties":{"p":{"allOf":[{"$ref":"#/$defs/Base"}]}},"required":["p"],"additionalProperties":false,"$defs":{"Base":` + obj("a") + `}}`, strictmode.Close},
		// Through another definition, and beside properties.
		{`{"type":"object","properties":{"p":{"allOf":[{"$ref":"#/$defs/A"},` + obj("b") + `]}},"required":["p"],"additionalProperties":false,"$defs":{"A":{"$ref":"#/$defs/Base"},"Base":` + obj("a") + `}}`, strictmode.Refuse},
		{`{"type":"object","properties":{"p":{"$ref":"#/$defs/Base","properties":{"b":{"type":"string"}},"required":["b"]}},"required":["p"],"additionalProperties":false,"$defs":{"Base":` + obj("a") + `}}`, strictmode.Refuse},
	} {
		rep, err := provider.Check(anthropic, nil, []byte(tc.schema))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range rep.Findings {
			if f.Path == "input.$defs.Base" && f.Keyword == "additionalProperties" {
				found = true
				if f.Verdict != tc.want {
					t.Errorf("%s: Base %d, want %d", tc.schema, f.Verdict, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%s: nothing said of Base: %+v", tc.schema, rep.Findings)
		}
	}
}

// TestDraft04Exclusive: draft-04's boolean exclusiveMinimum is written as
// 2020-12 writes it in the strict modes, whose vendors read a number there
// (OpenAI's strict mode sent the boolean), and told as what it means
// where bounds are moved into the description; non-strict sends it as
// given.
func TestDraft04Exclusive(t *testing.T) {
	s := `{"type":"object","properties":{"n":{"type":"number","minimum":0,"exclusiveMinimum":true,"maximum":5,"exclusiveMaximum":false},` +
		`"m":{"type":"number","exclusiveMaximum":true}},"required":["n","m"],"additionalProperties":false}`
	def, err := first(provider.Anthropic([]*tool.Tool{raw("num", s)}))
	if err != nil {
		t.Fatal(err)
	}
	n := schemaOf(t, def, "input_schema", "properties", "n")
	if want := "More than 0. At most 5."; n["description"] != want {
		t.Errorf("Anthropic: description %q, want %q", n["description"], want)
	}
	def, err = provider.OpenAI(raw("num", s))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"n": `{"type":"number","exclusiveMinimum":0,"maximum":5}`,
		"m": `{"type":"number"}`,
	} {
		got, _ := json.Marshal(schemaOf(t, def, "function", "parameters", "properties", name))
		var w any
		json.Unmarshal([]byte(want), &w)
		wb, _ := json.Marshal(w)
		if string(got) != string(wb) {
			t.Errorf("OpenAI: %s is %s, want %s", name, got, wb)
		}
	}
	def, err = provider.OpenAI(raw("num", s), provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(def), `"minimum":0,"exclusiveMinimum":true`) {
		t.Errorf("non-strict: not sent as given: %s", def)
	}
}

// TestIllFormedKeywordsNoPanic: a schema literal with keyword values of
// the wrong type (no compile step checked it) is converted or refused by
// every conversion, never a panic.
func TestIllFormedKeywordsNoPanic(t *testing.T) {
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"type":"string","format":5,"pattern":7}},"required":["a"],"additionalProperties":false}`,
		`{"type":"object","properties":{"a":{"type":"string","pattern":["x"],"minLength":"2"}},"required":3,"additionalProperties":false}`,
	} {
		for _, c := range conversions {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s of %s panicked: %v", c.name, s, p)
					}
				}()
				c.conv(raw("ill", s))
			}()
		}
	}
}

// TestDataIsNotSchema: a $ref inside a default or a const is data: it
// makes no recursion and no merge.
func TestDataIsNotSchema(t *testing.T) {
	for name, s := range map[string]string{
		"default": `{"type":"object","properties":{"a":{"$ref":"#/$defs/a"}},"required":["a"],"additionalProperties":false,"$defs":{` +
			`"a":{"type":"object","properties":{"b":{"$ref":"#/$defs/b"}},"required":["b"],"additionalProperties":false},` +
			`"b":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":false,"default":{"$ref":"#/$defs/a"}}}}`,
		"const": `{"type":"object","properties":{"a":{"$ref":"#/$defs/m"},"c":{"const":{"$ref":"#/$defs/m","required":["z"]}}},"required":["a","c"],"additionalProperties":false,"$defs":{` +
			`"m":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}}`,
	} {
		if _, err := first(provider.Anthropic([]*tool.Tool{raw("data", s)})); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
