package schema

// OwnBoundPaths returns, by path from root, the bounds of the schema of Go
// type t that are only the range of the Go type at that place (see
// OwnBounds), as the builder writes them: a bound a tag sets (a uint16's
// maximum:"255", a uint32's minimum:"1") is its author's and is not
// listed, whatever its value. The paths are those the provider
// conversions name: root.a for a property, root.a[] for the items of an
// array or slice, root.a{} for the values of a map. A place without own
// bounds is left out, and so is everything inside a schema a type
// declares (it is its author's). Two places of one path (a property named
// "a.b" beside a's property b) with different bounds have none: a
// conversion then tells both.
//
// The schema's bytes do not carry this: a conversion that has t (a tool's
// Go input type) asks for it; one without (a raw schema) tells every
// bound.
func OwnBoundPaths(t *Type, root string) map[string]OwnBounds {
	w := &ownWalk{b: NewBuilder(), out: map[string]OwnBounds{}, seen: map[string]bool{}}
	if t != nil {
		n := w.b.node(t)
		if len(n.errs) == 0 {
			w.at(t, n.f, root, 0)
		}
	}
	return w.out
}

type ownWalk struct {
	b    *Builder
	out  map[string]OwnBounds
	seen map[string]bool // paths recorded, with or without own bounds
}

// at records the own bounds of f, the fragment of type t at path, and
// walks into its items, values and properties.
func (w *ownWalk) at(t *Type, f frag, path string, depth int) {
	if t == nil || depth > 64 || f.decl != nil {
		return
	}
	var own OwnBounds
	if f.ownMin {
		own.Minimum = f.minimum
	}
	if f.ownMax {
		own.Maximum = f.maximum
	}
	switch {
	case w.seen[path]:
		if w.out[path] != own {
			delete(w.out, path) // two places, not alike: tell both
		}
	case own != OwnBounds{}:
		w.out[path] = own
	}
	w.seen[path] = true

	for t.Kind == Pointer && t.Name == "" && t.Elem != nil {
		t = t.Elem
	}
	switch {
	case f.typ == jArray && f.items != nil && (t.Kind == Slice || t.Kind == Array):
		w.elem(t.Elem, path+"[]", depth)
	case f.typ == jObject && f.props == nil && f.addl != nil && t.Kind == Map:
		w.elem(t.Elem, path+"{}", depth)
	case f.typ == jObject && f.props != nil && t.Kind == Struct:
		fields, _ := resolveFields(t, ReadMode{}) // the mode moves only required-ness, not paths
		for _, jf := range fields {
			n := w.b.node(jf.field.Type)
			if len(n.errs) > 0 {
				continue
			}
			pf, _, errs := fieldFrag(jf, n)
			if len(errs) > 0 {
				continue
			}
			w.at(jf.field.Type, pf, path+"."+jf.name, depth+1)
		}
	}
}

// elem walks the items or values of type e at path, which no tag reaches.
func (w *ownWalk) elem(e *Type, path string, depth int) {
	if n := w.b.node(e); len(n.errs) == 0 {
		w.at(e, n.f, path, depth+1)
	}
}

// OwnBounds are the bounds the core wrote at one place of a schema from the
// range of the Go type there (its kind and size: an int8's -128 and 127,
// float32's largest value), not from a tag: each as the JSON number's
// text, "" where the bound there is an author's or there is none. Only
// the place where a schema is made knows it: the same bytes come from a
// uint8 and from a uint16 tagged maximum:"255". See OwnBoundPaths.
type OwnBounds struct{ Minimum, Maximum string }

// Skips reports whether bound k ("minimum" or "maximum") of a schema node
// whose bounds have the texts minimum and maximum is only the Go type's
// own range: nothing a model needs told. Every other bound is an
// author's, whatever its value, and is told. An unsigned type's own
// minimum, 0, is left out only beside its own maximum: beside an author's
// maximum, or alone (a 64-bit type's, whose maximum no schema carries),
// it is told, so that the model knows the lower end too.
func (own OwnBounds) Skips(k, minimum, maximum string) bool {
	ownMax := own.Maximum != "" && maximum == own.Maximum
	switch k {
	case "maximum":
		return ownMax
	case "minimum":
		if own.Minimum == "" || minimum != own.Minimum {
			return false
		}
		return own.Minimum != "0" || ownMax
	}
	return false
}
