package olt015limits

import "encoding/json"

// Deep declares objects nested eleven levels: the conversion counts them,
// though no field of the package is nested so.
type Deep struct{ raw json.RawMessage }

func (d Deep) MarshalJSON() ([]byte, error)  { return d.raw, nil }
func (d *Deep) UnmarshalJSON(b []byte) error { d.raw = b; return nil }

func (Deep) ToolschemaSchema() string {
	return `{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"object","properties":{"n":{"type":"string"}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}},"required":["n"],"additionalProperties":false}`
}

type In struct {
	D Deep `json:"d"`
}

// Nest nests.
//
//tool:export name=nest
func Nest(in In) error { return nil } // want `OLT015: tool nest nests objects 12 levels deep; OpenAI takes at most 10`
