// Package enumsonly has enum types and no tools: its generated file holds
// only the enum methods, for tools in other packages.
package enumsonly

// Priority is how urgent something is.
type Priority string

const (
	Low    Priority = "low"
	Normal Priority = "normal"
	High   Priority = "high"
	// Urgent is an alias of High: the value is listed once.
	Urgent = High
)

// Colour has a text form of its own, so it is not an enum.
type Colour string

func (c Colour) MarshalText() ([]byte, error)  { return []byte(c), nil }
func (c *Colour) UnmarshalText(b []byte) error { *c = Colour(b); return nil }

const Red Colour = "red"

// Empty has no constants: a plain string.
type Empty string
