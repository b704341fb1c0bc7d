// Package metaschema compiles a JSON Schema 2020-12 with
// github.com/santhosh-tekuri/jsonschema/v6, checking it against the
// meta-schema, for each package that does: the analyzer's check of
// declared schemas, package declared's validator, and the raw-schema
// checker (internal/oracle).
package metaschema

import (
	"bytes"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compile reads s and compiles it as JSON Schema 2020-12 (its default
// draft), with configure, when not nil, setting the compiler's assertions
// (formats, content) first. It returns the compiled schema and the
// document as read.
func Compile(s []byte, configure func(*jsonschema.Compiler)) (*jsonschema.Schema, any, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
	if err != nil {
		return nil, nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if configure != nil {
		configure(c)
	}
	if err := c.AddResource(resourceURL, doc); err != nil {
		return nil, doc, err
	}
	sch, err := c.Compile(resourceURL)
	return sch, doc, err
}

// resourceURL names the schema being compiled. It is absolute (a relative
// name is resolved against the working directory, whose path then shows
// in the compiler's messages) and hierarchical, so that a relative $ref or
// $id in the schema resolves beside it, to a document there is not.
const resourceURL = "mem://toolschema/schema.json"
