// Package sev declares an enum type and has no generated code (no
// directive, no toolschema_gen.go): reflection sees Severity as a plain
// string.
package sev

// Severity is how bad an incident is.
type Severity string

const (
	Low    Severity = "low"
	Medium Severity = "medium"
	High   Severity = "high"
)

// Note is not an enum: it has no constants.
type Note string

// Colour has a text form of its own: not an enum.
type Colour string

func (c Colour) MarshalText() ([]byte, error)  { return []byte(c), nil }
func (c *Colour) UnmarshalText(b []byte) error { *c = Colour(b); return nil }

const Red Colour = "red"
