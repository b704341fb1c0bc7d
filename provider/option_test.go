package provider_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Loose has what only a non-strict mode takes: a map and an any-value.
type Loose struct {
	Labels map[string]string `json:"labels"`
	Extra  any               `json:"extra,omitempty"`
	Name   string            `json:"name" minLength:"2"`
}

// TestStrictOption checks each conversion under Strict(true) (the
// default) and Strict(false): the flag in the definition, and what the
// schema keeps.
func TestStrictOption(t *testing.T) {
	tl, err := reflectimpl.Create(func(Loose) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "loose"}))
	if err != nil {
		t.Fatal(err)
	}
	anthropic := func(opts ...provider.Option) (json.RawMessage, error) {
		defs, err := provider.Anthropic([]*tool.Tool{tl}, opts...)
		if err != nil {
			return nil, err
		}
		return defs[0], nil
	}
	tests := []struct {
		name    string
		conv    func(...provider.Option) (json.RawMessage, error)
		opts    []provider.Option
		path    []string
		strict  any    // the "strict" member: true, false, nil for none
		wantErr string // "" when the definition is written
	}{
		{"openai default", func(o ...provider.Option) (json.RawMessage, error) { return provider.OpenAI(tl, o...) }, nil,
			[]string{"function", "parameters"}, nil, "tool loose: input.labels: a map"},
		{"openai strict", func(o ...provider.Option) (json.RawMessage, error) { return provider.OpenAI(tl, o...) }, []provider.Option{provider.Strict(true)},
			[]string{"function", "parameters"}, nil, "tool loose: input.labels: a map"},
		{"openai non-strict", func(o ...provider.Option) (json.RawMessage, error) { return provider.OpenAI(tl, o...) }, []provider.Option{provider.Strict(false)},
			[]string{"function", "parameters"}, false, ""},
		{"responses default", func(o ...provider.Option) (json.RawMessage, error) { return provider.OpenAIResponses(tl, o...) }, nil,
			[]string{"parameters"}, nil, "tool loose: input.labels: a map"},
		{"responses non-strict", func(o ...provider.Option) (json.RawMessage, error) { return provider.OpenAIResponses(tl, o...) }, []provider.Option{provider.Strict(false)},
			[]string{"parameters"}, false, ""},
		{"anthropic default", anthropic, nil, []string{"input_schema"}, nil, "tool loose: input.labels: a map"},
		{"anthropic non-strict", anthropic, []provider.Option{provider.Strict(false)}, []string{"input_schema"}, nil, ""},
		{"last option wins", anthropic, []provider.Option{provider.Strict(false), provider.Strict(true)}, []string{"input_schema"}, nil, "tool loose: input.labels: a map"},
		{"gemini", func(o ...provider.Option) (json.RawMessage, error) { return provider.Gemini(tl, o...) }, nil,
			[]string{"parametersJsonSchema"}, nil, ""},
		{"gemini non-strict", func(o ...provider.Option) (json.RawMessage, error) { return provider.Gemini(tl, o...) }, []provider.Option{provider.Strict(false)},
			[]string{"parametersJsonSchema"}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, err := tt.conv(tt.opts...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var top map[string]any
			json.Unmarshal(def, &top)
			if f, ok := top["function"].(map[string]any); ok {
				top = f
			}
			if got, ok := top["strict"]; got != tt.strict || (tt.strict == nil && ok) {
				t.Errorf("strict member %v (present %v), want %v", got, ok, tt.strict)
			}
			s := schemaOf(t, def, tt.path...)
			b, _ := json.Marshal(s)
			schematest.Check(t, b)
			if _, ok := prop(s, "labels")["additionalProperties"].(map[string]any); !ok {
				t.Errorf("the map lost its value schema: %v", prop(s, "labels"))
			}
		})
	}
}

// TestNonStrictKeepsSchema checks that a non-strict OpenAI or Anthropic
// definition carries the tool's schema as it is: optional stays optional,
// no keyword moves into a description.
func TestNonStrictKeepsSchema(t *testing.T) {
	tl, err := reflectimpl.Create(RowTool, reflectimpl.Meta(tool.Meta{Description: "Rows."}))
	if err != nil {
		t.Fatal(err)
	}
	oa, err := provider.OpenAI(tl, provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	an, err := provider.Anthropic([]*tool.Tool{tl}, provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]map[string]any{
		"openai":    schemaOf(t, oa, "function", "parameters"),
		"anthropic": schemaOf(t, an[0], "input_schema"),
	} {
		b, _ := json.Marshal(s)
		var want bytes.Buffer
		json.Compact(&want, tl.InputSchema)
		var w any
		json.Unmarshal(want.Bytes(), &w)
		wb, _ := json.Marshal(w)
		if !bytes.Equal(b, wb) {
			t.Errorf("%s non-strict changed the schema:\n got %s\nwant %s", name, b, wb)
		}
	}
}

// TestNonStrictLimits checks that Anthropic's limits of strict tools do
// not hold for non-strict ones.
func TestNonStrictLimits(t *testing.T) {
	var tools []*tool.Tool
	for i := range 21 {
		tl, err := reflectimpl.Create(func() error { return nil }, reflectimpl.Meta(tool.Meta{Name: "t" + strings.Repeat("x", i)}))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	if _, err := provider.Anthropic(tools, provider.Strict(false)); err != nil {
		t.Errorf("21 non-strict tools: %v", err)
	}
}

// TestModeIsCopy checks that a mode from strictmode.Mode cannot change the
// table the conversions read.
func TestModeIsCopy(t *testing.T) {
	m, ok := strictmode.Mode("anthropic", true)
	if !ok || !m.Strict {
		t.Fatalf("no strict anthropic mode: %+v", m)
	}
	for k := range m.Drops {
		delete(m.Drops, k)
	}
	m.Formats[0] = "changed"
	again, _ := strictmode.Mode("anthropic", true)
	if len(again.Drops) == 0 || again.Formats[0] == "changed" {
		t.Fatalf("changing a returned mode changed the table: %+v", again)
	}
	if _, ok := strictmode.Mode("nobody", true); ok {
		t.Errorf("a mode for an unknown provider")
	}
	if got := strings.Join(strictmode.Providers(), ","); got != "anthropic,gemini,openai" {
		t.Errorf("providers %s", got)
	}
}
