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
	comp    map[string]int      // a definition -> its strongly connected component
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
	g.components()
	return g
}

// components numbers the strongly connected components of the
// definitions (Tarjan's algorithm, once: linear in the definitions and
// their $refs). A $ref inside definition d to t leads back to d exactly
// when t reaches d, that is when both are in one component.
func (g *refGraph) components() {
	g.comp = map[string]int{}
	index := map[string]int{}
	low := map[string]int{}
	on := map[string]bool{}
	var stack []string
	next, comps := 0, 0
	var visit func(string)
	visit = func(v string) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for _, w := range g.edges[v] {
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				g.comp[w] = comps
				if w == v {
					break
				}
			}
			comps++
		}
	}
	for v := range g.defs {
		if _, seen := index[v]; !seen {
			visit(v)
		}
	}
}

// eachRef calls f with every $ref in schema v and the schemas inside it,
// at any depth (not in the values of enum, const or default, which are
// data).
func eachRef(v any, f func(string)) {
	s, ok := v.(ordered)
	if !ok {
		return
	}
	if ref, ok := s.get("$ref").(string); ok {
		f(ref)
	}
	for _, e := range s {
		eachSubschema(e.k, e.v, func(sub ordered) { eachRef(sub, f) })
	}
}

// target returns what ref leads to: "#" (the root), a definition's name,
// or "" (no definition of that name: it leads nowhere); known is false
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
	name := parts[0] + "/" + pointerUnescaper.Replace(parts[1])
	if !g.defs[name] {
		return "", true
	}
	return name, true
}

// graph returns the references between the root's definitions, made at
// the first question that needs them.
func (st *walker) graph() *refGraph {
	if st.refs == nil {
		st.refs = refGraphOf(st.root)
	}
	return st.refs
}

// dangles reports whether ref names a definition of the root ("#/$defs/m",
// "#/definitions/m") that it does not have. A JSON pointer elsewhere in
// the schema is not followed, so not judged.
func (st *walker) dangles(ref string) bool {
	t, known := st.graph().target(ref)
	return known && t == "" && strings.HasPrefix(ref, "#/")
}

// recursive reports whether ref, met inside the root's definition def
// ("" outside them), leads back to a schema that contains it: to the
// root, or to a definition from which def is reached; known is false when
// the conversion cannot follow it.
func (st *walker) recursive(ref, def string) (recursive, known bool) {
	t, known := st.graph().target(ref)
	switch {
	case !known:
		return false, false
	case t == "#":
		return true, true
	case t == "" || def == "":
		return false, true // a cycle of definitions is met inside them
	}
	return st.refs.comp[t] == st.refs.comp[def], true
}

// pointerUnescaper undoes a JSON pointer token's escapes (RFC 6901).
var pointerUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
