package tool

import (
	"fmt"
	"reflect"
	"sync"
)

// A SchemaValidator compiles a JSON Schema 2020-12 and returns a function
// that says whether a JSON value is valid against it.
//
// The runtime checks the arguments of most types with typed checks of its
// own; a type that declares its schema (schema.DeclaredMethod) is checked
// against that schema by a validator, which only programs with such types
// link: package github.com/toolschema/toolschema/declared registers one
// when it is imported (the generated code of such tools imports it).
type SchemaValidator func(schema []byte) (valid func(value []byte) bool, err error)

var validator struct {
	sync.Mutex
	v SchemaValidator
}

// RegisterSchemaValidator sets the validator of declared schemas. It is
// called from the init function of the package that provides one.
func RegisterSchemaValidator(v SchemaValidator) {
	validator.Lock()
	defer validator.Unlock()
	validator.v = v
}

// ValidateDeclared compiles a declared schema with the registered
// validator, or says that none is registered.
func ValidateDeclared(schema []byte) (func([]byte) bool, error) {
	validator.Lock()
	v := validator.v
	validator.Unlock()
	if v == nil {
		return nil, fmt.Errorf("a type declares its schema, and no validator is registered: import _ \"github.com/toolschema/toolschema/declared\"")
	}
	return v(schema)
}

// declared reads a value of a type that declares its schema: checked
// against the schema, then decoded by the type's UnmarshalJSON.
func (d *decoder) declared(p *plan, v reflect.Value, depth int) {
	start := d.i
	d.skip(depth)
	text := d.data[start:d.i]
	if !p.valid(text) {
		d.add("schema", "does not match the schema of its type.")
		return
	}
	if v.IsValid() {
		d.unmarshalJSON(v, text)
	}
}
