package provider_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// TestCombinators checks the keywords only declared schemas bring: each
// branch of anyOf, oneOf and allOf is converted as the value's schema;
// oneOf goes as anyOf where a strict mode takes only anyOf; what a strict
// mode does not take moves into the description.
func TestCombinators(t *testing.T) {
	one := raw("one", `{"type":"object","properties":{`+
		`"id":{"oneOf":[{"type":"string","format":"uri"},{"type":"integer","minimum":1}]},`+
		`"opt":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},`+
		`"odd":{"type":"integer","not":{"type":"integer","multipleOf":2}}`+
		`},"required":["id","odd"],"additionalProperties":false}`)
	tests := []struct {
		name string
		def  func() (json.RawMessage, error)
		path []string
		want string // the properties, as JSON
	}{
		{"openai", func() (json.RawMessage, error) { return provider.OpenAI(one) }, []string{"function", "parameters"},
			`{"id":{"anyOf":[{"type":"string","description":"Format: uri."},{"type":"integer","minimum":1}]},` +
				`"opt":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}},{"type":"null"}]},` +
				`"odd":{"type":"integer","description":"not: {\"type\":\"integer\",\"multipleOf\":2}."}}`},
		{"anthropic", func() (json.RawMessage, error) { return first(provider.Anthropic([]*tool.Tool{one})) }, []string{"input_schema"},
			`{"id":{"anyOf":[{"type":"string","format":"uri"},{"type":"integer","description":"At least 1."}]},` +
				`"opt":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},` +
				`"odd":{"type":"integer","description":"not: {\"type\":\"integer\",\"multipleOf\":2}."}}`},
		{"anthropic non-strict", func() (json.RawMessage, error) {
			return first(provider.Anthropic([]*tool.Tool{one}, provider.Strict(false)))
		}, []string{"input_schema"},
			`{"id":{"oneOf":[{"type":"string","format":"uri"},{"type":"integer","minimum":1}]},` +
				`"opt":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},` +
				`"odd":{"type":"integer","not":{"type":"integer","multipleOf":2}}}`},
		{"gemini", func() (json.RawMessage, error) { return provider.Gemini(one) }, []string{"parametersJsonSchema"},
			`{"id":{"oneOf":[{"type":"string","description":"Format: uri."},{"type":"integer","minimum":1}]},` +
				`"opt":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},` +
				`"odd":{"type":"integer","not":{"type":"integer","multipleOf":2}}}`},
	}
	for _, tt := range tests {
		def, err := tt.def()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var v any
		json.Unmarshal(def, &v)
		for _, k := range tt.path {
			v = v.(map[string]any)[k]
		}
		b, _ := json.Marshal(v)
		schematest.Check(t, b)
		// Compare in the definition's own order.
		i := strings.Index(string(def), `"properties":`)
		got := string(def[i+len(`"properties":`):])
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}

	// {} in a branch is still refused by OpenAI strict.
	anyBranch := raw("any_branch", `{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{}]}},"required":["v"],"additionalProperties":false}`)
	if _, err := provider.OpenAI(anyBranch); err == nil || !strings.Contains(err.Error(), "tool any_branch: input.v: OpenAI strict mode needs a type") {
		t.Errorf("{} in a branch: %v", err)
	}
	// Each anyOf spends one of Anthropic's 16 union-typed parameters.
	var props []string
	for i := range 17 {
		props = append(props, fmt.Sprintf(`"p%d":{"anyOf":[{"type":"string"},{"type":"integer"}]}`, i))
	}
	unions := raw("unions", `{"type":"object","properties":{`+strings.Join(props, ",")+`},"additionalProperties":false}`)
	if _, err := provider.Anthropic([]*tool.Tool{unions}); err == nil || !strings.Contains(err.Error(), "union-typed parameters of the request to 17") {
		t.Errorf("17 anyOf: %v", err)
	}
}

// TestDropNullBranch checks that DropNull(true) takes the null branch out
// of a declared schema's anyOf, as it takes null out of a type.
func TestDropNullBranch(t *testing.T) {
	tl := raw("ref", `{"type":"object","properties":{"r":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}},"required":["r"],"additionalProperties":false}`)
	for _, opts := range [][]provider.Option{nil, {provider.DropNull(true)}} {
		def, err := provider.Gemini(tl, opts...)
		if err != nil {
			t.Fatal(err)
		}
		n := len(prop(schemaOf(t, def, "parametersJsonSchema"), "r")["anyOf"].([]any))
		if want := 3 - len(opts); n != want {
			t.Errorf("options %d: %d branches, want %d", len(opts), n, want)
		}
	}
}
