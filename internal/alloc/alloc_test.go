package alloc

import "testing"

type big struct {
	p *int
	s [10]string
}

var (
	sinkA []big
	sinkB []int
)

func TestTwo(t *testing.T) {
	for _, n := range []int{0, 1, 2, 5} {
		a, b := Two[big, int](n)
		if len(a) != n || cap(a) != n || len(b) != n || cap(b) != n {
			t.Fatalf("Two(%d): len %d/%d cap %d/%d", n, len(a), len(b), cap(a), cap(b))
		}
		for i := range a {
			a[i].s[9], b[i] = "x", i // the two never overlap
		}
		for i := range a {
			if a[i].s[9] != "x" || b[i] != i || a[i].p != nil {
				t.Fatalf("Two(%d): element %d is %+v, %d", n, i, a[i], b[i])
			}
		}
	}
	if got := testing.AllocsPerRun(100, func() { sinkA, sinkB = Two[big, int](1) }); got != 1 {
		t.Errorf("Two(1) made %v allocations, want 1", got)
	}
}
