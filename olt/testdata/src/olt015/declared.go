package olt015

import "encoding/json"

// ID is a string or a number, by its own methods, with a declared schema.
type ID struct{ raw json.RawMessage }

func (id ID) MarshalJSON() ([]byte, error)  { return id.raw, nil }
func (id *ID) UnmarshalJSON(b []byte) error { id.raw = b; return nil }

func (ID) ToolschemaSchema() string {
	return `{"oneOf":[{"type":"string"},{"type":"integer"}]}`
}

type Ref struct {
	ID ID `json:"id"` // want `OLT015: input.id: OpenAI strict mode does not take oneOf; the conversion sends it as anyOf.* \(tool lookup\)$` `OLT015: input.id: Anthropic strict mode does not take oneOf; the conversion sends it as anyOf.* \(tool lookup\)$`
}

// Lookup looks up.
//
//tool:export name=lookup
func Lookup(in Ref) error { return nil }
