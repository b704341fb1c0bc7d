package tool

import "github.com/toolschema/toolschema/internal/schema"

// Destructive reports whether a call may delete or overwrite something:
// MCP's destructiveHint. A tool is destructive unless it is read-only or
// says that its writes only add.
func (t *Tool) Destructive() bool { return schema.Destructive(t.ReadOnly, t.Additive) }

// OpenWorld reports whether a call may reach entities outside the tool's
// own domain: MCP's openWorldHint, true unless the tool says otherwise.
func (t *Tool) OpenWorld() bool { return !t.ClosedWorld }
