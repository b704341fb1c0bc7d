package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"sort"
)

// A Change is one difference between two revisions of a tool's contract.
type Change struct {
	// Path locates it: "input" or "output" and the JSON property names
	// ("input.items[].qty"), or the part of the contract ("policy",
	// "description").
	Path string
	// What says what changed, in words.
	What string
	// Breaking reports that a caller written for the old revision may
	// fail with the new one (or a consumer of its results): a property
	// removed or renamed, a new required property, a narrowed type, range,
	// length, pattern or enum, a changed effect or approval. The others
	// (a new optional property, a widened range, a new description) are
	// compatible.
	Breaking bool
}

func (c Change) String() string {
	kind := "compatible"
	if c.Breaking {
		kind = "breaking"
	}
	return c.Path + ": " + c.What + " (" + kind + ")"
}

// CompareSchemas lists the changes from the schema old to the schema new.
// For an input schema (output false) a narrowing breaks the callers (the
// model's arguments); for an output schema a widening breaks the
// consumers of the results, and a narrowing does not. Either may be nil
// (no schema).
func CompareSchemas(path string, old, new []byte, output bool) ([]Change, error) {
	o, err := decodeExact(old)
	if err != nil {
		return nil, fmt.Errorf("%s: the old schema: %v", path, err)
	}
	n, err := decodeExact(new)
	if err != nil {
		return nil, fmt.Errorf("%s: the new schema: %v", path, err)
	}
	c := &comparer{output: output}
	switch {
	case o == nil && n == nil:
	case o == nil:
		c.add(path, "a schema where there was none", output)
	case n == nil:
		c.add(path, "no schema where there was one", true)
	default:
		om, ok1 := o.(map[string]any)
		nm, ok2 := n.(map[string]any)
		if !ok1 || !ok2 {
			if !jsonEqual(o, n) {
				c.add(path, "the schema changed", true)
			}
		} else {
			c.schema(path, om, nm)
		}
	}
	return c.out, nil
}

type comparer struct {
	output bool
	out    []Change
}

func (c *comparer) add(path, what string, breaking bool) {
	c.out = append(c.out, Change{Path: path, What: what, Breaking: breaking})
}

// narrowed records a change that narrows what the schema allows: breaking
// for inputs, compatible for outputs; widened the reverse.
func (c *comparer) narrowed(path, what string) { c.add(path, what, !c.output) }
func (c *comparer) widened(path, what string)  { c.add(path, what, c.output) }

func (c *comparer) schema(path string, o, n map[string]any) {
	c.types(path, o["type"], n["type"])
	c.enum(path, o["enum"], n["enum"])
	for _, k := range []string{"minimum", "minLength", "minItems"} {
		c.bound(path, k, o[k], n[k], true)
	}
	for _, k := range []string{"maximum", "maxLength", "maxItems"} {
		c.bound(path, k, o[k], n[k], false)
	}
	for _, k := range []string{"pattern", "format", "contentEncoding"} {
		ov, oh := o[k]
		nv, nh := n[k]
		switch {
		case oh && !nh:
			c.widened(path, k+" "+text(ov)+" removed")
		case !oh && nh:
			c.narrowed(path, k+" "+text(nv)+" added")
		case oh && !jsonEqual(ov, nv):
			c.add(path, k+" changed from "+text(ov)+" to "+text(nv), true)
		}
	}
	if ou, nu := o["uniqueItems"] == true, n["uniqueItems"] == true; ou != nu {
		if nu {
			c.narrowed(path, "items must now be unique")
		} else {
			c.widened(path, "items need no longer be unique")
		}
	}
	if ov, nv := o["default"], n["default"]; !jsonEqual(ov, nv) {
		switch {
		case ov == nil:
			c.add(path, "default "+text(nv)+" added", false)
		case nv == nil:
			c.add(path, "default "+text(ov)+" removed", true)
		default:
			c.add(path, "default changed from "+text(ov)+" to "+text(nv), true)
		}
	}
	if !jsonEqual(o["description"], n["description"]) {
		c.add(path, "description changed", false)
	}
	if oi, ni := o["items"], n["items"]; oi != nil || ni != nil {
		c.sub(path+"[]", oi, ni)
	}
	c.properties(path, o, n)
	oa, na := o["additionalProperties"], n["additionalProperties"]
	switch {
	case jsonEqual(oa, na):
	case isMap(oa) && isMap(na):
		c.sub(path+"{}", oa, na)
	case na == false || (oa == nil && na != nil):
		c.narrowed(path, "other properties are no longer allowed")
	default:
		c.widened(path, "other properties are now allowed")
	}
	// A keyword not weighed above (a declared schema's anyOf, oneOf, const,
	// exclusive bounds...) counts too: changed, it is taken as breaking.
	for _, k := range sortedKeys(o) {
		if !weighed[k] && !jsonEqual(o[k], n[k]) {
			c.add(path, k+" changed", true)
		}
	}
	for _, k := range sortedKeys(n) {
		if _, was := o[k]; !weighed[k] && !was {
			c.add(path, k+" changed", true)
		}
	}
}

// weighed are the keywords schema compares one by one.
var weighed = map[string]bool{"type": true, "enum": true, "minimum": true, "minLength": true, "minItems": true,
	"maximum": true, "maxLength": true, "maxItems": true, "pattern": true, "format": true, "contentEncoding": true,
	"uniqueItems": true, "default": true, "description": true, "items": true, "properties": true, "required": true,
	"additionalProperties": true}

func (c *comparer) sub(path string, o, n any) {
	om, ok1 := o.(map[string]any)
	nm, ok2 := n.(map[string]any)
	switch {
	case ok1 && ok2:
		c.schema(path, om, nm)
	case !jsonEqual(o, n):
		c.add(path, "the schema changed", true)
	}
}

func isMap(v any) bool { _, ok := v.(map[string]any); return ok }

// properties compares the members of two object schemas.
func (c *comparer) properties(path string, o, n map[string]any) {
	op, _ := o["properties"].(map[string]any)
	np, _ := n["properties"].(map[string]any)
	oreq, nreq := stringSet(o["required"]), stringSet(n["required"])
	for _, name := range sortedKeys(op) {
		p := join(path, name)
		if _, ok := np[name]; !ok {
			// A consumer of an output may read it; a caller may send it.
			c.add(p, "property removed (or renamed)", true)
			continue
		}
		c.sub(p, op[name], np[name])
		switch was, is := oreq[name], nreq[name]; {
		case !was && is:
			// Required in an input: callers must now send it. In an output:
			// always there now, which breaks nobody.
			c.add(p, "now required", !c.output)
		case was && !is:
			c.add(p, "no longer required", c.output)
		}
	}
	for _, name := range sortedKeys(np) {
		if _, ok := op[name]; ok {
			continue
		}
		p := join(path, name)
		switch {
		case nreq[name] && !c.output:
			c.add(p, "new required property", true)
		case nreq[name]:
			c.add(p, "new property", false)
		default:
			c.add(p, "new optional property", false)
		}
	}
}

func join(path, name string) string { return path + "." + name }

// types compares two type keywords (a string, a list, or none: any).
func (c *comparer) types(path string, o, n any) {
	os, ns := typeSet(o), typeSet(n)
	if slices.Equal(os, ns) {
		return
	}
	switch {
	case ns == nil:
		c.widened(path, "type "+text(o)+" now any type")
	case os == nil:
		c.narrowed(path, "any type now "+text(n))
	case subset(ns, os):
		c.narrowed(path, "type narrowed from "+text(o)+" to "+text(n))
	case subset(os, ns):
		c.widened(path, "type widened from "+text(o)+" to "+text(n))
	default:
		c.add(path, "type changed from "+text(o)+" to "+text(n), true)
	}
}

func (c *comparer) enum(path string, o, n any) {
	ol, oh := o.([]any)
	nl, nh := n.([]any)
	switch {
	case !oh && !nh:
		return
	case !oh:
		c.narrowed(path, "enum "+text(n)+" added")
		return
	case !nh:
		c.widened(path, "enum "+text(o)+" removed")
		return
	}
	var removed, added []any
	for _, v := range ol {
		if !slices.ContainsFunc(nl, func(w any) bool { return jsonEqual(v, w) }) {
			removed = append(removed, v)
		}
	}
	for _, v := range nl {
		if !slices.ContainsFunc(ol, func(w any) bool { return jsonEqual(v, w) }) {
			added = append(added, v)
		}
	}
	if len(removed) > 0 {
		c.narrowed(path, "enum narrowed: "+text(removed)+" removed")
	}
	if len(added) > 0 {
		c.widened(path, "enum widened: "+text(added)+" added")
	}
}

// bound compares a lower (lower true) or upper bound keyword.
func (c *comparer) bound(path, k string, o, n any, lower bool) {
	switch {
	case o == nil && n == nil:
		return
	case o == nil:
		c.narrowed(path, k+" "+text(n)+" added")
		return
	case n == nil:
		c.widened(path, k+" "+text(o)+" removed")
		return
	}
	ov, ok1 := new(big.Rat).SetString(text(o))
	nv, ok2 := new(big.Rat).SetString(text(n))
	if !ok1 || !ok2 {
		if !jsonEqual(o, n) {
			c.add(path, k+" changed", true)
		}
		return
	}
	d := nv.Cmp(ov)
	if d == 0 {
		return
	}
	what := k + " " + text(o) + " to " + text(n)
	if (d > 0) == lower {
		c.narrowed(path, what)
	} else {
		c.widened(path, what)
	}
}

func typeSet(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		sort.Strings(out)
		return out
	}
	return nil
}

func subset(a, b []string) bool {
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}

func stringSet(v any) map[string]bool {
	m := map[string]bool{}
	if l, ok := v.([]any); ok {
		for _, e := range l {
			if s, ok := e.(string); ok {
				m[s] = true
			}
		}
	}
	return m
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// text writes a JSON value compactly, numbers exactly.
func text(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func jsonEqual(a, b any) bool { return text(a) == text(b) }

// decodeExact decodes JSON with numbers kept as written (nil for no text).
func decodeExact(b []byte) (any, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}
