package rawtool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestOptionalNullWithoutType: OpenAI's strict mode sends an optional
// property required and nullable, and the model sends null for "absent".
// A property whose schema has no type of its own (an enum, a const, an
// anyOf, as MCP servers write them) takes null only when its values or
// branches do: when they do not, its null is absent, as for a typed
// property, and the call runs; when they do, null is the value.
func TestOptionalNullWithoutType(t *testing.T) {
	tests := []struct {
		name, prop string
		want       string // the arguments the function gets; "!text" refused with text
	}{
		{"enum", `{"enum":["web","db"]}`, `{}`},
		{"enum with null", `{"enum":["web",null]}`, `{"v":null}`},
		{"const", `{"const":"x"}`, `{}`},
		{"const null", `{"const":null}`, `{"v":null}`},
		{"anyOf", `{"anyOf":[{"type":"string"},{"type":"integer"}]}`, `{}`},
		{"anyOf with null", `{"anyOf":[{"type":"string"},{"type":"null"}]}`, `{"v":null}`},
		{"oneOf of refs", `{"oneOf":[{"$ref":"#/$defs/s"},{"$ref":"#/$defs/i"}]}`, `{}`},
		{"allOf", `{"allOf":[{"type":["string","null"]},{"enum":["a"]}]}`, `{}`},
		{"ref to enum", `{"$ref":"#/$defs/e"}`, `{}`},
		{"no keyword", `{"description":"Anything."}`, `{"v":null}`},
		{"typed", `{"type":"string","enum":["a"]}`, `{}`},
		// 40 definitions, each two ways to the next, and a definition
		// that leads back to itself: each read once, not 2^40 times or
		// forever, before the validator's cost bound refuses the call.
		{"chain of refs", `{"$ref":"#/$defs/d0"}`, `!cost too much`},
		{"ref back", `{"$ref":"#/$defs/back"}`, `!cost too much`},
	}
	var defs []string
	for i := range 40 {
		defs = append(defs, fmt.Sprintf(`"d%d":{"anyOf":[{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"}]}`, i, i+1, i+1))
	}
	defs = append(defs, `"d40":{"type":"string"}`, `"back":{"anyOf":[{"type":"string"},{"$ref":"#/$defs/back"}]}`)
	chain := strings.Join(defs, ",")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			schema := `{"type":"object","properties":{"v":` + tt.prop + `},"$defs":{"s":{"type":"string"},"i":{"type":"integer"},"e":{"enum":["a","b"]},` + chain + `}}`
			var got string
			tl, err := rawtool.New(tool.Meta{Name: "t"}, json.RawMessage(schema), func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) {
				got = string(args)
				return "ok", nil
			})
			if err != nil {
				t.Fatal(err)
			}
			r, err := tl.Invoke(context.Background(), json.RawMessage(`{"v":null}`))
			if err != nil {
				t.Fatal(err)
			}
			if refusal, ok := strings.CutPrefix(tt.want, "!"); ok {
				if !r.IsError || !strings.Contains(r.Text(), refusal) {
					t.Errorf("{\"v\":null} gave %q [%s] %q, want a refusal with %q", got, r.Code, r.Text(), refusal)
				}
				return
			}
			if r.IsError || got != tt.want {
				t.Errorf("{\"v\":null} gave %q [%s] %q, want the function to get %s", got, r.Code, r.Text(), tt.want)
			}
		})
	}
}
