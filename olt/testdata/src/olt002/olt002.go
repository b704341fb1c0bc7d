package olt002

type Input struct {
	Updates chan string         `json:"updates"` // want `OLT002: input.updates: type chan string has no schema: channels cannot be written as JSON; use a type encoding/json can write \(json:"-" leaves a field out\)`
	Keys    map[int]bool        // want `OLT002: input.Keys: map key type int is not of string kind`
	Reader  interface{ Read() } // want `OLT002: input.Reader: interface type interface\{...\} has methods`
}

// Watch watches.
//
//tool:export
func Watch(in Input) error { return nil }

// Count counts.
//
//tool:export
func Count(n int) error { return nil } // want `OLT002: input: the input is int, not a struct`

// Two takes two inputs.
//
//tool:export
func Two(a, b Input2) error { return nil } // want `OLT002: a second input parameter \(olt002.Input2\)`

// Many is variadic.
//
//tool:export
func Many(in ...Input2) error { return nil } // want `OLT002: the input is variadic`

type Input2 struct{ A int }
