package olt015nonstrict

// Input has what only strict modes refuse or move: non-strict, OpenAI and
// Anthropic take the schema as it is, and only names are checked.
type Input struct {
	Name  string            `json:"name" minLength:"1" maxLength:"9"`
	Extra map[string]string `json:"extra"`
	Any   any               `json:"any"`
	Blob  []byte            `json:"blob"`
	Dot   string            `json:"a.b"`
	Bad   string            `json:"a b"` // want `OLT015: input.a b: Anthropic takes property names matching.* \(tool save\)$`
}

// Save saves.
//
//tool:export
func Save(in Input) error { return nil }
