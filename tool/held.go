package tool

import (
	"math"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/toolschema/toolschema/internal/violation"
)

// Each call's Go values are bounded by its budget (builtBase, and
// builtPerByte for each byte of the arguments); the values that all the
// calls running at once hold are bounded too, by heldValues: without it,
// a server working on 64 calls at once, each of crafted arguments within
// its budget, could hold 64 times 128 MiB. A call's first freeHeld bytes
// of values are its own; past them, it takes room from heldValues, in
// steps of heldStep, while its values are read and until the tool is done
// with them (its function has returned, or it never started). A call that
// finds no room left is refused as busy, to retry (errHeldPast): its
// arguments are not at fault.
const (
	freeHeld = 1 << 20
	heldStep = 4 << 20
	// heldDefault is the room when the process has no memory limit:
	// 1 GiB. Under a limit (GOMEMLIMIT, debug.SetMemoryLimit), a
	// quarter of it.
	heldDefault = 1 << 30
	// anyValueBytes is the room of a value encoding/json makes into
	// any: 65,535 values as objects of one member held 10 MB.
	anyValueBytes = 160
)

// heldValues is the room the calls running at once share.
var heldValues heldPool

type heldPool struct {
	used atomic.Int64
	// room, when positive, is the room in place of heldRoom's (tests).
	room atomic.Int64
}

// heldRoom is the room of the calls' values: a quarter of the process's
// memory limit, heldDefault when it has none.
func heldRoom() int64 {
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		return l / 4
	}
	return heldDefault
}

// roomNow is the room the calls share now.
func (p *heldPool) roomNow() int64 {
	if room := p.room.Load(); room > 0 {
		return room
	}
	return heldRoom()
}

// take takes n bytes of room, or none and reports false when that would
// pass room. A take refused never counts, not even for a moment: a take
// beside it that fits is not refused for it.
func (p *heldPool) take(n, room int64) bool {
	for {
		used := p.used.Load()
		if used > room-n {
			return false
		}
		if p.used.CompareAndSwap(used, used+n) {
			return true
		}
	}
}

// A held is the room one call took from heldValues. The zero held took
// none.
type held struct{ n int64 }

// The verdicts of cover.
const (
	heldFits  = iota
	heldBusy  // no room left now: the calls running give it back as they end
	heldNever // past the whole room: no call's end makes room for it
)

// cover takes room for a call whose values have come to built bytes, in
// steps of heldStep (up to the whole room; the bytes needed alone when a
// step does not fit), and says whether it could.
func (h *held) cover(built int) int {
	return h.take(int64(built)-freeHeld, false)
}

// coverAtMost is cover for a count that is only a bound of the values
// (ShadowArgs'): past the whole room, it takes all of it, and is never
// heldNever.
func (h *held) coverAtMost(built int) int {
	return h.take(int64(built)-freeHeld, true)
}

func (h *held) take(need int64, atMost bool) int {
	if need <= h.n {
		return heldFits
	}
	room := heldValues.roomNow()
	if need > room {
		if !atMost {
			return heldNever
		}
		need = room
	}
	step := min((need-h.n+heldStep-1)/heldStep*heldStep, room-h.n)
	if !heldValues.take(step, room) {
		if step = need - h.n; !heldValues.take(step, room) {
			return heldBusy
		}
	}
	h.n += step
	return heldFits
}

// holdRoom takes n bytes of room for memory a call holds while it is
// checked (rawtool's checks: toolhook.HoldRoom), all of the room when n
// is more, past freeHeld; the function it returns gives it back.
func holdRoom(n int) (func(), error) {
	if n <= freeHeld {
		return giveNothing, nil
	}
	h := new(held)
	if h.coverAtMost(n) != heldFits {
		return nil, errHeldPast{}
	}
	return h.release, nil
}

func giveNothing() {}

// roomPast ends the message of arguments refused because their Go values
// alone pass the whole room (heldNever): to retry would not help. No
// leniency lets them through (boundPassed).
const roomPast = ", all the room this server gives the values of the calls it runs at once: send fewer or smaller values."

// roomPastText is the message of arguments whose Go values pass the
// whole room, at path ("" for the arguments as a whole).
func roomPastText(noun, path string) string {
	mib := strconv.FormatFloat(float64(heldValues.roomNow())/(1<<20), 'f', -1, 64)
	if path == "" {
		return "The Go values the tool reads the arguments into pass " + mib + " MiB" + roomPast
	}
	return violation.Subject(noun, path) + " brings the Go values the tool reads the arguments into past " + mib + " MiB" + roomPast
}

// release gives back the room h took; h can be used again.
func (h *held) release() {
	if h.n > 0 {
		heldValues.used.Add(-h.n)
		h.n = 0
	}
}

// heldKey is the context key of the heldLease of an Invoke whose
// handler checks its own arguments (argsChecker): a typed tool's
// CheckArgs it calls takes room for that call, given back when its tool
// is done.
type heldKey struct{}

// A heldLease lends a call's held to the typed CheckArgs that the
// handler's CheckArgs calls with its context, while that runs, one at a
// time: a CheckArgs called with the context after the handler's has
// returned (a handler may keep it), or beside another, takes room of its
// own, given back as it returns. Else it would take room for a call that
// is over, which nothing gives back, or write the call's held unguarded.
type heldLease struct {
	mu sync.Mutex
	h  *held // nil once the handler's CheckArgs has returned
	// drops: the handler drops unknown keys (keysDropper), which the
	// typed CheckArgs it calls with the context does for it, with the
	// lease borrowed or not. Set before the lease is shared: read
	// unlocked.
	drops bool
}

// borrow returns the held of the lease's call, locked, or nil when it is
// over or in use.
func (l *heldLease) borrow() *held {
	if l == nil || !l.mu.TryLock() {
		return nil
	}
	if l.h == nil {
		l.mu.Unlock()
	}
	return l.h
}

// end ends the lease, when the handler's CheckArgs has returned.
func (l *heldLease) end() {
	l.mu.Lock()
	l.h = nil
	l.mu.Unlock()
}

// errHeldPast is the error of a call refused because the calls running
// at once hold all the room their values may have (heldValues).
type errHeldPast struct{}

func (errHeldPast) Error() string {
	return "the calls running now hold all the memory the server gives to the values of arguments"
}
