// Package imports uses types of other packages, and declares names that the
// generated file's imports must not take.
package imports

import (
	"github.com/toolschema/toolschema/internal/generator/testdata/imports/shapes"
)

// json is a package-level name that the generated import must avoid.
var json = "not the encoding/json package"

// tool is another.
const tool = 1

// Convert converts a length to metres.
//
//tool:export
func Convert(in shapes.Length) (shapes.Length, error) {
	if in.Unit == shapes.Foot {
		return shapes.Length{Value: in.Value * 0.3048, Unit: shapes.Metre}, nil
	}
	return in, nil
}

// Scale scales lengths.
//
//tool:export
func Scale(in *struct {
	Lengths []shapes.Length `json:"lengths" minItems:"1"`
	Factor  float64         `json:"factor" default:"1"`
}) []shapes.Length {
	var out []shapes.Length
	for _, l := range in.Lengths {
		out = append(out, shapes.Length{Value: l.Value * in.Factor, Unit: l.Unit})
	}
	return out
}

// Measure measures a span.
//
//tool:export
func Measure(in shapes.Span) float64 { return in.To - in.From }
