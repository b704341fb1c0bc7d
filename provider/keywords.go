package provider

// holds is the shape of a keyword's value that holds schemas.
type holds uint8

const (
	oneSchema  holds = iota + 1 // a schema (items given as a list: each one)
	schemaList                  // a list of schemas
	schemaMap                   // an object whose members' values are schemas
)

// schemaKeywords are the keywords whose values hold schemas, by the shape
// of the value. The walks that look into a schema for something of its
// own (its $refs, where to put propertyOrdering, what a merge reaches)
// read this table; the values of the other keywords (an enum's, a
// default's, a const's) are data, never looked into.
var schemaKeywords = map[string]holds{
	"items": oneSchema, "additionalProperties": oneSchema, "not": oneSchema, "contains": oneSchema,
	"propertyNames": oneSchema, "if": oneSchema, "then": oneSchema, "else": oneSchema,
	"unevaluatedProperties": oneSchema, "unevaluatedItems": oneSchema, "additionalItems": oneSchema,
	"anyOf": schemaList, "oneOf": schemaList, "allOf": schemaList, "prefixItems": schemaList,
	"properties": schemaMap, "$defs": schemaMap, "definitions": schemaMap, "patternProperties": schemaMap,
	"dependentSchemas": schemaMap, "dependencies": schemaMap, // dependencies: a list of names too
}

// eachSubschema calls f with each schema that keyword k of a schema holds
// (v its value): the objects among them, true and false left out.
func eachSubschema(k string, v any, f func(ordered)) {
	visit := func(x any) {
		if o, ok := x.(ordered); ok {
			f(o)
		}
	}
	switch schemaKeywords[k] {
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
