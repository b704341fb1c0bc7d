package olt004

// Generic is generic.
//
//tool:export
func Generic[T any](in struct{ V T }) error { return nil } // want `OLT004: tool Generic has type parameters`
