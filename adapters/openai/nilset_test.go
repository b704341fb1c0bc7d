package openaiadapter_test

import (
	"testing"

	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
)

// A nil tool set is refused with an error naming it wherever the set is
// read, where it was dereferenced; a mode that takes no names reads none.
func TestNilSet(t *testing.T) {
	const want = "openaiadapter: a nil tool set"
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"ChatTools", func() error { _, err := openaiadapter.ChatTools(nil); return err }, want},
		{"ResponsesTools", func() error { _, err := openaiadapter.ResponsesTools(nil); return err }, want},
		{"ChatToolChoice with a name", func() error {
			_, err := openaiadapter.ChatToolChoice(nil, openaiadapter.ChoiceRequired, "get")
			return err
		}, want},
		{"ResponsesToolChoice with a name", func() error {
			_, err := openaiadapter.ResponsesToolChoice(nil, openaiadapter.ChoiceRequired, "get")
			return err
		}, want},
		{"ChatToolChoice without names", func() error {
			_, err := openaiadapter.ChatToolChoice(nil, openaiadapter.ChoiceAuto)
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
