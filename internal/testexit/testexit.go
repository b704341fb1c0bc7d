// Package testexit ends a test binary, sparing one built with -race the
// race detector's second of sleep at its exit where that sleep has nothing
// to wait for.
//
// A binary built with -race that exits with status 0 sleeps for the race
// detector's atexit_sleep_ms (a second by default) whenever goroutines
// other than main exist, which the runtime's own always do: the sleep
// lets goroutines still running report a race before the process ends.
// Every test binary of go test -race ./... paid it, a second of the
// clock for each package, with one of go test's -p slots held.
//
// Exit skips it when the tests passed and no goroutine of the tests is
// left (runtime.NumGoroutine counts none of the runtime's): the testing
// package has checked that no race was reported, before its tests and in
// them, and with main alone left nothing can race after that check.
// The goroutines the testing package ran the last tests in may still be
// ending, in its own code: Exit waits for those. Otherwise it exits as
// os.Exit does, the sleep included.
package testexit

import (
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// Exit ends the test binary with code, what testing.M.Run returned:
//
//	func TestMain(m *testing.M) { testexit.Exit(m.Run()) }
func Exit(code int) {
	if raceEnabled && code == 0 && alone() {
		// os.Exit(0) would run the exit hooks (the testing package
		// registers none, and writes coverage and profiles within Run)
		// and then the race detector's finalizer, which sleeps.
		syscall.Exit(0)
	}
	os.Exit(code)
}

// alone reports whether the calling goroutine is the only one of the
// program's, after waiting a little for goroutines that run nothing but
// the testing package's code (a test's runner, ending after it reported)
// to end. A goroutine with a function of any other package on its stack
// could still race: then alone is false at once.
func alone() bool {
	for deadline := time.Now().Add(100 * time.Millisecond); runtime.NumGoroutine() > 1; runtime.Gosched() {
		if time.Now().After(deadline) || !othersInTesting() {
			return false
		}
	}
	return true
}

// othersInTesting reports whether every goroutine but the caller has only
// functions of package testing on its stack, and was created by one.
func othersInTesting() bool {
	buf := make([]byte, 64<<10)
	n := runtime.Stack(buf, true)
	if n == len(buf) {
		return false
	}
	// Goroutines are separated by a blank line, the caller's first; in
	// each, a goroutine line, then a function line and a file line for
	// each frame, and last a created by line and its file line.
	gs := strings.Split(strings.TrimSpace(string(buf[:n])), "\n\n")
	for _, g := range gs[1:] {
		lines := strings.Split(g, "\n")
		for i := 1; i < len(lines); i += 2 {
			fn := strings.TrimPrefix(lines[i], "created by ")
			if !strings.HasPrefix(fn, "testing.") {
				return false
			}
		}
	}
	return true
}
