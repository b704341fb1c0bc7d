package olt010

type Box[T any] struct{ v T }

// Get is a method of a generic type.
//
//tool:export
func (b *Box[T]) Get() error { return nil } // want `OLT010: the receiver type Box has type parameters; a tool.s schema must be fixed \(tool get\)`
