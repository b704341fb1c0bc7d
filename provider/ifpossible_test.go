package provider_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// ifPossibleSet is a set of three tools, the second of which has a map,
// which no strict mode takes.
func ifPossibleSet(t *testing.T) []*tool.Tool {
	type Plain struct {
		Q string `json:"q"`
	}
	type Map struct {
		Labels map[string]string `json:"labels"`
	}
	return []*tool.Tool{
		create(t, "first", func(Plain) error { return nil }),
		create(t, "labels", func(Map) error { return nil }),
		create(t, "last", func(Plain) error { return nil }),
	}
}

// strictOf returns a definition's "strict" member (its function's, for
// Chat Completions), nil when it has none.
func strictOf(t *testing.T, def json.RawMessage) any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(def, &v); err != nil {
		t.Fatal(err)
	}
	if f, ok := v["function"].(map[string]any); ok {
		v = f
	}
	return v["strict"]
}

// checkFallbacks checks that fb names exactly the map tool, with the
// refusal's pointer and rule.
func checkFallbacks(t *testing.T, fb provider.Refusals, vendor string) {
	t.Helper()
	if len(fb) != 1 || fb[0].Tool != "labels" || fb[0].Provider != vendor {
		t.Fatalf("fallbacks %+v, want the tool labels alone, for %s, with one refusal", fb, vendor)
	}
	r := fb[0]
	if r.Tool != "labels" || r.Pointer != "/properties/labels/additionalProperties" || r.Keyword != "additionalProperties" ||
		r.Rule != "needs additionalProperties false on every object" || r.Provider != vendor || r.URL == "" {
		t.Errorf("refusal %+v, want tool labels, pointer /properties/labels/additionalProperties and the mode's rule", *r)
	}
	// The conversion that fell back was given StrictIfPossible: the
	// refusal does not tell it to convert so.
	if msg := r.Error(); strings.Contains(msg, "StrictIfPossible") || strings.Contains(msg, "Strict(false)") || !strings.Contains(msg, "strict mode") {
		t.Errorf("refusal told %q, which still names the conversion that fell back", msg)
	}
}

// TestStrictIfPossibleOpenAI checks that under StrictIfPossible a set with
// one map tool converts, that tool non-strict (as Strict(false) writes
// it) and the others strict, and the report names the tool, the pointer
// and the rule.
func TestStrictIfPossibleOpenAI(t *testing.T) {
	for _, conv := range []struct {
		name string
		fn   func(*tool.Tool, ...provider.Option) (json.RawMessage, error)
	}{{"chat", provider.OpenAI}, {"responses", provider.OpenAIResponses}} {
		t.Run(conv.name, func(t *testing.T) {
			var fb provider.Refusals
			for _, tl := range ifPossibleSet(t) {
				def, err := conv.fn(tl, provider.StrictIfPossible(&fb))
				if err != nil {
					t.Fatalf("%s: %v", tl.Name, err)
				}
				want := true
				if tl.Name == "labels" {
					want = false
					loose, err := conv.fn(tl, provider.Strict(false))
					if err != nil || !bytes.Equal(def, loose) {
						t.Errorf("labels: %s, want Strict(false)'s %s (%v)", def, loose, err)
					}
				} else if strict, err := conv.fn(tl); err != nil || !bytes.Equal(def, strict) {
					t.Errorf("%s: %s, want the strict %s (%v)", tl.Name, def, strict, err)
				}
				if got := strictOf(t, def); got != want {
					t.Errorf("%s: strict %v, want %v", tl.Name, got, want)
				}
			}
			checkFallbacks(t, fb, "OpenAI")
		})
	}
}

// TestStrictIfPossibleAnthropic checks the same of a request's tools for
// Anthropic, and the limits of a request's strict tools: past them a tool
// goes non-strict rather than refusing the request.
func TestStrictIfPossibleAnthropic(t *testing.T) {
	var fb provider.Refusals
	defs, err := provider.Anthropic(ifPossibleSet(t), provider.StrictIfPossible(&fb))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []any{true, nil, true} {
		if got := strictOf(t, defs[i]); got != want {
			t.Errorf("tool %d: strict %v, want %v", i, got, want)
		}
	}
	checkFallbacks(t, fb, "Anthropic")

	var tools []*tool.Tool
	for i := range 22 {
		tools = append(tools, create(t, fmt.Sprintf("t%d", i), func() error { return nil }))
	}
	fb = nil
	defs, err = provider.Anthropic(tools, provider.StrictIfPossible(&fb))
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range defs {
		if got, want := strictOf(t, d) == true, i < 20; got != want {
			t.Errorf("tool %d of 22: strict %v, want %v", i, got, want)
		}
	}
	if len(fb) != 2 || fb[0].Tool != "t20" || fb[1].Tool != "t21" || fb[0].Rule != "Anthropic takes at most 20 strict tools in one request" {
		t.Errorf("fallbacks %+v, want t20 and t21 past the 20 strict tools", fb)
	}
	for _, r := range fb {
		if msg := r.Error(); strings.Contains(msg, "StrictIfPossible") {
			t.Errorf("refusal told %q, which still names the conversion that fell back", msg)
		}
	}

	type Opt struct {
		A, B, C, D, E, F, G, H, I, J, K, L, M int `json:",omitempty"`
	}
	o1, _ := reflectimpl.Create(func(Opt) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "o1"}))
	o2, _ := reflectimpl.Create(func(Opt) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "o2"}))
	o3, _ := reflectimpl.Create(func() error { return nil }, reflectimpl.Meta(tool.Meta{Name: "o3"}))
	fb = nil
	defs, err = provider.Anthropic([]*tool.Tool{o1, o2, o3}, provider.StrictIfPossible(&fb))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []any{true, nil, true} {
		if got := strictOf(t, defs[i]); got != want {
			t.Errorf("optional parameters: tool %d: strict %v, want %v", i, got, want)
		}
	}
	if len(fb) != 1 || fb[0].Tool != "o2" || !strings.Contains(fb[0].Error(), "tool o2 brings the optional parameters of the request to 26") ||
		fb[0].Rule != "Anthropic takes at most 24 optional parameters in one request" {
		t.Errorf("fallbacks %+v, want o2, past the 24 optional parameters", fb)
	}
}

// TestStrictIfPossibleOptions checks the options' order (the last of
// Strict and StrictIfPossible decides), that a nil report is allowed, and
// that what the non-strict mode refuses too is still an error.
func TestStrictIfPossibleOptions(t *testing.T) {
	labels := ifPossibleSet(t)[1]
	var fb provider.Refusals
	def, err := provider.OpenAI(labels, provider.StrictIfPossible(&fb), provider.Strict(false))
	if err != nil || strictOf(t, def) != false || len(fb) != 0 {
		t.Errorf("StrictIfPossible then Strict(false): %s, %v, fallbacks %v; want non-strict, none told", def, err, fb)
	}
	if _, err := provider.OpenAI(labels, provider.Strict(false), provider.StrictIfPossible(nil)); err != nil {
		t.Errorf("Strict(false) then StrictIfPossible(nil): %v", err)
	}
	if _, err := provider.OpenAI(labels, provider.StrictIfPossible(&fb), provider.Strict(true)); err == nil {
		t.Error("StrictIfPossible then Strict(true): the map is not refused")
	}
	bad := &provider.Output{Name: "a.b", Schema: json.RawMessage(`{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"string"}}}}`)}
	if _, err := provider.OpenAIResponseFormat(bad, provider.StrictIfPossible(&fb)); err == nil || !strings.Contains(err.Error(), `output "a.b": OpenAI takes a tool name`) {
		t.Errorf("a name no mode takes: %v", err)
	}
}
