package olt

import (
	"flag"

	"github.com/toolschema/toolschema/internal/schema"
)

// RuleFixes reports whether rule id is declared as offering fixes.
func RuleFixes(id schema.ID) bool { return ruleDefs[id].fixes }

// RuleFlags returns the names of the flags of rule id's analyzer.
func RuleFlags(id schema.ID) []string {
	var names []string
	for _, a := range Analyzers {
		if a.Name == string(id) {
			a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		}
	}
	return names
}

// Core and Result let the tests read what the core found.
var Core = coreAnalyzer

type Result = coreResult

// SplitSections is splitSections, for TestSectionsCRLF.
var SplitSections = splitSections
