package schema

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
)

// TestNumberKeywordTags checks the exclusiveMinimum, exclusiveMaximum and
// multipleOf tags: written in the fixed order (minimum, exclusiveMinimum,
// maximum, exclusiveMaximum, multipleOf), an exclusive bound standing in
// for the Go type's own bound on its side, and carried into the check.
func TestNumberKeywordTags(t *testing.T) {
	tFloat32 := basic(Float, 32)
	tests := []struct {
		name   string
		typ    *Type
		tag    string
		schema string
		// The check's bounds: minimum, exclusiveMinimum, maximum,
		// exclusiveMaximum, multipleOf.
		check [5]string
	}{
		{"int8, all three", tInt8, `exclusiveMinimum:"0" exclusiveMaximum:"100" multipleOf:"5"`,
			`{"type":"integer","exclusiveMinimum":0,"exclusiveMaximum":100,"multipleOf":5}`, [5]string{"", "0", "", "100", "5"}},
		{"int64: the type's range still checked on the other side", tInt, `exclusiveMinimum:"0"`,
			`{"type":"integer","exclusiveMinimum":0}`, [5]string{"", "0", "9223372036854775807", "", ""}},
		{"uint8 keeps its own minimum", tUint8, `exclusiveMaximum:"10"`,
			`{"type":"integer","minimum":0,"exclusiveMaximum":10}`, [5]string{"0", "", "", "10", ""}},
		{"an integer written canonically", tInt8, `exclusiveMinimum:"-0" exclusiveMaximum:"007"`,
			`{"type":"integer","exclusiveMinimum":0,"exclusiveMaximum":7}`, [5]string{"", "0", "", "7", ""}},
		{"a fractional multipleOf on an integer", tInt8, `minimum:"1" maximum:"6" multipleOf:"2.5"`,
			`{"type":"integer","minimum":1,"maximum":6,"multipleOf":2.5}`, [5]string{"1", "", "6", "", "2.5"}},
		{"float64", tFloat, `exclusiveMinimum:"0" multipleOf:"0.01"`,
			`{"type":"number","exclusiveMinimum":0,"multipleOf":0.01}`, [5]string{"", "0", "", "", "0.01"}},
		{"float64, exponents as written", tFloat, `exclusiveMinimum:"-1e3" exclusiveMaximum:"2.5E+2" multipleOf:"1e-3"`,
			`{"type":"number","exclusiveMinimum":-1e3,"exclusiveMaximum":2.5E+2,"multipleOf":1e-3}`, [5]string{"", "-1e3", "", "2.5E+2", "1e-3"}},
		{"float32", tFloat32, `exclusiveMinimum:"0"`,
			`{"type":"number","exclusiveMinimum":0,"maximum":3.4028235e+38}`, [5]string{"", "0", "3.4028235e+38", "", ""}},
		{"minimum and exclusiveMinimum both the author's", tInt8, `minimum:"1" exclusiveMinimum:"0"`,
			`{"type":"integer","minimum":1,"exclusiveMinimum":0,"maximum":127}`, [5]string{"1", "0", "127", "", ""}},
		{"a default that fits", tInt8, `exclusiveMinimum:"0" multipleOf:"5" default:"10" required:"true"`,
			`{"type":"integer","exclusiveMinimum":0,"maximum":127,"multipleOf":5,"default":10}`, [5]string{"", "0", "127", "", "5"}},
		{"a default in exact decimal", tFloat, `multipleOf:"0.1" default:"0.3" required:"true"`,
			`{"type":"number","multipleOf":0.1,"default":0.3}`, [5]string{"", "", "", "", "0.1"}},
		{"a range holding one multiple", tFloat, `exclusiveMinimum:"0" maximum:"0.5" multipleOf:"0.5"`,
			`{"type":"number","exclusiveMinimum":0,"maximum":0.5,"multipleOf":0.5}`, [5]string{"", "0", "0.5", "", "0.5"}},
		{"a pointer", ptr(tInt8), `exclusiveMinimum:"0"`,
			`{"type":["integer","null"],"exclusiveMinimum":0,"maximum":127}`, [5]string{"", "0", "127", "", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ := strct(field("N", tt.typ, `json:"n" `+tt.tag))
			b := NewBuilder()
			got, err := b.Input(typ)
			if err != nil {
				t.Fatal(err)
			}
			schematest.Check(t, got)
			want := `{"type":"object","properties":{"n":` + tt.schema + `},"required":["n"],"additionalProperties":false}`
			if string(got) != want {
				t.Errorf("schema\n got %s\nwant %s", got, want)
			}
			c, err := b.Checks(typ)
			if err != nil {
				t.Fatal(err)
			}
			pc := c.Props[0].Check
			if g := [5]string{pc.Minimum, pc.ExclusiveMinimum, pc.Maximum, pc.ExclusiveMaximum, pc.MultipleOf}; g != tt.check {
				t.Errorf("check %q, want %q", g, tt.check)
			}
		})
	}
}

// TestNumberKeywordTagsRefused checks the diagnostics of the exclusive
// bounds and multipleOf: a value that is no number, or does not fit the
// field; a multipleOf not above 0; an integer bound beyond ±(2^53-1); and
// bounds that leave no value, or no multiple, counting the type's own
// range; a default that breaks them. Each names the tag to change.
func TestNumberKeywordTagsRefused(t *testing.T) {
	const unsafe = ` is beyond ±9007199254740991 (2^53-1), which JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients) cannot read exactly; leave it out: the invoker refuses what the field's type cannot hold without it`
	tests := []struct {
		typ  *Type
		tags string
		tag  string // the tag the error names
		want string
	}{
		{tInt, `exclusiveMinimum:"x"`, "exclusiveMinimum", `tag exclusiveMinimum: "x" is not an integer`},
		{tInt, `exclusiveMaximum:"1.5"`, "exclusiveMaximum", `tag exclusiveMaximum: "1.5" is not an integer`},
		{tFloat, `exclusiveMaximum:"1e"`, "exclusiveMaximum", `tag exclusiveMaximum: "1e" is not a JSON number`},
		{tFloat, `exclusiveMinimum:"1e-401"`, "exclusiveMinimum", `tag exclusiveMinimum: "1e-401" has an exponent beyond what a float64 holds`},
		{tFloat, `multipleOf:"0x10"`, "multipleOf", `tag multipleOf: "0x10" is not a JSON number`},
		{tFloat, `multipleOf:"1e999999999"`, "multipleOf", `tag multipleOf: "1e999999999" has an exponent beyond what a float64 holds`},
		{tFloat, `multipleOf:"5e-324"`, "", ""}, // taken: the invoker checks it exactly
		{tFloat, `multipleOf:"0.` + strings.Repeat("1", 255) + `"`, "multipleOf", `tag multipleOf: is a number of more than 256 characters, which no schema holds`},
		{tFloat, `minimum:"0.` + strings.Repeat("1", 255) + `"`, "minimum", `tag minimum: is a number of more than 256 characters, which no schema holds`},
		{tFloat, `multipleOf:"0.` + strings.Repeat("1", 254) + `"`, "", ""},
		{tFloat, `multipleOf:"0"`, "multipleOf", `tag multipleOf: "0" is not greater than 0, as a multipleOf must be`},
		{tInt, `multipleOf:"-5"`, "multipleOf", `tag multipleOf: "-5" is not greater than 0, as a multipleOf must be`},
		{tInt, `multipleOf:""`, "multipleOf", `tag multipleOf: "" is not a JSON number`},
		{tString, `exclusiveMinimum:"0"`, "exclusiveMinimum", `tag exclusiveMinimum: applies to integer and number fields, not string`},
		{tString, `multipleOf:"5"`, "multipleOf", `tag multipleOf: applies to integer and number fields, not string`},
		{tBool, `multipleOf:"5"`, "multipleOf", `tag multipleOf: applies to integer and number fields, not boolean`},
		{tInt8, `exclusiveMinimum:"200"`, "exclusiveMinimum", `tag exclusiveMinimum: "200" is outside the range of the field's type (-128 to 127)`},
		// One past the type's end: valid, but the type keeps it already.
		{tUint8, `exclusiveMaximum:"256"`, "exclusiveMaximum", `tag exclusiveMaximum: "256" is outside the range of the field's type (0 to 255); the type's values are within it already: drop the tag`},
		{tInt8, `exclusiveMinimum:"-129"`, "exclusiveMinimum", `tag exclusiveMinimum: "-129" is outside the range of the field's type (-128 to 127); the type's values are within it already: drop the tag`},
		// Draft 4's boolean form, which old invopop/jsonschema code writes.
		{tInt, `minimum:"0" exclusiveMinimum:"true"`, "exclusiveMinimum", `tag exclusiveMinimum: "true" is JSON Schema draft 4's flag on minimum; in 2020-12 exclusiveMinimum is the bound itself: write the bound here (exclusiveMinimum:"0" for more than 0), in place of the minimum`},
		{basic(Float, 64), `exclusiveMaximum:"false"`, "exclusiveMaximum", `tag exclusiveMaximum: "false" is JSON Schema draft 4's flag on maximum, which 2020-12 does not have; drop the tag: maximum alone is inclusive`},
		{tInt, `exclusiveMinimum:"9007199254740992"`, "exclusiveMinimum", `tag exclusiveMinimum: "9007199254740992"` + unsafe},
		{tInt, `exclusiveMaximum:"-9007199254740992"`, "exclusiveMaximum", `tag exclusiveMaximum: "-9007199254740992"` + unsafe},
		{tInt, `multipleOf:"9007199254740992"`, "multipleOf", `tag multipleOf: "9007199254740992" is beyond 9007199254740991 (2^53-1), which JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients) cannot read exactly`},
		{basic(Float, 32), `multipleOf:"1e39"`, "multipleOf", `tag multipleOf: "1e39" is outside the range of float32`},
		// Empty ranges.
		{tFloat, `exclusiveMinimum:"5" maximum:"5"`, "exclusiveMinimum", `no value is left between exclusiveMinimum 5 and maximum 5`},
		{tFloat, `minimum:"5" exclusiveMaximum:"5"`, "minimum", `no value is left between minimum 5 and exclusiveMaximum 5`},
		{tFloat, `exclusiveMinimum:"6" exclusiveMaximum:"5"`, "exclusiveMinimum", `no value is left between exclusiveMinimum 6 and exclusiveMaximum 5`},
		{tFloat, `exclusiveMinimum:"5" exclusiveMaximum:"5.000001"`, "", ""},
		{tInt, `exclusiveMinimum:"0" exclusiveMaximum:"1"`, "exclusiveMinimum", `no integer is left between exclusiveMinimum 0 and exclusiveMaximum 1`},
		{tInt, `exclusiveMinimum:"0" exclusiveMaximum:"2"`, "", ""},
		{tUint8, `exclusiveMaximum:"0"`, "exclusiveMaximum", `no integer is left between the type's minimum 0 and exclusiveMaximum 0`},
		{tInt8, `exclusiveMinimum:"127"`, "exclusiveMinimum", `no integer is left between exclusiveMinimum 127 and the type's maximum 127`},
		{tUint64, `exclusiveMaximum:"0"`, "exclusiveMaximum", `no integer is left between the type's minimum 0 and exclusiveMaximum 0`},
		{basic(Float, 32), `exclusiveMinimum:"3.4028235e+38"`, "exclusiveMinimum", `no value is left between exclusiveMinimum 3.4028235e+38 and the type's maximum 3.4028235e+38`},
		// No multiple in the range.
		{tInt, `minimum:"1" maximum:"4" multipleOf:"5"`, "multipleOf", `no integer multiple of 5 is left between minimum 1 and maximum 4`},
		{tInt, `minimum:"1" maximum:"4" multipleOf:"2.5"`, "multipleOf", `no integer multiple of 2.5 (those are the multiples of 5) is left between minimum 1 and maximum 4`},
		{tInt, `minimum:"1" maximum:"5" multipleOf:"2.5"`, "", ""},
		{tInt8, `exclusiveMinimum:"0" multipleOf:"128"`, "multipleOf", `no integer multiple of 128 is left between exclusiveMinimum 0 and the type's maximum 127`},
		{tInt8, `exclusiveMinimum:"0" multipleOf:"127"`, "", ""},
		{tInt, `exclusiveMinimum:"0" multipleOf:"1e15"`, "", ""}, // the other side is the type's, far off
		{tFloat, `exclusiveMinimum:"0" exclusiveMaximum:"0.5" multipleOf:"0.5"`, "multipleOf", `no multiple of 0.5 is left between exclusiveMinimum 0 and exclusiveMaximum 0.5`},
		{tFloat, `minimum:"0.1" maximum:"0.2" multipleOf:"0.3"`, "multipleOf", `no multiple of 0.3 is left between minimum 0.1 and maximum 0.2`},
		{tFloat, `minimum:"-0.4" maximum:"-0.3" multipleOf:"0.3"`, "", ""},
		{tFloat, `exclusiveMinimum:"1" multipleOf:"0.3"`, "", ""}, // a half-line
		// Defaults.
		{tInt8, `exclusiveMinimum:"0" default:"0"`, "default", `tag default: 0 is not greater than the exclusiveMinimum 0`},
		{tFloat, `exclusiveMaximum:"10" default:"10"`, "default", `tag default: 10 is not less than the exclusiveMaximum 10`},
		{tInt, `multipleOf:"5" default:"7"`, "default", `tag default: 7 is not a multiple of 5 (multipleOf)`},
		{tFloat, `multipleOf:"0.1" default:"0.35"`, "default", `tag default: 0.35 is not a multiple of 0.1 (multipleOf)`},
		{tFloat, `multipleOf:"0.1" default:"-3e-1"`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.tags, func(t *testing.T) {
			got, err := NewBuilder().Input(strct(field("N", tt.typ, `json:"n" `+tt.tags)))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				schematest.Check(t, got)
				return
			}
			es, _ := err.(Errors)
			if len(es) != 1 {
				t.Fatalf("errors %v, want one", err)
			}
			if want := "OLT012: n: " + tt.want; es[0].Error() != want {
				t.Errorf("error\n got %s\nwant %s", es[0].Error(), want)
			}
			if es[0].Tag != tt.tag {
				t.Errorf("the error names tag %q, want %q", es[0].Tag, tt.tag)
			}
			if !strings.HasPrefix(tt.want, "tag ") && !strings.Contains(tt.tags, tt.tag+`:"`) {
				t.Errorf("the error names tag %q, which the field does not have", tt.tag)
			}
		})
	}
}

// TestMultipleOfReadAsDouble checks that a multipleOf the schema takes
// stays a valid one when read by a JSON reader that holds numbers as
// doubles (encoding/json into any, as the provider SDKs' users do,
// JavaScript, Python): a step below the least float64 reads as 0, which
// no multipleOf may be, and the whole schema would be refused there.
func TestMultipleOfReadAsDouble(t *testing.T) {
	tests := []struct {
		typ  *Type
		step string
		want string // the error, "" when taken
	}{
		{tFloat, "1e-400", `tag multipleOf: "1e-400" is read as 0 by JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients), and a multipleOf must be greater than 0`},
		{tFloat, "2e-324", `tag multipleOf: "2e-324" is read as 0 by JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients), and a multipleOf must be greater than 0`},
		{tFloat, "0.00000000000000000000000000000000000000000000000000001e-300", `tag multipleOf: "0.00000000000000000000000000000000000000000000000000001e-300" is read as 0 by JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients), and a multipleOf must be greater than 0`},
		{tInt, "1e-400", `tag multipleOf: "1e-400" is read as 0 by JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients), and a multipleOf must be greater than 0`},
		{basic(Float, 32), "1e-330", `tag multipleOf: "1e-330" is read as 0 by JSON readers that hold numbers as doubles (the provider SDKs, JavaScript clients), and a multipleOf must be greater than 0`},
		{tFloat, "5e-324", ""}, // the least float64, a subnormal
		{tFloat, "1e-300", ""},
		{tInt, "1e-300", ""},
		{basic(Float, 32), "1e-50", ""},
	}
	for _, tt := range tests {
		t.Run(tt.step, func(t *testing.T) {
			got, err := NewBuilder().Input(strct(field("N", tt.typ, `json:"n" multipleOf:"`+tt.step+`"`)))
			if tt.want != "" && err != nil {
				es, _ := err.(Errors)
				if len(es) != 1 || es[0].Error() != "OLT012: n: "+tt.want || es[0].Tag != "multipleOf" {
					t.Errorf("error %v, want OLT012: n: %s", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if tt.want != "" {
				t.Errorf("taken, want OLT012: n: %s", tt.want)
			}
			var v any
			if err := json.Unmarshal(got, &v); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(v)
			if _, err := schematest.Compile(b); err != nil {
				t.Errorf("%s read as doubles is %s, which is no valid schema: %v", got, b, err)
			}
		})
	}
}

// TestJSONNumberRange checks a json.Number field's number tags against a
// float64's range, as its arguments are (beyond it they are refused, as
// the readers that hold numbers as doubles cannot hold them; and
// encoding/json cannot read a schema holding 1e400 into any at all), and
// that the message names float64.
func TestJSONNumberRange(t *testing.T) {
	tNumber := named("encoding/json", "Number", tString)
	tests := []struct {
		tags string
		tag  string
		want string // "" when taken
	}{
		{`minimum:"1e400"`, "minimum", `tag minimum: "1e400" is outside the range of float64`},
		{`maximum:"-1e309"`, "maximum", `tag maximum: "-1e309" is outside the range of float64`},
		{`exclusiveMinimum:"-1e309"`, "exclusiveMinimum", `tag exclusiveMinimum: "-1e309" is outside the range of float64`},
		{`exclusiveMaximum:"1e400"`, "exclusiveMaximum", `tag exclusiveMaximum: "1e400" is outside the range of float64`},
		{`multipleOf:"1e400"`, "multipleOf", `tag multipleOf: "1e400" is outside the range of float64`},
		{`default:"2e308"`, "default", `tag default: "2e308" is outside the range of float64`},
		{`minimum:"-1.7976931348623157e308" exclusiveMaximum:"1.7976931348623157e308" multipleOf:"1e-300" default:"0"`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.tags, func(t *testing.T) {
			got, err := NewBuilder().Input(strct(field("N", tNumber, `json:"n" `+tt.tags)))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				var v any
				if err := json.Unmarshal(got, &v); err != nil {
					t.Errorf("%s cannot be read into any: %v", got, err)
				}
				return
			}
			es, _ := err.(Errors)
			if len(es) != 1 || es[0].Error() != "OLT012: n: "+tt.want || es[0].Tag != tt.tag {
				t.Errorf("error %v, want OLT012: n: %s", err, tt.want)
			}
		})
	}
}
