package provider_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// Nulls has every source of null: slices, []byte, a slice inside a slice's
// elements, pointers (a nil pointer is not an empty value), a pointer to
// a slice, a nullable enum.
type Nulls struct {
	Tags []string `json:"tags"`
	Blob []byte   `json:"blob"`
	Rows []struct {
		Cells []int `json:"cells"`
	} `json:"rows"`
	Page  *int      `json:"page"`
	Maybe *[]string `json:"maybe"`
	Level *Level    `json:"level"`
	Opt   []string  `json:"opt,omitempty"`
}

// typeAt returns the "type" at a path of property names ("[]" for
// items) in a schema.
func typeAt(t *testing.T, s map[string]any, path ...string) any {
	t.Helper()
	for _, p := range path {
		if p == "[]" {
			s = s["items"].(map[string]any)
		} else {
			s = prop(s, p)
		}
	}
	return s["type"]
}

// TestDropNull checks each conversion's choice of nulls, with and without
// the option: what type each kind of field gets.
func TestDropNull(t *testing.T) {
	tl := create(t, "nulls", func(Nulls) error { return nil })
	type row struct {
		path []string
		want string // the type, as JSON
	}
	anthropicDefault := []row{
		{[]string{"tags"}, `"array"`},
		{[]string{"blob"}, `"string"`},
		{[]string{"rows"}, `"array"`},
		{[]string{"rows", "[]", "cells"}, `"array"`},
		{[]string{"page"}, `["integer","null"]`},
		{[]string{"maybe"}, `["array","null"]`},
		{[]string{"level"}, `["string","null"]`},
		{[]string{"opt"}, `"array"`},
	}
	kept := []row{
		{[]string{"tags"}, `["array","null"]`},
		{[]string{"blob"}, `["string","null"]`},
		{[]string{"rows", "[]", "cells"}, `["array","null"]`},
		{[]string{"page"}, `["integer","null"]`},
		{[]string{"maybe"}, `["array","null"]`},
		{[]string{"opt"}, `["array","null"]`},
	}
	dropped := []row{
		{[]string{"tags"}, `"array"`},
		{[]string{"blob"}, `"string"`},
		{[]string{"rows", "[]", "cells"}, `"array"`},
		{[]string{"page"}, `"integer"`},
		{[]string{"maybe"}, `"array"`},
		{[]string{"level"}, `"string"`},
	}
	tests := []struct {
		name string
		conv func(...provider.Option) (json.RawMessage, error)
		opts []provider.Option
		path []string
		rows []row
	}{
		{"anthropic strict default", anthropicOf(tl), nil, []string{"input_schema"}, anthropicDefault},
		{"anthropic DropNull(false)", anthropicOf(tl), []provider.Option{provider.DropNull(false)}, []string{"input_schema"}, kept},
		{"anthropic DropNull(true)", anthropicOf(tl), []provider.Option{provider.DropNull(true)}, []string{"input_schema"}, dropped},
		{"anthropic non-strict default", anthropicOf(tl), []provider.Option{provider.Strict(false)}, []string{"input_schema"}, kept},
		{"openai default", openAIOf(tl), nil, []string{"function", "parameters"}, kept},
		{"openai DropNull(true)", openAIOf(tl), []provider.Option{provider.DropNull(true)}, []string{"function", "parameters"},
			// The optional opt stays nullable: OpenAI strict's way of
			// leaving it out.
			append(dropped, row{[]string{"opt"}, `["array","null"]`})},
		{"gemini default", geminiOf(tl), nil, []string{"parametersJsonSchema"}, kept},
		{"gemini DropNull(true)", geminiOf(tl), []provider.Option{provider.DropNull(true)}, []string{"parametersJsonSchema"},
			append(dropped, row{[]string{"opt"}, `"array"`})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, err := tt.conv(tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			s := schemaOf(t, def, tt.path...)
			b, _ := json.Marshal(s)
			schematest.Check(t, b)
			for _, r := range tt.rows {
				got, _ := json.Marshal(typeAt(t, s, r.path...))
				if string(got) != r.want {
					t.Errorf("%s: type %s, want %s", strings.Join(r.path, "."), got, r.want)
				}
			}
			if tt.name == "anthropic DropNull(true)" || tt.name == "openai DropNull(true)" {
				if e := prop(s, "level")["enum"].([]any); e[len(e)-1] == nil {
					t.Errorf("level's enum kept null: %v", e)
				}
			}
		})
	}
}

func anthropicOf(tl *tool.Tool) func(...provider.Option) (json.RawMessage, error) {
	return func(o ...provider.Option) (json.RawMessage, error) {
		return first(provider.Anthropic([]*tool.Tool{tl}, o...))
	}
}

func openAIOf(tl *tool.Tool) func(...provider.Option) (json.RawMessage, error) {
	return func(o ...provider.Option) (json.RawMessage, error) { return provider.OpenAI(tl, o...) }
}

func geminiOf(tl *tool.Tool) func(...provider.Option) (json.RawMessage, error) {
	return func(o ...provider.Option) (json.RawMessage, error) { return provider.Gemini(tl, o...) }
}

// Lists has 17 slices: 17 union-typed parameters with null, one more than
// Anthropic takes in a request.
type Lists struct {
	A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q []string
}

// TestUnionBudget checks that Anthropic's default spends no union-typed
// parameter on a slice's null, so that ordinary tools fit in a request,
// and that DropNull(false) counts them again.
func TestUnionBudget(t *testing.T) {
	tl := create(t, "lists", func(Lists) error { return nil })
	if _, err := provider.Anthropic([]*tool.Tool{tl}); err != nil {
		t.Errorf("17 slices: %v", err)
	}
	_, err := provider.Anthropic([]*tool.Tool{tl}, provider.DropNull(false))
	if err == nil || !strings.Contains(err.Error(), "tool lists brings the union-typed parameters of the request to 17; Anthropic takes at most 16") {
		t.Errorf("17 slices with null: %v", err)
	}
}

// TestDroppedNullArguments checks that what a model sends under a schema
// without null (an empty list for a slice) is what the invoker takes, as
// the null it replaces would be: an empty value.
func TestDroppedNullArguments(t *testing.T) {
	tl := create(t, "nulls2", func(in Nulls) (Nulls, error) { return in, nil })
	def, err := provider.Anthropic([]*tool.Tool{tl}, provider.DropNull(true))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(schemaOf(t, def[0], "input_schema"))
	s := schematest.Check(t, b)
	args := json.RawMessage(`{"tags":[],"blob":"","rows":[{"cells":[]}],"page":2,"maybe":[],"level":"low"}`)
	if err := schematest.Validate(s, args); err != nil {
		t.Fatalf("the arguments do not fit the converted schema: %v", err)
	}
	if err := schematest.Validate(s, json.RawMessage(`{"tags":null,"blob":"","rows":[],"page":2,"maybe":[],"level":"low"}`)); err == nil {
		t.Errorf("the converted schema still takes null")
	}
	r, err := tl.Invoke(context.Background(), args)
	if err != nil || r.IsError {
		t.Fatalf("%v %s", err, r.Text())
	}
	got := r.Value.(Nulls)
	if len(got.Tags) != 0 || len(got.Blob) != 0 || len(got.Rows) != 1 || len(got.Rows[0].Cells) != 0 || *got.Page != 2 {
		t.Errorf("the tool got %+v", got)
	}
}

// Deep has optional properties at every depth, some with defaults.
type Deep struct {
	Query  string `json:"query"`
	Limit  int    `json:"limit,omitempty" default:"10"`
	Filter struct {
		Kind  string   `json:"kind,omitempty" default:"any"`
		Tags  []string `json:"tags,omitempty"`
		Inner *struct {
			Depth int `json:"depth,omitempty" default:"3"`
		} `json:"inner,omitempty"`
	} `json:"filter"`
	Items []struct {
		Name string `json:"name"`
		Qty  int8   `json:"qty,omitempty" default:"1"`
		Note *Level `json:"note,omitempty"`
	} `json:"items,omitempty"`
}

// TestOpenAIRoundTripDeep checks the strict round trip at every depth:
// OpenAI strict makes every property required and the optional ones
// nullable; a strict model sends null for each it leaves out; those
// arguments fit the converted schema, and the invoker takes them as
// absent, with the defaults applied. With DropNull(true) too.
func TestOpenAIRoundTripDeep(t *testing.T) {
	tl := create(t, "deep_search", func(in Deep) (Deep, error) { return in, nil })
	args := json.RawMessage(`{"query":"go","limit":null,"filter":{"kind":null,"tags":null,"inner":{"depth":null}},` +
		`"items":[{"name":"a","qty":null,"note":null},{"name":"b","qty":4,"note":"high"}]}`)
	for _, opts := range [][]provider.Option{nil, {provider.DropNull(true)}} {
		def, err := provider.OpenAI(tl, opts...)
		if err != nil {
			t.Fatal(err)
		}
		params := schemaOf(t, def, "function", "parameters")
		// Every object has all its properties required.
		var check func(s map[string]any, path string)
		check = func(s map[string]any, path string) {
			if props, ok := s["properties"].(map[string]any); ok {
				req, _ := s["required"].([]any)
				if len(req) != len(props) {
					t.Errorf("%s: required %v is not every property", path, req)
				}
				for k, p := range props {
					check(p.(map[string]any), path+"."+k)
				}
			}
			if items, ok := s["items"].(map[string]any); ok {
				check(items, path+"[]")
			}
		}
		check(params, "input")
		b, _ := json.Marshal(params)
		s := schematest.Check(t, b)
		if err := schematest.Validate(s, args); err != nil {
			t.Fatalf("the strict arguments do not fit the converted schema: %v", err)
		}
		r, err := tl.Invoke(context.Background(), args)
		if err != nil || r.IsError {
			t.Fatalf("%v %s", err, r.Text())
		}
		got := r.Value.(Deep)
		switch {
		case got.Limit != 10, got.Filter.Kind != "any", got.Filter.Tags != nil:
			t.Errorf("top and nested defaults: %+v", got)
		case got.Filter.Inner == nil || got.Filter.Inner.Depth != 3:
			t.Errorf("the default two levels down: %+v", got.Filter.Inner)
		case len(got.Items) != 2 || got.Items[0].Qty != 1 || got.Items[0].Note != nil || got.Items[1].Qty != 4 || *got.Items[1].Note != "high":
			t.Errorf("defaults in array elements: %+v", got.Items)
		}
	}
}
