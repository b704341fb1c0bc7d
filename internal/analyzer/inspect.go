// Package analyzer is the static front end of the contract: it finds the
// //tool:export declarations of a type-checked package, describes their
// input and output types in the core's neutral model, and reports every
// broken rule at its position. The generator consumes its result.
package analyzer

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/toolschema/toolschema/internal/rawcheck"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/tool"
)

// Directive is the comment that marks a tool: //tool:export [options].
const Directive = "//tool:export"

// RequiredFromTagsDirective is the comment that sets the read mode of a
// package's tools to schema.ReadMode's RequiredFromTags: a property is
// required only when its tags say so. It stands alone on a line, in any
// comment of any file of the package (its doc comment is the usual place).
const RequiredFromTagsDirective = "//tool:required-from-tags"

// ExampleDirective gives an example of a tool's arguments, one a line, in
// the tool's doc comment: //tool:example {"court":"nysd"}.
const ExampleDirective = "//tool:example"

// A Package is what the front end found in one package.
type Package struct {
	Path, Name string
	Tools      []*Tool       // in source order
	Enums      []*Enum       // the enum types declared in the package, in source order
	Lists      []*List       // the tool lists, package-level first, then by receiver in source order
	Diags      []*Diagnostic // sorted by position
	// ReadMode is how the package's tools read their types, as its
	// directives say (RequiredFromTagsDirective).
	ReadMode schema.ReadMode

	d *describer
}

// FieldPos returns the position of a struct field the front end described,
// or of the key of one of its struct tags when tag is not "" and the tag is
// a raw string; NoPos when the field is not in the package's syntax.
func (p *Package) FieldPos(f *schema.Field, tag string) (pos, end token.Pos) {
	fs, ok := p.d.fields[token.Pos(f.Pos)]
	if !ok {
		return token.NoPos, token.NoPos
	}
	pos, end = token.Pos(f.Pos), token.Pos(f.Pos)+token.Pos(len(f.Name))
	if tag != "" && fs.tag != nil {
		pos, end = tagPos(fs.tag, tag, "")
	}
	return pos, end
}

// A Tool is one function or method marked with the directive.
type Tool struct {
	// Meta is what the directive's options and the doc comment say: the
	// options a directive leaves out keep Meta's defaults.
	tool.Meta
	// Directive is the //tool:export comment; Said lists the options it
	// gives, by key, in order.
	Directive *ast.Comment
	Said      []string

	Func *types.Func
	Decl *ast.FuncDecl
	// Recv is the receiver's named type for a method, nil for a function;
	// PtrRecv reports a pointer receiver.
	Recv    *types.TypeName
	PtrRecv bool

	// Parameter positions (-1 when absent) and the input type, also as
	// described for the core (nil without an input).
	CtxAt, CallAt, InAt int
	In                  types.Type
	InModel             *schema.Type
	// OutModel is the first result's type as described for the core (nil
	// when there is no value result).
	OutModel *schema.Type
	// Results: how many (0-2), and the first result's type when it is a
	// value (nil when the only result is an error or there is none).
	NumResults int
	Result     types.Type
	Form       schema.ResultForm

	InputSchema, OutputSchema []byte
}

// A List is one tool list of the generated code: the package's functions,
// or the methods of one receiver type.
type List struct {
	Recv    *types.TypeName // nil for the package-level list
	PtrRecv bool            // the list method takes a pointer receiver
	Tools   []*Tool
}

// An Enum is a named type of string kind with typed constants in its
// package: the generator writes schema.EnumMethod on it.
type Enum struct {
	Type   *types.TypeName
	Consts []*types.Const // in declaration order, each value once
}

// A Diagnostic is one broken rule at a position.
//
// A diagnostic refuses the tools it names in Tools (they are left out of
// Package.Tools, and the others are still generated), or it Blocks the
// package (it is about the tool lists: no file can be generated), or
// neither (a directive that marks no tool).
type Diagnostic struct {
	Pos, End token.Pos
	ID       schema.ID
	Message  string // without the ID
	Fix      *Fix   // a mechanical fix, if there is one
	// Tools are the names of the tools the diagnostic refuses, in source
	// order: one for a problem of one tool, all that reach it for a
	// problem of a type they share.
	Tools []string
	// Blocks reports that the diagnostic is about the package's tool
	// lists (two tools of a list with one name, a declared name the
	// generated code needs), so that nothing is generated for it.
	Blocks bool
	// Warning reports a diagnostic that refuses nothing and blocks
	// nothing: the code means what its author plainly wrote, which the
	// contract follows, and the message says who would read it otherwise
	// (a peer library). Inspect reports none; toolvet's rules do, with
	// "warning: " after the rule's ID.
	Warning bool
}

// Blocked reports whether a diagnostic keeps the package from having a
// generated file. A package with diagnostics that only refuse tools is not
// blocked: its other tools are generated.
func (p *Package) Blocked() bool {
	for _, d := range p.Diags {
		if d.Blocks {
			return true
		}
	}
	return false
}

// A Fix is a change to the source that mends a Diagnostic.
type Fix struct {
	Message string
	Edits   []Edit
}

// An Edit replaces the text between Pos and End with NewText.
type Edit struct {
	Pos, End token.Pos
	NewText  string
}

func (d *Diagnostic) String() string { return string(d.ID) + ": " + d.Message }

// Config tunes Inspect.
type Config struct {
	// Sizes gives the size of int and uint; nil means the gc compiler's
	// sizes for amd64.
	Sizes types.Sizes
	// NoDocs leaves doc comments out of descriptions, which makes the
	// schemas those of reflection exactly.
	NoDocs bool
	// Foreign answers for the packages imported (their field docs,
	// declared schemas and enum values); nil when nothing is known of
	// them beyond their types.
	Foreign Foreign
}

// ListName is the name of the generated function (for package-level tools)
// and methods (for each receiver type) that return a tool list.
const ListName = "Tools"

// Inspect finds the tools of one type-checked package: files are its
// syntax (with comments), info its type information.
func Inspect(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info, cfg *Config) *Package {
	in := newInspector(fset, files, pkg, info, cfg)
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b *ast.File) int {
		return cmp.Compare(fset.Position(a.Pos()).Filename, fset.Position(b.Pos()).Filename)
	})
	// The read mode first: every schema depends on it.
	for _, f := range files {
		if !ast.IsGenerated(f) {
			in.readMode(f)
		}
	}
	in.b.ReadMode = in.p.ReadMode
	for _, f := range files {
		if ast.IsGenerated(f) {
			continue
		}
		in.file(f)
	}
	in.lists(pkg)
	in.enums(pkg)
	for _, d := range in.typeDiags {
		d.Message += toolsNote(d.Tools)
	}
	slices.SortStableFunc(in.p.Diags, func(a, b *Diagnostic) int { return in.compare(a.Pos, b.Pos) })
	return in.p
}

type inspector struct {
	fset *token.FileSet
	info *types.Info
	p    *Package
	d    *describer
	b    *schema.Builder
	// renames are the fixes of invalid names (OLT008), made unique in
	// their tool list once every tool is known.
	renames []rename
	// typeDiags are the diagnostics about types, by position and text,
	// so that a type several tools reach is reported once, naming them
	// all (the tool names are added to the message at the end).
	typeDiags map[typeDiagKey]*Diagnostic
	// problems counts the problems found, reported or added to a
	// diagnostic already reported: a tool with one is refused.
	problems int
}

type typeDiagKey struct {
	pos, end token.Pos
	id       schema.ID
	msg      string
}

// A rename is a suggested new name for a tool whose name is invalid.
type rename struct {
	t    *Tool
	diag *Diagnostic
	name string
}

func (in *inspector) compare(a, b token.Pos) int {
	pa, pb := in.fset.Position(a), in.fset.Position(b)
	if c := cmp.Compare(pa.Filename, pb.Filename); c != 0 {
		return c
	}
	return cmp.Compare(pa.Offset, pb.Offset)
}

func (in *inspector) report(pos, end token.Pos, id schema.ID, format string, args ...any) *Diagnostic {
	d := &Diagnostic{Pos: pos, End: end, ID: id, Message: fmt.Sprintf(format, args...)}
	in.p.Diags = append(in.p.Diags, d)
	in.problems++
	return d
}

// file finds the directives of one file: in the doc comment of a function
// declaration they mark a tool; anywhere else they are misplaced. A file
// built only on some platforms cannot hold tools: the generated tool list
// would not compile on the others.
func (in *inspector) file(f *ast.File) {
	if why := constrained(in.fset, f); why != "" {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if _, ok := directive(c); ok {
					in.report(c.Pos(), c.End(), schema.OLT001, "%s cannot be in a file with %s: the generated tool list would not compile where the file is left out", Directive, why)
				}
			}
		}
		return
	}
	seen := map[*ast.Comment]bool{}
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		var ds []ast.Directive
		var first *ast.Comment
		var extra, examples []*ast.Comment
		for _, c := range fd.Doc.List {
			if exampleDirective(c) {
				examples = append(examples, c)
				continue
			}
			d, ok := directive(c)
			if !ok {
				continue
			}
			seen[c] = true
			if len(ds) > 0 {
				extra = append(extra, c)
			} else {
				first = c
			}
			ds = append(ds, d)
		}
		if len(ds) > 0 {
			for _, c := range examples {
				seen[c] = true
			}
			in.tool(fd, first, ds[0], extra, examples)
		}
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if msg := Slip(c.Text); msg != "" {
				in.report(c.Pos(), c.End(), schema.OLT013, "%s", msg)
			}
			if _, ok := directive(c); ok && !seen[c] {
				why := ""
				if name := in.detached(f, cg); name != "" {
					why = ": a blank line parts it from " + name + " below; remove the blank line"
				}
				in.report(c.Pos(), c.End(), schema.OLT001, "%s must be in the doc comment of a package-level function or a method%s", Directive, why)
			}
			if exampleDirective(c) && !seen[c] {
				in.report(c.Pos(), c.End(), schema.OLT001, "%s must be in the doc comment of a tool, beside its %s", ExampleDirective, Directive)
			}
		}
	}
}

// detached names the function or method that comment group cg would be
// the doc comment of but for the blank lines between them; "" when the
// next declaration is not such a function, or cg is inside a declaration.
func (in *inspector) detached(f *ast.File, cg *ast.CommentGroup) string {
	for _, d := range f.Decls {
		switch {
		case d.End() <= cg.Pos():
			continue
		case d.Pos() < cg.Pos():
			return "" // inside d
		}
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Doc == nil && in.fset.Position(fd.Pos()).Line > in.fset.Position(cg.End()).Line+1 {
			return fd.Name.Name
		}
		return ""
	}
	return ""
}

// Operating systems and architectures, as file name suffixes select them.
var (
	goosList   = "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos"
	goarchList = "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm"
)

// constrained says why a file is built only on some platforms (a //go:build
// line, or a _GOOS or _GOARCH file name suffix), "" when it is not.
func constrained(fset *token.FileSet, f *ast.File) string {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build ") {
				return "a build constraint"
			}
		}
	}
	name := strings.TrimSuffix(filepath.Base(fset.Position(f.Package).Filename), ".go")
	name = strings.TrimSuffix(name, "_test")
	parts := strings.Split(name, "_")
	is := func(list, s string) bool { return slices.Contains(strings.Fields(list), s) }
	if n := len(parts); n > 1 && (is(goosList, parts[n-1]) || is(goarchList, parts[n-1])) {
		return "the platform suffix _" + parts[n-1]
	}
	return ""
}

// readMode reads the read-mode directives of one file. A directive with
// options, or in a file built only on some platforms, blocks the package:
// the mode of its schemas would not be clear.
func (in *inspector) readMode(f *ast.File) {
	why := constrained(in.fset, f)
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			d, ok := ast.ParseDirective(c.Pos(), c.Text)
			if !ok || d.Tool != "tool" || d.Name != "required-from-tags" {
				continue
			}
			switch {
			case d.Args != "":
				in.report(c.Pos(), c.End(), schema.OLT013, "%s takes no options", RequiredFromTagsDirective).Blocks = true
			case why != "":
				in.report(c.Pos(), c.End(), schema.OLT013, "%s cannot be in a file with %s: the schemas would differ where the file is left out", RequiredFromTagsDirective, why).Blocks = true
			default:
				in.p.ReadMode.RequiredFromTags = true
			}
		}
	}
}

// exampleDirective reports whether c is a //tool:example directive.
func exampleDirective(c *ast.Comment) bool {
	d, ok := ast.ParseDirective(c.Pos(), c.Text)
	return ok && d.Tool == "tool" && d.Name == "example"
}

// directiveNames are the names of the //tool: directives.
var directiveNames = []string{"export", "example", "required-from-tags"}

// Slip says why a comment meant as a //tool: directive is not read as one:
// a space after // (Go reads a directive only with none), or a name a
// letter or two off a directive's (//tool:exprot). Either would leave a
// function out of the tools without a word. It returns "" for a
// directive, for prose (a spaced name followed by words that are not the
// directive's arguments), and for a //tool: name near none of ours.
func Slip(text string) string {
	rest, ok := strings.CutPrefix(text, "//")
	if !ok {
		return ""
	}
	word := strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(word, "tool:") {
		return "" // most comments
	}
	head := word
	if i := strings.IndexAny(word, " \t"); i >= 0 {
		head = word[:i]
	}
	name, ok := strings.CutPrefix(head, "tool:")
	switch {
	case !ok:
		return ""
	case !slices.Contains(directiveNames, name):
		if near := nearest(name, directiveNames); near != "" && word == rest {
			return fmt.Sprintf("//tool:%s is not a directive; did you mean //tool:%s?", name, near)
		}
	case word != rest && directiveArgs(name, word[len(head):]):
		return fmt.Sprintf("%q is not read as a directive: Go reads one only with no space after //; write //tool:%s", text[:len(text)-len(word)+len(head)], name)
	}
	return ""
}

// directiveArgs reports whether what follows a directive's name in a
// comment, args, reads as that directive's arguments (nothing; options,
// key=value or bare, a letter or two off or not; an example's JSON; each
// maybe followed by a // comment) rather than as prose that starts with
// the directive's name ("// tool:export marks a tool.").
func directiveArgs(name, args string) bool {
	args, _, _ = strings.Cut(args, "//") // a comment after them
	args = strings.TrimSpace(args)
	switch {
	case args == "":
		return true
	case name == "export":
		for _, f := range strings.Fields(args) {
			if !strings.Contains(f, "=") && !slices.Contains(DirectiveOptions, f) && nearestOption(f) == "" {
				return false
			}
		}
		return true
	case name == "example":
		return args[0] == '{' || args[0] == '['
	}
	return false
}

// directive parses c if it is a //tool:export directive.
func directive(c *ast.Comment) (ast.Directive, bool) {
	d, ok := ast.ParseDirective(c.Pos(), c.Text)
	return d, ok && d.Tool == "tool" && d.Name == "export"
}

// tool checks one marked declaration and, if it is a tool, adds it. extra
// are the directives after the first in its doc comment (OLT013). Every
// diagnostic reported here refuses the tool: it is left out, and the
// diagnostic names it.
func (in *inspector) tool(fd *ast.FuncDecl, c *ast.Comment, d ast.Directive, extra, examples []*ast.Comment) {
	fn, _ := in.info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	t := &Tool{Func: fn, Decl: fd, CtxAt: -1, CallAt: -1, InAt: -1, Directive: c}
	start, problems := len(in.p.Diags), in.problems
	defer func() {
		name := t.Name
		if name == "" {
			name = schema.SnakeCase(fd.Name.Name)
		}
		for _, d := range in.p.Diags[start:] {
			if len(d.Tools) == 0 {
				d.Tools = []string{name}
			}
		}
	}()
	for _, c := range extra {
		in.report(c.Pos(), c.End(), schema.OLT013, "a second %s directive on %s; give all options in one", Directive, fd.Name.Name)
	}
	ok := in.options(t, d) && len(extra) == 0
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams().Len() > 0 {
		in.report(fd.Type.TypeParams.Pos(), fd.Type.TypeParams.End(), schema.OLT004, "tool %s has type parameters; a tool's schema must be fixed", fd.Name.Name)
		ok = false
	}
	if recv := sig.Recv(); recv != nil {
		rt := recv.Type()
		if p, isPtr := rt.(*types.Pointer); isPtr {
			rt, t.PtrRecv = p.Elem(), true
		}
		named, _ := types.Unalias(rt).(*types.Named)
		if named == nil {
			in.report(fd.Recv.Pos(), fd.Recv.End(), schema.OLT001, "the receiver of tool %s is not a named type declared in this package", fd.Name.Name)
			return
		}
		if named.TypeParams().Len() > 0 {
			in.report(fd.Recv.Pos(), fd.Recv.End(), schema.OLT010, "the receiver type %s has type parameters; a tool's schema must be fixed (tool %s)", named.Obj().Name(), toolName(t, fd))
			ok = false
		}
		t.Recv = named.Obj()
	}
	if t.Name == "" {
		t.Name = toolName(t, fd)
		if err := schema.CheckName(t.Name); err != nil {
			in.report(fd.Name.Pos(), fd.Name.End(), schema.OLT008, "%s; give the tool a name with name=", err.Msg)
			ok = false
		}
	}
	t.Description = schema.FlattenDoc(fd.Doc.Text())
	if in.signature(t, sig, fd) && ok && in.problems == problems && in.examples(t, examples) {
		in.p.Tools = append(in.p.Tools, t)
	}
}

// examples reads the tool's //tool:example directives into t, each
// checked against the tool's input schema by the checks the invoker runs
// on a call's arguments (those of a raw-schema tool, which agree with the
// typed ones on every schema the contract writes): an example that is not
// valid is OLT034, with each violation.
func (in *inspector) examples(t *Tool, examples []*ast.Comment) bool {
	if len(examples) == 0 {
		return true
	}
	check, err := rawcheck.NewChecker(t.InputSchema)
	if err != nil {
		in.report(examples[0].Pos(), examples[0].End(), schema.OLT034, "the examples cannot be checked: the input schema does not compile: %v", err)
		return false
	}
	ok := true
	for i, c := range examples {
		d, _ := ast.ParseDirective(c.Pos(), c.Text)
		var b bytes.Buffer
		if err := json.Compact(&b, []byte(d.Args)); err != nil || d.Args == "" {
			in.report(c.Pos(), c.End(), schema.OLT034, "example %d is not JSON: write %s {\"name\":\"value\"}, one example a line (tool %s)", i+1, ExampleDirective, t.Name)
			ok = false
			continue
		}
		if _, viols := check.Arguments(b.Bytes()); len(viols) > 0 {
			for _, v := range viols {
				in.report(c.Pos(), c.End(), schema.OLT034, "example %d is not valid: %s (tool %s)", i+1, v.Message, t.Name)
			}
			ok = false
			continue
		}
		t.Examples = append(t.Examples, b.Bytes())
	}
	return ok
}

// options reads the directive's options into t.
func (in *inspector) options(t *Tool, d ast.Directive) bool {
	args, err := d.ParseArgs()
	if err != nil {
		in.report(d.ArgsPos, d.ArgsPos, schema.OLT013, "%s options do not parse: %v", Directive, err)
		return false
	}
	ok := true
	seen := map[string]bool{}
	var effects []policyArg
	// The options' problems name the tool once its name is known (a
	// name= option may come last).
	first := len(in.p.Diags)
	defer func() {
		name := t.Name
		if name == "" {
			name = schema.SnakeCase(t.Func.Name())
		}
		for _, diag := range in.p.Diags[first:] {
			if diag.ID == schema.OLT013 {
				diag.Message += " (tool " + name + ")"
			}
		}
	}()
	for _, a := range args {
		key, val, hasVal := strings.Cut(a.Arg, "=")
		end := argEnd(d, a)
		bad := func(format string, args ...any) {
			in.report(a.Pos, end, schema.OLT013, "option %s: "+format, append([]any{key}, args...)...)
			ok = false
		}
		if seen[key] {
			bad("given twice")
			continue
		}
		seen[key] = true
		t.Said = append(t.Said, key)
		switch key {
		case "name":
			if err := schema.CheckName(val); err != nil {
				diag := in.report(a.Pos, end, schema.OLT008, "%s", err.Msg)
				if fixed := ValidName(val); fixed != "" {
					diag.Fix = &Fix{Message: "Rename the tool " + fixed, Edits: []Edit{{a.Pos, end, "name=" + fixed}}}
					in.renames = append(in.renames, rename{t, diag, fixed})
				}
				ok = false
			}
			t.Name = val
		case "ends-loop", "requires-approval", "read-only", "idempotent", "destructive", "open-world", "safe-errors", "defer-loading":
			b := true
			if hasVal {
				var err error
				if b, err = strconv.ParseBool(val); err != nil {
					bad("%q is not true or false", val)
					continue
				}
			}
			switch key {
			case "ends-loop":
				t.EndsLoop = b
			case "requires-approval":
				t.RequiresApproval = b
			case "read-only":
				t.ReadOnly = b
			case "idempotent":
				t.Idempotent = b
				effects = append(effects, policyArg{key, b, a.Pos, end})
			case "destructive":
				t.Destructive = new(b)
				effects = append(effects, policyArg{key, b, a.Pos, end})
			case "open-world":
				t.OpenWorld = new(b)
			case "safe-errors":
				t.SafeErrors = b
			case "defer-loading":
				t.DeferLoading = b
			}
		case "parallel-safe":
			b, err := strconv.ParseBool(val)
			if !hasVal || err != nil {
				bad("write parallel-safe=false or parallel-safe=true")
				continue
			}
			t.ParallelSafe = new(b)
		case "timeout":
			dur, err := time.ParseDuration(val)
			if !hasVal || err != nil || dur <= 0 {
				bad("%q is not a positive Go duration such as 5s or 1m30s", val)
				continue
			}
			t.Timeout = dur
		case "version":
			if !hasVal || val == "" {
				bad("write version=V")
				continue
			}
			t.Version = val
		case "errors":
			if !hasVal || val == "" {
				bad("write errors=CODE,CODE (the codes of the business errors the tool returns)")
				continue
			}
			codes := strings.Split(val, ",")
			problems := schema.ErrorCodeProblems(codes)
			for _, why := range problems {
				bad("%s", why)
			}
			if len(problems) == 0 {
				t.ErrorCodes = append(t.ErrorCodes, codes...)
			}
		case "namespace":
			if !hasVal || val == "" {
				bad("write namespace=NAME")
				continue
			}
			if why := schema.NamespaceProblem(val); why != "" {
				bad("%s", why)
				continue
			}
			t.Namespace = val
		case "max-result":
			n, ok := parseSize(val)
			if !hasVal || !ok {
				bad("%q is not a size such as 20KB, 1MB or 4096 (bytes)", val)
				continue
			}
			t.MaxResultBytes = n
		case "icon":
			if !hasVal || val == "" {
				bad("write icon=URL (an https URL of an image file, or a data: URL of an image)")
				continue
			}
			if _, err := schema.IconType(val); err != nil {
				bad("%v", err)
				continue
			}
			t.Icon = val
		case "title":
			if !hasVal || strings.TrimSpace(val) == "" {
				bad(`write title=TEXT (quote it for spaces: "title=Get docket")`)
				continue
			}
			t.Title = val
		default:
			const all = "the options are name=, ends-loop, requires-approval, parallel-safe=false, timeout=, version=, " +
				"read-only, destructive=false, idempotent, open-world=false, title=, errors=, safe-errors, defer-loading, namespace=, max-result= and icon="
			near := nearestOption(key)
			if near == "" {
				bad("unknown; " + all)
				continue
			}
			diag := in.report(a.Pos, end, schema.OLT013, "option %s: unknown; did you mean %s? (%s)", key, near, all)
			diag.Fix = &Fix{Message: "Replace with " + near, Edits: []Edit{{a.Pos, a.Pos + token.Pos(len(key)), near}}}
			ok = false
		}
	}
	if t.ReadOnly {
		for _, e := range effects {
			diag := in.report(e.pos, e.end, schema.OLT025, "option %s %s", e.key, schema.PolicyConflict(e.key, e.val))
			diag.Fix = &Fix{Message: "Remove " + e.key, Edits: []Edit{removeArg(d, e.pos, e.end)}}
			ok = false
		}
	}
	return ok
}

// A policyArg is an effect option of a directive, kept to check it
// against read-only once all options are read.
type policyArg struct {
	key      string
	val      bool
	pos, end token.Pos
}

// removeArg returns the edit that removes one directive argument and the
// space before it (after it, for the first).
func removeArg(d ast.Directive, pos, end token.Pos) Edit {
	space := func(c byte) bool { return c == ' ' || c == '\t' }
	start, off := pos, int(pos-d.ArgsPos)
	for off > 0 && space(d.Args[off-1]) {
		off--
		start--
	}
	if start == d.ArgsPos {
		for e := int(end - d.ArgsPos); e < len(d.Args) && space(d.Args[e]); e++ {
			end++
		}
	}
	return Edit{Pos: start, End: end}
}

// argEnd returns the end of a directive argument in the source, quotes
// included.
func argEnd(d ast.Directive, a ast.DirectiveArg) token.Pos {
	off := int(a.Pos - d.ArgsPos)
	if off < 0 || off >= len(d.Args) {
		return a.Pos + token.Pos(len(a.Arg))
	}
	rest := d.Args[off:]
	if q := rest[0]; q == '"' || q == '`' {
		for i := 1; i < len(rest); i++ {
			if rest[i] == '\\' && q == '"' {
				i++
				continue
			}
			if rest[i] == q {
				return a.Pos + token.Pos(i+1)
			}
		}
	}
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		return a.Pos + token.Pos(i)
	}
	return a.Pos + token.Pos(len(rest))
}

// signature checks the parameters and results of a tool and builds its
// schemas. It reports every problem and returns whether there was none.
func (in *inspector) signature(t *Tool, sig *types.Signature, fd *ast.FuncDecl) bool {
	ok := true
	params := sig.Params()
	paramNode := func(i int) ast.Node { return fieldAt(fd.Type.Params, i) }
	if n, what := sdkHandler(sig, fd); n != nil {
		// Its request and result are the SDK's: one diagnostic, not the
		// SDK's internals field by field.
		e := schema.SDKHandler(fd.Name.Name, what)
		in.report(n.Pos(), n.End(), e.ID, "%s", e.Msg)
		return false
	}
	// The rules of the parameters and results are the core's, as
	// reflection applies them; the words are this front end's.
	res := sig.Results()
	s := Signature(sig)
	var problems []schema.SigProblem
	t.CtxAt, t.CallAt, t.InAt, problems = schema.CheckSignature(s)
	if t.InAt >= 0 {
		t.In = params.At(t.InAt).Type()
	}
	var resultProblem *schema.SigProblem
	for _, p := range problems {
		if p.Result >= 0 {
			resultProblem = &p
			continue
		}
		n := paramNode(p.Param)
		what := "context.Context"
		if s.Params[p.Param] == schema.SigCall {
			what = "*tool.Call"
		}
		switch p.Kind {
		case schema.SigTwice:
			in.report(n.Pos(), n.End(), schema.OLT009, "a second %s parameter; a tool takes at most one (tool %s)", what, t.Name)
		case schema.SigAfterInput:
			d := in.report(n.Pos(), n.End(), schema.OLT009, "the %s parameter comes after the input; it must come before (tool %s)", what, t.Name)
			d.Fix = in.reorderParams(fd, sig)
		case schema.SigSecondInput:
			in.report(n.Pos(), n.End(), schema.OLT002, "a second input parameter (%s); a tool takes one input struct", s.ParamType(p.Param))
		case schema.SigVariadic:
			in.report(n.Pos(), n.End(), schema.OLT002, "the input is variadic; a tool takes one input struct")
		}
		ok = false
	}
	var inType *schema.Type
	if t.In != nil {
		inType = in.d.describe(t.In)
		t.InModel = inType
	}
	if schemaBytes, err := in.b.Input(inType); err != nil {
		in.reportSchema(t, err, paramNode(t.InAt), "")
		ok = false
	} else {
		t.InputSchema = schemaBytes
	}

	t.NumResults = res.Len()
	resNode := func(i int) ast.Node {
		if n := fieldAt(fd.Type.Results, i); n != nil {
			return n
		}
		return fd.Type
	}
	if p := resultProblem; p != nil {
		switch p.Kind {
		case schema.SigResults:
			in.report(fd.Type.Results.Pos(), fd.Type.Results.End(), schema.OLT003, "the function has %d results; a tool returns at most a value and an error (tool %s)", res.Len(), t.Name)
		case schema.SigErrorFirst:
			n := resNode(0)
			in.report(n.Pos(), n.End(), schema.OLT003, "the first result is an error; a tool returns a value and then an error (tool %s)", t.Name)
		case schema.SigNotError:
			n := resNode(1)
			in.report(n.Pos(), n.End(), schema.OLT003, "the second result is %s; it must be error (tool %s)", s.ResultType(1), t.Name)
		}
		return false
	}
	if res.Len() == 0 || s.ResultErr[0] && res.Len() == 1 {
		t.Form = schema.ResultNone
		return ok
	}
	t.Result = res.At(0).Type()
	rt := in.d.describe(t.Result)
	t.OutModel = rt
	t.Form = schema.ResultFormOf(rt)
	out, err := in.b.Output(rt)
	if err != nil {
		in.reportSchema(t, err, resNode(0), types.TypeString(t.Result, in.qualifier))
		return false
	}
	t.OutputSchema = out
	return ok
}

// reportSchema reports the core's errors about a type that tool t reaches:
// at the field or tag at fault when the error names one in this package's
// syntax, else at the parameter or result (at). For a result, resultType
// is set and the core restates the errors as OLT003, as reflection reports
// them. An error already reported for another tool (a type they share,
// the same text at the same place) is not reported again: that diagnostic
// names t too.
func (in *inspector) reportSchema(t *Tool, err error, at ast.Node, resultType string) {
	for _, p := range in.schemaProblems(err, at.Pos(), at.End(), resultType) {
		in.typeDiag(t, p.pos, p.end, p.id, p.msg, p.fix)
	}
}

// A problem is one of the core's errors about a type, placed.
type problem struct {
	pos, end token.Pos
	id       schema.ID
	msg      string
	fix      *Fix
}

// schemaProblems places the core's errors about a type (an input, or a
// result of type resultType): at the field or tag at fault when the error
// names one in this package's syntax, else at pos..end.
func (in *inspector) schemaProblems(err error, pos, end token.Pos, resultType string) []problem {
	var es schema.Errors
	if !errors.As(err, &es) {
		return []problem{{pos, end, schema.OLT002, fmt.Sprint(err), nil}}
	}
	if resultType != "" {
		es = schema.ResultErrors(es, resultType)
	} else {
		es = schema.Within(es, "input")
	}
	var out []problem
	for _, e := range es {
		p := problem{pos: pos, end: end, id: e.ID, msg: e.Path + ": " + e.Msg}
		if e.Field != nil && e.Field.Pos != 0 {
			if fs, ok := in.d.fields[token.Pos(e.Field.Pos)]; ok {
				p.pos, p.end = token.Pos(e.Field.Pos), token.Pos(e.Field.Pos)+token.Pos(len(e.Field.Name))
				if e.Tag != "" && fs.tag != nil {
					p.pos, p.end = tagPos(fs.tag, e.Tag, e.Option)
				}
				if resultType == "" {
					p.fix = tagFix(fs, e)
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// typeDiag reports a problem of a type tool t reaches, once for all the
// tools that reach it: a second tool is added to the first's diagnostic.
func (in *inspector) typeDiag(t *Tool, pos, end token.Pos, id schema.ID, msg string, fix *Fix) {
	key := typeDiagKey{pos, end, id, msg}
	if d, ok := in.typeDiags[key]; ok {
		if !slices.Contains(d.Tools, t.Name) {
			d.Tools = append(d.Tools, t.Name)
		}
		in.problems++ // t is refused all the same
		return
	}
	d := in.report(pos, end, id, "%s", msg)
	d.Fix = fix
	d.Tools = []string{t.Name}
	if in.typeDiags == nil {
		in.typeDiags = map[typeDiagKey]*Diagnostic{}
	}
	in.typeDiags[key] = d
}

// toolsNote is what a diagnostic about a type adds to its message: the
// tools that reach the type.
func toolsNote(names []string) string {
	if len(names) == 1 {
		return " (tool " + names[0] + ")"
	}
	return " (tools " + strings.Join(names, ", ") + ")"
}

// tagPos locates key within a struct tag literal, or its option when one
// is given (a json option, "omitemtpy") and written without escapes:
// exactly for a raw string, at the literal for an interpreted one (whose
// offsets escapes shift).
func tagPos(lit *ast.BasicLit, key, option string) (token.Pos, token.Pos) {
	if strings.HasPrefix(lit.Value, "`") {
		raw := lit.Value[1 : len(lit.Value)-1]
		pairs, _ := schema.ParseStructTag(raw)
		for _, p := range pairs {
			if p.Key != key {
				continue
			}
			start := lit.Pos() + 1 + token.Pos(p.Offset)
			// The option itself, where the value is written as it reads
			// (no escapes): its offset in the value is its offset in
			// the source.
			vstart := p.Offset + len(p.Key) + 2 // past the colon and the quote
			if option != "" && strings.HasPrefix(raw[vstart:], p.Value+`"`) {
				at, off := len(p.Value), 0
				for i, o := range strings.Split(p.Value, ",") {
					if i > 0 && o == option {
						at = off
						break
					}
					off += len(o) + 1
				}
				if at < len(p.Value) {
					s := lit.Pos() + 1 + token.Pos(vstart+at)
					return s, s + token.Pos(len(option))
				}
			}
			return start, start + token.Pos(len(p.Key))
		}
	}
	return lit.Pos(), lit.End()
}

// fieldAt returns the node of the i'th parameter or result of a list (where
// one field may declare several names), or nil.
func fieldAt(fl *ast.FieldList, i int) ast.Node {
	if fl == nil {
		return nil
	}
	for _, f := range fl.List {
		n := max(len(f.Names), 1)
		if i < n {
			if len(f.Names) > 0 {
				return f.Names[i]
			}
			return f
		}
		i -= n
	}
	return nil
}

func (in *inspector) qualifier(p *types.Package) string { return p.Name() }

// sdkHandler returns the parameter or result of sig that makes it a
// go-sdk tool handler (a pointer to the SDK's request or result), and
// which it is; nil when there is none.
func sdkHandler(sig *types.Signature, fd *ast.FuncDecl) (ast.Node, string) {
	for i := range sig.Params().Len() {
		if SDKHandlerType(sig.Params().At(i).Type()) {
			return fieldAt(fd.Type.Params, i), "request parameter"
		}
	}
	for i := range sig.Results().Len() {
		if SDKHandlerType(sig.Results().At(i).Type()) {
			return fieldAt(fd.Type.Results, i), "result"
		}
	}
	return nil, ""
}

// SDKHandlerType reports whether t is a pointer to a type of the go-sdk's
// handlers (schema.SDKHandlerType), which makes a function a go-sdk
// handler rather than a tool's.
func SDKHandlerType(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && schema.SDKHandlerType(n.Obj().Pkg().Path(), n.Obj().Name())
}

// Signature describes sig for schema.CheckSignature, its types written
// with their package's name (the analyzers' words).
func Signature(sig *types.Signature) schema.Sig {
	params, res := sig.Params(), sig.Results()
	qual := func(p *types.Package) string { return p.Name() }
	s := schema.Sig{
		Params:     make([]schema.SigParam, params.Len()),
		Variadic:   sig.Variadic(),
		ResultErr:  make([]bool, res.Len()),
		ParamType:  func(i int) string { return types.TypeString(params.At(i).Type(), qual) },
		ResultType: func(i int) string { return types.TypeString(res.At(i).Type(), qual) },
		ElemType: func() string {
			return types.TypeString(params.At(params.Len()-1).Type().(*types.Slice).Elem(), qual)
		},
	}
	for i := range params.Len() {
		switch p := params.At(i).Type(); {
		case isContext(p):
			s.Params[i] = schema.SigContext
		case isCall(p):
			s.Params[i] = schema.SigCall
		}
	}
	for i := range res.Len() {
		s.ResultErr[i] = types.Identical(res.At(i).Type(), errorType)
	}
	return s
}

func isContext(t types.Type) bool { return isNamed(t, "context", "Context") }

func isCall(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNamed(p.Elem(), schema.RuntimePkg, "Call")
}

// uniqueRenames makes each suggested new name differ from the names of
// the other tools of its list and from the names suggested before it
// there, with a numeric suffix: a fix must not make an OLT007.
func (in *inspector) uniqueRenames(byRecv map[*types.TypeName]*List, pkgList *List) {
	// The names taken in each list: its tools', and the names suggested
	// so far; made when a list's first rename comes.
	taken := map[*types.TypeName]map[string]bool{}
	next := map[*types.TypeName]map[string]int{} // the suffix to try first, by name suggested
	for _, r := range in.renames {
		names := taken[r.t.Recv]
		if names == nil {
			names = map[string]bool{}
			l := pkgList
			if r.t.Recv != nil {
				l = byRecv[r.t.Recv]
			}
			if l != nil {
				for _, t := range l.Tools {
					names[t.Name] = true
				}
			}
			taken[r.t.Recv] = names
			next[r.t.Recv] = map[string]int{}
		}
		// The suffixes tried before for this name are taken still: many
		// tools given one name try each suffix once, not each from 2.
		name := r.name
		i := max(2, next[r.t.Recv][r.name])
		for ; names[name]; i++ {
			suffix := "_" + strconv.Itoa(i)
			name = r.name[:min(len(r.name), schema.MaxNameLen-len(suffix))] + suffix
		}
		next[r.t.Recv][r.name] = i
		if name != r.name {
			r.diag.Fix.Message = "Rename the tool " + name
			r.diag.Fix.Edits[0].NewText = "name=" + name
		}
		names[name] = true
	}
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// lists groups the tools into tool lists and checks their names are unique
// in each (OLT007), and that the list's name is free.
func (in *inspector) lists(pkg *types.Package) {
	byRecv := map[*types.TypeName]*List{}
	var pkgList *List
	named := map[*List]map[string][]*Tool{} // each list's tools, by name
	for _, t := range in.p.Tools {
		l := pkgList
		if t.Recv != nil {
			l = byRecv[t.Recv]
		}
		if l == nil {
			l = &List{Recv: t.Recv}
			if t.Recv == nil {
				pkgList = l
			} else {
				byRecv[t.Recv] = l
			}
		}
		if named[l] == nil {
			named[l] = map[string][]*Tool{}
		}
		// One diagnostic a tool, naming the first of its name: a name
		// repeated n times is told n-1 times, not once for each pair.
		if same := named[l][t.Name]; len(same) > 0 {
			other := same[0]
			pos := in.fset.Position(other.Decl.Name.Pos())
			d := in.report(t.Decl.Name.Pos(), t.Decl.Name.End(), schema.OLT007,
				"tool name %q is also the name of %s (%s:%d); names in one tool list must differ",
				t.Name, other.Decl.Name.Name, filepath.Base(pos.Filename), pos.Line)
			d.Tools, d.Blocks = []string{other.Name, t.Name}, true
		}
		named[l][t.Name] = append(named[l][t.Name], t)
		l.PtrRecv = l.PtrRecv || t.PtrRecv
		l.Tools = append(l.Tools, t)
	}
	in.uniqueRenames(byRecv, pkgList)
	if pkgList != nil {
		in.p.Lists = append(in.p.Lists, pkgList)
		if obj := pkg.Scope().Lookup(ListName); obj != nil && !in.generated(obj.Pos()) && !inTest(in.fset, obj.Pos()) {
			in.report(obj.Pos(), obj.Pos(), schema.OLT001, "the package declares %s, the name of the generated tool list; rename it", ListName).Blocks = true
		}
	}
	listed := map[*List]bool{}
	for _, t := range in.p.Tools {
		if l := byRecv[t.Recv]; l != nil && !listed[l] {
			listed[l] = true
			in.p.Lists = append(in.p.Lists, l)
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t.Recv.Type()), true, pkg, ListName)
			if obj != nil && !in.generated(obj.Pos()) {
				in.report(obj.Pos(), obj.Pos(), schema.OLT001, "type %s has a field or method %s, the name of its generated tool list; rename it", t.Recv.Name(), ListName).Blocks = true
			}
		}
	}
}

// generated reports whether pos is in a generated file.
func (in *inspector) generated(pos token.Pos) bool {
	return strings.HasSuffix(in.fset.Position(pos).Filename, GeneratedFile)
}

// GeneratedFile is the name of the file the generator writes in a package.
const GeneratedFile = "toolschema_gen.go"

// enums lists the package's enum types.
func (in *inspector) enums(pkg *types.Package) {
	in.p.Enums = Enums(in.fset, pkg)
}

// Enums returns the enum types pkg declares, in source order: named types
// of string kind with typed constants, unless their wire form is their
// own text, each with its constants in declaration order (each value
// once), as the generator writes schema.EnumMethod for them. What
// _test.go files declare is left out. It reads pkg's scope once, so that
// it costs little on a package with none (a checker asks it of every
// dependency).
func Enums(fset *token.FileSet, pkg *types.Package) []*Enum {
	scope := pkg.Scope()
	var names []*types.TypeName
	consts := map[*types.Named][]*types.Const{}
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Const:
			if n, ok := obj.Type().(*types.Named); ok && !inTest(fset, obj.Pos()) {
				consts[n] = append(consts[n], obj)
			}
		case *types.TypeName:
			if obj.IsAlias() || inTest(fset, obj.Pos()) {
				continue
			}
			n, ok := obj.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 {
				continue
			}
			if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
				continue
			}
			names = append(names, obj)
		}
	}
	if len(names) == 0 {
		return nil
	}
	byPos := func(a, b token.Pos) int {
		pa, pb := fset.Position(a), fset.Position(b)
		if c := cmp.Compare(pa.Filename, pb.Filename); c != 0 {
			return c
		}
		return cmp.Compare(pa.Offset, pb.Offset)
	}
	slices.SortFunc(names, func(a, b *types.TypeName) int { return byPos(a.Pos(), b.Pos()) })
	var out []*Enum
	for _, tn := range names {
		n := tn.Type().(*types.Named)
		cs := consts[n]
		if len(cs) == 0 {
			continue
		}
		if m, _ := methodsOf(n); m&(schema.TextMarshaler|schema.TextUnmarshaler) != 0 || m&(schema.JSONMarshaler|schema.JSONUnmarshaler) != 0 {
			continue
		}
		slices.SortFunc(cs, func(a, b *types.Const) int { return byPos(a.Pos(), b.Pos()) })
		e := &Enum{Type: tn}
		seen := make(map[string]bool, len(cs))
		for _, c := range cs {
			if v := c.Val().ExactString(); !seen[v] {
				seen[v] = true
				e.Consts = append(e.Consts, c)
			}
		}
		out = append(out, e)
	}
	return out
}

// DirectiveOptions are the directive's option names.
var DirectiveOptions = []string{"name", "ends-loop", "requires-approval", "parallel-safe", "timeout", "version",
	"read-only", "destructive", "idempotent", "open-world", "title", "errors", "safe-errors", "defer-loading", "namespace", "max-result", "icon"}

// parseSize reads a positive size of max-result=: a number of bytes,
// with B, KB (1024 bytes) or MB (1024 KB) after it.
func parseSize(s string) (int, bool) {
	unit := 1
	switch u := strings.ToUpper(s); {
	case strings.HasSuffix(u, "KB"):
		unit, s = 1<<10, s[:len(s)-2]
	case strings.HasSuffix(u, "MB"):
		unit, s = 1<<20, s[:len(s)-2]
	case strings.HasSuffix(u, "B"):
		s = s[:len(s)-1]
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 || s[0] == '+' || n > math.MaxInt32/unit {
		return 0, false
	}
	return n * unit, true
}

// nearestOption returns the option that key is a slip of: the one at the
// least edit distance, when that is at most 2 (1 for a key of up to four
// letters) and no other option is as near; "" when there is none.
func nearestOption(key string) string {
	return nearest(key, DirectiveOptions)
}

// nearest returns the one of names that key is a slip of, as nearestOption
// says: as the core tells a misspelt tag key.
func nearest(key string, names []string) string {
	return schema.Nearest(key, names, 4)
}

// newInspector returns the inspector of one type-checked package, its
// syntax read for the fields' positions and docs.
func newInspector(fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info, cfg *Config) *inspector {
	if cfg == nil {
		cfg = &Config{}
	}
	sizes := cfg.Sizes
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	in := &inspector{
		fset: fset, info: info,
		p: &Package{Path: pkg.Path(), Name: pkg.Name()},
		d: &describer{fset: fset, sizes: sizes, fields: map[token.Pos]fieldSyntax{}, noDocs: cfg.NoDocs,
			foreign: cfg.Foreign, pkgPath: pkg.Path()},
		b: newBuilder(),
	}
	in.d.addSyntax(files)
	in.p.d = in.d
	return in
}

// toolName is the name of tool t declared by fd: its name= option's, else
// its function's in snake case.
func toolName(t *Tool, fd *ast.FuncDecl) string {
	if t.Name != "" {
		return t.Name
	}
	return schema.SnakeCase(fd.Name.Name)
}
