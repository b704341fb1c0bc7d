package provider_test

import (
	"fmt"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

type verdict struct {
	Guilty bool   `json:"guilty"`
	Reason string `json:"reason,omitempty" default:"none given"`
}

// A structured output: the schema of a Go type as OpenAI's
// response_format, and the model's answer (strict mode sends null for
// what it leaves out) checked and decoded by the invoker's checks.
func ExampleOutputOf() {
	o, err := provider.OutputOf[verdict]("verdict", "The court's verdict.")
	if err != nil {
		fmt.Println(err)
		return
	}
	rf, err := provider.OpenAIResponseFormat(o)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s\n", rf)

	v, viols, err := tool.DecodeAnswer[verdict]([]byte(`{"guilty":false,"reason":null}`))
	fmt.Printf("%+v %v %v\n", v, viols, err)
	_, viols, _ = tool.DecodeAnswer[verdict]([]byte(`{"reason":"x"}`))
	fmt.Println(viols[0].Message)
	// Output:
	// {"type":"json_schema","json_schema":{"name":"verdict","description":"The court's verdict.","schema":{"type":"object","properties":{"guilty":{"type":"boolean"},"reason":{"type":["string","null"],"description":"Default: \"none given\"."}},"required":["guilty","reason"],"additionalProperties":false},"strict":true}}
	// {Guilty:false Reason:none given} [] <nil>
	// Result 'guilty' is required.
}
