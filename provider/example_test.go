package provider_test

import (
	"context"
	"fmt"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type weatherQuery struct {
	City  string `json:"city" description:"City name, in English."`
	Units string `json:"units,omitempty" enum:"metric, imperial" default:"metric"`
}

type forecast struct {
	TempC float64 `json:"temp_c"`
}

func getWeather(ctx context.Context, in weatherQuery) (forecast, error) {
	return forecast{TempC: 21.5}, nil
}

// Each provider takes a definition of its own shape and a part of JSON
// Schema of its own. OpenAI's strict mode wants every property required,
// so an optional one becomes one that may be null (the invoker takes null
// as absent); a keyword a provider does not take, such as default, is said
// in the description instead.
func Example() {
	t, err := reflectimpl.Create(getWeather, reflectimpl.Meta(tool.Meta{Description: "Gets the weather of a city."}))
	if err != nil {
		fmt.Println(err)
		return
	}
	openai, err := provider.OpenAI(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s\n", openai)

	anthropic, err := provider.Anthropic([]*tool.Tool{t})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s\n", anthropic[0])

	gemini, err := provider.Gemini(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s\n", gemini)
	// Output:
	// {"type":"function","function":{"name":"get_weather","description":"Gets the weather of a city.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name, in English."},"units":{"type":["string","null"],"description":"Default: \"metric\".","enum":["metric","imperial",null]}},"required":["city","units"],"additionalProperties":false},"strict":true}}
	// {"name":"get_weather","description":"Gets the weather of a city.","input_schema":{"type":"object","properties":{"city":{"type":"string","description":"City name, in English."},"units":{"type":"string","enum":["metric","imperial"],"default":"metric"}},"required":["city"],"additionalProperties":false},"strict":true}
	// {"name":"get_weather","description":"Gets the weather of a city.","parametersJsonSchema":{"type":"object","properties":{"city":{"type":"string","description":"City name, in English."},"units":{"type":"string","description":"Default: \"metric\".","enum":["metric","imperial"]}},"required":["city"],"additionalProperties":false}}
}
