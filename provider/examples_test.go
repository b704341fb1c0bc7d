package provider_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type exampleQuery struct {
	Court string `json:"court"`
	Limit int    `json:"limit,omitempty" maximum:"100"`
}

// TestAnthropicInputExamples: a tool's examples are sent as
// input_examples, after the schema and before strict, strict or not; a
// tool without examples has no such key.
func TestAnthropicInputExamples(t *testing.T) {
	fn := func(exampleQuery) error { return nil }
	with, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{
		Name:     "with",
		Examples: []json.RawMessage{json.RawMessage(`{"court":"nysd"}`), json.RawMessage(`{ "court": "cand", "limit": 5 }`)},
	}))
	if err != nil {
		t.Fatal(err)
	}
	without, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{Name: "without"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]provider.Option{nil, {provider.Strict(false)}} {
		defs, err := provider.Anthropic([]*tool.Tool{with, without}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		dec := json.NewDecoder(bytes.NewReader(defs[0]))
		dec.Token()
		for dec.More() {
			k, _ := dec.Token()
			keys = append(keys, k.(string))
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		want := "name description input_schema input_examples"
		if opts == nil {
			want += " strict"
		}
		if got := strings.Join(keys, " "); got != want {
			t.Errorf("%v: keys %s, want %s", opts, got, want)
		}
		var def struct {
			InputExamples []json.RawMessage `json:"input_examples"`
		}
		if err := json.Unmarshal(defs[0], &def); err != nil {
			t.Fatal(err)
		}
		if len(def.InputExamples) != 2 || string(def.InputExamples[0]) != `{"court":"nysd"}` || string(def.InputExamples[1]) != `{"court":"cand","limit":5}` {
			t.Errorf("%v: input_examples %s", opts, def.InputExamples)
		}
		var other map[string]json.RawMessage
		if err := json.Unmarshal(defs[1], &other); err != nil {
			t.Fatal(err)
		}
		if _, ok := other["input_examples"]; ok {
			t.Errorf("%v: a tool without examples has input_examples", opts)
		}
	}
}
