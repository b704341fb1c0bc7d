package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolschema/toolschema/schema"
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
		ast.Inspect(f, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, fd := range st.Fields.List {
				fs := fieldSyntax{tag: fd.Tag, field: fd}
				if !d.noDocs {
					text := fd.Doc.Text()
					if text == "" {
						text = fd.Comment.Text()
					}
					fs.doc = schema.FlattenDoc(text)
				}
				if len(fd.Names) == 0 {
					d.fields[embeddedPos(fd.Type)] = fs
				}
				for _, name := range fd.Names {
					d.fields[name.Pos()] = fs
				}
			}
			return true
		})
	}
}

// embeddedPos is the position go/types gives an embedded field: that of the
// type name.
func embeddedPos(e ast.Expr) token.Pos {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel.Pos()
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		default:
			return e.Pos()
		}
	}
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
	consts := enumConsts(d.fset, n)
	if len(consts) == 0 {
		return nil
	}
	vals := make([]string, 0, len(consts))
	for _, c := range consts {
		v := constant.StringVal(c.Val())
		if !slices.Contains(vals, v) {
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
