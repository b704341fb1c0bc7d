package tool

import (
	"errors"
	"testing"
)

func TestSet(t *testing.T) {
	a, b, c := &Tool{Name: "a"}, &Tool{Name: "b"}, &Tool{Name: "c"}
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
	same1, same2 := &Tool{Name: "same"}, &Tool{Name: "same"}
	for _, tt := range []struct {
		name  string
		lists [][]*Tool
		want  string
	}{
		{"in one list", [][]*Tool{{same1, same2}}, `tool: two tools are named "same": tool names must be unique in a tool set`},
		{"across lists", [][]*Tool{{same1}, {&Tool{Name: "x"}, same2}}, `tool: two tools are named "same": tool names must be unique in a tool set`},
		{"the same tool twice", [][]*Tool{{same1}, {same1}}, `tool: two tools are named "same": tool names must be unique in a tool set`},
		{"nil", [][]*Tool{{same1, nil}}, "tool: a nil tool after 1 tools in the set"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := NewSet(tt.lists...)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("NewSet = %v, %v; want error %q", s, err, tt.want)
			}
			var dup *DuplicateError
			if errors.As(err, &dup) != (tt.name != "nil") {
				t.Errorf("errors.As(*DuplicateError) = %v", !(tt.name != "nil"))
			}
		})
	}
}
