// Package rawcheck checks a raw-schema tool's arguments (package rawtool)
// against its JSON Schema with github.com/santhosh-tekuri/jsonschema/v6,
// with the invoker's messages, order and limits: the same rules, paths
// and words as a typed tool's checks (shared through internal/violation),
// null for an optional property as absent and defaults filled in (both
// following in-document $ref; a default that its own property's schema
// refuses is never filled in), and a bound on what a call may cost the
// validator. The schema is compiled by internal/metaschema, within its
// bounds.
//
// It is the one JSON-Schema checker with the invoker's words: raw tools
// check their calls with NewChecker, and the parity suite's oracle
// (internal/oracle, test-only) builds on Unbounded to check the typed
// invoker, which shares none of this code. So the parity suite holds this
// package to the invoker's verdicts, and raw tools with it. What the
// oracle alone needs (its repair rules, its result checks) stays there;
// the few names exported here beyond NewChecker and Arguments are for it.
package rawcheck

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/violation"
	"github.com/toolschema/toolschema/tool"
)

// Violation is the invoker's.
type Violation = tool.Violation

// MaxArgumentDepth is the invoker's.
const MaxArgumentDepth = limits.MaxArgumentDepth

// A Value is a parsed JSON value that keeps the order of object keys.
type Value struct {
	Kind byte // '{', '[', '"', '0' (number), 't', 'f', 'n'
	// changed reports that a member was taken out (of this object or
	// one inside it). (Beside Kind: a value is 80 bytes, not 96.)
	changed bool
	Keys    []string
	Vals    []*Value // object values or array elements
	Str     string   // string or number text
	// at indexes the keys of a large object, made at the first look-up.
	at map[string]int
}

// index returns the position of key k in an object, -1 when absent: in
// constant time past a few keys (a path is rendered for each violation,
// and one object may bring many).
func (v *Value) index(k string) int {
	if len(v.Keys) <= 16 {
		return slices.Index(v.Keys, k)
	}
	if v.at == nil {
		v.at = make(map[string]int, len(v.Keys))
		for i, key := range v.Keys {
			if _, ok := v.at[key]; !ok {
				v.at[key] = i
			}
		}
	}
	if i, ok := v.at[k]; ok {
		return i
	}
	return -1
}

// Violation turns a parse error into a violation, its path rendered
// against c's schema.
func (e *ParseError) Violation(noun string, c *Checker) Violation {
	path := c.Render(e.Loc, nil)
	switch e.Rule {
	case "depth":
		return Violation{Path: path, Rule: "depth", Message: fmt.Sprintf("%s nested deeper than %d levels.", violation.Whole(noun), MaxArgumentDepth)}
	case "duplicate":
		return Violation{Path: path, Rule: "duplicate", Message: fmt.Sprintf("%s '%s' is given twice.", noun, path)}
	case "range":
		return Violation{Path: path, Rule: "range", Message: fmt.Sprintf("%s '%s' is beyond the range of a number.", noun, path)}
	case "size":
		if e.Max > 0 {
			return Violation{Rule: "size", Message: fmt.Sprintf("%ss hold more than %d values, more than this tool's schema checks in one call: send fewer.", noun, e.Max)}
		}
		return Violation{Path: path, Rule: "size", Message: fmt.Sprintf("%s is a number of more than %d characters.", violation.Subject(noun, path), limits.MaxNumberLength)}
	}
	return Violation{Rule: "json", Message: violation.Whole(noun) + " not valid JSON."}
}

// IndexMark starts a location segment the parser knows is an array index,
// KeyMark one it knows is an object's key. The parser marks every segment
// (a key may start with any character, the marks included); a location
// from the validator, rendered against the value, is not marked.
const (
	IndexMark = "\x00"
	KeyMark   = "\x01"
)

// Render writes a location as a path, walking the schema and, when known,
// the value: a property is .name, an array element [i], a map value {}
// (the key is the model's text: it is not repeated), a name the schema
// lacks quoted and cut short.
func (c *Checker) Render(loc []string, v *Value) string {
	// A location without a value is the parser's, whose segments are
	// marked.
	marked := v == nil
	s := c.View(c.raw)
	var b strings.Builder
	dot := func() {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
	}
	for _, seg := range loc {
		props, _ := s["properties"].(map[string]any)
		items, _ := s["items"].(map[string]any)
		addl, isMap := s["additionalProperties"].(map[string]any)
		inArray := v != nil && v.Kind == '['
		if marked {
			inArray = strings.HasPrefix(seg, IndexMark)
			seg = seg[1:]
		}
		var next *Value
		if v != nil {
			if v.Kind == '[' {
				if i, err := strconv.Atoi(seg); err == nil && i < len(v.Vals) {
					next = v.Vals[i]
				}
			} else if i := v.index(seg); i >= 0 {
				next = v.Vals[i]
			}
		}
		v = next
		switch ps, isProp := props[seg].(map[string]any); {
		case inArray:
			b.WriteString("[" + seg + "]")
			s = c.View(items)
		case isProp:
			dot()
			b.WriteString(seg)
			s = c.View(ps)
		case isMap:
			b.WriteString("{}")
			s = c.View(addl)
		default:
			dot()
			b.WriteString(violation.QuoteKey(seg))
			s = nil
		}
	}
	return b.String()
}

// any converts v for the validator: maps, slices, json.Number.
func (v *Value) any() any {
	switch v.Kind {
	case '{':
		m := make(map[string]any, len(v.Keys))
		for i, k := range v.Keys {
			m[k] = v.Vals[i].any()
		}
		return m
	case '[':
		s := make([]any, len(v.Vals))
		for i, e := range v.Vals {
			s[i] = e.any()
		}
		return s
	case '"':
		return v.Str
	case '0':
		return json.Number(v.Str)
	case 't':
		return true
	case 'f':
		return false
	}
	return nil
}

// append writes v as compact JSON.
func (v *Value) append(b []byte) []byte {
	switch v.Kind {
	case '{':
		b = append(b, '{')
		for i, k := range v.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			kb, _ := json.Marshal(k)
			b = append(b, kb...)
			b = append(b, ':')
			b = v.Vals[i].append(b)
		}
		return append(b, '}')
	case '[':
		b = append(b, '[')
		for i, e := range v.Vals {
			if i > 0 {
				b = append(b, ',')
			}
			b = e.append(b)
		}
		return append(b, ']')
	case '"':
		sb, _ := json.Marshal(v.Str)
		return append(b, sb...)
	case '0':
		return append(b, v.Str...)
	case 't':
		return append(b, "true"...)
	case 'f':
		return append(b, "false"...)
	}
	return append(b, "null"...)
}

// A Checker checks values against one schema: the compiled schema, and
// the schema as data for what the validator does not check (integer
// literals, date-times time.Time reads, defaults) and for writing paths.
// NewChecker makes a raw tool's; Unbounded the parity oracle's.
type Checker struct {
	schema *jsonschema.Schema
	raw    map[string]any
	// views holds, for each object schema with an in-document $ref,
	// the schema as the checks beside the validator's read it: the
	// $ref's target with the schema's own keywords over it.
	views map[unsafe.Pointer]map[string]any
	// cost is the schema as the cost walk reads it.
	cost *costNode
	// defaults holds, for each object schema (or view) whose properties
	// have defaults that fit their own schemas, their names in order.
	defaults map[unsafe.Pointer][]string
	// contentSchema is where the schema's first contentSchema is.
	contentSchema string
	// bounded: a call past its cost budget is refused.
	bounded bool
	err     error
	v       *Value // the value being checked
	// folds holds, during a Check, the properties' names by foldKey
	// (foldedNames).
	folds map[unsafe.Pointer]map[string]string
	// branchSchemas holds, during a Check, the schemas rawSchema found
	// for the unions' locations, by the location's bytes (tagsRefused).
	branchSchemas map[locationKey]map[string]any
}

// locationKey is a schema location by its bytes' address and length: the
// validator's errors share their schema's location string, so a location
// is looked up once a Check, not once an error (hashing or reading its
// bytes each time would cost its length, which a $defs name can make
// hundreds of kilobytes, for each value that fails).
type locationKey struct {
	p *byte
	n int
}

// View returns s as the checks read it: s itself, or when s holds a $ref,
// its target with s's own keywords over it (properties of both, required
// of both).
func (c *Checker) View(s map[string]any) map[string]any {
	if s == nil || len(c.views) == 0 {
		return s
	}
	if _, ok := s["$ref"]; !ok {
		return s
	}
	if m := c.views[mapKey(s)]; m != nil {
		return m
	}
	return s
}

func mapKey(m map[string]any) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }

// maxMerged bounds the keywords, properties and required names that the
// views of a schema hold together. A view holds those of the schemas its
// chain of $ref reaches, so their number grows with the square of a
// chain's length: a chain of 1,000 $ref, each with 40 required names,
// held 20 million. Real schemas' chains are a few $ref long.
const maxMerged = 100_000

// buildViews makes the views of the schemas with a $ref in doc. A chain of
// $ref is followed to its end; a cycle of $ref alone (which the validator
// refuses at a call) ends where it closes. Past maxMerged names held, it
// stops and says where.
func buildViews(doc *metaschema.Doc) (map[unsafe.Pointer]map[string]any, error) {
	targets := map[unsafe.Pointer]map[string]any{}
	var froms []map[string]any
	doc.Refs(func(r metaschema.Ref) {
		if r.Key == "$ref" {
			targets[mapKey(r.From)] = r.To
			froms = append(froms, r.From)
		}
	})
	if len(targets) == 0 {
		return nil, nil
	}
	views := map[unsafe.Pointer]map[string]any{}
	building := map[unsafe.Pointer]bool{}
	left := maxMerged
	var tooMany error
	var build func(s map[string]any) map[string]any
	build = func(s map[string]any) map[string]any {
		k := mapKey(s)
		if v := views[k]; v != nil {
			return v
		}
		t := targets[k]
		if t == nil || building[k] || tooMany != nil {
			return s
		}
		building[k] = true
		theirs := build(t)
		if tooMany != nil {
			return s
		}
		// What the view copies: the target's keywords and its own; the
		// properties and required names of both only where it has its
		// own (else it shares the target's, and many uses of one large
		// definition hold no more than it).
		n := len(theirs) + len(s)
		if own, ok := s["properties"]; ok {
			props, _ := theirs["properties"].(map[string]any)
			mine, _ := own.(map[string]any)
			n += len(props) + len(mine)
		}
		if _, ok := s["required"]; ok {
			n += len(asAnys(theirs["required"])) + len(asAnys(s["required"]))
		}
		if left -= n; left < 0 {
			ref, _ := s["$ref"].(string)
			tooMany = fmt.Errorf("at the $ref %s: the schemas that $ref chains reach merge more than %d names (keywords, properties and required names, each schema's with its chain's)",
				strconv.Quote(metaschema.Cut(ref, metaschema.MaxMessageBytes)), maxMerged)
			return s
		}
		m := maps.Clone(theirs)
		delete(m, "$ref")
		for name, v := range s {
			switch name {
			case "$ref":
			case "properties":
				own, _ := v.(map[string]any)
				theirs, _ := m[name].(map[string]any)
				props := maps.Clone(theirs)
				if props == nil {
					props = map[string]any{}
				}
				maps.Copy(props, own)
				m[name] = props
			case "required":
				req, _ := m[name].([]any)
				m[name] = append(slices.Clip(req), asAnys(v)...)
			default:
				m[name] = v
			}
		}
		views[k] = m
		return m
	}
	for _, from := range froms {
		if build(from); tooMany != nil {
			return nil, tooMany
		}
	}
	return views, nil
}

// defaultNames finds, in every object of the document and every view, the
// properties with a default, by name order.
func (c *Checker) defaultNames(root any) map[unsafe.Pointer][]string {
	out := map[unsafe.Pointer][]string{}
	add := func(s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		var names []string
		for name, p := range props {
			ps, _ := p.(map[string]any)
			if _, ok := c.View(ps)["default"]; ok {
				names = append(names, name)
			}
		}
		if names != nil {
			slices.Sort(names)
			out[mapKey(s)] = names
		}
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			add(v)
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(root)
	for _, m := range c.views {
		add(m)
	}
	return out
}

func asAnys(v any) []any { a, _ := v.([]any); return a }

// compileChecker compiles schema into a checker of its own.
func compileChecker(schema json.RawMessage) *Checker {
	c := &Checker{}
	var comp *jsonschema.Compiler
	sch, doc, err := metaschema.Compile(schema, func(jc *jsonschema.Compiler) {
		jc.AssertFormat()
		jc.AssertContent()
		comp = jc
	})
	c.schema, c.err = sch, err
	if doc != nil {
		c.contentSchema = doc.ContentSchema
		c.raw, _ = doc.Root.(map[string]any)
		var verr error
		if c.views, verr = buildViews(doc); verr != nil && c.err == nil {
			c.err = verr
		}
		var nodes map[unsafe.Pointer]*costNode
		c.cost, nodes = costGraph(doc)
		c.defaults = c.defaultNames(doc.Root)
		if c.err == nil {
			c.defaults = c.fittingDefaults(doc, comp, nodes, budgetFor(len(schema)))
		}
	}
	return c
}

// fittingDefaults keeps, of the defaults that fillDefaults can reach,
// those that fit their own property's schema: a default the validator
// would refuse as the argument (a string for a number, a value outside
// the enum or the range, a text not in its format) is not filled in, so
// that the tool gets the property absent, as from a server that fills in
// no defaults, rather than a value the checks never saw. Each property's
// schema is compiled at its place in the document by comp (the compiler
// of the whole schema, which has compiled it already) and decided once,
// here; a property that is only a $ref shares its target's verdict, so
// that a large default many properties share is checked once. The checks
// together are bounded by a call's budget for arguments the size of the
// schema; past it, a default is not filled in. Whatever the validator
// chokes on leaves its default out; the schema is never refused for it.
func (c *Checker) fittingDefaults(doc *metaschema.Doc, comp *jsonschema.Compiler, nodes map[unsafe.Pointer]*costNode, budget int) map[unsafe.Pointer][]string {
	if len(c.defaults) == 0 || comp == nil {
		return nil
	}
	// Where each object or array of the document is: its parent's place
	// and its key there.
	type place struct {
		parent *place
		key    string
	}
	places := map[unsafe.Pointer]*place{}
	var index func(v any, at *place)
	index = func(v any, at *place) {
		switch v := v.(type) {
		case map[string]any:
			places[mapKey(v)] = at
			for k, e := range v {
				switch e.(type) {
				case map[string]any, []any:
					index(e, &place{at, k})
				}
			}
		case []any:
			for i, e := range v {
				switch e.(type) {
				case map[string]any, []any:
					index(e, &place{at, strconv.Itoa(i)})
				}
			}
		}
	}
	index(doc.Root, nil)
	targets := map[unsafe.Pointer]map[string]any{}
	doc.Refs(func(r metaschema.Ref) {
		if r.Key == "$ref" {
			targets[mapKey(r.From)] = r.To
		}
	})
	verdicts := map[unsafe.Pointer]bool{}
	fits := func(ps map[string]any) (ok bool) {
		for range len(targets) {
			t := targets[mapKey(ps)]
			if t == nil || len(ps) != 1 {
				break
			}
			ps = t
		}
		k := mapKey(ps)
		if ok, done := verdicts[k]; done {
			return ok
		}
		if budget < 0 {
			return false // before the default is read: it may be large
		}
		defer func() {
			// The validator is not ours: what it chokes on is no default.
			if recover() != nil {
				ok = false
			}
			verdicts[k] = ok
		}()
		s := c.View(ps)
		b, err := json.Marshal(s["default"])
		if err != nil {
			return false
		}
		dv, perr := Parse(b, false)
		if perr != nil {
			return false
		}
		if spend(nodes[k], dv, &budget, 0); budget < 0 {
			return false
		}
		at, found := places[k]
		if !found {
			return false
		}
		var tokens []string
		for ; at != nil; at = at.parent {
			tokens = append(tokens, at.key)
		}
		slices.Reverse(tokens)
		sub, err := metaschema.CompileAt(comp, tokens)
		if err != nil || sub.Validate(dv.any()) != nil {
			return false
		}
		cc := *c
		cc.v = dv
		return len(cc.extra(dv, s, nil, "Argument", nil)) == 0
	}
	// The schemas fillDefaults reaches (as it goes: properties,
	// additionalProperties, items), each once, in a fixed order.
	out := map[unsafe.Pointer][]string{}
	seen := map[unsafe.Pointer]bool{}
	var walk func(s map[string]any)
	walk = func(s map[string]any) {
		s = c.View(s)
		if s == nil || seen[mapKey(s)] {
			return
		}
		seen[mapKey(s)] = true
		props, _ := s["properties"].(map[string]any)
		var kept []string
		for _, name := range c.defaults[mapKey(s)] {
			if ps, _ := props[name].(map[string]any); ps != nil && fits(ps) {
				kept = append(kept, name)
			}
		}
		if kept != nil {
			out[mapKey(s)] = kept
		}
		for _, name := range slices.Sorted(maps.Keys(props)) {
			ps, _ := props[name].(map[string]any)
			walk(ps)
		}
		addl, _ := s["additionalProperties"].(map[string]any)
		walk(addl)
		items, _ := s["items"].(map[string]any)
		walk(items)
	}
	walk(c.raw)
	return out
}

// Check validates v, and returns the violations, most useful first. noun
// is "Argument" or "Result".
func (c *Checker) Check(v *Value, noun string) (out []Violation) {
	cc := *c
	cc.v = v
	cc.branchSchemas = nil
	c = &cc
	defer func() {
		// The validator is not ours: whatever it chokes on is refused,
		// never a crash.
		if r := recover(); r != nil {
			out = []Violation{misfit(noun)}
		}
	}()
	invalid := false
	if err := c.schema.Validate(v.any()); err != nil {
		invalid = true
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			out = c.leaves(ve, noun, out)
		}
	}
	out = Sort(c.extra(v, c.View(c.raw), make([]string, 0, 8), noun, out))
	out = failClosed(invalid, out, noun)
	// One type violation per value: the validator's ("must be an integer
	// or null.") over the extra check's ("must be an integer.").
	// (By path, in one pass: a hostile call can bring many.)
	if len(out) < 2 {
		return out
	}
	typeMessages := map[string][]string{}
	for _, v := range out {
		if v.Rule == "type" {
			typeMessages[v.Path] = append(typeMessages[v.Path], v.Message)
		}
	}
	return slices.DeleteFunc(out, func(a Violation) bool {
		return a.Rule == "type" && strings.HasSuffix(a.Message, "must be an integer.") &&
			slices.ContainsFunc(typeMessages[a.Path], func(m string) bool { return m != a.Message })
	})
}

// misfit is the violation of a value the validator refused where nothing
// more precise can be said.
func misfit(noun string) Violation {
	msg := "The arguments do not fit the tool's schema."
	if noun == "Result" {
		msg = "The result does not fit the tool's output schema."
	}
	return Violation{Rule: "type", Message: msg}
}

// failClosed returns out, or misfit's violation when the validator refused
// the value and no violation was written for it: a refusal whose words
// are missing still refuses (a oneOf two branches fit once wrote none,
// and the call passed).
func failClosed(invalid bool, out []Violation, noun string) []Violation {
	if invalid && len(out) == 0 {
		return []Violation{misfit(noun)}
	}
	return out
}

// Sort orders violations most useful first, as the invoker
// does (violation.Compare), and drops repeated messages.
func Sort(out []Violation) []Violation {
	slices.SortStableFunc(out, func(a, b Violation) int {
		return violation.Compare(a.Rule, a.Path, a.Message, b.Rule, b.Path, b.Message)
	})
	return slices.CompactFunc(out, func(a, b Violation) bool { return a.Message == b.Message })
}

// leaves turns the validator's error tree into violations.
func (c *Checker) leaves(ve *jsonschema.ValidationError, noun string, out []Violation) []Violation {
	switch k := ve.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if len(ve.Causes) == 0 {
			break // a oneOf more than one branch fits: below
		}
		// Each branch's violations are written once, for both uses:
		// written again for the second, the time doubled with each
		// anyOf nested in one.
		branches := make([][]Violation, len(ve.Causes))
		for i, cause := range ve.Causes {
			branches[i] = c.leaves(cause, noun, nil)
		}
		if v, ok := c.alternatives(ve, branches, noun); ok {
			return append(out, v)
		}
		if vs, ok := c.nearest(ve, branches, noun); ok {
			return append(out, vs...)
		}
		for _, b := range branches {
			out = append(out, b...)
		}
		return out
	case *kind.Contains, *kind.MinContains:
		// The causes are the items that do not fit: told one by one,
		// each would read as a rule for every item.
		want := 1
		if k, ok := ve.ErrorKind.(*kind.MinContains); ok {
			want = k.Want
		}
		path := c.Render(ve.InstanceLocation, c.v)
		msg := fmt.Sprintf("%s must have at least %d %s its contains schema", violation.Subject(noun, path), want, itemsThatFit(want))
		var first []Violation
		for _, cause := range ve.Causes {
			if first = Sort(c.leaves(cause, noun, nil)); len(first) > 0 {
				break
			}
		}
		if len(first) == 0 {
			return append(out, Violation{Path: path, Rule: "items", Message: msg + "."})
		}
		return append(out, Violation{Path: path, Rule: "items", Message: msg + "; the first that does not: " + first[0].Message})
	case *kind.MaxContains:
		path := c.Render(ve.InstanceLocation, c.v)
		do := "do"
		if len(k.Got) == 1 {
			do = "does"
		}
		msg := fmt.Sprintf("%s must have at most %d %s its contains schema; %d %s (%s).", violation.Subject(noun, path), k.Want,
			itemsThatFit(k.Want), len(k.Got), do, itemList(k.Got))
		return append(out, Violation{Path: path, Rule: "items", Message: msg})
	case *kind.PropertyNames:
		// The causes are the name's, at the object's location.
		loc := ve.InstanceLocation
		path := c.Render(append(slices.Clip(loc), k.Property), c.v)
		var asks []string
		for _, cause := range ve.Causes {
			for _, v := range Sort(c.leaves(cause, noun, nil)) {
				ask, ok := strings.CutPrefix(v.Message, violation.Subject(noun, v.Path)+" must ")
				if !ok {
					ask = "fit the tool's schema."
				}
				asks = append(asks, strings.TrimSuffix(ask, "."))
			}
		}
		if len(asks) == 0 {
			asks = []string{"fit the tool's schema"}
		}
		return append(out, Violation{Path: path, Rule: "unknown",
			Message: violation.Subject(noun, path) + " has a name the tool does not take: a name must " + strings.Join(asks, " and ") + "."})
	}
	if len(ve.Causes) > 0 {
		for _, cause := range ve.Causes {
			out = c.leaves(cause, noun, out)
		}
		return out
	}
	loc := ve.InstanceLocation
	path := c.Render(loc, c.v)
	at := func(rule, format string, args ...any) {
		out = append(out, Violation{Path: path, Rule: rule, Message: violation.Subject(noun, path) + " " + fmt.Sprintf(format, args...)})
	}
	here := c.schemaAt(loc)
	switch k := ve.ErrorKind.(type) {
	case *kind.Required:
		for _, m := range k.Missing {
			p := c.Render(append(slices.Clip(loc), m), c.v)
			out = append(out, Violation{Path: p, Rule: "missing", Message: fmt.Sprintf("%s '%s' is required.", noun, p)})
		}
	case *kind.AdditionalProperties:
		props, _ := here["properties"].(map[string]any)
		folded := c.foldedNames(props)
		for _, name := range k.Properties {
			p := c.Render(append(slices.Clip(loc), name), c.v)
			msg := fmt.Sprintf("%s '%s' is not a parameter of the tool.", noun, p)
			if known, ok := folded[foldKey(name)]; ok {
				msg = fmt.Sprintf("%s '%s' is not a parameter of the tool; the parameter is '%s' (names are case-sensitive).",
					noun, p, c.Render(append(slices.Clip(loc), known), c.v))
			}
			out = append(out, Violation{Path: p, Rule: "unknown", Message: msg})
		}
	case *kind.Type:
		if k.Got == "null" {
			at("null", "must not be null.")
			return out
		}
		at("type", "must be %s.", typeWords(k.Want))
	case *kind.Enum:
		// The values as the schema lists them, up to a bound: a raw
		// schema's enum may be long.
		var vals strings.Builder
		for i, w := range k.Want {
			if vals.Len() > maxListed {
				fmt.Fprintf(&vals, ", … and %d more", len(k.Want)-i)
				break
			}
			if i > 0 {
				vals.WriteString(", ")
			}
			b, _ := json.Marshal(w)
			vals.WriteString(metaschema.Cut(string(b), maxListed))
		}
		at("enum", "must be one of %s.", vals.String())
	case *kind.Minimum:
		at("range", "must be at least %s.", bound(here, "minimum", k.Want))
	case *kind.Maximum:
		at("range", "must be at most %s.", bound(here, "maximum", k.Want))
	case *kind.MinLength:
		at("length", "must be at least %d %s long.", k.Want, violation.Plural(k.Want, "character"))
	case *kind.MaxLength:
		at("length", "must be at most %d %s long.", k.Want, violation.Plural(k.Want, "character"))
	case *kind.MinItems:
		at("items", "must have at least %d %s.", k.Want, violation.Plural(k.Want, "item"))
	case *kind.MaxItems:
		at("items", "must have at most %d %s.", k.Want, violation.Plural(k.Want, "item"))
	case *kind.UniqueItems:
		at("unique", "must not repeat an item (items %d and %d are equal).", k.Duplicates[0], k.Duplicates[1])
	case *kind.Pattern:
		at("pattern", "must match the pattern %s.", metaschema.Cut(k.Want, maxListed))
	case *kind.Format:
		at("format", "%s", schema.FormatAsk(metaschema.Cut(k.Want, maxListed)))
	case *kind.ContentEncoding:
		at("format", "must be %s text.", metaschema.Cut(k.Want, maxListed))
	case *kind.ContentMediaType:
		at("format", "must be a text of %s.", metaschema.Cut(k.Want, maxListed))
	case *kind.ExclusiveMinimum:
		at("range", "must be greater than %s.", bound(here, "exclusiveMinimum", k.Want))
	case *kind.ExclusiveMaximum:
		at("range", "must be less than %s.", bound(here, "exclusiveMaximum", k.Want))
	case *kind.MultipleOf:
		at("range", "must be a multiple of %s.", bound(here, "multipleOf", k.Want))
	case *kind.Const:
		b, _ := json.Marshal(k.Want)
		at("enum", "must be %s.", metaschema.Cut(string(b), maxListed))
	case *kind.MinProperties:
		at("items", "must have at least %d %s.", k.Want, violation.Plural(k.Want, "property"))
	case *kind.MaxProperties:
		at("items", "must have at most %d %s.", k.Want, violation.Plural(k.Want, "property"))
	case *kind.DependentRequired:
		out = c.requiredWith(loc, k.Prop, k.Missing, noun, out)
	case *kind.Dependency:
		out = c.requiredWith(loc, k.Prop, k.Missing, noun, out)
	case *kind.Not:
		at("type", "must not fit the schema under the keyword not.")
	case *kind.OneOf:
		if len(k.Subschemas) >= 2 {
			at("type", "must fit exactly one of the alternatives of its oneOf; it fits alternatives %d and %d.", k.Subschemas[0]+1, k.Subschemas[1]+1)
			break
		}
		at("type", "must fit the tool's schema.")
	case *kind.FalseSchema:
		switch {
		case len(loc) == 0:
			at("type", "are never taken: the tool's schema takes no value.")
		case c.valueAt(loc[:len(loc)-1]).Kind == '[':
			at("items", "is not taken by the tool: its schema takes no value.")
		default:
			at("unknown", "is not taken by the tool: its schema takes no value.")
		}
	default:
		at("type", "must fit the tool's schema.")
	}
	return out
}

// foldedNames indexes the names of props by foldKey, the first by name
// order where two fold alike, once a Check for each properties map: a
// call may bring many unknown keys, each looked up in constant time,
// where each was compared with every name.
func (c *Checker) foldedNames(props map[string]any) map[string]string {
	if len(props) == 0 {
		return nil
	}
	if f, ok := c.folds[mapKey(props)]; ok {
		return f
	}
	f := make(map[string]string, len(props))
	for _, name := range slices.Sorted(maps.Keys(props)) {
		if _, ok := f[foldKey(name)]; !ok {
			f[foldKey(name)] = name
		}
	}
	if c.folds == nil {
		c.folds = map[unsafe.Pointer]map[string]string{}
	}
	c.folds[mapKey(props)] = f
	return f
}

// foldKey writes each rune of s as the least of its simple case folding's
// orbit: two texts fold alike (strings.EqualFold) when their keys are
// equal.
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// itemList names items by index, the first five at most: "items 0, 2
// and 3", "items 0, 1, 2, 3, 4 and 95 more".
func itemList(idx []int) string {
	const most = 5
	words := make([]string, 0, most+1)
	for _, n := range idx[:min(len(idx), most)] {
		words = append(words, strconv.Itoa(n))
	}
	if len(idx) > most {
		words = append(words, strconv.Itoa(len(idx)-most)+" more")
	}
	if len(words) == 1 {
		return "item " + words[0]
	}
	return "items " + strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// itemsThatFit is "item that fits" or "items that fit", by n.
func itemsThatFit(n int) string {
	if n == 1 {
		return "item that fits"
	}
	return "items that fit"
}

// requiredWith writes the violations of properties missing beside one
// that is given (dependentRequired, draft-07's dependencies).
func (c *Checker) requiredWith(loc []string, given string, missing []string, noun string, out []Violation) []Violation {
	g := c.Render(append(slices.Clip(loc), given), c.v)
	for _, m := range missing {
		p := c.Render(append(slices.Clip(loc), m), c.v)
		out = append(out, Violation{Path: p, Rule: "missing", Message: fmt.Sprintf("%s '%s' is required when '%s' is given.", noun, p, g)})
	}
	return out
}

// valueAt returns the value of the arguments at an instance location
// from the validator (its segments unmarked), or a null value where
// there is none.
func (c *Checker) valueAt(loc []string) *Value {
	v := c.v
	for _, seg := range loc {
		var next *Value
		if v != nil && v.Kind == '[' {
			if i, err := strconv.Atoi(seg); err == nil && i >= 0 && i < len(v.Vals) {
				next = v.Vals[i]
			}
		} else if v != nil && v.Kind == '{' {
			if i := v.index(seg); i >= 0 {
				next = v.Vals[i]
			}
		}
		v = next
	}
	if v == nil {
		return &Value{Kind: 'n'}
	}
	return v
}

// alternatives returns the one violation of a value that fits none of
// the branches of an anyOf or oneOf: what each branch asks of the value,
// joined by "or" ("must be at least 1 character long, or null."), where
// one line per branch, each a "must", would tell the model to satisfy
// them all. It does so only when every branch fails at the value itself
// with words of the form "must ...": a branch that fails deeper in the
// value (a property of an object) keeps its own lines, and so does one
// whose alternatives of its own come beside another failure (joined,
// "A and B, or C" would read as "(A and B) or C").
// branches are the violations of each branch, in the order of the
// causes.
func (c *Checker) alternatives(ve *jsonschema.ValidationError, branches [][]Violation, noun string) (Violation, bool) {
	if len(branches) < 2 {
		return Violation{}, false
	}
	path := c.Render(ve.InstanceLocation, c.v)
	lead := violation.Subject(noun, path) + " must "
	var rule string
	var asks []string
	singles := true
	for _, b := range branches {
		vs := Sort(slices.Clone(b))
		if len(vs) == 0 {
			return Violation{}, false
		}
		parts := make([]string, 0, len(vs))
		for _, v := range vs {
			if v.Path != path || !strings.HasPrefix(v.Message, lead) || !strings.HasSuffix(v.Message, ".") {
				return Violation{}, false
			}
			parts = append(parts, strings.TrimSuffix(strings.TrimPrefix(v.Message, lead), "."))
		}
		if len(parts) > 1 && slices.ContainsFunc(parts, func(p string) bool { return strings.Contains(p, ", or ") }) {
			return Violation{}, false
		}
		if rule == "" {
			rule = vs[0].Rule
		}
		singles = singles && len(parts) == 1
		ask := strings.Join(parts, " and ")
		if !slices.Contains(asks, ask) {
			asks = append(asks, ask)
		}
	}
	// "be a string, or be an array" reads as "be a string, or an array".
	if singles && !slices.ContainsFunc(asks, func(a string) bool { return !strings.HasPrefix(a, "be ") }) {
		for i := 1; i < len(asks); i++ {
			asks[i] = strings.TrimPrefix(asks[i], "be ")
		}
	}
	return Violation{Path: path, Rule: rule, Message: lead + strings.Join(asks, ", or ") + "."}, true
}

// nearest returns the violations of an object or array that fits none
// of the branches of an anyOf or oneOf, when alternatives cannot join
// them: each branch's lines together told the model to fix the value
// every way at once (an object of either email or phone, given both, was
// told that each is not a parameter). They are the lines of the branch
// the value is nearest to, alone; or, when several are equally near, one
// line that says what fits each of them.
//
// The nearest branches are those that take the value's type (no "type"
// or "null" violation at the value itself), or all when none does; among
// them, those that refuse the fewest of the value's tags (a member
// another branch names by a const or an enum, and takes: the value's tag
// names its branch, however many keys the others are from); among those,
// the ones that ask the fewest keys added or left out (the "missing" and
// "unknown" violations), as a validator's "best match" does.
func (c *Checker) nearest(ve *jsonschema.ValidationError, branches [][]Violation, noun string) ([]Violation, bool) {
	if k := c.valueAt(ve.InstanceLocation).Kind; len(branches) < 2 || (k != '{' && k != '[') {
		return nil, false
	}
	path := c.Render(ve.InstanceLocation, c.v)
	typed := make([]bool, len(branches))
	keys := make([]int, len(branches))
	tags := c.tagsRefused(ve)
	anyTyped := false
	for i, b := range branches {
		if len(b) == 0 {
			return nil, false
		}
		typed[i] = !slices.ContainsFunc(b, func(v Violation) bool {
			return v.Path == path && (v.Rule == "type" || v.Rule == "null")
		})
		anyTyped = anyTyped || typed[i]
		for _, v := range b {
			if v.Rule == "missing" || v.Rule == "unknown" {
				keys[i]++
			}
		}
	}
	var near []int
	for i := range branches {
		if anyTyped && !typed[i] {
			continue
		}
		if len(near) > 0 {
			n := near[0]
			if d := cmp.Or(cmp.Compare(tags[i], tags[n]), cmp.Compare(keys[i], keys[n])); d > 0 {
				continue
			} else if d == 0 {
				near = append(near, i)
				continue
			}
		}
		near = append(near[:0], i)
	}
	if len(near) == 1 {
		return branches[near[0]], true
	}
	word := unionWord(ve)
	its := "its"
	if path == "" && noun != "Result" {
		its = "their"
	}
	var msg strings.Builder
	fmt.Fprintf(&msg, "%s must fit one of the alternatives of %s %s", violation.Subject(noun, path), its, word)
	const mostBranches, mostFixes = 4, 3
	var rule string
	for n, i := range near {
		if n == mostBranches {
			if more := len(near) - n; more == 1 {
				msg.WriteString("; 1 more alternative fits as nearly")
			} else {
				fmt.Fprintf(&msg, "; %d more alternatives fit as nearly", more)
			}
			break
		}
		fmt.Fprintf(&msg, "; to fit alternative %d, ", i+1)
		vs := Sort(slices.Clone(branches[i]))
		if n == 0 {
			// The first branch's first line by Sort: its lines come
			// in the validator's order, which is a map's.
			rule = vs[0].Rule
		}
		for j, v := range vs {
			if j == mostFixes {
				fmt.Fprintf(&msg, " and %d more", len(vs)-j)
				break
			}
			if j > 0 {
				msg.WriteString(" and ")
			}
			// Cut: a fix may be an inner alternative's line, and each
			// level would hold the whole of the one below.
			msg.WriteString(metaschema.Cut(fix(v, noun, path), maxListed))
		}
	}
	msg.WriteString(".")
	return []Violation{{Path: path, Rule: rule, Message: msg.String()}}, true
}

// tagsRefused counts, for each branch of the anyOf or oneOf ve, the
// value's tags it refuses: the members it refuses by a const or an enum
// that another branch names by one (in its properties, its $ref's or its
// allOf's) and takes. A member only one branch says anything of is no
// tag: refused there ({"unit":"kelvin"} where a branch takes "c" or "f"),
// it is that branch's fault to tell, not a sign of another branch.
//
// The refused members come from each branch's error tree: its errors at
// the value (its keywords, allOf and $ref) and at its members, not those
// of an anyOf or oneOf at the value, which are its own; so each error is
// read by the combinator of its value and that of the value holding it,
// in time linear in the tree. The names are looked up once a branch for
// each member refused somewhere, as the validator applied each branch to
// each member.
func (c *Checker) tagsRefused(ve *jsonschema.ValidationError) []int {
	depth := len(ve.InstanceLocation)
	refused := make([][]string, len(ve.Causes))
	var all []string
	for i, cause := range ve.Causes {
		var walk func(e *jsonschema.ValidationError)
		walk = func(e *jsonschema.ValidationError) {
			if _, ok := e.ErrorKind.(*kind.Not); ok {
				return // a not's causes are what fits
			}
			switch len(e.InstanceLocation) {
			case depth:
				switch e.ErrorKind.(type) {
				case *kind.AnyOf, *kind.OneOf:
					return
				}
			case depth + 1:
				switch e.ErrorKind.(type) {
				case *kind.Const, *kind.Enum:
					// A member refused by both (pydantic writes a tag
					// as a const and an enum of its value) counts once.
					if name := e.InstanceLocation[depth]; len(refused[i]) == 0 || refused[i][len(refused[i])-1] != name {
						refused[i] = append(refused[i], name)
					}
					return
				}
			default:
				return
			}
			for _, cause := range e.Causes {
				walk(cause)
			}
		}
		walk(cause)
		slices.Sort(refused[i])
		refused[i] = slices.Compact(refused[i])
		all = append(all, refused[i]...)
	}
	tags := make([]int, len(ve.Causes))
	if len(all) == 0 {
		return tags
	}
	slices.Sort(all)
	// A union has a tag or two; the lookups below take time with the
	// branches times the names, which a hostile value (many members
	// each refused by a const) would make large.
	all = slices.Compact(all)
	all = all[:min(len(all), maxTags)]
	// taken[m]: some branch names member all[m] by a const or an enum and
	// does not refuse it.
	taken := make([]bool, len(all))
	// A branch's schema is found from the anyOf's or oneOf's, not from
	// its error's location: a branch with one error has that error's
	// (a then's, an allOf entry's, a $ref target's), where the branch's
	// own tag is not.
	word := unionWord(ve)
	branchSchemas := asAnys(c.unionSchema(ve.SchemaURL)[word])
	if len(branchSchemas) != len(ve.Causes) {
		return tags
	}
	for i := range ve.Causes {
		s, _ := branchSchemas[i].(map[string]any)
		if s == nil {
			continue
		}
		for m, name := range all {
			if _, in := slices.BinarySearch(refused[i], name); !taken[m] && !in && namesByValue(c, s, name) {
				taken[m] = true
			}
		}
	}
	for i := range ve.Causes {
		for _, name := range refused[i] {
			if m, ok := slices.BinarySearch(all, name); ok && taken[m] {
				tags[i]++
			}
		}
	}
	return tags
}

// unionWord is the keyword of ve, an anyOf's or a oneOf's error.
func unionWord(ve *jsonschema.ValidationError) string {
	if _, ok := ve.ErrorKind.(*kind.OneOf); ok {
		return "oneOf"
	}
	return "anyOf"
}

// unionSchema is rawSchema(loc), read once a Check for each location.
func (c *Checker) unionSchema(loc string) map[string]any {
	key := locationKey{unsafe.StringData(loc), len(loc)}
	if s, ok := c.branchSchemas[key]; ok {
		return s
	}
	if c.branchSchemas == nil {
		c.branchSchemas = map[locationKey]map[string]any{}
	}
	s := c.rawSchema(loc)
	c.branchSchemas[key] = s
	return s
}

// maxTags bounds the members tagsRefused looks up as tags, and
// maxTagAllOf the schemas of a branch's allOf it looks in.
const maxTags, maxTagAllOf = 16, 8

// namesByValue reports whether schema s (its view, with its $ref's
// keywords, and those of the first schemas of its allOf) gives the
// property name a const or an enum.
func namesByValue(c *Checker, s map[string]any, name string) bool {
	named := func(s map[string]any) bool {
		props, _ := c.View(s)["properties"].(map[string]any)
		p, _ := props[name].(map[string]any)
		p = c.View(p)
		_, isConst := p["const"]
		_, isEnum := p["enum"]
		return isConst || isEnum
	}
	if named(s) {
		return true
	}
	all := asAnys(c.View(s)["allOf"])
	return slices.ContainsFunc(all[:min(len(all), maxTagAllOf)], func(a any) bool {
		as, ok := a.(map[string]any)
		return ok && named(as)
	})
}

// rawSchema returns the schema of the document at a schema location of
// the validator's (the document's URL, "#", a JSON pointer), nil when the
// location is not one of the document's.
func (c *Checker) rawSchema(loc string) map[string]any {
	base, frag, ok := strings.Cut(loc, "#")
	if root, _, _ := strings.Cut(c.schema.Location, "#"); !ok || base != root {
		return nil
	}
	frag, err := url.PathUnescape(frag)
	if err != nil {
		return nil
	}
	var at any = c.raw
	for tok := range strings.SplitSeq(strings.TrimPrefix(frag, "/"), "/") {
		if frag == "" {
			break
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v := at.(type) {
		case map[string]any:
			at = v[tok]
		case []any:
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n >= len(v) {
				return nil
			}
			at = v[n]
		default:
			return nil
		}
	}
	m, _ := at.(map[string]any)
	return m
}

// fix words a violation of a branch as what fitting the branch takes, for
// nearest's line about the value at path: "leave out 'a.b'", "give
// 'a.c'", "'a.d' must be a string", "it must have at least 1 item".
func fix(v Violation, noun, path string) string {
	msg := strings.TrimSuffix(v.Message, ".")
	switch v.Rule {
	case "unknown":
		if strings.HasPrefix(msg, violation.Subject(noun, v.Path)+" is not a parameter") {
			return "leave out '" + v.Path + "'"
		}
	case "missing":
		if msg == violation.Subject(noun, v.Path)+" is required" {
			return "give '" + v.Path + "'"
		}
	}
	if rest, ok := strings.CutPrefix(msg, violation.Subject(noun, v.Path)+" "); ok {
		if v.Path == path && path == "" && noun != "Result" {
			return "they " + rest
		}
		if v.Path == path {
			return "it " + rest
		}
		return "'" + v.Path + "' " + rest
	}
	return msg
}

// maxListed bounds the text of a schema's values that a violation lists
// (an enum's values, a pattern): past it, the message says how much more
// there was.
const maxListed = 512

// bound writes a minimum or maximum as the schema writes it, when the
// keyword of the value's schema s is the one broken: the one broken may
// be another's (an allOf's, a $ref's target's), and s's own, which the
// value may well fit, would tell the model a bound that is not the one.
func bound(s map[string]any, key string, r *big.Rat) string {
	if n, ok := s[key].(json.Number); ok {
		if q, ok := new(big.Rat).SetString(string(n)); ok && q.Cmp(r) == 0 {
			return string(n)
		}
	}
	return ratString(r)
}

// extra checks what the validator lets through and encoding/json refuses: a
// fractional or exponent literal for an integer, a number beyond a float64,
// a date-time time.Time does not read.
func (c *Checker) extra(v *Value, s map[string]any, loc []string, noun string, out []Violation) []Violation {
	if s == nil || v == nil {
		return out
	}
	add := func(rule, msg string) {
		path := c.Render(loc, c.v)
		out = append(out, Violation{Path: path, Rule: rule, Message: violation.Subject(noun, path) + " " + msg})
	}
	switch v.Kind {
	case '0':
		switch {
		case has(s["type"], "integer") && strings.ContainsAny(v.Str, ".eE"):
			add("type", "must be an integer.")
		case has(s["type"], "number"):
			if _, err := strconv.ParseFloat(v.Str, 64); err != nil {
				add("range", "is beyond the range of a number.")
			}
		}
	case '"':
		if s["format"] == "date-time" {
			if _, err := time.Parse(time.RFC3339Nano, v.Str); err != nil {
				add("format", "must be in the format date-time.")
			}
		}
	case '{':
		props, _ := s["properties"].(map[string]any)
		addl, _ := s["additionalProperties"].(map[string]any)
		for i, k := range v.Keys {
			ps, _ := props[k].(map[string]any)
			if ps == nil {
				ps = addl
			}
			out = c.extra(v.Vals[i], c.View(ps), append(loc, k), noun, out) // loc is rendered at once, never kept
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for i, e := range v.Vals {
			out = c.extra(e, c.View(items), append(loc, strconv.Itoa(i)), noun, out)
		}
	}
	return out
}

// maxFilledBytes bounds the text the defaults filled into one call's
// arguments add: the arguments' own limit. Unbounded, a few bytes an
// object ({}) brought a default of up to the schema's size each.
const maxFilledBytes = limits.DefaultMaxArgumentBytes

// A filling is what fillDefaults has done in one call: each default's
// value read once, shared by the objects it is filled into (the
// completed arguments are only written), and the bytes they may still
// add; past them, left is negative and the filling stops.
type filling struct {
	read map[defaultAt]filled
	left int
}

// filled is a default's value and the length of its text.
type filled struct {
	v   *Value
	len int
}

type defaultAt struct {
	schema unsafe.Pointer
	name   string
}

// fillDefaults adds the defaults of absent properties, in objects at any
// depth that the arguments have, and reports whether it added any. Only
// the defaults that fit their own schemas are added (fittingDefaults).
func (c *Checker) fillDefaults(v *Value, s map[string]any, f *filling) (added bool) {
	s = c.View(s)
	if v == nil || s == nil || f.left < 0 {
		return false
	}
	switch v.Kind {
	case '{':
		props, _ := s["properties"].(map[string]any)
		for i, k := range v.Keys {
			ps, _ := props[k].(map[string]any)
			if ps == nil {
				ps, _ = s["additionalProperties"].(map[string]any)
			}
			added = c.fillDefaults(v.Vals[i], ps, f) || added
		}
		// Properties in schema order: the order of the schema's keys is
		// lost in a map, so defaults are added by name order. (The names
		// are found once, at compile: a call of many objects would
		// otherwise go over every property for each.)
		var present map[string]bool
		if len(v.Keys) > 16 {
			present = make(map[string]bool, len(v.Keys))
			for _, k := range v.Keys {
				present[k] = true
			}
		}
		for _, name := range c.defaults[mapKey(s)] {
			if present != nil && present[name] || present == nil && slices.Contains(v.Keys, name) {
				continue
			}
			at := defaultAt{mapKey(s), name}
			d, read := f.read[at]
			if !read {
				ps, _ := props[name].(map[string]any)
				b, _ := json.Marshal(c.View(ps)["default"])
				d.v, _ = Parse(b, false)
				d.len = len(d.v.append(nil))
				f.read[at] = d
			}
			// Its text, the name's and ,"": bounded before it is kept.
			if f.left -= d.len + len(name) + 4; f.left < 0 {
				return added
			}
			v.Keys, v.Vals = append(v.Keys, name), append(v.Vals, d.v)
			added = true
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for _, e := range v.Vals {
			added = c.fillDefaults(e, items, f) || added
		}
	}
	return added
}

// dropOptionalNulls takes out the null members of objects whose property
// is optional and does not take null: null for an optional argument means
// absent (OpenAI's strict mode sends null for each optional argument it
// leaves out). requireds holds the required names of each schema, read at
// the first null of an object of it, once a call (a call may bring many
// objects).
func (c *Checker) dropOptionalNulls(v *Value, s map[string]any, requireds map[unsafe.Pointer]map[string]bool) {
	s = c.View(s)
	if v == nil || s == nil {
		return
	}
	switch v.Kind {
	case '{':
		props, _ := s["properties"].(map[string]any)
		var required map[string]bool
		// The members kept, made only at the first taken out.
		var keys []string
		var vals []*Value
		for i, k := range v.Keys {
			ps, _ := props[k].(map[string]any)
			if v.Vals[i].Kind == 'n' && ps != nil && required == nil {
				var read bool
				if required, read = requireds[mapKey(s)]; !read {
					required = map[string]bool{}
					for _, r := range asStrings(s["required"]) {
						required[r] = true
					}
					requireds[mapKey(s)] = required
				}
			}
			if v.Vals[i].Kind == 'n' && ps != nil && !required[k] && !c.takesNull(c.View(ps)) {
				if keys == nil {
					keys = append(make([]string, 0, len(v.Keys)), v.Keys[:i]...)
					vals = append(make([]*Value, 0, len(v.Vals)), v.Vals[:i]...)
				}
				v.changed = true
				continue
			}
			if ps == nil {
				ps, _ = s["additionalProperties"].(map[string]any)
			}
			c.dropOptionalNulls(v.Vals[i], ps, requireds)
			v.changed = v.changed || v.Vals[i].changed
			if keys != nil {
				keys, vals = append(keys, k), append(vals, v.Vals[i])
			}
		}
		if keys != nil {
			v.Keys, v.Vals = keys, vals
		}
	case '[':
		items, _ := s["items"].(map[string]any)
		for _, e := range v.Vals {
			c.dropOptionalNulls(e, items, requireds)
			v.changed = v.changed || e.changed
		}
	}
}

// takesNull reports whether a schema allows null: each of its type, enum,
// const, allOf, anyOf and oneOf does (a schema with none of them takes
// anything). A schema with no type of its own (an enum, an anyOf, as MCP
// servers write them) takes null only when its values or branches do, so
// that an optional one's null, which OpenAI's strict mode has the model
// send for "absent", is absent. Each schema is read once (a $ref that
// leads back to a schema being read takes null, left to the validator),
// and past maxNullDepth schemas within one another null is taken.
func (c *Checker) takesNull(s map[string]any) bool {
	return c.nullIn(s, 0, map[unsafe.Pointer]bool{})
}

// maxNullDepth bounds takesNull's descent into branches and references.
const maxNullDepth = 16

func (c *Checker) nullIn(s map[string]any, depth int, seen map[unsafe.Pointer]bool) bool {
	if depth > maxNullDepth {
		return true
	}
	key := mapKey(s)
	if v, ok := seen[key]; ok {
		return v
	}
	seen[key] = true // while it is read: a way back to it takes null
	v := c.nullOwn(s, depth, seen)
	seen[key] = v
	return v
}

func (c *Checker) nullOwn(s map[string]any, depth int, seen map[unsafe.Pointer]bool) bool {
	if t, ok := s["type"]; ok && !has(t, "null") {
		return false
	}
	if e, ok := s["enum"].([]any); ok && !slices.Contains(e, nil) {
		return false
	}
	if v, ok := s["const"]; ok && v != nil {
		return false
	}
	branch := func(b any) bool {
		switch b := b.(type) {
		case bool:
			return b
		case map[string]any:
			return c.nullIn(c.View(b), depth+1, seen)
		}
		return true
	}
	if all, ok := s["allOf"].([]any); ok && slices.ContainsFunc(all, func(b any) bool { return !branch(b) }) {
		return false
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if bs, ok := s[k].([]any); ok && !slices.ContainsFunc(bs, branch) {
			return false
		}
	}
	return true
}

func asStrings(v any) []string {
	var out []string
	if a, ok := v.([]any); ok {
		for _, e := range a {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// schemaAt returns the schema of the value at an instance location.
func (c *Checker) schemaAt(loc []string) map[string]any {
	s := c.View(c.raw)
	for _, seg := range loc {
		if s == nil {
			return nil
		}
		if props, ok := s["properties"].(map[string]any); ok {
			if ps, ok := props[seg].(map[string]any); ok {
				s = c.View(ps)
				continue
			}
		}
		if items, ok := s["items"].(map[string]any); ok {
			s = c.View(items)
			continue
		}
		s, _ = s["additionalProperties"].(map[string]any)
		s = c.View(s)
	}
	return s
}

func has(t any, name string) bool {
	switch t := t.(type) {
	case string:
		return t == name
	case []any:
		return slices.Contains(t, any(name))
	}
	return false
}

func typeWords(want []string) string {
	words := map[string]string{"integer": "an integer", "number": "a number", "string": "a string",
		"boolean": "true or false", "array": "an array", "object": "an object", "null": "null"}
	var ws []string
	for _, w := range want {
		ws = append(ws, words[w])
	}
	return strings.Join(ws, " or ")
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// NewChecker compiles a raw tool's schema; the error says why it does not
// compile as a JSON Schema 2020-12. Its Arguments refuse a call that
// costs the validator more than the call's budget.
//
// A contentSchema is refused: the checker asserts content, so a string
// whose contentMediaType is JSON is read and checked against it, and that
// inner value escapes the bounds of a call's cost (its numbers, its
// depth, the work its schema does), which a checker of arguments from
// outside must keep.
func NewChecker(schema json.RawMessage) (*Checker, error) {
	c := compileChecker(schema)
	if c.err != nil {
		return nil, c.err
	}
	if c.contentSchema != "" {
		return nil, fmt.Errorf("at '%s': contentSchema is not taken: the JSON inside a string would be checked outside the bounds of a call's cost", c.contentSchema)
	}
	c.bounded = true
	return c, nil
}

// Unbounded compiles schema for the parity oracle, which checks what the
// typed invoker does: no cost budget (the invoker has none), a
// contentSchema taken, and a schema that does not compile kept (Err says
// why; Arguments refuses every call).
func Unbounded(schema json.RawMessage) *Checker { return compileChecker(schema) }

// Err is why the schema does not compile, nil when it does.
func (c *Checker) Err() error { return c.err }

// Root is the schema's root object as data (nil when it is not one).
func (c *Checker) Root() map[string]any { return c.raw }

// Arguments checks and completes a call's arguments: the completed
// arguments (defaults that fit their schemas filled in, an optional
// property's null taken out),
// or the violations, most useful first (all of them: the invoker keeps
// the first limits.MaxViolations).
func (c *Checker) Arguments(args []byte) (json.RawMessage, []Violation) {
	return c.ArgumentsPrepared(args, nil)
}

// ArgumentsPrepared is Arguments with a step between reading the
// arguments (an object) and checking them: prepare may change the value
// in place, and reports whether it did, or refuses it with the error of
// a text it read. The parity oracle's repair rules are such a step.
func (c *Checker) ArgumentsPrepared(args []byte, prepare func(*Value) (bool, *ParseError)) (json.RawMessage, []Violation) {
	out, viols, _ := c.arguments(args, prepare, nil)
	return out, viols
}

// ArgumentsHeld is Arguments that, once the arguments are read, takes
// room for what the checks hold with hold, given the number of values
// read, and gives it back when they are done. The error is hold's.
func (c *Checker) ArgumentsHeld(args []byte, hold func(values int) (giveBack func(), err error)) (json.RawMessage, []Violation, error) {
	return c.arguments(args, nil, hold)
}

func (c *Checker) arguments(args []byte, prepare func(*Value) (bool, *ParseError), hold func(int) (func(), error)) (json.RawMessage, []Violation, error) {
	if len(bytes.Trim(args, " \t\r\n")) == 0 {
		args = []byte("{}")
	}
	maxValues := 0
	if c.bounded {
		maxValues = limits.MaxRawArgumentValues
	}
	v, values, perr := parse(args, true, maxValues)
	if perr != nil {
		return nil, []Violation{perr.Violation("Argument", c)}, nil
	}
	if hold != nil {
		giveBack, err := hold(values)
		if err != nil {
			return nil, nil, err
		}
		defer giveBack()
	}
	if v.Kind != '{' {
		return nil, []Violation{{Rule: "object", Message: "Arguments must be a JSON object."}}, nil
	}
	if c.err != nil {
		return nil, []Violation{{Rule: "json", Message: "The tool's input schema does not compile."}}, nil
	}
	if prepare != nil {
		changed, perr := prepare(v)
		if perr != nil {
			return nil, []Violation{perr.Violation("Argument", c)}, nil
		}
		v.changed = v.changed || changed
	}
	c.dropOptionalNulls(v, c.raw, map[unsafe.Pointer]map[string]bool{})
	if c.bounded && !c.cost.affordable(v, budgetFor(len(args))) {
		return nil, []Violation{{Rule: "size", Message: "Arguments cost too much to check against the tool's schema: send fewer values, or shorter strings."}}, nil
	}
	if viols := c.Check(v, "Argument"); len(viols) > 0 {
		return nil, viols, nil
	}
	f := &filling{read: map[defaultAt]filled{}, left: math.MaxInt}
	if c.bounded {
		f.left = maxFilledBytes
	}
	added := c.fillDefaults(v, c.raw, f)
	if f.left < 0 {
		return nil, []Violation{{Rule: "size", Message: fmt.Sprintf("The defaults of the tool's schema would add more than %d bytes to the arguments: send fewer values, or give the properties that have defaults.", maxFilledBytes)}}, nil
	}
	if !added && !v.changed {
		return args, nil, nil // nothing added or taken: the arguments as given
	}
	return v.append(nil), nil, nil
}
