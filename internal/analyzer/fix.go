package analyzer

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/toolschema/toolschema/internal/schema"
)

// ValidName returns the nearest valid tool name to name: characters other
// than letters, digits, '_' and '-' become '_', the result in snake case,
// at most 64 characters; "" when nothing is left.
func ValidName(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < 0x80 && (r == '_' || r == '-' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := schema.SnakeCase(b.String())
	for strings.Contains(s, "__") {
		s = strings.ReplaceAll(s, "__", "_")
	}
	s = strings.Trim(s, "_")
	if len(s) > schema.MaxNameLen {
		s = strings.TrimRight(s[:schema.MaxNameLen], "_")
	}
	return s
}

// reorderParams returns a fix that puts the context and call parameters
// before the input, nil when a parameter field declares several names.
func (in *inspector) reorderParams(fd *ast.FuncDecl, sig *types.Signature) *Fix {
	// Callers in the package would break: no fix when there are any.
	fn := in.info.Defs[fd.Name]
	for _, obj := range in.info.Uses {
		if obj == fn {
			return nil
		}
	}
	fields := fd.Type.Params.List
	var first, rest []string
	for i, f := range fields {
		if len(f.Names) > 1 {
			return nil
		}
		var buf bytes.Buffer
		for _, n := range f.Names {
			buf.WriteString(n.Name + " ")
		}
		if err := format.Node(&buf, in.fset, f.Type); err != nil {
			return nil
		}
		if t := sig.Params().At(i).Type(); isContext(t) || isCall(t) {
			first = append(first, buf.String())
		} else {
			rest = append(rest, buf.String())
		}
	}
	return &Fix{
		Message: "Move the context and call parameters before the input",
		Edits:   []Edit{{fields[0].Pos(), fields[len(fields)-1].End(), strings.Join(append(first, rest...), ", ")}},
	}
}

// tagFix returns the edit of a field's struct tag that an error's Fix asks
// for, nil when there is none or the tag is not a raw string.
func tagFix(fs fieldSyntax, e *schema.Error) *Fix {
	lit := fs.tag
	if lit == nil || !strings.HasPrefix(lit.Value, "`") || (!e.Fix.DropTag && e.Fix.DropOption == "" && e.Fix.Value == "") {
		return nil
	}
	if len(fs.field.Names) > 1 {
		return nil // the tag is the other names' too
	}
	raw := lit.Value[1 : len(lit.Value)-1]
	pairs, err := schema.ParseStructTag(raw)
	if err != nil {
		return nil
	}
	var kept []string
	msg := ""
	for _, p := range pairs {
		switch {
		case p.Key == e.Tag && e.Fix.DropTag:
			msg = "Remove the tag " + p.Key
			continue
		case p.Key == e.Tag && e.Fix.Value != "":
			msg = "Rewrite the tag " + p.Key + " so that the peer library reads it as written"
			kept = append(kept, p.Key+":"+quoteTagValue(e.Fix.Value))
			if e.Fix.AddRequired {
				msg = "Drop the required part of the tag " + p.Key + " and tag the field required:\"true\""
				if !slices.ContainsFunc(pairs, func(p schema.TagPair) bool { return p.Key == "required" }) {
					kept = append(kept, `required:"true"`)
				}
			}
			continue
		case p.Key == e.Tag && e.Fix.DropOption != "":
			name, opts, _ := strings.Cut(p.Value, ",")
			var keep []string
			for _, o := range strings.Split(opts, ",") {
				if o != e.Fix.DropOption {
					keep = append(keep, o)
				}
			}
			value := name
			if len(keep) > 0 && !(len(keep) == 1 && keep[0] == "") {
				value += "," + strings.Join(keep, ",")
			}
			msg = "Remove the ," + e.Fix.DropOption + " option"
			kept = append(kept, p.Key+":"+quoteTagValue(value))
			continue
		}
		kept = append(kept, p.Key+":"+quoteTagValue(p.Value))
	}
	if msg == "" {
		return nil
	}
	if len(kept) == 0 {
		// No tag left: remove the literal and the space before it.
		return &Fix{Message: msg, Edits: []Edit{{fs.field.Type.End(), lit.End(), ""}}}
	}
	return &Fix{Message: msg, Edits: []Edit{{lit.Pos(), lit.End(), "`" + strings.Join(kept, " ") + "`"}}}
}

// TagFix returns the fix of a field's struct tag that e's Fix asks for
// (e names the field and the tag), nil when there is none, or when the
// field is not in the package's syntax, declares several names or has a
// tag that is not a raw string.
func (p *Package) TagFix(e *schema.Error) *Fix {
	if e.Field == nil {
		return nil
	}
	fs, ok := p.d.fields[token.Pos(e.Field.Pos)]
	if !ok {
		return nil
	}
	return tagFix(fs, e)
}

// quoteTagValue quotes a struct tag value as Go source writes it.
func quoteTagValue(v string) string { return strconv.Quote(v) }

// TagRewrite returns the fix that replaces the struct tag of field f, as
// the front end described it, with tag (adding one where the field has
// none); nil when the field is not in the package's syntax or declares
// several names (the tag is theirs too).
func (p *Package) TagRewrite(f *schema.Field, tag, message string) *Fix {
	fs, ok := p.d.fields[token.Pos(f.Pos)]
	if !ok || len(fs.field.Names) > 1 {
		return nil
	}
	text := "`" + tag + "`"
	if strings.Contains(tag, "`") {
		text = strconv.Quote(tag)
	}
	if fs.tag == nil {
		return &Fix{Message: message, Edits: []Edit{{fs.field.Type.End(), fs.field.Type.End(), " " + text}}}
	}
	return &Fix{Message: message, Edits: []Edit{{fs.tag.Pos(), fs.tag.End(), text}}}
}
