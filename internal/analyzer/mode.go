package analyzer

import "github.com/toolschema/toolschema/internal/schema"

// SchemasIn returns the input and output schemas tool t would have if its
// package read its types in mode m: what a change of the package's read
// mode (RequiredFromTagsDirective) would make of them.
func (p *Package) SchemasIn(t *Tool, m schema.ReadMode) (in, out []byte, err error) {
	b := newBuilder()
	b.ReadMode = m
	if in, err = b.Input(t.InModel); err != nil {
		return nil, nil, err
	}
	if t.OutModel != nil {
		if out, err = b.Output(t.OutModel); err != nil {
			return nil, nil, err
		}
	}
	return in, out, nil
}
