// Package cputest measures, in tests, the processor time a piece of work
// takes, for the tests that hold a hostile input's cost under a bound of
// seconds: the time on the clock moves with whatever else the machine
// runs (a test that took 0.5 s alone took over 3 s with the load average
// at 11), the processor time this process uses much less.
//
// Since returns the processor time, user and system, the whole process
// has used since a Start: every thread's, the garbage collector's
// included. A test that measures so runs no other test beside it (no
// t.Parallel in its package).
package cputest

import "time"

// A Mark is the processor time the process had used when Start was
// called.
type Mark time.Duration

// Start marks the processor time used so far.
func Start() Mark { return Mark(used()) }

// Since returns the processor time the process has used since m.
func Since(m Mark) time.Duration { return used() - time.Duration(m) }
