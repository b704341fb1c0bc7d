// Package strictmode holds what the model providers' tool modes take: the
// vendors' tables of keywords each mode keeps, moves into a description,
// renames or refuses, their limits, and the reasons, with the vendors'
// pages they come from. The provider conversions and the vet rule OLT015
// both decide by it; the neutral schema model (internal/schema) knows
// nothing of any vendor.
package strictmode

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/schema"
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
	// Omits maps each keyword the mode leaves out without a word to why:
	// the schema's own metadata, which says nothing of the values once the
	// conversion has written every form in 2020-12's way ($schema, the
	// dialect: see NumericExclusive).
	Omits map[string]string
	// NumericExclusive: exclusiveMinimum and exclusiveMaximum are read as
	// 2020-12 writes them, a number; draft-04's boolean (true beside the
	// minimum or maximum it makes exclusive) is rewritten so before
	// anything else reads the schema.
	NumericExclusive bool
	// Refuses maps each keyword the mode cannot express, so that a
	// conversion refuses the tool rather than move it, to why: a keyword
	// that shapes the value itself (a tuple's positions, names given by a
	// pattern), which a description cannot stand in for.
	Refuses map[string]string
	// InternalRefs: a $ref must point into the schema itself (start with
	// #); a reference to another document is refused.
	InternalRefs bool
	// NoRecursion: a $ref must not lead back to a schema that contains
	// it (Anthropic: "recursive schemas" are not supported).
	NoRecursion bool
	// RefAlone: a schema with a $ref has no other keyword (OpenAI's
	// strict mode answers "$ref cannot have keywords {'description'}",
	// github.com/openai/openai-python/issues/1637); a conversion makes
	// the reference an anyOf's one branch.
	RefAlone bool
	// RefDollar: RefAlone, but keywords that start with "$" may stay
	// beside the $ref (Gemini's JSON Schema: "schema at properties.draft
	// can only contain properties starting with '$' when $ref is
	// present", github.com/google-gemini/gemini-cli/issues/4758).
	RefDollar bool
	// Formats are the formats it knows; nil when it takes any.
	Formats []string
	// MinItemsUpTo1: minItems only as 0 or 1 (maxItems is in Drops).
	MinItemsUpTo1 bool
	// DropsEmptyNull: the conversion drops, by default, the null a Go
	// type reads as an empty value (EmptyNull), where the mode's budget
	// of union-typed parameters makes each one cost.
	DropsEmptyNull bool
	// Closed: additionalProperties must be false on every object, so a map
	// has no schema.
	Closed bool
	// AllRequired: every property is required, the optional ones nullable.
	AllRequired bool
	// NeedsType: every schema must have a "type" ({} is rejected: OpenAI's
	// "schema must have a 'type' key").
	NeedsType bool
	// LargeEnum, when Values is not 0, is the limit on one enum of
	// strings: with more than Values values, their total length must not
	// exceed Chars.
	LargeEnum struct{ Values, Chars int }
	// Regex lists the regular-expression constructs the mode's pattern
	// does not take (see RegexProblem); a pattern with one is moved into
	// the description.
	Regex []RegexConstruct
	// PropertyName is the expression every property name must match, ""
	// when any name is taken.
	PropertyName string
	// ToolName is the expression a tool's name must match.
	ToolName string
	// NameSource is the page PropertyName and ToolName come from.
	NameSource string
	// OneOfAsAnyOf: the mode takes anyOf but not oneOf, so oneOf is sent
	// as anyOf (the invoker still checks that exactly one branch holds).
	OneOfAsAnyOf bool
	// Limits are the mode's documented limits on what one tool's schema
	// or one request holds.
	Limits []Limit
}

// A RegexConstruct is a kind of construct in a regular expression that a
// provider does not take.
type RegexConstruct string

// The constructs Anthropic's strict mode lists as unsupported.
const (
	WordBoundary  RegexConstruct = "word boundaries (\\b, \\B)"
	Backreference RegexConstruct = "backreferences"
	Lookaround    RegexConstruct = "lookahead and lookbehind"
	LargeRepeat   RegexConstruct = "{n,m} quantifiers with large ranges"
)

// MaxRepeat is the largest bound of a {n,m} quantifier a mode with
// LargeRepeat takes. Anthropic gives no number ("complex {n,m}
// quantifiers with large ranges"); 256 is ours, a bound well inside what
// a pattern for a tool's argument needs.
const MaxRepeat = 256

// RegexProblem returns the first construct of m.Regex that pattern uses,
// "" when none. Escapes are read as ECMA-262 reads them: \b inside a
// character class is a backspace, not a word boundary.
func (m StrictMode) RegexProblem(pattern string) RegexConstruct {
	if len(m.Regex) == 0 {
		return ""
	}
	uses := func(c RegexConstruct) bool { return slices.Contains(m.Regex, c) }
	class := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\' && i+1 < len(pattern):
			n := pattern[i+1]
			switch {
			case !class && (n == 'b' || n == 'B') && uses(WordBoundary):
				return WordBoundary
			case !class && ((n >= '1' && n <= '9') || n == 'k') && uses(Backreference):
				return Backreference
			}
			i++
		case class:
			if c == ']' {
				class = false
			}
		case c == '[':
			class = true
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				i++ // a ] first in a class is itself
			}
		case c == '(' && uses(Lookaround):
			for _, la := range []string{"(?=", "(?!", "(?<=", "(?<!"} {
				if strings.HasPrefix(pattern[i:], la) {
					return Lookaround
				}
			}
		case c == '{' && uses(LargeRepeat):
			if n, ok := repeatBound(pattern[i+1:]); ok && n > MaxRepeat {
				return LargeRepeat
			}
		}
	}
	return ""
}

// repeatBound reads the inside of a {n}, {n,} or {n,m} quantifier and
// returns its largest number.
func repeatBound(s string) (int, bool) {
	end := strings.IndexByte(s, '}')
	if end <= 0 {
		return 0, false
	}
	lo, hi, _ := strings.Cut(s[:end], ",")
	largest := 0
	for _, part := range []string{lo, hi} {
		if part == "" {
			continue
		}
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return 0, false
		}
		largest = max(largest, n)
	}
	return largest, lo != ""
}

// The vendors' pages the modes follow.
const (
	openAISource    = "https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas"
	anthropicSource = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs"
	geminiSource    = "https://ai.google.dev/gemini-api/docs/structured-output#json-schema-support"

	// OpenAI's function name rule, from the API reference (openai-go's
	// FunctionDefinitionParam.Name).
	openAINames = "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools"
	// Anthropic's tool names are documented; its property names are
	// not, but the API answers 400 "Property keys should match pattern
	// '^[a-zA-Z0-9_.-]{1,64}$'" (seen in anthropics/claude-code#79418,
	// ComposioHQ/composio#3500).
	anthropicNames = "https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use"
	// Gemini's FunctionDeclaration.name: starts with a letter or an
	// underscore; letters, digits, _ . : -; at most 128 (64 on Vertex
	// AI, https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration:
	// the smaller is ours).
	geminiNames = "https://ai.google.dev/api/caching#FunctionDeclaration"

	openAIToolName     = `^[a-zA-Z0-9_-]{1,64}$`
	anthropicToolName  = `^[a-zA-Z0-9_-]{1,64}$`
	anthropicPropName  = `^[a-zA-Z0-9_.-]{1,64}$`
	geminiFunctionName = `^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$`
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
			"uniqueItems": "not supported", "default": "not supported", "contentEncoding": "not supported",
			// In declared schemas: "Not supported: allOf, not,
			// dependentRequired, dependentSchemas, if, then, else".
			"allOf": "not supported", "not": "not supported", "if": "not supported", "then": "not supported", "else": "not supported",
			"dependentRequired": "not supported", "dependentSchemas": "not supported",
			// Raw schemas: not among the keywords it lists (for arrays
			// items, minItems and maxItems; for objects properties,
			// required and additionalProperties false).
			"contains": "not supported", "minContains": "not supported", "maxContains": "not supported",
			"propertyNames": "not supported", "unevaluatedProperties": "not supported", "unevaluatedItems": "not supported",
			// Draft-07's forms of dependentSchemas and of a tuple's rest.
			"dependencies": "not supported", "additionalItems": "not supported"},
		Refuses: map[string]string{
			"prefixItems": "takes no prefixItems: its arrays are items, minItems and maxItems, so a tuple has no strict schema",
			// Listed as not supported, and every object must be closed.
			"patternProperties": "takes no patternProperties: names given by a pattern are a map's, and it needs additionalProperties false on every object",
			"$dynamicRef":       "takes no $dynamicRef: its references are $ref to $defs",
		},
		// Its limits count "definition names": $defs are taken, and a
		// $ref to them, recursive or not.
		InternalRefs:     true,
		RefAlone:         true,
		NumericExclusive: true,
		// Its numeric bounds are 2020-12's: a $schema naming another
		// draft would no longer say what the schema sent is.
		Omits:        map[string]string{"$schema": "the conversion writes JSON Schema 2020-12"},
		Formats:      []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"},
		Closed:       true,
		AllRequired:  true,
		NeedsType:    true,
		OneOfAsAnyOf: true,
		// "For a single enum property with string values, the total
		// string length of all enum values cannot exceed 15,000
		// characters when there are more than 250 enum values."
		LargeEnum:  struct{ Values, Chars int }{250, 15000},
		Limits:     openAILimits,
		ToolName:   openAIToolName,
		NameSource: openAINames,
	},
	"anthropic": {
		Name:           "Anthropic",
		Strict:         true,
		Source:         anthropicSource,
		DropsEmptyNull: true,
		// "Numerical constraints (such as minimum, maximum, multipleOf)"
		// are not supported: the exclusive bounds too.
		Drops: map[string]string{"minimum": "rejected", "maximum": "rejected", "minLength": "rejected", "maxLength": "rejected",
			"exclusiveMinimum": "rejected", "exclusiveMaximum": "rejected", "multipleOf": "rejected",
			"uniqueItems": "rejected", "maxItems": "rejected", "contentEncoding": "not supported",
			// In declared schemas: not among the supported features.
			"not": "not supported", "if": "not supported", "then": "not supported", "else": "not supported",
			"dependentRequired": "not supported", "dependentSchemas": "not supported",
			"contains": "not supported", "minContains": "not supported", "maxContains": "not supported",
			"propertyNames": "not supported", "unevaluatedProperties": "not supported", "unevaluatedItems": "not supported",
			// Draft-07's forms of dependentSchemas and of a tuple's rest.
			"dependencies": "not supported", "additionalItems": "not supported"},
		Refuses: map[string]string{
			"prefixItems": "takes no prefixItems: it is not among the supported features, so a tuple has no strict schema",
			// And "additionalProperties set to anything other than false"
			// is rejected.
			"patternProperties": "takes no patternProperties: names given by a pattern are a map's, and it needs additionalProperties false on every object",
			"$dynamicRef":       "takes no $dynamicRef: its references are internal $ref",
		},
		// "internal $ref" is supported; "recursive schemas" and "external
		// $ref" are not.
		InternalRefs:     true,
		NoRecursion:      true,
		NumericExclusive: true,
		// As OpenAI's: the conversion writes 2020-12's forms.
		Omits:         map[string]string{"$schema": "the conversion writes JSON Schema 2020-12"},
		Formats:       []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"},
		MinItemsUpTo1: true,
		Closed:        true,
		// "Regex limitations": not supported.
		Regex:        []RegexConstruct{WordBoundary, Backreference, Lookaround, LargeRepeat},
		PropertyName: anthropicPropName,
		ToolName:     anthropicToolName,
		NameSource:   anthropicNames,
		OneOfAsAnyOf: true,
		Limits:       anthropicLimits,
	},
	"gemini": geminiMode,
}

var nonStrictModes = map[string]StrictMode{
	// Without strict, a function's parameters are a JSON Schema the model
	// reads; the API does not constrain decoding to it.
	"openai":    {Name: "OpenAI", Source: openAISource, ToolName: openAIToolName, NameSource: openAINames},
	"anthropic": {Name: "Anthropic", Source: anthropicSource, PropertyName: anthropicPropName, ToolName: anthropicToolName, NameSource: anthropicNames},
	"gemini":    geminiMode,
}

var geminiMode = StrictMode{
	Name:   "Gemini",
	Source: geminiSource,
	Drops:  map[string]string{"pattern": "not supported", "default": "not supported", "contentEncoding": "not supported"},
	// Not among the keywords the page lists, and refused in function
	// declarations ("Unknown name \"$schema\"", even through
	// parametersJsonSchema: github.com/GetStream/Vision-Agents/pull/513);
	// zod's and pydantic's schemas, proxied MCP tools', carry it. Once it
	// is gone, draft-04's boolean bounds must be 2020-12's.
	Omits:            map[string]string{"$schema": "not supported"},
	NumericExclusive: true,
	Formats:          []string{"date-time", "date", "time"},
	// "If $ref is set on a sub-schema, no other properties, except for
	// those starting as a $, may be set" (the API reference's words on
	// its JSON Schema fields, responseJsonSchema).
	RefAlone:   true,
	RefDollar:  true,
	ToolName:   geminiFunctionName,
	NameSource: geminiNames,
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
	m.Omits = maps.Clone(m.Omits)
	m.Refuses = maps.Clone(m.Refuses)
	m.Formats = slices.Clone(m.Formats)
	m.Regex = slices.Clone(m.Regex)
	m.Limits = slices.Clone(m.Limits)
	return m, true
}

// Providers returns the names Mode knows, sorted.
func Providers() []string {
	return slices.Sorted(maps.Keys(strictModes))
}

// A Verdict is what a mode does with one keyword of a schema.
type Verdict uint8

const (
	// Keep: the mode takes the keyword as it is.
	Keep Verdict = iota
	// Move: the mode does not take it; a conversion removes it and says
	// its meaning in the description, and the invoker still checks it.
	Move
	// Skip: the mode does not take it, and it says nothing a model needs
	// told (the Go type's own range, as OwnBounds say, or metadata the
	// mode Omits); a conversion removes it.
	Skip
	// Refuse: the mode cannot express it; a conversion refuses the tool.
	Refuse
	// Rename: the mode takes the keyword under another name (why is
	// that name): oneOf as anyOf.
	Rename
	// Close: the mode needs additionalProperties false on every object,
	// and an object with properties says nothing of others; a conversion
	// closes it (the model sends only the properties; the invoker still
	// takes the others). An object without properties is Refused.
	Close
)

// headerKeyword is MCP's x-mcp-header, which the core writes for an
// mcpHeader tag: a model API has no use for it, and a strict mode may
// refuse a keyword it does not know, so every conversion drops it.
const headerKeyword = "x-mcp-header"

// Keyword returns what m does with keyword k of value v in a schema node
// whose keywords get returns (values as encoding/json reads them with
// UseNumber, objects as the caller holds them), and why, in words for a
// message ("rejected", "not a format it knows", ...), for a node whose
// bounds are all its author's (a raw schema's): KeywordAt with no own
// bounds.
func (m StrictMode) Keyword(k string, v any, get func(string) any) (Verdict, string) {
	return m.KeywordAt(k, v, get, schema.OwnBounds{})
}

// KeywordAt is Keyword for a node whose bounds that are only its Go
// type's own range own names: a mode that does not take minimum or
// maximum Skips those (nothing a model needs told) and Moves every other
// into the description. Both the provider conversions and the analyzer's
// OLT015 decide by it.
func (m StrictMode) KeywordAt(k string, v any, get func(string) any, own schema.OwnBounds) (Verdict, string) {
	numText := func(k string) string {
		if n, ok := get(k).(interface{ String() string }); ok {
			return n.String()
		}
		return ""
	}
	if why, ok := m.Omits[k]; ok {
		return Skip, why
	}
	switch k {
	case headerKeyword:
		return Skip, "MCP's mirror of an argument into an HTTP header, for the transport: the model needs none"
	case "pattern":
		if s, _ := v.(string); m.RegexProblem(s) != "" {
			return Move, "a construct it does not take: " + string(m.RegexProblem(s))
		}
	case "format":
		if s, _ := v.(string); m.Formats != nil && !slices.Contains(m.Formats, s) {
			return Move, "not a format it knows"
		}
	case "minItems":
		if n := numText(k); m.MinItemsUpTo1 && n != "0" && n != "1" {
			return Move, "only 0 or 1"
		}
	case "oneOf":
		if m.OneOfAsAnyOf {
			return Rename, "anyOf"
		}
	case "additionalProperties":
		if v != false && m.Closed {
			return Refuse, "needs additionalProperties false on every object"
		}
	case "$ref":
		if s, _ := v.(string); m.InternalRefs && !strings.HasPrefix(s, "#") {
			return Refuse, "takes only a $ref into the schema itself (one starting with #), not " + strconv.Quote(s)
		}
	case "enum":
		if l := m.LargeEnum; l.Values > 0 {
			vals, _ := v.([]any)
			chars := 0
			for _, e := range vals {
				if s, ok := e.(string); ok {
					chars += utf8.RuneCountInString(s) // characters, not bytes
				}
			}
			if len(vals) > l.Values && chars > l.Chars {
				return Refuse, "takes at most " + strconv.Itoa(l.Chars) + " characters in one enum of more than " + strconv.Itoa(l.Values) +
					" values; this one has " + strconv.Itoa(len(vals)) + " values totalling " + strconv.Itoa(chars) + " characters"
			}
		}
	}
	if why := m.Refuses[k]; why != "" {
		return Refuse, why
	}
	if why := m.Drops[k]; why != "" {
		if k == "minimum" || k == "maximum" {
			typ := get("type")
			is := func(name string) bool {
				if ts, ok := typ.([]any); ok {
					return slices.Contains(ts, any(name))
				}
				return typ == name
			}
			if (is("integer") || is("number")) && own.Skips(k, numText("minimum"), numText("maximum")) {
				return Skip, why
			}
		}
		return Move, why
	}
	return Keep, ""
}

// NodeProblem returns why m cannot express a schema node whose keywords
// get returns, "" when it can: OpenAI strict needs a type (a node with a
// $ref or a $dynamicRef has its target's).
func (m StrictMode) NodeProblem(get func(string) any) string {
	// An allOf stands for a type only where the mode keeps it.
	keepsAllOf := get("allOf") != nil && m.Drops["allOf"] == ""
	if m.NeedsType && get("type") == nil && get("anyOf") == nil && get("oneOf") == nil && !keepsAllOf && get("$ref") == nil && get("$dynamicRef") == nil {
		if get("enum") != nil || get("const") != nil {
			return `needs a type on every schema ("schema must have a 'type' key"), and its enum's values have no one type to give it`
		}
		return `needs a type on every schema ("schema must have a 'type' key"), and an any or json.RawMessage value has none`
	}
	return ""
}

// OpenObjectProblem returns why m cannot express an object schema whose
// keywords get returns, "" when it can: a Closed mode needs
// additionalProperties false on every object, and an object without it
// takes any other names. (additionalProperties given, but not false, is
// Keyword's refusal.)
func (m StrictMode) OpenObjectProblem(get func(string) any) string {
	if !m.Closed || get("additionalProperties") != nil {
		return ""
	}
	switch t := get("type").(type) {
	case string:
		if t != "object" {
			return ""
		}
	case []any:
		if !slices.Contains(t, any("object")) {
			return ""
		}
	default:
		return ""
	}
	return "needs additionalProperties false on every object"
}

// RecursionProblem returns why m does not take the $ref ref, which leads
// back to a schema that contains it when recursive is true, and which a
// conversion could not follow when known is false; "" when m takes it.
func (m StrictMode) RecursionProblem(ref string, recursive, known bool) string {
	switch {
	case !m.NoRecursion:
		return ""
	case !known:
		return "takes no recursive schemas, and the conversion cannot tell whether " + strconv.Quote(ref) +
			` is one: it follows "#", "#/$defs/…", "#/definitions/…" and a definition's $anchor`
	case recursive:
		return "takes no recursive schemas (" + strconv.Quote(ref) + " leads back to a schema that holds it)"
	}
	return ""
}

// DanglingRefProblem returns why m does not take the $ref ref, which names
// no schema in the document when dangles is true; "" when m takes it.
func (m StrictMode) DanglingRefProblem(ref string, dangles bool) string {
	if !m.InternalRefs || !dangles {
		return ""
	}
	return "takes a $ref only to a schema there is, and the schema has no definition " + strconv.Quote(ref)
}

// RefSiblingsProblem returns why m cannot express a $ref with other
// keywords beside it, "" when it can (alone is how it writes them, a
// reference made the one branch of an anyOf). A RefAlone mode cannot when
// one of them is an anyOf (or a oneOf sent as one), which must hold as
// well as the reference, or when the schema is the root, which must be an
// object schema, not an anyOf.
func (m StrictMode) RefSiblingsProblem(union, root bool) string {
	rule := "takes no keyword beside a $ref"
	if m.RefDollar {
		rule += " but those starting with $"
	}
	switch {
	case !m.RefAlone:
		return ""
	case union:
		return rule + ", and this one has an anyOf (or a oneOf) beside it, which must hold too"
	case root:
		return rule + ", and the root, which must be an object schema, cannot be made an anyOf"
	}
	return ""
}

// RefBeside reports whether keyword k beside a $ref makes a RefAlone
// mode write the reference as an anyOf's one branch.
func (m StrictMode) RefBeside(k string) bool {
	return m.RefAlone && k != "$ref" && !(m.RefDollar && strings.HasPrefix(k, "$"))
}

// RenameCollision returns why m cannot send keyword k as to (a Rename
// verdict) in a schema that has to already: oneOf sent as anyOf beside an
// anyOf would join the two lists, and "any of A or B, and exactly one of
// C or D" is not "any of A, B, C or D".
func (m StrictMode) RenameCollision(k, to string) string {
	return "sends " + k + " as " + to + ", and this schema has an " + to + " too, which cannot be joined with it"
}

// BooleanSchemaProblem returns why m does not take the boolean schema b
// (true: any value; false: none), "" when it does.
func (m StrictMode) BooleanSchemaProblem(b bool) string {
	if !m.NeedsType {
		return ""
	}
	return `needs a type on every schema ("schema must have a 'type' key"), and the schema ` + strconv.FormatBool(b) + ` has none`
}

// PropertyNameProblem returns why m does not take a property name, ""
// when it does.
func (m StrictMode) PropertyNameProblem(name string) string {
	if m.PropertyName != "" && !matchName(m.PropertyName, name) {
		return "takes property names matching " + m.PropertyName + " (" + m.NameSource + ")"
	}
	return ""
}

// ToolNameProblem returns why m does not take a tool name, "" when it
// does.
func (m StrictMode) ToolNameProblem(name string) string {
	if m.ToolName != "" && !matchName(m.ToolName, name) {
		return "takes a tool name matching " + m.ToolName + " (" + m.NameSource + ")"
	}
	return ""
}

// nameExprs holds the compiled name expressions of the table.
var nameExprs sync.Map // expression -> *regexp.Regexp

func matchName(expr, s string) bool {
	re, ok := nameExprs.Load(expr)
	if !ok {
		re, _ = nameExprs.LoadOrStore(expr, regexp.MustCompile(expr))
	}
	return re.(*regexp.Regexp).MatchString(s)
}
