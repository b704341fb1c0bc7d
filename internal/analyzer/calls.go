package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/toolschema/toolschema/internal/schema"
)

// A Checker checks the types a package gives to schemas made by reflection
// at run time (a drop-in's type arguments, reflectimpl.Create's function)
// by the rules of a tool's: the core's errors about them, the warnings
// about their peers' tags (OLT020) and the rewrites of those tags into
// native ones (OLT022), at the field or tag in the package's syntax, else
// at the call.
type Checker struct {
	in *inspector
}

// NewChecker returns a Checker of one type-checked package (files are its
// syntax, with comments). Its types are read in the package's read mode
// (RequiredFromTagsDirective), the default one without the directive.
func NewChecker(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info, cfg *Config) *Checker {
	in := newInspector(fset, files, pkg, info, cfg)
	for _, f := range files {
		if !ast.IsGenerated(f) {
			in.readMode(f)
		}
	}
	in.b.ReadMode = in.p.ReadMode
	in.p.Diags = nil // a misplaced directive is the front end's to report
	return &Checker{in: in}
}

// Check describes in (the input: nil, or the empty interface, when there
// is none) and out (the result: nil when there is none) as a tool's types
// and returns what is wrong with them (each call of Check on its own: a
// field two calls reach is reported for each). Each message starts with label (the
// call, as the code spells it); a problem outside the package's syntax is
// placed at pos..end. With argsMap, an input that is a map of the
// arguments (schema.ArgsMap) is not checked: mcpserver.AddTool takes one
// beside an input schema set by hand.
func (c *Checker) Check(in, out types.Type, argsMap bool, pos, end token.Pos, label string) []*Diagnostic {
	var ds []*Diagnostic
	add := func(ps []problem) {
		for _, p := range ps {
			ds = append(ds, &Diagnostic{Pos: p.pos, End: p.end, ID: p.id, Message: label + ": " + p.msg, Fix: p.fix})
		}
	}
	var inModel, outModel *schema.Type
	if in != nil && !IsEmptyInterface(in) {
		inModel = c.in.d.describe(in)
		if argsMap && schema.ArgsMap(inModel) {
			// Taken beside an input schema set by hand, which is not
			// known where the call is: nothing to check.
			inModel = nil
		}
	}
	if _, err := c.in.b.Input(inModel); err != nil {
		add(c.in.schemaProblems(err, pos, end, ""))
	}
	if out != nil {
		outModel = c.in.d.describe(out)
		if _, err := c.in.b.Output(outModel); err != nil {
			add(c.in.schemaProblems(err, pos, end, types.TypeString(out, c.in.qualifier)))
		}
	}
	failed := len(ds) > 0
	// The peers' tags a peer library reads otherwise (OLT020), in the
	// package's own fields: each field once, as a property of the first
	// object schema.Reached visits that has it (a depth-first walk: an
	// embedded struct reached first through a field of its own is that
	// object; the warning and its fix are the field's either way).
	done := map[*schema.Field]bool{}
	for t := range schema.Reached(inModel, outModel) {
		if t.Kind != schema.Struct {
			continue
		}
		for _, w := range schema.TagWarnings(t, c.in.b.ReadMode) {
			if done[w.Field] {
				continue
			}
			done[w.Field] = true
			p, e := c.in.p.FieldPos(w.Field, w.Tag)
			if p == token.NoPos {
				continue // declared in another package: reported there, if at all
			}
			ds = append(ds, &Diagnostic{Pos: p, End: e, ID: w.ID, Warning: true,
				Message: label + ": field " + w.Field.Name + ": " + w.Msg, Fix: c.in.p.TagFix(w)})
		}
	}
	// The peers' tags that have native forms (OLT022, which reports them
	// only when it is turned on), as for a tool's types; not those of a
	// call whose types have errors, as OLT022 leaves a package with
	// diagnostics.
	if !failed {
		for _, d := range c.in.p.Migrations(inModel, outModel) {
			d.Message = label + ": " + d.Message
			ds = append(ds, d)
		}
	}
	return ds
}

// ArgsMap reports whether t, a drop-in's input, is a map of the
// arguments (schema.ArgsMap), which mcpserver.AddTool takes only beside an
// input schema set by hand.
func (c *Checker) ArgsMap(t types.Type) bool {
	return t != nil && !IsEmptyInterface(t) && schema.ArgsMap(c.in.d.describe(t))
}

// IsEmptyInterface reports whether t is the empty interface (any), not
// named: a drop-in's input that stands for no input.
func IsEmptyInterface(t types.Type) bool {
	i, ok := types.Unalias(t).(*types.Interface)
	return ok && i.Empty()
}
