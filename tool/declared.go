package tool

import (
	"reflect"
	"sync"

	"github.com/toolschema/toolschema/internal/schema"
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
	// compiled holds what v made of each schema text: a declared schema
	// is compiled once, however many tools and places reach its type.
	compiled map[string]compiledSchema
}

type compiledSchema struct {
	valid func([]byte) bool
	err   error
}

// RegisterSchemaValidator sets the validator of declared schemas. It is
// called from the init function of the package that provides one.
func RegisterSchemaValidator(v SchemaValidator) {
	validator.Lock()
	defer validator.Unlock()
	validator.v, validator.compiled = v, nil
}

// ValidateDeclared compiles a declared schema with the registered
// validator (once for each schema text), or returns schema.ErrNoValidator.
func ValidateDeclared(s []byte) (func([]byte) bool, error) {
	validator.Lock()
	v, c, ok := validator.v, validator.compiled[string(s)], false
	if c.valid != nil || c.err != nil {
		ok = true
	}
	validator.Unlock()
	if v == nil {
		return nil, schema.ErrNoValidator
	}
	if ok {
		return c.valid, c.err
	}
	c.valid, c.err = v(s) // outside the lock: a compile takes a while
	validator.Lock()
	if validator.compiled == nil {
		validator.compiled = map[string]compiledSchema{}
	}
	validator.compiled[string(s)] = c
	validator.Unlock()
	return c.valid, c.err
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
