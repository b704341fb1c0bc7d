package schema

import (
	"bytes"
	"encoding/json"
)

// A KeyTable holds the JSON names by which encoding/json reads a value of
// a Go type into its fields, at every level: a struct's properties (the
// contract's resolution of its fields, embedded structs flattened), a
// map's values and a slice's items. For a drop-in that checks arguments
// against another schema than its type's (a schema set by hand, a
// listing), the invoker drops, with Drop, what the type has no field of
// that exact name for before decoding the rest, with encoding/json under
// ShadowArgs, which would match a name that differs only in case to a
// field, past that schema's checks.
type KeyTable struct {
	props  map[string]*KeyTable // a struct's properties, by JSON name
	values *KeyTable            // a map's values
	items  *KeyTable            // a slice's or an array's items
}

// Keys returns the KeyTable of t in read mode m, nil for a type that
// reads its own JSON (UnmarshalJSON, UnmarshalText, a declared schema:
// nothing in its value is dropped) and for one with no names of its own.
func Keys(t *Type, m ReadMode) *KeyTable {
	return keys(t, m, map[*Type]*KeyTable{})
}

func keys(t *Type, m ReadMode, seen map[*Type]*KeyTable) *KeyTable {
	for t != nil && t.Kind == Pointer {
		t = t.Elem
	}
	if t == nil || t.Declared != nil || t.Methods&(JSONUnmarshaler|TextUnmarshaler) != 0 {
		return nil
	}
	if k, ok := seen[t]; ok {
		return k
	}
	k := &KeyTable{}
	switch t.Kind {
	case Struct:
		seen[t] = k // before its fields: a type may reach itself
		fields, _ := resolveFields(t, m)
		k.props = make(map[string]*KeyTable, len(fields))
		for _, f := range fields {
			k.props[f.name] = keys(f.field.Type, m, seen)
		}
	case Map:
		seen[t] = k
		k.values = keys(t.Elem, m, seen)
	case Slice, Array:
		if t.Elem != nil && t.Elem.Kind == Uint && t.Elem.Bits == 8 {
			return nil // base64 text
		}
		seen[t] = k
		k.items = keys(t.Elem, m, seen)
	default:
		return nil
	}
	return k
}

// Drop returns v without the members of the table's objects that its
// type has no property of that exact name for, at every level. v is JSON
// with no key given twice (it has passed a schema's checks); a value Drop
// cannot read is returned as it is.
func (k *KeyTable) Drop(v []byte) []byte {
	if v = bytes.TrimLeft(v, " \t\r\n"); k == nil || len(v) == 0 {
		return v
	}
	switch {
	case v[0] == '{' && (k.props != nil || k.values != nil):
		var m map[string]json.RawMessage
		if json.Unmarshal(v, &m) != nil {
			return v
		}
		for name, e := range m {
			if k.props == nil {
				m[name] = k.values.Drop(e)
			} else if p, ok := k.props[name]; ok {
				m[name] = p.Drop(e)
			} else {
				delete(m, name)
			}
		}
		if out, err := json.Marshal(m); err == nil {
			return out
		}
	case v[0] == '[' && k.items != nil:
		var a []json.RawMessage
		if json.Unmarshal(v, &a) != nil {
			return v
		}
		for i, e := range a {
			a[i] = k.items.Drop(e)
		}
		if out, err := json.Marshal(a); err == nil {
			return out
		}
	}
	return v
}
