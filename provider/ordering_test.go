package provider

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/tool"
)

// TestPropertyOrdering checks the keyword is added where an object has
// more than one property, at every depth and in every keyword that holds
// schemas, and nowhere else (not in a default's value).
func TestPropertyOrdering(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"type":"object","properties":{},"additionalProperties":false}`, `{"type":"object","properties":{},"additionalProperties":false}`},
		{`{"type":"object","properties":{"b":{"type":"string"}}}`, `{"type":"object","properties":{"b":{"type":"string"}}}`},
		{`{"type":"object","properties":{"b":{"type":"integer","maximum":9007199254740991},"a":{"type":"number","maximum":1e300}},"required":["b","a"]}`,
			`{"type":"object","properties":{"b":{"type":"integer","maximum":9007199254740991},"a":{"type":"number","maximum":1e300}},"propertyOrdering":["b","a"],"required":["b","a"]}`},
		{`{"type":"object","properties":{"list":{"type":["array","null"],"items":{"type":"object","properties":{"z":{},"y":{}}}},"properties":{"type":"object","properties":{"q":{},"p":{}}}}}`,
			`{"type":"object","properties":{"list":{"type":["array","null"],"items":{"type":"object","properties":{"z":{},"y":{}},"propertyOrdering":["z","y"]}},"properties":{"type":"object","properties":{"q":{},"p":{}},"propertyOrdering":["q","p"]}},"propertyOrdering":["list","properties"]}`},
		{`{"type":"object","properties":{"d":{"type":"object","default":{"properties":{"x":1,"w":2}},"description":"<&>"}}}`,
			`{"type":"object","properties":{"d":{"type":"object","default":{"properties":{"x":1,"w":2}},"description":"<&>"}}}`},
		{`{"anyOf":[{"type":"object","properties":{"k":{},"j":{}}},true],"$defs":{"n":{"properties":{"m":{},"l":{}}}},"prefixItems":[{"properties":{"i":{},"h":{}}}]}`,
			`{"anyOf":[{"type":"object","properties":{"k":{},"j":{}},"propertyOrdering":["k","j"]},true],"$defs":{"n":{"properties":{"m":{},"l":{}},"propertyOrdering":["m","l"]}},"prefixItems":[{"properties":{"i":{},"h":{}},"propertyOrdering":["i","h"]}]}`},
		{`{"definitions":{"n":{"properties":{"g":{},"f":{}}}}}`, `{"definitions":{"n":{"properties":{"g":{},"f":{}},"propertyOrdering":["g","f"]}}}`},
	} {
		s, err := parseOrdered([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		got, err := marshal(withPropertyOrdering(s))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("%s\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

// TestPropertyOrderingOption: the option adds the keyword to Gemini's
// schemas only.
func TestPropertyOrderingOption(t *testing.T) {
	in := `{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}},"required":["b","a"],"additionalProperties":false}`
	tl := &tool.Tool{Meta: tool.Meta{Name: "pick"}, InputSchema: json.RawMessage(in)}
	for _, tc := range []struct {
		name string
		def  func(...Option) (json.RawMessage, error)
		want bool
	}{
		{"gemini", func(o ...Option) (json.RawMessage, error) { return Gemini(tl, o...) }, true},
		{"openai", func(o ...Option) (json.RawMessage, error) { return OpenAI(tl, o...) }, false},
	} {
		plain, err := tc.def()
		if err != nil {
			t.Fatal(err)
		}
		ordered, err := tc.def(PropertyOrdering(true))
		if err != nil {
			t.Fatal(err)
		}
		if has := string(plain) != string(ordered); has != tc.want {
			t.Errorf("%s: with the option %s, without %s", tc.name, ordered, plain)
		}
		if strings.Contains(string(plain), "propertyOrdering") {
			t.Errorf("%s: propertyOrdering without the option: %s", tc.name, plain)
		}
	}
}
