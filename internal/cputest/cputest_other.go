//go:build !unix

package cputest

import "time"

// epoch is the start of the clock used where no processor time is read.
var epoch = time.Now()

// used returns the time on the clock since the package was loaded: on a
// system without getrusage, the bounds are held to the clock's time.
func used() time.Duration { return time.Since(epoch) }
