package tool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type LFilter struct {
	Court string `json:"court"`
	Max   int    `json:"max,omitempty"`
}

// LIn has a field of each kind a repair reads.
type LIn struct {
	Limit  int               `json:"limit,omitempty" minimum:"1" maximum:"100"`
	Small  int8              `json:"small,omitempty"`
	Ratio  float64           `json:"ratio,omitempty"`
	Exact  bool              `json:"exact,omitempty"`
	Ptr    *int              `json:"ptr,omitempty"`
	Tags   []string          `json:"tags,omitempty" maxItems:"3"`
	IDs    []int             `json:"ids,omitempty"`
	Filter *LFilter          `json:"filter,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
	Status Status            `json:"status,omitempty"`
	Name   string            `json:"name,omitempty"`
	Codes  []int             `json:"codes,omitempty" uniqueItems:"true"`
	Pairs  [][]int           `json:"pairs,omitempty" uniqueItems:"true"`
	Big    uint64            `json:"big,omitempty"`
	Level  LLevel            `json:"level,omitempty"`
	Step   *int32            `json:"step,omitempty" exclusiveMinimum:"0" multipleOf:"5"`
	Counts map[string]int    `json:"counts,omitempty"`
	N      *big.Int          `json:"n,omitempty"`
}

// LLevel is a named integer type.
type LLevel int16

func lenientTool(t *testing.T) *tool.Tool {
	return mustCreate(t, func(in LIn) LIn { return in }, reflectimpl.Meta(tool.Meta{Name: "lenient"}))
}

// TestRepairs is the table of every repair RepairArgs makes, of the
// repaired arguments the usual checks still refuse, and of what is never
// repaired; each row with the text the model gets.
func TestRepairs(t *testing.T) {
	tl := lenientTool(t)
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	type rp struct{ path, given, assumed string }
	tests := []struct {
		name, args string
		repairs    []rp
		value      string // the input the tool got, as JSON ("" when refused)
		text       string // what the model reads: the note, or the refusal
	}{
		// Repaired.
		{"integer", `{"limit":"42"}`, []rp{{"limit", `"42"`, `42`}}, `{"limit":42}`,
			`Assumed: 'limit' "42" read as 42.`},
		{"negative integer", `{"small":"-7"}`, []rp{{"small", `"-7"`, `-7`}}, `{"small":-7}`,
			`Assumed: 'small' "-7" read as -7.`},
		{"minus zero", `{"small":"-0"}`, []rp{{"small", `"-0"`, `-0`}}, `{}`,
			`Assumed: 'small' "-0" read as -0.`},
		{"number", `{"ratio":"1.5"}`, []rp{{"ratio", `"1.5"`, `1.5`}}, `{"ratio":1.5}`,
			`Assumed: 'ratio' "1.5" read as 1.5.`},
		{"number with exponent", `{"ratio":"-2e3"}`, []rp{{"ratio", `"-2e3"`, `-2e3`}}, `{"ratio":-2000}`,
			`Assumed: 'ratio' "-2e3" read as -2e3.`},
		{"integer for a number", `{"ratio":"3"}`, []rp{{"ratio", `"3"`, `3`}}, `{"ratio":3}`,
			`Assumed: 'ratio' "3" read as 3.`},
		{"true", `{"exact":"true"}`, []rp{{"exact", `"true"`, `true`}}, `{"exact":true}`,
			`Assumed: 'exact' "true" read as true.`},
		{"false", `{"exact":"false","limit":5}`, []rp{{"exact", `"false"`, `false`}}, `{"limit":5}`,
			`Assumed: 'exact' "false" read as false.`},
		{"pointer", `{"ptr":"5"}`, []rp{{"ptr", `"5"`, `5`}}, `{"ptr":5}`,
			`Assumed: 'ptr' "5" read as 5.`},
		{"escaped digits", `{"limit":"\u0034\u0032"}`, []rp{{"limit", `"\u0034\u0032"`, `42`}}, `{"limit":42}`,
			`Assumed: 'limit' "42" read as 42.`},
		{"JSON array text", `{"ids":"[1, 2]"}`, []rp{{"ids", `"[1, 2]"`, `[1, 2]`}}, `{"ids":[1,2]}`,
			`Assumed: 'ids', a string, read as the JSON array it holds.`},
		{"JSON array text of strings", `{"tags":"[\"a\",\"b\"]"}`, []rp{{"tags", `"[\"a\",\"b\"]"`, `["a","b"]`}}, `{"tags":["a","b"]}`,
			`Assumed: 'tags', a string, read as the JSON array it holds.`},
		{"JSON object text", `{"filter":"{\"court\":\"nysd\"}"}`, []rp{{"filter", `"{\"court\":\"nysd\"}"`, `{"court":"nysd"}`}},
			`{"filter":{"court":"nysd"}}`, `Assumed: 'filter', a string, read as the JSON object it holds.`},
		{"JSON object text of a map", `{"labels":"{\"a\":\"b\"}"}`, []rp{{"labels", `"{\"a\":\"b\"}"`, `{"a":"b"}`}},
			`{"labels":{"a":"b"}}`, `Assumed: 'labels', a string, read as the JSON object it holds.`},
		{"repair inside a JSON text", `{"filter":"{\"court\":\"nysd\",\"max\":\"3\"}"}`,
			[]rp{{"filter", `"{\"court\":\"nysd\",\"max\":\"3\"}"`, `{"court":"nysd","max":"3"}`}, {"filter.max", `"3"`, `3`}},
			`{"filter":{"court":"nysd","max":3}}`,
			"Assumed: 'filter', a string, read as the JSON object it holds.\nAssumed: 'filter.max' \"3\" read as 3."},
		{"string wrapped", `{"tags":"x"}`, []rp{{"tags", `"x"`, `["x"]`}}, `{"tags":["x"]}`,
			`Assumed: 'tags', a single value, read as a list of that one item.`},
		{"number wrapped", `{"ids":7}`, []rp{{"ids", `7`, `[7]`}}, `{"ids":[7]}`,
			`Assumed: 'ids', a single value, read as a list of that one item.`},
		{"element", `{"ids":[1,"2"]}`, []rp{{"ids[1]", `"2"`, `2`}}, `{"ids":[1,2]}`,
			`Assumed: 'ids[1]' "2" read as 2.`},

		// A whole number written with a fraction or an exponent, where
		// an integer is wanted: read as that integer, exactly.
		{"whole with a fraction", `{"limit":4.0}`, []rp{{"limit", `4.0`, `4`}}, `{"limit":4}`,
			`Assumed: 'limit' 4.0 read as 4.`},
		{"whole with an exponent", `{"small":1e2}`, []rp{{"small", `1e2`, `100`}}, `{"small":100}`,
			`Assumed: 'small' 1e2 read as 100.`},
		{"fraction and exponent", `{"limit":1.50e1}`, []rp{{"limit", `1.50e1`, `15`}}, `{"limit":15}`,
			`Assumed: 'limit' 1.50e1 read as 15.`},
		{"one point five e one", `{"limit":1.5e1}`, []rp{{"limit", `1.5e1`, `15`}}, `{"limit":15}`,
			`Assumed: 'limit' 1.5e1 read as 15.`},
		{"minus zero with both", `{"level":-0.0e0}`, []rp{{"level", `-0.0e0`, `-0`}}, `{}`,
			`Assumed: 'level' -0.0e0 read as -0.`},
		{"zero with both", `{"level":0.0e5}`, []rp{{"level", `0.0e5`, `0`}}, `{}`,
			`Assumed: 'level' 0.0e5 read as 0.`},
		{"zero for an unsigned", `{"big":0.0}`, []rp{{"big", `0.0`, `0`}}, `{}`,
			`Assumed: 'big' 0.0 read as 0.`},
		{"negative exponent", `{"level":100E-2}`, []rp{{"level", `100E-2`, `1`}}, `{"level":1}`,
			`Assumed: 'level' 100E-2 read as 1.`},
		{"negative", `{"level":-3.00}`, []rp{{"level", `-3.00`, `-3`}}, `{"level":-3}`,
			`Assumed: 'level' -3.00 read as -3.`},
		{"past a float64's precision", `{"big":12345678901234567890.0}`, []rp{{"big", `12345678901234567890.0`, `12345678901234567890`}},
			`{"big":12345678901234567890}`, `Assumed: 'big' 12345678901234567890.0 read as 12345678901234567890.`},
		{"largest uint64", `{"big":1.8446744073709551615e19}`, []rp{{"big", `1.8446744073709551615e19`, `18446744073709551615`}},
			`{"big":18446744073709551615}`, `Assumed: 'big' 1.8446744073709551615e19 read as 18446744073709551615.`},
		{"whole in a pointer", `{"step":1e1}`, []rp{{"step", `1e1`, `10`}}, `{"step":10}`,
			`Assumed: 'step' 1e1 read as 10.`},
		{"whole in an array", `{"ids":[1,2.0,3e0]}`, []rp{{"ids[1]", `2.0`, `2`}, {"ids[2]", `3e0`, `3`}}, `{"ids":[1,2,3]}`,
			"Assumed: 'ids[1]' 2.0 read as 2.\nAssumed: 'ids[2]' 3e0 read as 3."},
		{"whole in a map", `{"counts":{"a":7.0}}`, []rp{{"counts{}", `7.0`, `7`}}, `{"counts":{"a":7}}`,
			`Assumed: 'counts{}' 7.0 read as 7.`},
		{"whole in a nested struct", `{"filter":{"court":"x","max":2.0}}`, []rp{{"filter.max", `2.0`, `2`}}, `{"filter":{"court":"x","max":2}}`,
			`Assumed: 'filter.max' 2.0 read as 2.`},
		{"whole inside a JSON text", `{"ids":"[5.0]"}`, []rp{{"ids", `"[5.0]"`, `[5.0]`}, {"ids[0]", `5.0`, `5`}}, `{"ids":[5]}`,
			"Assumed: 'ids', a string, read as the JSON array it holds.\nAssumed: 'ids[0]' 5.0 read as 5."},
		{"whole wrapped", `{"ids":6.0}`, []rp{{"ids", `6.0`, `[6.0]`}, {"ids[0]", `6.0`, `6`}}, `{"ids":[6]}`,
			"Assumed: 'ids', a single value, read as a list of that one item.\nAssumed: 'ids[0]' 6.0 read as 6."},
		{"long whole number", `{"big":1.00000000000000000000000000000000000000000e1}`,
			[]rp{{"big", `1.00000000000000000000000000000000000000000e1`, `10`}}, `{"big":10}`,
			`Assumed: 'big', a whole number written with a fraction or an exponent, read as that integer.`},

		{"whole for a big.Int", `{"n":1.5e30}`, []rp{{"n", `1.5e30`, `1500000000000000000000000000000`}},
			`{"n":1500000000000000000000000000000}`, `Assumed: 'n' 1.5e30 read as 1500000000000000000000000000000.`},
		{"whole for a big.Int, long", `{"n":-2e100}`, []rp{{"n", `-2e100`, "-2" + strings.Repeat("0", 100)}},
			`{"n":-2` + strings.Repeat("0", 100) + `}`, `Assumed: 'n', a whole number written with a fraction or an exponent, read as that integer.`},
		{"whole for a float: nothing to repair", `{"ratio":4.0}`, nil, `{"ratio":4}`, ""},

		// Repaired, then refused by the usual checks: never looser than
		// the schema.
		{"whole beyond the Go type", `{"small":1e3}`, []rp{{"small", `1e3`, `1000`}}, "",
			"Argument 'small' must be at most 127.\nAssumed: 'small' 1e3 read as 1000."},
		{"whole above the maximum", `{"limit":5e2}`, []rp{{"limit", `5e2`, `500`}}, "",
			"Argument 'limit' must be at most 100.\nAssumed: 'limit' 5e2 read as 500."},
		{"whole beyond uint64", `{"big":1.8446744073709551616e19}`, []rp{{"big", `1.8446744073709551616e19`, `18446744073709551616`}}, "",
			"Argument 'big' must be at most 18446744073709551615.\nAssumed: 'big' 1.8446744073709551616e19 read as 18446744073709551616."},
		// -0 for an unsigned integer is refused as the integer -0 is
		// (encoding/json does not read it), and as "-0" is: the repair
		// is no looser than the integer it reads the number as.
		{"minus zero for an unsigned", `{"big":-0.0}`, []rp{{"big", `-0.0`, `-0`}}, "",
			"Argument 'big' does not fit the tool's type for it.\nAssumed: 'big' -0.0 read as -0."},
		{"minus zero string for an unsigned", `{"big":"-0"}`, []rp{{"big", `"-0"`, `-0`}}, "",
			"Argument 'big' does not fit the tool's type for it.\nAssumed: 'big' \"-0\" read as -0."},
		{"whole negative for an unsigned", `{"big":-1.0}`, []rp{{"big", `-1.0`, `-1`}}, "",
			"Argument 'big' must be at least 0.\nAssumed: 'big' -1.0 read as -1."},
		{"whole beyond int64", `{"ptr":1e19}`, []rp{{"ptr", `1e19`, `10000000000000000000`}}, "",
			"Argument 'ptr' must be at most 9223372036854775807.\nAssumed: 'ptr' 1e19 read as 10000000000000000000."},
		{"whole not a multiple", `{"step":7.0}`, []rp{{"step", `7.0`, `7`}}, "",
			"Argument 'step' must be a multiple of 5.\nAssumed: 'step' 7.0 read as 7."},
		{"whole at the exclusive minimum", `{"step":0.0}`, []rp{{"step", `0.0`, `0`}}, "",
			"Argument 'step' must be greater than 0.\nAssumed: 'step' 0.0 read as 0."},
		{"whole far beyond any Go type", `{"level":1e400}`, []rp{{"level", `1e400`, "1" + strings.Repeat("0", 400)}}, "",
			"Argument 'level' must be at most 32767.\nAssumed: 'level', a whole number written with a fraction or an exponent, read as that integer."},
		{"whole items equal as repaired", `{"codes":[4,4.0]}`, []rp{{"codes[1]", `4.0`, `4`}}, "",
			"Argument 'codes' must not repeat an item (items 0 and 1 are equal).\nAssumed: 'codes[1]' 4.0 read as 4."},

		{"above the maximum", `{"limit":"500"}`, []rp{{"limit", `"500"`, `500`}}, "",
			"Argument 'limit' must be at most 100.\nAssumed: 'limit' \"500\" read as 500."},
		{"beyond the Go type", `{"small":"300"}`, []rp{{"small", `"300"`, `300`}}, "",
			"Argument 'small' must be at most 127.\nAssumed: 'small' \"300\" read as 300."},
		{"too many items", `{"tags":"[\"a\",\"b\",\"c\",\"d\"]"}`, []rp{{"tags", `"[\"a\",\"b\",\"c\",\"d\"]"`, `["a","b","c","d"]`}}, "",
			"Argument 'tags' must have at most 3 items.\nAssumed: 'tags', a string, read as the JSON array it holds."},
		{"unknown name in a JSON text", `{"filter":"{\"court\":\"x\",\"extra\":1}"}`, []rp{{"filter", `"{\"court\":\"x\",\"extra\":1}"`, `{"court":"x","extra":1}`}}, "",
			"Argument 'filter.extra' is not a parameter of the tool.\nAssumed: 'filter', a string, read as the JSON object it holds."},
		{"missing in a JSON text", `{"filter":"{}"}`, []rp{{"filter", `"{}"`, `{}`}}, "",
			"Argument 'filter.court' is required.\nAssumed: 'filter', a string, read as the JSON object it holds."},
		{"duplicate in a JSON text", `{"filter":"{\"court\":\"a\",\"court\":\"b\"}"}`, []rp{{"filter", `"{\"court\":\"a\",\"court\":\"b\"}"`, `{"court":"a","court":"b"}`}}, "",
			"Argument 'filter.court' is given twice.\nAssumed: 'filter', a string, read as the JSON object it holds."},
		{"items equal as repaired", `{"codes":[0,"0"]}`, []rp{{"codes[1]", `"0"`, `0`}}, "",
			"Argument 'codes' must not repeat an item (items 0 and 1 are equal).\nAssumed: 'codes[1]' \"0\" read as 0."},
		{"items equal as repaired inside", `{"pairs":[[1,2],"[1,\"2\"]"]}`,
			[]rp{{"pairs[1]", `"[1,\"2\"]"`, `[1,"2"]`}, {"pairs[1][1]", `"2"`, `2`}}, "",
			"Argument 'pairs' must not repeat an item (items 0 and 1 are equal).\nAssumed: 'pairs[1]', a string, read as the JSON array it holds.\nAssumed: 'pairs[1][1]' \"2\" read as 2."},
		{"items unequal as repaired", `{"pairs":[[1,2],"[1,\"3\"]"]}`,
			[]rp{{"pairs[1]", `"[1,\"3\"]"`, `[1,"3"]`}, {"pairs[1][1]", `"3"`, `3`}}, `{"pairs":[[1,2],[1,3]]}`,
			"Assumed: 'pairs[1]', a string, read as the JSON array it holds.\nAssumed: 'pairs[1][1]' \"3\" read as 3."},
		{"wrong element in a JSON text", `{"ids":"[1,\"x\"]"}`, []rp{{"ids", `"[1,\"x\"]"`, `[1,"x"]`}}, "",
			"Argument 'ids[1]' must be an integer.\nAssumed: 'ids', a string, read as the JSON array it holds."},

		// Never repaired: the strict refusal, nothing assumed.
		{"fraction for an integer", `{"limit":"4.0"}`, nil, "", "Argument 'limit' must be an integer."},
		{"exponent for an integer", `{"limit":"1e2"}`, nil, "", "Argument 'limit' must be an integer."},
		{"fraction of zero as a string", `{"small":"4.0"}`, nil, "", "Argument 'small' must be an integer."},
		{"almost whole", `{"limit":3.0000000000000001}`, nil, "", "Argument 'limit' must be an integer."},
		{"half", `{"limit":4.5}`, nil, "", "Argument 'limit' must be an integer."},
		{"a tenth", `{"limit":1e-1}`, nil, "", "Argument 'limit' must be an integer."},
		{"a fraction far down", `{"big":1.00000000000000000001e1}`, nil, "", "Argument 'big' must be an integer."},
		{"not whole below one", `{"level":5E-1}`, nil, "", "Argument 'level' must be an integer."},
		{"leading space", `{"limit":" 42"}`, nil, "", "Argument 'limit' must be an integer."},
		{"trailing space", `{"limit":"42 "}`, nil, "", "Argument 'limit' must be an integer."},
		{"hex", `{"limit":"0x2A"}`, nil, "", "Argument 'limit' must be an integer."},
		{"plus sign", `{"limit":"+42"}`, nil, "", "Argument 'limit' must be an integer."},
		{"leading zero", `{"limit":"042"}`, nil, "", "Argument 'limit' must be an integer."},
		{"empty string", `{"limit":""}`, nil, "", "Argument 'limit' must be an integer."},
		{"words", `{"limit":"forty-two"}`, nil, "", "Argument 'limit' must be an integer."},
		{"NaN", `{"ratio":"NaN"}`, nil, "", "Argument 'ratio' must be a number."},
		{"Infinity", `{"ratio":"Infinity"}`, nil, "", "Argument 'ratio' must be a number."},
		{"bare fraction", `{"ratio":".5"}`, nil, "", "Argument 'ratio' must be a number."},
		{"True", `{"exact":"True"}`, nil, "", "Argument 'exact' must be true or false."},
		{"one for true", `{"exact":1}`, nil, "", "Argument 'exact' must be true or false."},
		{"string one for true", `{"exact":"1"}`, nil, "", "Argument 'exact' must be true or false."},
		{"yes", `{"exact":"yes"}`, nil, "", "Argument 'exact' must be true or false."},
		{"number for a string", `{"name":42}`, nil, "", "Argument 'name' must be a string."},
		{"boolean for a string", `{"name":true}`, nil, "", "Argument 'name' must be a string."},
		{"across enum values", `{"status":"Open"}`, nil, "", `Argument 'status' must be one of "open", "closed".`},
		{"null for a required value", `{"filter":{"court":null}}`, nil, "", "Argument 'filter.court' must not be null."},
		{"null text for a value", `{"limit":"null"}`, nil, "", "Argument 'limit' must be an integer."},
		{"unknown name", `{"filter":{"court":"x","extra":1}}`, nil, "", "Argument 'filter.extra' is not a parameter of the tool."},
		{"name in another case", `{"Limit":"42"}`, nil, "", "Argument 'Limit' is not a parameter of the tool; the parameter is 'limit' (names are case-sensitive)."},
		{"broken JSON text", `{"ids":"[1,2"}`, nil, "", "Argument 'ids' must be null or an array."},
		{"JSON text after a space", `{"tags":" [\"a\"]"}`, nil, "", "Argument 'tags' must be null or an array."},
		{"JSON text before a space", `{"tags":"[\"a\"] "}`, nil, "", "Argument 'tags' must be null or an array."},
		{"array text for an object", `{"filter":"[1]"}`, nil, "", "Argument 'filter' must be null or an object."},
		{"null text for an object", `{"filter":"null"}`, nil, "", "Argument 'filter' must be null or an object."},
		{"object for an array", `{"ids":{"a":1}}`, nil, "", "Argument 'ids' must be null or an array."},
		{"numeric string for an array of integers", `{"ids":"7"}`, nil, "", "Argument 'ids' must be null or an array."},
		{"boolean for an array of integers", `{"ids":true}`, nil, "", "Argument 'ids' must be null or an array."},
		{"number for an object", `{"filter":3}`, nil, "", "Argument 'filter' must be null or an object."},
		{"not an object", `"{\"limit\":1}"`, nil, "", "Arguments must be a JSON object."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tl.Invoke(ctx, json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			var got []rp
			for _, x := range repairsOf(r) {
				got = append(got, rp{x.Path, x.Given, x.Assumed})
			}
			if !slices.Equal(got, tt.repairs) {
				t.Errorf("repairs %q, want %q", got, tt.repairs)
			}
			if tt.value == "" {
				if !r.IsError || r.Code != tool.InvalidArguments {
					t.Fatalf("%s: ran (%s), want refused", tt.args, r.Text())
				}
				if r.Text() != tt.text {
					t.Errorf("the model reads %q, want %q", r.Text(), tt.text)
				}
				return
			}
			if r.IsError {
				t.Fatalf("%s: refused: %s", tt.args, r.Text())
			}
			if v, _ := json.Marshal(r.Value); string(v) != tt.value {
				t.Errorf("input %s, want %s", v, tt.value)
			}
			if r.RepairNote() != tt.text {
				t.Errorf("note %q, want %q", r.RepairNote(), tt.text)
			}
			// Strict refuses every row that needed a repair, and takes
			// every row that needed none as it is.
			sr, _ := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if sr.IsError != (len(tt.repairs) > 0) || (sr.Repairs != nil || sr.Shadowed != nil) {
				t.Errorf("strict: %s, lenient %v", sr.Text(), sr.Shadowed)
			}
		})
	}
}

// TestWholeStrict checks that strict mode refuses a whole number written
// with a fraction or an exponent for an integer as it did before
// RepairArgs read one, with the same messages.
func TestWholeStrict(t *testing.T) {
	tl := lenientTool(t)
	for _, tt := range []struct{ args, text string }{
		{`{"limit":4.0}`, "Argument 'limit' must be an integer."},
		{`{"small":1e2}`, "Argument 'small' must be an integer."},
		{`{"small":1e3}`, "Argument 'small' must be an integer.\nArgument 'small' must be at most 127."},
		{`{"big":-0.0e0}`, "Argument 'big' must be an integer."},
		{`{"limit":4.5}`, "Argument 'limit' must be an integer."},
	} {
		for _, l := range []tool.Leniency{tool.Strict, tool.ShadowArgs} {
			r, err := tl.Invoke(tool.WithLeniency(context.Background(), l), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if !r.IsError || r.Text() != tt.text || r.Repairs != nil {
				t.Errorf("%s %s: %s (%v), want refused with %q", l, tt.args, r.Text(), r.Repairs, tt.text)
			}
		}
	}
}

// TestRepairNeedsNothingGood checks that RepairArgs leaves good arguments
// as they are, with no record.
func TestRepairNeedsNothingGood(t *testing.T) {
	tl := lenientTool(t)
	args := `{"limit":42,"ratio":1.5,"exact":true,"tags":["a"],"ids":[1],"filter":{"court":"x"},"labels":{"a":"b"},"status":"open"}`
	for _, l := range []tool.Leniency{tool.Strict, tool.RepairArgs, tool.ShadowArgs} {
		r, err := tl.Invoke(tool.WithLeniency(context.Background(), l), json.RawMessage(args))
		if err != nil || r.IsError || (r.Repairs != nil || r.Shadowed != nil) {
			t.Errorf("%s: %v %s %v", l, err, r.Text(), r.Shadowed)
		}
	}
}

// TestShadow checks that ShadowArgs runs the tool with what encoding/json
// decodes and reports what a strict call would have refused, on the
// result and the audit record; and refuses what encoding/json cannot
// decode.
func TestShadow(t *testing.T) {
	tl := lenientTool(t)
	ctx := tool.WithLeniency(context.Background(), tool.ShadowArgs)
	tests := []struct {
		args     string
		value    string   // "" when refused
		shadowed []string // the messages
	}{
		{`{"limit":500}`, `{"limit":500}`, []string{"Argument 'limit' must be at most 100."}},
		{`{"status":"Open","small":-128}`, `{"small":-128,"status":"Open"}`, []string{`Argument 'status' must be one of "open", "closed".`}},
		{`{"filter":{"court":"x","extra":1},"tags":["a","b","c","d"]}`, `{"tags":["a","b","c","d"],"filter":{"court":"x"}}`,
			[]string{"Argument 'filter.extra' is not a parameter of the tool.", "Argument 'tags' must have at most 3 items."}},
		{`{"filter":{}}`, `{"filter":{"court":""}}`, []string{"Argument 'filter.court' is required."}},
		{`{"limit":1,"limit":2}`, `{"limit":2}`, []string{"Argument 'limit' is given twice."}},
		{`{"Limit":3}`, `{"limit":3}`, []string{"Argument 'Limit' is not a parameter of the tool; the parameter is 'limit' (names are case-sensitive)."}},
		// What encoding/json cannot decode is refused, with the
		// violations.
		{`{"limit":"42"}`, "", []string{"Argument 'limit' must be an integer."}},
		{`{"limit":1.5}`, "", []string{"Argument 'limit' must be an integer."}},
		{`{"limit":`, "", []string{"Arguments are not valid JSON."}},
	}
	for _, tt := range tests {
		var audit *tool.Audit
		r, err := tl.InvokeAudited(ctx, json.RawMessage(tt.args), func(a *tool.Audit) { audit = a })
		if err != nil {
			t.Fatal(err)
		}
		if tt.value == "" {
			var msgs []string
			for _, v := range r.Violations {
				msgs = append(msgs, v.Message)
			}
			if !r.IsError || r.Code != tool.InvalidArguments || (r.Repairs != nil || r.Shadowed != nil) || !slices.Equal(msgs, tt.shadowed) {
				t.Errorf("%s: %s %v, shadowed %v; want refused with %q", tt.args, r.Code, msgs, r.Shadowed, tt.shadowed)
			}
			continue
		}
		if r.IsError {
			t.Errorf("%s: refused: %s", tt.args, r.Text())
			continue
		}
		if v, _ := json.Marshal(r.Value); string(v) != tt.value {
			t.Errorf("%s: input %s, want %s", tt.args, v, tt.value)
		}
		var msgs []string
		for _, v := range shadowedOf(r) {
			msgs = append(msgs, v.Message)
		}
		if !slices.Equal(msgs, tt.shadowed) {
			t.Errorf("%s: shadowed %q, want %q", tt.args, msgs, tt.shadowed)
		}
		if audit.Leniency != tool.ShadowArgs || audit.Result != r || r.IsError {
			t.Errorf("%s: audit %+v", tt.args, audit)
		}
		if strings.Contains(r.Text(), "must") {
			t.Errorf("%s: the model is told of the violations: %s", tt.args, r.Text())
		}
	}
}

// TestRepairAudited checks that the audit record has the repairs and the
// leniency.
func TestRepairAudited(t *testing.T) {
	tl := lenientTool(t)
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	var audit *tool.Audit
	r, err := tl.InvokeAudited(ctx, json.RawMessage(`{"limit":"42","tags":"x"}`), func(a *tool.Audit) { audit = a })
	if err != nil || r.IsError {
		t.Fatal(err, r.Text())
	}
	if audit.Leniency != tool.RepairArgs || audit.Result != r || len(repairsOf(r)) != 2 || repairsOf(r)[0].Path != "limit" || repairsOf(r)[1].Assumed != `["x"]` {
		t.Errorf("audit %+v", audit)
	}
	if fmt.Sprint(tool.Strict, tool.RepairArgs, tool.ShadowArgs) != "strict repair shadow" {
		t.Errorf("names: %v %v %v", tool.Strict, tool.RepairArgs, tool.ShadowArgs)
	}
}

// TestRepairWithApproval checks that an approval of the arguments as
// given approves the call they are repaired into, and that CheckArgs
// gives the input Invoke would.
func TestRepairWithApproval(t *testing.T) {
	tl := mustCreate(t, func(in LIn) LIn { return in }, reflectimpl.Meta(tool.Meta{
		Name:             "lenient",
		RequiresApproval: true,
	}))
	args := json.RawMessage(`{"limit":"42"}`)
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	in, viols, err := tl.CheckArgs(ctx, args)
	if err != nil || viols != nil || in.(*LIn).Limit != 42 {
		t.Fatalf("CheckArgs: %v %v %v", in, viols, err)
	}
	if _, viols, _ := tl.CheckArgs(context.Background(), args); len(viols) != 1 {
		t.Errorf("CheckArgs is strict: %v", viols)
	}
	r, _ := tl.Invoke(ctx, args)
	if r.Code != tool.ApprovalRequired || len(repairsOf(r)) != 1 {
		t.Errorf("unapproved: %s %v", r.Code, repairsOf(r))
	}
	r, _ = tl.Invoke(tool.Approve(ctx, "lenient", args), args)
	if r.IsError || len(repairsOf(r)) != 1 {
		t.Errorf("approved: %s %v", r.Text(), repairsOf(r))
	}
	// ShadowArgs: the approval of what was given still binds.
	sctx := tool.WithLeniency(context.Background(), tool.ShadowArgs)
	bad := json.RawMessage(`{"limit":500}`)
	if r, _ := tl.Invoke(sctx, bad); r.Code != tool.ApprovalRequired {
		t.Errorf("shadow unapproved: %s", r.Text())
	}
	if r, _ := tl.Invoke(tool.Approve(sctx, "lenient", json.RawMessage(`{ "limit" : 500 }`)), bad); r.IsError || len(shadowedOf(r)) != 1 {
		t.Errorf("shadow approved: %s %v", r.Text(), shadowedOf(r))
	}
}

// TestManyRepairs checks that a call of many slips keeps the first
// MaxViolations repairs and counts the others, that the model's note is
// bounded so, that memory stays a small multiple of the arguments, and
// that a uniqueItems array of many repaired items is compared as repaired.
func TestManyRepairs(t *testing.T) {
	type In struct {
		IDs  []int `json:"ids,omitempty"`
		Uniq []int `json:"uniq,omitempty" uniqueItems:"true"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.IDs) + len(in.Uniq) }, reflectimpl.Meta(tool.Meta{Name: "many"}))
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	const n = 100_000
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%d"`, i)
	}
	list := b.String()
	args := json.RawMessage(`{"ids":[` + list + `]}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err := tl.Invoke(ctx, args)
	runtime.ReadMemStats(&after)
	if err != nil || r.IsError || r.Value.(int) != n {
		t.Fatalf("%v %.200s", err, r.Text())
	}
	if len(repairsOf(r)) != tool.MaxViolations || repairsOf(r)[99].Path != "ids[99]" {
		t.Errorf("%d repairs kept; last kept %+v", len(repairsOf(r)), repairsOf(r)[len(repairsOf(r))-1])
	}
	lines := strings.Split(r.RepairNote(), "\n")
	if want := fmt.Sprintf("… and %d more repairs.", n-tool.MaxViolations); len(lines) != tool.MaxViolations+1 || lines[len(lines)-1] != want {
		t.Errorf("%d lines, last %q; want %d, %q", len(lines), lines[len(lines)-1], tool.MaxViolations+1, want)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 12*uint64(len(args)) {
		t.Errorf("repairing %d bytes allocated %d bytes", len(args), grew)
	}
	// Unique as repaired: the last item repeats item 17.
	r, _ = tl.Invoke(ctx, json.RawMessage(`{"uniq":[`+list+`,17]}`))
	if want := fmt.Sprintf("Argument 'uniq' must not repeat an item (items 17 and %d are equal).", n); !r.IsError || !strings.HasPrefix(r.Text(), want+"\n") {
		t.Errorf("got %.200q, want %q first", r.Text(), want)
	}
	if r, _ := tl.Invoke(ctx, json.RawMessage(`{"uniq":[`+list+`]}`)); r.IsError {
		t.Errorf("unique items refused: %.200s", r.Text())
	}
}

// TestManyWholeRepairs checks that whole numbers read as integers keep
// the first MaxViolations repairs and count the others, and that the
// integers are written out only for the repairs kept and the values
// that passed their bounds: 1e400 is an integer of 401 digits, and a call
// of 100,000 of them allocates a small multiple of its size.
func TestManyWholeRepairs(t *testing.T) {
	type In struct {
		IDs   []int64 `json:"ids,omitempty"`
		Small []int16 `json:"small,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.IDs) + len(in.Small) }, reflectimpl.Meta(tool.Meta{Name: "many"}))
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	const n = 100_000
	list := func(format string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, format, i)
		}
		return b.String()
	}
	r, err := tl.Invoke(ctx, json.RawMessage(`{"ids":[`+list("%d.0")+`]}`))
	if err != nil || r.IsError || r.Value.(int) != n {
		t.Fatalf("%v %.200s", err, r.Text())
	}
	lines := strings.Split(r.RepairNote(), "\n")
	if want := fmt.Sprintf("… and %d more repairs.", n-tool.MaxViolations); len(lines) != tool.MaxViolations+1 ||
		lines[99] != "Assumed: 'ids[99]' 99.0 read as 99." || lines[len(lines)-1] != want {
		t.Errorf("%d lines, 100th %q, last %q; want %d, %q", len(lines), lines[99], lines[len(lines)-1], tool.MaxViolations+1, want)
	}
	args := json.RawMessage(`{"small":[` + strings.Repeat("1e400,", n-1) + `1e400]}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err = tl.Invoke(ctx, args)
	runtime.ReadMemStats(&after)
	if err != nil || !r.IsError || !strings.HasPrefix(r.Text(), "Argument 'small[0]' must be at most 32767.\n") || len(repairsOf(r)) != tool.MaxViolations {
		t.Fatalf("%v %.300s", err, r.Text())
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 12*uint64(len(args)) {
		t.Errorf("repairing %d bytes allocated %d bytes", len(args), grew)
	}
}

// TestRepairedUniqueItems checks that the items of a uniqueItems array are
// compared as repaired when an item holds many repairs, some of them made
// inside the JSON text of another: each repair is written once, in its
// place. Before, writing an item looked at every repair after each of its
// own: one item of 60,000 repaired numbers (240 KB) took 6 s
// (BenchmarkRepairedUniqueItems).
func TestRepairedUniqueItems(t *testing.T) {
	type In struct {
		Sets [][][]int `json:"sets,omitempty" uniqueItems:"true"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Sets) }, reflectimpl.Meta(tool.Meta{Name: "sets"}))
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	dup := "Argument 'sets' must not repeat an item (items 0 and 1 are equal)."
	for _, tt := range []struct{ args, want string }{
		{`{"sets":[[["1"],"[\"2\",3,\"4\"]",["5","6"]],[[1],[2,3,4],[5,6]]]}`, dup},
		{`{"sets":[[[1],[2,3,4],[5,6]],[["1"],"[\"2\",3,\"4\"]",["5","6"]]]}`, dup},
		{`{"sets":[[["1"],"[\"2\",3,\"4\"]",["5","6"]],[[1],[2,3,4],[5,7]]]}`, ""},
		{`{"sets":[[["1"],"[\"2\",3,\"4\"]",["5","6"]],[[1],[2,3,5],[5,6]]]}`, ""},
		{`{"sets":["[[\"1\"],\"[2]\"]",[[1],[2]]]}`, dup},
		{`{"sets":["[[\"1\"],\"[2]\"]",[[1],[3]]]}`, ""},
	} {
		r, err := tl.Invoke(ctx, json.RawMessage(tt.args))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if r.IsError {
			got, _, _ = strings.Cut(r.Text(), "\n")
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.args, got, tt.want)
		}
	}
	// One item of many repairs, and the same item given as repaired.
	const n = 100_000
	item := "[" + strings.TrimSuffix(strings.Repeat(`"7",`, n), ",") + "]"
	plain := "[" + strings.TrimSuffix(strings.Repeat(`7,`, n), ",") + "]"
	r, _ := tl.Invoke(ctx, json.RawMessage(`{"sets":[[`+item+`],[`+plain+`]]}`))
	if !r.IsError || !strings.HasPrefix(r.Text(), dup+"\n") {
		t.Errorf("got %.200q, want %q first", r.Text(), dup)
	}
}

// BenchmarkRepairedUniqueItems repairs one item of a uniqueItems array
// holding 4,000, 16,000 and 64,000 numbers given as strings: the time
// grows with the repairs, not with their square.
func BenchmarkRepairedUniqueItems(b *testing.B) {
	type In struct {
		Sets [][]int `json:"sets,omitempty" uniqueItems:"true"`
	}
	tl, err := reflectimpl.Create(func(in In) int { return len(in.Sets) }, reflectimpl.Meta(tool.Meta{Name: "sets"}))
	if err != nil {
		b.Fatal(err)
	}
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	for _, n := range []int{4000, 16000, 64000} {
		args := json.RawMessage(`{"sets":[[` + strings.TrimSuffix(strings.Repeat(`"7",`, n), ",") + `]]}`)
		b.Run(fmt.Sprintf("repairs=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			for b.Loop() {
				if r, _ := tl.Invoke(ctx, args); r.IsError {
					b.Fatal(r.Text())
				}
			}
		})
	}
}

// TestNestedJSONTexts checks that a JSON text read in place of a string
// nests from where the string stood: its arrays count toward
// MaxArgumentDepth as they would given as arrays, and are refused past it
// alike.
func TestNestedJSONTexts(t *testing.T) {
	for _, levels := range []int{62, 63, 64, 70} {
		typ := reflect.TypeFor[int]()
		for range levels {
			typ = reflect.SliceOf(typ)
		}
		in := reflect.StructOf([]reflect.StructField{{Name: "X", Type: typ, Tag: `json:"x"`}})
		fn := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{in}, []reflect.Type{reflect.TypeFor[int]()}, false),
			func([]reflect.Value) []reflect.Value { return []reflect.Value{reflect.ValueOf(1)} })
		tl := mustCreate(t, fn.Interface(), reflectimpl.Meta(tool.Meta{Name: "deep"}))
		text := strings.Repeat("[", levels) + strings.Repeat("]", levels)
		q, _ := json.Marshal(text)
		strict, _ := tl.Invoke(context.Background(), json.RawMessage(`{"x":`+text+`}`))
		r, _ := tl.Invoke(tool.WithLeniency(context.Background(), tool.RepairArgs), json.RawMessage(`{"x":`+string(q)+`}`))
		if r.IsError != strict.IsError || len(repairsOf(r)) != 1 || r.IsError && !strings.HasPrefix(r.Text(), strict.Text()+"\n") {
			t.Errorf("%d levels: repaired %q, %d repairs; given as arrays %q", levels, r.Text(), len(repairsOf(r)), strict.Text())
		}
		if refused := levels >= limits.MaxArgumentDepth; refused != r.IsError {
			t.Errorf("%d levels: refused %v: %s", levels, r.IsError, r.Text())
		}
	}
}

// repairsOf returns the repairs on r, nil for none.
func repairsOf(r *tool.Result) []tool.Repair { return r.Repairs }

// shadowedOf returns the violations shadowed on r, nil for none.
func shadowedOf(r *tool.Result) []tool.Violation { return r.Shadowed }

// FuzzInvokeLenient invokes a tool under each leniency with arbitrary
// bytes: never a panic; arguments strict takes are taken alike, with no
// record; a call only repair takes has repairs; a refusal under repair or
// shadow has no more violations than MaxViolations.
func FuzzInvokeLenient(f *testing.F) {
	for _, s := range []string{`{}`, `{"limit":"42"}`, `{"ids":"[1,\"2\"]"}`, `{"filter":"{\"court\":\"x\",\"max\":\"3\"}"}`,
		`{"tags":"x","codes":[0,"0"]}`, `{"pairs":[[1,2],"[1,\"2\"]"]}`, `{"exact":"true","ratio":"-2e3"}`, `{"labels":"{\"a\":\"b\",\"a\":\"c\"}"}`,
		`{"ids":7,"small":"300"}`, `{"limit":" 42"}`, `{"filter":"{\"court\":\"[\\\"x\\\"]\"}"}`,
		`{"limit":4.0,"small":1e2,"big":12345678901234567890.0}`, `{"level":-0.0e0,"step":100E-1,"ids":[1.50e1,2.0]}`,
		`{"counts":{"a":3.0000000000000001},"codes":[4,4.0]}`} {
		f.Add([]byte(s))
	}
	tl := mustCreateF(f, func(in LIn) LIn { return in }, reflectimpl.Meta(tool.Meta{Name: "lenient"}))
	repair := tool.WithLeniency(context.Background(), tool.RepairArgs)
	shadow := tool.WithLeniency(context.Background(), tool.ShadowArgs)
	f.Fuzz(func(t *testing.T, data []byte) {
		strict, err := tl.Invoke(context.Background(), data)
		if err != nil {
			t.Fatal(err)
		}
		for _, ctx := range []context.Context{repair, shadow} {
			r, err := tl.Invoke(ctx, data)
			if err != nil || r == nil {
				t.Fatalf("Invoke(%q) = %v, %v", data, r, err)
			}
			if len(r.Violations) > tool.MaxViolations || r.IsError && r.Code == "" {
				t.Fatalf("Invoke(%q): %s %d violations", data, r.Code, len(r.Violations))
			}
			if !strict.IsError && (r.IsError || (r.Repairs != nil || r.Shadowed != nil) || r.Text() != strict.Text()) {
				t.Fatalf("Invoke(%q): strict took it as %q; lenient %q, %+v", data, strict.Text(), r.Text(), r.Shadowed)
			}
			if ctx == repair && strict.IsError && !r.IsError && len(repairsOf(r)) == 0 {
				t.Fatalf("Invoke(%q): repair took what strict refused, with no repair", data)
			}
			for _, rp := range repairsOf(r) {
				// A number read as an integer is that integer, exactly.
				if c := rp.Given[0]; c != '-' && (c < '0' || c > '9') || rp.Assumed[0] == '[' {
					continue
				}
				g, ok1 := new(big.Rat).SetString(rp.Given)
				a, ok2 := new(big.Rat).SetString(rp.Assumed)
				want := a.String()
				if a.Sign() == 0 && rp.Given[0] == '-' {
					want = "-0/1" // a negative zero is read as the integer -0
				}
				if !ok1 || !ok2 || g.Cmp(a) != 0 || strings.ContainsAny(rp.Assumed, ".eE") || want != rp.Assumed+"/1" {
					t.Fatalf("Invoke(%q): %s read as %s", data, rp.Given, rp.Assumed)
				}
			}
		}
	})
}

// TestRepairTextsHeld checks that the texts RepairArgs reads in place of
// strings count in the room of the calls' values: a JSON text inside a
// JSON text is made again at each level, and 500 KB nested 15 strings
// deep made some 45 MB (4 MB made 400 MB) that no bound counted, where
// their Go values are one string.
func TestRepairTextsHeld(t *testing.T) {
	type In struct {
		X [][][][][][][][][][][][][][][]string `json:"x"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.X) }, reflectimpl.Meta(tool.Meta{Name: "nest"}))
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	tool.SetHeldRoom(t, 8<<20)
	nested := func(levels int) json.RawMessage {
		s := `["` + strings.Repeat("a", 500_000) + `"]`
		for range levels {
			b, _ := json.Marshal(s)
			s = "[" + string(b) + "]"
		}
		for range 14 - levels {
			s = "[" + s + "]"
		}
		b, _ := json.Marshal(s)
		return json.RawMessage(`{"x":` + string(b) + `}`)
	}
	r, err := tl.Invoke(ctx, nested(14))
	if err != nil || r.Code != tool.InvalidArguments || r.Started || len(r.Violations) != 1 || r.Violations[0].Rule != "size" ||
		!strings.HasSuffix(r.Violations[0].Message, "all the room this server gives the values of the calls it runs at once: send fewer or smaller values.") {
		t.Errorf("15 levels: %s started %v %.300q", r.Code, r.Started, r.Text())
	}
	if tool.HeldValues() != 0 {
		t.Errorf("%d bytes of room held after the call", tool.HeldValues())
	}
	// A text or two deep is read as before.
	for _, levels := range []int{0, 1} {
		if r, err := tl.Invoke(ctx, nested(levels)); err != nil || r.IsError || r.Value.(int) != 1 {
			t.Errorf("%d levels: %v %.300q", levels+1, err, r.Text())
		}
	}
}

// TestRepairedUniqueItemsHeld checks that what RepairArgs keeps to compare
// the items of a uniqueItems array as repaired counts in the room of the
// calls' values: a record of each repair, and each item's text as
// repaired, made again at each level of uniqueItems arrays nested in
// one another. 800 KB of numbers given as strings, 30 such levels deep,
// made 105 MB that no bound counted (78 MB at one level). The test sends
// a quarter of that against a room of a quarter of 8 MiB: the same
// proportions, refused only where the records and texts are counted.
func TestRepairedUniqueItemsHeld(t *testing.T) {
	nested := func(levels int) (any, json.RawMessage) {
		typ := reflect.StructOf([]reflect.StructField{{Name: "S", Type: reflect.TypeFor[[]int](), Tag: `json:"s"`}})
		for range levels {
			typ = reflect.StructOf([]reflect.StructField{{Name: "K", Type: reflect.SliceOf(typ), Tag: `json:"k" uniqueItems:"true"`}})
		}
		fn := reflect.MakeFunc(reflect.FuncOf([]reflect.Type{typ}, []reflect.Type{reflect.TypeFor[int]()}, false),
			func([]reflect.Value) []reflect.Value { return []reflect.Value{reflect.ValueOf(1)} })
		s := `{"s":[` + strings.TrimSuffix(strings.Repeat(`"7",`, 50_000), ",") + `]}`
		for range levels {
			s = `{"k":[` + s + `]}`
		}
		return fn.Interface(), json.RawMessage(s)
	}
	ctx := tool.WithLeniency(context.Background(), tool.RepairArgs)
	tool.SetHeldRoom(t, 2<<20)
	for _, levels := range []int{1, 30} {
		fn, args := nested(levels)
		tl := mustCreate(t, fn, reflectimpl.Meta(tool.Meta{Name: "nest"}))
		r, err := tl.Invoke(ctx, args)
		if err != nil || r.Code != tool.InvalidArguments || r.Started || len(r.Violations) != 1 || r.Violations[0].Rule != "size" ||
			!strings.HasSuffix(r.Violations[0].Message, "all the room this server gives the values of the calls it runs at once: send fewer or smaller values.") {
			t.Errorf("%d levels: %s started %v %.300q", levels, r.Code, r.Started, r.Text())
		}
		if tool.HeldValues() != 0 {
			t.Errorf("%d levels: %d bytes of room held after the call", levels, tool.HeldValues())
		}
	}
	// With room for them, they are read as before.
	tool.SetHeldRoom(t, 64<<20)
	fn, args := nested(30)
	if r, err := mustCreate(t, fn, reflectimpl.Meta(tool.Meta{Name: "nest"})).Invoke(ctx, args); err != nil || r.IsError || r.Value.(int) != 1 {
		t.Errorf("30 levels, room for them: %v %.300q", err, r.Text())
	}
}
