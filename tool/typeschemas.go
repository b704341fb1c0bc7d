package tool

import (
	"reflect"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
)

// typeSchemaser is a Handler whose tool may give, for its own use, the
// schemas of types that do not declare one (reflectimpl.TypeSchema). Its
// arguments and results are then checked by plans made with those
// schemas, kept in the set, apart from the plans of every other tool.
type typeSchemaser interface {
	TypeSchemas() *reflecttype.Schemas
}

// requiredFromTagser is a Handler whose tool reads its types with
// schema.ReadMode's RequiredFromTags (the generated code of a package with
// //tool:required-from-tags, reflectimpl.RequiredFromTags): a property is
// required only when its tags say so. Its arguments and results are
// checked by plans made in that mode.
type requiredFromTagser interface {
	RequiredFromTags() bool
}

// planOf returns the plan of Go type it for the tool: made with the
// schemas the tool gives when it gives any, else the one every tool of
// its read mode shares.
func (t *Tool) planOf(it reflect.Type) (*plan, error) {
	var mode schema.ReadMode
	if rf, ok := t.handler.(requiredFromTagser); ok {
		mode.RequiredFromTags = rf.RequiredFromTags()
	}
	if ts, ok := t.handler.(typeSchemaser); ok {
		if s := ts.TypeSchemas(); s != nil {
			return givenPlan(s, it, mode)
		}
	}
	if mode.RequiredFromTags {
		return fromTagsPlans.of(it)
	}
	return planOf(it)
}

// givenPlan returns the plan of t under the schemas of set s, made once
// per set (two callers at once may both make it; the first stored wins).
// A set is one tool's, so it has one read mode, mode.
func givenPlan(s *reflecttype.Schemas, t reflect.Type, mode schema.ReadMode) (*plan, error) {
	if v, ok := s.Plans.Load(t); ok {
		pe := v.(*planOrErr)
		return pe.p, pe.err
	}
	desc := reflecttype.New(8)
	desc.Schemas = s
	b := schema.NewBuilder()
	b.ReadMode = mode
	pe := makePlan(desc, b, t)
	v, _ := s.Plans.LoadOrStore(t, pe)
	pe = v.(*planOrErr)
	return pe.p, pe.err
}
