package schema

// A StrictMode is what one provider's strict tool mode takes, row by row of
// the providers' table: the keywords it rejects or does not list, the
// formats it knows, and how it treats objects. The provider conversions and
// the analyzer's OLT015 both read it.
type StrictMode struct {
	Name string
	// Drops maps each keyword the mode rejects or does not list to why
	// ("rejected", "not supported").
	Drops map[string]string
	// Formats are the formats it knows.
	Formats []string
	// MinItemsUpTo1: minItems only as 0 or 1 (maxItems is in Drops).
	MinItemsUpTo1 bool
	// Closed: additionalProperties must be false on every object, so a map
	// has no schema.
	Closed bool
	// AllRequired: every property is required, the optional ones nullable.
	AllRequired bool
}

// StrictModes are the modes by provider name: "openai", "anthropic",
// "gemini".
var StrictModes = map[string]StrictMode{
	"openai": {
		Name: "OpenAI",
		Drops: map[string]string{"minLength": "not supported", "maxLength": "not supported",
			"uniqueItems": "not supported", "default": "not supported", "contentEncoding": "not supported"},
		Formats:     []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"},
		Closed:      true,
		AllRequired: true,
	},
	"anthropic": {
		Name: "Anthropic",
		Drops: map[string]string{"minimum": "rejected", "maximum": "rejected", "minLength": "rejected", "maxLength": "rejected",
			"uniqueItems": "rejected", "maxItems": "rejected", "contentEncoding": "not supported"},
		Formats:       []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"},
		MinItemsUpTo1: true,
		Closed:        true,
	},
	"gemini": {
		Name:    "Gemini",
		Drops:   map[string]string{"pattern": "not supported", "default": "not supported", "contentEncoding": "not supported"},
		Formats: []string{"date-time", "date", "time"},
	},
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
