package provider

// holds is the shape of a keyword's value that holds schemas.
type holds uint8

const (
	oneSchema  holds = iota + 1 // a schema (items given as a list: each one)
	schemaList                  // a list of schemas
	schemaMap                   // an object whose members' values are schemas
)

// where says what value the schemas a keyword holds describe, as the
// conversion's paths name it.
type where uint8

const (
	same       where = iota // the schema's own value: a branch, not, if/then/else, dependentSchemas
	items                   // its items: input.a[]
	values                  // a map's values: input.a{}
	index                   // a tuple's positions: input.a[0]
	property                // its properties: input.a.b
	pattern                 // the values of names matching a pattern: input.a{^x}
	definition              // a definition: input.$defs.m
	names                   // its property names: input.a.propertyNames
)

// path returns the path of the schema member (an index, a name; "" for
// the keyword's one schema) of keyword k at path holds.
func (w where) path(path, k, member string) string {
	switch w {
	case items:
		return path + "[]"
	case values:
		return path + "{}"
	case index:
		return path + "[" + member + "]"
	case property:
		return path + "." + member
	case pattern:
		return path + "{" + member + "}"
	case definition:
		return path + "." + k + "." + member
	case names:
		return path + ".propertyNames"
	}
	return path
}

// A keyword is a row of the table of keywords whose values hold schemas.
type keyword struct {
	holds holds
	where where
	// loose: a value that is not a schema object is kept as it is (true
	// or false, which allow or forbid as the keyword says; a list of
	// names in dependencies), neither converted nor refused.
	loose bool
	// combines: the branches of a combinator, which hold of the same
	// value, and may be parts of a merge.
	combines bool
}

// schemaKeywords are the keywords whose values hold schemas: their shape,
// and where the values they describe are. The conversion's walk reads
// this table, and so do the walks that look into a schema for something
// of its own (its $refs, where to put propertyOrdering, what a merge
// reaches); the values of the other keywords (an enum's, a default's, a
// const's) are data, never looked into.
var schemaKeywords = map[string]keyword{
	"items":                 {holds: oneSchema, where: items},
	"additionalProperties":  {holds: oneSchema, where: values, loose: true},
	"unevaluatedProperties": {holds: oneSchema, where: values, loose: true},
	"unevaluatedItems":      {holds: oneSchema, where: items, loose: true},
	"contains":              {holds: oneSchema, where: items, loose: true},
	"additionalItems":       {holds: oneSchema, where: items, loose: true},
	"propertyNames":         {holds: oneSchema, where: names, loose: true},
	"not":                   {holds: oneSchema, loose: true},
	"if":                    {holds: oneSchema, loose: true},
	"then":                  {holds: oneSchema, loose: true},
	"else":                  {holds: oneSchema, loose: true},
	"anyOf":                 {holds: schemaList, combines: true},
	"oneOf":                 {holds: schemaList, combines: true},
	"allOf":                 {holds: schemaList, combines: true},
	"prefixItems":           {holds: schemaList, where: index},
	"properties":            {holds: schemaMap, where: property},
	"$defs":                 {holds: schemaMap, where: definition},
	"definitions":           {holds: schemaMap, where: definition},
	"patternProperties":     {holds: schemaMap, where: pattern},
	"dependentSchemas":      {holds: schemaMap},
	"dependencies":          {holds: schemaMap, loose: true}, // a list of names too
}

// eachSubschema calls f with each schema that keyword k of a schema holds
// (v its value): the objects among them, true and false left out.
func eachSubschema(k string, v any, f func(ordered)) {
	visit := func(x any) {
		if o, ok := x.(ordered); ok {
			f(o)
		}
	}
	switch schemaKeywords[k].holds {
	case oneSchema, schemaList:
		if list, ok := v.([]any); ok {
			for _, x := range list {
				visit(x)
			}
			return
		}
		visit(v)
	case schemaMap:
		if m, ok := v.(ordered); ok {
			for _, e := range m {
				visit(e.v)
			}
		}
	}
}
