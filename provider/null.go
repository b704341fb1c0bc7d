package provider

import (
	"reflect"
	"slices"
	"sync"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
)

// DropNull chooses whether a definition's schema allows null where the
// tool's schema does. On, null leaves every type and enum (a pointer's
// too): the model always sends a value, and the invoker, which still
// takes null, gets one. Off, null stays everywhere. Without the option,
// each conversion decides as docs/contract.md says: Anthropic's strict
// mode drops the null of slices, maps and []byte, which Go reads as an
// empty value, since every ["…","null"] spends one of its 16 union-typed
// parameters a request; the others keep it.
//
// OpenAI's strict mode writes an optional property as required and
// nullable: that null, its way of leaving a property out, stays.
func DropNull(on bool) Option {
	return func(c *config) {
		if on {
			c.dropNull = dropAllNull
		} else {
			c.dropNull = keepNull
		}
	}
}

// nullDrop is which nulls a conversion drops.
type nullDrop uint8

const (
	nullDefault   nullDrop = iota // the provider's choice
	keepNull                      // none
	dropEmptyNull                 // those Go reads as an empty value
	dropAllNull                   // all
)

// nulls returns the nulls a conversion for d drops under c.
func (c config) nulls(d strictmode.StrictMode) nullDrop {
	if c.dropNull != nullDefault {
		return c.dropNull
	}
	if d.DropsEmptyNull {
		return dropEmptyNull
	}
	return keepNull
}

// withoutNull returns s with null out of its type and its enum, or out
// of its anyOf (a pointer to a type with a declared schema).
func withoutNull(s ordered) ordered {
	if branches, ok := s.get("anyOf").([]any); ok && len(branches) > 1 {
		rest := slices.DeleteFunc(slices.Clone(branches), func(b any) bool {
			o, ok := b.(ordered)
			return ok && len(o) == 1 && o.get("type") == "null"
		})
		if len(rest) > 0 {
			s = s.set("anyOf", rest)
		}
	}
	ts, ok := s.get("type").([]any)
	if !ok || !slices.Contains(ts, any("null")) {
		return s
	}
	rest := slices.DeleteFunc(slices.Clone(ts), func(v any) bool { return v == "null" })
	if len(rest) == 1 {
		s = s.set("type", rest[0])
	} else {
		s = s.set("type", rest)
	}
	if e, ok := s.get("enum").([]any); ok {
		s = s.set("enum", slices.DeleteFunc(slices.Clone(e), func(v any) bool { return v == nil }))
	}
	return s
}

// emptyNulls returns the paths of the schema of src's Go type (as the
// conversion names them from src.root: input.a, input.a[], input.a{})
// where null is a slice's or a map's (a []byte's too), which encoding/json
// reads as a nil slice or map: what a tool cannot tell from an empty one.
// A pointer's null, a nil pointer, is not among them. Nil when src has no
// Go type.
func emptyNulls(src source) map[string]bool {
	if src.model != nil {
		return schema.EmptyNullPaths(src.model, src.root)
	}
	if src.in == nil {
		return nil
	}
	key := emptyKey{src.in, src.root}
	if m, ok := empties.Load(key); ok {
		return m.(map[string]bool)
	}
	out := schema.EmptyNullPaths(reflecttype.New(16).Describe(src.in), src.root)
	m, _ := empties.LoadOrStore(key, out)
	return m.(map[string]bool)
}

// empties caches emptyNulls by type and root; the maps are only read.
var empties sync.Map // emptyKey -> map[string]bool

type emptyKey struct {
	in   reflect.Type
	root string
}

// ownBounds returns the bounds of src's schema that are only its Go
// type's own range, by path (see schema.OwnBoundPaths), from the Go type
// the tool carries beside its schema and the schemas it gives types (or
// src.model, the type described); nil when src has no Go type (a raw schema), whose every bound is told.
func ownBounds(src source) map[string]schema.OwnBounds {
	if src.model != nil {
		return schema.OwnBoundPaths(src.model, src.root)
	}
	if src.in == nil {
		return nil
	}
	key := ownKey{src.in, src.given, src.root}
	if m, ok := owns.Load(key); ok {
		return m.(map[string]schema.OwnBounds)
	}
	d := reflecttype.New(16)
	d.Schemas = src.given
	out := schema.OwnBoundPaths(d.Describe(src.in), src.root)
	m, _ := owns.LoadOrStore(key, out)
	return m.(map[string]schema.OwnBounds)
}

// owns caches ownBounds by type, given schemas and root; the maps are only
// read.
var owns sync.Map // ownKey -> map[string]schema.OwnBounds

type ownKey struct {
	in    reflect.Type
	given *reflecttype.Schemas
	root  string
}
