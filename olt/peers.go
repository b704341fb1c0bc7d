package olt

import (
	"bytes"
	"go/token"
	"strings"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// structsOf calls fn for every struct type the package's tools reach, once
// each, their inputs' first.
func structsOf(p *analyzer.Package, fn func(t *schema.Type)) {
	roots := make([]*schema.Type, 0, 2*len(p.Tools))
	for _, t := range p.Tools {
		roots = append(roots, t.InModel)
	}
	for _, t := range p.Tools {
		roots = append(roots, t.OutModel)
	}
	for t := range schema.Reached(roots...) {
		if t.Kind == schema.Struct {
			fn(t)
		}
	}
}

// peerRules declares OLT020, the warnings about peers' tags (which the
// core also reports at the drop-ins' calls).
var peerRules = []ruleDef{{id: schema.OLT020, fixes: true, setup: always(onTools(tagWarnings))}}

// tagWarnings reports, as OLT020 warnings, the peers' tags of the tools'
// types that a peer library reads otherwise than their authors plainly
// meant (a description with unescaped commas, which invopop/jsonschema
// ends at the first), or that are ambiguous between google/jsonschema-go's
// description and mark3labs/mcp-go's form: the tool is not refused, and
// the fix writes the tag so that it reads as the contract reads it,
// unambiguously.
func tagWarnings(p *analyzer.Package) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	done := map[*schema.Field]bool{}
	structsOf(p, func(t *schema.Type) {
		for _, w := range schema.TagWarnings(t, p.ReadMode) {
			if done[w.Field] {
				continue
			}
			done[w.Field] = true
			pos, end := p.FieldPos(w.Field, w.Tag)
			if pos == token.NoPos {
				continue // declared in another package: reported there
			}
			out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: w.ID, Warning: true,
				Message: "field " + w.Field.Name + ": " + w.Msg, Fix: p.TagFix(w)})
		}
	})
	return out
}

// requiredFromTags suggests the read mode RequiredFromTags (OLT022) to a
// package whose types use invopop/jsonschema's required part, where the
// mode would change a tool's schema: code that uses the part is written
// for invopop's RequiredFromJSONSchemaTags, which makes a field without it
// optional in every struct, not only in one where another field has it.
// It has no fix: whether the project reads its types so is a fact of its
// code elsewhere, and the mode changes the schemas.
func requiredFromTags(p *analyzer.Package) []*analyzer.Diagnostic {
	if p.ReadMode.RequiredFromTags {
		return nil
	}
	var at *schema.Field
	structsOf(p, func(t *schema.Type) {
		for i := range t.Fields {
			f := &t.Fields[i]
			if at != nil || !schema.PeerRequired(f.Tag) {
				continue
			}
			if pos, _ := p.FieldPos(f, ""); pos != token.NoPos {
				at = f
			}
		}
	})
	if at == nil {
		return nil
	}
	var changed []string
	mode := schema.ReadMode{RequiredFromTags: true}
	for _, t := range p.Tools {
		in, out, err := p.SchemasIn(t, mode)
		if err == nil && (!bytes.Equal(in, t.InputSchema) || !bytes.Equal(out, t.OutputSchema)) {
			changed = append(changed, t.Name)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	pos, end := p.FieldPos(at, "jsonschema")
	return []*analyzer.Diagnostic{{Pos: pos, End: end, ID: schema.OLT022,
		Message: "the package's types use invopop/jsonschema's required part (field " + at.Name + "), which is written for its " +
			"RequiredFromJSONSchemaTags: a field without the part is then optional in every struct, not only in one where another field has it. " +
			"If the project reads its types so, say it once with " + analyzer.RequiredFromTagsDirective + " in the package; it would change the schemas of " +
			strings.Join(changed, ", ")}}
}
