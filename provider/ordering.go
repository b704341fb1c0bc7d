package provider

// PropertyOrdering chooses whether a Gemini schema (a function
// declaration's parametersJsonSchema, a response schema) lists, in every
// object schema of more than one property, the properties in their order
// as "propertyOrdering", the keyword Gemini documents for the order in
// which it writes them. A schema sent as written keeps its order without
// it; a program whose SDK turns schemas into maps (Google's genai, which
// writes them with sorted keys) needs it. It changes nothing in the other
// providers' conversions.
func PropertyOrdering(on bool) Option {
	return func(c *config) { c.ordering = on }
}

// withPropertyOrdering returns s with "propertyOrdering" after
// "properties" in every object schema of more than one property, at any
// depth: the values of the keywords that hold schemas are walked, the
// others (an enum's values, a default) kept as they are.
func withPropertyOrdering(s ordered) ordered {
	out := make(ordered, 0, len(s)+1)
	for _, e := range s {
		switch e.k {
		case "properties", "$defs", "definitions", "patternProperties", "dependentSchemas", "dependencies":
			m, ok := e.v.(ordered)
			if !ok {
				out = append(out, e)
				continue
			}
			conv := make(ordered, len(m))
			names := make([]any, len(m))
			for i, p := range m {
				conv[i] = kv{p.k, schemaValue(p.v)}
				names[i] = p.k
			}
			out = append(out, kv{e.k, conv})
			if e.k == "properties" && len(m) > 1 {
				out = append(out, kv{"propertyOrdering", names})
			}
		case "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems", "additionalItems":
			out = append(out, kv{e.k, schemaValue(e.v)})
		case "anyOf", "oneOf", "allOf", "prefixItems":
			list, ok := e.v.([]any)
			if !ok {
				out = append(out, e)
				continue
			}
			conv := make([]any, len(list))
			for i, b := range list {
				conv[i] = schemaValue(b)
			}
			out = append(out, kv{e.k, conv})
		default:
			out = append(out, e)
		}
	}
	return out
}

// schemaValue is withPropertyOrdering of a schema that is an object;
// true and false are kept.
func schemaValue(v any) any {
	if o, ok := v.(ordered); ok {
		return withPropertyOrdering(o)
	}
	return v
}
