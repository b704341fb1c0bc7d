// Package notes has a tool whose only problem is a warning.
package notes

// Where is Locate's input.
type Where struct {
	Place string `json:"place" jsonschema:"description=The town and country, e.g. Ghent, Belgium"`
}

// Locate locates.
//
//tool:export
func Locate(in Where) error { return nil }
