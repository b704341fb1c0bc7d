package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
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

// srcWant are the diagnostics of toolvet and go vet -vettool=toolvet on
// src, as shop/shop.go.
var srcWant = []string{
	"shop/shop.go:6:28: OLT011: input.count: the ,string option makes encoding/json quote the value",
	"shop/shop.go:13:21: OLT009: the context.Context parameter comes after the input; it must come before",
}

// TestDrivers runs toolvet the three ways it is meant to run, on a
// throw-away module: standalone, as go vet's tool, and as go fix's.
func TestDrivers(t *testing.T) {
	t.Parallel()
	gobin, bin, toolgen := tools(t)
	dir := testmodule.New(t, map[string]string{"shop/shop.go": src, "plain/plain.go": "package plain\n\nfunc Plain() {}\n",
		// go vet analyzes only the test variant of a package with tests.
		"shop/shop_test.go": "package shop\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n"})
	run := runner(t, dir)
	wantLines := srcWant

	// The standalone run on this module as it is, with the test
	// variants, is TestStandalone's (one run on the packages of several
	// tests). The runs here leave the test variants out (-test=false):
	// with them the driver loads the test main's dependencies from
	// source, for nothing the contract's rules look at (go vet below
	// checks the test variant).
	out, code := run(bin, "-test=false", "-OLT011=false", "./...")
	if code != 3 || strings.Contains(out, "OLT011") || !strings.Contains(out, "OLT009") {
		t.Errorf("toolvet -OLT011=false: exit %d, want 3 (diagnostics)\n%s", code, out)
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
	// That OLT014 remains (the package has tools and no generated file)
	// is TestStandalone's, on a package with what go fix wrote.
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

	// vet's own suite runs too: a printf mistake is reported standalone
	// and under go vet, and vet's flag for the analyzer turns it off.
	if out, code := run(toolgen, "./..."); code != 0 {
		t.Fatalf("toolgen: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "plain", "plain.go"), []byte(printfSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	// toolvet standalone on the mistake is TestStandalone's (its plain).
	const printfWant = printfDiag
	out, code = run(gobin, "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(out, printfWant) {
		t.Errorf("go vet -vettool on a printf mistake: exit %d, want %q in\n%s", code, printfWant, out)
	}
	// With the printf analyzer off, the module (generated, the printf
	// mistake in plain) has nothing to report but what is asked for: the
	// quality checks, off unless asked for, here OLT016. (One standalone
	// run for both flags: each type-checks every dependency from source.)
	const quality = "shop/shop.go:6:2: OLT016: input.count: the field has no description: write a doc comment or a description tag (tool find)"
	out, code = run(bin, "-test=false", "-printf=false", "-OLT016.enable", "./...")
	if code != 3 || !strings.Contains(out, quality) {
		t.Errorf("toolvet -printf=false -OLT016.enable: exit %d, want 3 and %q\n%s", code, quality, out)
	}
	for line := range strings.Lines(out) {
		if !strings.Contains(line, "shop/shop.go:") || !strings.Contains(line, ": OLT016: ") {
			t.Errorf("toolvet -printf=false -OLT016.enable: %q, want OLT016 in shop alone", line)
		}
	}
	// Applying fixes runs only the contract's rules: the printf mistake
	// is left as it is (go vet -fix would rewrite it).
	if out, code := run(gobin, "fix", "-fixtool="+bin, "./..."); code != 0 {
		t.Errorf("go fix -fixtool with a printf mistake: exit %d\n%s", code, out)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "plain", "plain.go")); err != nil || string(got) != printfSrc {
		t.Errorf("go fix -fixtool changed plain.go (%v):\n%s", err, got)
	}

	// Every flag go vet's own tool takes, toolvet takes, with the same
	// meaning (bool or not), so any go vet command line works with it.
	vetFlags := toolFlags(t, gobin, "tool", "vet", "-flags")
	ours := toolFlags(t, bin, "-flags")
	for name, isBool := range vetFlags {
		if b, ok := ours[name]; !ok {
			t.Errorf("toolvet has no flag -%s (go tool vet has)", name)
		} else if b != isBool {
			t.Errorf("toolvet's -%s: bool %v, go tool vet's %v", name, b, isBool)
		}
	}
}

// printfDiag is vet's diagnostic of printfSrc, as plain.go.
const printfDiag = "plain.go:6:14: fmt.Printf format %d has arg name of wrong type string"

// printfSrc has a printf mistake for the vet suite and no tool.
const printfSrc = `package plain

import "fmt"

func Plain(name string) {
	fmt.Printf("%d\n", name)
}
`

// toolFlags returns the flags an analysis tool declares in the -flags
// handshake go vet makes with it: name to whether it is a bool flag.
func toolFlags(t *testing.T, name string, args ...string) map[string]bool {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	var flags []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal(out, &flags); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	m := make(map[string]bool)
	for _, f := range flags {
		m[f.Name] = f.Bool
	}
	if len(m) == 0 {
		t.Fatalf("%s %v declared no flags", name, args)
	}
	return m
}

// TestFixReportsWhatIsLeft: toolvet -fix applies the fixes, then prints
// the diagnostics that have none and exits 3; with nothing left, 0.
func TestFixReportsWhatIsLeft(t *testing.T) {
	t.Parallel()
	gobin, bin, toolgen := tools(t)
	dir := testmodule.New(t, map[string]string{"shop/shop.go": src})
	run := func(name string, args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return string(out), ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		return string(out), 0
	}
	// -diff prints the fixes and applies none: nothing to report after.
	if out, code := run(bin, "-fix", "-diff", "-test=false", "./..."); strings.Contains(out, "no automatic fix") || !strings.Contains(out, "+func Find(ctx context.Context, in Query)") {
		t.Errorf("toolvet -fix -diff: exit %d\n%s", code, out)
	}
	out, code := run(bin, "-fix", "-test=false", "./...")
	if code != 3 || !strings.Contains(out, "toolvet: fixes applied; these diagnostics have no automatic fix:") ||
		!strings.Contains(out, "OLT014") || strings.Contains(out, "OLT011") || strings.Contains(out, "OLT009") {
		t.Errorf("toolvet -fix: exit %d, want 3 and OLT014 alone\n%s", code, out)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "shop", "shop.go")); err != nil || string(got) != fixed {
		t.Errorf("toolvet -fix wrote (%v)\n%s\nwant\n%s", err, got, fixed)
	}
	if out, code := run(toolgen, "./..."); code != 0 {
		t.Fatalf("toolgen: exit %d\n%s", code, out)
	}
	if out, code := run(bin, "-fix", "-test=false", "./..."); code != 0 || out != "" {
		t.Errorf("toolvet -fix with nothing left: exit %d\n%s", code, out)
	}

	// go fix applies what it can and says what it cannot; its exit stays
	// 0, or the go command would drop the package's fixes.
	left := strings.Replace(src, "\tText  string", "\tFeed  chan int `json:\"feed\"`\n\tText  string", 1)
	if err := os.WriteFile(filepath.Join(dir, "shop", "shop.go"), []byte(left), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "shop", "toolschema_gen.go")); err != nil {
		t.Fatal(err)
	}
	out, code = run(gobin, "fix", "-fixtool="+bin, "./...")
	if code != 0 || !strings.Contains(out, "OLT002") || !strings.Contains(out, "(no automatic fix)") ||
		strings.Contains(out, "OLT011") || strings.Contains(out, "OLT009") {
		t.Errorf("go fix -fixtool: exit %d, want 0 and OLT002 said\n%s", code, out)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "shop", "shop.go")); err != nil || strings.Contains(string(got), ",string") {
		t.Errorf("go fix -fixtool did not apply the fixes (%v)\n%s", err, got)
	}
}

// TestFixSaysWhetherItApplied: toolvet -fix says it applied fixes only
// when it did. A package whose only diagnostic has no fix is left as it
// was, and the run says no fix was applied. (A run that applies some says
// so: TestFixReportsWhatIsLeft's first -fix.)
func TestFixSaysWhetherItApplied(t *testing.T) {
	t.Parallel()
	_, bin, _ := tools(t)
	const typo = `package shop

import "context"

type Query struct {
	N int ` + "`json:\"n,omitemtpy\"`" + `
}

// Find finds.
//
//tool:export
func Find(ctx context.Context, in Query) ([]string, error) { return nil, nil }
`
	const say = "toolvet: no fix was applied; these diagnostics have no automatic fix:"
	dir := testmodule.New(t, map[string]string{"shop/shop.go": typo})
	out, code := runner(t, dir)(bin, "-fix", "-test=false", "./...")
	if code != 3 || !strings.HasPrefix(out, say+"\n") || strings.Count(out, "\n") != 2 ||
		!strings.Contains(out, `OLT011: input.n: json tag option "omitemtpy"`) {
		t.Errorf("toolvet -fix: exit %d, want 3, %q and OLT011 alone\n%s", code, say, out)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "shop", "shop.go")); err != nil || string(got) != typo {
		t.Errorf("toolvet -fix changed the file (%v)\n%s", err, got)
	}
}
