package bench

import (
	"bytes"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkVet measures what toolvet costs on code without tools: go vet
// with toolvet against go vet with vetonly (./internal/vetonly), a vet tool
// on the same driver (multichecker, run by go vet as a unitchecker) that
// runs the standard vet suite alone, as toolvet runs it beside the
// contract's rules. Both tools parse and type-check each package the same
// way and run the same vet analyzers, so the difference is what toolvet
// adds to go vet: its rules (the core's scan of the comments for a
// directive, and the 20 analyzer actions per package) and its start-up
// (binary, linking, package initialization),
// which it pays in each of the ~480 processes a go vet of vetPattern starts,
// one per package vetted and one per dependency (for its export data).
//
// The code vetted is vetPattern in a writable copy of golang.org/x/tools at
// the version the main module requires, taken from the module cache: a
// large module with no //tool:export directive. The benchmark is skipped
// when go, that module or its dependencies are not available
// (go mod download golang.org/x/tools@VERSION in the main module).
//
// Defeating go vet's cache, fairly. The go command caches the result of
// each vet action (the tool's .vetx output and its stdout) under a key made
// of the tool's ID (from tool -V=full), the flags passed to the tool, the
// package's compile action ID and the .vetx files of its dependencies, so a
// second run of the same command runs no tool at all. No flag turns that
// off except -a, which also recompiles everything and would swamp the
// difference, and go vet keeps -c and -json to itself. So each iteration
// passes -tags=<nonce>, a tag unique to the iteration (and to the process,
// since the go cache outlives it): -tags is both a build flag and a tool
// flag (a deprecated no-op in the analysis drivers), so go vet forwards it
// to the tool and every vet action misses the cache, while the compile
// action IDs do not change (build tags enter them only through the files
// selected, which a tag no file mentions leaves alone) and the compilation
// stays cached in the shared, warm GOCACHE. Both tools get the same flag;
// every package, the dependencies in the standard library included (for
// their export data), is vetted from scratch at each iteration, as on the
// first go vet after a change of tool. The setup checks this once with
// go vet -x: the tool runs for every package and the compiler never does.
func BenchmarkVet(b *testing.B) {
	env := vetSetup(b)
	for _, tool := range []string{"toolvet", "vet"} {
		b.Run(tool, func(b *testing.B) {
			path := env.tools[tool]
			for b.Loop() {
				env.vet(b, path, nonce())
			}
		})
	}
}

// vetPattern is the part of golang.org/x/tools vetted: 109 packages, 196
// with their test variants, a few seconds per go vet on 2 cores.
const vetPattern = "./go/..."

// vetEnv is what the benchmark needs, set up once per process.
type vetEnv struct {
	goCmd   string
	dir     string            // the copy of golang.org/x/tools
	tools   map[string]string // "toolvet", "vet" -> binary
	skip    string            // why the benchmark cannot run
	failure error
}

var (
	vetOnce sync.Once
	vetEnvP *vetEnv
	vetRoot string // temporary directory, removed by TestMain
)

func TestMain(m *testing.M) {
	defer func() {
		if vetRoot != "" {
			os.RemoveAll(vetRoot)
		}
	}()
	m.Run()
}

var nonces atomic.Int64

// nonce returns a build tag no file uses and no earlier go vet saw.
func nonce() string {
	return fmt.Sprintf("toolschema_vetbench_%d_%d", time.Now().UnixNano(), nonces.Add(1))
}

func vetSetup(b *testing.B) *vetEnv {
	b.Helper()
	vetOnce.Do(func() { vetEnvP = newVetEnv() })
	switch env := vetEnvP; {
	case env.skip != "":
		b.Skip(env.skip)
	case env.failure != nil:
		b.Fatal(env.failure)
	}
	return vetEnvP
}

func newVetEnv() *vetEnv {
	env := &vetEnv{tools: map[string]string{}}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		env.skip = "no go command: " + err.Error()
		return env
	}
	env.goCmd = goCmd

	// golang.org/x/tools at the main module's version, if downloaded.
	out, err := goOutput(goCmd, "..", "list", "-m", "-json", "golang.org/x/tools")
	var mod struct{ Version, Dir string }
	if err == nil {
		err = json.Unmarshal(out, &mod)
	}
	if err != nil {
		env.skip = "cannot find golang.org/x/tools: " + err.Error()
		return env
	}
	if mod.Dir == "" {
		env.skip = fmt.Sprintf("golang.org/x/tools %s is not in the module cache: run go mod download golang.org/x/tools@%[1]s", mod.Version)
		return env
	}

	vetRoot, err = os.MkdirTemp("", "toolschema-vetbench-")
	if err != nil {
		env.failure = err
		return env
	}
	// os.CopyFS creates writable files: the module cache's are read-only.
	env.dir = filepath.Join(vetRoot, "tools@"+mod.Version)
	if err := os.CopyFS(env.dir, os.DirFS(mod.Dir)); err != nil {
		env.skip = fmt.Sprintf("cannot copy golang.org/x/tools from the module cache: %v", err)
		return env
	}
	if out, err := goOutput(goCmd, env.dir, "list", vetPattern); err != nil {
		env.skip = fmt.Sprintf("cannot load golang.org/x/tools/%s (its dependencies may not be downloadable): %v", vetPattern, err)
		return env
	} else if n := bytes.Count(out, []byte("\n")); n < 50 {
		env.failure = fmt.Errorf("go list %s: %d packages, want a large module", vetPattern, n)
		return env
	}

	bin := filepath.Join(vetRoot, "bin")
	if env.tools, err = buildVetTools(goCmd, bin); err != nil {
		env.failure = err
		return env
	}

	// Warm the compile cache (the copy's path is part of the compile
	// action IDs), then check on a second run, with the other tool, that
	// a fresh tag makes the tool run on every package without compiling
	// anything.
	if _, err := env.run(env.tools["vet"], nonce()); err != nil {
		env.failure = err
		return env
	}
	tag := nonce()
	stderr, err := env.run(env.tools["toolvet"], tag, "-x")
	if err != nil {
		env.failure = err
		return env
	}
	if strings.Contains(stderr, "/compile ") {
		env.failure = fmt.Errorf("go vet -tags=%s compiled packages: a fresh tag no longer leaves the compile cache alone", tag)
		return env
	}
	if n := strings.Count(stderr, env.tools["toolvet"]+" -tags="+tag); n < 200 {
		env.failure = fmt.Errorf("go vet -tags=%s ran toolvet %d times: the tag no longer makes each vet action miss the cache", tag, n)
		return env
	}
	return env
}

// run runs go vet -vettool=tool -tags=tag on vetPattern and returns its
// standard error (diagnostics, or the commands with -x).
func (env *vetEnv) run(tool, tag string, flags ...string) (string, error) {
	args := append([]string{"vet", "-vettool=" + tool, "-tags=" + tag}, flags...)
	cmd := exec.Command(env.goCmd, append(args, vetPattern)...)
	cmd.Dir = env.dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go %s: %v\n%s%s", strings.Join(args, " "), err, stdout.Bytes(), stderr.Bytes())
	}
	return stderr.String(), nil
}

func (env *vetEnv) vet(b *testing.B, tool, tag string) {
	if _, err := env.run(tool, tag); err != nil {
		b.Fatal(err)
	}
}

// buildVetTools builds toolvet (from the main module, with its go.mod) and
// vetonly into dir.
func buildVetTools(goCmd, dir string) (map[string]string, error) {
	tools := map[string]string{
		"toolvet": filepath.Join(dir, "toolvet"),
		"vet":     filepath.Join(dir, "vetonly"),
	}
	if _, err := goOutput(goCmd, "..", "build", "-o", tools["toolvet"], "./cmd/toolvet"); err != nil {
		return nil, err
	}
	if _, err := goOutput(goCmd, ".", "build", "-o", tools["vet"], "./internal/vetonly"); err != nil {
		return nil, err
	}
	return tools, nil
}

func goOutput(goCmd, dir string, args ...string) ([]byte, error) {
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = dir
	if dir != "." {
		// The root module and x/tools alone, with their own go.mod; this
		// module needs the workspace, which serves the root version it
		// requires from the checkout.
		cmd.Env = append(os.Environ(), "GOWORK=off")
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}

// TestVetToolsBuild builds the two tools of BenchmarkVet and checks what
// the benchmark relies on: both link the same golang.org/x/tools, and both
// declare the -tags flag, which go vet then forwards to them.
func TestVetToolsBuild(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	tools, err := buildVetTools(goCmd, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	versions := map[string]string{}
	for name, path := range tools {
		info, err := buildinfo.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, dep := range info.Deps {
			if dep.Path == "golang.org/x/tools" {
				versions[name] = dep.Version
			}
		}
		out, err := exec.Command(path, "-flags").Output()
		if err != nil {
			t.Fatalf("%s -flags: %v", name, err)
		}
		var flags []struct{ Name string }
		if err := json.Unmarshal(out, &flags); err != nil {
			t.Fatalf("%s -flags: %v", name, err)
		}
		found := false
		for _, f := range flags {
			found = found || f.Name == "tags"
		}
		if !found {
			t.Errorf("%s has no -tags flag: BenchmarkVet cannot defeat go vet's cache with it", name)
		}
	}
	if versions["toolvet"] == "" || versions["toolvet"] != versions["vet"] {
		t.Errorf("golang.org/x/tools: toolvet links %q, vetonly %q; want the same version", versions["toolvet"], versions["vet"])
	}
}
