package anthropicadapter_test

import (
	"testing"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
)

// A nil tool set is refused with an error naming it wherever the set is
// read, where it was dereferenced; a mode that takes no name reads none.
func TestNilSet(t *testing.T) {
	const want = "anthropicadapter: a nil tool set"
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"Tools", func() error { _, err := anthropicadapter.Tools(nil); return err }, want},
		{"ToolChoice of a tool", func() error {
			_, err := anthropicadapter.ToolChoice(nil, anthropicadapter.ChoiceTool, "get", false)
			return err
		}, want},
		{"ToolChoice auto", func() error {
			_, err := anthropicadapter.ToolChoice(nil, anthropicadapter.ChoiceAuto, "", false)
			return err
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || err.Error() != tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}
