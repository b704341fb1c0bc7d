//go:build unix

package cputest

import (
	"testing"
	"time"
)

// TestSinceAsleep: where the processor time is read, a process asleep
// uses next to none of it, whatever the clock says.
func TestSinceAsleep(t *testing.T) {
	m := Start()
	time.Sleep(300 * time.Millisecond)
	if slept := Since(m); slept > 100*time.Millisecond {
		t.Errorf("300 ms asleep counted %v of processor time", slept)
	}
}
