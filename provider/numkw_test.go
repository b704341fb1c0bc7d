package provider_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// Stepped has exclusive bounds and multipleOf from tags, as the core
// writes them.
type Stepped struct {
	Qty   int8    `json:"qty" exclusiveMinimum:"0" multipleOf:"5"`
	Pct   float64 `json:"pct" exclusiveMinimum:"0" exclusiveMaximum:"100" multipleOf:"0.5"`
	Small uint8   `json:"small" exclusiveMaximum:"10"`
}

// TestNumberKeywordsByVendor: the core's exclusiveMinimum,
// exclusiveMaximum and multipleOf go through the conversions as a raw
// schema's do. OpenAI's modes, Gemini's and Anthropic's non-strict one
// send them as they are; Anthropic's strict mode, which takes no
// numerical constraint, tells each in the description, exactly, and
// leaves out only the Go type's own bound (an int8's 127), as it does
// for minimum and maximum.
func TestNumberKeywordsByVendor(t *testing.T) {
	tl := create(t, "stepped", func(Stepped) error { return nil })
	core := map[string]string{
		"qty":   `{"type":"integer","exclusiveMinimum":0,"maximum":127,"multipleOf":5}`,
		"pct":   `{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":100,"multipleOf":0.5}`,
		"small": `{"type":"integer","minimum":0,"exclusiveMaximum":10}`,
	}
	anthropic := map[string]string{
		"qty":   `{"type":"integer","description":"More than 0. A multiple of 5."}`,
		"pct":   `{"type":"number","description":"More than 0. Less than 100. A multiple of 0.5."}`,
		"small": `{"type":"integer","description":"At least 0. Less than 10."}`,
	}
	canon := func(s string) string {
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(v)
		return string(b)
	}
	for _, c := range conversions {
		t.Run(c.name, func(t *testing.T) {
			def, err := c.conv(tl)
			if err != nil {
				t.Fatal(err)
			}
			s := schemaOf(t, def, c.path...)
			b, _ := json.Marshal(s)
			schematest.Check(t, b)
			want := core
			if c.name == "anthropic" {
				want = anthropic
			}
			for name, w := range want {
				got, _ := json.Marshal(prop(s, name))
				if string(got) != canon(w) {
					t.Errorf("%s: %s, want %s", name, got, canon(w))
				}
			}
		})
	}
	// The structured output of the same type: the same words.
	o, err := provider.OutputOf[Stepped]("stepped", "")
	if err != nil {
		t.Fatal(err)
	}
	def, err := provider.AnthropicOutputFormat(o)
	if err != nil {
		t.Fatal(err)
	}
	for name, w := range anthropic {
		got, _ := json.Marshal(prop(schemaOf(t, def, "schema"), name))
		if string(got) != canon(w) {
			t.Errorf("output %s: %s, want %s", name, got, canon(w))
		}
	}
}

// TestNotesAfterDescription: the sentences a conversion adds to a
// description (a moved keyword, a default) follow a full stop, which
// descriptions written for mcp-go or invopop often lack ("How many to
// reserve" and "More than 0." are two sentences).
func TestNotesAfterDescription(t *testing.T) {
	tests := []struct{ desc, want string }{
		{"How many to reserve", "How many to reserve. More than 0."},
		{"How many to reserve.", "How many to reserve. More than 0."},
		{"Really?", "Really? More than 0."},
		{"Count:", "Count: More than 0."},
		{"Trailing space ", "Trailing space. More than 0."},
		{"", "More than 0."},
		// A sentence's end in another script, or inside a closing quote
		// or parenthesis, is one too; a line's end is whitespace.
		{"予約する数。", "予約する数。 More than 0."},
		{"本当？", "本当？ More than 0."},
		{"Wait…", "Wait… More than 0."},
		{`Say "hi."`, `Say "hi." More than 0.`},
		{"(See the docs.)", "(See the docs.) More than 0."},
		{"Count (max 5)", "Count (max 5). More than 0."},
		{"Windows line\r\n", "Windows line. More than 0."},
		{"Tab\u00a0", "Tab. More than 0."},
	}
	for _, tt := range tests {
		raw := `{"type":"object","properties":{"n":{"type":"integer","exclusiveMinimum":0` +
			map[bool]string{true: `,"description":` + strconv.Quote(tt.desc), false: ""}[tt.desc != ""] + `}},"required":["n"],"additionalProperties":false}`
		tl, err := rawtool.New(tool.Meta{Name: "reserve"}, json.RawMessage(raw), func(context.Context, *tool.Call, json.RawMessage) (any, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		def, err := provider.Anthropic([]*tool.Tool{tl})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(def)
		if want := `"description":` + strconv.Quote(tt.want); !strings.Contains(string(b), want) {
			t.Errorf("description %q: sent %s, want %s", tt.desc, b, want)
		}
	}
}
