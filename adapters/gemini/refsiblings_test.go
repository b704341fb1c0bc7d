package geminiadapter_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestRefSiblings reproduces a declaration Gemini refuses: a $ref with a
// keyword beside it that does not start with "$" (pydantic writes a
// field's description beside its reference), which parametersJsonSchema
// refuses ("schema at properties.draft can only contain properties
// starting with '$' when $ref is present", google-gemini/gemini-cli#4758;
// the API's reference says so of its JSON Schema fields). It was sent as
// given. The reference is now the one branch of an anyOf that carries the
// other keywords; "$" keywords beside it stay; a $ref beside an anyOf, or
// at the root, is refused, naming the tool. Everything else the trial
// saw pass is sent unchanged (the rows of docs/contract.md's "Never what
// a vendor rejects").
func TestRefSiblings(t *testing.T) {
	defs := `"$defs":{"D":{"type":"object","properties":{"x":{"type":"string"}}},"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}}`
	tests := []struct {
		name, schema string
		want         string // the parametersJsonSchema sent; "" when refused
	}{
		{"a description beside a $ref",
			`{"type":"object","properties":{"draft":{"$ref":"#/$defs/D","description":"The draft."}},` + defs + `}`,
			`{"type":"object","properties":{"draft":{"anyOf":[{"$ref":"#/$defs/D"}],"description":"The draft."}},` + defs + `}`},
		{"only $ keywords beside a $ref", `{"type":"object","properties":{"d":{"$ref":"#/$defs/D","$comment":"c"}},` + defs + `}`,
			`{"type":"object","properties":{"d":{"$ref":"#/$defs/D","$comment":"c"}},` + defs + `}`},
		{"a $ref beside an anyOf", `{"type":"object","properties":{"d":{"$ref":"#/$defs/D","anyOf":[{"required":["x"]}]}},` + defs + `}`, ""},
		{"a $ref beside a type at the root", `{"type":"object","$ref":"#/$defs/D",` + defs + `}`, ""},
		// What Gemini's JSON Schema takes or ignores, sent as given.
		{"unchanged", `{"type":"object","properties":{"m":{"type":"object","patternProperties":{"^x":{"type":"string"}}},` +
			`"t":{"type":"array","prefixItems":[{"type":"string"}]},"s":{"type":"string","not":{"const":"x"}},` +
			`"u":{"oneOf":[{"type":"string"}],"anyOf":[{"type":"string"}]},"a b":{"type":"string"},"any":{},"n":{"$ref":"#/$defs/N"}},` + defs + `}`,
			`{"type":"object","properties":{"m":{"type":"object","patternProperties":{"^x":{"type":"string"}}},` +
				`"t":{"type":"array","prefixItems":[{"type":"string"}]},"s":{"type":"string","not":{"const":"x"}},` +
				`"u":{"oneOf":[{"type":"string"}],"anyOf":[{"type":"string"}]},"a b":{"type":"string"},"any":{},"n":{"$ref":"#/$defs/N"}},` +
				`"propertyOrdering":["m","t","s","u","a b","any","n"],` + defs + `}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl, err := rawtool.New(tool.Meta{Name: "proxied"}, json.RawMessage(tt.schema),
				func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return nil, nil })
			if err != nil {
				t.Fatal(err)
			}
			set, err := tool.NewSet(nil, []*tool.Tool{tl})
			if err != nil {
				t.Fatal(err)
			}
			decl, err := geminiadapter.Tools(set)
			if tt.want == "" {
				var re *provider.RefusalError
				if !errors.As(err, &re) || re.Tool != "proxied" || re.Keyword != "$ref" {
					t.Fatalf("got %v, want a refusal of proxied's $ref", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.Marshal(decl.FunctionDeclarations[0].ParametersJsonSchema)
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, got, tt.want) {
				t.Errorf("sent %s\nwant %s", got, tt.want)
			}
		})
	}
}

func jsonEqual(t *testing.T, got []byte, want string) bool {
	t.Helper()
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &b); err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
