// Package olt020mode reads its types as invopop/jsonschema does with
// RequiredFromJSONSchemaTags: invopop's convention holds in every object,
// so a required part in mcp-go's form changes no sibling's required-ness,
// and there is no warning.
//
//tool:required-from-tags
package olt020mode

type Weather struct {
	City    string `json:"city" jsonschema:"City name,required"`
	Country string `json:"country"`
}

// GetWeather tells the weather.
//
//tool:export
func GetWeather(in Weather) (string, error) { return in.City, nil }
