package schema

import "testing"

// TestPeerSchemaShaped: the shapes of invopop/jsonschema's schema methods,
// told apart from methods of the same names in other shapes, and from a
// JSONSchema method returning google/jsonschema-go's Schema.
func TestPeerSchemaShaped(t *testing.T) {
	invopop := SigValue{PtrTo: "Schema", PtrPkg: "github.com/invopop/jsonschema"}
	google := SigValue{PtrTo: "Schema", PtrPkg: GoogleSchemaPkg}
	other := SigValue{PtrTo: "Config", PtrPkg: "example.com/c"}
	anyV, str := SigValue{Any: true}, SigValue{String: true}
	tests := []struct {
		name            string
		params, results []SigValue
		want            bool
	}{
		{"JSONSchema", nil, []SigValue{invopop}, true},
		{"JSONSchema", nil, []SigValue{{PtrTo: "Schema"}}, true}, // a local stand-in
		{"JSONSchema", nil, []SigValue{google}, false},
		{"JSONSchema", nil, []SigValue{other}, false},
		{"JSONSchema", []SigValue{str}, []SigValue{invopop}, false},
		{"JSONSchemaExtend", []SigValue{invopop}, nil, true},
		{"JSONSchemaExtend", []SigValue{google}, nil, false},
		{"JSONSchemaExtend", []SigValue{invopop}, []SigValue{anyV}, false},
		{"JSONSchemaAlias", nil, []SigValue{anyV}, true},
		{"JSONSchemaAlias", nil, []SigValue{str}, false},
		{"JSONSchemaProperty", []SigValue{str}, []SigValue{anyV}, true},
		{"JSONSchemaProperty", []SigValue{anyV}, []SigValue{anyV}, false},
		{"MarshalJSON", nil, []SigValue{invopop}, false},
	}
	for _, tt := range tests {
		if got := PeerSchemaShaped(tt.name, tt.params, tt.results); got != tt.want {
			t.Errorf("PeerSchemaShaped(%s, %+v, %+v) = %v, want %v", tt.name, tt.params, tt.results, got, tt.want)
		}
	}
}
