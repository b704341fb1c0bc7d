package anthropicadapter

import "testing"

func TestTwo(t *testing.T) {
	a, b := two[*int, string](3)
	allocs := testing.AllocsPerRun(10, func() { a, b = two[*int, string](1) })
	if len(a) != 1 || len(b) != 1 || allocs != 1 {
		t.Errorf("two(1): %d and %d elements in %v allocations, want 1 and 1 in 1", len(a), len(b), allocs)
	}
}
