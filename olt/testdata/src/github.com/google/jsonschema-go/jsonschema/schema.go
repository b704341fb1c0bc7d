// Package jsonschema stands for google/jsonschema-go's, which calls no
// method of a type for its schema.
package jsonschema

type Schema struct{ Type string }
