package strictmode

import "strconv"

// A Count names what a limit counts.
type Count uint8

const (
	// Properties are the properties at every depth of one tool's schema.
	Properties Count = iota + 1
	// Depth is the levels of objects nested in one tool's schema.
	Depth
	// EnumValues are the enum values in one tool's schema.
	EnumValues
	// Chars are the characters of property names, definition names, and
	// string enum and const values in one tool's schema.
	Chars
	// StrictTools are the strict tools of one request.
	StrictTools
	// Optional are the optional parameters of one request's tools.
	Optional
	// Unions are the union-typed parameters of one request's tools.
	Unions
)

// A Limit is one of a strict mode's documented limits: at most Max of
// what Count counts, in one tool's schema or, when PerRequest, over the
// tools of one request. Its words are written here once; the conversions'
// errors and OLT015's diagnostics say it by them.
type Limit struct {
	Count      Count
	Max        int
	PerRequest bool
	// Provider is the vendor's name, as a sentence says it; Source the
	// vendor's page the limit comes from.
	Provider, Source string
	// Noun is what is counted, in the plural ("optional parameters"); One
	// is one of them ("optional parameter").
	Noun, One string
	// has says that a schema holds n of it, %d standing for n.
	has string
}

// TakesAtMost says the limit: "OpenAI takes at most 10".
func (l Limit) TakesAtMost() string {
	return l.Provider + " takes at most " + strconv.Itoa(l.Max)
}

// Exceeded says that a tool's schema holds n of what l counts, past l:
// "has 5001 properties; OpenAI takes at most 5000". The subject (the tool)
// is the caller's.
func (l Limit) Exceeded(n int) string {
	return sprintd(l.has, n) + "; " + l.TakesAtMost()
}

// sprintd writes format with its one %d replaced by n.
func sprintd(format string, n int) string {
	for i := 0; i+1 < len(format); i++ {
		if format[i] == '%' && format[i+1] == 'd' {
			return format[:i] + strconv.Itoa(n) + format[i+2:]
		}
	}
	return format
}

// Limit returns m's limit on what c counts, false when m has none.
func (m StrictMode) Limit(c Count) (Limit, bool) {
	for _, l := range m.Limits {
		if l.Count == c {
			return l, true
		}
	}
	return Limit{}, false
}

// openAILimits are OpenAI's strict mode's limits on one schema
// (openAISource: "Objects have limitations on nesting depth and size").
var openAILimits = []Limit{
	{Count: Properties, Max: 5000, Provider: "OpenAI", Source: openAISource, Noun: "properties", One: "property", has: "has %d properties"},
	{Count: Depth, Max: 10, Provider: "OpenAI", Source: openAISource, Noun: "levels of nested objects", One: "level of nested objects", has: "nests objects %d levels deep"},
	{Count: EnumValues, Max: 1000, Provider: "OpenAI", Source: openAISource, Noun: "enum values", One: "enum value", has: "has %d enum values"},
	{Count: Chars, Max: 120000, Provider: "OpenAI", Source: openAISource, Noun: "characters of property names, definition names, enum and const values",
		One: "character of property names, definition names, enum and const values",
		has: "has %d characters of property names, definition names, enum and const values"},
}

// anthropicLimits are Anthropic's limits on the strict tools of one
// request (anthropicSource: "Limitations").
var anthropicLimits = []Limit{
	{Count: StrictTools, Max: 20, PerRequest: true, Provider: "Anthropic", Source: anthropicSource, Noun: "strict tools", One: "strict tool", has: "has %d strict tools"},
	{Count: Optional, Max: 24, PerRequest: true, Provider: "Anthropic", Source: anthropicSource, Noun: "optional parameters", One: "optional parameter", has: "has %d optional parameters"},
	{Count: Unions, Max: 16, PerRequest: true, Provider: "Anthropic", Source: anthropicSource, Noun: "union-typed parameters", One: "union-typed parameter", has: "has %d union-typed parameters"},
}

// Rule says the limit as the vendor's rule: "OpenAI takes at most 10
// levels of nested objects in one schema".
func (l Limit) Rule() string {
	per := " in one schema"
	if l.PerRequest {
		per = " in one request"
	}
	return l.TakesAtMost() + " " + l.Noun + per
}
