package reflectimpl

import (
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/tool"
)

// The examples the docs show are checked against the docs by the tests of
// package docs; this is the schema of the README's example input, which
// the README does not show.

type docDocketQuery struct {
	Court string `json:"court" description:"Court identifier." pattern:"^[a-z]+$"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
}

func TestDocExamples(t *testing.T) {
	tl, err := Create(func(docDocketQuery) error { return nil }, Meta(tool.Meta{Name: "x"}))
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, tl.InputSchema)
	want := `{"type":"object","properties":{"court":{"type":"string","description":"Court identifier.","pattern":"^[a-z]+$"},"limit":{"type":"integer","minimum":1,"maximum":100,"default":20}},"required":["court"],"additionalProperties":false}`
	if string(tl.InputSchema) != want {
		t.Errorf("README: got\n%s\nwant\n%s", tl.InputSchema, want)
	}
}
