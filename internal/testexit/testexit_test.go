package testexit

import (
	"os"
	"os/exec"
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
