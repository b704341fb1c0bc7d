package schema_test

import (
	"reflect"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// TestMCPHeadersBindings: the bindings are each annotation's header and
// property path, in the order of the paths; a schema without the keyword
// has none.
func TestMCPHeadersBindings(t *testing.T) {
	for _, c := range []struct {
		schema string
		want   []schema.HeaderBinding
	}{
		{`{"type":"object","properties":{"a":{"type":"string"}}}`, nil},
		{`{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"tenant":{"type":["object","null"],"properties":{"id":{"type":"string","x-mcp-header":"Tenant-Id"}}},"dry":{"type":"boolean","x-mcp-header":"Dry-Run"}}}`,
			[]schema.HeaderBinding{{Name: "Dry-Run", Path: []string{"dry"}}, {Name: "Region", Path: []string{"region"}}, {Name: "Tenant-Id", Path: []string{"tenant", "id"}}}},
	} {
		got, err := schema.MCPHeaders([]byte(c.schema))
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("MCPHeaders(%s) = %v, %v; want %v", c.schema, got, err, c.want)
		}
	}
}
