package olt_test

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/olt"
)

// Loading the testdata is most of what these tests cost: analysistest
// loads a package with every dependency from source (the standard library
// included, context and its runtime), which under -race takes seconds per
// load. So TestRules loads its packages once and runs every rule over
// them, and the tests without // want comments load theirs once, with the
// dependencies from export data.

// A ruleRun is one rule, with a configuration, over some testdata
// packages.
type ruleRun struct {
	id       string
	cfg      olt.Config
	patterns []string
}

// combined returns an analyzer that runs, on each package, the rules that
// runs give for it (and nothing on the others), so that one analysistest
// run checks them all against the // want comments. Every rule reports
// through the combined pass: a diagnostic's Category is its rule's ID.
func combined(t *testing.T, runs []ruleRun) (*analysis.Analyzer, []string) {
	t.Helper()
	byPkg := map[string][]*analysis.Analyzer{}
	var patterns []string
	for _, r := range runs {
		a := rule(t, r.cfg, r.id)
		for _, p := range r.patterns {
			if _, ok := byPkg[p]; !ok {
				patterns = append(patterns, p)
			}
			byPkg[p] = append(byPkg[p], a)
		}
	}
	return &analysis.Analyzer{
		Name:     "rules",
		Doc:      "rules runs each rule's analyzer on the testdata packages given for it.",
		Requires: []*analysis.Analyzer{olt.Core},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, a := range byPkg[pass.Pkg.Path()] {
				if _, err := a.Run(pass); err != nil {
					return nil, err
				}
			}
			return nil, nil
		},
	}, patterns
}

// diagnosticsBy returns the diagnostics of analysistest results by rule.
func diagnosticsBy(results []*analysistest.Result) map[string][]analysis.Diagnostic {
	m := map[string][]analysis.Diagnostic{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			m[d.Category] = append(m[d.Category], d)
		}
	}
	return m
}

// sharedPatterns are the testdata packages the tests without // want
// comments share one load of.
var sharedPatterns = []string{"olt014/wordsize", "olt015", "olt016", "olt017", "olt018", "olt026", "olt027", "olt028", "olt030", "olt022dropin", "olt022shared"}

var sharedLoad = sync.OnceValues(func() ([]*packages.Package, error) {
	dir, err := filepath.Abs(analysistest.TestData())
	if err != nil {
		return nil, err
	}
	// As analysistest finds them (GOPATH mode, with tests, for the word
	// size the tests name: amd64, see TestWordSize), but with the
	// dependencies' types from export data: these tests check no // want
	// comments, and the rules use no facts, so only the packages
	// analyzed need their syntax.
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedModule,
		Dir:   dir,
		Tests: true,
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOARCH=amd64"),
	}
	return packages.Load(cfg, sharedPatterns...)
})

// shared returns the loaded packages of the given paths (each a pattern of
// sharedPatterns), their test variants included.
func shared(t *testing.T, paths ...string) []*packages.Package {
	t.Helper()
	pkgs, err := sharedLoad()
	if err != nil {
		t.Fatal(err)
	}
	var out []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.ID, p.Errors)
		}
		if slices.Contains(paths, p.PkgPath) {
			out = append(out, p)
		}
	}
	if len(out) < len(paths) {
		t.Fatalf("loaded %d of the packages %q", len(out), paths)
	}
	return out
}
