// Package shapes declares types that tools in another package use.
package shapes

// Unit is a unit of measure.
type Unit string

const (
	Metre Unit = "m"
	Foot  Unit = "ft"
)

// Length is a measured length.
type Length struct {
	// Value is the number of units.
	Value float64 `json:"value"`
	Unit  Unit    `json:"unit"` // Unit is read by the tools of another package too.
}

// Span is measured in a group of fields.
type Span struct {
	// Bounds
	From float64 `json:"from"`
	To   float64 `json:"to" jsonschema:"the end, after From"`

	// Label names the span.
	Label string `json:"label"`
	// Notes
	Notes string `json:"notes"`
}
