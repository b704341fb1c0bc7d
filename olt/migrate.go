package olt

import (
	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// migrateRules declares OLT022: off unless Config's Migrate or its
// -enable flag says otherwise.
var migrateRules = []ruleDef{{id: schema.OLT022, fixes: true, setup: optIn(func(cfg Config) bool { return cfg.Migrate },
	"report the peers' tags that have native forms, with fixes that rewrite them",
	onTools(func(p *analyzer.Package) []*analyzer.Diagnostic { return append(migrations(p), requiredFromTags(p)...) }))}}

// migrations reports the fields of the tools' types whose peers' tags
// have native forms (OLT022), each with the fix that rewrites the tag; the
// core finds those of the types of the drop-ins' calls (Checker.Check),
// which the rule reports only when it is on.
func migrations(p *analyzer.Package) []*analyzer.Diagnostic {
	roots := make([]*schema.Type, 0, 2*len(p.Tools))
	for _, t := range p.Tools {
		roots = append(roots, t.InModel, t.OutModel)
	}
	return p.Migrations(roots...)
}
