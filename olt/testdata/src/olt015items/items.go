package olt015items

import "encoding/json"

// Choice is a word or a list of numbers, by a declared schema: its anyOf
// is a union-typed parameter, and so are the items of its list branch;
// its word branch has a word boundary, which Anthropic's strict mode
// does not take.
type Choice struct{ raw json.RawMessage }

func (c Choice) MarshalJSON() ([]byte, error)  { return c.raw, nil }
func (c *Choice) UnmarshalJSON(b []byte) error { c.raw = b; return nil }

func (Choice) ToolschemaSchema() string {
	return `{"anyOf":[{"type":"string","pattern":"\\bgo\\b"},{"type":"array","items":{"type":["integer","null"]}}]}`
}

// Pointers has slices of pointers: each slice's null is dropped (Go reads
// it as an empty slice), its items' null is kept (a nil pointer), so each
// field is one union-typed parameter, counted at its items. With Choice's
// two, P14 is the 17th.
type Pointers struct {
	Pick Choice `json:"pick"` // want `OLT015: input.pick: Anthropic strict mode does not take pattern \(a construct it does not take: word boundaries.* \(tool pointers\)$`
	P0   []*int `json:"p0"`
	P1   []*int `json:"p1"`
	P2   []*int `json:"p2"`
	P3   []*int `json:"p3"`
	P4   []*int `json:"p4"`
	P5   []*int `json:"p5"`
	P6   []*int `json:"p6"`
	P7   []*int `json:"p7"`
	P8   []*int `json:"p8"`
	P9   []*int `json:"p9"`
	P10  []*int `json:"p10"`
	P11  []*int `json:"p11"`
	P12  []*int `json:"p12"`
	P13  []*int `json:"p13"`
	P14  []*int `json:"p14"` // want `OLT015: input.p14\[\]: union-typed parameter number 17 of the tool list; Anthropic takes at most 16 in one request.* \(tool pointers\)$`
}

// Take takes them.
//
//tool:export name=pointers
func Take(in Pointers) error { return nil }

// Twice is a whole number or a number, both at least 1: the moved minimum
// of its two branches is one diagnostic. Its object branch names a
// property Anthropic does not take, which no json tag can rename.
type Twice struct{ raw json.RawMessage }

func (w Twice) MarshalJSON() ([]byte, error)  { return w.raw, nil }
func (w *Twice) UnmarshalJSON(b []byte) error { w.raw = b; return nil }

func (Twice) ToolschemaSchema() string {
	return `{"anyOf":[{"type":"integer","minimum":1},{"type":"number","minimum":1},{"type":"object","properties":{"$x":{"type":"string"}},"required":["$x"],"additionalProperties":false}]}`
}

type Counts struct {
	N Twice `json:"n"` // want `OLT015: input.n: Anthropic strict mode does not take minimum \(rejected\), which the field's type writes.* \(tool counts\)$` `OLT015: input.n.\$x: Anthropic takes property names matching .*; the schema the field's type declares names it.* \(tool counts\)$`
}

// Count counts.
//
//tool:export name=counts
func Count(in Counts) error { return nil }

// Entry is a map's value: its tag's word boundary is reported though the
// map itself is refused.
type Entry struct {
	Word string `json:"word" pattern:"\\bgo\\b"` // want `OLT015: input.index\{\}.word: Anthropic strict mode does not take pattern.* \(tool index\)$`
}

type Index struct {
	Index map[string]Entry `json:"index"` // want `OLT015: input.index: Anthropic strict mode needs additionalProperties false.* \(tool index\)$`
}

// Look looks up.
//
//tool:export name=index
func Look(in Index) error { return nil }

// Open declares an object with a property and nothing said of others:
// the strict conversions close it.
type Open struct{ raw json.RawMessage }

func (o Open) MarshalJSON() ([]byte, error)  { return o.raw, nil }
func (o *Open) UnmarshalJSON(b []byte) error { o.raw = b; return nil }

func (Open) ToolschemaSchema() string {
	return `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`
}

type Opened struct {
	O Open `json:"o"` // want `OLT015: input.o: Anthropic strict mode needs additionalProperties false on every object; the conversion closes this one.* \(tool opened\)$`
}

// Opens opens.
//
//tool:export name=opened
func Opens(in Opened) error { return nil }

// Free declares an object with no properties: nothing to close it on.
type Free struct{ raw json.RawMessage }

func (f Free) MarshalJSON() ([]byte, error)  { return f.raw, nil }
func (f *Free) UnmarshalJSON(b []byte) error { f.raw = b; return nil }

func (Free) ToolschemaSchema() string { return `{"type":"object"}` }

type Freed struct {
	F Free `json:"f"` // want `OLT015: input.f: Anthropic strict mode needs additionalProperties false on every object, and this object cannot be closed .*; close it in the schema, or send the tool non-strict.* \(tool freed\)$`
}

// Frees frees.
//
//tool:export name=freed
func Frees(in Freed) error { return nil }
