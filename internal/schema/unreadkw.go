package schema

import (
	"strconv"
	"strings"
)

// A struct tag named exactly as a JSON Schema 2020-12 keyword is one a
// reader takes for that keyword: huma and swaggest/jsonschema-go read
// exclusiveMinimum:"0", title:"..." and deprecated:"true" so. Those the
// contract does not read as tags would be dropped without a word, and the
// schema would lack what the author meant; unreadKeyword says so, and the
// way out. The keywords read as tags (keywordTags, required) are not
// here; keys that are no 2020-12 keyword (OpenAPI's example and nullable,
// huma's doc) are another library's and left alone.

// Ways out shared by several keywords.
const (
	declareWay = "give the field a type that declares its schema (ToolschemaSchema)"
	schemaWay  = "its value is a schema, which no tag gives: " + declareWay
	noRefWay   = "the contract writes one schema that references nothing: drop the tag"
	writtenWay = "an input's fields are all written by the model, and a result's by the tool: drop the tag"
)

// unreadKeywords maps each JSON Schema 2020-12 keyword of the core,
// applicator, unevaluated, validation, meta-data and content vocabularies
// that is not read as a tag to the way out of a tag named as it, when the
// way does not depend on the tag's value (see unreadKeyword).
var unreadKeywords = map[string]string{
	// Core.
	"$schema": noRefWay, "$id": noRefWay, "$ref": noRefWay, "$anchor": noRefWay,
	"$dynamicRef": noRefWay, "$dynamicAnchor": noRefWay, "$vocabulary": noRefWay, "$defs": noRefWay,
	"$comment": "write it as a Go comment",
	// Applicator and unevaluated.
	"allOf": schemaWay, "anyOf": schemaWay, "oneOf": schemaWay, "not": schemaWay,
	"if": schemaWay, "then": schemaWay, "else": schemaWay, "dependentSchemas": schemaWay,
	"prefixItems": schemaWay, "items": schemaWay, "contains": schemaWay,
	"properties": schemaWay, "patternProperties": schemaWay, "additionalProperties": schemaWay,
	"propertyNames": schemaWay, "unevaluatedItems": schemaWay, "unevaluatedProperties": schemaWay,
	// Validation.
	"type":              "the contract writes the type encoding/json reads and writes: change the field's Go type, or " + declareWay,
	"const":             "", // by value
	"maxContains":       declareWay,
	"minContains":       declareWay,
	"maxProperties":     declareWay,
	"minProperties":     declareWay,
	"dependentRequired": declareWay,
	// Meta-data.
	"title":      "models read the description: put the text there",
	"deprecated": "say it in the description",
	"readOnly":   writtenWay,
	"writeOnly":  writtenWay,
	"examples":   "put an example in the description",
	// Content.
	"contentEncoding":  "a []byte field is base64 already; say the rest in the description, or " + declareWay,
	"contentMediaType": "say it in the description, or " + declareWay,
	"contentSchema":    schemaWay,
}

// unreadKeyword returns why a struct tag k:"v" is refused when k is a
// JSON Schema keyword the contract does not read as a tag, with the way
// out; "" when it is not one.
func unreadKeyword(k, v string) string {
	way, ok := unreadKeywords[k]
	if !ok {
		return ""
	}
	if way == schemaWay && !looksLikeSchema(v) || k == "type" && !isTypeList(v) {
		// No schema, or no JSON type: another library's key of that
		// name (magiconair/properties' properties:"key,default=x",
		// kong's type:"path").
		return ""
	}
	switch k {
	case "const":
		way = "for a string field write an enum of the one value; else " + declareWay
		if v != "" && !strings.Contains(v, ",") && strings.TrimSpace(v) == v {
			way = "for a string field write enum:" + strconv.Quote(v) + "; else " + declareWay
		}
	}
	return "is a JSON Schema keyword the contract does not read as a tag, so it would be ignored: " + way
}

// looksLikeSchema reports whether a tag's value could be the schema, or
// the list of schemas, a keyword of the applicator vocabulary takes: JSON
// that opens an object or an array, or a boolean schema.
func looksLikeSchema(v string) bool {
	v = strings.TrimSpace(v)
	return v == "true" || v == "false" || strings.HasPrefix(v, "{") || strings.HasPrefix(v, "[")
}

// isTypeList reports whether a tag's value names JSON Schema types only,
// as type:"integer", type:"string,null" or type:["string","null"] would.
func isTypeList(v string) bool {
	v = strings.TrimSpace(v)
	v = strings.TrimSuffix(strings.TrimPrefix(v, "["), "]")
	if v == "" {
		return false
	}
	for part := range strings.SplitSeq(v, ",") {
		switch strings.Trim(strings.TrimSpace(part), `"`) {
		case "string", "number", "integer", "boolean", "object", "array", "null":
		default:
			return false
		}
	}
	return true
}
