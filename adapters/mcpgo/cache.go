package mcpgo

import (
	"sync"
	"sync/atomic"
)

// bounded is a cache by name of at most max names, whose values are
// never removed: a value kept under a name may be replaced, and a new
// name is kept while there is room. Past max, a new name's value is not
// kept, and is made again for each use. Its zero value keeps nothing;
// newBounded sets max.
type bounded[V any] struct {
	m   sync.Map // name → V
	n   atomic.Int32
	max int32
}

func newBounded[V any](max int32) *bounded[V] {
	return &bounded[V]{max: max}
}

// get returns the value kept under name.
func (c *bounded[V]) get(name string) (V, bool) {
	v, ok := c.m.Load(name)
	if !ok {
		var zero V
		return zero, false
	}
	return v.(V), true
}

// set keeps v under name: in place of the value name has, or as a new
// name while the cache holds fewer than max.
func (c *bounded[V]) set(name string, v V) {
	if _, ok := c.m.Load(name); ok {
		c.m.Store(name, v)
		return
	}
	if c.n.Add(1) > c.max {
		c.n.Add(-1) // the count stays the names kept (and never wraps)
		return
	}
	if _, loaded := c.m.Swap(name, v); loaded {
		c.n.Add(-1) // another set kept the name first
	}
}

// len returns the number of names kept.
func (c *bounded[V]) len() int { return int(c.n.Load()) }
