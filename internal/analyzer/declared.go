package analyzer

import (
	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/schema"
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
	_, _, err := metaschema.Compile(s, nil)
	return err
}
