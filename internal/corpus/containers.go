package corpus

import (
	"errors"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"
)

// Label is a named string type without constants: a plain string, usable as
// a map key.
type Label string

// Counter is a named integer type, embedded below as a non-struct field.
type Counter int

// Point is a position on a plane.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// GridInput holds fixed-size arrays.
type GridInput struct {
	// Cells is a 3×3 matrix, row by row.
	Cells   [3][3]float64 `json:"cells"`
	Corners [2]Point      `json:"corners"`
	Names   [2]string     `json:"names"`
}

// FlattenGrid returns the cells of a 3×3 matrix row by row, followed by the
// coordinates of two corner points.
//
//tool:export
func FlattenGrid(in GridInput) []float64 {
	out := make([]float64, 0, 13)
	for _, row := range in.Cells {
		out = append(out, row[:]...)
	}
	for _, c := range in.Corners {
		out = append(out, c.X, c.Y)
	}
	return out
}

// LabelMerge is a set of labels and changes to them.
type LabelMerge struct {
	Base      map[string]string `json:"base"`
	Overrides map[Label]string  `json:"overrides,omitempty"`
	Drop      []Label           `json:"drop,omitempty"`
}

// MergeLabels applies overrides to a label set, then removes the dropped
// labels.
//
//tool:export
func MergeLabels(in LabelMerge) map[Label]string {
	out := make(map[Label]string, len(in.Base)+len(in.Overrides))
	for k, v := range in.Base {
		out[Label(k)] = v
	}
	maps.Copy(out, in.Overrides)
	for _, d := range in.Drop {
		delete(out, d)
	}
	return out
}

// PointerChain holds pointers of every depth.
type PointerChain struct {
	One    *int              `json:"one"`
	Two    **int             `json:"two"`
	Three  ***bool           `json:"three,omitempty"`
	Origin **Point           `json:"origin"`
	Names  *[]string         `json:"names,omitempty"`
	Stops  []*Point          `json:"stops"`
	Lookup map[string]*Point `json:"lookup,omitempty"`
	Matrix *[2][2]int        `json:"matrix,omitempty"`
}

// ResolvePointers follows every pointer of its input and adds up what it
// finds: the integers, one per name, two per non-nil stop and lookup entry,
// the matrix, and 100 when the deepest flag is true.
//
//tool:export
func ResolvePointers(in PointerChain) int {
	n := 0
	if in.One != nil {
		n += *in.One
	}
	if in.Two != nil && *in.Two != nil {
		n += **in.Two
	}
	if in.Three != nil && *in.Three != nil && **in.Three != nil && ***in.Three {
		n += 100
	}
	if in.Origin != nil && *in.Origin != nil {
		n += int((*in.Origin).X + (*in.Origin).Y)
	}
	if in.Names != nil {
		n += len(*in.Names)
	}
	for _, s := range in.Stops {
		if s != nil {
			n += 2
		}
	}
	for _, p := range in.Lookup {
		if p != nil {
			n += 2
		}
	}
	if in.Matrix != nil {
		for _, row := range in.Matrix {
			n += row[0] + row[1]
		}
	}
	return n
}

// Polygon is a named outline with optional holes.
type Polygon struct {
	Name     string    `json:"name"`
	Vertices []Point   `json:"vertices" minItems:"3"`
	Holes    [][]Point `json:"holes,omitempty"`
}

// Box is an axis-aligned rectangle.
type Box struct {
	Min  Point   `json:"min"`
	Max  Point   `json:"max"`
	Area float64 `json:"area"`
}

// BoundingBox returns the smallest axis-aligned box around a polygon's
// vertices.
//
//tool:export
func BoundingBox(in Polygon) (Box, error) {
	if len(in.Vertices) == 0 {
		return Box{}, errors.New("the polygon has no vertices")
	}
	b := Box{Min: in.Vertices[0], Max: in.Vertices[0]}
	for _, v := range in.Vertices[1:] {
		b.Min.X, b.Min.Y = math.Min(b.Min.X, v.X), math.Min(b.Min.Y, v.Y)
		b.Max.X, b.Max.Y = math.Max(b.Max.X, v.X), math.Max(b.Max.Y, v.Y)
	}
	b.Area = (b.Max.X - b.Min.X) * (b.Max.Y - b.Min.Y)
	return b, nil
}

// TallyWords counts the words of a text, case folded, leaving out the
// ignored ones.
//
//tool:export
func TallyWords(in struct {
	Text string
	// Ignore lists words not to count.
	Ignore []string `json:",omitempty"`
	MinLen uint8    `json:"min_len,omitempty" maximum:"32"`
}) map[string]int {
	out := map[string]int{}
	for w := range strings.FieldsFuncSeq(strings.ToLower(in.Text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	}) {
		if len(w) < int(in.MinLen) || slices.Contains(in.Ignore, w) {
			continue
		}
		out[w]++
	}
	return out
}

// Midpoint returns the point halfway between two points.
//
//tool:export
func Midpoint(in *struct {
	A Point `json:"a"`
	B Point `json:"b"`
	// Weight moves the result towards B (1) or A (0); 0.5 by default.
	Weight *float64 `json:"weight,omitempty" minimum:"0" maximum:"1"`
}) Point {
	w := 0.5
	if in.Weight != nil {
		w = *in.Weight
	}
	return Point{X: in.A.X + (in.B.X-in.A.X)*w, Y: in.A.Y + (in.B.Y-in.A.Y)*w}
}

// WordBatches holds nested containers: slices of maps and maps of maps.
type WordBatches struct {
	Words   []string                     `json:"words"`
	Batches []map[string]int             `json:"batches,omitempty"`
	Aliases map[string]map[string]string `json:"aliases,omitempty"`
	Route   struct {
		From string `json:"from"`
		To   string `json:"to"`
		Via  []struct {
			Stop  string `json:"stop"`
			Order uint16 `json:"order"`
		} `json:"via,omitempty"`
	} `json:"route"`
}

// GroupByInitial groups words by their first letter, after replacing
// aliases and adding the words of the batches' keys.
//
//tool:export
func GroupByInitial(in WordBatches) map[string][]string {
	words := slices.Clone(in.Words)
	for _, b := range in.Batches {
		words = append(words, slices.Sorted(maps.Keys(b))...)
	}
	for _, s := range in.Route.Via {
		words = append(words, s.Stop)
	}
	out := map[string][]string{}
	for _, w := range words {
		for _, name := range slices.Sorted(maps.Keys(in.Aliases)) {
			if a, ok := in.Aliases[name][w]; ok {
				w = a
				break
			}
		}
		if w == "" {
			continue
		}
		initial := strings.ToLower(string([]rune(w)[0]))
		out[initial] = append(out[initial], w)
	}
	return out
}
