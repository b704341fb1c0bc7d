package tool_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/oracle"
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Steps has a field for each of exclusiveMinimum, exclusiveMaximum and
// multipleOf, on integers and numbers.
type Steps struct {
	Qty   int       `json:"qty,omitempty" exclusiveMinimum:"0" multipleOf:"5"`
	Pct   float64   `json:"pct,omitempty" exclusiveMinimum:"0" exclusiveMaximum:"100"`
	Ratio float32   `json:"ratio,omitempty" exclusiveMaximum:"1"`
	Near  float32   `json:"near,omitempty" exclusiveMinimum:"0.09999999999"`
	Above float64   `json:"above,omitempty" exclusiveMinimum:"0.29999999999999999"`
	Below float64   `json:"below,omitempty" exclusiveMaximum:"0.1"`
	Third float64   `json:"third,omitempty" exclusiveMaximum:"0.30000000000000001"`
	Rate  *Rate     `json:"rate,omitempty" exclusiveMinimum:"0"`
	Cents float64   `json:"cents,omitempty" multipleOf:"0.01"`
	Tenth float64   `json:"tenth,omitempty" multipleOf:"0.1" minimum:"-1e3"`
	Tiny  float64   `json:"tiny,omitempty" multipleOf:"1e-320"`
	Big   float64   `json:"big,omitempty" multipleOf:"1e300"`
	Half  int8      `json:"half,omitempty" multipleOf:"2.5"`
	Small uint8     `json:"small,omitempty" exclusiveMaximum:"10"`
	Seven float64   `json:"seven,omitempty" multipleOf:"7e-2"`
	Ptr   *int64    `json:"ptr,omitempty" exclusiveMaximum:"-1"`
	List  []Stepped `json:"list,omitempty"`
}

// Rate is a named float type, read by its kind.
type Rate float64

// Stepped has a multipleOf of more digits than a machine word holds.
type Stepped struct {
	N float64 `json:"n" multipleOf:"1234567890123456789.5"`
}

// TestNumberKeywords checks exclusiveMinimum, exclusiveMaximum and
// multipleOf on the argument's JSON number text, exactly (0.3 is a
// multiple of 0.1, though no float64 says so), against the validator
// (santhosh-tekuri/jsonschema/v6, through the oracle) on every case.
func TestNumberKeywords(t *testing.T) {
	tl, err := reflectimpl.Create(func(in Steps) Steps { return in }, reflectimpl.Meta(tool.Meta{Name: "steps"}))
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, tl.InputSchema)
	tests := []struct {
		args string
		want string // "" when taken
	}{
		{`{"qty":5}`, ""},
		{`{"qty":1e1}`, "Argument 'qty' must be an integer."},
		{`{"qty":0}`, "Argument 'qty' must be greater than 0."},
		{`{"qty":-5}`, "Argument 'qty' must be greater than 0."},
		{`{"qty":7}`, "Argument 'qty' must be a multiple of 5."},
		{`{"qty":-7}`, "Argument 'qty' must be a multiple of 5.\nArgument 'qty' must be greater than 0."},
		{`{"qty":9223372036854775805}`, ""},
		{`{"qty":9223372036854775810}`, "Argument 'qty' must be at most 9223372036854775807."},
		{`{"pct":0}`, "Argument 'pct' must be greater than 0."},
		{`{"pct":-0}`, "Argument 'pct' must be greater than 0."},
		// Above 0 as written, and 0 as the float64 the tool gets: the
		// exclusive bound holds for what the tool gets too.
		{`{"pct":1e-400}`, "Argument 'pct' must be greater than 0; as a float64 this value is 0."},
		{`{"pct":1e-330}`, "Argument 'pct' must be greater than 0; as a float64 this value is 0."},
		{`{"pct":5e-324}`, ""},
		{`{"pct":-1e-400}`, "Argument 'pct' must be greater than 0."},
		{`{"pct":100}`, "Argument 'pct' must be less than 100."},
		{`{"pct":1e2}`, "Argument 'pct' must be less than 100."},
		{`{"pct":99.99999999999999999999}`, "Argument 'pct' must be less than 100; as a float64 this value is 100."},
		{`{"pct":99.99999999999999}`, ""},
		{`{"ratio":0.99999999}`, "Argument 'ratio' must be less than 1; as a float32 this value is 1."},
		{`{"ratio":0.9999999}`, ""},
		{`{"rate":1e-330}`, "Argument 'rate' must be greater than 0; as a float64 this value is 0."},
		{`{"rate":5e-324}`, ""},
		// A bound no float holds: the float the tool gets is compared
		// with it exactly. float32(0.1) is above 0.09999999999, and
		// float64(0.3) below 0.30000000000000001, though each is the
		// float nearest its bound.
		{`{"near":0.1}`, ""},
		{`{"near":0.099999999995}`, ""},
		{`{"below":0.09999999999999999999}`, "Argument 'below' must be less than 0.1; as a float64 this value is 0.1."},
		{`{"below":0.09999999999999999}`, ""},
		{`{"third":0.3}`, ""},
		{`{"above":0.3}`, "Argument 'above' must be greater than 0.29999999999999999; as a float64 this value is 0.3."},
		{`{"third":0.300000000000000005}`, ""},
		{`{"third":0.3000000000000000099}`, ""},
		{`{"third":0.30000000000000002}`, "Argument 'third' must be less than 0.30000000000000001."},
		{`{"pct":100.00000000000000000001}`, "Argument 'pct' must be less than 100."},
		{`{"cents":19.99}`, ""},
		{`{"cents":19.999}`, "Argument 'cents' must be a multiple of 0.01."},
		{`{"cents":-0.07}`, ""},
		{`{"cents":1999e-2}`, ""},
		{`{"cents":1999e-3}`, "Argument 'cents' must be a multiple of 0.01."},
		{`{"cents":1e300}`, ""},
		{`{"tenth":0.3}`, ""},
		{`{"tenth":-0.3}`, ""},
		{`{"tenth":0.30000000000000004}`, "Argument 'tenth' must be a multiple of 0.1."},
		{`{"tenth":3E-1}`, ""},
		{`{"tenth":-1001}`, "Argument 'tenth' must be at least -1e3."},
		{`{"tenth":0.0}`, ""},
		{`{"tiny":1}`, ""},
		{`{"tiny":1e-320}`, ""},
		{`{"tiny":3E-0320}`, ""},
		{`{"tiny":1.5e-320}`, "Argument 'tiny' must be a multiple of 1e-320."},
		{`{"tiny":1e-400}`, "Argument 'tiny' must be a multiple of 1e-320."},
		{`{"tiny":` + strings.Repeat("7", 200) + `.5e-300}`, ""},
		// Hostile texts stop before any multipleOf is computed.
		{`{"tiny":1e999999999}`, "Argument 'tiny' is beyond the range of a number."},
		{`{"tiny":1e-999999999}`, "Argument 'tiny' is beyond the range of a number."},
		{`{"tiny":` + strings.Repeat("9", 100_000) + `}`, "Argument 'tiny' is a number of more than 256 characters."},
		{`{"big":1e300}`, ""},
		{`{"big":3e300}`, ""},
		{`{"big":1e299}`, "Argument 'big' must be a multiple of 1e300."},
		{`{"big":1.5e300}`, "Argument 'big' must be a multiple of 1e300."},
		{`{"half":5}`, ""},
		{`{"half":-125}`, ""},
		{`{"half":4}`, "Argument 'half' must be a multiple of 2.5."},
		{`{"small":9}`, ""},
		{`{"small":10}`, "Argument 'small' must be less than 10."},
		{`{"small":-1}`, "Argument 'small' must be at least 0."},
		{`{"seven":0.21}`, ""},
		{`{"seven":0.2}`, "Argument 'seven' must be a multiple of 7e-2."},
		{`{"seven":7e300}`, ""},
		{`{"ptr":-2}`, ""},
		{`{"ptr":-1}`, "Argument 'ptr' must be less than -1."},
		{`{"ptr":-9223372036854775809}`, "Argument 'ptr' must be at least -9223372036854775808."},
		{`{"ptr":null}`, ""},
		{`{"list":[{"n":2469135780246913579}]}`, ""},
		{`{"list":[{"n":1234567890123456789.5e5}]}`, ""},
		{`{"list":[{"n":1234567890123456789}]}`, "Argument 'list[0].n' must be a multiple of 1234567890123456789.5."},
		{`{"list":[{"n":0}]}`, ""},
	}
	for _, tt := range tests {
		_, viols, err := tl.CheckArgs(context.Background(), json.RawMessage(tt.args))
		if err != nil {
			t.Fatalf("%s: %v", tt.args, err)
		}
		var msgs []string
		for _, v := range viols {
			msgs = append(msgs, v.Message)
		}
		if got := strings.Join(msgs, "\n"); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.args, got, tt.want)
		}
		if strings.Contains(tt.want, "922337203685477580") {
			continue // the 64-bit type's range, which the schema does not write
		}
		if strings.Contains(tt.want, "; as a float") {
			continue // the exclusive bound on the float the tool gets, which the validator does not know
		}
		if _, want := oracle.Arguments(tl.InputSchema, []byte(tt.args)); !slices.Equal(viols, want) {
			t.Errorf("%s:\ntyped checks %q\nvalidator    %q", tt.args, viols, want)
		}
	}
}

// TestRoundedBoundsNotOnResults: a result is checked as the JSON the
// client reads, exactly, as the validator does: no float is made of it,
// and the bound on the float the tool gets (TestNumberKeywords) is not
// the result's. "0.3" is above 0.29999999999999999, though float64(0.3)
// is not.
func TestRoundedBoundsNotOnResults(t *testing.T) {
	tl, err := reflectimpl.Create(func(in Steps) Steps { return in }, reflectimpl.Meta(tool.Meta{Name: "steps"}))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ result, want string }{
		{`{"pct":1e-330}`, ""},
		{`{"ratio":0.99999999}`, ""},
		{`{"above":0.3}`, ""},
		{`{"pct":0}`, "Result 'pct' must be greater than 0."},
	}
	for _, tt := range tests {
		viols, _ := tl.CheckResult([]byte(tt.result))
		var msgs []string
		for _, v := range viols {
			msgs = append(msgs, v.Message)
		}
		if got := strings.Join(msgs, "\n"); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.result, got, tt.want)
		}
		if _, want := oracle.Arguments(tl.InputSchema, []byte(tt.result)); len(want) != len(viols) {
			t.Errorf("%s: %d violations, the validator %d", tt.result, len(viols), len(want))
		}
	}
}
