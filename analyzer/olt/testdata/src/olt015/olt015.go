package olt015

type Input struct {
	Name  string            `json:"name" minLength:"1"`      // want `OLT015: input.name: tool save: OpenAI strict mode does not take minLength` `OLT015: input.name: tool save: Anthropic strict mode does not take minLength`
	Site  string            `json:"site" format:"uri"`       // want `OLT015: input.site: tool save: OpenAI strict mode does not take format \(not a format it knows\)` `OLT015: input.site: tool save: Gemini strict mode does not take format`
	Code  string            `json:"code" pattern:"^[a-z]+$"` // want `OLT015: input.code: tool save: Gemini strict mode does not take pattern`
	Tags  []string          `json:"tags" minItems:"2"`       // want `OLT015: input.tags: tool save: Anthropic strict mode does not take minItems \(only 0 or 1\)`
	Extra map[string]string `json:"extra"`                   // want `OLT015: input.extra: tool save: OpenAI strict mode needs additionalProperties false` `OLT015: input.extra: tool save: Anthropic strict mode needs additionalProperties false`
	Deep  L1                `json:"deep"`
}

type L1 struct{ Next L2 }
type L2 struct{ Next L3 }
type L3 struct{ Next L4 }
type L4 struct{ Next L5 }
type L5 struct{ Next L6 }
type L6 struct{ Next L7 }
type L7 struct{ Next L8 }
type L8 struct{ Next L9 }
type L9 struct{ Next L10 }
type L10 struct {
	Leaf bool // want `OLT015: input.deep.Next.Next.Next.Next.Next.Next.Next.Next.Next.Leaf: tool save: nested 11 levels deep; OpenAI takes at most 10`
}

// Save saves.
//
//tool:export
func Save(in Input) error { return nil }
