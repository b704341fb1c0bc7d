package anthropicadapter_test

import (
	"encoding/json"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestInputExamplesOnTheWire: a tool's examples (tool.Meta.Examples) reach
// the Messages API as the SDK sends the tool, in its input_examples.
func TestInputExamplesOnTheWire(t *testing.T) {
	tl, err := reflectimpl.Create(func(in findIn) error { return nil }, reflectimpl.Meta(tool.Meta{
		Name:     "find",
		Examples: []json.RawMessage{json.RawMessage(`{"to":"b","from":"a"}`), json.RawMessage(`{ "to": "c", "from": "b" }`)},
	}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{tl})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := anthropicadapter.Tools(set)
	if err != nil {
		t.Fatal(err)
	}
	body := send(t, anthropic.MessageNewParams{Tools: tools})
	var req struct {
		Tools []struct {
			InputExamples []json.RawMessage `json:"input_examples"`
		}
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Tools) != 1 {
		t.Fatalf("%v: %s", err, body)
	}
	got := req.Tools[0].InputExamples
	if len(got) != 2 || string(got[0]) != `{"to":"b","from":"a"}` || string(got[1]) != `{"to":"c","from":"b"}` {
		t.Errorf("input_examples as sent: %s", got)
	}
}
