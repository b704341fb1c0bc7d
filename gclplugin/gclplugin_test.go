package gclplugin

import (
	"fmt"
	"slices"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolschema/toolschema/internal/schema"
)

// build makes the plugin from settings as golangci-lint passes them (the
// YAML map under settings) and returns its analyzers.
func build(t *testing.T, settings any) []*analysis.Analyzer {
	t.Helper()
	p, err := New(settings)
	if err != nil {
		t.Fatalf("New(%v): %v", settings, err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	catalog := schema.Catalog()
	if len(as) != len(catalog) {
		t.Fatalf("BuildAnalyzers returned %d analyzers, want %d (one per rule of the catalog)", len(as), len(catalog))
	}
	for i, a := range as {
		if want := string(catalog[i].ID); a.Name != want {
			t.Errorf("analyzer %d is %s, want %s", i, a.Name, want)
		}
	}
	return as
}

// together is one analyzer that runs the plugin's analyzers on the same
// pass, as golangci-lint runs them in one go, so that analysistest checks
// every diagnostic of a package against its // want comments. It also
// checks that each diagnostic comes from the analyzer named after its rule:
// that name is what golangci-lint prints before the message.
func together(t *testing.T, as []*analysis.Analyzer) *analysis.Analyzer {
	core := as[0].Requires[0]
	for _, a := range as {
		if len(a.Requires) != 1 || a.Requires[0] != core || core.Name != "toolschema" {
			t.Fatalf("%s requires %v, want only the core", a.Name, a.Requires)
		}
	}
	return &analysis.Analyzer{
		Name:     "together",
		Doc:      "runs the plugin's analyzers on one pass",
		Requires: []*analysis.Analyzer{core},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, a := range as {
				p := *pass
				p.Analyzer = a
				p.Report = func(d analysis.Diagnostic) {
					if d.Category != a.Name {
						t.Errorf("%s reported a diagnostic of %s: %s", a.Name, d.Category, d.Message)
					}
					pass.Report(d)
				}
				if _, err := a.Run(&p); err != nil {
					return nil, fmt.Errorf("%s: %w", a.Name, err)
				}
			}
			return nil, nil
		},
	}
}

// TestDefaults checks a rule that is on by default, with no settings and
// with empty ones: the message has no "OLTnnn: " prefix.
func TestDefaults(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}} {
		as := build(t, settings)
		analysistest.Run(t, analysistest.TestData(), together(t, as), "defaults")
	}
}

// TestSettings checks that the settings reach the analyzers: providers
// turns on OLT015 for OpenAI, quality turns on OLT016.
func TestSettings(t *testing.T) {
	as := build(t, map[string]any{
		"providers": []any{"openai"},
		"quality":   true,
	})
	if got := as[14].Flags.Lookup("providers").Value.String(); got != "openai" {
		t.Errorf("OLT015's providers = %q, want openai", got)
	}
	if got := as[15].Flags.Lookup("enable").Value.String(); got != "true" {
		t.Errorf("OLT016's enable = %q, want true", got)
	}
	analysistest.Run(t, analysistest.TestData(), together(t, as), "configured")
}

// TestOffWithoutSettings runs the default plugin on the package that the
// settings make OLT015 and OLT016 report: only OLT014 is left.
func TestOffWithoutSettings(t *testing.T) {
	as := build(t, map[string]any{})
	results := analysistest.Run(quiet{}, analysistest.TestData(), together(t, as), "configured")
	var ids []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			ids = append(ids, d.Category)
		}
	}
	if !slices.Equal(ids, []string{"OLT014"}) {
		t.Errorf("without settings the rules reported %v, want [OLT014]", ids)
	}
}

// quiet lets the // want comments of OLT015 and OLT016 go unmatched.
type quiet struct{}

func (quiet) Errorf(format string, args ...any) {}

// TestBadSettings checks that settings golangci-lint would pass from a
// mistaken .golangci.yml are refused, not ignored.
func TestBadSettings(t *testing.T) {
	for _, settings := range []map[string]any{
		{"provider": []any{"openai"}},                  // unknown key
		{"providers": []any{"openai"}, "strict": true}, // unknown key beside a good one
		{"quality": "yes"},                             // wrong type
		{"providers": "openai"},                        // a string, not a list
		{"providers": []any{"openai", "opneai"}},       // unknown provider
	} {
		p, err := New(settings)
		if err == nil {
			t.Errorf("New(%v) = %v, want an error", settings, p)
		}
	}
	// Provider names are read as OLT015 reads them.
	if _, err := New(map[string]any{"providers": []any{"OpenAI", " gemini"}}); err != nil {
		t.Errorf("New with OpenAI and gemini: %v", err)
	}
}
