//go:build unix

package mcpgo_test

import (
	"syscall"
	"time"
)

// processCPU returns the processor time, user and system, this process has
// used so far: every thread's, the garbage collector's and the scheduler's
// included. On a shared machine it moves less with the others' load than
// the time on the clock does.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
