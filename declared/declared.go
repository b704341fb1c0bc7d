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
//
// Importing it also lets mcpserver.AddTool take an input schema set by
// hand (mcp.Tool's InputSchema): the arguments are checked against that
// schema as rawtool checks a raw tool's, which takes the validator too.
package declared

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

func init() {
	toolhook.RegisterValidator(compile)
	toolhook.RegisterRawTool(rawTool)
}

// rawTool makes the raw tool of a schema set by hand on a drop-in: its
// handler checks the arguments (the function is never called: the
// drop-in calls its own). The error is rawtool.New's, without the name
// made up here: the caller names the tool.
func rawTool(s []byte) (any, error) {
	const name = "drop_in"
	t, err := rawtool.New(tool.Meta{Name: name}, s, func(context.Context, *tool.Call, json.RawMessage) (any, error) {
		return nil, nil
	})
	if err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "rawtool: tool "+name+": "))
	}
	return t, nil
}

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
