// Toolvet reports every rule of the toolschema contract (OLT001 to
// OLT030) in Go packages, and runs the standard vet suite beside them, so
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
package main

import (
	"os"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolschema/toolschema/analyzer/olt"
	"github.com/toolschema/toolschema/internal/vetsuite"
)

func main() { multichecker.Main(analyzers(os.Args[1:])...) }

// analyzers returns the analyzers toolvet runs with args: the contract's
// rules, and the vet suite unless args ask for fixes to be applied.
func analyzers(args []string) []*analysis.Analyzer {
	as := append([]*analysis.Analyzer(nil), olt.Analyzers...)
	if fixing(args) {
		return as
	}
	return append(as, vetsuite.Analyzers()...)
}

// fixing reports whether args set -fix (as -fix, --fix or -fix=BOOL, the
// last one given winning). It looks at every argument up to "--": a flag's
// value or a package pattern is never spelled -fix.
func fixing(args []string) bool {
	fix := false
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name != "fix" {
			continue
		}
		fix = true
		if hasValue {
			fix, _ = strconv.ParseBool(value)
		}
	}
	return fix
}
