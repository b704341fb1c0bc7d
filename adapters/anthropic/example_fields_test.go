package anthropicadapter_test

import (
	"encoding/json"
	"fmt"

	"github.com/anthropics/anthropic-sdk-go/v2"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type lookupIn struct {
	Docket string `json:"docket"`
}

func exampleSet() *tool.Set {
	lookup, err := reflectimpl.Create(func(lookupIn) error { return nil },
		reflectimpl.Meta(tool.Meta{Name: "get_docket", Description: "Reads a docket."}))
	if err != nil {
		panic(err)
	}
	set, err := tool.NewSet([]*tool.Tool{lookup})
	if err != nil {
		panic(err)
	}
	return set
}

// A cache breakpoint on the last tool, an hour long, and a choice that
// makes the model call get_docket, once.
func ExampleCacheLast() {
	set := exampleSet()
	tools, err := anthropicadapter.Tools(set)
	if err != nil {
		panic(err)
	}
	if err := anthropicadapter.CacheLast(tools, anthropic.CacheControlEphemeralParam{TTL: anthropic.CacheControlEphemeralTTLTTL1h}); err != nil {
		panic(err)
	}
	choice, err := anthropicadapter.ToolChoice(set, anthropicadapter.ChoiceTool, "get_docket", true)
	if err != nil {
		panic(err)
	}
	params := anthropic.MessageNewParams{Tools: tools, ToolChoice: choice}
	def, _ := json.Marshal(params.Tools[0])
	c, _ := json.Marshal(params.ToolChoice)
	fmt.Printf("%s\n%s\n", def, c)
	// Output:
	// {"name":"get_docket","description":"Reads a docket.","input_schema":{"type":"object","properties":{"docket":{"type":"string"}},"required":["docket"],"additionalProperties":false},"strict":true,"cache_control":{"ttl":"1h","type":"ephemeral"}}
	// {"name":"get_docket","disable_parallel_tool_use":true,"type":"tool"}
}
