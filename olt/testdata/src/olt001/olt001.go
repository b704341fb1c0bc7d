package olt001

// Misplaced marks a type.
//
//tool:export // want `OLT001: //tool:export must be in the doc comment of a package-level function or a method`
type Misplaced struct{}

func body() {
	//tool:export // want `OLT001: //tool:export must be`
	_ = 1
}

// Tools is the name of the generated list.
var Tools = 1 // want `OLT001: the package declares Tools, the name of the generated tool list; rename it`

// Ok is a tool.
//
//tool:export
func Ok() error { return nil }

// NotATool has an example but no //tool:export.
//
//tool:example {} // want `OLT001: //tool:example must be in the doc comment of a tool, beside its //tool:export`
func NotATool() error { return nil }
