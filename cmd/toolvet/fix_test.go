package main

import (
	"io"
	"slices"
	"testing"

	"github.com/toolschema/toolschema/internal/vetsuite"
	"github.com/toolschema/toolschema/olt"
)

func TestAnalyzers(t *testing.T) {
	rules, vet := len(olt.Analyzers), len(vetsuite.Analyzers())
	for _, tt := range []struct {
		args []string
		want int // analyzers run
	}{
		{nil, rules + vet},
		{[]string{"./..."}, rules + vet},
		{[]string{"-json", "x.cfg"}, rules + vet},
		{[]string{"-fix", "x.cfg"}, rules},
		{[]string{"--fix", "./..."}, rules},
		{[]string{"-fix=true", "./..."}, rules},
		{[]string{"-fix=false", "./..."}, rules + vet},
		{[]string{"-fix", "-fix=0", "./..."}, rules + vet},
		{[]string{"-printf.funcs", "Logf", "-fix", "./..."}, rules},
		{[]string{"-fixes", "./..."}, rules + vet},
		{[]string{"--", "-fix"}, rules + vet},
		{[]string{"-diff", "-fix", "x.cfg"}, rules},
	} {
		as := analyzers(tt.args)
		if unit(tt.args) && fixing(tt.args) {
			as = tellingLeft(as, io.Discard)
			for i, a := range as {
				if a == olt.Analyzers[i] || a.Name != olt.Analyzers[i].Name {
					t.Errorf("tellingLeft(%q)[%d] is not a copy of %s", tt.args, i, olt.Analyzers[i].Name)
				}
			}
			continue
		}
		if len(as) != tt.want {
			t.Errorf("analyzers(%q): %d, want %d", tt.args, len(as), tt.want)
		}
		if !slices.Equal(as[:rules], olt.Analyzers) {
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
