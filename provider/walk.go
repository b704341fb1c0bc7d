package provider

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/strictmode"
)

// walker is what one walk of a schema for a mode gathers: the findings
// (changes and refusals, in the schema's order), the refusals as errors,
// and the counts the limits read. Where the walk is goes down by value
// (at); the walker only accumulates.
type walker struct {
	mode strictmode.StrictMode
	src  source // what is converted, for the refusals' words
	drop nullDrop
	// empties are the paths whose null Go reads as empty (dropEmptyNull).
	empties map[string]bool
	// own are the bounds that are only the Go type's own range, by path
	// (nil without a Go type: every bound is then the author's).
	own map[string]schema.OwnBounds
	// root is the schema walked; refs the references between its
	// definitions (once: see refGraph).
	root ordered
	refs *refGraph
	// merged are the definitions that take part in a merge (mergedDefs,
	// once); mergeUnknown is set when a merge's $ref leads where the walk
	// cannot follow.
	merged       map[string]bool
	mergeUnknown bool

	stats
	report   strictmode.Report
	refusals []*RefusalError
}

// at is where the walk is: each schema gets its own, passed down by value,
// so that nothing needs undoing on the way back up.
type at struct {
	path    string // the conversion's path: input.a, input.a[], input.a{}
	pointer string // the JSON pointer to the schema in the one walked
	depth   int    // the objects nested: 1 at the root
	root    bool   // the root itself, not a branch at its path
	// merged: inside a part of a merge (an allOf's branch, a definition a
	// merge names), where an object may not be closed.
	merged bool
	def    string // the root's definition inside which the walk is ("$defs/m")
}

// walk walks src's schema, root, for w.mode: the conversion's one walk,
// which Check reports and convert turns into a definition or a refusal.
func walk(src source, root ordered, mode strictmode.StrictMode, c config) (ordered, *walker) {
	w := &walker{mode: mode, src: src, drop: c.nulls(mode), root: root, own: ownBounds(src)}
	if w.drop == dropEmptyNull {
		w.empties = emptyNulls(src)
	}
	out := w.schema(root, at{path: src.root, depth: 1, root: true})
	w.report.Properties, w.report.Depth, w.report.EnumValues, w.report.Chars = w.properties, w.depth, w.enumValues, w.chars
	return out, w
}

// refuse records a refusal of keyword k (or of the schema at a, when k is
// "") for why, and the error a conversion returns for it, whose words
// after the path are msg.
func (w *walker) refuse(a at, f strictmode.Finding, msg string) {
	w.refuseOr(a, f, msg, "")
}

// modeWords names mode d in a refusal: "OpenAI strict mode", "Gemini".
func modeWords(d strictmode.StrictMode) string {
	if d.Strict {
		return d.Name + " strict mode"
	}
	return d.Name
}

// renameAdvice is how to rename a property the mode refuses the name
// of: a Go type's by its json tag; a schema given as JSON (a raw tool's,
// a proxied server's) where the schema comes from, since the conversion
// cannot rename it (the arguments would come back under the new name).
func (w *walker) renameAdvice() string {
	if w.src.in != nil || w.src.model != nil || w.src.given != nil {
		return "rename it with a json tag"
	}
	return "rename it where the " + w.src.kind + "'s schema comes from, or leave the " + w.src.kind + " out of the request"
}

// refuseOr is refuse of a refusal whose text, msg, ends with wayOut, the
// conversions that send the tool all the same, which a conversion that
// falls back does not tell (config.fellBack).
func (w *walker) refuseOr(a at, f strictmode.Finding, msg, wayOut string) {
	w.report.Findings = append(w.report.Findings, f)
	ptr := a.pointer
	if f.Keyword != "" && !f.Open {
		ptr += "/" + pointerEscaper.Replace(f.Keyword)
	}
	w.refusals = append(w.refusals, &RefusalError{
		Tool: w.src.name, Path: f.Path, Pointer: ptr, Keyword: f.Keyword,
		Provider: w.mode.Name, Rule: f.Why, URL: w.mode.Source,
		text: "provider: " + w.src.kind + " " + w.src.name + ": " + msg, wayOut: wayOut,
	})
}

// note records a change.
func (w *walker) note(f strictmode.Finding) {
	w.report.Findings = append(w.report.Findings, f)
}

// union counts a union-typed schema at path.
func (w *walker) union(path string) {
	w.unions++
	w.report.Unions = append(w.report.Unions, path)
}

// schema rewrites one schema object at a.
func (w *walker) schema(s ordered, a at) ordered {
	d := w.mode
	var notes []string
	var out ordered
	if d.NumericExclusive {
		s = exclusiveBounds(s)
	}
	if d.Drops["allOf"] != "" {
		s = unwrapAllOf(s, d.NumericExclusive)
	}
	// After the unwrapping: a null the branch allowed is the schema's.
	if w.drop == dropAllNull || (w.drop == dropEmptyNull && w.empties[a.path]) {
		s = withoutNull(s)
	}
	why := d.NodeProblem(s.get)
	if why != "" {
		if t := valuesType(s); t != nil {
			// The one type of the enum's values says nothing the enum
			// does not, and gives the mode the type it needs.
			s = append(ordered{{"type", t}}, s...)
			why = d.NodeProblem(s.get)
		}
	}
	typ := s.get("type")
	if why != "" {
		w.refuseOr(a, strictmode.Finding{Path: a.path, Verdict: strictmode.Refuse, Why: why},
			fmt.Sprintf("%s: %s strict mode %s; give it a type", a.path, d.Name, why), ", or "+convertWayOut)
	}
	for _, e := range s {
		v := e.v
		k, note, keep := w.judge(s, a, e.k, v, typ)
		if note != "" {
			notes = append(notes, note)
		}
		if !keep {
			continue
		}
		if kw, ok := schemaKeywords[k]; ok {
			// A keyword whose value holds schemas: each converted by the
			// mode's rules, where the table says its value is.
			if cv := w.keyword(s, a, e.k, k, kw, v); kw.combines {
				out = out.set(k, cv)
			} else {
				out = append(out, kv{k, cv})
			}
			continue
		}
		switch k {
		case "$ref":
			if !w.refOK(a, v) {
				continue
			}
		case "enum":
			vals := asSlice(v)
			w.enumValues += len(vals)
			for _, x := range vals {
				if s, ok := x.(string); ok {
					w.chars += utf8.RuneCountInString(s)
				}
			}
		case "const":
			if c, ok := v.(string); ok {
				w.chars += utf8.RuneCountInString(c)
			}
		}
		out = append(out, kv{k, v})
	}
	if why := d.OpenObjectProblem(s.get); why != "" && w.mayClose(s, a) {
		// Properties and nothing said of others: closed, the others are
		// what a strict model may not send (the invoker still takes them).
		w.note(strictmode.Finding{Path: a.path, Keyword: "additionalProperties", Verdict: strictmode.Close, Why: why})
		if out.get("properties") == nil {
			// A root without parameters: properties stated, as empty,
			// beside the closing (what OpenAI's examples of a tool
			// without parameters send).
			out = append(out, kv{"properties", ordered{}})
		}
		out = append(out, kv{"additionalProperties", false})
	} else if why != "" {
		w.refuseOr(a, strictmode.Finding{Path: a.path, Keyword: "additionalProperties", Verdict: strictmode.Refuse, Why: why + openObject, Open: true},
			fmt.Sprintf(`%s: an object without additionalProperties false takes any other names, which %s strict mode does not: it %s; close it with "additionalProperties":false`,
				a.path, d.Name, why), ", or "+convertWayOut)
	}
	if typ == "object" || has(typ, "object") {
		w.depth = max(w.depth, a.depth)
	}
	if ts, ok := typ.([]any); ok && len(ts) > 1 {
		w.union(a.path)
	}
	if props, ok := out.get("properties").(ordered); ok {
		out = w.required(out, props, a)
	}
	if len(notes) > 0 {
		desc, _ := out.get("description").(string)
		out = out.setDescription(joinNotes(desc, notes))
	}
	if ref, ok := out.get("$ref").(string); ok && slices.ContainsFunc(out, func(e kv) bool { return d.RefBeside(e.k) }) {
		// Beside a $ref, an anyOf (or a oneOf sent as one) holds as well
		// as the reference: no single anyOf says both. The root must be
		// an object, not an anyOf.
		if why := d.RefSiblingsProblem(out.get("anyOf") != nil, a.root); why != "" {
			w.refuse(a, strictmode.Finding{Path: a.path, Keyword: "$ref", Verdict: strictmode.Refuse, Why: why},
				fmt.Sprintf("%s: $ref: %s %s", a.path, modeWords(d), why))
			return out
		}
		// The mode takes no keyword beside a $ref: the reference becomes
		// the one branch of an anyOf, which takes them.
		wrapped := ordered{{"anyOf", []any{ordered{{"$ref", ref}}}}}
		for _, e := range out {
			if e.k != "$ref" {
				wrapped = append(wrapped, e)
			}
		}
		out = wrapped
	}
	return out
}

// joinNotes appends the sentences of notes (a schema's moved keywords,
// SideEffects' line) to desc, a description, after a full stop when desc
// ends without a sentence's end (mcp-go's and invopop's descriptions
// often do: "How many to reserve" and "More than 0." are two sentences,
// not one). A sentence's end is one in any script
// (。 ！ ？ …), and may be inside closing quotes or parentheses ("(See
// the docs.)"); whitespace at the end, of any kind, is dropped.
func joinNotes(desc string, notes []string) string {
	if desc = strings.TrimRightFunc(desc, unicode.IsSpace); desc != "" {
		end := strings.TrimRight(desc, `"')]}’”»›」』）】`)
		if r, _ := utf8.DecodeLastRuneInString(end); !strings.ContainsRune(".!?:;。！？：；…", r) {
			desc += "."
		}
		desc += " "
	}
	return desc + strings.Join(notes, " ")
}

// judge applies the mode's verdict on keyword k of value v in s, the
// schema at a whose type is typ: the name to send it under, and whether
// to send it (false when it is skipped, moved into the description, whose
// words are note, or refused).
func (w *walker) judge(s ordered, a at, k string, v, typ any) (name, note string, keep bool) {
	d := w.mode
	verdict, why := d.KeywordAt(k, v, s.get, w.own[a.path])
	switch {
	case verdict == strictmode.Skip:
		return k, "", false // the Go type's own range, or metadata: nothing to tell
	case verdict == strictmode.Move:
		w.note(strictmode.Finding{Path: a.path, Keyword: k, Verdict: strictmode.Move, Why: why})
		return k, describe(k, v, typ), false
	case verdict == strictmode.Refuse && k == "additionalProperties":
		w.refuseOr(a, strictmode.Finding{Path: a.path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
			fmt.Sprintf("%s: a map (an object with any names) has no schema in %s strict mode, which %s", a.path, d.Name, why), "; "+convertWayOut)
		// The walk goes on into the map's values: what the mode does
		// there is still to be told.
		if sub, ok := v.(ordered); ok {
			w.schema(sub, a.into(k, "", a.path+"{}"))
		}
		return k, "", false
	case verdict == strictmode.Refuse:
		w.refuse(a, strictmode.Finding{Path: a.path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
			fmt.Sprintf("%s: %s: %s strict mode %s", a.path, k, d.Name, why))
		return k, "", false
	case verdict == strictmode.Rename && s.get(why) != nil:
		// Sent under a name the schema already uses: the two cannot be
		// joined into one keyword.
		why := d.RenameCollision(k, why)
		w.refuse(a, strictmode.Finding{Path: a.path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
			fmt.Sprintf("%s: %s: %s strict mode %s", a.path, k, d.Name, why))
		return k, "", false
	case verdict == strictmode.Rename:
		w.note(strictmode.Finding{Path: a.path, Keyword: k, Verdict: strictmode.Rename, Why: why})
		return why, "", true
	}
	return k, "", true
}

// required writes the required properties of out, an object schema at a
// whose converted properties are props: every one in a mode where all
// are (the optional ones nullable: the invoker takes null for absent),
// else counting the optional ones.
func (w *walker) required(out, props ordered, a at) ordered {
	required := stringsOf(out.get("required"))
	if !w.mode.AllRequired {
		// The properties not required, one by one: required may name one
		// the object does not have (a declared schema's).
		for _, p := range props {
			if !slices.Contains(required, p.k) {
				w.optional++
				w.report.Optional = append(w.report.Optional, a.path+"."+p.k)
			}
		}
		return out
	}
	all := make([]any, 0, len(props))
	for i, p := range props {
		all = append(all, p.k)
		if o, ok := p.v.(ordered); ok && !slices.Contains(required, p.k) {
			props[i].v = nullable(o)
		}
	}
	if len(all) > 0 {
		out = out.set("required", all)
	}
	return out
}

// refOK checks the $ref v of the schema at a against the mode's rules for
// references, refusing it when they do not take it.
func (w *walker) refOK(a at, v any) bool {
	d := w.mode
	ref, ok := v.(string)
	if !ok {
		return true
	}
	if d.InternalRefs {
		if why := d.DanglingRefProblem(ref, w.dangles(ref)); why != "" {
			w.refuse(a, strictmode.Finding{Path: a.path, Keyword: "$ref", Verdict: strictmode.Refuse, Why: why},
				fmt.Sprintf("%s: $ref: %s strict mode %s", a.path, d.Name, why))
			return false
		}
	}
	if d.NoRecursion {
		recursive, known := w.recursive(ref, a.def)
		if why := d.RecursionProblem(ref, recursive, known); why != "" {
			w.refuseOr(a, strictmode.Finding{Path: a.path, Keyword: "$ref", Verdict: strictmode.Refuse, Why: why},
				fmt.Sprintf("%s: $ref: %s strict mode %s", a.path, d.Name, why), "; "+convertWayOut)
			return false
		}
	}
	return true
}

// into returns where the walk is in the value of keyword k (sent as k,
// or under the name the mode renames it to) of the schema at a: member
// (an index or a name, "" for the keyword's value itself) at path.
func (a at) into(k, member, path string) at {
	if member == "" {
		a.pointer = a.pointer + "/" + pointerEscaper.Replace(k)
	} else {
		a.pointer = a.pointer + "/" + pointerEscaper.Replace(k) + "/" + pointerEscaper.Replace(member)
	}
	a.path = path
	a.root = false
	return a
}

// keyword converts v, the value of keyword k (named orig in s), by kw,
// its row of the table: the value to write.
func (w *walker) keyword(s ordered, a at, orig, k string, kw keyword, v any) any {
	if k == "items" {
		if _, ok := v.([]any); ok {
			why := "an array of schemas is draft-07's form, not JSON Schema 2020-12's; write it as prefixItems"
			w.refuse(a, strictmode.Finding{Path: a.path, Keyword: k, Verdict: strictmode.Refuse, Why: why},
				fmt.Sprintf("%s: items: %s", a.path, why))
			return v
		}
	}
	// A combinator's branches that hold together with something else of
	// s are parts of a merge: no object in them is closed.
	inner := a
	if kw.combines && merges(s, k) {
		inner.merged = true
	}
	switch kw.holds {
	case oneSchema:
		if _, ok := v.(ordered); !ok && kw.loose {
			return v // true or false: they allow or forbid, as the keyword says
		}
		return w.value(v, inner.into(orig, "", kw.where.path(a.path, k, "")))
	case schemaList:
		list, ok := v.([]any)
		if !ok {
			w.notSchemas(a, k, "a list of schemas")
			return v
		}
		conv := make([]any, 0, len(list))
		for i, b := range list {
			n := strconv.Itoa(i)
			conv = append(conv, w.value(b, inner.into(orig, n, kw.where.path(a.path, k, n))))
		}
		if k == "anyOf" || k == "oneOf" {
			w.union(a.path) // Anthropic counts anyOf as a union type
		}
		return conv
	}
	m, ok := v.(ordered)
	if !ok {
		if !kw.loose {
			w.notSchemas(a, k, "an object of schemas")
		}
		return v
	}
	conv := make(ordered, 0, len(m))
	for _, e := range m {
		sub := inner.into(orig, e.k, kw.where.path(a.path, k, e.k))
		switch kw.where {
		case property:
			if why := w.mode.PropertyNameProblem(e.k); why != "" {
				w.refuse(sub, strictmode.Finding{Path: sub.path, Name: true, Verdict: strictmode.Refuse, Why: why},
					fmt.Sprintf("%s: property name %q: %s %s; %s", a.path, e.k, w.mode.Name, why, w.renameAdvice()))
				w.refusals[len(w.refusals)-1].URL = w.mode.NameSource
			}
			w.properties++
			w.chars += utf8.RuneCountInString(e.k)
			sub.depth++
		case definition:
			w.chars += utf8.RuneCountInString(e.k) // OpenAI counts definition names too
			sub.depth++
			if a.root && a.def == "" { // the root's own, not a branch's
				sub.def = k + "/" + e.k // a definition $refs can name
				// Only a Closed mode closes objects: one a merge names is
				// a part of it.
				sub.merged = sub.merged || w.mode.Closed && w.mergedDefs()[sub.def]
			}
		}
		if _, isSchema := e.v.(ordered); kw.loose && !isSchema {
			conv = append(conv, e) // dependencies: a list of names
			continue
		}
		conv = append(conv, kv{e.k, w.value(e.v, sub)})
	}
	return conv
}

// value converts v, a schema at a: an object schema by schema; true (any
// value) and false (none) as they are, but refused where every schema
// needs a type.
func (w *walker) value(v any, a at) any {
	switch v := v.(type) {
	case ordered:
		return w.schema(v, a)
	case bool:
		if why := w.mode.BooleanSchemaProblem(v); why != "" {
			w.refuseOr(a, strictmode.Finding{Path: a.path, Verdict: strictmode.Refuse, Why: why},
				fmt.Sprintf("%s: %s strict mode %s; give it a type", a.path, w.mode.Name, why), ", or "+convertWayOut)
		}
		return v
	}
	why := "is not a schema (an object or a boolean)"
	w.refuse(a, strictmode.Finding{Path: a.path, Verdict: strictmode.Refuse, Why: why}, fmt.Sprintf("%s: %s", a.path, why))
	return v
}

// notSchemas refuses keyword k at a, whose value is not what a JSON
// Schema has there.
func (w *walker) notSchemas(a at, k, what string) {
	why := "is not " + what
	w.refuse(a, strictmode.Finding{Path: a.path, Keyword: k, Verdict: strictmode.Refuse, Why: why}, fmt.Sprintf("%s: %s: %s", a.path, k, why))
}

// pointerEscaper escapes a JSON pointer token (RFC 6901).
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// mergedDefs returns the names of the root's definitions ("$defs/m") that
// take part in a merge: named by a $ref inside a merging combinator's
// branches or beside other keywords (merges), or by a $ref at the top of
// a definition that does (not by one in its properties or items, whose
// values are values of their own). "#" is the root, when such a $ref
// names it. They are not closed; nor is anything, when such a $ref leads
// where the conversion cannot follow (mergeUnknown).
func (w *walker) mergedDefs() map[string]bool {
	if w.merged != nil {
		return w.merged
	}
	w.merged = map[string]bool{}
	var visit func(v any, inMerge bool)
	follow := func(ref string) {
		t, known := w.graph().target(ref)
		switch {
		case !known || t == "":
			w.mergeUnknown = true
		case w.merged[t]:
		case t == "#":
			w.merged[t] = true
		default:
			w.merged[t] = true
			kind, name, _ := strings.Cut(t, "/")
			if defs, ok := w.root.get(kind).(ordered); ok {
				visit(defs.get(name), true) // its own top, a part of the merge too
			}
		}
	}
	visit = func(v any, inMerge bool) {
		s, ok := v.(ordered)
		if !ok {
			return
		}
		if ref, ok := s.get("$ref").(string); ok && (inMerge || merges(s, "$ref")) {
			follow(ref)
		}
		for _, e := range s {
			var in bool
			switch e.k {
			case "allOf", "anyOf", "oneOf":
				in = inMerge || merges(s, e.k)
			case "dependentSchemas", "dependencies", "if", "then", "else":
				in = true // they hold of the same value as the object
			default:
				in = false // the values inside are values of their own
			}
			eachSubschema(e.k, e.v, func(sub ordered) { visit(sub, in) })
		}
	}
	visit(w.root, false)
	return w.merged
}

// openObject ends the reason of an open object that is not closed.
const openObject = ", and this object cannot be closed without refusing what its schema takes (it names no properties, or something beside them adds others)"

// mayClose reports whether an open object schema s at a may be given
// additionalProperties false without refusing a value its own keywords
// take: it names its properties (or is the root with none: a tool
// without parameters, as MCP servers declare one), nothing beside them
// adds others (allOf, if/then/else, dependentSchemas, dependentRequired,
// unevaluatedProperties), and it is not inside a part of a merge, whose
// other parts may add them.
func (w *walker) mayClose(s ordered, a at) bool {
	merged := w.mergedDefs()
	if a.merged || w.mergeUnknown || a.root && merged["#"] {
		return false
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf", "$ref", "if", "then", "else", "dependentSchemas", "dependentRequired",
		"dependencies", "unevaluatedProperties", "patternProperties"} {
		if s.get(k) != nil {
			return false
		}
	}
	props, named := s.get("properties").(ordered)
	if !named && !a.root {
		return false
	}
	// Closed, it takes only its properties: none it requires may be
	// missing from them, nor may it ask for more than they are.
	for _, r := range stringsOf(s.get("required")) {
		if props.get(r) == nil {
			return false
		}
	}
	if n, ok := s.get("minProperties").(json.Number); ok {
		if min, err := n.Int64(); err != nil || min > int64(len(props)) {
			return false
		}
	}
	return true
}

// valuesType is the type of a schema without one whose enum or const
// values are all of one JSON type, a string, a number or a boolean
// ("integer" when every number is written as one), or of one and null
// (["string","null"]), or null alone ("null"); nil when there is no such
// type (no values, values of two types, an object or an array among them).
func valuesType(s ordered) any {
	var values []any
	if e, ok := s.get("enum").([]any); ok {
		values = append(values, e...)
	}
	for _, e := range s {
		if e.k == "const" {
			values = append(values, e.v)
		}
	}
	if len(values) == 0 {
		return nil
	}
	one, null := "", false
	for _, v := range values {
		var t string
		switch v := v.(type) {
		case nil:
			null = true
			continue
		case string:
			t = "string"
		case bool:
			t = "boolean"
		case json.Number:
			t = "integer"
			if strings.ContainsAny(string(v), ".eE") {
				t = "number"
			}
		default:
			return nil
		}
		switch {
		case one == "" || one == t:
			one = t
		case one == "integer" && t == "number", one == "number" && t == "integer":
			one = "number"
		default:
			return nil
		}
	}
	switch {
	case one == "" && null:
		return "null"
	case one == "":
		return nil
	case null:
		return []any{one, "null"}
	}
	return one
}
