package olt023

import "encoding/json"

// Money declares a schema that is not JSON Schema 2020-12.
type Money struct{ cents int64 }

func (m Money) MarshalJSON() ([]byte, error)  { return json.Marshal(m.cents) }
func (m *Money) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &m.cents) }
func (Money) ToolschemaSchema() string        { return `{"type":"money"}` }

// Codes computes its schema, which the generator cannot read from source.
type Codes []string

func (c Codes) MarshalJSON() ([]byte, error)  { return json.Marshal([]string(c)) }
func (c *Codes) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*[]string)(c)) }
func (Codes) ToolschemaSchema() string        { return schemaOf("string") }

func schemaOf(t string) string { return `{"type":"array","items":{"type":"` + t + `"}}` }

// Linked refers to a schema elsewhere.
type Linked struct{}

func (Linked) MarshalJSON() ([]byte, error) { return []byte(`{}`), nil }
func (*Linked) UnmarshalJSON([]byte) error  { return nil }
func (Linked) ToolschemaSchema() string     { return `{"$ref":"#/$defs/x"}` }

// Bytes declares its schema by a method of the wrong signature.
type Bytes struct{}

func (Bytes) MarshalJSON() ([]byte, error) { return []byte(`""`), nil }
func (*Bytes) UnmarshalJSON([]byte) error  { return nil }
func (Bytes) ToolschemaSchema() []byte     { return []byte(`{"type":"string"}`) }

// Step declares a multipleOf beyond the validator's numbers.
type Step struct{ v float64 }

func (s Step) MarshalJSON() ([]byte, error)  { return json.Marshal(s.v) }
func (s *Step) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &s.v) }
func (Step) ToolschemaSchema() string        { return `{"type":"number","multipleOf":1e-9999999}` }

type Input struct {
	Price  Money  `json:"price"`  // want `OLT023: input.price: olt023.Money declares a schema \(ToolschemaSchema\) that is not a valid JSON Schema 2020-12: at '/type': value must be one of`
	Codes  Codes  `json:"codes"`  // want `OLT023: input.codes: olt023.Codes declares a schema \(ToolschemaSchema\) that cannot be read: its body must be one return of a string literal`
	Linked Linked `json:"linked"` // want `OLT023: input.linked: olt023.Linked declares a schema \(ToolschemaSchema\) that uses \$ref`
	Step   Step   `json:"step"`   // want `OLT023: input.step: olt023.Step declares a schema \(ToolschemaSchema\) that is not a valid JSON Schema 2020-12: at '/multipleOf': `
	Bytes  Bytes  `json:"bytes"`  // want `OLT023: input.bytes: olt023.Bytes declares a schema \(ToolschemaSchema\) that cannot be read: ToolschemaSchema must be a method func\(\) string`
}

// Pay pays.
//
//tool:export
func Pay(in Input) error { return nil }
