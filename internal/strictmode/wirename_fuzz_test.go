package strictmode

import (
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// FuzzWireName checks, for any two names of MCP's rule (1 to 128 of
// [A-Za-z0-9_.-]), under each provider's rule: the wire name matches the
// rule, is the name itself when the name does, depends on the name
// alone, and two names too long for the rule do not share one.
func FuzzWireName(f *testing.F) {
	for _, s := range [][2]string{
		{"get_docket", "get-docket"},
		{"admin.tools.list", "admin_tools_list"},
		{"1password.get", "_1password.get"},
		{".1ab", "1ab"},
		{"-x", "_-x"},
		{strings.Repeat("a", 60) + ".tools.list", strings.Repeat("a", 60) + ".tools.get"},
		{strings.Repeat("c.", 64), strings.Repeat("c_", 64)},
		{strings.Repeat("b", 64), strings.Repeat("b", 65)},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !schema.MCPName(a) || !schema.MCPName(b) {
			return
		}
		for _, p := range Providers() {
			m, _ := Mode(p, true)
			wa := WireName(a, m.ToolName)
			if why := m.ToolNameProblem(wa); why != "" {
				t.Fatalf("%s: WireName(%q) = %q, which %s", p, a, wa, why)
			}
			if m.ToolNameProblem(a) == "" && wa != a {
				t.Fatalf("%s: WireName(%q) = %q, not the name, which the rule takes", p, a, wa)
			}
			if again := WireName(a, m.ToolName); again != wa {
				t.Fatalf("%s: WireName(%q) is %q, then %q", p, a, wa, again)
			}
			wb := WireName(b, m.ToolName)
			if a != b && wa == wb && len(a) > 64 && len(b) > 64 {
				// Both cut: the hash of the whole name tells them apart.
				t.Fatalf("%s: %q and %q, both cut, both go by %q", p, a, b, wa)
			}
		}
	})
}
