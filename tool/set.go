package tool

import "fmt"

// A Set is tools whose names are unique, gathered from any number of lists
// (a program joins the Tools() of several packages and types). It is what a
// server or a model's loop looks calls up in: a name given twice would list
// one tool and route calls to another, so a Set refuses it.
type Set struct {
	list   []*Tool
	byName map[string]*Tool
}

// A DuplicateError reports two tools with one name.
type DuplicateError struct {
	Name string
}

func (e *DuplicateError) Error() string {
	return fmt.Sprintf("tool: two tools are named %q: tool names must be unique in a tool set", e.Name)
}

// NewSet returns the set of the tools of lists, in the order given. It
// refuses a nil tool and a name given twice (a *DuplicateError), naming
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
		return fmt.Errorf("tool: a nil tool after %d tools in the set", len(s.list))
	}
	if _, dup := s.byName[t.Name]; dup {
		return &DuplicateError{Name: t.Name}
	}
	s.byName[t.Name] = t
	s.list = append(s.list, t)
	return nil
}

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
