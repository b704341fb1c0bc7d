package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/toolschema/toolschema/internal/testexit"
)

// The commands the end-to-end tests run, built once per test binary and
// shared by its tests. They are built rather than played by this test
// binary re-executed (as cmd/stringer's tests do) because under go test
// -race the test binary is race-instrumented, and a race-built toolvet
// takes three times the CPU of a plain one for a standalone run (which
// type-checks every dependency from source): more than the build, which
// takes about 2 s of CPU with a warm cache.
var built struct {
	once             sync.Once
	dir              string
	toolvet, toolgen string
	err              error
	out              []byte
}

// tools returns the go command and the built toolvet and toolgen.
func tools(t *testing.T) (gobin, toolvet, toolgen string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the tools and runs the go command: not in -short")
	}
	gobin = filepath.Join(runtime.GOROOT(), "bin", "go")
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "toolvet-test-")
		if built.err != nil {
			return
		}
		built.toolvet = filepath.Join(built.dir, "toolvet")
		built.toolgen = filepath.Join(built.dir, "toolgen")
		built.out, built.err = exec.Command(gobin, "build", "-o", built.dir+string(filepath.Separator), ".", "../toolgen").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return gobin, built.toolvet, built.toolgen
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	testexit.Exit(code)
}
