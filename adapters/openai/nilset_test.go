package openaiadapter_test

import (
	"testing"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
)

// A nil tool set is refused with an error naming it wherever the set is
// read, where it was dereferenced; a mode that takes no names reads none.
func TestNilSet(t *testing.T) {
	const want = "openaiadapter: a nil tool set"
	looptest.CheckNilSet(t, []looptest.NilSetCase{
		{Name: "ChatTools", Call: func() error { _, err := openaiadapter.ChatTools(nil); return err }, Want: want},
		{Name: "ResponsesTools", Call: func() error { _, err := openaiadapter.ResponsesTools(nil); return err }, Want: want},
		{Name: "ChatToolChoice with a name", Call: func() error {
			_, err := openaiadapter.ChatToolChoice(nil, openaiadapter.ChoiceRequired, "get")
			return err
		}, Want: want},
		{Name: "ResponsesToolChoice with a name", Call: func() error {
			_, err := openaiadapter.ResponsesToolChoice(nil, openaiadapter.ChoiceRequired, "get")
			return err
		}, Want: want},
		{Name: "ChatToolChoice without names", Call: func() error {
			_, err := openaiadapter.ChatToolChoice(nil, openaiadapter.ChoiceAuto)
			return err
		}, Want: ""},
	})
}
