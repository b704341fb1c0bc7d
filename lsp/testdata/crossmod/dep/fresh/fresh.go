// Package fresh declares an enum type with its generated values.
package fresh

//go:generate go tool toolgen

// Size is a size.
type Size string

const (
	Small Size = "small"
	Large Size = "large"
)
