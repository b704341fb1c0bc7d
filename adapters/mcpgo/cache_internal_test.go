package mcpgo

import (
	"fmt"
	"sync"
	"testing"
)

// TestBounded: the cache keeps at most its bound of names, however many
// are set, at once or past it; a kept name's value is replaced; a name
// set by many at once counts once.
func TestBounded(t *testing.T) {
	c := newBounded[int](3)
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() { c.set("a", i) }) // one name, set by many at once
	}
	wg.Wait()
	for i := range 1000 {
		c.set(fmt.Sprint("n", i%10), i)
	}
	if c.len() != 3 {
		t.Errorf("%d names counted, want 3", c.len())
	}
	kept := 0
	c.m.Range(func(any, any) bool { kept++; return true })
	if kept != 3 {
		t.Errorf("%d names kept, want 3", kept)
	}
	if _, ok := c.get("a"); !ok {
		t.Error(`"a", set first, is not kept`)
	}
	c.set("a", -1)
	if v, _ := c.get("a"); v != -1 {
		t.Errorf(`"a" = %d after it was set again, want -1`, v)
	}
	if _, ok := c.get("n9"); ok {
		t.Error(`"n9", set past the bound, is kept`)
	}
	for i := range 1000 {
		wg.Go(func() { c.set(fmt.Sprint("m", i), i) })
	}
	wg.Wait()
	if c.len() != 3 {
		t.Errorf("%d names counted after 1000 sets past the bound at once, want 3", c.len())
	}
}
