package provider_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type Level string

func (Level) ToolschemaEnumValues() []string { return []string{"low", "high"} }

// Row has one field per row of the providers' table.
type Row struct {
	Count  int      `json:"count" minimum:"1" maximum:"9"`
	Small  uint8    `json:"small" maximum:"9"`
	Name   string   `json:"name" minLength:"2" maxLength:"64"`
	Tags   []string `json:"tags" minItems:"2" maxItems:"5" uniqueItems:"true"`
	One    []string `json:"one" minItems:"1"`
	Code   string   `json:"code" pattern:"^[A-Z]{3}$"`
	Site   string   `json:"site" format:"uri"`
	Day    string   `json:"day" format:"date"`
	Mail   string   `json:"mail" format:"email"`
	Blob   []byte   `json:"blob"`
	Limit  int8     `json:"limit,omitempty" default:"3" description:"How many."`
	Level  *Level   `json:"level"`
	Nested struct {
		Deep bool `json:"deep,omitempty"`
	} `json:"nested"`
}

func RowTool(in Row) error { return nil }

// schemaOf returns the schema inside a definition: the value at path.
func schemaOf(t *testing.T, def json.RawMessage, path ...string) map[string]any {
	t.Helper()
	var v any
	if err := json.Unmarshal(def, &v); err != nil {
		t.Fatal(err)
	}
	for _, p := range path {
		v = v.(map[string]any)[p]
	}
	return v.(map[string]any)
}

func prop(s map[string]any, name string) map[string]any {
	return s["properties"].(map[string]any)[name].(map[string]any)
}

// TestTable checks the providers' table row by row: what each keeps, what
// it moves into the description, in which words.
func TestTable(t *testing.T) {
	tl, err := reflectimpl.Create(RowTool, reflectimpl.Meta(tool.Meta{Description: "Rows."}))
	if err != nil {
		t.Fatal(err)
	}
	oa, err := provider.OpenAI(tl)
	if err != nil {
		t.Fatal(err)
	}
	an, err := provider.Anthropic([]*tool.Tool{tl})
	if err != nil {
		t.Fatal(err)
	}
	ge, err := provider.Gemini(tl)
	if err != nil {
		t.Fatal(err)
	}
	schemas := map[string]map[string]any{
		"openai":    schemaOf(t, oa, "function", "parameters"),
		"anthropic": schemaOf(t, an[0], "input_schema"),
		"gemini":    schemaOf(t, ge, "parametersJsonSchema"),
	}
	for name, s := range schemas {
		b, _ := json.Marshal(s)
		schematest.Check(t, b)
		if s["type"] != "object" || s["additionalProperties"] != false {
			t.Errorf("%s: the root is not a closed plain object: %s", name, b)
		}
	}
	tests := []struct {
		provider, prop string
		kept           []string // keywords still there
		gone           []string // keywords removed
		desc           string   // the description, "" for none
	}{
		{"anthropic", "count", nil, []string{"minimum", "maximum"}, "At least 1. At most 9."},
		{"openai", "count", []string{"minimum", "maximum"}, nil, ""},
		{"anthropic", "small", nil, []string{"minimum", "maximum"}, "At least 0. At most 9."},
		{"gemini", "count", []string{"minimum", "maximum"}, nil, ""},
		{"anthropic", "name", nil, []string{"minLength", "maxLength"}, "At least 2 characters. At most 64 characters."},
		{"openai", "name", nil, []string{"minLength", "maxLength"}, "At least 2 characters. At most 64 characters."},
		{"gemini", "name", []string{"minLength", "maxLength"}, nil, ""},
		{"anthropic", "tags", nil, []string{"minItems", "maxItems", "uniqueItems"}, "At least 2 items. At most 5 items. Items are unique."},
		{"anthropic", "one", []string{"minItems"}, nil, ""},
		{"openai", "tags", []string{"minItems", "maxItems"}, []string{"uniqueItems"}, "Items are unique."},
		{"gemini", "tags", []string{"minItems", "maxItems", "uniqueItems"}, nil, ""},
		{"anthropic", "code", []string{"pattern"}, nil, ""},
		{"openai", "code", []string{"pattern"}, nil, ""},
		{"gemini", "code", nil, []string{"pattern"}, "Matches the regular expression ^[A-Z]{3}$."},
		{"anthropic", "site", []string{"format"}, nil, ""},
		{"openai", "site", nil, []string{"format"}, "Format: uri."},
		{"gemini", "site", nil, []string{"format"}, "Format: uri."},
		{"gemini", "day", []string{"format"}, nil, ""},
		{"gemini", "mail", nil, []string{"format"}, "Format: email."},
		{"openai", "blob", nil, []string{"contentEncoding"}, "Base64 text."},
		{"anthropic", "blob", nil, []string{"contentEncoding"}, "Base64 text."},
		{"gemini", "blob", nil, []string{"contentEncoding"}, "Base64 text."},
		{"anthropic", "limit", []string{"default"}, []string{"minimum", "maximum"}, "How many."},
		{"openai", "limit", nil, []string{"default"}, "How many. Default: 3."},
		{"gemini", "limit", nil, []string{"default"}, "How many. Default: 3."},
	}
	for _, tt := range tests {
		p := prop(schemas[tt.provider], tt.prop)
		for _, k := range tt.kept {
			if _, ok := p[k]; !ok {
				t.Errorf("%s %s: %s was removed: %v", tt.provider, tt.prop, k, p)
			}
		}
		for _, k := range tt.gone {
			if _, ok := p[k]; ok {
				t.Errorf("%s %s: %s was kept: %v", tt.provider, tt.prop, k, p)
			}
		}
		if d, _ := p["description"].(string); d != tt.desc {
			t.Errorf("%s %s: description %q, want %q", tt.provider, tt.prop, d, tt.desc)
		}
	}

	// OpenAI: every property required, the optional ones nullable.
	oas := schemas["openai"]
	if req := oas["required"].([]any); len(req) != len(oas["properties"].(map[string]any)) {
		t.Errorf("openai: required %v is not every property", req)
	}
	if typ := prop(oas, "limit")["type"]; !isNullable(typ) {
		t.Errorf("openai: the optional limit is not nullable: %v", typ)
	}
	if typ := prop(oas, "count")["type"]; isNullable(typ) {
		t.Errorf("openai: the required count became nullable: %v", typ)
	}
	nested := prop(oas, "nested")
	if req, _ := nested["required"].([]any); len(req) != 1 || !isNullable(prop(nested, "deep")["type"]) {
		t.Errorf("openai: nested objects are not all-required: %v", nested)
	}
	if e := prop(oas, "level")["enum"].([]any); e[len(e)-1] != nil {
		t.Errorf("openai: a nullable enum lacks null: %v", e)
	}
	// Anthropic and Gemini keep optional properties optional.
	if req := schemas["anthropic"]["required"].([]any); len(req) == len(schemas["anthropic"]["properties"].(map[string]any)) {
		t.Errorf("anthropic: every property became required")
	}
}

func isNullable(t any) bool {
	ts, ok := t.([]any)
	return ok && ts[len(ts)-1] == "null"
}

// TestOpenAIRoundTrip checks that what an OpenAI strict model sends (null
// for each optional argument it leaves out) is what the invoker takes.
func TestOpenAIRoundTrip(t *testing.T) {
	type In struct {
		Query string `json:"query"`
		Limit int    `json:"limit,omitempty" default:"10"`
		Page  *int   `json:"page,omitempty"`
	}
	tl, err := reflectimpl.Create(func(in In) (In, error) { return in, nil }, reflectimpl.Meta(tool.Meta{Name: "search"}))
	if err != nil {
		t.Fatal(err)
	}
	def, err := provider.OpenAI(tl)
	if err != nil {
		t.Fatal(err)
	}
	params := schemaOf(t, def, "function", "parameters")
	// A strict model's arguments validate against the converted schema...
	args := json.RawMessage(`{"query":"go","limit":null,"page":null}`)
	b, _ := json.Marshal(params)
	s := schematest.Check(t, b)
	if err := schematest.Validate(s, args); err != nil {
		t.Fatalf("the strict arguments do not fit the converted schema: %v", err)
	}
	// ...and the invoker takes them, nulls as absent.
	r, err := tl.Invoke(context.Background(), args)
	if err != nil || r.IsError {
		t.Fatalf("%v %s", err, r.Text())
	}
	if got := r.Value.(In); got.Limit != 10 || got.Page != nil {
		t.Errorf("the tool got %+v, want the default limit and no page", got)
	}
}

// TestLimits checks the documented limits are checked before a request.
func TestLimits(t *testing.T) {
	var tools []*tool.Tool
	for i := range 21 {
		tl, err := reflectimpl.Create(func() error { return nil }, reflectimpl.Meta(tool.Meta{Name: "t" + strings.Repeat("x", i)}))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	// Each says the way out, as the refusal of a keyword does.
	const way = "; convert with StrictIfPossible to send the tools past it non-strict, or with Strict(false)"
	if _, err := provider.Anthropic(tools); err == nil || !strings.Contains(err.Error(), "Anthropic takes at most 20 strict tools") || !strings.HasSuffix(err.Error(), way) {
		t.Errorf("21 tools: %v", err)
	}
	type Opt struct {
		A, B, C, D, E, F, G, H, I, J, K, L, M int `json:",omitempty"`
	}
	o1, _ := reflectimpl.Create(func(Opt) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "o1"}))
	o2, _ := reflectimpl.Create(func(Opt) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "o2"}))
	if _, err := provider.Anthropic([]*tool.Tool{o1, o2}); err == nil || !strings.Contains(err.Error(), "tool o2 brings the optional parameters of the request to 26; Anthropic takes at most 24") || !strings.HasSuffix(err.Error(), way) {
		t.Errorf("26 optional parameters: %v", err)
	}

	type Map struct {
		Labels map[string]string `json:"labels"`
	}
	mt, _ := reflectimpl.Create(func(Map) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "labels"}))
	if _, err := provider.OpenAI(mt); err == nil || !strings.Contains(err.Error(), "tool labels: input.labels: a map") {
		t.Errorf("a map for OpenAI: %v", err)
	}
	if _, err := provider.Gemini(mt); err != nil {
		t.Errorf("a map for Gemini: %v", err)
	}

	type L10 struct{ V int }
	type L9 struct{ N L10 }
	type L8 struct{ N L9 }
	type L7 struct{ N L8 }
	type L6 struct{ N L7 }
	type L5 struct{ N L6 }
	type L4 struct{ N L5 }
	type L3 struct{ N L4 }
	type L2 struct{ N L3 }
	type L1 struct{ N L2 }
	deep, _ := reflectimpl.Create(func(L1) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "deep"}))
	if _, err := provider.OpenAI(deep); err != nil {
		t.Errorf("10 levels: %v", err)
	}
	type L0 struct{ N L1 }
	deeper, _ := reflectimpl.Create(func(L0) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "deeper"}))
	if _, err := provider.OpenAI(deeper); err == nil || !strings.Contains(err.Error(), "nests objects 11 levels deep; OpenAI takes at most 10") {
		t.Errorf("11 levels: %v", err)
	}
}

// TestDuplicateNames checks that one request never carries two tools of
// one name (a program joins lists with append).
func TestDuplicateNames(t *testing.T) {
	a, _ := reflectimpl.Create(func() error { return nil }, reflectimpl.Meta(tool.Meta{Name: "same"}))
	b, _ := reflectimpl.Create(func() string { return "" }, reflectimpl.Meta(tool.Meta{Name: "same"}))
	_, err := provider.Anthropic([]*tool.Tool{a, b})
	var dup *tool.CollisionError
	if !errors.As(err, &dup) || dup.Name != "same" {
		t.Fatalf("Anthropic of two tools named same: %v, want a *tool.CollisionError naming it", err)
	}
}
