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
//   - mark3labs/mcp-go: google/jsonschema-go's form, with invopop's parts
//     after the description: "Temperature unit,enum=celsius,enum=fahrenheit".
//
// The rule that tells them apart: a jsonschema tag is invopop's when it
// starts with a word followed by "=" (a form google/jsonschema-go refuses),
// or when it is made only of invopop's bare words. Otherwise it is
// mcp-go's when, split at its unescaped commas, it is a text followed by
// parts that are each one of invopop's (a bare word, or KEY=VALUE with a
// key invopop reads) written with no space around them: the text is the
// description, the parts are read as invopop's. Otherwise it is
// google/jsonschema-go's description, taken exactly as written; when a
// part of it would be one of invopop's were it not for spaces around it or
// text after it, the tag is ambiguous, and TagWarnings says so (see
// mixedSplit).

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
	// hidden reports invopop's jsonschema:"-": the field is no property
	// of an input's schema (see jsonField.hidden).
	hidden bool
	errs   []*Error // paths and fields are the caller's to fill in
	// warns are what the tags say that a peer library reads otherwise,
	// where the author's meaning is plain: the contract follows the
	// author, and refuses nothing (see TagWarnings).
	warns []*Error
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
	PeerMixed                       // mark3labs/mcp-go: a description, then invopop's parts
)

// invopopWords are the parts of an invopop tag that have no value.
var invopopWords = []string{"required", "nullable", "-"}

// JSONSchemaForm applies the rule that tells the two grammars of the
// jsonschema tag apart (see the package's contract).
func JSONSchemaForm(v string) PeerForm {
	// A text first, then invopop's parts: mcp-go's form (which
	// google/jsonschema-go refuses as WORD= when the text is one word).
	if _, ok := mixedSplit(v); ok {
		return PeerMixed
	}
	if wordEquals(v) {
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

// wordEquals reports whether v starts with a word followed by "=", which
// google/jsonschema-go refuses as reserved (^[^ \t\n]*=).
func wordEquals(v string) bool {
	i := strings.IndexByte(v, '=')
	return i >= 0 && !strings.ContainsAny(v[:i], " \t\n")
}

// isInvopopPart reports whether a part of a tag is one invopop/jsonschema
// reads as it is written: a bare word, or KEY=VALUE with a key it reads.
func isInvopopPart(p string) bool {
	if slices.Contains(invopopWords, p) {
		return true
	}
	k, _, ok := strings.Cut(p, "=")
	return ok && slices.Contains(invopopKeys, k)
}

// mixedSplit reads a jsonschema tag v that is not in invopop's form as
// mark3labs/mcp-go's: the parts after its first that are invopop's, or
// would be with the spaces around them dropped (as mcp-go drops them), are
// its keyword parts; the parts before the first of them, the text. at is
// where the keyword parts start in v (0 when there are none), and ok
// reports that the tag is plainly mcp-go's form: the text is not blank
// and does not start as invopop's form does, and every part after it is
// one of invopop's as written, or an enum= part with spaces around it
// (which mcp-go reads as it reads one without), or empty.
// When at > 0 and not ok, the tag is ambiguous: google/jsonschema-go reads
// it whole as the description, mcp-go and invopop/jsonschema read some of
// its parts as keywords.
func mixedSplit(v string) (at int, ok bool) {
	raw := rawParts(v)
	first := 0
	for j := 1; j < len(raw); j++ {
		if isInvopopPart(strings.TrimSpace(raw[j].text)) {
			first = j
			break
		}
	}
	if first == 0 {
		return 0, false
	}
	// The text is not blank, and does not start as invopop's form does.
	ok = strings.TrimSpace(mixedText(raw[:first])) != "" && !isInvopopPart(raw[0].text) && !wordEquals(raw[0].text)
	for _, p := range raw[first:] {
		if p.text != "" && !isInvopopPart(p.text) && !isPaddedEnum(p.text) {
			ok = false
		}
	}
	return raw[first].start, ok
}

// isPaddedEnum reports an enum= part with spaces around it, which
// mark3labs/mcp-go reads as an enum value (it trims each part) and
// invopop/jsonschema as nothing.
func isPaddedEnum(p string) bool {
	return strings.HasPrefix(strings.TrimSpace(p), "enum=")
}

// mixedTail writes the parts of mcp-go's form after its text as an
// invopop tag, its commas escaped: an enum= part is trimmed, as mcp-go
// reads it; any other part is read as invopop reads it, as written.
func mixedTail(tail string) string {
	var parts []string
	for _, p := range rawParts(tail) {
		t := p.text
		if isPaddedEnum(t) {
			t = strings.TrimSpace(t)
		}
		parts = append(parts, strings.ReplaceAll(t, ",", "\\,"))
	}
	return strings.Join(parts, ",")
}

// mixedText is the description of mcp-go's form: the text parts, escapes
// undone, rejoined at their commas.
func mixedText(text []rawPart) string {
	parts := make([]string, len(text))
	for i, p := range text {
		parts[i] = p.text
	}
	return strings.Join(parts, ",")
}

// splitParts splits an invopop tag at its commas, except those escaped
// with a backslash (the backslash is dropped), as invopop/jsonschema does.
func splitParts(v string) []string {
	raw := rawParts(v)
	parts := make([]string, len(raw))
	for i, r := range raw {
		parts[i] = r.text
	}
	return parts
}

// A rawPart is one part of an invopop tag: its text, escapes undone, and
// where it stands in the tag's value (v[start:end], escapes and all).
type rawPart struct {
	text       string
	start, end int
}

// rawParts splits an invopop tag as splitParts does, keeping where each
// part stands.
func rawParts(v string) []rawPart {
	var parts []rawPart
	var cur strings.Builder
	start := 0
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '\\' && i+1 < len(v) && v[i+1] == ',':
			cur.WriteByte(',')
			i++
		case v[i] == ',':
			parts = append(parts, rawPart{cur.String(), start, i})
			cur.Reset()
			start = i + 1
		default:
			cur.WriteByte(v[i])
		}
	}
	return append(parts, rawPart{cur.String(), start, len(v)})
}

// invopopKeys are the keys invopop/jsonschema reads in a KEY=VALUE part,
// whatever the contract does with them.
var invopopKeys = []string{
	"title", "description", "type", "anchor", "enum", "default", "example", "examples",
	"oneof_required", "anyof_required", "oneof_ref", "oneof_type", "anyof_ref", "anyof_type",
	"minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly",
	"multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
	"minItems", "maxItems", "uniqueItems",
}

// continuesText reports whether a part of an invopop tag that follows a
// text (a description= or title= part, or a part that continued it) is
// more of that text: the author wrote a comma in it without escaping it.
// A part is its own when it is one of invopop's bare words or a KEY=VALUE
// part with a key invopop reads; any other part means nothing to invopop,
// which drops it, and the author's meaning is plain.
func continuesText(p string) bool {
	if slices.Contains(invopopWords, p) {
		return false
	}
	k, _, hasValue := strings.Cut(p, "=")
	return !hasValue || !slices.Contains(invopopKeys, k)
}

// textRuns joins the parts of an invopop tag that continue a description=
// or title= text (see continuesText) to that text: each run becomes one
// part, whose text is the author's whole text, escapes undone. cut[i]
// reports, for the joined part i, where invopop/jsonschema would end the
// text: at the end of its first part. seps are the offsets in v of the
// unescaped commas inside the texts.
func textRuns(v string) (parts []rawPart, cut []string, seps []int) {
	raw := rawParts(v)
	for i := 0; i < len(raw); i++ {
		p := raw[i]
		k, _, _ := strings.Cut(p.text, "=")
		if k != "description" && k != "title" || !strings.Contains(p.text, "=") {
			parts, cut = append(parts, p), append(cut, "")
			continue
		}
		// The run ends with its last part that continues the text: empty
		// parts after it (a trailing comma) are not text.
		last := i
		for j := i + 1; j < len(raw) && continuesText(raw[j].text); j++ {
			if raw[j].text != "" {
				last = j
			}
		}
		if last == i {
			parts, cut = append(parts, p), append(cut, "")
			continue
		}
		first := p.text
		var b strings.Builder
		b.WriteString(p.text)
		for j := i + 1; j <= last; j++ {
			seps = append(seps, raw[j].start-1)
			b.WriteByte(',')
			b.WriteString(raw[j].text)
		}
		parts = append(parts, rawPart{b.String(), p.start, raw[last].end})
		cut = append(cut, first)
		i = last
	}
	return parts, cut, seps
}

// EscapeTextCommas returns the value of an invopop jsonschema tag with a
// backslash before each comma that invopop/jsonschema would cut a
// description or title at, so that it reads the author's whole text, and
// whether there was any.
func EscapeTextCommas(v string) (string, bool) {
	_, _, seps := textRuns(v)
	if len(seps) == 0 {
		return v, false
	}
	var b strings.Builder
	prev := 0
	for _, at := range seps {
		b.WriteString(v[prev:at])
		b.WriteString("\\,")
		prev = at + 1
	}
	b.WriteString(v[prev:])
	return b.String(), true
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
	// Hide reports invopop's - as the tag's first part: the field is left
	// out of the schema of an input.
	Hide bool
	// Cut, when not empty, is the text invopop/jsonschema reads of a
	// description written with unescaped commas: it ends the text at the
	// first one. Value is the author's whole text.
	Cut string
	// Ambiguous reports a description in google/jsonschema-go's form with
	// parts written as invopop/jsonschema's that are not mark3labs/mcp-go's
	// form (see mixedSplit): Value is the whole tag, as written.
	Ambiguous bool
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
	form := JSONSchemaForm(v)
	if form == PeerGoogle {
		if strings.TrimSpace(v) == "" {
			return []PeerPart{{Text: v, Why: "is empty (google/jsonschema-go refuses an empty tag)"}}
		}
		at, _ := mixedSplit(v)
		return []PeerPart{{Key: "description", Value: v, Text: v, Ambiguous: at > 0}}
	}
	var out []PeerPart
	if form == PeerMixed {
		// The text is the description; the parts after it are invopop's.
		at, _ := mixedSplit(v)
		text := mixedText(rawParts(v[:at-1]))
		out = append(out, PeerPart{Key: "description", Value: text, Text: v[:at-1]})
		v = mixedTail(v[at:])
	}
	var enum []string
	enumAt := -1
	parts, cuts, _ := textRuns(v)
	hidden := form == PeerInvopop && parts[0].text == "-"
	for i, rp := range parts {
		p := rp.text
		part := PeerPart{Text: p}
		k, val, hasValue := strings.Cut(p, "=")
		switch {
		case p == "":
			continue
		case p == "-" && i == 0 && hidden:
			part.Hide = true
		case hidden:
			part.Why = "- hides the field from the model, so " + quote(p) + " has no effect; drop it"
		case p == "required":
			part.Required = true
		case p == "nullable":
			part.Why = "nullable wraps the schema in a oneOf with null, but encoding/json reads null into a non-pointer field as no change at all; make the field a pointer to accept null"
		case p == "-":
			part.Why = "- hides a field only as the tag's first part (invopop/jsonschema reads it nowhere else); write jsonschema:\"-\" alone"
		case !hasValue:
			part.Why = quote(p) + " is not a part invopop/jsonschema reads (it compares bare words exactly: required, nullable, -); escape a comma in a value as \\,"
		case k == "enum":
			enum = append(enum, val)
			if enumAt >= 0 {
				continue
			}
			enumAt, part.Key = len(out), "enum"
		case k == "title", k == "example", k == "examples", k == "readOnly", k == "writeOnly", k == "anchor", k == "type",
			strings.HasPrefix(k, "oneof_"), strings.HasPrefix(k, "anyof_"):
			part.Why = peerWhy(k)
		case isKeywordTag(k):
			part.Key, part.Value = k, val
			if cuts[i] != "" {
				_, part.Cut, _ = strings.Cut(cuts[i], "=")
			}
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

// cutWarning is the warning about a jsonschema tag v whose description
// invopop/jsonschema would end at an unescaped comma, reading only cut;
// its fix escapes the commas.
func cutWarning(tag, v, cut string) *Error {
	fixed, _ := EscapeTextCommas(v)
	return &Error{ID: OLT020, Tag: tag, Fix: Fix{Value: fixed},
		Msg: "tag " + tag + ": invopop/jsonschema ends the description at the first unescaped comma (it reads " + quote(cut) +
			"); the contract keeps the whole text. Escape the commas as \\, so that both read it whole"}
}

// dropRequiredPart returns a jsonschema tag v in mark3labs/mcp-go's form
// without invopop's required part (and without empty parts, which both
// skip), and whether that tag reads as v does but for the part: the same
// description and keywords.
func dropRequiredPart(v string) (string, bool) {
	at, ok := mixedSplit(v)
	if !ok {
		return "", false
	}
	var b strings.Builder
	b.WriteString(v[:at-1])
	tail := v[at:]
	for _, p := range rawParts(tail) {
		if p.text != "" && p.text != "required" {
			b.WriteByte(',')
			b.WriteString(tail[p.start:p.end])
		}
	}
	fixed := b.String()
	was := slices.DeleteFunc(ReadPeerTag(peerTag, v), func(p PeerPart) bool { return p.Required })
	same := slices.EqualFunc(was, ReadPeerTag(peerTag, fixed), func(a, b PeerPart) bool {
		a.Text, b.Text = "", ""
		return a == b
	})
	return fixed, same
}

// ambiguousWarning is the warning about a jsonschema tag v in
// google/jsonschema-go's form with parts written as invopop/jsonschema's
// that are not mark3labs/mcp-go's form (see mixedSplit): the contract keeps the
// whole text as the description, and the fix writes it as invopop's
// description= with its commas escaped, which reads so unambiguously. A
// tag that holds an escaped comma has no fix: google/jsonschema-go reads
// the backslash as text, invopop/jsonschema as an escape.
func ambiguousWarning(tag, v string) *Error {
	e := &Error{ID: OLT020, Tag: tag,
		Msg: "tag " + tag + ": parts after a comma are written as invopop/jsonschema's (KEY=VALUE with a key it reads, or a bare word), " +
			"but the tag is not mark3labs/mcp-go's form (a text, then only such parts, with no space around them); " +
			"the contract keeps the whole text as the description, as google/jsonschema-go reads it. " +
			"Write description= with the commas escaped to keep it so, or mcp-go's form for keywords"}
	if !strings.Contains(v, "\\,") {
		e.Fix.Value = "description=" + strings.ReplaceAll(v, ",", "\\,")
	}
	return e
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
	case k == "type":
		return "type would replace the type the field has on the wire; the contract writes what encoding/json reads and writes"
	}
	return k + " builds a oneOf or anyOf from tags, which the contract does not write: a type with such a form declares its schema"
}

// nearTag returns the schema tag that a struct tag key k misspells (in
// any case; one letter off for a key of up to five letters, two for a
// longer one; the nearest, when no other is as near), or "" when k is a
// schema tag or near none: a key of another library (form, env, example,
// header) is left alone, and so are the keys of other libraries that are
// near a schema tag (otherTags). There is no fix: the tag meant may not
// fit the field, which the misspelt one never had to.
func nearTag(k string) string {
	if t, ok := keywordNamed[strings.ToLower(k)]; ok {
		return t
	}
	if len(k) < 4 || len(k) > 24 || k == "json" || isSchemaTag(k) || slices.Contains(otherTags, k) {
		return ""
	}
	return Nearest(k, nearTagNames, 5)
}

// nearTagNames are the tags nearTag tells a slip of: made once, as nearTag
// runs for each key of each field's tag.
var nearTagNames = append(slices.Clone(keywordTags), requiredTag, peerTag)

// Nearest returns the one of names that key is a slip of, in any case of
// either: the one at the least edit distance (editDistance), when that is
// at most 2 (1 for a key of up to short letters) and no other is as near;
// "" when there is none. The front ends tell a misspelt tag key or
// directive by it.
func Nearest(key string, names []string, short int) string {
	limit := 2
	if len(key) <= short {
		limit = 1
	}
	lower := strings.ToLower(key)
	best, bestD, ties := "", limit+1, 0
	for _, known := range names {
		if d := len(lower) - len(known); d > limit || d < -limit {
			continue // farther than limit
		}
		switch d := EditDistance(lower, strings.ToLower(known)); {
		case d < bestD:
			best, bestD, ties = known, d, 0
		case d == bestD:
			ties++
		}
	}
	if ties > 0 {
		return "" // as near two names: which one is not clear
	}
	return best
}

// keywordNamed maps the JSON Schema keyword of a tag named otherwise to
// the tag: MCP's specification writes x-mcp-header, which as a struct tag
// key is too far from mcpHeader for nearTag's distance.
var keywordNamed = map[string]string{"x-mcp-header": headerTag}

// otherTags are struct tag keys of other libraries a letter or two off a
// schema tag's, which nearTag leaves alone: a struct shared with code
// that reads them is correct as it is.
var otherTags = []string{
	"enums", // swaggo/swag: a field's enum values, enums:"asc,desc"
}

// readTags reads what a field's struct tags say to the schema: the keyword
// tags, the required tag and the peers' tags. A keyword given by two tags
// with different values is OLT021; a part of a peer's tag the contract
// cannot follow is OLT020.
func readTags(pairs []TagPair) fieldTags {
	var ft fieldTags
	fail := func(id ID, tag, msg string) {
		ft.errs = append(ft.errs, &Error{ID: id, Tag: tag, Msg: "tag " + tag + ": " + msg})
	}
	for _, p := range pairs {
		if why := unreadKeyword(p.Key, p.Value); why != "" {
			fail(OLT012, p.Key, why)
		} else if near := nearTag(p.Key); near != "" {
			fail(OLT012, p.Key, "is no tag the schema reads, so it would be ignored; did you mean "+near+"?")
		}
	}
	if !hasSchemaTags(pairs) {
		return ft
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
				case part.Hide:
					ft.hidden = true
				case part.Required:
					ft.peerReq = true
				case keys[part.Key]:
					fail(OLT020, p.Key, part.Key+" is given twice; invopop/jsonschema would keep one of them without a word")
				default:
					if part.Cut != "" {
						ft.warns = append(ft.warns, cutWarning(p.Key, p.Value, part.Cut))
					}
					if part.Ambiguous {
						ft.warns = append(ft.warns, ambiguousWarning(p.Key, p.Value))
					}
					keys[part.Key] = true
					found = append(found, keywordTag{key: part.Key, value: part.Value, tag: p.Key})
				}
			}
		}
	}
	if ft.req == -1 && ft.peerReq {
		fail(OLT021, requiredTag, "says the field is optional, and the jsonschema tag says required")
	}
	if ft.hidden {
		// No property: only a default, which the invoker fills in, has an
		// effect.
		for _, p := range pairs {
			if isSchemaTag(p.Key) && p.Key != peerTag && p.Key != peerExtrasTag && p.Key != "default" {
				ft.errs = append(ft.errs, &Error{ID: OLT012, Tag: p.Key, Fix: Fix{DropTag: true},
					Msg: "tag " + p.Key + ": the jsonschema tag hides the field from the model (-), so the tag has no effect"})
			}
		}
		found = slices.DeleteFunc(found, func(k keywordTag) bool { return k.key != "default" })
		ft.req, ft.peerReq = 0, false
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

// PeerRequired reports whether a struct tag's jsonschema tag has
// invopop/jsonschema's required part.
func PeerRequired(tag string) bool {
	pairs, _ := ParseStructTag(tag)
	v, ok := lookup(pairs, peerTag)
	if !ok || JSONSchemaForm(v) == PeerGoogle {
		return false
	}
	for _, part := range ReadPeerTag(peerTag, v) {
		if part.Required {
			return true
		}
	}
	return false
}
