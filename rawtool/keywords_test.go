package rawtool_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestKeywordWords: each keyword a raw schema may break is answered with
// its rule and what the value must be. Before, exclusiveMinimum,
// exclusiveMaximum, multipleOf, const, minProperties, maxProperties,
// dependentRequired, not, a false schema and contentMediaType were all
// "does not fit the tool's schema." under the rule type, which tells a
// model nothing it can mend; contains was told as "must be ..." of every
// item, and a propertyNames failure as a fault of the whole object. A
// value that fits two alternatives of a oneOf was told the same.
func TestKeywordWords(t *testing.T) {
	obj := func(props string) string { return `{"type":"object","properties":{` + props + `}}` }
	tests := []struct {
		name, schema, args, rule, want string
	}{
		{"exclusiveMinimum", obj(`"n":{"type":"number","exclusiveMinimum":0}`), `{"n":0}`, "range", "Argument 'n' must be greater than 0."},
		{"exclusiveMaximum", obj(`"n":{"type":"number","exclusiveMaximum":1e2}`), `{"n":100}`, "range", "Argument 'n' must be less than 1e2."},
		{"multipleOf", obj(`"n":{"type":"number","multipleOf":0.5}`), `{"n":0.3}`, "range", "Argument 'n' must be a multiple of 0.5."},
		// The bound told is the one broken, not the value's schema's own.
		{"exclusiveMinimum in allOf", obj(`"n":{"type":"number","exclusiveMinimum":0,"allOf":[{"exclusiveMinimum":5}]}`), `{"n":3}`, "range", "Argument 'n' must be greater than 5."},
		{"minimum in allOf", obj(`"n":{"type":"number","minimum":1,"allOf":[{"minimum":5}]}`), `{"n":3}`, "range", "Argument 'n' must be at least 5."},
		{"maximum through $ref", `{"type":"object","properties":{"n":{"$ref":"#/$defs/small","maximum":100}},"$defs":{"small":{"maximum":0.5}}}`, `{"n":3}`, "range", "Argument 'n' must be at most 0.5."},
		{"multipleOf in anyOf", obj(`"n":{"type":"number","multipleOf":0.5,"anyOf":[{"multipleOf":0.75}]}`), `{"n":1}`, "range", "Argument 'n' must be a multiple of 0.75."},
		{"const", obj(`"k":{"const":"circle"}`), `{"k":"square"}`, "enum", `Argument 'k' must be "circle".`},
		{"minProperties", obj(`"o":{"type":"object","minProperties":1}`), `{"o":{}}`, "items", "Argument 'o' must have at least 1 property."},
		{"maxProperties", obj(`"o":{"type":"object","maxProperties":1}`), `{"o":{"a":1,"b":2}}`, "items", "Argument 'o' must have at most 1 property."},
		{"minProperties 2", obj(`"o":{"type":"object","minProperties":2}`), `{"o":{"a":1}}`, "items", "Argument 'o' must have at least 2 properties."},
		{"dependentRequired", `{"type":"object","properties":{"a":{},"b":{}},"dependentRequired":{"a":["b"]}}`, `{"a":1}`, "missing", "Argument 'b' is required when 'a' is given."},
		{"not", obj(`"a":{"not":{"type":"string"}}`), `{"a":"x"}`, "type", "Argument 'a' must not fit the schema under the keyword not."},
		{"a false property", obj(`"a":false`), `{"a":1}`, "unknown", "Argument 'a' is not taken by the tool: its schema takes no value."},
		{"unevaluatedProperties", `{"type":"object","properties":{"a":{}},"unevaluatedProperties":false}`, `{"a":1,"b":2}`, "unknown", "Argument 'b' is not taken by the tool: its schema takes no value."},
		{"no more items", obj(`"a":{"type":"array","prefixItems":[{}],"items":false}`), `{"a":[1,2]}`, "items", "Argument 'a[1]' is not taken by the tool: its schema takes no value."},
		{"contains", obj(`"a":{"type":"array","contains":{"type":"string"}}`), `{"a":[1,2]}`, "items", "Argument 'a' must have at least 1 item that fits its contains schema; the first that does not: Argument 'a[0]' must be a string."},
		{"minContains", obj(`"a":{"type":"array","contains":{"type":"string"},"minContains":2}`), `{"a":["x",1]}`, "items", "Argument 'a' must have at least 2 items that fit its contains schema; the first that does not: Argument 'a[1]' must be a string."},
		{"maxContains", obj(`"a":{"type":"array","contains":{"type":"string"},"maxContains":1}`), `{"a":["x",1,"y","z"]}`, "items", "Argument 'a' must have at most 1 item that fits its contains schema; 3 do (items 0, 2 and 3)."},
		{"maxContains 0", obj(`"a":{"type":"array","contains":{"type":"string"},"maxContains":0}`), `{"a":[1,"x"]}`, "items", "Argument 'a' must have at most 0 items that fit its contains schema; 1 does (item 1)."},
		{"propertyNames", `{"type":"object","propertyNames":{"maxLength":3}}`, `{"abcd":1}`, "unknown", "Argument 'abcd' has a name the tool does not take: a name must be at most 3 characters long."},
		{"contentMediaType", obj(`"s":{"type":"string","contentMediaType":"application/json"}`), `{"s":"{"}`, "format", "Argument 's' must be a text of application/json."},
		{"oneOf, two matched", obj(`"v":{"oneOf":[{"type":"integer"},{"type":"number"}]}`), `{"v":3}`, "type", "Argument 'v' must fit exactly one of the alternatives of its oneOf; it fits alternatives 1 and 2."},
		{"the whole arguments", `{"type":"object","not":{"required":["a"]}}`, `{"a":1}`, "type", "The arguments must not fit the schema under the keyword not."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := rawtool.New(tool.Meta{Name: "kw"}, json.RawMessage(tt.schema), echo)
			if err != nil {
				t.Fatal(err)
			}
			r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.Code != tool.InvalidArguments || len(r.Violations) != 1 || r.Violations[0].Rule != tt.rule || r.Text() != tt.want {
				t.Errorf("%s %s:\n got %s %+v\nwant %s %q", tt.schema, tt.args, r.Code, r.Violations, tt.rule, tt.want)
			}
		})
	}
}
