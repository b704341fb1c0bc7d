package main_test

import (
	"os"
	"os/exec"
	"testing"
)

// runner returns a function that runs a command in dir, a throw-away
// module, and returns its combined output and exit status.
func runner(t *testing.T, dir string) func(name string, args ...string) (string, int) {
	return func(name string, args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		// The module is not published: the module cache has what it
		// needs (CI runs go mod download first).
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		return string(out), code
	}
}
