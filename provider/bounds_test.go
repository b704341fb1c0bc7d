package provider_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// Bounded has bounds an author wrote that equal some integer type's (or
// float32's) own range, beside fields whose bounds are only their type's.
type Bounded struct {
	Level  uint16   `json:"level" maximum:"255"`                        // uint8's maximum, on a uint16
	Port   uint32   `json:"port" minimum:"1" maximum:"65535"`           // uint16's maximum, on a uint32
	Small  int16    `json:"small" minimum:"-128" maximum:"127"`         // int8's range, on an int16
	Own    uint8    `json:"own" maximum:"255"`                          // the type's own maximum, written by the author
	Floor  int8     `json:"floor" minimum:"-128"`                       // the type's own minimum, written by the author
	Huge   float32  `json:"huge" maximum:"3.4028235e+38"`               // float32's own maximum, written by the author
	Byte   uint8    `json:"byte"`                                       // the type's range only
	Short  int16    `json:"short"`                                      // the type's range only
	Half   float32  `json:"half"`                                       // the type's range only
	Under  int8     `json:"under" maximum:"100"`                        // the type's minimum, the author's maximum
	Counts []uint16 `json:"counts"`                                     // items: the type's range only
	Ptr    *int16   `json:"ptr,omitempty" minimum:"-32768" maximum:"0"` // the type's minimum, written by the author
}

// boundDescriptions is what Anthropic's strict mode says of each property
// of Bounded: every bound the author wrote, and none that is only the Go
// type's own range. (An unsigned type's own minimum, 0, is said beside an
// author's maximum, so that the model is told the whole range.)
var boundDescriptions = map[string]string{
	"level":  "At least 0. At most 255.",
	"port":   "At least 1. At most 65535.",
	"small":  "At least -128. At most 127.",
	"own":    "At least 0. At most 255.",
	"floor":  "At least -128.",
	"huge":   "At most 3.4028235e38.",
	"byte":   "",
	"short":  "",
	"half":   "",
	"under":  "At most 100.",
	"counts": "",
	"ptr":    "At least -32768. At most 0.",
}

// TestAuthorBounds: a bound is described to the model by where it comes
// from, not by its value. An author's bound equal to some integer type's
// limit (a uint16 capped at 255, a port 1 to 65535, an int16 within
// -128..127) is said in Anthropic's strict definition; a bound that is only
// the field's type's range is not. The structured output of the same type
// says the same.
func TestAuthorBounds(t *testing.T) {
	tl := create(t, "bounded", func(Bounded) error { return nil })
	defs, err := provider.Anthropic([]*tool.Tool{tl})
	if err != nil {
		t.Fatal(err)
	}
	checkBoundDescriptions(t, "tool", schemaOf(t, defs[0], "input_schema"))
	if items, _ := prop(schemaOf(t, defs[0], "input_schema"), "counts")["items"].(map[string]any); items["description"] != nil || len(items) != 1 {
		t.Errorf("tool: counts' items: %v, want the type alone", items)
	}

	o, err := provider.OutputOf[Bounded]("bounded", "")
	if err != nil {
		t.Fatal(err)
	}
	def, err := provider.AnthropicOutputFormat(o)
	if err != nil {
		t.Fatal(err)
	}
	checkBoundDescriptions(t, "output", schemaOf(t, def, "schema"))

	// A tool that gives a type its schema (reflectimpl.TypeSchema): the
	// bounds of that schema are its author's, and the others are as
	// without it.
	given, err := reflectimpl.Create(func(WithGiven) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "given"}),
		reflectimpl.TypeSchema[Amount](`{"type":"integer","minimum":0,"maximum":255}`))
	if err != nil {
		t.Fatal(err)
	}
	defs, err = provider.Anthropic([]*tool.Tool{given})
	if err != nil {
		t.Fatal(err)
	}
	s := schemaOf(t, defs[0], "input_schema")
	for name, want := range map[string]string{"amount": "At least 0. At most 255.", "byte": "", "level": "At least 0. At most 255."} {
		if got, _ := prop(s, name)["description"].(string); got != want {
			t.Errorf("given: %s: description %q, want %q", name, got, want)
		}
	}
}

// Amount reads itself, and is given its schema by the tool.
type Amount struct{ n int }

func (a *Amount) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &a.n) }
func (a Amount) MarshalJSON() ([]byte, error)  { return json.Marshal(a.n) }

// WithGiven has a field whose type the tool gives a schema.
type WithGiven struct {
	Amount Amount `json:"amount"`
	Byte   uint8  `json:"byte"`
	Level  uint16 `json:"level" maximum:"255"`
}

func checkBoundDescriptions(t *testing.T, what string, s map[string]any) {
	t.Helper()
	for name, want := range boundDescriptions {
		p := prop(s, name)
		if got, _ := p["description"].(string); got != want {
			t.Errorf("%s: %s: description %q, want %q", what, name, got, want)
		}
		if p["minimum"] != nil || p["maximum"] != nil {
			t.Errorf("%s: %s: Anthropic's strict mode kept a bound: %v", what, name, p)
		}
	}
}

// TestRawBoundsDescribed: a raw schema has no Go type, so every bound in
// it is its author's, whatever its value: each is said in the description
// of Anthropic's strict definition, none dropped.
func TestRawBoundsDescribed(t *testing.T) {
	s := `{"type":"object","properties":{` +
		`"a":{"type":"integer","minimum":0,"maximum":255},` +
		`"b":{"type":"integer","minimum":-128,"maximum":127},` +
		`"c":{"type":["integer","null"],"minimum":0,"maximum":4294967295},` +
		`"d":{"type":"number","minimum":-3.4028235e+38,"maximum":3.4028235e+38},` +
		`"e":{"type":"array","items":{"type":"integer","minimum":-32768,"maximum":32767}}` +
		`},"required":["a","b","c","d","e"],"additionalProperties":false}`
	defs, err := provider.Anthropic([]*tool.Tool{raw("raw_bounds", s)})
	if err != nil {
		t.Fatal(err)
	}
	in := schemaOf(t, defs[0], "input_schema")
	for name, want := range map[string]string{
		"a": "At least 0. At most 255.",
		"b": "At least -128. At most 127.",
		"c": "At least 0. At most 4294967295.",
		"d": "At least -3.4028235e38. At most 3.4028235e38.",
	} {
		if got, _ := prop(in, name)["description"].(string); got != want {
			t.Errorf("%s: description %q, want %q", name, got, want)
		}
	}
	items, _ := prop(in, "e")["items"].(map[string]any)
	if got, _ := items["description"].(string); got != "At least -32768. At most 32767." {
		t.Errorf("e's items: description %q", got)
	}
}

// TestCheckBoundsAgree: Check (what OLT015 reports) moves exactly the
// bounds the conversion tells the model, for a Go input type (whose own
// range is left out) and for a raw schema (every bound told): each bound
// of the tool's schema is either a Move finding of the report and said in
// the converted description, or neither.
func TestCheckBoundsAgree(t *testing.T) {
	rawBounds := `{"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":255},` +
		`"e":{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127}}},"required":["a","e"],"additionalProperties":false}`
	mode := mustMode("anthropic", true)
	for _, tl := range []*tool.Tool{create(t, "bounded", func(Bounded) error { return nil }), raw("raw_bounds", rawBounds)} {
		t.Run(tl.Name, func(t *testing.T) {
			var in *schema.Type
			if h, _ := toolimpl.Binding(tl); h != nil {
				in = reflecttype.New(16).Describe(h.Input())
			}
			rep, err := provider.Check(mode, in, tl.InputSchema)
			if err != nil {
				t.Fatal(err)
			}
			moved := map[string]bool{}
			for _, f := range rep.Findings {
				if f.Keyword == "minimum" || f.Keyword == "maximum" {
					if f.Verdict != strictmode.Move {
						t.Errorf("%s %s: verdict %v, want a move", f.Path, f.Keyword, f.Verdict)
					}
					moved[f.Path+" "+f.Keyword] = true
				}
			}
			def, err := first(provider.Anthropic([]*tool.Tool{tl}))
			if err != nil {
				t.Fatal(err)
			}
			var orig map[string]any
			if err := json.Unmarshal(tl.InputSchema, &orig); err != nil {
				t.Fatal(err)
			}
			told := map[string]bool{}
			n := 0
			var walk func(o, c map[string]any, path string)
			walk = func(o, c map[string]any, path string) {
				desc, _ := c["description"].(string)
				for k, note := range map[string]string{"minimum": "At least ", "maximum": "At most "} {
					if o[k] == nil {
						continue
					}
					n++
					if strings.Contains(desc, note) {
						told[path+" "+k] = true
					}
				}
				if ops, ok := o["properties"].(map[string]any); ok {
					cps := c["properties"].(map[string]any)
					for name, p := range ops {
						walk(p.(map[string]any), cps[name].(map[string]any), path+"."+name)
					}
				}
				if oi, ok := o["items"].(map[string]any); ok {
					walk(oi, c["items"].(map[string]any), path+"[]")
				}
			}
			walk(orig, schemaOf(t, def, "input_schema"), "input")
			if n == 0 {
				t.Fatal("the schema has no bounds")
			}
			for k := range moved {
				if !told[k] {
					t.Errorf("%s: moved by Check, not told by the conversion", k)
				}
			}
			for k := range told {
				if !moved[k] {
					t.Errorf("%s: told by the conversion, not moved by Check", k)
				}
			}
			if in != nil && len(moved) == n {
				t.Errorf("every bound moved: the Go type's own range was told")
			}
		})
	}
}
