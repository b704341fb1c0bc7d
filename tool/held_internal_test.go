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

// TestRoomPastText: a call past the whole room is told the room as it is,
// a fraction of a MiB included (it read "3 MiB" for 3.75, "0 MiB" under
// one), of the arguments as a whole or at a path.
func TestRoomPastText(t *testing.T) {
	heldValues.room.Store(15 << 18)
	defer heldValues.room.Store(0)
	for _, c := range []struct{ path, want string }{
		{"", "The Go values the tool reads the arguments into pass 3.75 MiB, all the room this server gives the values of the calls it runs at once: send fewer or smaller values."},
		{"rows[2]", "Argument 'rows[2]' brings the Go values the tool reads the arguments into past 3.75 MiB, all the room this server gives the values of the calls it runs at once: send fewer or smaller values."},
	} {
		if got := roomPastText("Argument", c.path); got != c.want {
			t.Errorf("%q:\n%s\nwant\n%s", c.path, got, c.want)
		}
	}
}

// TestTakeExactWhenStepDoesNot: a call whose need fits the room left is
// not refused because the 4 MiB step it would take does not.
func TestTakeExactWhenStepDoesNot(t *testing.T) {
	heldValues.room.Store(16 << 20)
	defer heldValues.room.Store(0)
	base := heldValues.used.Load()
	heldValues.used.Add(14 << 20) // 2 MiB left
	defer heldValues.used.Add(-14 << 20)
	var h held
	if got := h.cover(freeHeld + 1<<20); got != heldFits {
		t.Fatalf("1 MiB past the free one, with 2 MiB left: %d; want it fits", got)
	}
	if h.n != 1<<20 {
		t.Errorf("took %d bytes; want the 1 MiB needed", h.n)
	}
	h.release()
	if got := heldValues.used.Load() - base; got != 14<<20 {
		t.Errorf("after release, %d bytes held; want 14 MiB", got)
	}
}
