package provider_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	_ "github.com/toolschema/toolschema/declared" // Choice declares its schema
	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// Choice is a string or a list, by a declared schema whose branches have
// what Anthropic's strict mode refuses (a word boundary, moved) and a
// union of their own.
type Choice struct{ raw json.RawMessage }

func (c Choice) MarshalJSON() ([]byte, error)  { return c.raw, nil }
func (c *Choice) UnmarshalJSON(b []byte) error { c.raw = b; return nil }
func (Choice) ToolschemaSchema() string {
	return `{"anyOf":[{"type":"string","pattern":"\\bgo\\b"},{"type":"array","items":{"type":["integer","null"]},"minItems":2}]}`
}

// LooseObject declares an object whose required names a property it does not
// have: it has no optional parameter.
type LooseObject struct{ raw json.RawMessage }

func (l LooseObject) MarshalJSON() ([]byte, error)  { return l.raw, nil }
func (l *LooseObject) UnmarshalJSON(b []byte) error { l.raw = b; return nil }
func (LooseObject) ToolschemaSchema() string {
	return `{"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"],"additionalProperties":false}`
}

// Pointers has 17 slices of pointers: each slice's own null is one Go
// reads as empty (dropped by Anthropic's strict mode), its items' null is
// a pointer's (kept): 17 union-typed parameters, one too many.
type Pointers struct {
	P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15, P16 []*int
}

// Sixteen is one union-typed parameter short of Anthropic's limit.
type Sixteen struct {
	P0, P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12, P13, P14, P15 []*int
}

// modes are the conversions Check stands for, each with its mode.
var modes = []struct {
	name string
	mode strictmode.StrictMode
	conv func(*tool.Tool) (json.RawMessage, error)
}{
	{"openai", mustMode("openai", true), func(t *tool.Tool) (json.RawMessage, error) { return provider.OpenAI(t) }},
	{"openai non-strict", mustMode("openai", false), func(t *tool.Tool) (json.RawMessage, error) { return provider.OpenAI(t, provider.Strict(false)) }},
	{"anthropic", mustMode("anthropic", true), func(t *tool.Tool) (json.RawMessage, error) { return first(provider.Anthropic([]*tool.Tool{t})) }},
	{"anthropic non-strict", mustMode("anthropic", false), func(t *tool.Tool) (json.RawMessage, error) {
		return first(provider.Anthropic([]*tool.Tool{t}, provider.Strict(false)))
	}},
	{"gemini", mustMode("gemini", true), func(t *tool.Tool) (json.RawMessage, error) { return provider.Gemini(t) }},
}

func mustMode(name string, strict bool) strictmode.StrictMode {
	m, ok := strictmode.Mode(name, strict)
	if !ok {
		panic("no mode " + name)
	}
	return m
}

// TestCheckAgrees: for every tool and mode, Check's report refuses what
// the conversion refuses, and counts what the conversion counts: a
// conversion fails exactly when the report has a refusal (a keyword, a
// schema or a property name) or is over a limit by its counts (OpenAI's
// strict mode's properties, depth, enum values and characters;
// Anthropic's union-typed and optional parameters).
func TestCheckAgrees(t *testing.T) {
	type Maps struct {
		Extra map[string]string `json:"extra"`
	}
	type Mixed struct {
		Word  string            `json:"word" pattern:"\\bgo\\b"`
		Any   any               `json:"any"`
		Raws  []json.RawMessage `json:"raws"`
		Pick  Choice            `json:"pick"`
		Dolla string            `json:"$ref"`
		Deep  struct {
			Tags []string `json:"tags" minItems:"2"`
			Opt  *int     `json:"opt,omitempty"`
		} `json:"deep"`
	}
	type Enum251 struct {
		Kind Wide251 `json:"kind"`
	}
	type Optional struct {
		A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y *string `json:",omitempty"`
	}
	// 25 optional parameters and a declared object that has none: the
	// count once took required's names from the object's properties.
	type LooseOptional struct {
		L                                                                      LooseObject `json:"l"`
		A, B, C, D, E, F, G, H, I, J, K, M, N, O, P, Q, R, S, T, U, V, W, X, Y string      `json:",omitempty"`
		Z                                                                      *string     `json:",omitempty"`
	}
	tools := []*tool.Tool{
		create(t, "maps", func(Maps) error { return nil }),
		create(t, "mixed", func(Mixed) error { return nil }),
		create(t, "pointers", func(Pointers) error { return nil }),
		create(t, "sixteen", func(Sixteen) error { return nil }),
		create(t, "enum251", func(Enum251) error { return nil }),
		create(t, "optional", func(Optional) error { return nil }),
		create(t, "loose_optional", func(LooseOptional) error { return nil }),
		create(t, "choice", func(struct {
			C Choice `json:"c"`
		}) error {
			return nil
		}),
		// Raw-schema tools (no Go input type): keywords the Go core never
		// writes, refused or walked by each mode's rules.
		raw("defs_map", rawDefsMap),
		raw("defs_ref", rawDefsRef),
		raw("prefix_items", rawPrefixItems),
		raw("pattern_props", rawPatternProps),
		raw("recursive", rawRecursive),
		// Over OpenAI's limits by counts alone, each by a kind the
		// conversion counts at every depth.
		raw("many_enums", manyEnums),
		raw("deep_nest", deepNest),
		raw("open_root", `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}}}}}`),
		raw("deep_raw", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"b":{}},"patternProperties":{"^x":{"type":"string","pattern":"\\bx"}},"additionalProperties":false},"contains":{"type":"object","properties":{"a b":{"type":"string"}}}}},"required":["a"],"additionalProperties":false,"$defs":{"unused":{"type":"object","properties":{"k":{"type":"object","additionalProperties":true}}}},"dependentSchemas":{"a":{"properties":{"c d":{"type":"string"}}}},"not":{"required":["zz"]}}`),
	}
	for _, tl := range tools {
		var in *schema.Type
		if h, _ := toolimpl.Binding(tl); h != nil {
			in = reflecttype.New(16).Describe(h.Input())
		}
		for _, m := range modes {
			t.Run(tl.Name+"/"+m.name, func(t *testing.T) {
				_, convErr := m.conv(tl)
				rep, err := provider.Check(m.mode, in, tl.InputSchema)
				if err != nil {
					t.Fatal(err)
				}
				var refusals []string
				place := "" // what the conversion's error names for the first
				for _, f := range rep.Findings {
					if f.Verdict == strictmode.Refuse {
						refusals = append(refusals, fmt.Sprintf("%s %s: %s", f.Path, f.Keyword, f.Why))
						if place == "" {
							place = f.Path + ":"
							if f.Name { // named in the object that has it
								place = fmt.Sprintf("property name %q", f.Path[strings.LastIndexByte(f.Path, '.')+1:])
							}
						}
					}
				}
				over := "" // by the vendors' documented limits
				if m.name == "openai" {
					switch {
					case rep.Properties > 5000:
						over = fmt.Sprintf("%d properties", rep.Properties)
					case rep.Depth > 10:
						over = fmt.Sprintf("%d levels", rep.Depth)
					case rep.EnumValues > 1000:
						over = fmt.Sprintf("%d enum values", rep.EnumValues)
					case rep.Chars > 120000:
						over = fmt.Sprintf("%d characters", rep.Chars)
					}
				}
				if m.name == "anthropic" {
					switch {
					case len(rep.Unions) > 16:
						over = fmt.Sprintf("%d unions", len(rep.Unions))
					case len(rep.Optional) > 24:
						over = fmt.Sprintf("%d optional", len(rep.Optional))
					}
				}
				// One enum too large is a refusal of its own; the limits
				// over the whole schema are counts.
				refused := len(refusals) > 0 || over != ""
				if refused != (convErr != nil) {
					t.Fatalf("conversion error %v; report refusals %q, limits %q", convErr, refusals, over)
				}
				if convErr != nil && place != "" && !strings.Contains(convErr.Error(), place) {
					t.Errorf("conversion error %v does not name %s, the report's first refusal (%q)", convErr, place, refusals[0])
				}
			})
		}
	}
}

// TestCheckFindings spells out one report: every keyword moved, renamed
// or refused, at its path, the declared schema's branches included.
func TestCheckFindings(t *testing.T) {
	type Item struct {
		X string `json:"x" pattern:"\\bx\\b"`
	}
	type In struct {
		Word string          `json:"word" pattern:"\\bgo\\b" minLength:"2"`
		Pick Choice          `json:"pick"`
		Ids  []*int          `json:"ids"`
		Map  map[string]Item `json:"map"`
	}
	tl := create(t, "find", func(In) error { return nil })
	in := reflecttype.New(16).Describe(reflect.TypeFor[In]())
	rep, err := provider.Check(mustMode("anthropic", true), in, tl.InputSchema)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, fmt.Sprintf("%s %s %d", f.Path, f.Keyword, f.Verdict))
	}
	want := []string{
		fmt.Sprintf("input.word minLength %d", strictmode.Move),
		fmt.Sprintf("input.word pattern %d", strictmode.Move),
		fmt.Sprintf("input.pick pattern %d", strictmode.Move),
		fmt.Sprintf("input.pick minItems %d", strictmode.Move),
		// A map is refused; the report goes on into its values.
		fmt.Sprintf("input.map additionalProperties %d", strictmode.Refuse),
		fmt.Sprintf("input.map{}.x pattern %d", strictmode.Move),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The union items of the anyOf's list branch, the anyOf, the items of
	// ids: in the order of the walk, which counts a schema after what is
	// inside it.
	if want := []string{"input.pick[]", "input.pick", "input.ids[]"}; fmt.Sprint(rep.Unions) != fmt.Sprint(want) {
		t.Errorf("unions %q, want %q", rep.Unions, want)
	}
}

// manyEnums has 1001 enum values in 11 enums, in items and in $defs: one
// over OpenAI's 1000.
var manyEnums = func() string {
	vals := make([]string, 100)
	for i := range vals {
		vals[i] = fmt.Sprintf(`"v%d"`, i)
	}
	e := `{"type":"string","enum":[` + strings.Join(vals, ",") + `]}`
	var props []string
	for i := range 10 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"array","items":%s}`, i, e))
	}
	names := make([]string, 10)
	for i := range names {
		names[i] = fmt.Sprintf(`"p%d"`, i)
	}
	return `{"type":"object","properties":{` + strings.Join(props, ",") + `,"d":{"$ref":"#/$defs/e"}},"required":[` + strings.Join(names, ",") + `,"d"],"additionalProperties":false,` +
		`"$defs":{"e":{"type":"string","enum":["a"]}}}`
}()

// deepNest nests objects 11 levels deep: one over OpenAI's 10.
var deepNest = func() string {
	s := `{"type":"string"}`
	for range 11 {
		s = `{"type":"object","properties":{"n":` + s + `},"required":["n"],"additionalProperties":false}`
	}
	return s
}()
