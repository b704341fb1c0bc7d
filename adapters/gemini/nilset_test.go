package geminiadapter_test

import (
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
)

// A nil tool set is refused with an error naming it wherever the set is
// read, where it was dereferenced; a mode that takes no names reads none.
func TestNilSet(t *testing.T) {
	const want = "geminiadapter: a nil tool set"
	tests := []struct {
		name string
		call func() error
		want string
	}{
		{"Tools", func() error { _, err := geminiadapter.Tools(nil); return err }, want},
		{"FunctionCalling with a name", func() error {
			_, err := geminiadapter.FunctionCalling(nil, genai.FunctionCallingConfigModeAny, "get")
			return err
		}, want},
		{"FunctionCalling without names", func() error {
			_, err := geminiadapter.FunctionCalling(nil, genai.FunctionCallingConfigModeAuto)
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
