package schema

import (
	"slices"
	"testing"
)

// TestReached: each type once, a type before its element, key and
// fields, in that order; nil roots skipped; a cycle ends; a type two
// roots share comes with the first; stopping early stops the walk.
func TestReached(t *testing.T) {
	str := &Type{Kind: String}
	node := &Type{Kind: Struct, Name: "Node"}
	ptr := &Type{Kind: Pointer, Elem: node}
	node.Fields = []Field{{Name: "Next", Type: ptr}, {Name: "Label", Type: str}}
	m := &Type{Kind: Map, Key: str, Elem: ptr}
	out := &Type{Kind: Slice, Elem: str}

	var got []*Type
	for ty := range Reached(nil, m, out) {
		got = append(got, ty)
	}
	if want := []*Type{m, ptr, node, str, out}; !slices.Equal(got, want) {
		t.Errorf("Reached gave %v, want %v", got, want)
	}
	n := 0
	for range Reached(m, out) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("the walk went on after the loop stopped: %d", n)
	}
}
