// Package ids has a tool whose input has a type of another module that
// declares its schema by a method whose body the generator reads.
package ids

import "example.com/dep/declared"

// Ref is Lookup's input.
type Ref struct {
	ID declared.ID `json:"id"`
}

// Lookup looks up.
//
//tool:export
func Lookup(in Ref) error { return nil }
