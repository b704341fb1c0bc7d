package testexit

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// childEnv, set in this test binary's environment, makes it a child of
// the tests below: its TestMain does what the value says, runs no test,
// and ends through Exit.
const childEnv = "TESTEXIT_TEST_CHILD"

// racy is written by two goroutines without synchronization.
var racy int

func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "":
		Exit(m.Run())
	case "leak":
		// Two goroutines that race after the tests have ended.
		for range 2 {
			go func() {
				time.Sleep(100 * time.Millisecond)
				racy++
			}()
		}
	case "fail":
		m.Run()
		Exit(3)
	}
	Exit(m.Run())
}

// child runs this test binary as a child of the given kind, with gorace
// as GORACE, and returns its exit code, its output and its time.
func child(t *testing.T, kind, gorace string) (int, string, time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+kind, "GORACE="+gorace)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, string(out), took
}

// TestAlone: with no goroutine of its own left, a passing binary ends at
// once, without the race detector's sleep at exit (made 5 s here).
func TestAlone(t *testing.T) {
	t.Parallel()
	code, out, took := child(t, "none", "atexit_sleep_ms=5000")
	if code != 0 || took > 4*time.Second {
		t.Errorf("exit %d after %v, want 0 at once\n%s", code, took, out)
	}
}

// TestLeftRunning: goroutines left running keep the sleep, and a race
// they make in it fails the binary as it did (built with -race: exit 66).
func TestLeftRunning(t *testing.T) {
	t.Parallel()
	code, out, _ := child(t, "leak", "atexit_sleep_ms=1000")
	want := 0
	if raceEnabled {
		want = 66
		if !strings.Contains(out, "WARNING: DATA RACE") {
			t.Errorf("no race reported:\n%s", out)
		}
	}
	if code != want {
		t.Errorf("exit %d, want %d\n%s", code, want, out)
	}
}

// TestCode: a code other than 0 is the binary's exit status.
func TestCode(t *testing.T) {
	t.Parallel()
	if code, out, _ := child(t, "fail", ""); code != 3 {
		t.Errorf("exit %d, want 3\n%s", code, out)
	}
}

// TestEveryPackageEndsHere: every package of the module with tests ends
// its test binary through Exit, so that none pays the race detector's
// second of sleep for nothing (a package without it only runs slower; this
// keeps the suite near its minute as packages are added).
func TestEveryPackageEndsHere(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root {
			if name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		tests, _ := filepath.Glob(filepath.Join(path, "*_test.go"))
		if len(tests) == 0 {
			return nil
		}
		for _, f := range tests {
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			// The one line, or a TestMain of its own that ends here.
			if strings.Contains(string(b), "func TestMain(") && strings.Contains(string(b), "Exit(") &&
				(strings.Contains(string(b), "testexit.Exit(") || strings.Contains(string(b), "\tExit(m.Run())")) {
				return nil
			}
		}
		rel, _ := filepath.Rel(root, path)
		t.Errorf("package %s has tests and no TestMain that ends through testexit.Exit: add func TestMain(m *testing.M) { testexit.Exit(m.Run()) }", filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
