package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolschema/toolschema/internal/schema"
)

// describer turns go/types types into the core's neutral description, with
// one *schema.Type per named type.
type describer struct {
	fset  *token.FileSet
	sizes types.Sizes
	types typeutil.Map // types.Type -> *schema.Type
	// fields holds what the syntax of the packages being inspected says
	// about struct fields, by the position of the field's *types.Var.
	fields map[token.Pos]fieldSyntax
	noDocs bool
	// foreign answers for the packages whose syntax was not given; nil
	// when nothing is known of them beyond their types.
	foreign Foreign
	pkgPath string               // the package being inspected
	sources map[string]*ast.File // the files given, by name, for declared schemas
}

// fieldSyntax is what a struct field's declaration says beyond its type.
type fieldSyntax struct {
	doc   string        // the flattened doc comment
	tag   *ast.BasicLit // the tag literal, nil when none
	field *ast.Field
}

// addSyntax records the doc comments and tag literals of the struct fields
// declared in files.
func (d *describer) addSyntax(files []*ast.File) {
	for _, f := range files {
		eachField(d.fset, f, !d.noDocs, func(pos token.Pos, _ string, fs fieldSyntax) { d.fields[pos] = fs })
		// A declared schema's method is then read from this syntax, not
		// from disk again (an editor's unsaved text is what was given).
		if name := d.fset.Position(f.Pos()).Filename; name != "" {
			if d.sources == nil {
				d.sources = map[string]*ast.File{}
			}
			d.sources[name] = f
		}
	}
}

// eachField calls fn for every struct field declared in f, with the
// position go/types gives it, its name (an embedded field's is its type's)
// and what its declaration says; with docs, its description from comments.
func eachField(fset *token.FileSet, f *ast.File, docs bool, fn func(pos token.Pos, name string, fs fieldSyntax)) {
	ast.Inspect(f, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok {
			return true
		}
		for i, fd := range st.Fields.List {
			fs := fieldSyntax{tag: fd.Tag, field: fd}
			if docs {
				text := fd.Doc.Text()
				if groupHeading(fset, st.Fields.List, i) {
					text = ""
				}
				if text == "" {
					text = fd.Comment.Text()
				}
				fs.doc = schema.FlattenDoc(text)
			}
			if len(fd.Names) == 0 {
				pos := embeddedPos(fd.Type)
				fn(pos, embeddedName(fd.Type), fs)
			}
			for _, name := range fd.Names {
				fn(name.Pos(), name.Name, fs)
			}
		}
		return true
	})
}

// groupHeading reports whether the doc comment above fields[i] heads a
// group of fields rather than documenting the field, as gofmt'ed code
// writes one ("// Common parameters" above the first of several fields):
// one line that is not a sentence (no final period) and does not start
// with the field's name (Go's convention for a field's own doc), above a
// field that is followed without a blank line by others, none of which has
// a doc comment of its own.
func groupHeading(fset *token.FileSet, fields []*ast.Field, i int) bool {
	fd := fields[i]
	if fd.Doc == nil || len(fd.Doc.List) != 1 {
		return false
	}
	text := strings.TrimSpace(fd.Doc.Text())
	if text == "" || strings.HasSuffix(text, ".") || strings.Contains(text, "\n") {
		return false
	}
	for _, name := range fd.Names {
		if strings.HasPrefix(text, name.Name+" ") || text == name.Name {
			return false
		}
	}
	line := func(p token.Pos) int { return fset.Position(p).Line }
	group := 0
	for j := i + 1; j < len(fields); j++ {
		next := fields[j]
		start := next.Pos()
		if next.Doc != nil {
			start = next.Doc.Pos()
		}
		if line(start) != line(fields[j-1].End())+1 {
			break // a blank line (or more) ends the group
		}
		if next.Doc != nil {
			return false // the group's fields have docs of their own
		}
		group++
	}
	return group > 0
}

// embeddedName is the name of an embedded field: its type's name.
func embeddedName(e ast.Expr) string {
	if id, _ := embeddedIdent(e); id != nil {
		return id.Name
	}
	return ""
}

// embeddedIdent returns the identifier that names an embedded field's type
// (T in *T, pkg.T, T[X]), or nil and the expression where the search
// stopped.
func embeddedIdent(e ast.Expr) (*ast.Ident, ast.Expr) {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel, x
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x, x
		default:
			return nil, e
		}
	}
}

// embeddedPos is the position go/types gives an embedded field: that of the
// type name.
func embeddedPos(e ast.Expr) token.Pos {
	id, last := embeddedIdent(e)
	if id != nil {
		return id.Pos()
	}
	return last.Pos()
}

func (d *describer) describe(t types.Type) *schema.Type {
	t = types.Unalias(t)
	// Named and predeclared types are described once. An unnamed type is
	// described where it is written: two identical struct literals have
	// fields with their own doc comments and positions. (A cycle always
	// passes through a named type.)
	_, unnamed := t.(*types.Named)
	_, basic := t.(*types.Basic)
	unnamed = !unnamed && !basic
	if !unnamed {
		if st, ok := d.types.At(t).(*schema.Type); ok {
			return st
		}
	}
	st := &schema.Type{}
	if !unnamed {
		// Registered before its parts are described, so that a type
		// that refers to itself is one cycle in the graph.
		d.types.Set(t, st)
	}
	if n, ok := t.(*types.Named); ok {
		obj := n.Obj()
		st.Name = obj.Name()
		if obj.Pkg() != nil {
			st.PkgPath, st.PkgName = obj.Pkg().Path(), obj.Pkg().Name()
		}
		if targs := n.TypeArgs(); targs.Len() > 0 {
			args := make([]string, targs.Len())
			for i := range args {
				args[i] = types.TypeString(targs.At(i), nil)
			}
			st.Name += "[" + strings.Join(args, ",") + "]"
		}
	}
	if b, ok := t.(*types.Basic); ok {
		st.Name = b.Name() // a predeclared type: named, in no package
	}
	u := t.Underlying()
	st.Kind = kindOf(u)
	switch st.Kind {
	case schema.Int, schema.Uint, schema.Float, schema.Complex:
		st.Bits = int(d.sizes.Sizeof(u)) * 8
	}
	switch u.(type) {
	case *types.Pointer, *types.Interface:
	default:
		if !schema.Opaque(st.PkgPath, st.Name, 0) {
			st.Methods, st.ValueMethods = methodsOf(t)
			st.PeerSchema = peerSchema(t)
		}
	}
	if schema.MayDeclare(st.Methods) {
		if s, err := d.declared(t); s != nil || err != "" {
			st.Declared = &schema.Declared{Schema: s, Err: err}
		}
	}
	if schema.Opaque(st.PkgPath, st.Name, st.Methods) {
		st.Opaque = true
		return st
	}
	switch u := u.(type) {
	case *types.Basic:
		if n, ok := t.(*types.Named); ok && st.Kind == schema.String {
			st.Enum = d.enumValues(n)
		}
	case *types.Slice:
		st.Elem = d.describe(u.Elem())
	case *types.Pointer:
		st.Elem = d.describe(u.Elem())
	case *types.Chan:
		st.Elem = d.describe(u.Elem())
	case *types.Array:
		st.Elem = d.describe(u.Elem())
		st.Len = u.Len()
	case *types.Map:
		st.Key = d.describe(u.Key())
		st.Elem = d.describe(u.Elem())
	case *types.Interface:
		st.NumMethods = u.NumMethods()
	case *types.Struct:
		st.Fields = make([]schema.Field, u.NumFields())
		for i := range st.Fields {
			v := u.Field(i)
			f := &st.Fields[i]
			f.Name, f.Exported, f.Embedded, f.Tag = v.Name(), v.Exported(), v.Embedded(), u.Tag(i)
			f.Pos = int(v.Pos())
			if fs, ok := d.fields[v.Pos()]; ok {
				f.Doc = fs.doc
			} else if v.Pkg() != nil && v.Pkg().Path() != d.pkgPath && !d.noDocs && d.foreign != nil {
				f.Doc = d.foreign.FieldDoc(v)
			}
			if f.Exported || f.Embedded {
				f.Type = d.describe(v.Type())
			}
		}
	}
	return st
}

// enumValues returns the values of the constants of type n declared in its
// package, in declaration order (by file, then position), each value once;
// nil when there are none.
func (d *describer) enumValues(n *types.Named) []string {
	if pkg := n.Obj().Pkg(); pkg != nil && pkg.Path() != d.pkgPath && d.foreign != nil {
		if vals, ok := d.foreign.EnumValues(n); ok {
			return vals
		}
	}
	return EnumValues(d.fset, n)
}

// EnumValues returns the values of the constants of type n declared in
// its package, in declaration order (by file, then position), each value
// once; nil when there are none. The order is the declarations' when the
// positions are those of the syntax, not of export data (which keeps the
// line of a declaration, not its column).
func EnumValues(fset *token.FileSet, n *types.Named) []string {
	consts := enumConsts(fset, n)
	if len(consts) == 0 {
		return nil
	}
	vals := make([]string, 0, len(consts))
	seen := make(map[string]bool, len(consts)) // a list would make 10,000 values quadratic
	for _, c := range consts {
		v := constant.StringVal(c.Val())
		if !seen[v] {
			seen[v] = true
			vals = append(vals, v)
		}
	}
	return vals
}

// enumConsts returns the constants of type n declared in n's package, in
// declaration order.
func enumConsts(fset *token.FileSet, n *types.Named) []*types.Const {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	var consts []*types.Const
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), n) && !inTest(fset, c.Pos()) {
			consts = append(consts, c)
		}
	}
	slices.SortFunc(consts, func(a, b *types.Const) int {
		pa, pb := fset.Position(a.Pos()), fset.Position(b.Pos())
		if c := strings.Compare(pa.Filename, pb.Filename); c != 0 {
			return c
		}
		return pa.Offset - pb.Offset
	})
	return consts
}

// inTest reports whether pos is in a _test.go file: declarations there are
// not the package's as toolgen reads it.
func inTest(fset *token.FileSet, pos token.Pos) bool {
	return strings.HasSuffix(fset.Position(pos).Filename, "_test.go")
}

func kindOf(u types.Type) schema.Kind {
	switch u := u.(type) {
	case *types.Basic:
		switch info := u.Info(); {
		case info&types.IsBoolean != 0:
			return schema.Bool
		case u.Kind() == types.Uintptr:
			return schema.Uintptr
		case u.Kind() == types.UnsafePointer:
			return schema.UnsafePointer
		case info&types.IsUnsigned != 0:
			return schema.Uint
		case info&types.IsInteger != 0:
			return schema.Int
		case info&types.IsFloat != 0:
			return schema.Float
		case info&types.IsComplex != 0:
			return schema.Complex
		case info&types.IsString != 0:
			return schema.String
		}
	case *types.Slice:
		return schema.Slice
	case *types.Array:
		return schema.Array
	case *types.Map:
		return schema.Map
	case *types.Pointer:
		return schema.Pointer
	case *types.Struct:
		return schema.Struct
	case *types.Interface:
		return schema.Interface
	case *types.Chan:
		return schema.Chan
	case *types.Signature:
		return schema.Func
	}
	return schema.Invalid
}

// The encoding hooks, as interfaces.
var (
	jsonMarshaler   = iface("MarshalJSON", nil, []types.Type{byteSlice, errorType})
	jsonUnmarshaler = iface("UnmarshalJSON", []types.Type{byteSlice}, []types.Type{errorType})
	textMarshaler   = iface("MarshalText", nil, []types.Type{byteSlice, errorType})
	textUnmarshaler = iface("UnmarshalText", []types.Type{byteSlice}, []types.Type{errorType})
)

var (
	byteSlice = types.NewSlice(types.Typ[types.Byte])
	errorType = types.Universe.Lookup("error").Type()
)

func iface(name string, params, results []types.Type) *types.Interface {
	tuple := func(ts []types.Type) *types.Tuple {
		vs := make([]*types.Var, len(ts))
		for i, t := range ts {
			vs[i] = types.NewParam(token.NoPos, nil, "", t)
		}
		return types.NewTuple(vs...)
	}
	sig := types.NewSignatureType(nil, nil, nil, tuple(params), tuple(results), false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, name, sig)}, nil).Complete()
}

// peerSchema returns the first of schema.PeerSchemaMethods that t or *t
// has with invopop/jsonschema's shape (schema.PeerSchemaShaped), "" when
// none.
func peerSchema(t types.Type) string {
	sig := func(t types.Type) schema.SigValue {
		var v schema.SigValue
		switch u := t.Underlying().(type) {
		case *types.Interface:
			v.Any = u.Empty()
		case *types.Basic:
			v.String = u.Info()&types.IsString != 0
		case *types.Pointer:
			if n, ok := types.Unalias(u.Elem()).(*types.Named); ok {
				v.PtrTo = n.Obj().Name()
				if n.Obj().Pkg() != nil {
					v.PtrPkg = n.Obj().Pkg().Path()
				}
			}
		}
		return v
	}
	sigs := func(tuple *types.Tuple) []schema.SigValue {
		var out []schema.SigValue
		for v := range tuple.Variables() {
			out = append(out, sig(v.Type()))
		}
		return out
	}
	for _, name := range schema.PeerSchemaMethods {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if schema.PeerSchemaShaped(name, sigs(fn.Signature().Params()), sigs(fn.Signature().Results())) {
			return name
		}
	}
	return ""
}

// methodsOf reports the encoding hooks of t or *t, and those of t alone.
func methodsOf(t types.Type) (all, value schema.Methods) {
	pt := types.NewPointer(t)
	for _, h := range []struct {
		i *types.Interface
		m schema.Methods
	}{{jsonMarshaler, schema.JSONMarshaler}, {jsonUnmarshaler, schema.JSONUnmarshaler}, {textMarshaler, schema.TextMarshaler}, {textUnmarshaler, schema.TextUnmarshaler}} {
		if types.Implements(t, h.i) {
			all |= h.m
			value |= h.m
		} else if types.Implements(pt, h.i) {
			all |= h.m
		}
	}
	return all, value
}

// declared reads, from source, the schema that type t declares with
// schema.DeclaredMethod: the string literal its body returns. It returns
// nil and "" when t has no such method, and the reason when the method
// cannot be read.
func (d *describer) declared(t types.Type) ([]byte, string) {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, schema.DeclaredMethod)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil, ""
	}
	sig := fn.Signature()
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return nil, schema.DeclaredSignature
	}
	pos := d.fset.Position(fn.Pos())
	f, ok := d.sources[pos.Filename]
	if !ok || !pos.IsValid() {
		// Another package's: what the analyzer read from its syntax.
		if d.foreign != nil {
			if s, reason, ok := d.foreign.Declared(fn); ok {
				return s, reason
			}
		}
		return nil, "its source is not at hand; " + declaredForm
	}
	recv := fn.Signature().Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	recvName := ""
	if n, ok := types.Unalias(recv).(*types.Named); ok {
		recvName = n.Obj().Name()
	}
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || fd.Name.Name != schema.DeclaredMethod || embeddedName(fd.Recv.List[0].Type) != recvName {
			continue
		}
		return DeclaredBody(fd)
	}
	return nil, "its declaration is not found; " + declaredForm
}

// declaredForm is the form a declared schema's method must have.
const declaredForm = "its body must be one return of a string literal, which the generator reads from source"

// DeclaredBody returns the schema a declared schema's method (fd, named
// schema.DeclaredMethod) returns, or, when its body is not one return of
// a string literal, the reason.
func DeclaredBody(fd *ast.FuncDecl) ([]byte, string) {
	if fd.Body == nil || len(fd.Body.List) != 1 {
		return nil, declaredForm
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil, declaredForm
	}
	lit, ok := ret.Results[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, declaredForm
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return nil, declaredForm
	}
	return []byte(s), ""
}
