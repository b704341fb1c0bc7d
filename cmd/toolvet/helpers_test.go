package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// buildTools builds toolvet and toolgen into a temporary directory and
// returns the go command and the two binaries.
func buildTools(t *testing.T) (gobin, toolvet, toolgen string) {
	t.Helper()
	gobin = filepath.Join(runtime.GOROOT(), "bin", "go")
	toolvet = filepath.Join(t.TempDir(), "toolvet")
	if out, err := exec.Command(gobin, "build", "-o", toolvet, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	toolgen = filepath.Join(filepath.Dir(toolvet), "toolgen")
	if out, err := exec.Command(gobin, "build", "-o", toolgen, "../toolgen").CombinedOutput(); err != nil {
		t.Fatalf("go build toolgen: %v\n%s", err, out)
	}
	return gobin, toolvet, toolgen
}

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
