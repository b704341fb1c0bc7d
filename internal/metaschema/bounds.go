package metaschema

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/url"
	"reflect"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/schemadoc"
)

// The bounds of a schema compiled here, checked by one walk of the parsed
// document before the validator sees it, so that compiling takes time and
// memory linear in the schema's size and checking a call a bounded time
// per byte of its arguments. Each is far past what a real tool's schema
// needs: the largest proxied MCP tool schemas are tens of kilobytes, a few
// hundred subschemas, nested a dozen levels.
const (
	// MaxBytes bounds a schema's size as given.
	MaxBytes = limits.MaxSchemaBytes
	// MaxDepth bounds the nesting of the schema document (objects and
	// arrays, as JSON nests them: a property's schema is two levels
	// below its object's), as the invoker bounds arguments'
	// (limits.MaxArgumentDepth). The validator's work for a subschema
	// grows with its depth (it builds and resolves its location from
	// the root, and validates it against the meta-schema with an
	// instance location as long): a subschema at this bound costs
	// about twice one near the root (at 128 levels, more than three
	// times), so within it compiling stays linear in the schema's size
	// whatever its shape.
	MaxDepth = limits.MaxSchemaDepth
	// MaxSubschemas bounds the schemas in the document: the root, and
	// every object or boolean where a keyword takes a schema or a $ref
	// points. (The validator's compile is quadratic in their number,
	// with a small constant.)
	MaxSubschemas = limits.MaxSubschemas
	// MaxListValues bounds the values of one enum or const (counting the
	// values nested in them) and the names of one required or
	// dependentRequired.
	MaxListValues = limits.MaxListValues
	// MaxPatternBytes bounds a pattern (pattern, a patternProperties
	// name).
	MaxPatternBytes = schema.MaxRegexBytes
	// MaxPatternInsts bounds the size of a pattern's compiled program
	// (regexp/syntax instructions), which is the factor of the time to
	// match a string, linear in its length.
	MaxPatternInsts = schema.MaxRegexInsts
	// MaxTotalPatternInsts bounds the compiled programs of all the
	// schema's patterns together, each occurrence counted: compiling them
	// is the costliest part of compiling a schema (about 0.3 µs an
	// instruction), and a pattern of a few bytes can compile to a
	// thousand of them.
	MaxTotalPatternInsts = 200000
	// MaxExponent bounds the decimal exponent of every number in the
	// schema (as in a tool's arguments), and MaxNumberLength its
	// length: the validator reads them exactly, so larger ones would
	// cost every comparison dearly, and past eight digits of exponent
	// it cannot read them at all.
	MaxExponent     = schema.MaxExponent
	MaxNumberLength = limits.MaxNumberLength
	// MaxCount bounds the integer keywords (minLength, maxItems, ...):
	// the validator reads them as an int.
	MaxCount = min(1<<53-1, math.MaxInt)
	// MaxMessageBytes bounds a text of the schema (a pattern, a
	// reference, a location, a list of values) quoted in an error.
	MaxMessageBytes = 256
)

// A Doc is a schema document as read and checked, with its in-document
// references resolved.
type Doc struct {
	// Root is the document (maps, slices, json.Number).
	Root any
	// refs holds each reference to an object schema: its keyword, the
	// schema holding it and the schema it names.
	refs []Ref
	// ContentSchema is the JSON pointer of the first contentSchema in the
	// document, "" when there is none: a checker that asserts content
	// checks a string's own JSON against it.
	ContentSchema string
}

// A Ref is a reference ($ref, $dynamicRef, $recursiveRef) to an object
// schema of the document, resolved as a static reference: From holds it,
// To is named.
type Ref struct {
	Key      string
	From, To map[string]any
}

// Refs calls f with each reference to an object schema.
func (d *Doc) Refs(f func(Ref)) {
	if d == nil {
		return
	}
	for _, r := range d.refs {
		f(r)
	}
}

func mapKey(m map[string]any) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }

// Cut returns s cut to at most n bytes, on a character boundary, saying
// how many were left out.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "… (" + strconv.Itoa(len(s)-i) + " more bytes)"
}

// A boundsError is a schema refused before it is compiled: where, and why.
type boundsError struct {
	at  string // a JSON pointer
	why string
}

func (e *boundsError) Error() string {
	if e.at == "" {
		return e.why
	}
	return "at '" + Cut(e.at, MaxMessageBytes) + "': " + e.why
}

// pointer writes a location as a JSON pointer.
func pointer(path []string) string {
	var b strings.Builder
	for _, seg := range path {
		b.WriteByte('/')
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~", "~0"), "/", "~1")
		b.WriteString(Cut(seg, MaxMessageBytes))
		if b.Len() > 4*MaxMessageBytes {
			break
		}
	}
	return b.String()
}

// quote writes a text of the schema in an error: quoted, cut.
func quote(s string) string { return strconv.Quote(Cut(s, MaxMessageBytes)) }

// countKeywords are the keywords whose values are counts. (Those whose
// values are schemas, arrays or maps of schemas are schemadoc's, which
// Precheck's scan reads by too.)
var countKeywords = map[string]bool{"minLength": true, "maxLength": true, "minItems": true, "maxItems": true,
	"minProperties": true, "maxProperties": true, "minContains": true, "maxContains": true}

// A refUse is a reference met in the walk.
type refUse struct {
	at   []string
	key  string // $ref, $dynamicRef, $recursiveRef
	ref  string
	base *url.URL
	from map[string]any // the schema holding it
}

// A walker checks a schema document's bounds, collects its resources
// ($id), anchors and references.
type walker struct {
	subschemas int
	schemas    map[unsafe.Pointer]bool // object schemas walked
	resources  map[string]any          // by absolute URL without fragment
	anchors    map[string]any          // by absolute URL#name
	refs       []refUse
	idKey      string         // "$id", or "id" in a draft-04 document
	patterns   map[string]int // patterns checked (a schema may repeat one): their programs' sizes
	insts      int            // of every pattern met so far
	// contentSchema is where the first contentSchema is.
	contentSchema string
}

// check walks the document and resolves its references; the error says
// what is past a bound, or which reference leaves the document.
func check(root any, rootURL string) (*Doc, error) {
	base, _ := url.Parse(rootURL)
	w := &walker{schemas: map[unsafe.Pointer]bool{}, resources: map[string]any{}, anchors: map[string]any{}, idKey: "$id"}
	if m, ok := root.(map[string]any); ok {
		if s, _ := m["$schema"].(string); strings.Contains(s, "draft-04") {
			w.idKey = "id"
		}
	}
	w.resources[base.String()] = root
	path := make([]string, 0, MaxDepth)
	if err := w.walk(root, path, 0, true, base); err != nil {
		return nil, err
	}
	doc := &Doc{Root: root}
	// Resolve every reference; a target the walk took for data (an
	// OpenAPI document's components, say) is walked as a schema then,
	// which may bring more references.
	for i := 0; i < len(w.refs); i++ {
		r := w.refs[i]
		target, tbase, ok := w.resolve(r.base, r.ref)
		if !ok {
			return nil, &boundsError{pointer(r.at), "the " + r.key + " " + quote(r.ref) +
				" names no schema in the document: a schema's references must stay inside it ($defs, anchors, $id of its own); nothing is fetched"}
		}
		t, isObject := target.(map[string]any)
		if !isObject {
			if _, isBool := target.(bool); !isBool {
				return nil, &boundsError{pointer(r.at), "the " + r.key + " " + quote(r.ref) + " names a value that is not a schema"}
			}
		}
		if isObject {
			doc.refs = append(doc.refs, Ref{r.key, r.from, t})
		}
		if isObject && !w.schemas[mapKey(t)] {
			if err := w.walk(t, append(path[:0], "(target of "+r.ref+")"), 0, true, tbase); err != nil {
				return nil, err
			}
		}
	}
	doc.ContentSchema = w.contentSchema
	return doc, nil
}

// resolve finds the value a reference names in the document, and the base
// URL there.
func (w *walker) resolve(base *url.URL, ref string) (any, *url.URL, bool) {
	u, err := url.Parse(ref)
	if err != nil {
		return nil, nil, false
	}
	abs := base.ResolveReference(u)
	frag := abs.Fragment
	doc := *abs
	doc.Fragment, doc.RawFragment = "", ""
	v, ok := w.resources[doc.String()]
	if !ok {
		return nil, nil, false
	}
	switch {
	case frag == "":
		return v, &doc, true
	case strings.HasPrefix(frag, "/"):
		tbase := &doc
		for _, seg := range strings.Split(frag[1:], "/") {
			seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
			switch x := v.(type) {
			case map[string]any:
				if v, ok = x[seg]; !ok {
					return nil, nil, false
				}
			case []any:
				i, err := strconv.Atoi(seg)
				if err != nil || i < 0 || i >= len(x) || seg != strconv.Itoa(i) {
					return nil, nil, false
				}
				v = x[i]
			default:
				return nil, nil, false
			}
			if m, ok := v.(map[string]any); ok {
				if id, ok := m[w.idKey].(string); ok {
					if iu, err := url.Parse(id); err == nil {
						tbase = tbase.ResolveReference(iu)
					}
				}
			}
		}
		return v, tbase, true
	default:
		v, ok := w.anchors[doc.String()+"#"+frag]
		return v, &doc, ok
	}
}

// walk checks v, at path, depth levels down; isSchema says that a keyword
// takes it for a schema.
func (w *walker) walk(v any, path []string, depth int, isSchema bool, base *url.URL) error {
	if depth > MaxDepth {
		return &boundsError{pointer(path), "the schema is nested deeper than " + strconv.Itoa(MaxDepth) + " levels"}
	}
	switch v := v.(type) {
	case json.Number:
		return checkNumber(string(v), path)
	case bool:
		if isSchema {
			return w.count(path)
		}
	case []any:
		for i, e := range v {
			if err := w.walk(e, append(path, strconv.Itoa(i)), depth+1, false, base); err != nil {
				return err
			}
		}
	case map[string]any:
		if !isSchema {
			for _, k := range slices.Sorted(mapKeys(v)) {
				if err := w.walk(v[k], append(path, k), depth+1, false, base); err != nil {
					return err
				}
			}
			return nil
		}
		return w.schema(v, path, depth, base)
	}
	return nil
}

func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func (w *walker) count(path []string) error {
	w.subschemas++
	if w.subschemas > MaxSubschemas {
		return &boundsError{pointer(path), "the schema has more than " + strconv.Itoa(MaxSubschemas) + " subschemas"}
	}
	return nil
}

// schema checks an object schema's keywords and walks its subschemas.
func (w *walker) schema(s map[string]any, path []string, depth int, base *url.URL) error {
	if w.schemas[mapKey(s)] {
		return nil
	}
	w.schemas[mapKey(s)] = true
	if err := w.count(path); err != nil {
		return err
	}
	at := func(k string) string { return pointer(append(path, k)) }
	if id, ok := s[w.idKey].(string); ok {
		u, err := url.Parse(id)
		if err != nil {
			return &boundsError{at(w.idKey), quote(id) + " is not a URL"}
		}
		base = base.ResolveReference(u)
		res := *base
		res.Fragment, res.RawFragment = "", ""
		w.resources[res.String()] = s
	}
	for _, k := range []string{"$anchor", "$dynamicAnchor"} {
		if a, ok := s[k].(string); ok {
			res := *base
			res.Fragment, res.RawFragment = "", ""
			w.anchors[res.String()+"#"+a] = s
		}
	}
	if sch, ok := s["$schema"].(string); ok && !knownDraft(sch) {
		return &boundsError{at("$schema"), quote(sch) + " is not a meta-schema the validator has: JSON Schema 2020-12, 2019-09, draft-07, -06 or -04; nothing is fetched"}
	}
	for _, k := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if r, ok := s[k].(string); ok {
			w.refs = append(w.refs, refUse{at: slices.Clone(append(path, k)), key: k, ref: r, base: base, from: s})
		}
	}
	if p, ok := s["pattern"].(string); ok {
		if err := w.checkPattern(p, append(path, "pattern")); err != nil {
			return err
		}
	}
	if pp, ok := s["patternProperties"].(map[string]any); ok {
		for p := range pp {
			if err := w.checkPattern(p, append(path, "patternProperties", p)); err != nil {
				return err
			}
		}
	}
	for k := range countKeywords {
		if n, ok := s[k].(json.Number); ok {
			if r, ok := new(big.Rat).SetString(string(n)); ok && r.Cmp(new(big.Rat).SetInt64(MaxCount)) > 0 {
				return &boundsError{at(k), k + " " + Cut(string(n), MaxMessageBytes) + " is more than " + strconv.Itoa(MaxCount)}
			}
		}
	}
	if e, ok := s["enum"].([]any); ok && values(e, MaxListValues+1) > MaxListValues+1 {
		return &boundsError{at("enum"), "the enum has more than " + strconv.Itoa(MaxListValues) + " values"}
	}
	if c, ok := s["const"]; ok && values(c, MaxListValues) > MaxListValues {
		return &boundsError{at("const"), "the const has more than " + strconv.Itoa(MaxListValues) + " values"}
	}
	if r, ok := s["required"].([]any); ok && len(r) > MaxListValues {
		return &boundsError{at("required"), "required lists more than " + strconv.Itoa(MaxListValues) + " names"}
	}
	if dr, ok := s["dependentRequired"].(map[string]any); ok {
		for name, r := range dr {
			if r, ok := r.([]any); ok && len(r) > MaxListValues {
				return &boundsError{pointer(append(path, "dependentRequired", name)), "dependentRequired lists more than " + strconv.Itoa(MaxListValues) + " names"}
			}
		}
	}
	if _, ok := s["contentSchema"]; ok && w.contentSchema == "" {
		w.contentSchema = at("contentSchema")
	}
	for _, k := range slices.Sorted(mapKeys(s)) {
		v, sub := s[k], append(path, k)
		switch {
		case schemadoc.SchemaKeywords[k] && !isArray(v), schemadoc.SchemaListKeywords[k] && isArray(v) && k != "items", k == "items" && isArray(v):
			if list, ok := v.([]any); ok {
				for i, e := range list {
					if err := w.walk(e, append(sub, strconv.Itoa(i)), depth+2, true, base); err != nil {
						return err
					}
				}
				continue
			}
			if err := w.walk(v, sub, depth+1, true, base); err != nil {
				return err
			}
		case schemadoc.SchemaMapKeywords[k]:
			m, ok := v.(map[string]any)
			if !ok {
				if err := w.walk(v, sub, depth+1, false, base); err != nil {
					return err
				}
				continue
			}
			for _, name := range slices.Sorted(mapKeys(m)) {
				e := m[name]
				_, isList := e.([]any)
				if err := w.walk(e, append(sub, name), depth+2, !isList, base); err != nil {
					return err
				}
			}
		default:
			if err := w.walk(v, sub, depth+1, false, base); err != nil {
				return err
			}
		}
	}
	return nil
}

func isArray(v any) bool { _, ok := v.([]any); return ok }

// values counts the values in v (v itself, and those nested in it), up to
// limit.
func values(v any, limit int) int {
	n := 1
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			if n += values(e, limit-n); n > limit {
				return n
			}
		}
	case map[string]any:
		for _, e := range v {
			if n += values(e, limit-n); n > limit {
				return n
			}
		}
	}
	return n
}

// checkNumber refuses a number the validator would read wrongly or at
// great cost.
func checkNumber(n string, path []string) error {
	if len(n) > MaxNumberLength {
		return &boundsError{pointer(path), "a number of more than " + strconv.Itoa(MaxNumberLength) + " characters"}
	}
	if e := schema.Exponent(n); e > MaxExponent || e < -MaxExponent {
		return &boundsError{pointer(path), "the number " + n + " has an exponent beyond ±" + strconv.Itoa(MaxExponent)}
	}
	return nil
}

// checkPattern refuses a pattern the validator's regexp (Go's, RE2) does
// not read, or whose program is past MaxPatternInsts; each distinct
// pattern once.
func (w *walker) checkPattern(p string, path []string) error {
	n, seen := w.patterns[p]
	if !seen {
		var err error
		if n, err = checkPattern(p, path); err != nil {
			return err
		}
		if w.patterns == nil {
			w.patterns = map[string]int{}
		}
		w.patterns[p] = n
	}
	if w.insts += n; w.insts > MaxTotalPatternInsts {
		return &boundsError{pointer(path), fmt.Sprintf("the schema's patterns compile to more than %d instructions together (each is compiled where it is used)", MaxTotalPatternInsts)}
	}
	return nil
}

// checkPattern checks one pattern and returns the size of its program,
// by the bounds of the core's regular expressions (schema.RegexProgram).
func checkPattern(p string, path []string) (int, error) {
	n, err := schema.RegexProgram(p)
	switch {
	case err == nil:
		return n, nil
	case errors.Is(err, schema.ErrRegexTooLong):
		return 0, &boundsError{pointer(path), "the pattern " + quote(p) + " is longer than " + strconv.Itoa(MaxPatternBytes) + " bytes"}
	case errors.Is(err, schema.ErrRegexTooLarge) && n == 0:
		// A program far past the bound is refused before it is built: 1
		// KB of "a{1000}" builds 146,002 instructions, 36 MB.
		return 0, &boundsError{pointer(path), fmt.Sprintf("the pattern %s compiles to more than %d instructions (each is a factor of the time to match a string)",
			quote(p), MaxPatternInsts)}
	case errors.Is(err, schema.ErrRegexTooLarge):
		return 0, &boundsError{pointer(path), fmt.Sprintf("the pattern %s compiles to %d instructions, more than %d (each is a factor of the time to match a string)",
			quote(p), n, MaxPatternInsts)}
	}
	why := err.Error()
	var se *syntax.Error
	if errors.As(err, &se) {
		why = string(se.Code) + " " + quote(se.Expr)
	}
	return 0, &boundsError{pointer(path), "the pattern " + quote(p) + " is not one Go's regexp (RE2) reads (" + why +
		"); ECMA-262's lookaround and back-references have no linear-time match, and are refused"}
}

// knownDraft reports whether a $schema names a meta-schema the validator
// has (it is never fetched).
func knownDraft(s string) bool {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s, "https://"), "http://"), "#")
	switch s {
	case "json-schema.org/draft/2020-12/schema", "json-schema.org/draft/2019-09/schema",
		"json-schema.org/draft-07/schema", "json-schema.org/draft-06/schema", "json-schema.org/draft-04/schema",
		"json-schema.org/schema":
		return true
	}
	return false
}
