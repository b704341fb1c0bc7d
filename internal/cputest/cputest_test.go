package cputest

import (
	"testing"
	"time"
)

// TestSinceBusy: work on the processor counts. The loop runs until 50 ms
// are counted, not for a time of the clock: on a machine other work keeps
// busy, 200 ms of the clock gave the loop 48 ms of a processor. Were work
// not counted, the loop would end at the limit.
func TestSinceBusy(t *testing.T) {
	m := Start()
	limit := time.Now().Add(30 * time.Second)
	n := 0
	for Since(m) < 50*time.Millisecond && time.Now().Before(limit) {
		for range 10000 {
			n++
		}
	}
	if busy := Since(m); busy < 50*time.Millisecond {
		t.Errorf("30 s of a busy loop (%d rounds) counted %v", n, busy)
	}
}
