package tool

import (
	"reflect"
)

// declared reads a value of a type that declares its schema: checked
// against the schema, then decoded by the type's UnmarshalJSON.
func (d *decoder) declared(p *plan, v reflect.Value, depth int) {
	start := d.i
	d.skipUntyped(depth)
	text := d.data[start:d.i]
	if !p.valid(text) {
		d.add("schema", "does not match the schema of its type.")
		return
	}
	if v.IsValid() {
		d.unmarshalJSON(v, text)
	}
}
