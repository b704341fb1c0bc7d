package reflecttype

import (
	"reflect"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

// Schema is generic here: go/types names its instances Schema, reflect
// Schema[int]; both front ends must take a method returning one for
// invopop's.
type Schema[T any] struct{ V T }

type level string

func (level) JSONSchema() *Schema[int] { return nil }

type window struct{}

func (*window) JSONSchemaExtend(*Schema[string]) {}

type notSchema struct{ V int }

type other string

func (other) JSONSchema() *notSchema { return nil }

// googleTyped returns google/jsonschema-go's Schema, which that library
// never asks a type for: the program's own method, not invopop's.
type googleTyped string

func (googleTyped) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} }

func TestPeerSchema(t *testing.T) {
	for _, tt := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[level](), "JSONSchema"},
		{reflect.TypeFor[window](), "JSONSchemaExtend"},
		{reflect.TypeFor[other](), ""},
		{reflect.TypeFor[googleTyped](), ""},
		{reflect.TypeFor[string](), ""},
	} {
		if got := peerSchema(tt.typ); got != tt.want {
			t.Errorf("peerSchema(%v) = %q, want %q", tt.typ, got, tt.want)
		}
	}
}
