// Package declared declares the schema of a type by a method whose body
// the generator reads from source.
package declared

import "encoding/json"

// ID is a string or a number, by its own methods, with a declared schema.
type ID struct{ raw json.RawMessage }

func (id ID) MarshalJSON() ([]byte, error)  { return id.raw, nil }
func (id *ID) UnmarshalJSON(b []byte) error { id.raw = b; return nil }

// ToolschemaSchema is ID's schema.
func (ID) ToolschemaSchema() string {
	return `{"oneOf":[{"type":"string"},{"type":"integer"}]}`
}
