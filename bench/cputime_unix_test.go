//go:build unix

package bench

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, user and system:
// on a busy machine it varies less than the time on the clock.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
