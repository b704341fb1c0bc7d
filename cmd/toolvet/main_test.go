package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

const src = `package shop

import "context"

type Query struct {
	Count int    ` + "`json:\"count,string\"`" + `
	Text  string ` + "`json:\"text\"`" + `
}

// Find finds.
//
//tool:export
func Find(in Query, ctx context.Context) ([]string, error) { return nil, nil }
`

const fixed = `package shop

import "context"

type Query struct {
	Count int    ` + "`json:\"count\"`" + `
	Text  string ` + "`json:\"text\"`" + `
}

// Find finds.
//
//tool:export
func Find(ctx context.Context, in Query) ([]string, error) { return nil, nil }
`

// TestDrivers runs toolvet the three ways it is meant to run, on a
// throw-away module: standalone, as go vet's tool, and as go fix's.
func TestDrivers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tool and runs the go command: not in -short")
	}
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	bin := filepath.Join(t.TempDir(), "toolvet")
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	toolgen := filepath.Join(filepath.Dir(bin), "toolgen")
	if out, err := exec.Command(gobin, "build", "-o", toolgen, "../toolgen").CombinedOutput(); err != nil {
		t.Fatalf("go build toolgen: %v\n%s", err, out)
	}
	dir := testmodule.New(t, map[string]string{"shop/shop.go": src, "plain/plain.go": "package plain\n\nfunc Plain() {}\n",
		// go vet analyzes only the test variant of a package with tests.
		"shop/shop_test.go": "package shop\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n"})
	run := func(name string, args ...string) (string, int) {
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
	wantLines := []string{
		"shop/shop.go:6:16: OLT011: input.count: the ,string option makes encoding/json quote the value",
		"shop/shop.go:13:21: OLT009: the context.Context parameter comes after the input; it must come before",
	}

	out, code := run(bin, "./...")
	if code != 3 {
		t.Errorf("toolvet: exit %d, want 3 (diagnostics)\n%s", code, out)
	}
	for _, w := range wantLines {
		if !strings.Contains(out, w) {
			t.Errorf("toolvet output lacks %q:\n%s", w, out)
		}
	}

	out, code = run(bin, "-OLT011=false", "./...")
	if strings.Contains(out, "OLT011") || !strings.Contains(out, "OLT009") {
		t.Errorf("toolvet -OLT011=false:\n%s", out)
	}

	out, code = run(gobin, "vet", "-vettool="+bin, "./...")
	if code == 0 {
		t.Errorf("go vet -vettool: exit 0\n%s", out)
	}
	for _, w := range wantLines {
		if !strings.Contains(out, strings.TrimPrefix(w, "shop/")) {
			t.Errorf("go vet output lacks %q:\n%s", w, out)
		}
	}

	out, code = run(gobin, "fix", "-fixtool="+bin, "./...")
	if code != 0 {
		t.Fatalf("go fix -fixtool: exit %d\n%s", code, out)
	}
	got, err := os.ReadFile(filepath.Join(dir, "shop", "shop.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != fixed {
		t.Errorf("go fix wrote\n%s\nwant\n%s", got, fixed)
	}
	// OLT014 remains: the package has tools and no generated file.
	out, _ = run(bin, "./...")
	if !strings.Contains(out, "OLT014") || strings.Contains(out, "OLT011") || strings.Contains(out, "OLT009") {
		t.Errorf("toolvet after go fix:\n%s", out)
	}
	// Generated, the package vets clean under go vet; a new tool makes
	// the generated file stale.
	if out, code := run(toolgen, "./..."); code != 0 {
		t.Fatalf("toolgen: exit %d\n%s", code, out)
	}
	if out, code := run(gobin, "vet", "-vettool="+bin, "./..."); code != 0 {
		t.Errorf("go vet after toolgen: exit %d\n%s", code, out)
	}
	more := fixed + "\n// Extra is new.\n//\n//tool:export\nfunc Extra() error { return nil }\n"
	if err := os.WriteFile(filepath.Join(dir, "shop", "shop.go"), []byte(more), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, _ := run(gobin, "vet", "-vettool="+bin, "./..."); !strings.Contains(out, "toolschema_gen.go:3:1: OLT014: toolschema_gen.go is stale") {
		t.Errorf("go vet with a stale generated file:\n%s", out)
	}

	// The quality checks are off unless asked for.
	out, _ = run(bin, "-OLT016.enable", "./...")
	if !strings.Contains(out, "OLT016: input.count: tool find: the field has no description") {
		t.Errorf("toolvet -OLT016.enable:\n%s", out)
	}
}
