package schema

import (
	"cmp"
	"slices"
)

// A jsonField is a field as encoding/json sees it after embedding is
// resolved: one property of the object.
type jsonField struct {
	name   string  // the JSON name
	tagged bool    // the name came from a json tag
	index  []int   // the index sequence from the struct to the field
	field  *Field  // the declared field
	chain  []*Type // the struct types along index, outermost first (for messages)
	tag    JSONTag
	tags   []TagPair // all pairs of the struct tag
	// viaPointer reports that the field is promoted through an embedded
	// pointer: when that pointer is nil encoding/json writes nothing for
	// it, so the property may be absent.
	viaPointer bool
}

// resolveFields lists the JSON properties of struct type t in encoding/json's
// order, applying its embedding rules: untagged embedded structs (or
// pointers to them) are flattened breadth first; among fields with one name
// the shallowest wins, then a tagged one; a tie drops all of them. Ties are
// returned as conflicts, which the contract refuses (OLT011), and so are
// tags that encoding/json would read differently from what they say.
func resolveFields(t *Type) (fields []jsonField, errs []*Error) {
	type level struct {
		typ        *Type
		index      []int
		chain      []*Type
		viaPointer bool
	}
	var current []level
	var first [1]level
	first[0] = level{typ: t, chain: []*Type{t}}
	next := first[:]
	var count, nextCount map[*Type]int
	var visitedBuf [8]*Type
	visited := visitedBuf[:0]
	flat := true // no embedded struct was flattened

	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, nil
		for _, f := range current {
			if slices.Contains(visited, f.typ) {
				continue
			}
			visited = append(visited, f.typ)
			if fields == nil {
				fields = make([]jsonField, 0, len(f.typ.Fields))
			}
			depth := len(f.index) + 1
			indexes := make([]int, depth*len(f.typ.Fields))
			tagBuf := make([]TagPair, 0, 2*len(f.typ.Fields))
			for i := range f.typ.Fields {
				sf := &f.typ.Fields[i]
				if sf.Embedded {
					et := sf.Type
					if et != nil && et.Kind == Pointer && et.Name == "" {
						et = et.Elem
					}
					if !sf.Exported && (et == nil || et.Kind != Struct) {
						continue // encoding/json ignores embedded unexported non-structs
					}
				} else if !sf.Exported {
					continue
				}
				base := len(tagBuf)
				var perr error
				tagBuf, perr = appendStructTag(tagBuf, sf.Tag)
				var pairs []TagPair
				if len(tagBuf) > base {
					pairs = tagBuf[base:len(tagBuf):len(tagBuf)]
				}
				if perr != nil {
					errs = append(errs, &Error{ID: OLT011, Path: sf.Name, Field: sf, Tag: "json",
						Msg: "malformed struct tag: " + perr.Error()})
				}
				tv, ok := lookup(pairs, "json")
				tag := ParseJSONTag(tv, ok)
				if tag.Skip {
					continue
				}
				index := indexes[i*depth : (i+1)*depth : (i+1)*depth]
				copy(index, f.index)
				index[depth-1] = i
				ft := sf.Type
				if ft != nil && ft.Name == "" && ft.Kind == Pointer {
					ft = ft.Elem
				}
				if tag.Name != "" || !sf.Embedded || ft == nil || ft.Kind != Struct {
					name := tag.Name
					if name == "" {
						name = sf.Name
					}
					jf := jsonField{name: name, tagged: tag.Name != "", index: index, field: sf,
						chain: f.chain, tag: tag, tags: pairs, viaPointer: f.viaPointer}
					fields = append(fields, jf)
					if count[f.typ] > 1 {
						// The embedding struct was reached twice at this
						// depth: a second copy makes the tie visible below.
						fields = append(fields, jf)
					}
					continue
				}
				if ft.Opaque {
					// The struct's own marshalling is not promoted (another
					// embedded field has the same methods), so encoding/json
					// would flatten fields the contract did not look at.
					errs = append(errs, &Error{ID: OLT005, Path: sf.Name, Field: sf,
						Msg: "embedded " + ft.String() + " has a JSON form of its own that is not promoted to the outer struct; encoding/json would flatten its fields instead"})
					continue
				}
				if nextCount == nil {
					nextCount = map[*Type]int{}
				}
				flat = false
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, level{typ: ft, index: index, chain: append(slices.Clip(f.chain), ft),
						viaPointer: f.viaPointer || sf.Type.Kind == Pointer})
				}
			}
		}
	}

	if flat && len(fields) <= 64 && !hasDuplicateName(fields) {
		// The fields are in index order and no name needs resolving.
		return fields, errs
	}
	slices.SortFunc(fields, func(a, b jsonField) int {
		if c := cmp.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		group := fields[i:j]
		if len(group) > 1 && len(group[0].index) == len(group[1].index) && group[0].tagged == group[1].tagged {
			// encoding/json drops every field of the tie without a word.
			a, b := group[0], group[1]
			msg := "fields " + fieldPath(a) + " and " + fieldPath(b) + " both have the JSON name " + quote(a.name) +
				"; encoding/json would drop both"
			if slices.Equal(a.index, b.index) {
				msg = "field " + fieldPath(a) + " is reached twice through embedding at the same depth; encoding/json would drop it"
			}
			errs = append(errs, &Error{ID: OLT011, Path: a.name, Field: b.field, Tag: "json", Msg: msg})
		} else {
			out = append(out, group[0])
		}
		i = j
	}
	fields = out
	slices.SortFunc(fields, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	return fields, errs
}

// hasDuplicateName reports whether two fields share a JSON name.
func hasDuplicateName(fields []jsonField) bool {
	for i := range fields {
		for j := i + 1; j < len(fields); j++ {
			if fields[i].name == fields[j].name {
				return true
			}
		}
	}
	return false
}

func lookup(pairs []TagPair, key string) (string, bool) {
	for _, p := range pairs {
		if p.Key == key {
			return p.Value, true
		}
	}
	return "", false
}

// fieldPath names a field by its Go selector from the outer struct, with the
// struct that declares it: "Order.Base.ID".
func fieldPath(f jsonField) string {
	s := ""
	if len(f.chain) > 0 {
		s = f.chain[0].String()
		if s == "struct{...}" {
			s = ""
		}
	}
	for _, t := range f.chain[1:] {
		if s != "" {
			s += "."
		}
		s += embeddedName(t)
	}
	if s != "" {
		s += "."
	}
	return s + f.field.Name
}

func embeddedName(t *Type) string {
	if t.Name != "" {
		return t.Name
	}
	return t.String()
}
