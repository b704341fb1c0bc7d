package schema

import "testing"

// TestArgsMap: the maps taken as a map of a tool's arguments, the rule
// both front ends read a drop-in's input by.
func TestArgsMap(t *testing.T) {
	str, named := &Type{Kind: String, Name: "string"}, &Type{Kind: String, PkgPath: "p", Name: "Key"}
	anyT, iface := &Type{Kind: Interface}, &Type{Kind: Interface, NumMethods: 1}
	tests := []struct {
		name string
		t    *Type
		want bool
	}{
		{"map[string]any", &Type{Kind: Map, Key: str, Elem: anyT}, true},
		{"a named string key", &Type{Kind: Map, Key: named, Elem: anyT}, true},
		{"a named map", &Type{Kind: Map, PkgPath: "p", Name: "Args", Key: str, Elem: anyT}, true},
		{"values of a typed kind", &Type{Kind: Map, Key: str, Elem: &Type{Kind: Int, Bits: 64}}, false},
		{"values of an interface with methods", &Type{Kind: Map, Key: str, Elem: iface}, false},
		{"int keys", &Type{Kind: Map, Key: &Type{Kind: Int, Bits: 64}, Elem: anyT}, false},
		{"a struct", &Type{Kind: Struct}, false},
		{"none", nil, false},
	}
	for _, tt := range tests {
		if got := ArgsMap(tt.t); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
