package schema

import (
	"encoding/json"
	"strconv"
	"strings"
)

// A Migration rewrites one field's struct tag from a peer library's
// convention into the native tags, keeping the schema as it is (OLT022).
type Migration struct {
	Field *Field
	Tag   string // the whole new struct tag
	// What says what changes, for a message: "jsonschema to description,
	// enum, required".
	What string
}

// Migrations returns the rewrites of the fields of struct type t (those of
// its embedded structs included), read in mode m, whose peers' tags have
// native forms: the jsonschema and jsonschema_description tags become
// keyword tags and required:"true"; in an object that follows invopop's
// explicit required convention (not by m: under RequiredFromTags a field
// without a required tag is optional anyway), a field that the convention
// alone made optional gets required:"false". A field with a part the
// contract cannot follow, or with tags that disagree, is left for OLT020
// and OLT021 to report; a field hidden from the model (jsonschema:"-")
// has no native form, and is left as it is.
func Migrations(t *Type, m ReadMode) []Migration {
	if t == nil || t.Kind != Struct {
		return nil
	}
	fields, _ := resolveFields(t, m)
	var out []Migration
	for i := range fields {
		jf := &fields[i]
		if len(jf.ft.errs) > 0 || jf.requiredErrs() != nil || jf.hidden() {
			continue
		}
		var peer []keywordTag
		hasPeer := false
		for _, p := range jf.tags {
			if p.Key == peerTag || p.Key == peerDescTag {
				hasPeer = true
			}
		}
		for _, k := range jf.ft.kws {
			if k.tag != k.key {
				peer = append(peer, k)
			}
		}
		addReq := ""
		switch {
		case jf.ft.peerReq && jf.ft.req != 1:
			addReq = "true"
		case jf.explicit && !m.RequiredFromTags && !jf.ft.peerReq && jf.ft.req == 0 && !(jf.omit || jf.viaPointer || jf.hasDefault()):
			addReq = "false"
		}
		if !hasPeer && addReq == "" {
			continue
		}
		var b strings.Builder
		var what []string
		write := func(key, value string) {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(key)
			b.WriteByte(':')
			b.WriteString(strconv.Quote(value))
		}
		for _, p := range jf.tags {
			if p.Key == peerTag || p.Key == peerDescTag {
				continue
			}
			write(p.Key, p.Value)
		}
		for _, k := range peer {
			if _, native := lookup(jf.tags, k.key); native {
				continue // the same value, given natively too
			}
			v := k.value
			if k.key == "enum" {
				v = nativeEnum(v)
			}
			write(k.key, v)
			what = append(what, k.key)
		}
		if addReq != "" {
			write(requiredTag, addReq)
			what = append(what, requiredTag+":"+strconv.Quote(addReq))
		}
		out = append(out, Migration{Field: jf.field, Tag: b.String(), What: strings.Join(what, ", ")})
	}
	return out
}

// nativeEnum writes the values of an enum (a JSON array of strings) as the
// enum tag's comma list, or as the JSON array when a value would not
// survive the list (a comma, spaces at its ends).
func nativeEnum(v string) string {
	var vals []string
	if json.Unmarshal([]byte(v), &vals) != nil {
		return v
	}
	for _, s := range vals {
		if strings.Contains(s, ",") || strings.TrimSpace(s) != s || strings.HasPrefix(s, "[") {
			return v
		}
	}
	return strings.Join(vals, ", ")
}
