package schema

// EmptyNull reports whether the null of t's fragment is one Go reads as an
// empty value: a slice's or a map's (a []byte's too), which encoding/json
// reads as nil, what a tool cannot tell from an empty one; not a pointer's,
// whose nil a tool can tell. A conversion that drops such a null changes
// nothing a tool sees.
func EmptyNull(t *Type) bool {
	return t != nil && (t.Kind == Slice || t.Kind == Map)
}

// EmptyNullPaths returns the paths, from root, of the fragments of t whose
// null is an EmptyNull one (a pointer's own null excluded): root.a for a
// property, root.a[] for the items of an array or slice, root.a{} for the
// values of a map.
func EmptyNullPaths(t *Type, root string) map[string]bool {
	out := map[string]bool{}
	walkEmptyNulls(t, root, false, out, 0)
	return out
}

func walkEmptyNulls(t *Type, path string, pointer bool, out map[string]bool, depth int) {
	if t == nil || depth > 64 || t.Opaque {
		return
	}
	switch t.Kind {
	case Pointer:
		walkEmptyNulls(t.Elem, path, true, out, depth+1)
	case Slice, Map:
		if !pointer && EmptyNull(t) {
			out[path] = true
		}
		suffix := "[]"
		if t.Kind == Map {
			suffix = "{}"
		}
		walkEmptyNulls(t.Elem, path+suffix, false, out, depth+1)
	case Array:
		walkEmptyNulls(t.Elem, path+"[]", false, out, depth+1)
	case Struct:
		for _, p := range Properties(t, ReadMode{}) {
			walkEmptyNulls(p.Field.Type, path+"."+p.Name, false, out, depth+1)
		}
	}
}
