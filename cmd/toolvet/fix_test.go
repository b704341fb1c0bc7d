package main

import (
	"go/token"
	"io"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/vetsuite"
	"github.com/toolschema/toolschema/olt"
)

func TestAnalyzers(t *testing.T) {
	nrules, vet := len(rules), len(vetsuite.Analyzers())
	// toolvet's rules are olt's, one per rule of the catalog, configured
	// with the lock's reader.
	for i, a := range olt.Analyzers {
		if i >= nrules || rules[i].Name != a.Name {
			t.Fatalf("toolvet's rule %d is not %s", i, a.Name)
		}
	}
	for _, tt := range []struct {
		args []string
		want int // analyzers run
	}{
		{nil, nrules + vet},
		{[]string{"./..."}, nrules + vet},
		{[]string{"-json", "x.cfg"}, nrules + vet},
		{[]string{"-fix", "x.cfg"}, nrules},
		{[]string{"--fix", "./..."}, nrules},
		{[]string{"-fix=true", "./..."}, nrules},
		{[]string{"-fix=false", "./..."}, nrules + vet},
		{[]string{"-fix", "-fix=0", "./..."}, nrules + vet},
		{[]string{"-printf.funcs", "Logf", "-fix", "./..."}, nrules},
		{[]string{"-fixes", "./..."}, nrules + vet},
		{[]string{"--", "-fix"}, nrules + vet},
		{[]string{"-diff", "-fix", "x.cfg"}, nrules},
	} {
		as := analyzers(tt.args)
		if unit(tt.args) && fixing(tt.args) {
			as = tellingLeft(as, io.Discard)
			for i, a := range as {
				if a == rules[i] || a.Name != rules[i].Name {
					t.Errorf("tellingLeft(%q)[%d] is not a copy of %s", tt.args, i, rules[i].Name)
				}
			}
			continue
		}
		if len(as) != tt.want {
			t.Errorf("analyzers(%q): %d, want %d", tt.args, len(as), tt.want)
		}
		if !slices.Equal(as[:nrules], rules) {
			t.Errorf("analyzers(%q) does not start with the contract's rules", tt.args)
		}
	}
	// Names are the flags' prefixes: two analyzers with one name would
	// make multichecker refuse to start.
	seen := map[string]bool{}
	for _, a := range analyzers(nil) {
		if seen[a.Name] {
			t.Errorf("two analyzers named %s", a.Name)
		}
		seen[a.Name] = true
	}
}

// TestApplies: a fix the analysis driver applies edits something, and no
// generated file.
func TestApplies(t *testing.T) {
	fset := token.NewFileSet()
	plain := fset.AddFile("plain.go", -1, 100)
	gen := fset.AddFile("gen.go", -1, 100)
	generated := map[*token.File]bool{gen: true}
	edit := func(f *token.File) analysis.TextEdit {
		return analysis.TextEdit{Pos: f.Pos(1), End: f.Pos(2), NewText: []byte("x")}
	}
	for _, tc := range []struct {
		name  string
		edits []analysis.TextEdit
		want  bool
	}{
		{"no edit", nil, false},
		{"one edit", []analysis.TextEdit{edit(plain)}, true},
		{"in a generated file", []analysis.TextEdit{edit(gen)}, false},
		{"one edit of two in a generated file", []analysis.TextEdit{edit(plain), edit(gen)}, false},
	} {
		if got := applies(analysis.SuggestedFix{TextEdits: tc.edits}, fset, generated); got != tc.want {
			t.Errorf("%s: applies = %v, want %v", tc.name, got, tc.want)
		}
	}
}
