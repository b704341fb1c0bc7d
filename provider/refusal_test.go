package provider_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// TestRefusalError checks that a refusal is a *provider.RefusalError that
// errors.As finds, naming the tool, the place as a JSON pointer, the
// keyword, the vendor, its rule and its page; several are a
// provider.Refusals holding each, whose text is the first's.
func TestRefusalError(t *testing.T) {
	const openAIPage = "https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas"
	type want struct {
		path, pointer, keyword, provider, rule, url string
	}
	tests := []struct {
		name string
		tl   *tool.Tool
		conv func(*tool.Tool) error
		want []want
		text string // the error's text starts so
	}{
		{"one map", raw("labels", `{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}},"required":["labels"],"additionalProperties":false}`),
			openAI, []want{{"input.labels", "/properties/labels/additionalProperties", "additionalProperties", "OpenAI", "needs additionalProperties false on every object", openAIPage}},
			"provider: tool labels: input.labels: a map (an object with any names) has no schema in OpenAI strict mode"},
		{"two refusals", raw("two", `{"type":"object","properties":{"a/b":{},"c":{"type":"array","items":{"type":"object","additionalProperties":true}}},"additionalProperties":false}`),
			openAI, []want{
				{"input.a/b", "/properties/a~1b", "", "OpenAI", `needs a type on every schema ("schema must have a 'type' key"), and an any or json.RawMessage value has none`, openAIPage},
				{"input.c[]", "/properties/c/items/additionalProperties", "additionalProperties", "OpenAI", "needs additionalProperties false on every object", openAIPage},
			},
			"provider: tool two: input.a/b: OpenAI strict mode needs a type"},
		{"a name", raw("a.b", `{"type":"object","properties":{"x":{"type":"string"}}}`), outputFormat,
			[]want{{"", "", "", "OpenAI", "takes a tool name matching ^[a-zA-Z0-9_-]{1,64}$ (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools)", "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools"}},
			`provider: output "a.b": OpenAI takes a tool name`},
		{"a limit", raw("deep", deepNest), openAI,
			[]want{{"", "", "", "OpenAI", "OpenAI takes at most 10 levels of nested objects in one schema", openAIPage}},
			"provider: tool deep nests objects 11 levels deep"},
		{"a property name", raw("names", `{"type":"object","properties":{"q r":{"type":"string"}},"required":["q r"],"additionalProperties":false}`), anthropic,
			[]want{{"input.q r", "/properties/q r", "", "Anthropic", "takes property names matching ^[a-zA-Z0-9_.-]{1,64}$ (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use)", "https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use"}},
			`provider: tool names: input: property name "q r": Anthropic takes`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.conv(tt.tl)
			if err == nil || !strings.HasPrefix(err.Error(), tt.text) {
				t.Fatalf("error %v, want one starting %q", err, tt.text)
			}
			var first *provider.RefusalError
			if !errors.As(err, &first) {
				t.Fatalf("errors.As finds no *RefusalError in %T %v", err, err)
			}
			all := []*provider.RefusalError{first}
			var several provider.Refusals
			if errors.As(err, &several) {
				all = several
				if want := several[0].Error() + " (and 1 more refusal)"; len(several) == 2 && err.Error() != want {
					t.Errorf("text %q, want %q", err.Error(), want)
				}
			}
			if len(all) != len(tt.want) {
				t.Fatalf("%d refusals, want %d: %v", len(all), len(tt.want), err)
			}
			for i, r := range all {
				got := want{r.Path, r.Pointer, r.Keyword, r.Provider, r.Rule, r.URL}
				if got != tt.want[i] || r.Tool != tt.tl.Name {
					t.Errorf("refusal %d: tool %q %+v, want tool %q %+v", i, r.Tool, got, tt.tl.Name, tt.want[i])
				}
			}
		})
	}
}

func openAI(t *tool.Tool) error { _, err := provider.OpenAI(t); return err }

// outputFormat converts the output of t's name and input schema.
func outputFormat(t *tool.Tool) error {
	o := &provider.Output{Name: t.Name, Schema: t.InputSchema}
	_, err := provider.OpenAIResponseFormat(o)
	return err
}
func anthropic(t *tool.Tool) error {
	_, err := provider.Anthropic([]*tool.Tool{t})
	return err
}

// TestRefusalsAreTheReport checks that the conversion and Check share
// their walk: a conversion's refusals are, in order, the Refuse findings
// of Check's report for the same mode.
func TestRefusalsAreTheReport(t *testing.T) {
	schemas := []string{
		rawDefsMap, rawDefsRef, rawPrefixItems, rawPatternProps, rawRecursive,
		`{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}}}}}`,
		`{"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"b":{}},"patternProperties":{"^x":{"type":"string","pattern":"\\bx"}},"additionalProperties":false},"contains":{"type":"object","properties":{"a b":{"type":"string"}}}}},"required":["a"],"additionalProperties":false,"$defs":{"unused":{"type":"object","properties":{"k":{"type":"object","additionalProperties":true}}}},"dependentSchemas":{"a":{"properties":{"c d":{"type":"string"}}}},"not":{"required":["zz"]}}`,
	}
	for i, s := range schemas {
		tl := raw("t", s)
		for _, p := range []struct {
			name string
			conv func(*tool.Tool) error
		}{{"openai", openAI}, {"anthropic", anthropic}} {
			mode, _ := strictmode.Mode(p.name, true)
			rep, err := provider.Check(mode, nil, tl.InputSchema)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, f := range rep.Findings {
				if f.Verdict == strictmode.Refuse {
					want = append(want, f.Path+" "+f.Keyword+" "+f.Why)
				}
			}
			var got []string
			convErr := p.conv(tl)
			var one *provider.RefusalError
			var several provider.Refusals
			switch {
			case errors.As(convErr, &several):
				for _, r := range several {
					got = append(got, r.Path+" "+r.Keyword+" "+r.Rule)
				}
			case errors.As(convErr, &one):
				got = []string{one.Path + " " + one.Keyword + " " + one.Rule}
			case convErr != nil:
				t.Fatalf("schema %d %s: %v is no refusal", i, p.name, convErr)
			}
			// Check reports an open object's reason with what closing it
			// would cost; the refusal gives the mode's rule alone.
			for j := range want {
				if j < len(got) && strings.HasPrefix(want[j], got[j]) {
					want[j] = got[j]
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("schema %d %s: conversion refuses\n%q\nreport refuses\n%q", i, p.name, got, want)
			}
		}
	}
}
