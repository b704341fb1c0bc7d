// Package fresh declares an enum type whose generated values are up to
// date.
package fresh

// Priority is how urgent something is.
type Priority string

const (
	Low    Priority = "low"
	Normal Priority = "normal"
	High   Priority = "high"
)
