// Package old declares an enum type whose generated values are stale: a
// constant was added after toolgen ran.
package old

//go:generate go tool toolgen

// Width is a width.
type Width string

const (
	Narrow Width = "narrow"
	Wide   Width = "wide"
	Medium Width = "medium"
)
