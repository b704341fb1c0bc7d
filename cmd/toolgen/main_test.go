package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/testexit"
	"github.com/toolschema/toolschema/internal/testmodule"
)

// built is toolgen built once for the tests that run it on a module. It
// is built rather than run in the test process because under go test
// -race the test process is race-instrumented, and a run of it (which
// type-checks the module's packages) took some 0.25 s of CPU where the
// plain build's takes 0.07 s; and a command of its own needs no change of
// directory, so the tests run in parallel.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
	out      []byte
}

// toolgen runs the command in dir and returns its exit code and output.
func toolgen(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "toolgen-test-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "toolgen")
		built.out, built.err = exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	cmd := exec.Command(built.bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("toolgen %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return code, stdout.String(), stderr.String()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	testexit.Exit(code)
}

const ordersSrc = `package orders

import "context"

// Kind is a kind of order.
type Kind string

const (
	Retail    Kind = "retail"
	Wholesale Kind = "wholesale"
)

type Query struct {
	Kind  Kind   ` + "`json:\"kind\"`" + `
	Limit int    ` + "`json:\"limit,omitempty\" default:\"10\"`" + `
	Note  string ` + "`json:\"note\" description:\"<b>free & text</b>\"`" + `
}

// Find finds orders.
//
//tool:export timeout=2s version=3 errors=NO_KIND,TOO_MANY max-result=1MB icon=https://example.com/find.png
//tool:example {"kind": "retail", "note": "rush"}
func Find(ctx context.Context, in Query) ([]string, error) { return []string{string(in.Kind)}, nil }

// Ping answers.
//
//tool:export ends-loop requires-approval parallel-safe=false read-only open-world=false "title=Ping the server"
func Ping() string { return "pong" }
`

func TestWriteAndCheck(t *testing.T) {
	t.Parallel()
	dir := testmodule.New(t, map[string]string{"orders/orders.go": ordersSrc})
	gen := filepath.Join(dir, "orders", "toolschema_gen.go")

	code, _, stderr := toolgen(t, dir, "-check", "./...")
	// The file is named from where toolgen runs, and the last line says
	// how to write it.
	want := filepath.Join("orders", "toolschema_gen.go") + ": missing\n" +
		"toolgen: to write them, run go tool toolgen ./... (or go generate in each package), and commit them\n"
	if code != 1 || stderr != want {
		t.Fatalf("-check before generating: exit %d, %q, want %q", code, stderr, want)
	}
	if _, err := os.Stat(gen); err == nil {
		t.Fatal("-check wrote a file")
	}
	if code, _, stderr := toolgen(t, dir, "./..."); code != 0 {
		t.Fatalf("toolgen: exit %d: %s", code, stderr)
	}
	first, err := os.ReadFile(gen)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := toolgen(t, dir, "-check", "./..."); code != 0 {
		t.Fatalf("-check after generating: exit %d: %s", code, stderr)
	}

	// A new tool makes the file stale.
	src := ordersSrc + "\n// Extra is new.\n//\n//tool:export\nfunc Extra() error { return nil }\n"
	os.WriteFile(filepath.Join(dir, "orders", "orders.go"), []byte(src), 0o644)
	if code, _, stderr := toolgen(t, dir, "-check", "./orders"); code != 1 || !strings.Contains(stderr, ": stale") {
		t.Fatalf("-check with a new tool: exit %d, %q", code, stderr)
	}
	if code, _, stderr := toolgen(t, dir, "./orders"); code != 0 {
		t.Fatalf("toolgen: exit %d: %s", code, stderr)
	}
	second, _ := os.ReadFile(gen)
	if bytes.Equal(first, second) || !bytes.Contains(second, []byte(`"extra"`)) {
		t.Error("the regenerated file does not have the new tool")
	}

	// A renamed tool leaves a generated file that no longer compiles;
	// toolgen still regenerates it.
	os.WriteFile(filepath.Join(dir, "orders", "orders.go"), []byte(strings.Replace(src, "func Extra()", "func Other()", 1)), 0o644)
	if code, _, stderr := toolgen(t, dir, "./orders"); code != 0 {
		t.Fatalf("toolgen over a stale file: exit %d: %s", code, stderr)
	}
	third, _ := os.ReadFile(gen)
	if !bytes.Contains(third, []byte(`"other"`)) {
		t.Error("the regenerated file does not have the renamed tool")
	}

	// Without tools or enums the file is no longer needed.
	os.WriteFile(filepath.Join(dir, "orders", "orders.go"), []byte("package orders\n"), 0o644)
	if code, _, stderr := toolgen(t, dir, "-check", "./orders"); code != 1 || !strings.Contains(stderr, "no longer needed") {
		t.Fatalf("-check without tools: exit %d, %q", code, stderr)
	}
	if code, _, stderr := toolgen(t, dir, "./orders"); code != 0 {
		t.Fatalf("toolgen without tools: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(gen); err == nil {
		t.Error("the generated file of a package without tools was kept")
	}
}

func TestJSON(t *testing.T) {
	t.Parallel()
	dir := testmodule.New(t, map[string]string{"orders/orders.go": ordersSrc})
	code, stdout, stderr := toolgen(t, dir, "-json", "./orders")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var tools []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tools); err != nil {
		t.Fatalf("-json output is not a JSON array: %v\n%s", err, stdout)
	}
	if len(tools) != 2 {
		t.Fatalf("got %d tools, want 2", len(tools))
	}
	want := map[string]string{
		"package": `"example.com/m/orders"`, "name": `"find"`, "description": `"Find finds orders."`,
		"inputSchema":  `{"type":"object","properties":{"kind":{"type":"string","enum":["retail","wholesale"]},"limit":{"type":"integer","default":10},"note":{"type":"string","description":"<b>free & text</b>"}},"required":["kind","note"],"additionalProperties":false}`,
		"outputSchema": `{"type":["array","null"],"items":{"type":"string"}}`,
		"ends-loop":    "false", "requires-approval": "false", "parallel-safe": "true", "timeout": `"2s"`, "version": `"3"`,
		"read-only": "false", "destructive": "true", "idempotent": "false", "open-world": "true",
		"errors": `["NO_KIND","TOO_MANY"]`, "max-result": "1048576",
		"examples": `[{"kind":"retail","note":"rush"}]`, "icon": `"https://example.com/find.png"`,
	}
	for k, v := range want {
		if got := string(tools[0][k]); got != v {
			t.Errorf("find %s = %s, want %s", k, got, v)
		}
	}
	if len(tools[0]) != len(want) {
		t.Errorf("find has keys %v", keys(tools[0]))
	}
	if _, ok := tools[1]["outputSchema"]; ok {
		t.Error("ping has an outputSchema")
	}
	if _, ok := tools[1]["timeout"]; ok {
		t.Error("ping has a timeout")
	}
	if _, ok := tools[1]["max-result"]; ok {
		t.Error("ping has a budget")
	}
	if _, ok := tools[1]["examples"]; ok {
		t.Error("ping has examples")
	}
	if string(tools[1]["ends-loop"]) != "true" || string(tools[1]["requires-approval"]) != "true" || string(tools[1]["parallel-safe"]) != "false" {
		t.Errorf("ping metadata: %v", tools[1])
	}
	if p := tools[1]; string(p["title"]) != `"Ping the server"` || string(p["read-only"]) != "true" || string(p["destructive"]) != "false" ||
		string(p["idempotent"]) != "false" || string(p["open-world"]) != "false" {
		t.Errorf("ping policy: %v", p)
	}
	if _, err := os.Stat(filepath.Join(dir, "orders", "toolschema_gen.go")); err == nil {
		t.Error("-json wrote a file")
	}
}

func keys(m map[string]json.RawMessage) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// TestDiagnosticsWriteNothing checks that a package with diagnostics gets
// them all, in file:line:col form, and no file, while another package of
// the same run is generated.
func TestDiagnosticsWriteNothing(t *testing.T) {
	t.Parallel()
	bad := `package bad

// A has a bad option and a bad field.
//
//tool:export timeout=-1s
func A(in struct {
	C chan int ` + "`json:\"c\"`" + `
}) error { return nil }

// B has a bad name.
//
//tool:export name=b!
func B() error { return nil }
`
	dir := testmodule.New(t, map[string]string{"bad/bad.go": bad, "orders/orders.go": ordersSrc})
	code, _, stderr := toolgen(t, dir, "./...")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	for _, want := range []string{
		"bad/bad.go:5:15: OLT013: option timeout:",
		"bad/bad.go:7:2: OLT002: input.c: type chan int has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out)",
		"bad/bad.go:12:15: OLT008: tool name \"b!\"",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "bad", "toolschema_gen.go")); err == nil {
		t.Error("a file was written for the package with diagnostics")
	}
	if _, err := os.Stat(filepath.Join(dir, "orders", "toolschema_gen.go")); err != nil {
		t.Error("the good package was not generated")
	}
}

// TestGoGeneratePositions: under go generate, which runs toolgen in the
// package's directory, positions are given from the module root, as go vet
// run there gives them; run by hand, from the working directory.
func TestGoGeneratePositions(t *testing.T) {
	bad := "package bad\n\n// A is bad.\n//\n//tool:export name=b!\nfunc A() error { return nil }\n"
	dir := testmodule.New(t, map[string]string{"tools/bad/bad.go": bad})
	const want = "tools/bad/bad.go:5:15: OLT008"
	t.Setenv("GOFILE", "bad.go")
	if code, _, stderr := toolgen(t, filepath.Join(dir, "tools", "bad")); code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("under go generate: exit %d, want 1 and %q in\n%s", code, want, stderr)
	}
	t.Setenv("GOFILE", "")
	if code, _, stderr := toolgen(t, filepath.Join(dir, "tools"), "./..."); code != 1 || !strings.Contains(stderr, "\nbad/bad.go:5:15: OLT008") && !strings.HasPrefix(stderr, "bad/bad.go:5:15: OLT008") {
		t.Errorf("by hand in tools/: exit %d, want bad/bad.go:5:15 in\n%s", code, stderr)
	}
}

// mixedSrc has a right tool, two tools whose inputs share a type that has
// no schema, and a tool with a bad option.
const mixedSrc = `package mixed

import "context"

// Window is shared by two tools' inputs.
type Window struct {
	Updates chan string ` + "`json:\"updates\"`" + `
}

type FindIn struct {
	Query string ` + "`json:\"query\"`" + `
}

// Find is right.
//
//tool:export
func Find(ctx context.Context, in FindIn) ([]string, error) { return nil, nil }

type WatchIn struct {
	W Window ` + "`json:\"w\"`" + `
}

type TailIn struct {
	W Window ` + "`json:\"w\"`" + `
}

// Watch reaches Window.
//
//tool:export
func Watch(in WatchIn) error { return nil }

// Tail reaches Window too.
//
//tool:export
func Tail(in TailIn) error { return nil }

// Late has a bad option.
//
//tool:export timeout=soon
func Late() error { return nil }
`

// TestRefusedToolsLeftOut checks what toolgen does with a package that
// mixes right and refused tools: it writes the right ones, prints every
// diagnostic, a problem of a shared type once with the tools that reach
// it, and exits 1. A package whose every tool is refused keeps its file.
func TestRefusedToolsLeftOut(t *testing.T) {
	t.Parallel()
	dir := testmodule.New(t, map[string]string{"mixed/mixed.go": mixedSrc})
	code, _, stderr := toolgen(t, dir, "./...")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, stderr)
	}
	wantLines := []string{
		"mixed/mixed.go:7:2: OLT002: input.w.updates: type chan string has no schema: channels cannot be written as JSON; use a type encoding/json can write (json:\"-\" leaves a field out) (tools watch, tail)",
		"mixed/mixed.go:39:15: OLT013: option timeout: \"soon\" is not a positive Go duration such as 5s or 1m30s (tool late)",
	}
	if got := strings.Split(strings.TrimSpace(stderr), "\n"); !slices.Equal(got, wantLines) {
		t.Errorf("stderr:\n%s\nwant:\n%s", stderr, strings.Join(wantLines, "\n"))
	}
	gen := filepath.Join(dir, "mixed", "toolschema_gen.go")
	content, err := os.ReadFile(gen)
	if err != nil {
		t.Fatalf("the right tool was not written: %v", err)
	}
	for name, want := range map[string]bool{"find": true, "watch": false, "tail": false, "late": false} {
		if got := regexp.MustCompile(`Name:\s+"` + name + `"`).Match(content); got != want {
			t.Errorf("generated file has tool %s: %v, want %v\n%s", name, got, want, content)
		}
	}

	// The written file compiles with the package: a second run loads it
	// without a type error, says the same and writes the same.
	code, _, stderr2 := toolgen(t, dir, "./...")
	if code != 1 || stderr2 != stderr {
		t.Errorf("second run: exit %d\n%s\nwant exit 1 and the first run's output", code, stderr2)
	}
	if again, _ := os.ReadFile(gen); string(again) != string(content) {
		t.Error("the second run wrote another file")
	}
	// -check reports the diagnostics and writes nothing.
	if err := os.Remove(gen); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := toolgen(t, dir, "-check", "./..."); code != 1 {
		t.Errorf("-check: exit %d, want 1", code)
	}
	if _, err := os.Stat(gen); err == nil {
		t.Error("-check wrote the generated file")
	}

	// When every tool is refused the file is left as it is.
	if code, _, _ := toolgen(t, dir, "./..."); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	broken := strings.Replace(mixedSrc, "func Find(ctx context.Context, in FindIn)", "func Find(in FindIn, ctx context.Context)", 1)
	if err := os.WriteFile(filepath.Join(dir, "mixed", "mixed.go"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = toolgen(t, dir, "./...")
	if code != 1 || !strings.Contains(stderr, "OLT009") {
		t.Errorf("every tool refused: exit %d\n%s", code, stderr)
	}
	if again, err := os.ReadFile(gen); err != nil || string(again) != string(content) {
		t.Errorf("every tool refused: the generated file was changed or removed (%v)", err)
	}
}

func TestUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-check", "-json"}, &stdout, &stderr); code != 2 {
		t.Errorf("-check -json: exit %d, want 2", code)
	}
	if code := run([]string{"-nope"}, &stdout, &stderr); code != 2 {
		t.Errorf("unknown flag: exit %d, want 2", code)
	}
}

// TestGoGenerate runs the whole path a user takes: go get -tool, a
// //go:generate line, go generate, go build, and a run of the program,
// whose main package uses its own generated tool list.
func TestGoGenerate(t *testing.T) {
	t.Parallel() // no change of directory or environment: the go command runs in its module
	if testing.Short() {
		t.Skip("builds a module: not in -short")
	}
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	main := `package main

//go:generate go tool toolgen

import (
	"context"
	"encoding/json"
	"fmt"
)

// Color is a color.
type Color string

const (
	Red  Color = "red"
	Blue Color = "blue"
)

// Paint paints a wall.
//
//tool:export
func Paint(ctx context.Context, in struct {
	Wall  string ` + "`json:\"wall\"`" + `
	Color Color  ` + "`json:\"color\"`" + `
}) (string, error) {
	return in.Wall + " is " + string(in.Color), nil
}

func main() {
	for _, t := range Tools() {
		r, err := t.Invoke(context.Background(), json.RawMessage(` + "`" + `{"wall":"north","color":"blue"}` + "`" + `))
		fmt.Println(t.Name, string(t.InputSchema), r.Text(), err)
	}
}
`
	dir := testmodule.New(t, map[string]string{"main.go": main})
	goCmd := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(gobin, args...)
		cmd.Dir = dir
		// This module is not published, so the module proxy refuses the
		// lookups go get makes for its paths; every dependency is in the
		// module cache already (CI runs go mod download first).
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	goCmd("get", "-tool", "github.com/toolschema/toolschema/cmd/toolgen")
	goCmd("generate", "./...")
	if _, err := os.Stat(filepath.Join(dir, "toolschema_gen.go")); err != nil {
		t.Fatal("go generate wrote no file")
	}
	goCmd("vet", "./...")
	goCmd("build", "-o", "paint", ".")
	cmd := exec.Command(filepath.Join(dir, "paint"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	want := `paint {"type":"object","properties":{"wall":{"type":"string"},"color":{"type":"string","enum":["red","blue"]}},"required":["wall","color"],"additionalProperties":false} north is blue <nil>` + "\n"
	if string(out) != want {
		t.Errorf("program printed\n%s\nwant\n%s", out, want)
	}
}

// TestVersionGuard checks that generated code written for another version
// of the runtime interface fails to build, and says where to look.
func TestVersionGuard(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a module: not in -short")
	}
	dir := testmodule.New(t, map[string]string{"orders/orders.go": ordersSrc})
	if code, _, stderr := toolgen(t, dir, "./orders"); code != 0 {
		t.Fatalf("toolgen: %s", stderr)
	}
	gen := filepath.Join(dir, "orders", "toolschema_gen.go")
	src, _ := os.ReadFile(gen)
	// next is beyond every version this generator writes.
	v, next := strconv.Itoa(generator.GenVersion), strconv.Itoa(generator.GenVersion+1)
	if !bytes.Contains(src, []byte("EnforceVersion("+v+" - toolimpl.MinGenVersion)")) {
		t.Fatalf("no version guard in\n%s", src)
	}
	build := func() (string, error) {
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "./orders")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := build(); err != nil {
		t.Fatalf("the generated code does not build: %v\n%s", err, out)
	}
	// As if written by a newer toolgen, for the next version.
	newer := bytes.ReplaceAll(src, []byte("("+v+" - toolimpl.MinGenVersion)"), []byte("("+next+" - toolimpl.MinGenVersion)"))
	newer = bytes.ReplaceAll(newer, []byte("(toolimpl.MaxGenVersion - "+v+")"), []byte("(toolimpl.MaxGenVersion - "+next+")"))
	os.WriteFile(gen, newer, 0o644)
	out, err := build()
	if err == nil || !strings.Contains(out, "EnforceVersion") || !strings.Contains(out, "toolschema_gen.go") {
		t.Errorf("code generated for another version built, or failed without naming the guard: %v\n%s", err, out)
	}
	// As if written by a toolgen of version 4, whose guard named package
	// tool: it fails to build the same way.
	older := bytes.ReplaceAll(src, []byte("toolimpl.EnforceVersion("+v+" - toolimpl.MinGenVersion)"), []byte("tool.EnforceVersion(4 - tool.MinGenVersion)"))
	older = bytes.ReplaceAll(older, []byte("toolimpl.EnforceVersion(toolimpl.MaxGenVersion - "+v+")"), []byte("tool.EnforceVersion(tool.MaxGenVersion - 4)"))
	if bytes.Equal(older, src) {
		t.Fatal("no guard to rewrite")
	}
	os.WriteFile(gen, older, 0o644)
	out, err = build()
	if err == nil || !strings.Contains(out, "EnforceVersion") || !strings.Contains(out, "toolschema_gen.go") {
		t.Errorf("code generated for version 4 built, or failed without naming the guard: %v\n%s", err, out)
	}
	// toolgen writes the file anew over it, even when the package's own
	// code uses what the file declares.
	os.WriteFile(filepath.Join(dir, "orders", "use.go"), []byte("package orders\n\nvar _ = Tools\n"), 0o644)
	if code, _, stderr := toolgen(t, dir, "./orders"); code != 0 {
		t.Fatalf("toolgen over code of version 4: exit %d: %s", code, stderr)
	}
	if again, _ := os.ReadFile(gen); !bytes.Equal(again, src) {
		t.Errorf("toolgen over code of version 4 wrote\n%s", again)
	}
}
