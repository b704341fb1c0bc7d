package provider_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/provider"
)

// at returns the value at a path of member names and indexes (as
// strings) in a decoded JSON value.
func at(t *testing.T, v any, path ...string) any {
	t.Helper()
	for _, p := range path {
		switch x := v.(type) {
		case map[string]any:
			v = x[p]
		case []any:
			var i int
			fmt.Sscan(p, &i)
			v = x[i]
		default:
			t.Fatalf("no %s in %v", p, v)
		}
	}
	return v
}

// TestRawKeywords checks that each mode's rules apply inside the keywords
// that hold schemas and that the Go core never writes: $defs,
// prefixItems, patternProperties, if/then/else, dependentSchemas.
func TestRawKeywords(t *testing.T) {
	tests := []struct {
		name, schema string
		conv         string // a name of conversions
		path         []string
		want         string // the JSON at path in the definition's schema
	}{
		// Inside $defs: minLength moved in both strict modes, the
		// optional c required and nullable in OpenAI's; Gemini moves
		// hostname, a format it does not list.
		{"defs", rawDefsRef, "openai", []string{"$defs", "m"},
			`{"type":"object","properties":{"b":{"type":"string","description":"At least 1 character."},"c":{"type":["string","null"],"format":"hostname"}},"required":["b","c"],"additionalProperties":false}`},
		{"defs", rawDefsRef, "anthropic", []string{"$defs", "m"},
			`{"type":"object","properties":{"b":{"type":"string","description":"At least 1 character."},"c":{"type":"string","format":"hostname"}},"required":["b"],"additionalProperties":false}`},
		{"defs", rawDefsRef, "gemini", []string{"$defs", "m", "properties", "c"}, `{"type":"string","description":"Format: hostname."}`},
		{"defs", rawDefsRef, "openai", []string{"properties", "a"}, `{"$ref":"#/$defs/m"}`},
		{"defs", rawDefsRef, "anthropic non-strict", nil, rawDefsRef},
		// A recursive schema: OpenAI's strict mode takes it.
		{"recursive", rawRecursive, "openai", nil, rawRecursive},
		// prefixItems and patternProperties: Gemini's rules inside them.
		{"prefix", rawPrefixItems, "gemini", []string{"properties", "a", "prefixItems"}, `[{"type":"string","description":"Format: hostname."}]`},
		{"prefix", rawPrefixItems, "openai non-strict", nil, rawPrefixItems},
		{"pattern", `{"type":"object","properties":{"a":{"type":"object","patternProperties":{"^x":{"type":"string","pattern":"^y+$"}}}},"required":["a"],"additionalProperties":false}`,
			"gemini", []string{"properties", "a", "patternProperties"}, `{"^x":{"type":"string","description":"Matches the regular expression ^y+$."}}`},
		// then and dependentSchemas: kept non-strict, and walked
		// (Gemini moves the pattern); moved into the description in
		// the strict modes, as not, if and else are.
		{"then", rawThen, "gemini", []string{"properties", "a", "then"}, `{"properties":{"b":{"type":"string","description":"Matches the regular expression ^z$."}}}`},
		{"then", rawThen, "gemini", []string{"dependentSchemas"}, `{"a":{"required":["a"],"properties":{"a":{"type":"object","description":"Matches the regular expression ^q$.","properties":{},"additionalProperties":false}}}}`},
		{"then", rawThen, "anthropic", []string{"properties", "a", "description"},
			`"if: {\"required\":[\"b\"]}. then: {\"properties\":{\"b\":{\"type\":\"string\",\"pattern\":\"^z$\"}}}."`},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.conv, func(t *testing.T) {
			def, root, got, err := convertedAt(t, tt.conv, tt.schema, tt.path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(schemaOf(t, def, root...))
			schematest.Check(t, b)
			// Compare as values; the whole schema (no path) also as
			// the text it was given, member order kept.
			if wb := compact(t, tt.want); got != wb {
				t.Errorf("at %v:\n got %s\nwant %s", tt.path, got, wb)
			}
			if len(tt.path) == 0 && !strings.Contains(string(def), tt.want) {
				t.Errorf("schema not sent as given (member order):\n%s\nwant %s", def, tt.want)
			}
		})
	}
}

// rawThen has if/then on a property and dependentSchemas on the root.
const rawThen = `{"type":"object","properties":{"a":{"type":"object","properties":{},"additionalProperties":false,"if":{"required":["b"]},"then":{"properties":{"b":{"type":"string","pattern":"^z$"}}}}},"required":["a"],"additionalProperties":false,"dependentSchemas":{"a":{"required":["a"],"properties":{"a":{"type":"object","pattern":"^q$","properties":{},"additionalProperties":false}}}}}`

// TestRawRefs checks $ref in the strict modes: to the schema's own
// $defs it is taken (Anthropic's not when recursive); one to another
// document is refused; non-strict modes send it as it is.
func TestRawRefs(t *testing.T) {
	external := `{"type":"object","properties":{"a":{"$ref":"https://example.com/a.json"}},"required":["a"],"additionalProperties":false}`
	anchor := `{"type":"object","properties":{"a":{"$ref":"#a"}},"required":["a"],"additionalProperties":false,"$defs":{"x":{"$anchor":"a","type":"string"}}}`
	pointer := `{"type":"object","properties":{"a":{"type":"string"},"b":{"$ref":"#/properties/a"}},"required":["a","b"],"additionalProperties":false}`
	root := `{"type":"object","properties":{"a":{"type":"array","items":{"$ref":"#"}}},"required":["a"],"additionalProperties":false}`
	tests := []struct {
		schema string
		want   map[string]string // conversion -> error ("" none)
	}{
		{external, map[string]string{
			"openai":    `tool refs: input.a: $ref: OpenAI strict mode takes only a $ref into the schema itself (one starting with #), not "https://example.com/a.json"`,
			"responses": `tool refs: input.a: $ref: OpenAI strict mode takes only a $ref into the schema itself`,
			"anthropic": `tool refs: input.a: $ref: Anthropic strict mode takes only a $ref into the schema itself (one starting with #), not "https://example.com/a.json"`,
		}},
		{anchor, nil}, // an anchor of a definition is that definition
		{pointer, map[string]string{
			"anthropic": `tool refs: input.b: $ref: Anthropic strict mode takes no recursive schemas, and the conversion cannot tell whether "#/properties/a" is one: it follows "#", "#/$defs/…", "#/definitions/…" and a definition's $anchor`,
		}},
		{root, map[string]string{
			"anthropic": `tool refs: input.a[]: $ref: Anthropic strict mode takes no recursive schemas ("#" leads back to a schema that holds it)`,
		}},
	}
	for _, tt := range tests {
		for _, c := range conversions {
			t.Run(c.name, func(t *testing.T) {
				def, err := c.conv(raw("refs", tt.schema))
				if want := tt.want[c.name]; want != "" {
					if err == nil || !strings.Contains(err.Error(), want) {
						t.Fatalf("error %v, want one with %q", err, want)
					}
					return
				}
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !strings.Contains(string(def), tt.schema) {
					t.Errorf("schema not sent as given: %s", def)
				}
			})
		}
	}
}

// TestRawFindings spells out Check's report of a raw schema: paths inside
// $defs (input.$defs.m), prefixItems (input.a[0]) and patternProperties
// (input.a{^x}).
func TestRawFindings(t *testing.T) {
	s := `{"type":"object","properties":{"a":{"type":"array","prefixItems":[{"type":"string","format":"hostname"}]},"b":{"type":"object","patternProperties":{"^x":{"type":"string","pattern":"^y$"}}}},"required":["a","b"],"additionalProperties":false,"$defs":{"m":{"type":"string","format":"uri"}}}`
	tests := []struct {
		provider string
		strict   bool
		want     []string
	}{
		{"gemini", true, []string{
			fmt.Sprintf("input.a[0] format %d", strictmode.Move),
			fmt.Sprintf("input.b{^x} pattern %d", strictmode.Move),
			fmt.Sprintf("input.$defs.m format %d", strictmode.Move),
		}},
		{"openai", true, []string{
			fmt.Sprintf("input.a prefixItems %d", strictmode.Refuse),
			fmt.Sprintf("input.b patternProperties %d", strictmode.Refuse),
			fmt.Sprintf("input.b additionalProperties %d", strictmode.Refuse),
			fmt.Sprintf("input.$defs.m format %d", strictmode.Move),
		}},
		{"anthropic", false, nil},
	}
	for _, tt := range tests {
		rep, err := provider.Check(mustMode(tt.provider, tt.strict), nil, []byte(s))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range rep.Findings {
			got = append(got, fmt.Sprintf("%s %s %d", f.Path, f.Keyword, f.Verdict))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: findings:\n%s\nwant:\n%s", tt.provider, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

// TestOpenAIChars: OpenAI's limit of 120,000 characters counts definition
// names and const values as well as property names and enum values; a
// schema over it by its definitions' names and a const was sent.
func TestOpenAIChars(t *testing.T) {
	long := strings.Repeat("d", 40000)
	schemaOf := func(defs int, constLen int) string {
		var b strings.Builder
		b.WriteString(`{"type":"object","properties":{"a":{"type":"string","const":"` + strings.Repeat("c", constLen) + `"}},"required":["a"],"additionalProperties":false,"$defs":{`)
		for i := range defs {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"%s%d":{"type":"string"}`, long, i)
		}
		b.WriteString(`}}`)
		return b.String()
	}
	for _, tt := range []struct {
		name    string
		defs, c int
		refused bool
		chars   int
	}{
		{"under", 2, 100, false, 1 + 2*40001 + 100},
		{"definition names", 3, 0, true, 1 + 3*40001},
		{"a const", 2, 40000, true, 1 + 2*40001 + 40000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tl := raw("big", schemaOf(tt.defs, tt.c))
			_, err := provider.OpenAI(tl)
			want := fmt.Sprintf("provider: tool big has %d characters of property names, definition names, enum and const values; OpenAI takes at most 120000", tt.chars)
			if tt.refused && (err == nil || err.Error() != want) {
				t.Errorf("OpenAI: %v\nwant %s", err, want)
			}
			if !tt.refused && err != nil {
				t.Errorf("OpenAI: %v", err)
			}
			rep, err := provider.Check(mustMode("openai", true), nil, tl.InputSchema)
			if err != nil || rep.Chars != tt.chars {
				t.Errorf("Check counts %d characters (%v), want %d", rep.Chars, err, tt.chars)
			}
		})
	}
}

// TestSchemaKeyword: Gemini refuses "$schema" in a function declaration,
// which zod's and pydantic's schemas carry, and the strict modes write
// 2020-12's forms, which a $schema naming another draft would belie: each
// leaves it out, without a finding (it says nothing of the values once the
// forms are 2020-12's); the non-strict modes send it as given.
func TestSchemaKeyword(t *testing.T) {
	s := `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`
	kept := map[string]bool{"openai non-strict": true, "anthropic non-strict": true}
	for _, c := range conversions {
		def, err := c.conv(raw("z", s))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if has := strings.Contains(string(def), `"$schema"`); has != kept[c.name] {
			t.Errorf("%s: $schema sent %v, want %v: %s", c.name, has, kept[c.name], def)
		}
	}
	for _, m := range []strictmode.StrictMode{mustMode("gemini", false), mustMode("openai", true), mustMode("anthropic", true)} {
		rep, err := provider.Check(m, nil, []byte(s))
		if err != nil || len(rep.Findings) != 0 {
			t.Errorf("Check %s: %v, findings %+v", m.Name, err, rep.Findings)
		}
	}
}

// TestExclusiveBounds: draft-04's boolean bounds in every mode that reads
// 2020-12's (NumericExclusive): Gemini's too, which leaves out the
// $schema that gave the boolean its meaning; a schema of nothing but the
// flag; a bound that is not a number; a flag in an allOf's one branch,
// which is not its parent's bound's.
func TestExclusiveBounds(t *testing.T) {
	for _, tt := range []struct {
		conv, schema string
		path         []string
		want         string
	}{
		{"gemini", `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"n":{"type":"number","minimum":0,"exclusiveMinimum":true}},"required":["n"]}`,
			[]string{"properties", "n"}, `{"type":"number","exclusiveMinimum":0}`},
		{"anthropic", `{"type":"object","properties":{"n":{"type":"number","allOf":[{"exclusiveMinimum":true}]}},"required":["n"],"additionalProperties":false}`,
			[]string{"properties", "n"}, `{"type":"number","allOf":[{}]}`},
		{"openai", `{"type":"object","properties":{"n":{"type":"number","minimum":"0","exclusiveMinimum":true}},"required":["n"],"additionalProperties":false}`,
			[]string{"properties", "n"}, `{"type":"number","minimum":"0"}`},
		{"openai", `{"type":"object","properties":{"n":{"type":"number","minimum":0,"allOf":[{"exclusiveMinimum":true}]}},"required":["n"],"additionalProperties":false}`,
			[]string{"properties", "n"}, `{"type":"number","minimum":0}`},
		{"openai non-strict", `{"type":"object","properties":{"n":{"type":"number","minimum":0,"exclusiveMinimum":true}},"required":["n"]}`,
			[]string{"properties", "n"}, `{"type":"number","minimum":0,"exclusiveMinimum":true}`},
	} {
		_, _, got, err := convertedAt(t, tt.conv, tt.schema, tt.path)
		if err != nil {
			t.Errorf("%s of %s: %v", tt.conv, tt.schema, err)
			continue
		}
		if wb := compact(t, tt.want); got != wb {
			t.Errorf("%s of %s:\n got %s\nwant %s", tt.conv, tt.schema, got, wb)
		}
	}
}

// convertedAt converts a raw tool of schema s by the conversion named
// conv, and returns the definition, the path of the schema in it, and the
// JSON at path in the schema, as json.Marshal writes it (keys sorted).
func convertedAt(t *testing.T, conv, s string, path []string) (def json.RawMessage, root []string, got string, err error) {
	t.Helper()
	for _, c := range conversions {
		if c.name == conv {
			if def, err = c.conv(raw("raw", s)); err != nil {
				return nil, nil, "", err
			}
			var full any
			if err := json.Unmarshal(def, &full); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(at(t, full, append(slices.Clip(c.path), path...)...))
			return def, c.path, string(b), nil
		}
	}
	t.Fatalf("no conversion %s", conv)
	return nil, nil, "", nil
}

// compact writes JSON text as json.Marshal writes its value.
func compact(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestCharsCountCharacters: OpenAI's limits are in characters ("total
// string length"), not in UTF-8's bytes.
func TestCharsCountCharacters(t *testing.T) {
	s := `{"type":"object","properties":{"é":{"type":"string","enum":["日本"]}},"required":["é"],"additionalProperties":false}`
	rep, err := provider.Check(mustMode("openai", true), nil, []byte(s))
	if err != nil || rep.Chars != 3 {
		t.Errorf("Check counts %d characters (%v), want 3", rep.Chars, err)
	}
}

// TestOneOfBesideAnyOf: a strict mode that sends oneOf as anyOf refuses a
// schema that has both: the two lists were joined into one anyOf, which
// takes what neither allowed ("any of string or integer, and exactly one
// of integer or boolean" takes only integers).
func TestOneOfBesideAnyOf(t *testing.T) {
	s := `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"integer"}],"oneOf":[{"type":"integer"},{"type":"boolean"}]}},"required":["a"],"additionalProperties":false}`
	for _, c := range conversions {
		_, err := c.conv(raw("u", s))
		strict := c.name == "openai" || c.name == "responses" || c.name == "anthropic"
		if strict && (err == nil || !strings.Contains(err.Error(), "input.a: oneOf: ") || !strings.Contains(err.Error(), "sends oneOf as anyOf, and this schema has an anyOf too")) {
			t.Errorf("%s: %v", c.name, err)
		}
		if !strict && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	rep, err := provider.Check(mustMode("anthropic", true), nil, []byte(s))
	if err != nil || len(rep.Unions) != 1 {
		t.Errorf("Check: %v, unions %v (one anyOf is sent)", err, rep.Unions)
	}
}

// TestDropNullThroughAllOf: DropNull drops the null of a schema whose one
// allOf branch OpenAI's strict mode unwraps, as of the same schema
// written without the allOf.
func TestDropNullThroughAllOf(t *testing.T) {
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"allOf":[{"type":["string","null"]}]}},"required":["a"],"additionalProperties":false}`,
		`{"type":"object","properties":{"a":{"type":["string","null"]}},"required":["a"],"additionalProperties":false}`,
	} {
		def, err := provider.OpenAI(raw("n", s), provider.DropNull(true))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(schemaOf(t, def, "function", "parameters", "properties", "a")); string(got) != `{"type":"string"}` {
			t.Errorf("%s: a is %s", s, got)
		}
	}
}
