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
		lit, ok := toolLiteral(info, call.Args[1])
		if !ok {
			return true
		}
		label := qualifiedName(fn, e.pass.Pkg) + "[" + typeList(inst.TypeArgs, e.pass.Pkg) + "]"
		if lit.name != "" {
			label += fmt.Sprintf(": tool %q", lit.name)
		}
		report := func(format string, args ...any) {
			e.diags = append(e.diags, &analyzer.Diagnostic{Pos: id.Pos(), End: id.End(), ID: schema.OLT002,
				Message: label + ": input: " + fmt.Sprintf(format, args...)})
		}
		if !lit.handSchema && e.typeChecker().ArgsMap(in) {
			report("the input is %s, not a struct; tool arguments are the fields of one struct: %s", typeLabel(in, e.pass.Pkg), schema.ArgsMapWayOut)
		}
		return true
	})
}

// calledIdent returns the name a call's function is spelled with (f,
// pkg.F, pkg.F[A, B]), nil when it has none.
func calledIdent(fun ast.Expr) *ast.Ident {
	switch x := ast.Unparen(fun).(type) {
	case *ast.IndexExpr:
		return calledIdent(x.X)
	case *ast.IndexListExpr:
		return calledIdent(x.X)
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.Ident:
		return x
	}
	return nil
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
