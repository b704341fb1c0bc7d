package provider_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestOpenAIResponses checks the Responses API shape: the members of the
// Chat Completions function at the top level, after "type", with the
// parameters byte for byte those of Chat Completions (member order and
// number text kept), and the same refusals.
func TestOpenAIResponses(t *testing.T) {
	row, err := reflectimpl.Create(RowTool, reflectimpl.Meta(tool.Meta{Description: "Rows."}))
	if err != nil {
		t.Fatal(err)
	}
	type Big struct {
		N uint64  `json:"n" maximum:"9007199254740991"`
		F float64 `json:"f" minimum:"0.1" maximum:"1e300"`
		S string  `json:"s" description:"<a> & \"b\""`
	}
	big, err := reflectimpl.Create(func(Big) error { return nil }, reflectimpl.Meta(tool.Meta{
		Name:        "big",
		Description: "Numbers & <marks>.",
	}))
	if err != nil {
		t.Fatal(err)
	}
	empty, err := reflectimpl.Create(func() error { return nil }, reflectimpl.Meta(tool.Meta{Name: "empty"}))
	if err != nil {
		t.Fatal(err)
	}
	type Map struct {
		Labels map[string]string `json:"labels"`
	}
	maps, err := reflectimpl.Create(func(Map) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "labels"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		tool *tool.Tool
	}{
		{"row", row},
		{"big numbers and marks", big},
		{"no input", empty},
		{"refused map", maps},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chat, chatErr := provider.OpenAI(tc.tool)
			resp, err := provider.OpenAIResponses(tc.tool)
			if chatErr != nil {
				if err == nil || err.Error() != chatErr.Error() {
					t.Fatalf("Chat Completions refuses with %v; Responses with %v", chatErr, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var c struct {
				Type     string
				Function json.RawMessage
			}
			if err := json.Unmarshal(chat, &c); err != nil {
				t.Fatal(err)
			}
			// The Responses definition is the function's members after "type".
			want := append([]byte(`{"type":"function",`), c.Function[1:]...)
			if !bytes.Equal(resp, want) {
				t.Fatalf("Responses definition\n got %s\nwant %s", resp, want)
			}
			var r struct {
				Type, Name, Description string
				Parameters              json.RawMessage
				Strict                  *bool
			}
			if err := json.Unmarshal(resp, &r); err != nil {
				t.Fatal(err)
			}
			if r.Type != "function" || r.Name != tc.tool.Name || r.Description != tc.tool.Description || r.Strict == nil || !*r.Strict {
				t.Errorf("Responses definition %s: want type function, name %q, description %q, strict true", resp, tc.tool.Name, tc.tool.Description)
			}
			schematest.Check(t, r.Parameters)
		})
	}
}
