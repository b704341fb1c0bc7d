// Package testmodule writes throw-away modules that use this one, for
// tests and benchmarks that run the go command or load packages.
package testmodule

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Root returns the root directory of this module.
func Root(tb testing.TB) string {
	tb.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		tb.Fatal("testmodule: no caller information")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// New writes a module example.com/m with files (paths relative to its
// root) in a temporary directory, and returns the directory. The module
// requires github.com/toolschema/toolschema through a replace directive to
// this checkout, and starts with this module's go.sum.
func New(tb testing.TB, files map[string]string) string {
	tb.Helper()
	dir := tb.TempDir()
	root := Root(tb)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		tb.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		tb.Fatal(err)
	}
	all := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26.0\n\n" +
			"require github.com/toolschema/toolschema v0.0.0-00010101000000-000000000000\n\n" +
			requires(string(mod)) +
			"replace github.com/toolschema/toolschema => " + root + "\n",
		"go.sum": string(sum),
	}
	for name, content := range files {
		all[name] = content
	}
	for name, content := range all {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// requires returns the require directives of a go.mod file, so that the
// throw-away module's build list has what this module's packages import
// without a go mod tidy.
func requires(gomod string) string {
	var b strings.Builder
	in := false
	for line := range strings.Lines(gomod) {
		t := strings.TrimSpace(line)
		switch {
		case t == "require (":
			in = true
			b.WriteString(line)
		case in:
			b.WriteString(line)
			if t == ")" {
				in = false
				b.WriteString("\n")
			}
		case strings.HasPrefix(t, "require "):
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
