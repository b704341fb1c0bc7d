package server

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"go.lsp.dev/protocol"
)

// golangci-lint-langserver with a golangci-lint built with the plugin is
// the other way to see the rules in an editor (docs/editors.md). The test
// below and the benchmarks measure it beside this server when
// TOOLSCHEMA_GOLANGCI names a directory holding both binaries, as
// lsp/bench/golangci/README.md builds them:
//
//	TOOLSCHEMA_GOLANGCI=$HOME/gcl go test -run Golangci -bench . ./internal/server
//
// Without it, only this server is tested and measured.
const golangciEnv = "TOOLSCHEMA_GOLANGCI"

// The binaries' names in that directory.
const (
	langserverBin = "golangci-lint-langserver"
	customGclBin  = "custom-gcl"
)

// golangciConfig enables the plugin alone, as docs/editors.md shows it
// (with `default: none`, so that no other linter's run is timed), and
// keeps every report on a line.
const golangciConfig = `version: "2"

linters:
  default: none
  enable:
    - toolschema
  settings:
    custom:
      toolschema:
        type: module
        description: the toolschema contract (the OLT rules)

issues:
  uniq-by-line: false
`

// golangciBins returns the two binaries, or skips the test when the
// environment does not name them.
func golangciBins(t testing.TB) (langserver, gcl string) {
	t.Helper()
	dir := os.Getenv(golangciEnv)
	if dir == "" {
		t.Skipf("golangci-lint-langserver not measured: set %s to a directory with %s and %s (see lsp/bench/golangci/README.md)",
			golangciEnv, langserverBin, customGclBin)
	}
	langserver, gcl = filepath.Join(dir, langserverBin), filepath.Join(dir, customGclBin)
	for _, p := range []string{langserver, gcl} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s: %v", golangciEnv, err)
		}
	}
	return langserver, gcl
}

// startGolangci writes the configuration at the root of the module in dir
// and starts golangci-lint-langserver on it, with the command
// docs/editors.md gives it; env is added to golangci-lint's environment.
func startGolangci(t testing.TB, dir string, env ...string) *client {
	t.Helper()
	langserver, gcl := golangciBins(t)
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(golangciConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	return startClient(t, dir, options{
		command:  []string{langserver},
		env:      env,
		initOpts: map[string]any{"command": []string{gcl, "run", "--output.json.path=stdout", "--show-stats=false", "--issues-exit-code=1"}},
	})
}

// copyRoot copies the repository's root module, without the nested
// modules and the workspace file, to a temporary directory.
func copyRoot(t testing.TB) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			if rel != "." {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil || d.Name() == ".git" || d.Name() == "node_modules" {
					return filepath.SkipDir
				}
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if rel == "go.work" || rel == "go.work.sum" || !d.Type().IsRegular() {
			return nil
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(filepath.Join(dst, rel))
		if err != nil {
			return err
		}
		defer out.Close()
		_, err = io.Copy(out, in)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// checkSources fails on a diagnostic that is not a rule's: what
// golangci-lint-langserver publishes when golangci-lint itself fails.
func checkSources(t testing.TB, p protocol.PublishDiagnosticsParams) {
	t.Helper()
	for _, d := range p.Diagnostics {
		if d.Source != Source || codeOf(d) == "" {
			t.Fatalf("a diagnostic that is no rule's (source %q): %s", d.Source, d.Message)
		}
	}
}

// TestGolangciLangserver opens the seeded module in both servers and
// records what golangci-lint-langserver sends against this server's
// diagnostics: which rules, and the ranges (a point, in bytes). Then it
// shows that it ignores unsaved text, and follows a save.
func TestGolangciLangserver(t *testing.T) {
	golangciBins(t)
	dir := seeded(t)
	ours := startClient(t, dir, options{})
	texts := map[string]string{}
	for _, rel := range seededFiles {
		texts[rel] = ours.open(rel)
	}
	want := readGolden(t)
	mine := ours.waitFor("the seeded diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return all(m, ours, len(want))
	})
	ours.stop()

	gcl := startGolangci(t, dir)
	for _, rel := range seededFiles {
		gcl.open(rel)
	}
	theirs := gcl.waitFor("golangci-lint's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		for _, rel := range seededFiles {
			if _, ok := m[gcl.path(rel)]; !ok {
				return false
			}
		}
		return true
	})

	// Each of theirs is one of ours, on the same line; they are logged
	// side by side, with the widths of the ranges.
	var n, zero, coded int
	for _, rel := range seededFiles {
		p := theirs[gcl.path(rel)]
		checkSources(t, p)
		lines := strings.Split(texts[rel], "\n")
		for _, d := range p.Diagnostics {
			n++
			id := codeOf(d)
			i := slices.IndexFunc(mine[ours.path(rel)].Diagnostics, func(o protocol.Diagnostic) bool {
				return codeOf(o) == id && o.Range.Start.Line == d.Range.Start.Line
			})
			if i < 0 {
				t.Errorf("%s:%d: golangci-lint-langserver sent %s, which this server does not", rel, d.Range.Start.Line+1, id)
				continue
			}
			o := mine[ours.path(rel)].Diagnostics[i]
			if d.Range.Start == d.Range.End {
				zero++
			}
			if d.Code != nil || d.CodeDescription != nil {
				coded++
			}
			// Its column read as bytes, the UTF-16 column of the same point.
			line := lines[d.Range.Start.Line]
			asUTF16 := utf16Len(line[:min(int(d.Range.Start.Character), len(line))])
			t.Logf("%s %s: golangci-lint-langserver %s, width %d, severity %d (its column %d is UTF-16 column %d if read as bytes); toolschema-lsp %s, width %d, severity %d",
				rel, id, span(d.Range), d.Range.End.Character-d.Range.Start.Character, int(d.Severity), d.Range.Start.Character, asUTF16,
				span(o.Range), o.Range.End.Character-o.Range.Start.Character, int(o.Severity))
		}
	}
	t.Logf("diagnostics: golangci-lint-langserver %d, toolschema-lsp %d; zero-width ranges: %d of %d; with a code or a link: %d of %d",
		n, len(want), zero, n, coded, n)
	if n == 0 {
		t.Fatalf("golangci-lint-langserver sent no diagnostic")
	}

	// An unsaved edit that removes the OLT011 violation: nothing is
	// published within 10 s.
	const rel = "tools/tools.go"
	const from, to = "`json:\"größe,string\"`", "`json:\"größe\"`"
	if !strings.Contains(texts[rel], from) {
		t.Fatalf("%s has no %q", rel, from)
	}
	edited := strings.Replace(texts[rel], from, to, 1)
	before := gcl.published(rel)
	gcl.change(rel, 2, edited)
	start := time.Now()
	for time.Since(start) < 10*time.Second {
		select {
		case <-gcl.changed:
		case <-time.After(100 * time.Millisecond):
		}
		if gcl.published(rel) != before {
			t.Fatalf("golangci-lint-langserver published diagnostics for an unsaved edit")
		}
	}
	t.Logf("an unsaved edit: no diagnostics from golangci-lint-langserver in %v", time.Since(start).Round(time.Second))

	// Saved, the edit's diagnostics arrive: OLT011 is gone.
	start = time.Now()
	gcl.save(rel, edited)
	m := gcl.waitFor("the saved edit's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return gcl.published(rel) > before
	})
	checkSources(t, m[gcl.path(rel)])
	got := codes(m, gcl.path(rel))
	if strings.Contains(got, "OLT011") || len(m[gcl.path(rel)].Diagnostics) != len(theirs[gcl.path(rel)].Diagnostics)-1 {
		t.Errorf("after the save: %s; want those before (%s) less OLT011", got, codes(theirs, gcl.path(rel)))
	}
	t.Logf("the same edit saved: diagnostics from golangci-lint-langserver after %v", time.Since(start).Round(time.Millisecond))
}

// span shows a range as LSP has it, but for the lines, counted from 1:
// line:character-line:character.
func span(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line+1, r.Start.Character, r.End.Line+1, r.End.Character)
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
