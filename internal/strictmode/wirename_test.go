package strictmode

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// ruleOf returns a provider's tool-name rule, from the table.
func ruleOf(t *testing.T, provider string) string {
	t.Helper()
	m, ok := Mode(provider, true)
	if !ok || m.ToolName == "" {
		t.Fatalf("no tool-name rule for %s", provider)
	}
	return m.ToolName
}

// TestWireName checks the name a tool goes by under each provider's
// rule: itself when it fits, else its characters replaced, and a long
// one cut with a hash of the whole name.
func TestWireName(t *testing.T) {
	long := strings.Repeat("a", 60) + ".tools.list" // 71
	long2 := strings.Repeat("a", 60) + ".tools.get" // differs past the cut
	exact64 := strings.Repeat("b", 64)              // fits OpenAI and Gemini
	dotted128 := strings.Repeat("c.", 64)           // MCP's longest
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return hex.EncodeToString(sum[:4])
	}
	tests := []struct {
		name, provider, want string
	}{
		{"get_docket", "openai", "get_docket"},
		{"get_docket", "anthropic", "get_docket"},
		{"get_docket", "gemini", "get_docket"},
		{"get-docket", "openai", "get-docket"},
		{"admin.tools.list", "openai", "admin_tools_list"},
		{"admin.tools.list", "anthropic", "admin_tools_list"},
		{"admin.tools.list", "gemini", "admin.tools.list"},
		{"1password.get", "openai", "1password_get"},
		{"1password.get", "gemini", "_1password.get"},
		{"-x", "gemini", "_-x"},
		{".x", "gemini", "_.x"},
		{"café", "openai", "caf_"},
		{exact64, "openai", exact64},
		{exact64, "gemini", exact64},
		{long, "openai", strings.Repeat("a", 55) + "_" + hash(long)},
		{long, "gemini", strings.Repeat("a", 55) + "_" + hash(long)},
		{dotted128, "anthropic", strings.Repeat("c_", 27) + "c_" + hash(dotted128)},
		{dotted128, "gemini", strings.Repeat("c.", 27) + "c_" + hash(dotted128)},
	}
	for _, tt := range tests {
		rule := ruleOf(t, tt.provider)
		got := WireName(tt.name, rule)
		if got != tt.want {
			t.Errorf("WireName(%q, %s) = %q, want %q", tt.name, tt.provider, got, tt.want)
		}
		m, _ := Mode(tt.provider, true)
		if why := m.ToolNameProblem(got); why != "" {
			t.Errorf("WireName(%q, %s) = %q, which %s", tt.name, tt.provider, got, why)
		}
		if again := WireName(tt.name, rule); again != got {
			t.Errorf("WireName(%q, %s) is %q, then %q", tt.name, tt.provider, got, again)
		}
	}
	for _, p := range Providers() {
		a, b := WireName(long, ruleOf(t, p)), WireName(long2, ruleOf(t, p))
		if a == b {
			t.Errorf("%s: %q and %q both go by %q", p, long, long2, a)
		}
	}
}
