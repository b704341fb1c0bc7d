// Toolvet reports every rule of the toolschema contract (OLT001 to
// OLT034) in Go packages, and runs the standard vet suite beside them, so
// that it can take the place of go vet's own tool.
//
// One binary serves three drivers:
//
//	toolvet [flags] ./...                          # standalone
//	go vet -vettool=$(go tool -n toolvet) ./...    # as go vet's analysis tool
//	go fix -fixtool=$(go tool -n toolvet) ./...    # applying the suggested fixes
//
// Each rule is an analyzer named after its ID: -OLT011=false turns one
// off; -OLT015.providers=openai,anthropic and -OLT016.enable (to OLT019)
// turn on the checks that are off by default. toolvet help lists them.
//
// The analyzers of cmd/vet (printf, copylocks, structtag and the rest) run
// too, with vet's own flags (-printf=false, -printf.funcs=...), so that
// go vet -vettool=toolvet reports everything go vet does. When fixes are
// applied (-fix, as go fix and go vet -fix pass it) only the contract's
// rules run: vet's analyzers suggest fixes that are not all safe to apply
// unread (which is why cmd/fix leaves them out); go vet -fix applies them.
//
// A -fix run also prints the diagnostics it has no fix for. toolvet -fix
// then exits 3, as a run without -fix does when it reports something.
// Under go fix the exit stays 0, since the go command drops the fixes of
// a package whose fix tool fails: run go vet too where a check must fail.
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolschema/toolschema/internal/vetsuite"
	"github.com/toolschema/toolschema/olt"
)

func main() {
	args := os.Args[1:]
	if len(args) == 1 && args[0] == "help" {
		// The analysis driver's help is about static analysis in general:
		// say first what this tool is.
		fmt.Print(helpIntro)
	}
	switch {
	case fixing(args) && unit(args):
		// Under go fix: a nonzero exit would drop the package's fixes,
		// so what has no fix is printed and the exit stays 0.
		multichecker.Main(tellingLeft(analyzers(args), os.Stderr)...)
	case fixing(args) && !diffing(args) && os.Getenv(phaseEnv) == "":
		os.Exit(fixThenReport(args))
	case os.Getenv(phaseEnv) == "fix":
		multichecker.Main(notingFixes(analyzers(args), os.Getenv(fixedEnv))...)
	}
	multichecker.Main(analyzers(args)...)
}

// helpIntro is what toolvet help prints before the analysis driver's
// own text and its list of analyzers.
const helpIntro = `toolvet reports the rules of the toolschema contract (OLT001 to OLT034:
what a Go function exposed as an LLM tool, its input and its result must be)
and runs go vet's own analyzers beside them.

	toolvet [flags] ./...                          # standalone
	go vet -vettool=$(go tool -n toolvet) ./...    # as go vet's analysis tool
	go fix -fixtool=$(go tool -n toolvet) ./...    # applying the suggested fixes

Each rule is an analyzer named after its ID (-OLT011=false turns one off);
toolvet help OLT011 says what it checks. The rules are described in
docs/diagnostics.md and in go doc github.com/toolschema/toolschema/olt.
In an editor, as you type and with quick fixes: toolschema-lsp, a language
server run beside gopls (the module lsp/), or golangci-lint with the
plugin; docs/editors.md says how.

`

// phaseEnv tells a toolvet started by fixThenReport which part it is:
// "report" runs only the contract's rules, as a -fix run does.
const phaseEnv = "TOOLVET_PHASE"

// fixedEnv names, for the toolvet that applies the fixes, the file where
// it notes each fix it hands the analysis driver to apply (notingFixes):
// the report after it says whether any was.
const fixedEnv = "TOOLVET_FIXED"

// rules are the contract's rules as toolvet runs them: toolvet runs where
// the package's files are, and reads a package's revision lock there for
// OLT029 (the analysis framework hands an analyzer no file but Go, C,
// assembly and object code).
var rules, _ = olt.NewAnalyzers(olt.Config{ReadLock: os.ReadFile}) // no providers: no error

// analyzers returns the analyzers toolvet runs with args: the contract's
// rules, and the vet suite unless args ask for fixes to be applied (or
// this is the report after them).
func analyzers(args []string) []*analysis.Analyzer {
	as := append([]*analysis.Analyzer(nil), rules...)
	if fixing(args) || os.Getenv(phaseEnv) == "report" {
		return as
	}
	return append(as, vetsuite.Analyzers()...)
}

// fixThenReport runs toolvet twice: once with args, applying the fixes
// (the analysis driver then prints nothing and exits 0), and once without
// -fix, reporting what is left. It returns the exit code: the first run's
// when it failed, else the report's (3 when diagnostics are left).
func fixThenReport(args []string) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "toolvet: %v\n", err)
		return 1
	}
	noted, err := os.CreateTemp("", "toolvet-fixed-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "toolvet: %v\n", err)
		return 1
	}
	noted.Close()
	defer os.Remove(noted.Name())
	run := func(phase string, args []string, stderr io.Writer) int {
		cmd := exec.Command(self, args...)
		cmd.Env = append(os.Environ(), phaseEnv+"="+phase, fixedEnv+"="+noted.Name())
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		} else if err != nil {
			fmt.Fprintf(os.Stderr, "toolvet: %v\n", err)
			return 1
		}
		return 0
	}
	if code := run("fix", args, os.Stderr); code != 0 {
		return code
	}
	var left bytes.Buffer
	code := run("report", withoutFix(args), &left)
	if left.Len() > 0 {
		if code == 3 {
			if fi, err := os.Stat(noted.Name()); err == nil && fi.Size() > 0 {
				fmt.Fprintln(os.Stderr, "toolvet: fixes applied; these diagnostics have no automatic fix:")
			} else {
				fmt.Fprintln(os.Stderr, "toolvet: no fix was applied; these diagnostics have no automatic fix:")
			}
		}
		os.Stderr.Write(left.Bytes())
	}
	return code
}

// tellingLeft returns the analyzers as, each printing to w the
// diagnostics it reports without a suggested fix: a -fix run applies the
// others and would otherwise say nothing of these.
func tellingLeft(as []*analysis.Analyzer, w io.Writer) []*analysis.Analyzer {
	var mu sync.Mutex
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		c := *a
		c.Run = func(pass *analysis.Pass) (any, error) {
			p := *pass
			p.Report = func(d analysis.Diagnostic) {
				if len(d.SuggestedFixes) == 0 {
					mu.Lock()
					fmt.Fprintf(w, "%s: %s (no automatic fix)\n", pass.Fset.Position(d.Pos), d.Message)
					mu.Unlock()
				}
				pass.Report(d)
			}
			return a.Run(&p)
		}
		out[i] = &c
	}
	return out
}

// notingFixes returns the analyzers as, each noting in the file named
// path (a line each) the diagnostics whose fix the analysis driver will
// apply: those with a suggested fix that edits something, and nothing in
// a generated file (which the driver skips). A fix that conflicts with
// another makes the driver fail, and that failure is toolvet's exit.
func notingFixes(as []*analysis.Analyzer, path string) []*analysis.Analyzer {
	if path == "" {
		return as
	}
	var mu sync.Mutex
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		c := *a
		c.Run = func(pass *analysis.Pass) (any, error) {
			generated := map[*token.File]bool{}
			for _, f := range pass.Files {
				if ast.IsGenerated(f) {
					generated[pass.Fset.File(f.FileStart)] = true
				}
			}
			p := *pass
			p.Report = func(d analysis.Diagnostic) {
				if len(d.SuggestedFixes) > 0 && applies(d.SuggestedFixes[0], pass.Fset, generated) {
					mu.Lock()
					if f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0); err == nil {
						fmt.Fprintf(f, "%s: %s\n", pass.Fset.Position(d.Pos), d.Message)
						f.Close()
					}
					mu.Unlock()
				}
				pass.Report(d)
			}
			return a.Run(&p)
		}
		out[i] = &c
	}
	return out
}

// applies reports whether the analysis driver applies fix (the first of
// a diagnostic's, the one it takes): one that edits something, and no
// generated file.
func applies(fix analysis.SuggestedFix, fset *token.FileSet, generated map[*token.File]bool) bool {
	for _, e := range fix.TextEdits {
		if generated[fset.File(e.Pos)] {
			return false
		}
	}
	return len(fix.TextEdits) > 0
}

// unit reports whether args are a go vet or go fix invocation: one .cfg
// file describing a package unit.
func unit(args []string) bool {
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// diffing reports whether args set -diff: fixes are printed, not applied,
// and nothing is left to report.
func diffing(args []string) bool { return boolFlag(args, "diff") }

// withoutFix returns args less every -fix flag.
func withoutFix(args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && name == "fix" {
			continue
		}
		out = append(out, a)
	}
	return out
}

// fixing reports whether args set -fix (as -fix, --fix or -fix=BOOL, the
// last one given winning). It looks at every argument up to "--": a flag's
// value or a package pattern is never spelled -fix.
func fixing(args []string) bool { return boolFlag(args, "fix") }

// boolFlag reports whether args set the boolean flag name (as -name,
// --name or -name=BOOL, the last one given winning), looking at every
// argument up to "--".
func boolFlag(args []string, flag string) bool {
	on := false
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != flag {
			continue
		}
		on = true
		if hasValue {
			on, _ = strconv.ParseBool(value)
		}
	}
	return on
}
