package olt

import (
	"flag"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// A ruleDef is one rule as its analyzer runs it, declared in the file
// that holds its check. Its ID, title and whether it is on by default are
// the catalog's (schema.RuleOf), which toolgen shares; its documentation
// is its section of docs/diagnostics.md, from which its "# Analyzer"
// section of analyzers.txt, the analyzer's Doc, is made (TestAnalyzersDoc);
// docs/diagnostics.md's table of rules is checked against the catalog and
// these declarations (TestDocs).
type ruleDef struct {
	id schema.ID
	// fixes reports whether the rule's diagnostics offer suggested fixes.
	fixes bool
	// setup, for a rule with a check of its own beyond reporting the
	// core's diagnostics with its ID, adds the rule's flags to fs, with
	// their defaults from cfg, and returns the check. A rule that is off
	// by default has a flag that turns it on.
	setup func(fs *flag.FlagSet, cfg Config) check
}

// A check is what a rule reports of a package the core inspected
// (res.Package is not nil), beyond the core's diagnostics.
type check func(pass *analysis.Pass, res *coreResult) ([]*analyzer.Diagnostic, error)

// ruleDefs are the declarations of the rules, each file's own: every rule
// of the catalog is declared once.
var ruleDefs = index(coreRules, strictRules, qualityRules, policyRules, peerRules, migrateRules, lockRules, catalogRules)

func index(sets ...[]ruleDef) map[schema.ID]ruleDef {
	m := map[schema.ID]ruleDef{}
	for _, set := range sets {
		for _, d := range set {
			if _, dup := m[d.id]; dup {
				panic(fmt.Sprintf("olt: rule %s declared twice", d.id))
			}
			if _, ok := schema.RuleOf(d.id); !ok {
				panic(fmt.Sprintf("olt: rule %s is not in the catalog", d.id))
			}
			m[d.id] = d
		}
	}
	for _, r := range schema.Catalog() {
		if _, ok := m[r.ID]; !ok {
			panic(fmt.Sprintf("olt: rule %s of the catalog is not declared", r.ID))
		}
	}
	return m
}

// onTools is the check that runs fn on a package whose tools the core did
// not refuse as a whole (analyzer.Package.Blocked).
func onTools(fn func(p *analyzer.Package) []*analyzer.Diagnostic) check {
	return func(_ *analysis.Pass, res *coreResult) ([]*analyzer.Diagnostic, error) {
		if res.Package.Blocked() {
			return nil, nil
		}
		return fn(res.Package), nil
	}
}

// eachTool is the check that runs fn on every tool of a package whose
// tools the core did not refuse as a whole.
func eachTool(fn func(p *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic) check {
	return onTools(func(p *analyzer.Package) []*analyzer.Diagnostic {
		var out []*analyzer.Diagnostic
		for _, t := range p.Tools {
			out = append(out, fn(p, t)...)
		}
		return out
	})
}

// optIn is the setup of a rule that is off unless its -enable flag (set
// by default to on) says otherwise; usage is the flag's. While it is off,
// the rule reports nothing (ruleRun), the core's diagnostics with its ID
// included.
func optIn(on func(Config) bool, usage string, c check) func(*flag.FlagSet, Config) check {
	return func(fs *flag.FlagSet, cfg Config) check {
		fs.Bool("enable", on(cfg), usage)
		return c
	}
}

// always is the setup of a rule that is always on with its check.
func always(c check) func(*flag.FlagSet, Config) check {
	return func(*flag.FlagSet, Config) check { return c }
}
