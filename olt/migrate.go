package olt

import (
	"go/token"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// migrateRules declares OLT022: off unless Config's Migrate or its
// -enable flag says otherwise.
var migrateRules = []ruleDef{{id: schema.OLT022, fixes: true, setup: optIn(func(cfg Config) bool { return cfg.Migrate },
	"report the peers' tags that have native forms, with fixes that rewrite them",
	onTools(func(p *analyzer.Package) []*analyzer.Diagnostic { return append(migrations(p), requiredFromTags(p)...) }))}}

// migrations reports the fields of the tools' types whose peers' tags
// have native forms (OLT022), each with the fix that rewrites the tag.
func migrations(p *analyzer.Package) []*analyzer.Diagnostic {
	var out []*analyzer.Diagnostic
	done := map[*schema.Field]bool{}
	roots := make([]*schema.Type, 0, 2*len(p.Tools))
	for _, t := range p.Tools {
		roots = append(roots, t.InModel, t.OutModel)
	}
	for t := range schema.Reached(roots...) {
		for _, m := range schema.Migrations(t, p.ReadMode) {
			if done[m.Field] {
				continue
			}
			done[m.Field] = true
			pos, end := p.FieldPos(m.Field, "")
			if pos == token.NoPos {
				continue // declared in another package: migrated there
			}
			for _, tag := range []string{"jsonschema", "jsonschema_description"} {
				if tp, te := p.FieldPos(m.Field, tag); tp != pos {
					pos, end = tp, te
					break
				}
			}
			out = append(out, &analyzer.Diagnostic{Pos: pos, End: end, ID: schema.OLT022,
				Message: "field " + m.Field.Name + ": the peer library's tags have native forms (" + m.What + "); the fix rewrites them",
				Fix:     p.TagRewrite(m.Field, m.Tag, "Rewrite the tags of "+m.Field.Name+" in the native form")})
		}
	}
	return out
}
