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
// from an edit to its diagnostics. Each has a sub-benchmark for this
// server and one for golangci-lint-langserver running golangci-lint with
// the plugin, a process the same client drives over its standard input
// and output; the second is skipped unless TOOLSCHEMA_GOLANGCI names its
// binaries (golangci_test.go).
//
//	go test -run '^$' -bench . -count 5 ./internal/server

// quickstart is a copy of the repository's root module (copyRoot) and the
// example's main file: golangci-lint-langserver saves files, which it
// must not do in the checkout, and both servers see the same module (in
// the checkout, go.work would add the nested modules to this server's
// workspace).
func quickstart(b *testing.B) (dir, rel string) {
	return copyRoot(b), "examples/quickstart/main.go"
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

// A server measured: this one, or golangci-lint-langserver.
type side struct {
	name string
	// start starts the server on the module in dir; golangci-lint keeps
	// its cache in cache.
	start func(b *testing.B, dir, cache string) *client
	// writes: the server is given saved files, not unsaved text.
	writes bool
}

var sides = []side{
	{name: "toolschema-lsp", start: func(b *testing.B, dir, _ string) *client { return startClient(b, dir, options{}) }},
	// A client that cannot watch files (Neovim 0.7): the server looks at
	// the workspace's folders on disk at each run.
	{name: "toolschema-lsp-nowatch", start: func(b *testing.B, dir, _ string) *client {
		return startClient(b, dir, options{noWatch: true})
	}},
	{name: "golangci-lint-langserver", start: func(b *testing.B, dir, cache string) *client {
		return startGolangci(b, dir, "GOLANGCI_LINT_CACHE="+cache)
	}, writes: true},
}

// A package measured, with an edit that adds an OLT011 violation (a
// misspelt json option) to the opened file.
type workload struct {
	setup    func(b *testing.B) (dir, rel string)
	from, to string
}

var (
	quickstartLoad = workload{
		setup: quickstart,
		from:  "`json:\"sku\" ", to: "`json:\"sku,omitemtpy\" ",
	}
	fiftyLoad = workload{
		setup: fiftyFiles,
		from:  "`json:\"field3\" ", to: "`json:\"field3,omitemtpy\" ",
	}
)

// eachSide runs f for each server, as sub-benchmarks server=NAME.
func eachSide(b *testing.B, f func(b *testing.B, s side)) {
	for _, s := range sides {
		b.Run("server="+s.name, func(b *testing.B) {
			if !strings.HasPrefix(s.name, "toolschema-lsp") {
				golangciBins(b)
			}
			f(b, s)
		})
	}
}

// openFirst opens rel and waits for its first diagnostics, which must all
// be rules'.
func openFirst(b *testing.B, c *client, rel string) string {
	text := c.open(rel)
	m := c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		_, ok := m[c.path(rel)]
		return ok
	})
	checkSources(b, m[c.path(rel)])
	return text
}

// benchEdit times an edit to the diagnostics published for it, warm:
// each edit adds or removes the workload's OLT011 violation, so the
// diagnostics change each time, and adds a comment of its own, so that
// no text is seen twice (golangci-lint would find a package's issues in
// its cache). For this server the edit is the editor's unsaved text
// (didChange); golangci-lint-langserver ignores that
// (TestGolangciLangserver), so for it the edit is saved: the file written
// and didSave.
func benchEdit(b *testing.B, w workload) {
	eachSide(b, func(b *testing.B, s side) {
		dir, rel := w.setup(b)
		c := s.start(b, dir, b.TempDir())
		text := openFirst(b, c, rel)
		if !strings.Contains(text, w.from) {
			b.Fatalf("%s has no %q", rel, w.from)
		}
		texts := [2]string{strings.Replace(text, w.from, w.to, 1), text}
		version := 1
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			version++
			before := c.published(rel)
			text := texts[i%2] + fmt.Sprintf("\n// edit %d\n", i)
			if s.writes {
				c.save(rel, text)
			} else {
				c.change(rel, version, text)
			}
			want := i%2 == 0 // the violation is there
			c.waitFor("the edit's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
				p, ok := m[c.path(rel)]
				if !ok || c.published(rel) == before {
					return false
				}
				if !s.writes && int(p.Version) != version {
					return false
				}
				return strings.Contains(codes(m, c.path(rel)), "OLT011") == want
			})
		}
	})
}

func BenchmarkEditQuickstart(b *testing.B) { benchEdit(b, quickstartLoad) }

func BenchmarkEdit50Files(b *testing.B) { benchEdit(b, fiftyLoad) }

// benchOpen times a new server from initialize to the first diagnostics
// of an opened file: the server's cold start. The go command's build
// cache is warm, as on a machine that built the module before: one start
// and open, untimed, warms it. golangci-lint is measured twice: with its
// own cache empty (cache=empty), as this server always starts, and with
// the cache that start left (cache=warm), where golangci-lint takes the
// unchanged package's issues from it without running the plugin.
func benchOpen(b *testing.B, w workload) {
	eachSide(b, func(b *testing.B, s side) {
		dir, rel := w.setup(b)
		warm := b.TempDir()
		c := s.start(b, dir, warm)
		openFirst(b, c, rel)
		c.stop()
		run := func(b *testing.B, cache func() string) {
			var cpu time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				cacheDir := cache()
				b.StartTimer()
				before := cpuTime()
				c := s.start(b, dir, cacheDir)
				openFirst(b, c, rel)
				b.StopTimer()
				c.stop()
				cpu += cpuTime() - before
				b.StartTimer()
			}
			// The CPU time taken, which a machine shared with other work
			// does not inflate: the test process's and its children's,
			// the go command's and golangci-lint's runs among them
			// (counted once they have exited, hence after stop).
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
		}
		if !s.writes {
			run(b, func() string { return "" })
			return
		}
		b.Run("cache=empty", func(b *testing.B) { run(b, func() string { return b.TempDir() }) })
		b.Run("cache=warm", func(b *testing.B) { run(b, func() string { return warm }) })
	})
}

// cpuTime is the user and system time of the process and of its
// children that have exited so far.
func cpuTime() time.Duration {
	var self, children syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + children.Utime.Nano() + children.Stime.Nano())
}

func BenchmarkOpenQuickstart(b *testing.B) { benchOpen(b, quickstartLoad) }

func BenchmarkOpen50Files(b *testing.B) { benchOpen(b, fiftyLoad) }
