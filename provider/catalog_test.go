package provider_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// catalogTool is a tool of no arguments with the given options.
func catalogTool(t *testing.T, name string, opts ...reflectimpl.Option) *tool.Tool {
	t.Helper()
	tl, err := reflectimpl.Create(func() error { return nil }, append([]reflectimpl.Option{reflectimpl.Meta(tool.Meta{
		Name:        name,
		Description: "Does " + name + ".",
	})}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestOpenAIResponsesTools checks the namespace groups (at their first
// tool's place, in order), defer_loading on deferred tools inside and
// outside a namespace, and the tool search after the tools when one is
// deferred, and only then.
func TestOpenAIResponsesTools(t *testing.T) {
	const params = `"parameters":{"type":"object","properties":{},"additionalProperties":false},"strict":true`
	fn := func(name string, deferred bool) string {
		s := `{"type":"function","name":"` + name + `","description":"Does ` + name + `.",` + params
		if deferred {
			s += `,"defer_loading":true`
		}
		return s + "}"
	}
	for _, tc := range []struct {
		name  string
		tools []*tool.Tool
		want  []string
	}{
		{"plain", []*tool.Tool{catalogTool(t, "a"), catalogTool(t, "b")}, []string{fn("a", false), fn("b", false)}},
		{"deferred", []*tool.Tool{catalogTool(t, "a"), catalogTool(t, "b", reflectimpl.Meta(tool.Meta{DeferLoading: true}))},
			[]string{fn("a", false), fn("b", true), `{"type":"tool_search"}`}},
		{"namespaces", []*tool.Tool{
			catalogTool(t, "a"),
			catalogTool(t, "get", reflectimpl.Meta(tool.Meta{Namespace: "crm"})),
			catalogTool(t, "put", reflectimpl.Meta(tool.Meta{Namespace: "mail"})),
			catalogTool(t, "list", reflectimpl.Meta(tool.Meta{Namespace: "crm", DeferLoading: true})),
			catalogTool(t, "z"),
		}, []string{
			fn("a", false),
			`{"type":"namespace","name":"crm","description":"Tools of crm: get, list.","tools":[` + fn("get", false) + "," + fn("list", true) + "]}",
			`{"type":"namespace","name":"mail","description":"Tools of mail: put.","tools":[` + fn("put", false) + "]}",
			fn("z", false),
			`{"type":"tool_search"}`,
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defs, err := provider.OpenAIResponsesTools(tc.tools)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range defs {
				got = append(got, string(d))
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("tools\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	if _, err := provider.OpenAIResponsesTools([]*tool.Tool{catalogTool(t, "a"), catalogTool(t, "a", reflectimpl.Meta(tool.Meta{Namespace: "x"}))}); err == nil {
		t.Error("two tools named a, one in a namespace: no error")
	}
}

// TestAnthropicDeferLoading checks that a deferred tool's definition ends
// with "defer_loading":true and the others have none, and that the search
// tools have the types and names of Anthropic's API.
func TestAnthropicDeferLoading(t *testing.T) {
	defs, err := provider.Anthropic([]*tool.Tool{catalogTool(t, "a"), catalogTool(t, "b", reflectimpl.Meta(tool.Meta{DeferLoading: true}))})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(defs[0]), "defer_loading") || !strings.HasSuffix(string(defs[1]), `"strict":true,"defer_loading":true}`) {
		t.Errorf("definitions %s and %s: want defer_loading on the second only, last", defs[0], defs[1])
	}
	for _, tc := range []struct {
		def        json.RawMessage
		typ, named string
	}{
		{provider.AnthropicToolSearchBM25(), "tool_search_tool_bm25_20251119", "tool_search_tool_bm25"},
	} {
		var d struct{ Type, Name string }
		if err := json.Unmarshal(tc.def, &d); err != nil || d.Type != tc.typ || d.Name != tc.named {
			t.Errorf("%s: want type %s, name %s (%v)", tc.def, tc.typ, tc.named, err)
		}
	}
}
