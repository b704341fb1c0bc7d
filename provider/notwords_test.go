package provider_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestNotInWords reproduces a moved keyword told in JSON where the
// package says plain words: {"not":{"const":"x"}} went to Anthropic's
// strict mode as the description `not: {"const":"x"}.`. A not of one
// const or one enum is now told in words; another not, which has none
// this cheap, as the keyword and its JSON (the package doc says so).
func TestNotInWords(t *testing.T) {
	tests := []struct{ not, want string }{
		{`{"const":"x"}`, `Not "x".`},
		{`{"const":null}`, `Not null.`},
		{`{"enum":["a","b",3]}`, `Not "a", "b" or 3.`},
		{`{"enum":["a"]}`, `Not "a".`},
		{`{"type":"string","minLength":3}`, `not: {"type":"string","minLength":3}.`},
		{`{"const":"x","enum":["x"]}`, `not: {"const":"x","enum":["x"]}.`},
	}
	for _, tt := range tests {
		tl, err := rawtool.New(tool.Meta{Name: "t"}, json.RawMessage(`{"type":"object","properties":{"s":{"type":"string","not":`+tt.not+`}},"required":["s"]}`),
			func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		defs, err := provider.Anthropic([]*tool.Tool{tl})
		if err != nil {
			t.Fatal(err)
		}
		var def struct {
			InputSchema struct {
				Properties map[string]struct{ Description string } `json:"properties"`
			} `json:"input_schema"`
		}
		if err := json.Unmarshal(defs[0], &def); err != nil {
			t.Fatal(err)
		}
		if got := def.InputSchema.Properties["s"].Description; got != tt.want {
			t.Errorf("not %s: description %q, want %q", tt.not, got, tt.want)
		}
	}
}
