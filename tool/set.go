package tool

import (
	"fmt"
	"strings"
	"sync"

	"github.com/toolschema/toolschema/internal/strictmode"
)

// A Set is tools whose names are unique, gathered from any number of lists
// (a program joins the Tools() of several packages and types). It is what a
// server or a model's loop looks calls up in: a name given twice would list
// one tool and route calls to another, so a Set refuses it.
type Set struct {
	list   []*Tool
	byName map[string]*Tool
	// byWire are the tools by the wire names that differ from their
	// names, under every provider's rule (nil: a name two tools answer
	// to), made on the first Resolve that needs it.
	wireOnce sync.Once
	byWire   map[string]*Tool
	// owner is what made the set, when that is not the program
	// (toolhook.SetOwner: a loop.Catalog).
	owner any
}

// A CollisionError reports two tools that go by one name: two tools of
// one name (Provider "", First and Second equal), or two whose wire names
// for Provider are equal, so that the provider's definitions would name
// both alike and a call could not say which one it means.
type CollisionError struct {
	Provider string // "" for the tools' own names; "openai", "anthropic", "gemini"
	Name     string // the name both go by
	First    string // the names of the tools, in the set's order
	Second   string
}

func (e *CollisionError) Error() string {
	if e.Provider == "" {
		return fmt.Sprintf("tool: two tools are named %q: tool names must be unique in a tool set", e.Name)
	}
	return fmt.Sprintf("tool: tools %q and %q both go by %q in %s's definitions (its tool names match %s): rename one of them",
		e.First, e.Second, e.Name, e.Provider, e.rule())
}

// NewSet returns the set of the tools of lists, in the order given. It
// refuses a nil tool and a name given twice (a *CollisionError), naming
// the tool.
func NewSet(lists ...[]*Tool) (*Set, error) {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	s := &Set{list: make([]*Tool, 0, n), byName: make(map[string]*Tool, n)}
	for _, l := range lists {
		for _, t := range l {
			if err := s.add(t); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

func (s *Set) add(t *Tool) error {
	if t == nil {
		// Counted across the lists, from 1: the tools before it are in.
		return fmt.Errorf("tool: tool %d of the set is nil", len(s.list)+1)
	}
	if _, dup := s.byName[t.Name]; dup {
		return &CollisionError{Name: t.Name, First: t.Name, Second: t.Name}
	}
	s.byName[t.Name] = t
	s.list = append(s.list, t)
	return nil
}

// Resolve returns the tool a model's call names: the tool of that name,
// else the tool whose wire name (WireNames) for some provider it is. A wire
// name two tools answer to under different providers' rules is refused
// (false): it cannot say which tool was meant; WireNames refuses a set
// where one of its wire names would be such a name, so that every wire
// name it gives resolves to its tool.
func (s *Set) Resolve(name string) (*Tool, bool) {
	if t, ok := s.byName[name]; ok {
		return t, true
	}
	s.wireOnce.Do(s.indexWire)
	t := s.byWire[name]
	return t, t != nil
}

func (s *Set) indexWire() {
	for _, p := range strictmode.Providers() {
		m, _ := strictmode.Mode(p, true)
		for _, t := range s.list {
			w := strictmode.WireName(t.Name, m.ToolName)
			if w == t.Name {
				continue
			}
			if prev, seen := s.byWire[w]; seen && prev != t {
				s.byWire[w] = nil
				continue
			}
			if s.byWire == nil {
				s.byWire = make(map[string]*Tool)
			}
			s.byWire[w] = t
		}
	}
}

func (e *CollisionError) rule() string {
	m, _ := strictmode.Mode(e.Provider, true)
	return m.ToolName
}

// WireNames returns the wire names of the set's tools for provider
// ("openai", "anthropic", "gemini"), in the set's order: the name each
// goes by under the provider's tool-name rule. A name the rule takes is
// itself. Else each character the rule does not take is replaced by '_'
// ("admin.tools.list" is "admin_tools_list" for OpenAI), a first
// character the rule takes only later gets '_' before it, and a name
// still too long keeps its first characters and ends with '_' and 8
// hexadecimal digits of the SHA-256 of the whole name, so that two long
// names that differ only past the cut stay distinct. A wire name depends
// on the name and the rule only. Two tools with one wire name are refused
// with a *CollisionError naming both, and so is a wire name that another
// provider's rule gives another tool, which Resolve could not map back.
func (s *Set) WireNames(provider string) ([]string, error) {
	m, ok := strictmode.Mode(provider, true)
	if !ok {
		return nil, fmt.Errorf("tool: no provider %q; the providers are %s", provider, strings.Join(strictmode.Providers(), ", "))
	}
	names := make([]string, len(s.list))
	owner := make(map[string]string, len(s.list))
	for i, t := range s.list {
		w := strictmode.WireName(t.Name, m.ToolName)
		if first, dup := owner[w]; dup {
			return nil, &CollisionError{Provider: provider, Name: w, First: first, Second: t.Name}
		}
		owner[w] = t.Name
		names[i] = w
	}
	// Resolve, which does not know the provider, must find each tool by
	// its wire name: another rule may give another tool the same one
	// (".1ab" is "_1ab" to OpenAI, "1ab" is "_1ab" to Gemini).
	for i, t := range s.list {
		if got, ok := s.Resolve(names[i]); !ok || got != t {
			return nil, crossError{c: &CollisionError{Provider: provider, Name: names[i], First: t.Name, Second: s.otherWire(t, names[i])}}
		}
	}
	return names, nil
}

// otherWire returns the name of a tool other than t that goes by wire
// under some provider's rule.
func (s *Set) otherWire(t *Tool, wire string) string {
	for _, p := range strictmode.Providers() {
		m, _ := strictmode.Mode(p, true)
		for _, o := range s.list {
			if o != t && (o.Name == wire || strictmode.WireName(o.Name, m.ToolName) == wire) {
				return o.Name
			}
		}
	}
	return ""
}

// crossError is WireNames' refusal of a wire name that another provider's
// rule gives another tool: a *CollisionError (errors.As finds it) whose
// text says so.
type crossError struct{ c *CollisionError }

func (e crossError) Error() string {
	return fmt.Sprintf("tool: tool %q goes by %q in %s's definitions, and tool %q by the same name (its own, or its wire name under another provider's rule), so a call of it could not say which one it means: rename one of them",
		e.c.First, e.c.Name, e.c.Provider, e.c.Second)
}

func (e crossError) Unwrap() error { return e.c }

// Lookup returns the tool named name.
func (s *Set) Lookup(name string) (*Tool, bool) {
	t, ok := s.byName[name]
	return t, ok
}

// Tools returns the set's tools in the order they were given. The slice is
// a copy; the tools are shared.
func (s *Set) Tools() []*Tool { return append([]*Tool(nil), s.list...) }

// Len returns the number of tools in the set.
func (s *Set) Len() int { return len(s.list) }
