package server

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The benchmarks drive the server as the tests do, in process over OS
// pipes, with the default debounce (50 ms), which is part of the time
// from an edit to its diagnostics.
//
//	go test -run '^$' -bench . -count 5 ./internal/server

// quickstart is the repository's root and the example's main file: the
// workspace an editor opens on this repository.
func quickstart(b *testing.B) (dir, rel string) {
	dir, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		b.Fatal(err)
	}
	return dir, "examples/quickstart/main.go"
}

// fiftyFiles writes a module with one package of 50 files of tools, two
// tools to a file, each with an input of eight fields.
func fiftyFiles(b *testing.B) (dir, rel string) {
	dir = b.TempDir()
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/big\n\ngo 1.26\n"), 0o644))
	must(os.MkdirAll(filepath.Join(dir, "tools"), 0o755))
	for i := range 50 {
		var s strings.Builder
		fmt.Fprintf(&s, "package tools\n\nimport \"context\"\n\n")
		for j := range 2 {
			n := fmt.Sprintf("%d_%d", i, j)
			fmt.Fprintf(&s, "// Input%s is a tool's input.\ntype Input%s struct {\n", n, n)
			for k := range 8 {
				fmt.Fprintf(&s, "\t// Field%d is a field.\n\tField%d string `json:\"field%d\" maxLength:\"64\"`\n", k, k, k)
			}
			fmt.Fprintf(&s, "}\n\n// Tool%s is a tool.\n//\n//tool:export\nfunc Tool%s(ctx context.Context, in Input%s) (string, error) { return \"\", nil }\n\n", n, n, n)
		}
		must(os.WriteFile(filepath.Join(dir, "tools", fmt.Sprintf("tools%02d.go", i)), []byte(s.String()), 0o644))
	}
	return dir, "tools/tools00.go"
}

// openFirst opens rel and waits for its first diagnostics.
func openFirst(b *testing.B, c *client, rel string) string {
	text := c.open(rel)
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		_, ok := m[c.path(rel)]
		return ok
	})
	return text
}

// benchEdit times an unsaved edit to the diagnostics published for it,
// warm: each edit adds or removes an OLT011 violation (a misspelt json
// option), so the diagnostics change each time.
func benchEdit(b *testing.B, setup func(*testing.B) (string, string), from, to string) {
	dir, rel := setup(b)
	c := startClient(b, dir, options{})
	text := openFirst(b, c, rel)
	if !strings.Contains(text, from) {
		b.Fatalf("%s has no %q", rel, from)
	}
	texts := [2]string{strings.Replace(text, from, to, 1), text}
	version := 1
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		version++
		c.change(rel, version, texts[i%2])
		want := i%2 == 0 // the violation is there
		c.waitFor("the edit's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
			p, ok := m[c.path(rel)]
			if !ok || int(p.Version) != version {
				return false
			}
			return strings.Contains(codes(m, c.path(rel)), "OLT011") == want
		})
	}
}

func BenchmarkEditQuickstart(b *testing.B) {
	benchEdit(b, quickstart, "`json:\"sku\" ", "`json:\"sku,omitemtpy\" ")
}

func BenchmarkEdit50Files(b *testing.B) {
	benchEdit(b, fiftyFiles, "`json:\"field3\" ", "`json:\"field3,omitemtpy\" ")
}

// benchOpen times a new server from initialize to the first diagnostics
// of an opened file: the server's cold start (the go command's build
// cache is warm, as on a machine that built the module before).
func benchOpen(b *testing.B, setup func(*testing.B) (string, string)) {
	dir, rel := setup(b)
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		before := cpuTime()
		c := startClient(b, dir, options{})
		openFirst(b, c, rel)
		b.StopTimer()
		cpu += cpuTime() - before
		c.stop()
		b.StartTimer()
	}
	// The CPU time the process took (the go command's is not counted),
	// which a machine shared with other work does not inflate.
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkOpenQuickstart(b *testing.B) { benchOpen(b, quickstart) }

func BenchmarkOpen50Files(b *testing.B) { benchOpen(b, fiftyFiles) }
