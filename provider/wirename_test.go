package provider_test

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// proxied makes a raw tool named name, as a proxy of an MCP server does.
func proxied(t *testing.T, name string) *tool.Tool {
	t.Helper()
	tl, err := rawtool.New(tool.Meta{Name: name, Description: "A proxied tool."},
		json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`),
		func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return "ok", nil })
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestWireNames checks that each vendor's definition carries the tool's
// wire name for that vendor: its name when the vendor takes it, else the
// name tool.Set.WireNames gives, which matches the vendor's rule.
func TestWireNames(t *testing.T) {
	long := strings.Repeat("a", 60) + ".tools.list"
	longWire := map[string]string{}
	for _, p := range strictmode.Providers() {
		m, _ := strictmode.Mode(p, true)
		longWire[p] = strictmode.WireName(long, m.ToolName)
	}
	tests := []struct {
		name                      string
		openai, anthropic, gemini string
	}{
		{"search", "search", "search", "search"},
		{"admin.tools.list", "admin_tools_list", "admin_tools_list", "admin.tools.list"},
		{"1password.items.get", "1password_items_get", "1password_items_get", "_1password.items.get"},
		{long, longWire["openai"], longWire["anthropic"], longWire["gemini"]},
	}
	nameAt := func(t *testing.T, def json.RawMessage, path ...string) string {
		t.Helper()
		var v any
		if err := json.Unmarshal(def, &v); err != nil {
			t.Fatal(err)
		}
		for _, k := range path {
			v = v.(map[string]any)[k]
		}
		return v.(string)
	}
	for _, tt := range tests {
		tl := proxied(t, tt.name)
		check := func(vendor, got, want string) {
			t.Helper()
			m, _ := strictmode.Mode(strings.Fields(vendor)[0], true)
			if got != want || !regexp.MustCompile(m.ToolName).MatchString(got) {
				t.Errorf("%s: %s definition names it %q, want %q (matching %s)", tt.name, vendor, got, want, m.ToolName)
			}
		}
		for _, strict := range []bool{true, false} {
			def, err := provider.OpenAI(tl, provider.Strict(strict))
			if err != nil {
				t.Fatal(err)
			}
			check("openai chat", nameAt(t, def, "function", "name"), tt.openai)
			def, err = provider.OpenAIResponses(tl, provider.Strict(strict))
			if err != nil {
				t.Fatal(err)
			}
			check("openai responses", nameAt(t, def, "name"), tt.openai)
			defs, err := provider.Anthropic([]*tool.Tool{tl}, provider.Strict(strict))
			if err != nil {
				t.Fatal(err)
			}
			check("anthropic", nameAt(t, defs[0], "name"), tt.anthropic)
			def, err = provider.Gemini(tl)
			if err != nil {
				t.Fatal(err)
			}
			check("gemini", nameAt(t, def, "name"), tt.gemini)
		}
	}
}

// TestAnthropicWireCollision checks that two tools with one wire name
// for Anthropic are refused in one request, naming both.
func TestAnthropicWireCollision(t *testing.T) {
	a, b := proxied(t, "admin.tools.list"), proxied(t, "admin_tools_list")
	_, err := provider.Anthropic([]*tool.Tool{a, b})
	var ce *tool.CollisionError
	if !errors.As(err, &ce) || ce.First != "admin.tools.list" || ce.Second != "admin_tools_list" {
		t.Fatalf("error %v, want a *tool.CollisionError naming both tools", err)
	}
	for _, want := range []string{`"admin.tools.list"`, `"admin_tools_list"`, "anthropic"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %s", err, want)
		}
	}
}
