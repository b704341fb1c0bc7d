// Package olt013slip has no directive, only slips of one: the tools meant
// are reported, not left out without a word.
package olt013slip

// Spaced has a space after //, so Go reads no directive.
//
// tool:export // want `OLT013: "// tool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`
func Spaced() error { return nil }

// Misspelt has two letters swapped.
//
//tool:exprot // want `OLT013: //tool:exprot is not a directive; did you mean //tool:export\?`
func Misspelt() error { return nil }
