// Package bad breaks every rule the front end checks, so that one run
// reports them all.
package bad

import (
	"context"

	"github.com/toolschema/toolschema/tool"
)

// Misplaced marks a type, not a function.
//
//tool:export
type Misplaced struct{}

type Input struct {
	Updates chan string `json:"updates"`
	Limit   int         `json:"limit" minimum:"ten"`
	Name    string      `json:"name,omitemtpy"`
}

// Watch has an input field without a schema, a bad tag and a bad json option.
//
//tool:export
func Watch(in Input) error { return nil }

// Options has malformed and unknown options.
//
//tool:export timeout=soon colour=blue parallel-safe
func Options() error { return nil }

// Generic has type parameters.
//
//tool:export
func Generic[T any](in struct{ V T }) error { return nil }

// Late takes its context after the input.
//
//tool:export
func Late(in struct{ A int }, ctx context.Context) error { return nil }

// Many returns too much.
//
//tool:export
func Many() (int, int, error) { return 0, 0, nil }

// BadName is renamed to an invalid name.
//
//tool:export name=bad.name
func BadName() error { return nil }

// First is a tool.
//
//tool:export name=twin
func First() error { return nil }

// Second takes the same name.
//
//tool:export name=twin
func Second() error { return nil }

// Twice has two directives.
//
//tool:export
//tool:export ends-loop
func Twice(call *tool.Call) error { return nil }

// NoSchemaResult returns a type without a schema.
//
//tool:export
func NoSchemaResult() (func(), error) { return nil, nil }

// Ranked has an example over its input's maximum, and one that is not JSON.
//
//tool:export
//tool:example {"rank": 11}
//tool:example {"rank"}
func Ranked(in struct {
	Rank int `json:"rank" maximum:"10"`
}) error {
	return nil
}
