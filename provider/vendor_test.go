package provider_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Big enums, as a generator writes them: each value 60 characters.
type (
	Wide251 string // 251 values, 15,060 characters: beyond OpenAI's limit
	Wide250 string // 250 values, 15,000 characters: within it
	Many251 string // 251 short values: within it
)

func wideValues(n, width int) []string {
	out := make([]string, n)
	for i := range out {
		s := fmt.Sprintf("v%d_", i)
		out[i] = s + strings.Repeat("x", width-len(s))
	}
	return out
}

func (Wide251) ToolschemaEnumValues() []string { return wideValues(251, 60) }
func (Wide250) ToolschemaEnumValues() []string { return wideValues(250, 60) }
func (Many251) ToolschemaEnumValues() []string { return wideValues(251, 8) }

// conversions names each conversion, strict and not, of one tool.
var conversions = []struct {
	name string
	conv func(*tool.Tool) (json.RawMessage, error)
	path []string
}{
	{"openai", func(t *tool.Tool) (json.RawMessage, error) { return provider.OpenAI(t) }, []string{"function", "parameters"}},
	{"openai non-strict", func(t *tool.Tool) (json.RawMessage, error) { return provider.OpenAI(t, provider.Strict(false)) }, []string{"function", "parameters"}},
	{"responses", func(t *tool.Tool) (json.RawMessage, error) { return provider.OpenAIResponses(t) }, []string{"parameters"}},
	{"anthropic", func(t *tool.Tool) (json.RawMessage, error) { return first(provider.Anthropic([]*tool.Tool{t})) }, []string{"input_schema"}},
	{"anthropic non-strict", func(t *tool.Tool) (json.RawMessage, error) {
		return first(provider.Anthropic([]*tool.Tool{t}, provider.Strict(false)))
	}, []string{"input_schema"}},
	{"gemini", func(t *tool.Tool) (json.RawMessage, error) { return provider.Gemini(t) }, []string{"parametersJsonSchema"}},
}

func first(defs []json.RawMessage, err error) (json.RawMessage, error) {
	if err != nil {
		return nil, err
	}
	return defs[0], nil
}

// Raw input schemas with keywords the Go core never writes (a proxied MCP
// tool's), each holding schemas the conversion walks.
const (
	// A map inside $defs: both strict modes need additionalProperties
	// false on every object, $defs' included.
	rawDefsMap = `{"type":"object","properties":{"a":{"$ref":"#/$defs/m"}},"required":["a"],"additionalProperties":false,"$defs":{"m":{"type":"object","additionalProperties":{"type":"string"}}}}`
	// A $ref to a closed object of $defs: every mode takes it, and the
	// definition's keywords follow the mode's rules (minLength moved in
	// both strict modes, b made nullable by OpenAI's).
	rawDefsRef = `{"type":"object","properties":{"a":{"$ref":"#/$defs/m"}},"required":["a"],"additionalProperties":false,"$defs":{"m":{"type":"object","properties":{"b":{"type":"string","minLength":1},"c":{"type":"string","format":"hostname"}},"required":["b"],"additionalProperties":false}}}`
	// A tuple: its one position a hostname (a format Gemini moves).
	rawPrefixItems = `{"type":"object","properties":{"a":{"type":"array","prefixItems":[{"type":"string","format":"hostname"}]}},"required":["a"],"additionalProperties":false}`
	// An object whose names follow a pattern, and which is open.
	rawPatternProps = `{"type":"object","properties":{"a":{"type":"object","patternProperties":{"^x":{}}}},"required":["a"],"additionalProperties":false}`
	// A linked list: recursive, which Anthropic's strict mode does not
	// take and OpenAI's does.
	rawRecursive = `{"type":"object","properties":{"head":{"$ref":"#/$defs/node"}},"required":["head"],"additionalProperties":false,"$defs":{"node":{"type":"object","properties":{"v":{"type":"string"},"next":{"anyOf":[{"$ref":"#/$defs/node"},{"type":"null"}]}},"required":["v","next"],"additionalProperties":false}}}`
)

// raw makes a tool with the input schema given (as a raw-schema tool
// has), to reach what no Go type's tags can write.
func raw(name, schema string) *tool.Tool {
	return &tool.Tool{Meta: tool.Meta{Name: name}, InputSchema: json.RawMessage(schema)}
}

func create(t *testing.T, name string, fn any) *tool.Tool {
	t.Helper()
	tl, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{Name: name}))
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestVendorRefusals checks that each conversion either writes a
// definition its vendor documents as valid or refuses with an error
// naming the tool, the property and the rule; each kind of schema a
// vendor refuses is a row.
func TestVendorRefusals(t *testing.T) {
	type AnyField struct {
		Extra any `json:"extra"`
	}
	type RawField struct {
		Body json.RawMessage `json:"body,omitempty"`
	}
	type Deep struct {
		Items []struct {
			Meta any `json:"meta"`
		} `json:"items"`
	}
	type Enum251 struct {
		Kind Wide251 `json:"kind"`
	}
	type Enum250 struct {
		Kind Wide250 `json:"kind"`
	}
	type Short251 struct {
		Kind Many251 `json:"kind"`
	}
	type Dollar struct {
		Schema string `json:"$schema"`
	}
	type Space struct {
		Inner struct {
			V string `json:"a b"`
		} `json:"inner"`
	}
	type Long struct {
		V string `json:"p2345678901234567890123456789012345678901234567890123456789012345"`
	}
	type Dotted struct {
		V string `json:"a.b-c_d"`
	}
	ok := func() error { return nil }
	tests := []struct {
		tool *tool.Tool
		// want maps a conversion to the error it gives ("" none).
		want map[string]string
	}{
		{create(t, "any_field", func(AnyField) error { return nil }), map[string]string{
			"openai":    `tool any_field: input.extra: OpenAI strict mode needs a type on every schema ("schema must have a 'type' key")`,
			"responses": `tool any_field: input.extra: OpenAI strict mode needs a type on every schema`,
		}},
		{create(t, "raw_field", func(RawField) error { return nil }), map[string]string{
			"openai":    `tool raw_field: input.body: OpenAI strict mode needs a type on every schema`,
			"responses": `tool raw_field: input.body: OpenAI strict mode needs a type on every schema`,
		}},
		{create(t, "deep_any", func(Deep) error { return nil }), map[string]string{
			"openai":    `tool deep_any: input.items[].meta: OpenAI strict mode needs a type on every schema`,
			"responses": `tool deep_any: input.items[].meta: OpenAI strict mode needs a type on every schema`,
		}},
		{create(t, "enum251", func(Enum251) error { return nil }), map[string]string{
			"openai":    "tool enum251: input.kind: enum: OpenAI strict mode takes at most 15000 characters in one enum of more than 250 values; this one has 251 values totalling 15060 characters",
			"responses": "tool enum251: input.kind: enum: OpenAI strict mode takes at most 15000 characters",
		}},
		{create(t, "enum250", func(Enum250) error { return nil }), nil},
		{create(t, "short251", func(Short251) error { return nil }), nil},
		{create(t, "dollar", func(Dollar) error { return nil }), map[string]string{
			"anthropic":            `tool dollar: input: property name "$schema": Anthropic takes property names matching ^[a-zA-Z0-9_.-]{1,64}$`,
			"anthropic non-strict": `tool dollar: input: property name "$schema": Anthropic takes property names matching ^[a-zA-Z0-9_.-]{1,64}$`,
		}},
		{create(t, "space", func(Space) error { return nil }), map[string]string{
			"anthropic":            `tool space: input.inner: property name "a b": Anthropic takes property names matching`,
			"anthropic non-strict": `tool space: input.inner: property name "a b": Anthropic takes property names matching`,
		}},
		{create(t, "long", func(Long) error { return nil }), map[string]string{
			"anthropic":            `tool long: input: property name "p2345678901234567890123456789012345678901234567890123456789012345": Anthropic`,
			"anthropic non-strict": `tool long: input: property name "p2345678901234567890`,
		}},
		{create(t, "dotted", func(Dotted) error { return nil }), nil},
		// A name a provider does not take is sent as its wire name
		// (TestWireNames): "_1tool", "_-tool" for Gemini, "a_b" for
		// OpenAI and Anthropic.
		{create(t, "1tool", ok), nil},
		{create(t, "_tool", ok), nil},
		{create(t, "-tool", ok), nil},
		// Raw schemas: keywords no Go type writes, walked by each mode's rules.
		{raw("defs_map", rawDefsMap), map[string]string{
			"openai":    "tool defs_map: input.$defs.m: a map (an object with any names) has no schema in OpenAI strict mode",
			"responses": "tool defs_map: input.$defs.m: a map (an object with any names) has no schema in OpenAI strict mode",
			"anthropic": "tool defs_map: input.$defs.m: a map (an object with any names) has no schema in Anthropic strict mode",
		}},
		{raw("defs_ref", rawDefsRef), nil},
		{raw("prefix_items", rawPrefixItems), map[string]string{
			"openai":    "tool prefix_items: input.a: prefixItems: OpenAI strict mode takes no prefixItems",
			"responses": "tool prefix_items: input.a: prefixItems: OpenAI strict mode takes no prefixItems",
			"anthropic": "tool prefix_items: input.a: prefixItems: Anthropic strict mode takes no prefixItems",
		}},
		{raw("pattern_props", rawPatternProps), map[string]string{
			"openai":    "tool pattern_props: input.a: patternProperties: OpenAI strict mode takes no patternProperties",
			"responses": "tool pattern_props: input.a: patternProperties: OpenAI strict mode takes no patternProperties",
			"anthropic": "tool pattern_props: input.a: patternProperties: Anthropic strict mode takes no patternProperties",
		}},
		// An open object with properties is closed (TestClosesOpenObjects);
		// one without any says nothing a strict schema can.
		{raw("open_object", `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}},"required":["b"]}},"required":["a"],"additionalProperties":false}`), nil},
		{raw("open_root", `{"type":"object","properties":{"b":{"type":"string"}},"required":["b"]}`), nil},
		{raw("open_empty", `{"type":"object","properties":{"a":{"type":"object"}},"required":["a"],"additionalProperties":false}`), map[string]string{
			"openai":    "tool open_empty: input.a: an object without additionalProperties false takes any other names, which OpenAI strict mode does not",
			"responses": "tool open_empty: input.a: an object without additionalProperties false",
			"anthropic": "tool open_empty: input.a: an object without additionalProperties false takes any other names, which Anthropic strict mode does not",
		}},
		{raw("recursive", rawRecursive), map[string]string{
			"anthropic": `tool recursive: input.$defs.node.next: $ref: Anthropic strict mode takes no recursive schemas ("#/$defs/node" leads back to a schema that holds it)`,
		}},
		{raw("then_name", `{"type":"object","properties":{"a":{"type":"object","properties":{},"additionalProperties":false,"if":{"type":"object"},"then":{"properties":{"a b":{"type":"string"}}}}},"required":["a"],"additionalProperties":false}`), map[string]string{
			"anthropic non-strict": `tool then_name: input.a: property name "a b": Anthropic takes property names matching`,
		}},
		{raw("dynamic_ref", `{"type":"object","properties":{"a":{"$dynamicRef":"#meta"}},"required":["a"],"additionalProperties":false,"$defs":{"x":{"$dynamicAnchor":"meta","type":"string"}}}`), map[string]string{
			"openai":    "tool dynamic_ref: input.a: $dynamicRef: OpenAI strict mode takes no $dynamicRef",
			"responses": "tool dynamic_ref: input.a: $dynamicRef: OpenAI strict mode takes no $dynamicRef",
			"anthropic": "tool dynamic_ref: input.a: $dynamicRef: Anthropic strict mode takes no $dynamicRef",
		}},
		{raw("true_prop", `{"type":"object","properties":{"a":true},"required":["a"],"additionalProperties":false}`), map[string]string{
			"openai":    `tool true_prop: input.a: OpenAI strict mode needs a type on every schema ("schema must have a 'type' key"), and the schema true has none`,
			"responses": `tool true_prop: input.a: OpenAI strict mode needs a type on every schema`,
		}},
		{raw("tuple_items", `{"type":"object","properties":{"a":{"type":"array","items":[{"type":"string"}]}},"required":["a"],"additionalProperties":false}`), map[string]string{
			"openai":               "tool tuple_items: input.a: items: an array of schemas is draft-07's form, not JSON Schema 2020-12's; write it as prefixItems",
			"openai non-strict":    "tool tuple_items: input.a: items: an array of schemas is draft-07's form",
			"responses":            "tool tuple_items: input.a: items: an array of schemas is draft-07's form",
			"anthropic":            "tool tuple_items: input.a: items: an array of schemas is draft-07's form",
			"anthropic non-strict": "tool tuple_items: input.a: items: an array of schemas is draft-07's form",
			"gemini":               "tool tuple_items: input.a: items: an array of schemas is draft-07's form",
		}},
		{raw("a.b", `{"type":"object","properties":{},"additionalProperties":false}`), nil},
	}
	for _, tt := range tests {
		for _, c := range conversions {
			t.Run(tt.tool.Name+"/"+c.name, func(t *testing.T) {
				def, err := c.conv(tt.tool)
				want := tt.want[c.name]
				if want != "" {
					if err == nil || !strings.Contains(err.Error(), want) {
						t.Fatalf("error %v, want one with %q", err, want)
					}
					return
				}
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				s := schemaOf(t, def, c.path...)
				b, _ := json.Marshal(s)
				schematest.Check(t, b)
			})
		}
	}
}

// TestAnthropicRegex checks that a pattern with a construct Anthropic's
// strict mode does not take is moved into the description (the invoker
// still checks it), and one without is kept; non-strict keeps both.
func TestAnthropicRegex(t *testing.T) {
	tests := []struct {
		pattern string
		moved   bool
	}{
		{`\bword\b`, true},
		{`^\Bx`, true},
		{`[\b]x`, false}, // a backspace in a class
		{`\\b`, false},   // a backslash, then b
		{`(a)\1`, true},
		{`(?<n>a)\k<n>`, true},
		{`a(?=b)`, true},
		{`a(?!b)`, true},
		{`(?<=a)b`, true},
		{`(?<!a)b`, true},
		{`(?<name>a)`, false},
		{`^[a-z]{1,256}$`, false},
		{`^[a-z]{1,257}$`, true},
		{`^a{1000}$`, true},
		{`^a{300,}$`, true},
		{`^a{2,3}$`, false},
		{`^[{]1000}$`, false}, // a brace in a class
		{`^[A-Z]{3}$`, false},
	}
	for _, tt := range tests {
		pb, _ := json.Marshal(tt.pattern)
		tl := raw("re", `{"type":"object","properties":{"s":{"type":"string","description":"A code.","pattern":`+string(pb)+`}},"required":["s"],"additionalProperties":false}`)
		defs, err := provider.Anthropic([]*tool.Tool{tl})
		if err != nil {
			t.Fatalf("%s: %v", tt.pattern, err)
		}
		p := prop(schemaOf(t, defs[0], "input_schema"), "s")
		_, kept := p["pattern"]
		desc := p["description"].(string)
		if tt.moved {
			if kept || desc != "A code. Matches the regular expression "+tt.pattern+"." {
				t.Errorf("%s: not moved: %v", tt.pattern, p)
			}
		} else if !kept || desc != "A code." {
			t.Errorf("%s: moved: %v", tt.pattern, p)
		}
		defs, _ = provider.Anthropic([]*tool.Tool{tl}, provider.Strict(false))
		if p := prop(schemaOf(t, defs[0], "input_schema"), "s"); p["pattern"] != tt.pattern {
			t.Errorf("%s: non-strict lost the pattern: %v", tt.pattern, p)
		}
	}
}

// TestNumbersInDescriptions checks that a bound moved into a description
// is written as a person would write it, exactly, and that float32's own
// range is not spelled out, like an integer type's.
func TestNumbersInDescriptions(t *testing.T) {
	type In struct {
		F32    float32 `json:"f32"`
		Huge   float64 `json:"huge" maximum:"1e300"`
		Tiny   float64 `json:"tiny" minimum:"-1.5e-7"`
		Exp    float64 `json:"exp" maximum:"1e21"`
		Plain  float64 `json:"plain" minimum:"0.25" maximum:"1000"`
		Frac   float64 `json:"frac" maximum:"123456.789"`
		Safe   int64   `json:"safe" maximum:"9007199254740991"`
		Int8   int8    `json:"int8"`
		Capped float32 `json:"capped" maximum:"3.4e38"`
	}
	tl := create(t, "numbers", func(In) error { return nil })
	defs, err := provider.Anthropic([]*tool.Tool{tl})
	if err != nil {
		t.Fatal(err)
	}
	s := schemaOf(t, defs[0], "input_schema")
	for name, want := range map[string]string{
		"f32":    "",
		"huge":   "At most 1e300.",
		"tiny":   "At least -1.5e-7.",
		"exp":    "At most 1e21.",
		"plain":  "At least 0.25. At most 1000.",
		"frac":   "At most 123456.789.",
		"safe":   "At most 9007199254740991.",
		"int8":   "",
		"capped": "At most 3.4e38.",
	} {
		if got, _ := prop(s, name)["description"].(string); got != want {
			t.Errorf("%s: description %q, want %q", name, got, want)
		}
	}
}

// TestClosesOpenObjects: a strict mode that needs additionalProperties
// false on every object gets it on an object of a raw schema that has
// properties and says nothing of others (as OpenAI's own SDK helpers
// do); the non-strict modes and Gemini send the object as it is.
func TestClosesOpenObjects(t *testing.T) {
	tl := raw("open", `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}},"required":["b"]}},"required":["a"]}`)
	for _, c := range conversions {
		def, err := c.conv(tl)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s := schemaOf(t, def, c.path...)
		a := s["properties"].(map[string]any)["a"].(map[string]any)
		closed := !strings.Contains(c.name, "non-strict") && c.name != "gemini"
		for where, obj := range map[string]map[string]any{"root": s, "input.a": a} {
			if got, has := obj["additionalProperties"]; closed != (has && got == false) {
				t.Errorf("%s: %s additionalProperties %v (given: %t), want closed %t", c.name, where, got, has, closed)
			}
		}
	}
}
