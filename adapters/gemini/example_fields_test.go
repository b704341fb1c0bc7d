package geminiadapter_test

import (
	"encoding/json"
	"fmt"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
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

// A typed tool's declaration carries its output schema as
// responseJsonSchema, and the config makes the model call get_docket.
func ExampleFunctionCalling() {
	get, err := reflectimpl.Create(func(docketIn) (docketOut, error) { return docketOut{}, nil },
		reflectimpl.Meta(tool.Meta{Name: "get_docket", Description: "Reads a docket."}))
	if err != nil {
		panic(err)
	}
	set, err := tool.NewSet([]*tool.Tool{get})
	if err != nil {
		panic(err)
	}
	tools, err := geminiadapter.Tools(set)
	if err != nil {
		panic(err)
	}
	tc, err := geminiadapter.FunctionCalling(set, genai.FunctionCallingConfigModeAny, "get_docket")
	if err != nil {
		panic(err)
	}
	config := &genai.GenerateContentConfig{Tools: []*genai.Tool{tools}, ToolConfig: tc}
	fmt.Printf("%s\n", config.Tools[0].FunctionDeclarations[0].ResponseJsonSchema)
	c, _ := json.Marshal(config.ToolConfig)
	fmt.Printf("%s\n", c)
	// Output:
	// {"type":"object","properties":{"title":{"type":"string"},"filed":{"type":"string"}},"propertyOrdering":["title","filed"],"required":["title"],"additionalProperties":false}
	// {"functionCallingConfig":{"allowedFunctionNames":["get_docket"],"mode":"ANY"}}
}
