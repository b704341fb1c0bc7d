package openaiadapter_test

import (
	"encoding/json"
	"fmt"

	"github.com/openai/openai-go/v3/responses"

	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type docketIn struct {
	Docket string `json:"docket"`
}

type docketOut struct {
	Title string `json:"title"`
	Filed string `json:"filed,omitempty"`
}

// A typed tool's Responses definition carries its output schema, and a
// tool choice allows only get_docket and makes the model call it.
func ExampleResponsesToolChoice() {
	get, err := reflectimpl.Create(func(docketIn) (docketOut, error) { return docketOut{}, nil },
		reflectimpl.Meta(tool.Meta{Name: "get_docket", Description: "Reads a docket."}))
	if err != nil {
		panic(err)
	}
	set, err := tool.NewSet([]*tool.Tool{get})
	if err != nil {
		panic(err)
	}
	tools, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		panic(err)
	}
	choice, err := openaiadapter.ResponsesToolChoice(set, openaiadapter.ChoiceRequired, "get_docket")
	if err != nil {
		panic(err)
	}
	params := responses.ResponseNewParams{Tools: tools, ToolChoice: choice}
	def, _ := json.Marshal(params.Tools[0])
	c, _ := json.Marshal(params.ToolChoice)
	fmt.Printf("%s\n%s\n", def, c)
	// Output:
	// {"type":"function","name":"get_docket","description":"Reads a docket.","parameters":{"type":"object","properties":{"docket":{"type":"string"}},"required":["docket"],"additionalProperties":false},"strict":true,"output_schema":{"type":"object","properties":{"title":{"type":"string"},"filed":{"type":"string"}},"required":["title"],"additionalProperties":false}}
	// {"mode":"required","tools":[{"name":"get_docket","type":"function"}],"type":"allowed_tools"}
}
