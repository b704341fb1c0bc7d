package rawtool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestAlternativesWords reproduces the fault of an anyOf (or a oneOf)
// none of whose branches a value fits, answered with one line per
// branch, each a "must": github-mcp-server's issue type, a non-empty
// string or null (null removes the type), given "" was told "must be
// null." and "must be at least 1 character long." as if both held, and a
// model that obeyed the first removed the type. A value that fits none of
// the alternatives is now one line that names them joined by "or", when
// every branch fails at the value itself; where a branch fails deeper in
// the value, each line stays, as before.
func TestAlternativesWords(t *testing.T) {
	tests := []struct {
		name, schema, args, want string
	}{
		{"a non-empty string or null", `{"type":"object","properties":{"kind":{"anyOf":[{"type":"string","minLength":1},{"type":"null"}]}}}`,
			`{"kind":""}`, "Argument 'kind' must be at least 1 character long, or null."},
		{"a string or an array", `{"type":"object","properties":{"to":{"anyOf":[{"type":"string","format":"email"},{"type":"array","items":{"type":"string"},"minItems":1}]}}}`,
			`{"to":5}`, "Argument 'to' must be a string, or an array."},
		{"an empty array for a string or a non-empty array", `{"type":"object","properties":{"to":{"anyOf":[{"type":"string"},{"type":"array","minItems":1}]}}}`,
			`{"to":[]}`, "Argument 'to' must be a string, or have at least 1 item."},
		{"oneOf, none matched", `{"type":"object","properties":{"n":{"oneOf":[{"type":"integer","minimum":10},{"type":"string","enum":["auto"]}]}}}`,
			`{"n":3}`, "Argument 'n' must be at least 10, or a string."},
		{"two failures in one branch", `{"type":"object","properties":{"s":{"anyOf":[{"type":"string","minLength":3,"pattern":"^[a-z]+$"},{"type":"null"}]}}}`,
			`{"s":"A"}`, "Argument 's' must be at least 3 characters long and match the pattern ^[a-z]+$, or be null."},
		{"the same words from each branch", `{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"string","maxLength":2}]}}}`,
			`{"v":1}`, "Argument 'v' must be a string."},
		{"a nested anyOf beside another failure", `{"type":"object","properties":{"s":{"anyOf":[{"type":"string","minLength":3,"anyOf":[{"pattern":"^a"},{"pattern":"^b"}]},{"type":"null"}]}}}`,
			`{"s":"c"}`, "Argument 's' must be null.\nArgument 's' must be at least 3 characters long.\nArgument 's' must match the pattern ^a, or match the pattern ^b."},
		{"a nested anyOf alone in its branch", `{"type":"object","properties":{"s":{"anyOf":[{"anyOf":[{"type":"integer"},{"type":"boolean"}]},{"type":"null"}]}}}`,
			`{"s":"c"}`, "Argument 's' must be an integer, or true or false, or null."},
		{"a branch that fails deeper", `{"type":"object","properties":{"f":{"anyOf":[{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},{"type":"string"}]}}}`,
			`{"f":{}}`, "Argument 'f.x' is required.\nArgument 'f' must be a string."},
		{"at the root", `{"type":"object","anyOf":[{"required":["a"]},{"required":["b"]}]}`,
			`{}`, "Argument 'a' is required.\nArgument 'b' is required."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := rawtool.New(tool.Meta{Name: "alt"}, json.RawMessage(tt.schema), echo)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.Code != tool.InvalidArguments || r.Text() != tt.want {
				t.Errorf("%s %s:\n got %s %q\nwant %q", tt.schema, tt.args, r.Code, r.Text(), tt.want)
			}
		})
	}
}
