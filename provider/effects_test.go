package provider_test

import (
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestSideEffects checks the line SideEffects adds to the description, for
// each policy and in each conversion, and that it is off by default.
func TestSideEffects(t *testing.T) {
	lookup := func(struct {
		Key string `json:"key"`
	}) string {
		return ""
	}
	tests := []struct {
		name string
		desc string
		opts []reflectimpl.Option
		want string // the description with the line
	}{
		{"defaults", "Changes a record.", nil,
			"Changes a record. Side effects: it may delete or overwrite data; it may act on systems outside this application."},
		{"read-only", "Reads a record.", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{ReadOnly: true})},
			"Reads a record. Side effects: none, it only reads."},
		{"read-only with approval", "Reads a private record.", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{
			ReadOnly:         true,
			RequiresApproval: true,
			OpenWorld:        new(false),
		})},
			"Reads a private record. Side effects: none, it only reads. Each call needs a person's approval."},
		{"additive in a closed world", "Adds a note.", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{
			Destructive: new(false),
			OpenWorld:   new(false),
		})},
			"Adds a note. Side effects: it adds data and deletes or overwrites nothing."},
		{"idempotent destructive with approval", "Sets a record.", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{
			Idempotent:       true,
			RequiresApproval: true,
		})},
			"Sets a record. Side effects: it may delete or overwrite data; repeating a call with the same arguments changes nothing more; it may act on systems outside this application. Each call needs a person's approval."},
		// A description that ends without a full stop (as mcp-go's and
		// invopop's often do) gets one before the line, as before notes.
		{"description without a full stop", "Looks up a record", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{ReadOnly: true})},
			"Looks up a record. Side effects: none, it only reads."},
		{"no description", "", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{ReadOnly: true})},
			"Side effects: none, it only reads."},
	}
	type conv struct {
		name string
		desc func(*tool.Tool, ...provider.Option) string
	}
	field := func(b json.RawMessage, err error, path ...string) string {
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		for _, p := range path {
			v = v.(map[string]any)[p]
		}
		return v.(string)
	}
	convs := []conv{
		{"openai", func(tl *tool.Tool, o ...provider.Option) string {
			b, err := provider.OpenAI(tl, o...)
			return field(b, err, "function", "description")
		}},
		{"responses", func(tl *tool.Tool, o ...provider.Option) string {
			b, err := provider.OpenAIResponses(tl, o...)
			return field(b, err, "description")
		}},
		{"anthropic", func(tl *tool.Tool, o ...provider.Option) string {
			bs, err := provider.Anthropic([]*tool.Tool{tl}, o...)
			if err != nil {
				t.Fatal(err)
			}
			return field(bs[0], nil, "description")
		}},
		{"gemini", func(tl *tool.Tool, o ...provider.Option) string {
			b, err := provider.Gemini(tl, o...)
			return field(b, err, "description")
		}},
	}
	for _, tt := range tests {
		tl, err := reflectimpl.Create(lookup, append(tt.opts, reflectimpl.Meta(tool.Meta{
			Name:        "lookup",
			Description: tt.desc,
		}))...)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range convs {
			if got := c.desc(tl, provider.SideEffects(true)); got != tt.want {
				t.Errorf("%s, %s: description %q, want %q", tt.name, c.name, got, tt.want)
			}
			if got := c.desc(tl); got != tt.desc {
				t.Errorf("%s, %s, by default: description %q, want the tool's %q", tt.name, c.name, got, tt.desc)
			}
			if got := c.desc(tl, provider.SideEffects(true), provider.SideEffects(false)); got != tt.desc {
				t.Errorf("%s, %s, SideEffects(false): description %q, want the tool's %q", tt.name, c.name, got, tt.desc)
			}
		}
	}
}
