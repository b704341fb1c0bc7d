package geminiadapter_test

import (
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
)

// A nil tool set is refused with an error naming it wherever the set is
// read, where it was dereferenced; a mode that takes no names reads none.
func TestNilSet(t *testing.T) {
	const want = "geminiadapter: a nil tool set"
	looptest.CheckNilSet(t, []looptest.NilSetCase{
		{Name: "Tools", Call: func() error { _, err := geminiadapter.Tools(nil); return err }, Want: want},
		{Name: "FunctionCalling with a name", Call: func() error {
			_, err := geminiadapter.FunctionCalling(nil, genai.FunctionCallingConfigModeAny, "get")
			return err
		}, Want: want},
		{Name: "FunctionCalling without names", Call: func() error {
			_, err := geminiadapter.FunctionCalling(nil, genai.FunctionCallingConfigModeAuto)
			return err
		}, Want: ""},
	})
}
