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
	Value float64 `json:"value"`
	Unit  Unit    `json:"unit"`
}
