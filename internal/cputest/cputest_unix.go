//go:build unix

package cputest

import (
	"syscall"
	"time"
)

// used returns the processor time, user and system, the process has used.
func used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic("cputest: getrusage: " + err.Error())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
