package provider

import (
	"strings"

	"github.com/toolschema/toolschema/tool"
)

// SideEffects chooses whether a definition's description ends with one
// line that states the tool's execution policy in words (off by default).
// Model APIs have no field for it (MCP has its annotations), and a model
// picks tools and decides whether to retry from the description alone:
//
//	Side effects: none, it only reads.
//	Side effects: it adds data and deletes or overwrites nothing; it may act on systems outside this application. Each call needs a person's approval.
//
// Turn it on for tools whose policy is declared: for a tool that says
// nothing the line states MCP's defaults (it may delete or overwrite, it
// may act outside), which is safe but may say more than the tool does.
func SideEffects(on bool) Option {
	return func(c *config) { c.effects = on }
}

// description returns t's description for a definition under c.
func (c config) description(t *tool.Tool) string {
	if !c.effects {
		return t.Description
	}
	return joinNotes(t.Description, []string{effectsLine(t)})
}

// effectsLine returns the sentence SideEffects adds to a tool's
// description.
func effectsLine(t *tool.Tool) string {
	var parts []string
	switch {
	case t.ReadOnly:
		parts = append(parts, "none, it only reads")
	case !t.IsDestructive():
		parts = append(parts, "it adds data and deletes or overwrites nothing")
	default:
		parts = append(parts, "it may delete or overwrite data")
	}
	if t.Idempotent && !t.ReadOnly {
		parts = append(parts, "repeating a call with the same arguments changes nothing more")
	}
	if t.IsOpenWorld() && !t.ReadOnly {
		parts = append(parts, "it may act on systems outside this application")
	}
	line := "Side effects: " + strings.Join(parts, "; ") + "."
	if t.RequiresApproval {
		line += " Each call needs a person's approval."
	}
	return line
}
