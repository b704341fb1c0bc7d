package cputest

import (
	"testing"
	"time"
)

// TestSinceBusy: work on the processor counts.
func TestSinceBusy(t *testing.T) {
	m := Start()
	deadline := time.Now().Add(200 * time.Millisecond)
	n := 0
	for time.Now().Before(deadline) {
		n++
	}
	if busy := Since(m); busy < 50*time.Millisecond {
		t.Errorf("200 ms of a busy loop (%d rounds) counted %v", n, busy)
	}
}
