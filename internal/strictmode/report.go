package strictmode

import "github.com/toolschema/toolschema/internal/schema"

// A Report is what converting one input schema for a provider's mode
// does, as Check finds it. The conversion and Check are one walk, which
// goes on past each refusal: a conversion returns the refusals as its
// error (a *RefusalError, or Refusals), a report lists them among the
// findings, so that a checker (toolvet's OLT015) can name every one, at
// its path.
type Report struct {
	// Findings are the changes and refusals, in the order of the walk
	// (the schema's order, depth first).
	Findings []Finding
	// Unions are the paths of the union-typed schemas (a type of more than
	// one name after the mode's nulls are dropped, an anyOf or a oneOf),
	// each one of a request's union-typed parameters by Anthropic's count.
	Unions []string
	// Optional are the paths of the optional properties, each one of a
	// request's optional parameters by Anthropic's count; empty in a mode
	// where every property is required.
	Optional []string
	// Properties, Depth, EnumValues and Chars are what OpenAI's strict
	// limits count, as the conversion counts them: the properties at every
	// depth, the objects nested, the enum values, and the characters of
	// property names, definition names and string enum and const values.
	Properties, Depth, EnumValues, Chars int
}

// A Finding is one change or refusal of a conversion.
type Finding struct {
	// Path is the schema's: input.a, input.a[] (the items of a), input.a{}
	// (the values of a map), input for the root; in a raw schema also
	// input.a[0] (a tuple's first, prefixItems), input.a{^x} (the values
	// of the names matching ^x, patternProperties), input.a.propertyNames
	// and input.$defs.m (a definition). A finding inside a declared
	// schema's anyOf, oneOf or allOf (or not, if, then, else,
	// dependentSchemas) has the path of the schema that holds them.
	Path string
	// Keyword is the keyword the verdict is about; empty when the schema
	// as a whole breaks the mode's rule (a schema with no type) or, with
	// Name, the name of the property at Path does.
	Keyword string
	Name    bool
	// Open, with a Refuse of additionalProperties, says the schema is an
	// open object the conversion could not close (not a map).
	Open bool
	// Verdict is Move (removed, and told in the description),
	// Rename (sent as the keyword Why names), Close (an
	// object given additionalProperties false) or Refuse (the
	// conversion refuses the tool).
	Verdict Verdict
	// Why is the mode's reason; for a Rename, the keyword sent instead.
	Why string
}

// Check converts the input schema of a tool whose Go input type is in (nil
// when it is not known) for mode as the conversion of mode's provider
// does, and reports what that does; the error says the schema cannot be
// read. Package provider sets it: the provider conversion and the vet
// rules that tell what it would do (OLT015) share one walk, and the vet
// rules import provider for it.
var Check func(mode StrictMode, in *schema.Type, inputSchema []byte) (*Report, error)
