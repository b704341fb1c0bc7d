package provider

import (
	"fmt"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
)

func init() { strictmode.Check = check }

// check converts inputSchema, the input schema of a tool whose Go input
// type is described by in (nil when it is not known), for mode as the
// conversion of mode's provider does, and reports what that does. The
// error says the schema cannot be read. The vet rules call it as
// strictmode.Check.
func check(mode strictmode.StrictMode, in *schema.Type, inputSchema []byte) (*strictmode.Report, error) {
	root, err := parseOrdered(inputSchema)
	if err != nil {
		return nil, fmt.Errorf("provider: input schema: %v", err)
	}
	_, w := walk(source{kind: "tool", root: "input", schema: inputSchema, model: in}, root, mode, newConfig(nil))
	return &w.report, nil
}
