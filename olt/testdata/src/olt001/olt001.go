package olt001

// Misplaced marks a type.
//
//tool:export // want `OLT001: //tool:export must be in the doc comment of a package-level function or a method$`
type Misplaced struct{}

func body() {
	//tool:export // want `OLT001: //tool:export must be in the doc comment of a package-level function or a method$`
	_ = 1
}

// Parted is parted from its directive by a blank line.
//
//tool:export // want `OLT001: //tool:export must be in the doc comment of a package-level function or a method: a blank line parts it from Parted below; remove the blank line`

func Parted() error { return nil }

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
