// Package sev declares an enum type without its generated values.
package sev

// Severity is how bad an incident is.
type Severity string

const (
	Low  Severity = "low"
	High Severity = "high"
)
