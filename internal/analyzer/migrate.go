package analyzer

import (
	"go/token"

	"github.com/toolschema/toolschema/internal/schema"
)

// Migrations returns OLT022's diagnostics for the types roots reach
// (schema.Reached; a nil root is none), read in the package's read mode:
// each field of the package's syntax whose peers' tags have native forms
// (schema.Migrations), once, at its jsonschema or jsonschema_description
// tag, with the fix that rewrites the tag. A field declared in another
// package is left to that package's tools.
func (p *Package) Migrations(roots ...*schema.Type) []*Diagnostic {
	var out []*Diagnostic
	done := map[*schema.Field]bool{}
	for t := range schema.Reached(roots...) {
		for _, m := range schema.Migrations(t, p.ReadMode) {
			if done[m.Field] {
				continue
			}
			done[m.Field] = true
			pos, end := p.FieldPos(m.Field, "")
			if pos == token.NoPos {
				continue
			}
			for _, tag := range []string{"jsonschema", "jsonschema_description"} {
				if tp, te := p.FieldPos(m.Field, tag); tp != pos {
					pos, end = tp, te
					break
				}
			}
			out = append(out, &Diagnostic{Pos: pos, End: end, ID: schema.OLT022,
				Message: "field " + m.Field.Name + ": the peer library's tags have native forms (" + m.What + "); the fix rewrites them",
				Fix:     p.TagRewrite(m.Field, m.Tag, "Rewrite the tags of "+m.Field.Name+" in the native form")})
		}
	}
	return out
}
