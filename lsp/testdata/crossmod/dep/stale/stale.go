// Package stale declares an enum type without its generated values.
package stale

// Colour is a colour.
type Colour string

const (
	Red  Colour = "red"
	Blue Colour = "blue"
)
