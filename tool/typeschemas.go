package tool

import (
	"reflect"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/schema"
)

// typeSchemaser is a Handler whose tool may give, for its own use, the
// schemas of types that do not declare one (reflectimpl.TypeSchema). Its
// arguments and results are then checked by plans made with those
// schemas, kept in the set, apart from the plans of every other tool.
type typeSchemaser interface {
	TypeSchemas() *reflecttype.Schemas
}

// planOf returns the plan of Go type it for the tool: made with the
// schemas the tool gives when it gives any, else the one every tool
// shares.
func (t *Tool) planOf(it reflect.Type) (*plan, error) {
	if ts, ok := t.handler.(typeSchemaser); ok {
		if s := ts.TypeSchemas(); s != nil {
			return givenPlan(s, it)
		}
	}
	return planOf(it)
}

// givenPlan returns the plan of t under the schemas of set s, made once
// per set (two callers at once may both make it; the first stored wins).
func givenPlan(s *reflecttype.Schemas, t reflect.Type) (*plan, error) {
	if v, ok := s.Plans.Load(t); ok {
		pe := v.(*planOrErr)
		return pe.p, pe.err
	}
	desc := reflecttype.New(8)
	desc.Schemas = s
	pe := makePlan(desc, schema.NewBuilder(), t)
	v, _ := s.Plans.LoadOrStore(t, pe)
	pe = v.(*planOrErr)
	return pe.p, pe.err
}
