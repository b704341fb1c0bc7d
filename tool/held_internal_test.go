package tool

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestHeldTakeFits: a take that fits the room is never refused because
// another, which does not fit, is being refused at the same time. Before,
// the refused take added its bytes before it found they did not fit,
// and a take beside it saw the room full.
func TestHeldTakeFits(t *testing.T) {
	var p heldPool
	p.room.Store(8 << 20)
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		for !stop.Load() {
			if p.take(8<<20+1, p.roomNow()) {
				t.Error("a take past the room was let through")
				return
			}
		}
	})
	refused := 0
	for range 200000 {
		if !p.take(heldStep, p.roomNow()) {
			refused++
			continue
		}
		p.used.Add(-heldStep)
	}
	stop.Store(true)
	wg.Wait()
	if refused > 0 {
		t.Errorf("%d takes of %d bytes, alone in a room of 8 MiB, were refused", refused, heldStep)
	}
}
