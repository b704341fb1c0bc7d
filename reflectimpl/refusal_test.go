package reflectimpl_test

import (
	"errors"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestRefusalsFound: a program finds Create's refusals with errors.As
// through the public names, each with its rule and path.
func TestRefusalsFound(t *testing.T) {
	_, err := reflectimpl.Create(func(in struct {
		When  func() `json:"when"`
		Limit int    `json:"limit" minimum:"x"`
	}) error {
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "refused"}))
	var rs reflectimpl.Refusals
	if !errors.As(err, &rs) || len(rs) != 2 {
		t.Fatalf("error %v (%T), want two Refusals", err, err)
	}
	var r *reflectimpl.Refusal = rs[1]
	if r.ID != "OLT012" || r.Path != "input.limit" || r.Tag != "minimum" {
		t.Errorf("second refusal %+v", r)
	}
}
