// Package stale declares an enum type whose generated values were
// written before a constant was added.
package stale

//go:generate go tool toolgen

// Phase is where a job is.
type Phase string

const (
	Queued  Phase = "queued"
	Running Phase = "running"
	Done    Phase = "done" // added since
)
