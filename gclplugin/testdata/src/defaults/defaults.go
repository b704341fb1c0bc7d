// Package defaults has rules that are on by default: OLT001, a directive
// out of place, and OLT014 for the one tool, which has no generated file
// (the misplaced directive refuses no tool). golangci-lint prints the
// rule's ID (the analyzer's name) before the message, so the message
// starts without it.
package defaults

// Note is not a function.
//
//tool:export // want `^//tool:export must be in the doc comment of a package-level function or a method$`
type Note struct{}

// Lookup finds a note.
//
//tool:export
func Lookup(in struct{ Key string }) error { return nil } // want `^the generated tool code is missing: `
