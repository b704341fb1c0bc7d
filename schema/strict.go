package schema

import (
	"maps"
	"slices"
)

// A StrictMode is what one provider's tool mode takes, row by row of the
// providers' table: the keywords it rejects or does not list, the formats
// it knows, and how it treats objects. The provider conversions and the
// analyzer's OLT015 both read it. Despite the name, a provider's
// non-strict mode is a StrictMode too, with Strict false.
type StrictMode struct {
	Name string
	// Strict reports the provider's strict mode (constrained decoding);
	// false for its non-strict one.
	Strict bool
	// Source is the vendor's page the rules come from.
	Source string
	// Drops maps each keyword the mode rejects or does not list to why
	// ("rejected", "not supported").
	Drops map[string]string
	// Formats are the formats it knows; nil when it takes any.
	Formats []string
	// MinItemsUpTo1: minItems only as 0 or 1 (maxItems is in Drops).
	MinItemsUpTo1 bool
	// Closed: additionalProperties must be false on every object, so a map
	// has no schema.
	Closed bool
	// AllRequired: every property is required, the optional ones nullable.
	AllRequired bool
}

// The vendors' pages the modes follow.
const (
	openAISource    = "https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas"
	anthropicSource = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs"
	geminiSource    = "https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support"
)

// strictModes are the strict modes by provider name; nonStrictModes the
// non-strict ones. Gemini's function declarations have one mode, listed
// in both.
var strictModes = map[string]StrictMode{
	"openai": {
		Name:   "OpenAI",
		Strict: true,
		Source: openAISource,
		Drops: map[string]string{"minLength": "not supported", "maxLength": "not supported",
			"uniqueItems": "not supported", "default": "not supported", "contentEncoding": "not supported"},
		Formats:     []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"},
		Closed:      true,
		AllRequired: true,
	},
	"anthropic": {
		Name:   "Anthropic",
		Strict: true,
		Source: anthropicSource,
		Drops: map[string]string{"minimum": "rejected", "maximum": "rejected", "minLength": "rejected", "maxLength": "rejected",
			"uniqueItems": "rejected", "maxItems": "rejected", "contentEncoding": "not supported"},
		Formats:       []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"},
		MinItemsUpTo1: true,
		Closed:        true,
	},
	"gemini": geminiMode,
}

var nonStrictModes = map[string]StrictMode{
	// Without strict, a function's parameters are a JSON Schema the model
	// reads; the API does not constrain decoding to it.
	"openai":    {Name: "OpenAI", Source: openAISource},
	"anthropic": {Name: "Anthropic", Source: anthropicSource},
	"gemini":    geminiMode,
}

var geminiMode = StrictMode{
	Name:    "Gemini",
	Source:  geminiSource,
	Drops:   map[string]string{"pattern": "not supported", "default": "not supported", "contentEncoding": "not supported"},
	Formats: []string{"date-time", "date", "time"},
}

// Mode returns the mode of a provider by name ("openai", "anthropic",
// "gemini"): its strict mode when strict is true, else its non-strict
// one. The mode is a copy: changing it changes nothing else.
func Mode(provider string, strict bool) (StrictMode, bool) {
	modes := nonStrictModes
	if strict {
		modes = strictModes
	}
	m, ok := modes[provider]
	if !ok {
		return StrictMode{}, false
	}
	m.Drops = maps.Clone(m.Drops)
	m.Formats = slices.Clone(m.Formats)
	return m, true
}

// Providers returns the names Mode knows, sorted.
func Providers() []string {
	return slices.Sorted(maps.Keys(strictModes))
}

// The providers' documented limits.
const (
	OpenAIMaxProperties     = 5000   // properties in one schema
	OpenAIMaxDepth          = 10     // levels of nested objects
	OpenAIMaxEnumValues     = 1000   // enum values in one schema
	OpenAIMaxChars          = 120000 // characters of property names and enum values
	AnthropicMaxStrictTools = 20     // strict tools in one request
	AnthropicMaxOptional    = 24     // optional parameters in one request
	AnthropicMaxUnions      = 16     // union-typed parameters in one request
)

// TypeBound reports whether an integer fragment's minimum (min is true) or
// maximum is only the range of its Go type, as the type table writes it:
// nothing a model needs told.
func TypeBound(minimum, maximum string, min bool) bool {
	for r, s := range intLimits {
		switch {
		case min && r.signed && minimum == s[0]:
			return true
		case min && !r.signed && minimum == "0" && maximum == s[1]:
			return true
		case !min && maximum == s[1]:
			return true
		}
	}
	return false
}
