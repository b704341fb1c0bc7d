package olt

import (
	"bytes"
	"encoding/json"
	"go/token"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// A prop is one property of a tool's input schema, at any depth, with the
// field it comes from.
type prop struct {
	path     string             // input.a.b[].c
	field    *schema.Field      // the declared field
	schema   map[string]any     // the property's schema
	parent   []*schema.Property // the properties of the object it is in
	depth    int                // objects from the root to this property's object (root: 1)
	optional bool
}

// props lists the properties of a tool's input schema, depth first, in
// schema order.
func props(t *analyzer.Tool) []prop {
	if t.InModel == nil {
		return nil
	}
	var root map[string]any
	d := json.NewDecoder(bytes.NewReader(t.InputSchema))
	d.UseNumber()
	if d.Decode(&root) != nil {
		return nil
	}
	var out []prop
	walk(root, t.InModel, "input", 1, &out)
	return out
}

func walk(s map[string]any, t *schema.Type, path string, depth int, out *[]prop) {
	for t != nil && t.Kind == schema.Pointer {
		t = t.Elem
	}
	if t == nil {
		return
	}
	if ps, ok := s["properties"].(map[string]any); ok && t.Kind == schema.Struct {
		// Which properties are optional is the schema's to say (it
		// depends on the package's read mode); the rest does not.
		list := schema.Properties(t, schema.ReadMode{})
		required := map[string]bool{}
		if r, ok := s["required"].([]any); ok {
			for _, name := range r {
				if name, ok := name.(string); ok {
					required[name] = true
				}
			}
		}
		parent := make([]*schema.Property, len(list))
		for i := range list {
			list[i].Optional = !required[list[i].Name]
			parent[i] = &list[i]
		}
		for _, p := range list {
			ps, _ := ps[p.Name].(map[string]any)
			if ps == nil {
				continue
			}
			*out = append(*out, prop{path: path + "." + p.Name, field: p.Field, schema: ps, parent: parent, depth: depth, optional: p.Optional})
			walk(ps, p.Field.Type, path+"."+p.Name, depth+1, out)
		}
		return
	}
	if items, ok := s["items"].(map[string]any); ok && t.Elem != nil {
		walk(items, t.Elem, path+"[]", depth, out)
	}
	if addl, ok := s["additionalProperties"].(map[string]any); ok && t.Elem != nil {
		walk(addl, t.Elem, path+"{}", depth, out)
	}
}

// at returns a diagnostic at a property's field (or one of its tags), or
// at the tool's input parameter when the field is not in this package.
func at(p *analyzer.Package, t *analyzer.Tool, pr prop, tag string, id schema.ID, msg string) *analyzer.Diagnostic {
	pos, end := p.FieldPos(pr.field, tag)
	if pos == token.NoPos {
		pos, end = toolPos(t)
	}
	return &analyzer.Diagnostic{Pos: pos, End: end, ID: id, Message: msg + toolNote(t)}
}

// toolNote is what a diagnostic about one tool's property ends with, as
// the core's diagnostics about a type do: the tool, by name.
func toolNote(t *analyzer.Tool) string { return " (tool " + t.Name + ")" }

// toolPos is the position of a tool's name in its declaration.
func toolPos(t *analyzer.Tool) (token.Pos, token.Pos) {
	return t.Decl.Name.Pos(), t.Decl.Name.End()
}
