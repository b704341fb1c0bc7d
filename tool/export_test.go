package tool

import "testing"

// SetHeldRoom makes n bytes the room of the values of the calls running
// at once, until t ends; HeldValues is how much of it they hold.
func SetHeldRoom(t testing.TB, n int64) {
	heldValues.room.Store(n)
	t.Cleanup(func() { heldValues.room.Store(0) })
}

func HeldValues() int64 { return heldValues.used.Load() }

// HoldRoom holds n bytes of the room, as a running call would, until the
// function it returns is called.
func HoldRoom(n int64) (giveBack func()) {
	heldValues.used.Add(n)
	return func() { heldValues.used.Add(-n) }
}

// The limits the tests check against.
const (
	MaxViolations           = maxViolations
	MaxNumberLength         = maxNumberLength
	DefaultMaxArgumentBytes = defaultMaxArgumentBytes
	MaxErrorTextBytes       = maxErrorTextBytes
)
