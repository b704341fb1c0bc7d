package schema

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// A jsonField is a field as encoding/json sees it after embedding is
// resolved: one property of the object.
type jsonField struct {
	name  string    // the JSON name
	index []int     // the index sequence from the struct to the field
	field *Field    // the declared field
	tags  []TagPair // all pairs of the struct tag
	// tagErrs is what in the json tag encoding/json would read
	// differently from what it says (see jsonTagErrors).
	tagErrs []*Error
	tagged  bool // the name came from a json tag
	omit    bool // the json tag says omitempty or omitzero
	// viaPointer reports that the field is promoted through an embedded
	// pointer: when that pointer is nil encoding/json writes nothing for
	// it, so the property may be absent.
	viaPointer bool
	// ft is what the field's tags say to the schema (see readTags).
	ft fieldTags
	// explicit reports that the object's fields follow invopop's
	// convention: one of them has its required part (or the ReadMode says
	// RequiredFromTags), so those without it are optional.
	explicit bool
}

// hidden reports that the field is hidden from the model by invopop's
// jsonschema:"-": it is no property of an input's schema, a call that
// names it is refused as an unknown property, and the invoker leaves it
// its zero value or fills in its default. encoding/json still writes it,
// so in a result it is refused.
func (jf *jsonField) hidden() bool { return jf.ft.hidden }

// A ReadMode is how the contract reads the types of a package's tools, where
// a package may choose. The zero ReadMode is the default.
type ReadMode struct {
	// RequiredFromTags: a property is required only when its tags say so
	// (required:"true", or invopop's jsonschema:"required"); every other
	// property is optional, in every object. It is what invopop/jsonschema
	// does with its Reflector's RequiredFromJSONSchemaTags, project-wide;
	// without it, invopop's convention holds only in an object where some
	// property has the required part. The generator reads it from the
	// package's //tool:required-from-tags directive, reflection from the
	// reflectimpl.RequiredFromTags option.
	RequiredFromTags bool
}

// resolveFields lists the JSON properties of struct type t in encoding/json's
// order, applying its embedding rules: untagged embedded structs (or
// pointers to them) are flattened breadth first; among fields with one name
// the shallowest wins, then a tagged one; a tie drops all of them. Ties are
// returned as conflicts, which the contract refuses (OLT011), and so are
// tags that encoding/json would read differently from what they say.
func resolveFields(t *Type, m ReadMode) (fields []jsonField, errs []*Error) {
	type level struct {
		typ        *Type
		index      []int
		viaPointer bool
	}
	var current []level
	var first [1]level
	first[0] = level{typ: t}
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
			tagBuf := make([]TagPair, 0, tagPairsBound(f.typ.Fields))
			for i := range f.typ.Fields {
				sf := &f.typ.Fields[i]
				if sf.Embedded {
					et := sf.Type
					if et != nil && et.Kind == Pointer && et.Name == "" {
						et = et.Elem
					}
					if !sf.Exported && (et == nil || et.Kind != Struct) {
						// encoding/json ignores embedded unexported non-structs.
						errs = append(errs, ignoredTags(sf)...)
						continue
					}
				} else if !sf.Exported {
					errs = append(errs, ignoredTags(sf)...)
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
					jf := jsonField{name: name, tagged: tag.Name != "", index: index, field: sf, tags: pairs,
						tagErrs: jsonTagErrors(tag, sf, name), omit: tag.OmitEmpty || tag.OmitZero, viaPointer: f.viaPointer,
						ft: readTags(pairs)}
					fields = append(fields, jf)
					if count[f.typ] > 1 {
						// The embedding struct was reached twice at this
						// depth: a second copy makes the tie visible below.
						fields = append(fields, jf)
					}
					continue
				}
				// A flattened embedded struct is no property: its tags
				// have nothing to apply to.
				errs = append(errs, jsonTagErrors(tag, sf, sf.Name)...)
				for _, p := range pairs {
					if isSchemaTag(p.Key) {
						errs = append(errs, &Error{ID: OLT012, Path: sf.Name, Field: sf, Tag: p.Key, Fix: Fix{DropTag: true},
							Msg: "tag " + p.Key + ": embedded " + ft.String() + " is flattened into the outer object, so the tag has no property to apply to; give the field a json name to make it one property"})
					}
				}
				if !sf.Exported && sf.Type.Kind == Pointer {
					errs = append(errs, &Error{ID: OLT011, Path: sf.Name, Field: sf, Tag: "json",
						Msg: "the fields promoted through the unexported embedded pointer *" + ft.String() + " cannot be decoded: encoding/json cannot allocate it; embed it by value, or export it"})
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
					next = append(next, level{typ: ft, index: index, viaPointer: f.viaPointer || sf.Type.Kind == Pointer})
				}
			}
		}
	}

	if flat && len(fields) <= 64 && !hasDuplicateName(fields) {
		// The fields are in index order and no name needs resolving.
		markExplicit(fields, m)
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
			msg := "fields " + fieldPath(t, a) + " and " + fieldPath(t, b) + " both have the JSON name " + quote(a.name) +
				"; encoding/json would drop both"
			if slices.Equal(a.index, b.index) {
				msg = "field " + fieldPath(t, a) + " is reached twice through embedding at the same depth; encoding/json would drop it"
			}
			errs = append(errs, &Error{ID: OLT011, Path: a.name, Field: b.field, Tag: "json", Msg: msg})
		} else {
			out = append(out, group[0])
		}
		i = j
	}
	fields = out
	slices.SortFunc(fields, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	markExplicit(fields, m)
	return fields, errs
}

// markExplicit applies invopop's convention of explicit required fields:
// in an object where one property has the jsonschema tag's required part,
// the properties without it are optional (as invopop/jsonschema makes them
// with RequiredFromJSONSchemaTags, which code that uses the part sets).
// With m.RequiredFromTags, every object follows the convention.
func markExplicit(fields []jsonField, m ReadMode) {
	for i := range fields {
		if m.RequiredFromTags || fields[i].ft.peerReq {
			for j := range fields {
				fields[j].explicit = true
			}
			return
		}
	}
}

// tagPairsBound returns at least the number of pairs the tags of fields
// hold: each pair has a value between two quotes of its own.
func tagPairsBound(fields []Field) int {
	n := 0
	for i := range fields {
		n += strings.Count(fields[i].Tag, `"`) / 2
	}
	return n
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

// ignoredTags reports the tags of a field encoding/json ignores (an
// unexported one): they have no effect, which their author cannot have
// meant. json:"-" is not reported: it says what happens anyway.
func ignoredTags(sf *Field) []*Error {
	if sf.Tag == "" {
		return nil
	}
	pairs, _ := ParseStructTag(sf.Tag)
	var errs []*Error
	for _, p := range pairs {
		switch {
		case p.Key == "json" && p.Value != "-":
			errs = append(errs, &Error{ID: OLT011, Path: sf.Name, Field: sf, Tag: p.Key, Fix: Fix{DropTag: true},
				Msg: "field " + sf.Name + " is unexported, so encoding/json ignores it and its json tag; export it, or drop the tag"})
		case isSchemaTag(p.Key):
			errs = append(errs, &Error{ID: OLT012, Path: sf.Name, Field: sf, Tag: p.Key, Fix: Fix{DropTag: true},
				Msg: "tag " + p.Key + ": field " + sf.Name + " is unexported, so encoding/json ignores it and the tag has no effect"})
		}
	}
	return errs
}

// jsonTagErrors reports what in a json tag encoding/json would read
// differently from what it says.
func jsonTagErrors(tag JSONTag, sf *Field, path string) []*Error {
	var errs []*Error
	at := func(option, msg string, fix Fix) {
		errs = append(errs, &Error{ID: OLT011, Path: path, Field: sf, Tag: "json", Option: option, Msg: msg, Fix: fix})
	}
	if tag.BadName {
		at("", "json tag name "+quote(tag.Given)+" is not a valid JSON key for encoding/json, which would use "+quote(sf.Name)+" instead", Fix{})
	}
	for _, o := range tag.Unknown {
		msg := "json tag option " + quote(o) + " is unknown to encoding/json, which ignores it"
		if near := nearOption(o); near != "" {
			msg += "; did you mean " + quote(near) + "?"
		}
		at(o, msg, Fix{}) // no fix: the option meant changes what the tag says
	}
	if tag.String {
		at("string", "the ,string option makes encoding/json quote the value; the contract does not describe that form, remove the option", Fix{DropOption: "string"})
	}
	return errs
}

func lookup(pairs []TagPair, key string) (string, bool) {
	for _, p := range pairs {
		if p.Key == key {
			return p.Value, true
		}
	}
	return "", false
}

// fieldPath names a field of struct t by its Go selector, with the struct
// that declares it: "Order.Base.ID".
func fieldPath(t *Type, f jsonField) string {
	s := t.String()
	if s == "struct{...}" {
		s = ""
	}
	// The embedded structs along the index, as resolveFields went through
	// them.
	for _, i := range f.index[:len(f.index)-1] {
		t = t.Fields[i].Type
		if t.Kind == Pointer && t.Name == "" {
			t = t.Elem
		}
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

// A Property is one property of a struct's closed object.
type Property struct {
	Name     string // the JSON name
	Field    *Field // the declared field
	Optional bool   // not in the required list
}

// Properties lists the properties of struct type t, read in mode m, in
// schema order, with the fields they come from: what front ends need to
// point at a property. Properties the contract refuses, and fields hidden
// from the model, are left out.
func Properties(t *Type, m ReadMode) []Property {
	fields, _ := resolveFields(t, m)
	props := make([]Property, 0, len(fields))
	for _, jf := range fields {
		if !jf.hidden() {
			props = append(props, Property{Name: jf.name, Field: jf.field, Optional: jf.optional()})
		}
	}
	return props
}

// TagWarnings returns what the tags of struct type t's fields (those of
// its embedded structs included), read in mode m, say that a peer library
// reads otherwise, where the author's meaning is plain: a description with
// unescaped commas, which invopop/jsonschema ends at the first one; a
// jsonschema tag that is google/jsonschema-go's description with parts
// written as invopop's, not in mark3labs/mcp-go's form, whose whole text
// the contract keeps as the description; and invopop's required part
// after the text of mcp-go's form, which mcp-go reads as text, where
// invopop's convention makes a property of t's object optional that would
// be required without it (see mixedRequired). The contract refuses
// nothing for them; each warning is an OLT020 Error with its Field and
// Tag, and a Fix whose Value is the tag's value written so that it reads
// the same unambiguously (and, with AddRequired, the required tag that
// keeps the field required).
func TagWarnings(t *Type, m ReadMode) []*Error {
	if t == nil || t.Kind != Struct {
		return nil
	}
	fields, _ := resolveFields(t, m)
	optional := mixedRequired(fields, m)
	var out []*Error
	for i := range fields {
		jf := &fields[i]
		for _, w := range jf.ft.warns {
			c := *w
			c.Path, c.Field = jf.name, jf.field
			out = append(out, &c)
		}
		if optional != nil && jf.ft.peerReq && jf.ft.req != -1 && !jf.omit && !jf.viaPointer {
			w := mixedRequiredWarning(jf, optional)
			w.Path, w.Field = jf.name, jf.field
			out = append(out, w)
		}
	}
	return out
}

// mixedRequired returns the properties of an object that invopop's
// convention makes optional only because of required parts written in
// mark3labs/mcp-go's form ("City name,required"), which mcp-go reads as
// text of the description, requiring every property without omitempty as
// google/jsonschema-go does: those that would be required without the
// convention. It returns nil when there are none, when the read mode says
// RequiredFromTags (the convention holds in every object anyway), or when
// some field has the part in invopop's own form (jsonschema:"required"),
// which says the convention plainly.
func mixedRequired(fields []jsonField, m ReadMode) []string {
	if m.RequiredFromTags {
		return nil
	}
	mixed := false
	for i := range fields {
		if !fields[i].ft.peerReq {
			continue
		}
		if v, _ := lookup(fields[i].tags, peerTag); JSONSchemaForm(v) != PeerMixed {
			return nil
		}
		mixed = true
	}
	if !mixed {
		return nil
	}
	var optional []string
	for _, jf := range fields {
		if jf.hidden() || !jf.optional() {
			continue
		}
		jf.explicit = false
		if !jf.optional() {
			optional = append(optional, jf.name)
		}
	}
	return optional
}

// mixedRequiredWarning is the warning about field jf's required part in
// mark3labs/mcp-go's form, by which invopop's convention makes the
// properties named in optional optional. Its fix drops the part and adds
// required:"true": the field stays required, and the other properties are
// required again as mcp-go and the go-sdk make them. A tag that would read otherwise
// without the part has no fix.
func mixedRequiredWarning(jf *jsonField, optional []string) *Error {
	names := make([]string, 0, 6)
	for i, n := range optional {
		if i == 5 {
			names[4] += " and " + strconv.Itoa(len(optional)-5) + " more"
			break
		}
		names = append(names, quote(n))
	}
	count := "1 property they require is"
	if len(optional) > 1 {
		count = strconv.Itoa(len(optional)) + " properties they require are"
	}
	// Both peers that take this form for text say so: the go-sdk's
	// mcp.AddTool (google/jsonschema-go) and mcp-go, whose users move to
	// the drop-ins.
	e := &Error{ID: OLT020, Tag: peerTag,
		Msg: "tag " + peerTag + ": google/jsonschema-go (the go-sdk's mcp.AddTool) and mark3labs/mcp-go read the required part as description text, and require every property without omitempty; " +
			"the contract reads it as invopop/jsonschema's required part, by whose convention the object's properties without it are optional, so " +
			count + " optional here: " + strings.Join(names, ", ") + ". " +
			"Drop the part and tag the field required:\"true\" to keep their required list"}
	v, _ := lookup(jf.tags, peerTag)
	if fixed, ok := dropRequiredPart(v); ok {
		e.Fix = Fix{Value: fixed, AddRequired: true}
	}
	return e
}

// optional reports whether the property may be absent. The required
// tag, or invopop's required part, says so when given; else the property
// is optional when the json tag says omitempty or omitzero, a default
// stands in, the field is promoted through an embedded pointer (nil, it
// writes nothing), or another property of the object uses invopop's
// required part.
func (jf *jsonField) optional() bool {
	switch {
	case jf.ft.req == 1 || jf.ft.peerReq:
		return false
	case jf.ft.req == -1:
		return true
	}
	return jf.omit || jf.viaPointer || jf.hasDefault() || jf.explicit
}

func (jf *jsonField) hasDefault() bool {
	for _, k := range jf.ft.kws {
		if k.key == "default" {
			return true
		}
	}
	return false
}

// requiredErrs reports a field its tags call required that encoding/json
// may leave out. (A required field may have a default: it is written, for
// the model to read, and the invoker never needs it.)
func (jf *jsonField) requiredErrs() []*Error {
	if jf.ft.req != 1 && !jf.ft.peerReq {
		return nil
	}
	tag := requiredTag
	if jf.ft.req != 1 {
		tag = peerTag
	}
	at := func(msg string) []*Error {
		return []*Error{{ID: OLT012, Path: jf.name, Field: jf.field, Tag: tag, Msg: "tag " + tag + ": the field is required, but " + msg}}
	}
	switch {
	case jf.omit:
		return at("its json tag has omitempty or omitzero, so encoding/json leaves it out when it is empty and the schema would be false of what it writes; drop the option, or the required tag")
	case jf.viaPointer:
		return at("it is promoted through an embedded pointer, whose nil value encoding/json writes as no field at all")
	}
	return nil
}

// nearOption returns the option of encoding/json's json tag that o
// misspells (at most two letters changed, added, dropped or swapped with
// their neighbour, in any case), or "" for none. There is no fix: the option meant
// changes what the tag says (omitempty makes a field optional), where the
// misspelt one is ignored.
func nearOption(o string) string {
	if len(o) < 4 || len(o) > 16 {
		return "" // too short to tell, or far from every option
	}
	o = strings.ToLower(o)
	// ",string" is not offered: the contract refuses it.
	for _, known := range []string{"omitempty", "omitzero"} {
		if d := len(o) - len(known); d <= 2 && d >= -2 && EditDistance(o, known) <= 2 {
			return known
		}
	}
	return ""
}

// EditDistance is the optimal string alignment distance of a and b: the
// fewest one-letter insertions, deletions, substitutions and swaps of
// neighbours that turn one into the other. The texts are short (a tag
// option and a known one, a tool name and the names of the tools): its
// time is the product of their lengths. It keeps the three last rows of
// the table, on the stack when b is short: it runs for each key of each
// field's tag (nearTag) and each name of a tool list.
func EditDistance(a, b string) int {
	n := len(b) + 1
	var buf [3 * 65]int
	var rows []int
	if 3*n <= len(buf) {
		rows = buf[:3*n]
	} else {
		rows = make([]int, 3*n)
	}
	// Row i of the table (i >= -1; row -1 is never read) is the
	// (i mod 3)th third of rows.
	row := func(i int) []int { k := (i + 3) % 3 * n; return rows[k : k+n] }
	for j := range n {
		rows[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur, prev, prev2 := row(i), row(i-1), row(i-2)
		cur[0] = i
		for j := 1; j < n; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
	}
	return row(len(a))[len(b)]
}
