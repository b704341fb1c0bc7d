package schema

import (
	"encoding/json"
	"slices"
	"strings"
)

// Tool code written for other schema libraries is read as it is: the tags
// of google/jsonschema-go and invopop/jsonschema are mapped to the
// contract's keywords here, once, for both front ends. The two libraries
// share the tag name "jsonschema" with different grammars:
//
//   - google/jsonschema-go (the MCP go-sdk's): the whole tag is the
//     description. It refuses a tag that starts with a word followed by
//     "=" (WORD=), which it reserves.
//   - invopop/jsonschema: comma-separated parts, each KEY=VALUE or a bare
//     word (required, nullable, -); a comma inside a value is escaped \,.
//
// The rule that tells them apart: a jsonschema tag is invopop's when it
// starts with a word followed by "=" (a form google/jsonschema-go refuses),
// or when it is made only of invopop's bare words; otherwise it is
// google/jsonschema-go's description, taken exactly as written.

// Struct tag keys besides the keyword tags that say something about a
// field's schema.
const (
	peerTag       = "jsonschema"             // google/jsonschema-go or invopop/jsonschema
	peerDescTag   = "jsonschema_description" // invopop/jsonschema: the description
	peerExtrasTag = "jsonschema_extras"      // invopop/jsonschema: keywords written as they are
	requiredTag   = "required"               // huma and swaggest: required:"true" or "false"
)

// A keywordTag is one keyword a field's tags set, whichever convention
// said it.
type keywordTag struct {
	key   string // the keyword tag it stands for ("minimum")
	value string // its value in the keyword tag's own syntax
	tag   string // the struct tag key it came from ("minimum", "jsonschema")
}

// fieldTags is what a field's struct tags say to the schema.
type fieldTags struct {
	kws []keywordTag // in keywordTags order, each keyword once
	// req is the required tag: 1 for "true", -1 for "false", 0 when absent.
	req int8
	// peerReq reports invopop's required part.
	peerReq bool
	errs    []*Error // paths and fields are the caller's to fill in
}

// isSchemaTag reports whether a struct tag key says something about the
// schema: a keyword tag, the required tag or a peer's tag.
func isSchemaTag(k string) bool {
	switch k {
	case peerTag, peerDescTag, peerExtrasTag, requiredTag:
		return true
	}
	return isKeywordTag(k)
}

// hasSchemaTags reports whether any pair is a schema tag.
func hasSchemaTags(pairs []TagPair) bool {
	for _, p := range pairs {
		if isSchemaTag(p.Key) {
			return true
		}
	}
	return false
}

// PeerForm says which library's grammar a jsonschema tag is written in.
type PeerForm uint8

const (
	PeerGoogle  PeerForm = iota + 1 // google/jsonschema-go: the whole tag is the description
	PeerInvopop                     // invopop/jsonschema: KEY=VALUE parts and bare words
)

// invopopWords are the parts of an invopop tag that have no value.
var invopopWords = []string{"required", "nullable", "-"}

// JSONSchemaForm applies the rule that tells the two grammars of the
// jsonschema tag apart (see the package's contract).
func JSONSchemaForm(v string) PeerForm {
	// google/jsonschema-go refuses ^[^ \t\n]*= as reserved.
	if i := strings.IndexByte(v, '='); i >= 0 && !strings.ContainsAny(v[:i], " \t\n") {
		return PeerInvopop
	}
	if v == "" {
		return PeerGoogle
	}
	for _, p := range splitParts(v) {
		if !slices.Contains(invopopWords, p) {
			return PeerGoogle
		}
	}
	return PeerInvopop
}

// splitParts splits an invopop tag at its commas, except those escaped
// with a backslash (the backslash is dropped), as invopop/jsonschema does.
func splitParts(v string) []string {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '\\' && i+1 < len(v) && v[i+1] == ',':
			cur.WriteByte(',')
			i++
		case v[i] == ',':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(v[i])
		}
	}
	return append(parts, cur.String())
}

// A PeerPart is one part of a peer's tag as the contract reads it.
type PeerPart struct {
	Key   string // the keyword tag it stands for, "" when none
	Value string // the value, in the keyword tag's syntax
	// Why, when not empty, says why the contract cannot follow the part.
	Why string
	// Text is the part as written.
	Text string
	// Required reports invopop's required word.
	Required bool
}

// ReadPeerTag reads the value of a jsonschema tag (tag "jsonschema"), a
// jsonschema_description tag or a jsonschema_extras tag into the parts the
// contract follows and those it cannot.
func ReadPeerTag(tag, v string) []PeerPart {
	switch tag {
	case peerDescTag:
		if strings.TrimSpace(v) == "" {
			return []PeerPart{{Text: v, Why: "is empty"}}
		}
		return []PeerPart{{Key: "description", Value: v, Text: v}}
	case peerExtrasTag:
		var out []PeerPart
		for _, p := range splitParts(v) {
			if p == "" {
				continue
			}
			k, _, _ := strings.Cut(p, "=")
			why := "writes keyword " + quote(k) + " as it is; the contract writes only its own keywords"
			if isKeywordTag(k) {
				why += ": use the " + k + " tag"
			}
			out = append(out, PeerPart{Text: p, Why: why})
		}
		return out
	}
	if JSONSchemaForm(v) == PeerGoogle {
		if strings.TrimSpace(v) == "" {
			return []PeerPart{{Text: v, Why: "is empty (google/jsonschema-go refuses an empty tag)"}}
		}
		return []PeerPart{{Key: "description", Value: v, Text: v}}
	}
	var out []PeerPart
	var enum []string
	enumAt := -1
	for _, p := range splitParts(v) {
		part := PeerPart{Text: p}
		k, val, hasValue := strings.Cut(p, "=")
		switch {
		case p == "":
			continue
		case p == "required":
			part.Required = true
		case p == "nullable":
			part.Why = "nullable wraps the schema in a oneOf with null, but encoding/json reads null into a non-pointer field as no change at all; make the field a pointer to accept null"
		case p == "-":
			part.Why = "- leaves the field out of invopop's schema, but encoding/json still reads and writes it; leave it out with json:\"-\", or drop the part"
		case !hasValue:
			part.Why = quote(p) + " is not a part invopop/jsonschema reads (it compares bare words exactly: required, nullable, -); escape a comma in a value as \\,"
		case k == "enum":
			enum = append(enum, val)
			if enumAt >= 0 {
				continue
			}
			enumAt, part.Key = len(out), "enum"
		case k == "title", k == "example", k == "examples", k == "readOnly", k == "writeOnly", k == "anchor",
			k == "multipleOf", k == "exclusiveMinimum", k == "exclusiveMaximum", k == "type",
			strings.HasPrefix(k, "oneof_"), strings.HasPrefix(k, "anyof_"):
			part.Why = peerWhy(k)
		case isKeywordTag(k):
			part.Key, part.Value = k, val
		default:
			part.Why = quote(k) + " is not a key invopop/jsonschema reads"
		}
		out = append(out, part)
	}
	if enumAt >= 0 {
		b, _ := json.Marshal(enum)
		out[enumAt].Value = string(b)
		out[enumAt].Text = "enum=" + strings.Join(enum, ",enum=")
	}
	return out
}

// peerWhy says why the contract cannot follow an invopop key.
func peerWhy(k string) string {
	switch {
	case k == "title":
		return "title is not a keyword the contract writes (models read the description); put the text in the description"
	case k == "example", k == "examples":
		return k + " is not a keyword the contract writes; put the example in the description"
	case k == "readOnly", k == "writeOnly":
		return k + " is not a keyword the contract writes: an input's fields are all written by the model"
	case k == "anchor":
		return "anchor is not a keyword the contract writes: nothing is referenced"
	case k == "multipleOf", k == "exclusiveMinimum", k == "exclusiveMaximum":
		return k + " is not a keyword the contract writes; use minimum and maximum, or say it in the description"
	case k == "type":
		return "type would replace the type the field has on the wire; the contract writes what encoding/json reads and writes"
	}
	return k + " builds a oneOf or anyOf from tags, which the contract does not write: a type with such a form declares its schema"
}

// readTags reads what a field's struct tags say to the schema: the keyword
// tags, the required tag and the peers' tags. A keyword given by two tags
// with different values is OLT021; a part of a peer's tag the contract
// cannot follow is OLT020.
func readTags(pairs []TagPair) fieldTags {
	var ft fieldTags
	if !hasSchemaTags(pairs) {
		return ft
	}
	fail := func(id ID, tag, msg string) {
		ft.errs = append(ft.errs, &Error{ID: id, Tag: tag, Msg: "tag " + tag + ": " + msg})
	}
	var found []keywordTag
	seen := map[string]bool{}
	for _, p := range pairs {
		switch {
		case p.Key == requiredTag:
			if seen[p.Key] {
				fail(OLT012, p.Key, "appears more than once")
				continue
			}
			seen[p.Key] = true
			switch p.Value {
			case "true":
				ft.req = 1
			case "false":
				ft.req = -1
			default:
				fail(OLT012, p.Key, quote(p.Value)+" is not true or false")
			}
		case isKeywordTag(p.Key):
			if seen[p.Key] {
				fail(OLT012, p.Key, "appears more than once")
				continue
			}
			seen[p.Key] = true
			found = append(found, keywordTag{key: p.Key, value: p.Value, tag: p.Key})
		case p.Key == peerTag || p.Key == peerDescTag || p.Key == peerExtrasTag:
			if seen[p.Key] {
				fail(OLT012, p.Key, "appears more than once")
				continue
			}
			seen[p.Key] = true
			keys := map[string]bool{}
			for _, part := range ReadPeerTag(p.Key, p.Value) {
				switch {
				case part.Why != "":
					fail(OLT020, p.Key, part.Why)
				case part.Required:
					ft.peerReq = true
				case keys[part.Key]:
					fail(OLT020, p.Key, part.Key+" is given twice; invopop/jsonschema would keep one of them without a word")
				default:
					keys[part.Key] = true
					found = append(found, keywordTag{key: part.Key, value: part.Value, tag: p.Key})
				}
			}
		}
	}
	if ft.req == -1 && ft.peerReq {
		fail(OLT021, requiredTag, "says the field is optional, and the jsonschema tag says required")
	}
	// One entry per keyword, in the order the keywords are applied; two
	// tags that give one keyword different values are refused.
	for _, key := range keywordTags {
		var first *keywordTag
		for i := range found {
			k := &found[i]
			if k.key != key {
				continue
			}
			if first == nil {
				first = k
				continue
			}
			if !sameKeyword(key, first.value, k.value) {
				fail(OLT021, k.tag, "gives "+key+" "+quote(k.value)+", and the "+first.tag+" tag gives it "+quote(first.value)+"; keep one")
			}
		}
		if first != nil {
			ft.kws = append(ft.kws, *first)
		}
	}
	return ft
}

// sameKeyword reports whether two tag values give a keyword the same value.
func sameKeyword(key, a, b string) bool {
	if a == b {
		return true
	}
	if key == "enum" {
		x, _ := parseEnum(a)
		y, _ := parseEnum(b)
		return x != nil && slices.EqualFunc(x, y, func(p, q []byte) bool { return string(p) == string(q) })
	}
	return false
}
