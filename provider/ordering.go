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
		switch v := e.v.(type) {
		case ordered:
			if schemaKeywords[e.k].holds == schemaMap {
				conv := make(ordered, len(v))
				names := make([]any, len(v))
				for i, p := range v {
					conv[i] = kv{p.k, schemaValue(p.v)}
					names[i] = p.k
				}
				out = append(out, kv{e.k, conv})
				if e.k == "properties" && len(v) > 1 {
					out = append(out, kv{"propertyOrdering", names})
				}
				continue
			}
		case []any:
			if h := schemaKeywords[e.k].holds; h == schemaList || h == oneSchema {
				conv := make([]any, len(v))
				for i, b := range v {
					conv[i] = schemaValue(b)
				}
				out = append(out, kv{e.k, conv})
				continue
			}
		}
		if schemaKeywords[e.k].holds == oneSchema {
			out = append(out, kv{e.k, schemaValue(e.v)})
			continue
		}
		out = append(out, e)
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
