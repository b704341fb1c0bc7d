package tool_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"net/netip"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/oracle"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Level is a string type that reads itself, used as a map key: "+",
// "++", ...
type Level string

func (l *Level) UnmarshalText(b []byte) error {
	if strings.Trim(string(b), "+") != "" {
		return errors.New("not a level")
	}
	*l = Level(b)
	return nil
}

type Nested struct {
	Deep bool `json:"deep"`
}

// Edges has a field for each way a value is decoded.
type Edges struct {
	*Nested
	Flag   bool              `json:"flag,omitempty"`
	Raw    json.RawMessage   `json:"raw,omitempty"`
	Any    any               `json:"any,omitempty"`
	Num    json.Number       `json:"num,omitempty"`
	Big    *big.Int          `json:"big,omitempty"`
	Addr   netip.Addr        `json:"addr,omitempty"`
	Bytes  []byte            `json:"bytes,omitempty"`
	Levels map[Level]int     `json:"levels,omitempty"`
	Pairs  [][2]int          `json:"pairs,omitempty" uniqueItems:"true"`
	Sets   []map[string]bool `json:"sets,omitempty" uniqueItems:"true"`
	Fixed  [2]string         `json:"fixed,omitzero"`
	Name   string            `json:"name,omitempty" default:"anon"`
	F32    float32           `json:"f32,omitempty"`
}

func Edge(in Edges) (Edges, error) { return in, nil }

// TestDecodeEdges checks the typed checks on each way of decoding against
// the schema validator's verdicts (internal/oracle) and, when the
// arguments pass, the decoded input against encoding/json's.
func TestDecodeEdges(t *testing.T) {
	tl, err := reflectimpl.Create(Edge)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args string
		want string // the message, "" when accepted
	}{
		{`{"flag":true,"deep":false}`, ""},
		{`{"deep":true}`, ""},
		{`{"flag":"yes"}`, "Argument 'flag' must be true or false."},
		{`{"raw":{"a":[1, 2]} ,"any":[1,{"b":null}]}`, ""},
		{`{"raw":null}`, ""},
		{`{"any":1e309}`, "Argument 'any' does not fit the tool's type for it."},
		{`{"num":1.25e3,"big":123456789012345678901234567890}`, ""},
		{`{"big":1.5}`, "Argument 'big' must be null or an integer."},
		{`{"big":1e3}`, "Argument 'big' must be an integer."},
		{`{"num":"1"}`, "Argument 'num' must be a number."},
		{`{"addr":"::1"}`, ""},
		{`{"addr":"nope"}`, "Argument 'addr' is not in a form the tool's type for it reads (a text such as an IP address or a time that does not parse)."},
		{`{"bytes":"aGk="}`, ""},
		{`{"bytes":"aGk"}`, "Argument 'bytes' must be base64 text."},
		{`{"levels":{"++":1,"+":2}}`, ""},
		{`{"levels":{"x":1}}`, "Argument 'levels{}' has a key that is not in a form the tool's type for the keys reads (a text such as an IP address or a time that does not parse)."},
		{`{"pairs":[[1,2],[1,2.0]]}`, "Argument 'pairs[1][1]' must be an integer.\nArgument 'pairs' must not repeat an item (items 0 and 1 are equal)."},
		{`{"pairs":[[1,2],[2,1]]}`, ""},
		{`{"sets":[{"a":true,"b":false},{"b":false,"a":true}]}`, "Argument 'sets' must not repeat an item (items 0 and 1 are equal)."},
		{`{"fixed":["a","b","c"]}`, "Argument 'fixed' must have at most 2 items."},
		{`{"fixed":["a",1,"c"]}`, "Argument 'fixed[1]' must be a string.\nArgument 'fixed' must have at most 2 items."},
		{`{"fixed":["a","b"]}`, ""},
		{`{"f32":3.5e38}`, "Argument 'f32' must be at most 3.4028235e+38."},
		{`{"name":null}`, ""},
		{`{"n\u0061me":"x"}`, ""},
		{`{"name":"\ud83d\ude00 \ud800 \u00e9\t\"\\\/"}`, ""},
		{`{"na\u006de":"x","name":"y"}`, "Argument 'name' is given twice."},
		{`{"\u00e9":1}`, "Argument '\"é\"' is not a parameter of the tool."},
		{"{\"name\":\"\xff\"}", ""},
		{`{"name":"\x"}`, "Arguments are not valid JSON."},
		{`{"name":"\u12"}`, "Arguments are not valid JSON."},
		{"{\"name\":\"a\x01\"}", "Arguments are not valid JSON."},
		{`{"flag":tru}`, "Arguments are not valid JSON."},
		{`{"f32":01}`, "Arguments are not valid JSON."},
		{`{"f32":1.}`, "Arguments are not valid JSON."},
		{`{"f32":-}`, "Arguments are not valid JSON."},
		{`{"f32":1e}`, "Arguments are not valid JSON."},
		{`{"raw":{"a":1,"a":2}}`, "Argument 'raw.a' is given twice."},
		{`{"flag":[{"a":1,"a":2}]}`, "Argument 'flag[0].a' is given twice."},
		{`{"flag":true,}`, "Arguments are not valid JSON."},
		{`{"flag" true}`, "Arguments are not valid JSON."},
		{` { } `, ""},
	}
	for _, tt := range tests {
		in, viols, err := tl.CheckArgs(context.Background(), json.RawMessage(tt.args))
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
		// The validator agrees, and so does encoding/json's decoding.
		completed, want := oracle.Arguments(tl.InputSchema, []byte(tt.args))
		if want == nil {
			var e Edges
			if json.Unmarshal(completed, &e) != nil {
				want = []tool.Violation{{}} // refused by a type: compared by count below
			} else if viols == nil {
				got, _ := json.Marshal(in)
				exp, _ := json.Marshal(&e)
				if string(got) != string(exp) || reflect.TypeOf(in) != reflect.TypeFor[*Edges]() {
					t.Errorf("%s: decoded %s, encoding/json %s", tt.args, got, exp)
				}
			}
		}
		if len(want) == 1 && want[0] == (tool.Violation{}) {
			if len(viols) != 1 {
				t.Errorf("%s: encoding/json refuses it, the typed checks say %q", tt.args, viols)
			}
		} else if !slices.Equal(viols, want) {
			t.Errorf("%s:\ntyped checks %q\nvalidator    %q", tt.args, viols, want)
		}
	}
}

// TestCheckArgs checks the check without the call: the decoded input
// with its defaults, and the refusal of a tool without a function.
func TestCheckArgs(t *testing.T) {
	tl := mustCreate(t, Search)
	in, viols, err := tl.CheckArgs(context.Background(), nil)
	if err != nil || len(viols) != 1 || viols[0].Rule != "missing" || in != nil {
		t.Errorf("CheckArgs(nil) = %v, %v, %v", in, viols, err)
	}
	in, viols, err = tl.CheckArgs(context.Background(), json.RawMessage(`{"court":"ab","limit":null}`))
	if q, ok := in.(*Query); err != nil || viols != nil || !ok || q.Limit != 20 || q.Court != "ab" {
		t.Errorf("CheckArgs = %#v, %v, %v", in, viols, err)
	}
	noInput := mustCreate(t, func() string { return "x" }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	if in, viols, err := noInput.CheckArgs(context.Background(), json.RawMessage(`{}`)); in != nil || viols != nil || err != nil {
		t.Errorf("no input: %v, %v, %v", in, viols, err)
	}
	if _, viols, _ := noInput.CheckArgs(context.Background(), json.RawMessage(`{"a":1}`)); len(viols) != 1 || viols[0].Rule != "unknown" {
		t.Errorf("no input, an argument: %v", viols)
	}
	if _, _, err := (&tool.Tool{Meta: tool.Meta{Name: "x"}}).CheckArgs(context.Background(), nil); err == nil {
		t.Error("a Tool without a function checked arguments")
	}
}
