package olt

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// readVerbs start the names of tools that only read.
var readVerbs = map[string]bool{
	"get": true, "list": true, "find": true, "search": true, "read": true, "fetch": true, "lookup": true,
	"query": true, "show": true, "describe": true, "view": true, "count": true, "retrieve": true,
	"browse": true, "inspect": true, "preview": true, "peek": true,
}

// writeVerbs say that a tool changes something.
var writeVerbs = map[string]bool{
	"create": true, "submit": true, "delete": true, "remove": true, "update": true, "set": true, "add": true,
	"insert": true, "put": true, "post": true, "send": true, "write": true, "save": true, "cancel": true,
	"approve": true, "reject": true, "upsert": true, "patch": true, "modify": true, "edit": true,
	"archive": true, "move": true, "rename": true, "publish": true, "deploy": true, "destroy": true,
	"drop": true, "purge": true, "revoke": true, "grant": true, "transfer": true, "pay": true,
	"refund": true, "book": true, "reserve": true, "register": true, "assign": true, "reset": true,
	"restart": true, "upload": true, "import": true, "merge": true, "close": true, "enable": true,
	"disable": true, "charge": true, "execute": true, "run": true, "kill": true, "terminate": true,
}

// nameWords splits a tool name into lower-case words.
func nameWords(name string) []string {
	return strings.FieldsFunc(schema.SnakeCase(name), func(r rune) bool { return r == '_' || r == '-' })
}

// said reports whether a tool's directive gives an option.
func said(t *analyzer.Tool, key string) bool { return slices.Contains(t.Said, key) }

// addOption returns the fix that appends an option to a tool's directive.
func addOption(t *analyzer.Tool, option string) *analyzer.Fix {
	end := t.Directive.End()
	return &analyzer.Fix{Message: "Add " + option + " to the directive", Edits: []analyzer.Edit{{Pos: end, End: end, NewText: " " + option}}}
}

// policyRules declares the execution-policy checks OLT026 to OLT028,
// which go with the quality checks: each reads intent from a name or a
// default, so each can be wrong about a tool, and an explicit option
// silences it.
var policyRules = []ruleDef{
	{id: schema.OLT026, fixes: true, setup: quality(readVerbNotReadOnly)},
	{id: schema.OLT027, setup: quality(writeVerbReadOnly)},
	{id: schema.OLT028, fixes: true, setup: quality(unapprovedDestructive)},
}

// verbOf returns the first word of a tool's name, and the diagnostic of
// rule id at the tool to fill in; ok is false for a tool without a
// directive or a name of words.
func verbOf(t *analyzer.Tool, id schema.ID) (verb string, words []string, d *analyzer.Diagnostic, ok bool) {
	words = nameWords(t.Name)
	if len(words) == 0 || t.Directive == nil {
		return "", nil, nil, false
	}
	pos, end := toolPos(t)
	return words[0], words, &analyzer.Diagnostic{Pos: pos, End: end, ID: id}, true
}

// readVerbNotReadOnly reports a tool named for reading that is not
// read-only (OLT026).
func readVerbNotReadOnly(_ *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	verb, words, d, ok := verbOf(t, schema.OLT026)
	// read-only=false says on purpose that a get_ tool writes; a later
	// write verb (get_or_create_session) says it too.
	if !ok || !readVerbs[verb] || t.ReadOnly || said(t, "read-only") || slices.ContainsFunc(words[1:], func(w string) bool { return writeVerbs[w] }) {
		return nil
	}
	d.Message = fmt.Sprintf("tool %s is not read-only, but the verb %s says it only reads: add read-only if it changes nothing, "+
		"or name it after what it changes (read-only=false says it writes on purpose)", t.Name, verb)
	if !said(t, "destructive") && !said(t, "idempotent") {
		d.Fix = addOption(t, "read-only")
	}
	return []*analyzer.Diagnostic{d}
}

// writeVerbReadOnly reports a read-only tool named for writing (OLT027).
func writeVerbReadOnly(_ *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	verb, _, d, ok := verbOf(t, schema.OLT027)
	if !ok || !writeVerbs[verb] || !t.ReadOnly {
		return nil
	}
	d.Message = fmt.Sprintf("tool %s is read-only, but the verb %s says it changes something: remove read-only if it does, "+
		"or name it after what it reads (a draft or a preview is still a write when it is stored)", t.Name, verb)
	return []*analyzer.Diagnostic{d}
}

// unapprovedDestructive reports a tool that may destroy and runs without
// approval (OLT028).
func unapprovedDestructive(_ *analyzer.Package, t *analyzer.Tool) []*analyzer.Diagnostic {
	_, _, d, ok := verbOf(t, schema.OLT028)
	if !ok || t.ReadOnly || !t.IsDestructive() || t.RequiresApproval || said(t, "requires-approval") {
		return nil
	}
	d.Message = fmt.Sprintf("tool %s may delete or overwrite (it says neither read-only nor destructive=false) and runs without approval: "+
		"add requires-approval, or say read-only or destructive=false if that is what it does (requires-approval=false says no on purpose)", t.Name)
	d.Fix = addOption(t, "requires-approval")
	return []*analyzer.Diagnostic{d}
}
