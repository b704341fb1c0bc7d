package rawtool_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestNewMCPHeader holds New to MCP 2026-07-28's constraints on
// x-mcp-header (server/tools and basic/transports/streamable-http,
// "Custom Headers from Tool Parameters"): a tool that breaks one is one a
// client of the streamable HTTP transport must drop, and one the go-sdk's
// Server.AddTool panics on, so New refuses it with the property and the
// rule.
func TestNewMCPHeader(t *testing.T) {
	fn := func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "ok", nil }
	for _, c := range []struct {
		name, schema, want string // want: "" for a tool New makes
	}{
		{"string", `{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}`, ""},
		{"integer and boolean", `{"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"},"b":{"type":"boolean","x-mcp-header":"B"}}}`, ""},
		{"nested through properties", `{"type":"object","properties":{"t":{"type":["object","null"],"properties":{"id":{"type":"string","x-mcp-header":"Tenant-Id"}}}}}`, ""},
		{"token characters", "{\"type\":\"object\",\"properties\":{\"r\":{\"type\":\"string\",\"x-mcp-header\":\"!#$%&'*+-.^_`|~Az09\"}}}", ""},
		{"a property named x-mcp-header", `{"type":"object","properties":{"x-mcp-header":{"type":"number"}}}`, ""},
		{"in an enum's values", `{"type":"object","properties":{"e":{"enum":[{"x-mcp-header":1}]}}}`, ""},

		{"number", `{"type":"object","properties":{"w":{"type":"number","x-mcp-header":"W"}}}`, `properties.w: x-mcp-header applies to a property of type string, integer or boolean, not "number"`},
		{"no type", `{"type":"object","properties":{"w":{"x-mcp-header":"W"}}}`, `properties.w: x-mcp-header applies to a property of type string, integer or boolean, not none`},
		{"object", `{"type":"object","properties":{"w":{"type":"object","x-mcp-header":"W"}}}`, `not "object"`},
		{"nullable string", `{"type":"object","properties":{"r":{"type":["string","null"],"x-mcp-header":"R"}}}`, `not ["string","null"]`},
		{"two types", `{"type":"object","properties":{"w":{"type":["string","integer"],"x-mcp-header":"W"}}}`, `not ["string","integer"]`},
		{"empty", `{"type":"object","properties":{"w":{"type":"string","x-mcp-header":""}}}`, `properties.w: x-mcp-header is empty`},
		{"not a string", `{"type":"object","properties":{"w":{"type":"string","x-mcp-header":7}}}`, `properties.w: x-mcp-header is 7, not a string`},
		{"space", `{"type":"object","properties":{"w":{"type":"string","x-mcp-header":"a b"}}}`, `properties.w: x-mcp-header "a b" is not an HTTP field name: ' ' is not a token character`},
		{"line feed", `{"type":"object","properties":{"w":{"type":"string","x-mcp-header":"a\nb"}}}`, `'\n' is not a token character`},
		{"non-ASCII", `{"type":"object","properties":{"w":{"type":"string","x-mcp-header":"Région"}}}`, `'é' is not a token character`},
		{"colon", `{"type":"object","properties":{"w":{"type":"string","x-mcp-header":"a:b"}}}`, `':' is not a token character`},
		{"same name, other case", `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Region"},"b":{"type":"string","x-mcp-header":"REGION"}}}`, `properties.b: x-mcp-header "REGION" is properties.a's already (compared without case)`},
		{"in items", `{"type":"object","properties":{"l":{"type":"array","items":{"type":"object","properties":{"s":{"type":"string","x-mcp-header":"S"}}}}}}`, `properties.l.items.properties.s: x-mcp-header is not reached from the root through properties alone`},
		{"in anyOf", `{"type":"object","properties":{"a":{"anyOf":[{"type":"string","x-mcp-header":"A"}]}}}`, `properties.a.anyOf.0: x-mcp-header is not reached`},
		{"key written with an escape", `{"type":"object","properties":{"w":{"type":"number","x-mcp-\u0068eader":"W"}}}`, `properties.w: x-mcp-header applies to a property of type string, integer or boolean, not "number"`},
		{"key escaped from its first letter", `{"type":"object","properties":{"w":{"type":"string","\u0078-mcp-header":"a b"}}}`, `' ' is not a token character`},
		{"in $defs", `{"type":"object","properties":{"a":{"$ref":"#/$defs/r"}},"$defs":{"r":{"type":"string","x-mcp-header":"R"}}}`, `$defs.r: x-mcp-header is not reached`},
		{"in then", `{"type":"object","if":{"properties":{"a":{"const":1}}},"then":{"properties":{"b":{"type":"string","x-mcp-header":"B"}}}}`, `then.properties.b: x-mcp-header is not reached`},
		{"in additionalProperties", `{"type":"object","additionalProperties":{"type":"string","x-mcp-header":"A"}}`, `additionalProperties: x-mcp-header is not reached`},
		{"on the root", `{"type":"object","x-mcp-header":"Root"}`, `the root: x-mcp-header applies to a property`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := rawtool.New(tool.Meta{Name: "proxied"}, json.RawMessage(c.schema), fn)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("New refuses it: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("New makes it; want an error with %q", c.want)
			case c.want != "" && !strings.Contains(err.Error(), c.want):
				t.Fatalf("New: %v\nwant it to say %q", err, c.want)
			}
		})
	}
}
