// Package declared checks the arguments of types that declare their own
// schema (a method ToolschemaSchema() string on the type) with
// github.com/santhosh-tekuri/jsonschema/v6.
// Importing it registers the validator with the runtime:
//
//	import _ "github.com/toolschema/toolschema/declared"
//
// The generated code of a tool that reaches such a type imports it; a
// program that makes such tools by reflection imports it itself. Programs
// without declared schemas do not link the validator.
package declared

import (
	"bytes"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/toolhook"
)

func init() { toolhook.RegisterValidator(compile) }

// compile compiles a JSON Schema 2020-12 (checking it against the
// meta-schema) and returns the check of a JSON value against it.
func compile(s []byte) (func([]byte) bool, error) {
	sch, _, err := metaschema.Compile(s, (*jsonschema.Compiler).AssertFormat) // formats are checked, as the invoker checks them elsewhere
	if err != nil {
		return nil, err
	}
	return func(v []byte) bool {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(v))
		return err == nil && sch.Validate(inst) == nil
	}, nil
}
