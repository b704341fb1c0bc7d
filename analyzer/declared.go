package analyzer

import (
	"bytes"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolschema/toolschema/schema"
)

// newBuilder returns the core's builder with the check of declared schemas
// against the 2020-12 meta-schema: the static front end may link a
// validator (programs that use tools do not).
func newBuilder() *schema.Builder {
	b := schema.NewBuilder()
	b.CheckDeclared = compileDeclared
	return b
}

// compileDeclared compiles a declared schema as JSON Schema 2020-12.
func compileDeclared(s []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
	if err != nil {
		return err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(resourceURL, doc); err != nil {
		return err
	}
	_, err = c.Compile(resourceURL)
	return err
}

// resourceURL names the schema being compiled. It is absolute (a relative
// name is resolved against the working directory, whose path then shows
// in the compiler's messages) and hierarchical, so that a relative $ref or
// $id in the schema resolves beside it, to a document there is not.
const resourceURL = "mem://toolschema/schema.json"
