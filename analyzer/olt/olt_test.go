package olt_test

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/analyzer/olt"
	"github.com/toolschema/toolschema/schema"
)

// rule returns the analyzer of one rule from a configuration.
func rule(t *testing.T, cfg olt.Config, id string) *analysis.Analyzer {
	t.Helper()
	for _, a := range olt.NewAnalyzers(cfg) {
		if a.Name == id {
			return a
		}
	}
	t.Fatalf("no analyzer %s", id)
	return nil
}

// TestRules runs each rule's analyzer on its testdata package: every
// diagnostic at its position (the // want comments), and the suggested
// fixes against the .golden files.
func TestRules(t *testing.T) {
	quality := olt.Config{Quality: true}
	strict := olt.Config{Providers: []string{"openai", "anthropic", "gemini"}}
	tests := []struct {
		id       string
		cfg      olt.Config
		patterns []string
		fixes    bool
	}{
		{id: "OLT001", patterns: []string{"olt001"}},
		{id: "OLT002", patterns: []string{"olt002"}},
		{id: "OLT003", patterns: []string{"olt003"}},
		{id: "OLT004", patterns: []string{"olt004"}},
		{id: "OLT005", patterns: []string{"olt005"}},
		{id: "OLT006", patterns: []string{"olt006"}},
		{id: "OLT007", patterns: []string{"olt007"}},
		{id: "OLT008", patterns: []string{"olt008"}, fixes: true},
		{id: "OLT009", patterns: []string{"olt009"}, fixes: true},
		{id: "OLT010", patterns: []string{"olt010"}},
		{id: "OLT011", patterns: []string{"olt011"}, fixes: true},
		{id: "OLT012", patterns: []string{"olt012"}, fixes: true},
		{id: "OLT013", patterns: []string{"olt013"}},
		{id: "OLT014", patterns: []string{"olt014/missing", "olt014/stale", "olt014/unneeded"}},
		{id: "OLT015", cfg: strict, patterns: []string{"olt015"}},
		{id: "OLT016", cfg: quality, patterns: []string{"olt016"}},
		{id: "OLT017", cfg: quality, patterns: []string{"olt017"}},
		{id: "OLT018", cfg: quality, patterns: []string{"olt018"}},
		{id: "OLT019", cfg: quality, patterns: []string{"olt019"}},
		{id: "OLT020", patterns: []string{"olt020"}},
		{id: "OLT021", patterns: []string{"olt021"}},
		{id: "OLT030", patterns: []string{"olt030"}},
		{id: "OLT025", patterns: []string{"olt025"}, fixes: true},
		{id: "OLT026", cfg: quality, patterns: []string{"olt026"}, fixes: true},
		{id: "OLT027", cfg: quality, patterns: []string{"olt027"}},
		{id: "OLT028", cfg: quality, patterns: []string{"olt028"}, fixes: true},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			a := rule(t, tt.cfg, tt.id)
			if tt.fixes {
				results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, tt.patterns...)
				// The golden file is compared only when there are fixes:
				// make sure there are.
				fixes := 0
				for _, r := range results {
					for _, d := range r.Diagnostics {
						fixes += len(d.SuggestedFixes)
					}
				}
				if fixes == 0 {
					t.Errorf("%s offered no suggested fix", tt.id)
				}
			} else {
				analysistest.Run(t, analysistest.TestData(), a, tt.patterns...)
			}
		})
	}
}

// TestSDKHandlerAlone reproduces the fault of a go-sdk handler marked as
// a tool, which was reported field by field through the SDK's request
// (OLT002 for its functions, OLT005 for its maps with JSON forms of their
// own) and as three results (OLT003), before the real problem: now OLT030
// is the only diagnostic.
func TestSDKHandlerAlone(t *testing.T) {
	for _, id := range []string{"OLT002", "OLT003", "OLT005", "OLT009", "OLT011"} {
		a := rule(t, olt.Config{}, id)
		results := analysistest.Run(&quiet{T: t}, analysistest.TestData(), a, "olt030")
		for _, r := range results {
			for _, d := range r.Diagnostics {
				t.Errorf("%s reported %q on a go-sdk handler", id, d.Message)
			}
		}
	}
}

// TestOffByDefault checks that the provider and quality rules report
// nothing unless asked for.
func TestOffByDefault(t *testing.T) {
	for _, id := range []string{"OLT015", "OLT016", "OLT017", "OLT018", "OLT026", "OLT027", "OLT028"} {
		a := rule(t, olt.Config{}, id)
		results := analysistest.Run(&quiet{T: t}, analysistest.TestData(), a, "olt015", "olt016", "olt017", "olt018", "olt026", "olt027", "olt028")
		for _, r := range results {
			if len(r.Diagnostics) > 0 {
				t.Errorf("%s reported %d diagnostics while off", id, len(r.Diagnostics))
			}
		}
	}
}

// quiet is a testing.T for analysistest that lets unmatched // want
// comments go: the off-by-default run expects none of them to match.
type quiet struct {
	*testing.T
}

func (q *quiet) Errorf(format string, args ...any) {}

// TestCleanCorpus runs every rule with its default configuration over the
// parity corpus (and the generator's testdata), which follow the contract
// and have fresh generated files: no diagnostic.
func TestCleanCorpus(t *testing.T) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: true}
	pkgs, err := packages.Load(cfg, "../../parity/corpus", "../../generator/testdata/basic", "../../generator/testdata/imports", "../../generator/testdata/shadow", "../../generator/testdata/enumsonly")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the packages do not load")
	}
	graph, err := checker.Analyze(append([]*analysis.Analyzer{olt.Core}, olt.Analyzers...), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for act := range graph.All() {
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message)
		}
		if r, ok := act.Result.(*olt.Result); ok && act.Analyzer == olt.Core && r.Package != nil {
			n += len(r.Package.Tools)
		}
	}
	if n < 74 {
		t.Errorf("the core saw %d tools, want the corpus's 74 and more", n)
	}
}

// TestDocs checks that each rule analyzer's summary is the catalog's title
// and that it points at its section of docs/diagnostics.md.
func TestDocs(t *testing.T) {
	rules := schema.Catalog()
	if len(olt.Analyzers) != len(rules) {
		t.Fatalf("%d analyzers, %d rules in the catalog", len(olt.Analyzers), len(rules))
	}
	for i, a := range olt.Analyzers {
		r := rules[i]
		if a.Name != string(r.ID) {
			t.Fatalf("analyzer %d is %s, want %s", i, a.Name, r.ID)
		}
		if first, _, _ := strings.Cut(a.Doc, "\n"); first != r.Title {
			t.Errorf("%s: doc summary %q, catalog title %q", r.ID, first, r.Title)
		}
	}
	md, err := os.ReadFile("../../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range schema.Catalog() {
		if !strings.Contains(string(md), "\n## "+string(r.ID)+"\n") {
			t.Errorf("docs/diagnostics.md has no section ## %s", r.ID)
		}
	}
}

// TestWordSize checks that a generated file made where int has 64 bits is
// fresh there and, checked for a 32-bit GOARCH, reported as made for the
// other word size rather than as merely stale.
func TestWordSize(t *testing.T) {
	a := rule(t, olt.Config{}, "OLT014")
	for _, arch := range []string{"amd64", "386"} {
		t.Run(arch, func(t *testing.T) {
			t.Setenv("GOARCH", arch)
			results := analysistest.Run(&quiet{T: t}, analysistest.TestData(), a, "olt014/wordsize")
			var msgs []string
			for _, r := range results {
				for _, d := range r.Diagnostics {
					msgs = append(msgs, d.Message)
				}
			}
			want := 0
			if arch == "386" {
				want = 1
			}
			if len(msgs) != want {
				t.Fatalf("GOARCH=%s: %d diagnostics %q, want %d", arch, len(msgs), msgs, want)
			}
			if want == 1 && !strings.Contains(msgs[0], "generated where int has 64 bits; here it has 32") {
				t.Errorf("GOARCH=386: %s", msgs[0])
			}
		})
	}
}
