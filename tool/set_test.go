package tool

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
)

func TestSet(t *testing.T) {
	a, b, c := &Tool{Meta: Meta{Name: "a"}}, &Tool{Meta: Meta{Name: "b"}}, &Tool{Meta: Meta{Name: "c"}}
	s, err := NewSet([]*Tool{a, b}, nil, []*Tool{c})
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 3 {
		t.Errorf("Len() = %d, want 3", s.Len())
	}
	if got := s.Tools(); len(got) != 3 || got[0] != a || got[1] != b || got[2] != c {
		t.Errorf("Tools() = %v, want a, b, c in order", got)
	}
	if got, ok := s.Lookup("b"); !ok || got != b {
		t.Errorf("Lookup(b) = %v, %v", got, ok)
	}
	if _, ok := s.Lookup("d"); ok {
		t.Error("Lookup(d) found a tool")
	}
	s.Tools()[0] = nil
	if s.Tools()[0] != a {
		t.Error("Tools() does not return a copy")
	}
}

func TestSetRefuses(t *testing.T) {
	same1, same2 := &Tool{Meta: Meta{Name: "same"}}, &Tool{Meta: Meta{Name: "same"}}
	for _, tt := range []struct {
		name  string
		lists [][]*Tool
		want  string
	}{
		{"in one list", [][]*Tool{{same1, same2}}, `tool: two tools are named "same": tool names must be unique in a tool set`},
		{"across lists", [][]*Tool{{same1}, {&Tool{Meta: Meta{Name: "x"}}, same2}}, `tool: two tools are named "same": tool names must be unique in a tool set`},
		{"the same tool twice", [][]*Tool{{same1}, {same1}}, `tool: two tools are named "same": tool names must be unique in a tool set`},
		// "after 1 tools" was written before: the count agrees now.
		{"nil", [][]*Tool{{same1, nil}}, "tool: tool 2 of the set is nil"},
		{"nil first", [][]*Tool{{nil}}, "tool: tool 1 of the set is nil"},
		{"nil after two", [][]*Tool{{same1}, {&Tool{Meta: Meta{Name: "x"}}, nil}}, "tool: tool 3 of the set is nil"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := NewSet(tt.lists...)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("NewSet = %v, %v; want error %q", s, err, tt.want)
			}
			var dup *CollisionError
			if nilTool := strings.HasPrefix(tt.name, "nil"); errors.As(err, &dup) == nilTool {
				t.Errorf("errors.As(*CollisionError) = %v", nilTool)
			}
			// A name given twice is a collision of the tools' own names:
			// no provider, and both tools go by that name.
			if want := (CollisionError{Name: "same", First: "same", Second: "same"}); dup != nil && *dup != want {
				t.Errorf("CollisionError %+v, want %+v", *dup, want)
			}
		})
	}
}

// The providers' tool-name rules, from the strictmode table.
func ruleOf(t *testing.T, provider string) string {
	t.Helper()
	m, ok := strictmode.Mode(provider, true)
	if !ok || m.ToolName == "" {
		t.Fatalf("no tool-name rule for %s", provider)
	}
	return m.ToolName
}

// TestResolve checks that a set finds a tool by its name and by its wire
// name under any provider's rule, the name first.
func TestResolve(t *testing.T) {
	long := strings.Repeat("a", 60) + ".tools.list"
	dotted, plain, digit, lng := &Tool{Meta: Meta{Name: "admin.tools.list"}}, &Tool{Meta: Meta{Name: "search"}}, &Tool{Meta: Meta{Name: "1x.y"}}, &Tool{Meta: Meta{Name: long}}
	s, err := NewSet([]*Tool{dotted, plain, digit, lng})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		call string
		want *Tool
	}{
		{"admin.tools.list", dotted},
		{"admin_tools_list", dotted},
		{"search", plain},
		{"1x.y", digit},
		{"1x_y", digit},
		{"_1x.y", digit},
		{long, lng},
		{strictmode.WireName(long, ruleOf(t, "openai")), lng},
		{"admin-tools-list", nil},
		{"admin_tools", nil},
		{"", nil},
	}
	for _, tt := range tests {
		got, ok := s.Resolve(tt.call)
		if got != tt.want || ok != (tt.want != nil) {
			t.Errorf("Resolve(%q) = %v, %v, want %v", tt.call, got, ok, tt.want)
		}
	}
	// A tool named as another's wire name is found by its name.
	under := &Tool{Meta: Meta{Name: "admin_tools_list"}}
	s, err = NewSet([]*Tool{dotted, under})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Resolve("admin_tools_list"); got != under {
		t.Errorf("Resolve(admin_tools_list) = %v, want the tool of that name", got)
	}
	if got, _ := s.Resolve("admin.tools.list"); got != dotted {
		t.Errorf("Resolve(admin.tools.list) = %v", got)
	}
}

// TestWireNames checks the wire names of a set for each provider and the
// refusal of two tools that would go by one name, naming both.
func TestWireNames(t *testing.T) {
	s, err := NewSet([]*Tool{{Meta: Meta{Name: "admin.tools.list"}}, {Meta: Meta{Name: "search"}}})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string][]string{
		"openai":    {"admin_tools_list", "search"},
		"anthropic": {"admin_tools_list", "search"},
		"gemini":    {"admin.tools.list", "search"},
	} {
		got, err := s.WireNames(p)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("WireNames(%s) = %q, %v, want %q", p, got, err, want)
		}
	}
	if _, err := s.WireNames("mistral"); err == nil || !strings.Contains(err.Error(), `no provider "mistral"`) {
		t.Errorf("WireNames(mistral): %v", err)
	}

	long := strings.Repeat("a", 60)
	tests := []struct {
		names              []string
		provider           string
		first, second, bad string // "" first: no collision
	}{
		{[]string{"a.b", "a_b"}, "openai", "a.b", "a_b", "a_b"},
		{[]string{"a.b", "a_b"}, "anthropic", "a.b", "a_b", "a_b"},
		{[]string{"a.b", "a_b"}, "gemini", "", "", ""},
		{[]string{"x", "a.b", "a-b", "a_b"}, "openai", "a.b", "a_b", "a_b"},
		{[]string{"1x", "_1x"}, "gemini", "1x", "_1x", "_1x"},
		{[]string{"1x", "_1x"}, "openai", "", "", ""},
		{[]string{long + ".one.two", long + ".one.three"}, "openai", "", "", ""},
	}
	for _, tt := range tests {
		var list []*Tool
		for _, n := range tt.names {
			list = append(list, &Tool{Meta: Meta{Name: n}})
		}
		s, err := NewSet(list)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.WireNames(tt.provider)
		if tt.first == "" {
			if err != nil {
				t.Errorf("%q, %s: %v", tt.names, tt.provider, err)
			}
			continue
		}
		var ce *CollisionError
		if !errors.As(err, &ce) || ce.First != tt.first || ce.Second != tt.second || ce.Name != tt.bad || ce.Provider != tt.provider {
			t.Errorf("%q, %s: %v, want %s and %s as %s", tt.names, tt.provider, err, tt.first, tt.second, tt.bad)
			continue
		}
		msg := err.Error()
		for _, want := range []string{strconv.Quote(tt.first), strconv.Quote(tt.second), strconv.Quote(tt.bad), ruleOf(t, tt.provider)} {
			if !strings.Contains(msg, want) {
				t.Errorf("%q, %s: %q does not say %s", tt.names, tt.provider, msg, want)
			}
		}
	}
}

// TestWireNamesResolve: every wire name WireNames gives for a provider
// resolves to its tool (tool.Set.Resolve, which does not know the
// provider); a set where one would not, since another provider's rule
// gives another tool the same wire name, is refused naming both.
func TestWireNamesResolve(t *testing.T) {
	long := strings.Repeat("a", 60)
	tests := []struct {
		names         []string
		provider      string
		first, second string // "" first: the names round-trip
		bad           string
	}{
		{[]string{"admin.tools.list", "admin.tools.get", long + ".x", "1password.get"}, "openai", "", "", ""},
		{[]string{"admin.tools.list", "admin.tools.get", long + ".x", "1password.get"}, "gemini", "", "", ""},
		{[]string{"1x", "_1x"}, "openai", "", "", ""},
		// ".1ab" is "_1ab" to OpenAI, and "1ab" is "_1ab" to Gemini.
		{[]string{".1ab", "1ab"}, "openai", ".1ab", "1ab", "_1ab"},
		{[]string{".1ab", "1ab"}, "anthropic", ".1ab", "1ab", "_1ab"},
		{[]string{".1ab", "1ab"}, "gemini", "1ab", ".1ab", "_1ab"},
		{[]string{"-x.y", "-x_y"}, "gemini", "", "", ""},
	}
	for _, tt := range tests {
		var list []*Tool
		for _, n := range tt.names {
			list = append(list, &Tool{Meta: Meta{Name: n}})
		}
		s, err := NewSet(list)
		if err != nil {
			t.Fatal(err)
		}
		names, err := s.WireNames(tt.provider)
		if tt.first == "" {
			if err != nil {
				t.Errorf("%q, %s: %v", tt.names, tt.provider, err)
				continue
			}
			for i, w := range names {
				if got, ok := s.Resolve(w); !ok || got != list[i] {
					t.Errorf("%q, %s: %q, the wire name of %q, resolves to %v %v", tt.names, tt.provider, w, list[i].Name, got, ok)
				}
			}
			continue
		}
		var ce *CollisionError
		if !errors.As(err, &ce) || ce.Name != tt.bad {
			t.Errorf("%q, %s: %v, want a *CollisionError over %q", tt.names, tt.provider, err, tt.bad)
			continue
		}
		for _, want := range []string{strconv.Quote(tt.first), strconv.Quote(tt.second), strconv.Quote(tt.bad)} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%q, %s: %q does not say %s", tt.names, tt.provider, err, want)
			}
		}
	}
}

// FuzzWireNamesResolve: for any two MCP tool names, under each provider,
// WireNames refuses the set or gives wire names that each resolve to
// their tool.
func FuzzWireNamesResolve(f *testing.F) {
	for _, s := range [][2]string{{"a.b", "a_b"}, {".1ab", "1ab"}, {"1x", "_1x"}, {"-x.y", "-x_y"}, {strings.Repeat("a", 70), strings.Repeat("a", 71)}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if a == b || !schema.MCPName(a) || !schema.MCPName(b) {
			return
		}
		list := []*Tool{{Meta: Meta{Name: a}}, {Meta: Meta{Name: b}}}
		s, err := NewSet(list)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range strictmode.Providers() {
			names, err := s.WireNames(p)
			if err != nil {
				var ce *CollisionError
				if !errors.As(err, &ce) || !strings.Contains(err.Error(), strconv.Quote(a)) || !strings.Contains(err.Error(), strconv.Quote(b)) {
					t.Fatalf("%s: %v, want a *CollisionError naming both", p, err)
				}
				continue
			}
			for i, w := range names {
				if got, ok := s.Resolve(w); !ok || got != list[i] {
					t.Fatalf("%s: %q, the wire name of %q, resolves to %v %v", p, w, list[i].Name, got, ok)
				}
			}
		}
	})
}
