package tool_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestNoTestingLinked: a program that makes one tool (reflectimpl.Create)
// and invokes it links neither testing nor flag, which a switch read from
// testing.Testing linked into every program with a tool; and it runs.
func TestNoTestingLinked(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list and go run")
	}
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	const prog = "./testdata/invokeone"
	out, err := exec.Command(gobin, "list", "-deps", prog).CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/toolschema/toolschema/tool") {
		t.Fatalf("go list -deps does not list package tool:\n%s", out)
	}
	for _, pkg := range []string{"testing", "flag"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("the program links %s", pkg)
		}
	}
	out, err = exec.Command(gobin, "run", prog).CombinedOutput()
	if err != nil || string(out) != "ok\n" {
		t.Errorf("go run: %v\n%s", err, out)
	}
}
