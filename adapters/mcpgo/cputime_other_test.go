//go:build !unix

package mcpgo_test

import "time"

// processCPU is not measured on this system: no cpu-ns/op is reported.
func processCPU() time.Duration { return 0 }
