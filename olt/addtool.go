package olt

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// addTools checks the calls of mcpserver.AddTool in f for what their type
// arguments do not tell alone, and the tool they are given shows: a map
// of the arguments (schema.ArgsMap) is taken only beside an input schema
// set by hand, so a tool written as a literal without one panics at
// start-up. A tool the call does not spell out (a variable, a function's
// result) is not known here, and nothing is said about it.
func (e *enumPass) addTools(f *ast.File) {
	if !imports(f, mcpserverPkg) {
		return
	}
	info := e.pass.TypesInfo
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 3 {
			return true
		}
		id := calledIdent(call.Fun)
		if id == nil {
			return true
		}
		fn, ok := info.Uses[id].(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != mcpserverPkg || fn.Name() != "AddTool" {
			return true
		}
		inst, ok := info.Instances[id]
		if !ok || inst.TypeArgs.Len() != 2 {
			return true
		}
		in := inst.TypeArgs.At(0)
		if hasTypeParam(in, map[types.Type]bool{}) {
			return true // known where the generic function around it is instantiated
		}
		lit, known := toolLiteral(info, call.Args[1])
		label := qualifiedName(fn, e.pass.Pkg) + "[" + typeList(inst.TypeArgs, e.pass.Pkg) + "]"
		if lit.name != "" {
			label += fmt.Sprintf(": tool %q", lit.name)
		}
		report := func(format string, args ...any) {
			e.diags = append(e.diags, &analyzer.Diagnostic{Pos: id.Pos(), End: id.End(), ID: schema.OLT002,
				Message: label + ": input: " + fmt.Sprintf(format, args...)})
		}
		switch {
		case analyzer.IsEmptyInterface(in) && known && lit.handSchema:
			report("In of type any with a hand-set schema panics: give In the struct the schema describes")
		case analyzer.IsEmptyInterface(in) && e.readsInput(call.Args[2]):
			report("In of type any takes no arguments under mcpserver.AddTool (the go-sdk took any object): give In a struct of the arguments, or map[string]any with an input schema set by hand")
		case known && !lit.handSchema && e.typeChecker().ArgsMap(in):
			report("the input is %s, not a struct; tool arguments are the fields of one struct: %s", typeLabel(in, e.pass.Pkg), schema.ArgsMapWayOut)
		}
		return true
	})
}

// readsInput reports whether h, the handler given to the drop-in, names
// its input parameter (the third) and uses it in its body (not only as
// the value of an assignment to _, which silences it): a function
// literal, or a function or method declared in the package. A handler
// whose body is not here (a variable, another package's function) is
// taken as not reading it.
func (e *enumPass) readsInput(h ast.Expr) bool {
	info := e.pass.TypesInfo
	var ft *ast.FuncType
	var body *ast.BlockStmt
	switch h := ast.Unparen(h).(type) {
	case *ast.FuncLit:
		ft, body = h.Type, h.Body
	default:
		fn := funcOf(info, h)
		if fn == nil || fn.Pkg() != e.pass.Pkg {
			return false
		}
		fd := e.funcDecl(fn)
		if fd == nil {
			return false
		}
		ft, body = fd.Type, fd.Body
	}
	if body == nil || ft.Params == nil {
		return false
	}
	var param *ast.Ident
	k := 0
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if k == 2 {
				param = n
			}
			k++
		}
		if len(f.Names) == 0 {
			k++
		}
	}
	if param == nil || param.Name == "_" {
		return false
	}
	obj := info.Defs[param]
	if obj == nil {
		return false
	}
	used := false
	// given reads the values given to blanks (_ = in, var _ = in, which
	// silence an unused parameter): the parameter itself reads nothing.
	given := func(xs []ast.Expr) bool {
		for _, x := range xs {
			if !isIdentOf(info, x, obj) {
				ast.Inspect(x, func(n ast.Node) bool { used = used || isIdentOf(info, n, obj); return !used })
			}
		}
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if blanks(n.Lhs) && len(n.Lhs) == len(n.Rhs) {
				return given(n.Rhs)
			}
		case *ast.ValueSpec:
			if blanks(identExprs(n.Names)) && len(n.Names) == len(n.Values) {
				return given(n.Values)
			}
		case *ast.Ident:
			used = used || info.Uses[n] == obj
		}
		return !used
	})
	return used
}

// isIdentOf reports whether n is, unparenthesized, a use of obj.
func isIdentOf(info *types.Info, n ast.Node, obj types.Object) bool {
	if x, ok := n.(ast.Expr); ok {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == obj
	}
	return false
}

// blanks reports whether every expression of xs is the blank identifier.
func blanks(xs []ast.Expr) bool {
	for _, x := range xs {
		if id, ok := x.(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return len(xs) > 0
}

func identExprs(ids []*ast.Ident) []ast.Expr {
	out := make([]ast.Expr, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// A toolLit is what an mcp.Tool literal given to the drop-in sets: its
// name, when a constant string, and whether it sets an input schema by
// hand.
type toolLit struct {
	name       string
	handSchema bool
}

// toolLiteral reads the tool a call is given when it is the address of an
// mcp.Tool literal with its fields named (&mcp.Tool{Name: "echo"}); not ok
// for any other tool, which is not known where the call is.
func toolLiteral(info *types.Info, x ast.Expr) (toolLit, bool) {
	var lit toolLit
	u, ok := ast.Unparen(x).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return lit, false
	}
	cl, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || !isNamed(info.TypeOf(cl), schema.MCPPkg, "Tool") {
		return lit, false
	}
	for _, el := range cl.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return lit, false // every field, in order
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		tv := info.Types[kv.Value]
		switch k.Name {
		case "Name":
			if tv.Value != nil && tv.Value.Kind() == constant.String {
				lit.name = constant.StringVal(tv.Value)
			}
		case "InputSchema":
			lit.handSchema = !tv.IsNil()
		}
	}
	return lit, true
}
