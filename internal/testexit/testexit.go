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
// Otherwise it exits as os.Exit does, the sleep included.
package testexit

import (
	"os"
	"runtime"
	"syscall"
)

// Exit ends the test binary with code, what testing.M.Run returned:
//
//	func TestMain(m *testing.M) { testexit.Exit(m.Run()) }
func Exit(code int) {
	if raceEnabled && code == 0 && runtime.NumGoroutine() == 1 {
		// os.Exit(0) would run the exit hooks (the testing package
		// registers none, and writes coverage and profiles within Run)
		// and then the race detector's finalizer, which sleeps.
		syscall.Exit(0)
	}
	os.Exit(code)
}
