package provider

import (
	"net/url"
	"strings"
)

// A refGraph is what the $refs of a schema's definitions lead to, for a
// mode that takes no recursive schemas: the definitions of the root
// ($defs and definitions), each named as "$defs/m", with the targets of
// the $refs anywhere inside it.
type refGraph struct {
	defs    map[string]bool
	anchors map[string]string   // a definition's own $anchor -> its name
	edges   map[string][]string // a definition -> the definitions its $refs name
}

// refGraphOf reads the definitions of root.
func refGraphOf(root ordered) *refGraph {
	g := &refGraph{defs: map[string]bool{}, anchors: map[string]string{}, edges: map[string][]string{}}
	for _, k := range []string{"$defs", "definitions"} {
		defs, _ := root.get(k).(ordered)
		for _, e := range defs {
			name := k + "/" + e.k
			g.defs[name] = true
			if o, ok := e.v.(ordered); ok {
				if a, ok := o.get("$anchor").(string); ok {
					g.anchors[a] = name
				}
			}
		}
	}
	for _, k := range []string{"$defs", "definitions"} {
		defs, _ := root.get(k).(ordered)
		for _, e := range defs {
			name := k + "/" + e.k
			eachRef(e.v, func(ref string) {
				if t, known := g.target(ref); known && t != "" && t != "#" {
					g.edges[name] = append(g.edges[name], t)
				}
			})
		}
	}
	return g
}

// eachRef calls f with every $ref in v, at any depth.
func eachRef(v any, f func(string)) {
	switch v := v.(type) {
	case ordered:
		for _, e := range v {
			if s, ok := e.v.(string); ok && e.k == "$ref" {
				f(s)
				continue
			}
			eachRef(e.v, f)
		}
	case []any:
		for _, x := range v {
			eachRef(x, f)
		}
	}
}

// target returns what ref leads to: "#" (the root), a definition's name,
// or "" (no definition of that name: not a recursion); known is false
// when the conversion cannot follow ref (a JSON pointer elsewhere, an
// anchor of no definition, another document).
func (g *refGraph) target(ref string) (t string, known bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return "", false
	}
	if frag == "" {
		return "#", true
	}
	frag, err := url.PathUnescape(frag)
	if err != nil {
		return "", false
	}
	if !strings.HasPrefix(frag, "/") {
		name, ok := g.anchors[frag]
		return name, ok
	}
	parts := strings.Split(frag[1:], "/")
	if len(parts) != 2 || (parts[0] != "$defs" && parts[0] != "definitions") {
		return "", false
	}
	name := parts[0] + "/" + strings.NewReplacer("~1", "/", "~0", "~").Replace(parts[1])
	if !g.defs[name] {
		return "", true
	}
	return name, true
}

// recursive reports whether ref, met inside st.def, leads back to a schema
// that contains it: to the root, or to a definition from which st.def is
// reached; known is false when the conversion cannot follow it.
func (st *walker) recursive(ref string) (recursive, known bool) {
	if st.refs == nil {
		st.refs = refGraphOf(st.root)
	}
	t, known := st.refs.target(ref)
	switch {
	case !known:
		return false, false
	case t == "#":
		return true, true
	case t == "" || st.def == "":
		return false, true // a cycle of definitions is met inside them
	}
	seen := map[string]bool{}
	var reaches func(string) bool
	reaches = func(n string) bool {
		if n == st.def {
			return true
		}
		if seen[n] {
			return false
		}
		seen[n] = true
		for _, next := range st.refs.edges[n] {
			if reaches(next) {
				return true
			}
		}
		return false
	}
	return reaches(t), true
}
