package anthropicadapter_test

import (
	"testing"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
)

// A nil tool set is refused with an error naming it wherever the set is
// read, where it was dereferenced; a mode that takes no name reads none.
func TestNilSet(t *testing.T) {
	const want = "anthropicadapter: a nil tool set"
	looptest.CheckNilSet(t, []looptest.NilSetCase{
		{Name: "Tools", Call: func() error { _, err := anthropicadapter.Tools(nil); return err }, Want: want},
		{Name: "ToolChoice of a tool", Call: func() error {
			_, err := anthropicadapter.ToolChoice(nil, anthropicadapter.ChoiceTool, "get", false)
			return err
		}, Want: want},
		{Name: "ToolChoice auto", Call: func() error {
			_, err := anthropicadapter.ToolChoice(nil, anthropicadapter.ChoiceAuto, "", false)
			return err
		}, Want: ""},
	})
}
