package main_test

import (
	"os"
	"os/exec"
	"strings"
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

// TestHelp: toolvet help says what toolvet is before the analysis
// driver's text, which is about static analysis in general, and where
// to find the rules in an editor, and still lists the analyzers; toolvet help RULE is the driver's, unchanged.
func TestHelp(t *testing.T) {
	t.Parallel()
	_, bin, _ := tools(t)
	run := runner(t, t.TempDir())
	out, code := run(bin, "help")
	if code != 0 || !strings.HasPrefix(out, "toolvet reports the rules of the toolschema contract") ||
		!strings.Contains(out, "Registered analyzers:") || !strings.Contains(out, "OLT011") ||
		!strings.Contains(out, "docs/editors.md") {
		t.Errorf("toolvet help: exit %d\n%s", code, out)
	}
	out, code = run(bin, "help", "OLT011")
	if code != 0 || !strings.HasPrefix(out, "OLT011: json tag the schema cannot follow") {
		t.Errorf("toolvet help OLT011: exit %d\n%s", code, out)
	}
}
