package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRefKey: the referencing keyword a declared schema is refused for is
// the same on every run (it was the first a Go map gave), and data or a
// property's name that looks like one is not one.
func TestRefKey(t *testing.T) {
	for _, tt := range []struct{ schema, want string }{
		{`{"$id":"x","$ref":"#","$anchor":"a"}`, "$anchor"},
		{`{"anyOf":[{"type":"string"},{"items":{"$ref":"#/$defs/x"}}]}`, "$ref"},
		{`{"const":{"$ref":"#"}}`, ""},
		{`{"type":"string","default":{"$id":"x"},"enum":[{"$ref":"#"}],"examples":[{"$anchor":"a"}]}`, ""},
		{`{"type":"object","properties":{"$ref":{"type":"string"}}}`, ""},
		{`{"type":"object","properties":{"a":{"$dynamicRef":"#x"}}}`, "$dynamicRef"},
	} {
		var v any
		if err := json.Unmarshal([]byte(tt.schema), &v); err != nil {
			t.Fatal(err)
		}
		for range 20 { // a Go map's order changes from one range to the next
			if got := refKey(v); got != tt.want {
				t.Fatalf("refKey(%s) = %q, want %q", tt.schema, got, tt.want)
			}
		}
	}
}

// TestNoValidator: a declared schema the program cannot check (it links
// no validator) is refused as such, not as an invalid schema.
func TestNoValidator(t *testing.T) {
	dec := &Type{Kind: Struct, PkgPath: "example.com/m", PkgName: "m", Name: "Dec",
		Methods: JSONMarshaler | JSONUnmarshaler, Declared: &Declared{Schema: []byte(`{"type":"string"}`)}}
	b := NewBuilder()
	b.CheckDeclared = func([]byte) error { return ErrNoValidator }
	_, err := b.Input(strct(field("A", dec, `json:"a"`)))
	const want = "OLT023: a: m.Dec declares a schema (ToolschemaSchema) that cannot be checked: no validator of declared schemas is registered"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Input: %v\nwant %s", err, want)
	}
}

// TestDeclaredOverPeerMethod: a type that declares its schema
// (ToolschemaSchema) and keeps invopop/jsonschema's JSONSchema method for
// the peer is read by its declaration; the peer's method is no fault.
func TestDeclaredOverPeerMethod(t *testing.T) {
	sos := &Type{Kind: Slice, PkgPath: "example.com/m", PkgName: "m", Name: "StringOrSlice", PeerSchema: "JSONSchema",
		Methods: JSONMarshaler | JSONUnmarshaler, Declared: &Declared{Schema: []byte(`{"type":["string","array"],"items":{"type":"string"}}`)}}
	b := NewBuilder()
	b.CheckDeclared = func([]byte) error { return nil }
	got, err := b.Input(strct(field("V", sos, `json:"v"`)))
	if err != nil {
		t.Fatalf("Input: %v", err)
	}
	if !strings.Contains(string(got), `"v":{"type":["string","array"],"items":{"type":"string"}}`) {
		t.Errorf("Input = %s, want v as declared", got)
	}
}
