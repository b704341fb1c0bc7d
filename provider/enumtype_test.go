package provider_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/provider"
)

// TestEnumGetsItsType: OpenAI's strict mode refuses a schema without a
// type ("schema must have a 'type' key"), and MCP servers often give an
// enum or a const none. When every value is of one JSON type (or of one
// and null), that type says nothing the enum does not: the conversion
// writes it, and the tool stays strict. Values of several types, or
// objects and arrays, have no such type: refused, in words that say so.
func TestEnumGetsItsType(t *testing.T) {
	tests := []struct {
		name, prop string
		optional   bool
		want       string // the property as sent; "" refused
		refusal    string
	}{
		{"strings", `{"enum":["web","worker","db"]}`, false, `{"type":"string","enum":["web","worker","db"]}`, ""},
		{"described", `{"description":"The tier.","enum":["web","db"]}`, false, `{"type":"string","description":"The tier.","enum":["web","db"]}`, ""},
		{"integers", `{"enum":[1,2,3]}`, false, `{"type":"integer","enum":[1,2,3]}`, ""},
		{"numbers", `{"enum":[1,2.5]}`, false, `{"type":"number","enum":[1,2.5]}`, ""},
		{"booleans", `{"const":true}`, false, `{"type":"boolean","const":true}`, ""},
		{"nullable", `{"enum":["a",null]}`, false, `{"type":["string","null"],"enum":["a",null]}`, ""},
		{"optional", `{"enum":["a","b"]}`, true, `{"type":["string","null"],"enum":["a","b",null]}`, ""},
		// An optional const takes null as an enum of its value and null:
		// the const kept beside a nullable type would refuse the null the
		// model sends for absent.
		{"null", `{"const":null}`, false, `{"type":"null","const":null}`, ""},
		{"only null", `{"enum":[null]}`, false, `{"type":"null","enum":[null]}`, ""},
		{"optional const", `{"const":"x"}`, true, `{"type":["string","null"],"enum":["x",null]}`, ""},
		{"optional typed const", `{"type":"integer","description":"Always 2.","const":2}`, true, `{"type":["integer","null"],"description":"Always 2.","enum":[2,null]}`, ""},
		{"mixed", `{"enum":["a",1]}`, false, "", `input.a: OpenAI strict mode needs a type on every schema ("schema must have a 'type' key"), and its enum's values have no one type to give it`},
		{"objects", `{"enum":[{"x":1}]}`, false, "", `and its enum's values have no one type to give it`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := `,"required":["a"]`
			if tt.optional {
				req = ""
			}
			def, err := provider.OpenAI(raw("tiers", `{"type":"object","properties":{"a":`+tt.prop+`}`+req+`}`))
			if tt.want == "" {
				if err == nil || !strings.Contains(err.Error(), tt.refusal) {
					t.Fatalf("got %s, %v; want the refusal %q", def, err, tt.refusal)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var d struct {
				Function struct {
					Parameters struct {
						Properties map[string]json.RawMessage `json:"properties"`
					} `json:"parameters"`
					Strict bool `json:"strict"`
				} `json:"function"`
			}
			if err := json.Unmarshal(def, &d); err != nil {
				t.Fatal(err)
			}
			if got := string(d.Function.Parameters.Properties["a"]); got != tt.want || !d.Function.Strict {
				t.Errorf("the property as sent %s (strict %t), want %s", got, d.Function.Strict, tt.want)
			}
		})
	}
}
