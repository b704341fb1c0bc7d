// Package schematest checks schemas in tests: every schema the project
// produces must be a valid JSON Schema 2020-12, and values must be checked
// against it with format and content assertions on.
package schematest

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var seq atomic.Int64

// Compile validates b against the JSON Schema 2020-12 meta-schema and
// compiles it, with the format and contentEncoding keywords asserting.
func Compile(b []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	url := fmt.Sprintf("mem://schema/%d.json", seq.Add(1))
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// Check is Compile that fails the test on error.
func Check(t testing.TB, b []byte) *jsonschema.Schema {
	t.Helper()
	s, err := Compile(b)
	if err != nil {
		t.Fatalf("schema %s is not a valid 2020-12 schema: %v", b, err)
	}
	return s
}

// Validate checks the JSON text v against s.
func Validate(s *jsonschema.Schema, v []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(v))
	if err != nil {
		return fmt.Errorf("value is not JSON: %v", err)
	}
	return s.Validate(inst)
}
