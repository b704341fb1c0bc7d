package olt

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// enumsAnalyzer finds, in every package, the places where a schema is made by
// reflection from a Go type (reflectimpl.Create, provider.OutputOf,
// tool.DecodeAnswer, mcpserver.AddTool, a generic function or type that
// passes its type argument on to one of them, and a tool of the package
// reaching another package's types) whose type reaches an enum type
// without its generated values: reflection reads them from the method
// toolgen writes (schema.EnumMethod): without it the enum is a plain
// string there, and with a stale one its old values are listed. Its diagnostics are OLT014's, which
// the core passes on.
//
// Facts carry what it learns across packages: on each enum type whose
// generated values are missing or stale (enumFact), from the package that
// declares it, and on each generic function or type whose type
// parameters reach such a call (reachFact).
var enumsAnalyzer = &analysis.Analyzer{
	Name:       "toolschemaenums",
	Doc:        section("toolschemaenums"),
	URL:        docsURL,
	Run:        runEnums,
	FactTypes:  []analysis.Fact{new(enumFact), new(reachFact)},
	ResultType: reflect.TypeFor[[]*analyzer.Diagnostic](),
	Requires:   []*analysis.Analyzer{factsAnalyzer},
}

// An enumFact marks an enum type (analyzer.Enums) whose values reflection
// cannot read as its constants give them: the generated method is missing,
// or it is Stale (it lists other constants than toolgen would write now).
// NoGenerate says that its package has no //go:generate line that runs
// toolgen, so that go generate there would not write them.
type enumFact struct{ Stale, NoGenerate bool }

func (*enumFact) AFact() {}

func (f *enumFact) String() string {
	if f.Stale {
		return "enum values stale"
	}
	return "enum values missing"
}

// A reachFact marks a generic function, or a generic type with methods,
// whose type parameters at Params (indexes) reach a schema made by
// reflection: an instantiation's type arguments there are checked as the
// call's own. Drops are the drop-in calls it passes type parameters on to
// as they are: for each, the indexes of the parameters given as the
// tool's input and result (-1 for none), whose type arguments an
// instantiation's types are checked as, by the rules of a tool's, and 1
// when the drop-in takes a map of the arguments as its input (schema.ArgsMap).
type reachFact struct {
	Params []int
	Drops  [][3]int
}

func (*reachFact) AFact() {}

func (f *reachFact) String() string {
	return fmt.Sprintf("type parameters %v reach a reflected schema", f.Params)
}

// The calls that make a schema by reflection, by package and name.
const (
	providerPkg    = "github.com/toolschema/toolschema/provider"
	reflectimplPkg = "github.com/toolschema/toolschema/reflectimpl"
	mcpserverPkg   = "github.com/toolschema/toolschema/mcpserver"
	mcpgoPkg       = "github.com/toolschema/toolschema/adapters/mcpgo"
)

// genericCalls are the generic functions whose type arguments are
// described by reflection.
var genericCalls = map[[2]string]bool{
	{providerPkg, "OutputOf"}:              true,
	{schema.RuntimePkg, "DecodeAnswer"}:    true,
	{mcpserverPkg, "AddTool"}:              true,
	{mcpgoPkg, "WithInputSchema"}:          true,
	{mcpgoPkg, "WithOutputSchema"}:         true,
	{mcpgoPkg, "NewTypedToolHandler"}:      true,
	{mcpgoPkg, "NewStructuredToolHandler"}: true,
}

// A role is what a drop-in makes of one of its type arguments: a tool's
// input or its result.
type role int

const (
	roleIn role = iota
	roleOut
)

// dropIns are the generic drop-ins that make a tool's schemas from their
// type arguments, with the role of each: their types are checked by the
// rules of a tool's (typeCheck).
var dropIns = map[[2]string][]role{
	{mcpserverPkg, "AddTool"}:              {roleIn, roleOut},
	{mcpgoPkg, "WithInputSchema"}:          {roleIn},
	{mcpgoPkg, "WithOutputSchema"}:         {roleOut},
	{mcpgoPkg, "NewTypedToolHandler"}:      {roleIn},
	{mcpgoPkg, "NewStructuredToolHandler"}: {roleIn, roleOut},
}

func runEnums(pass *analysis.Pass) (any, error) {
	e := &enumPass{pass: pass, local: map[types.Object]*reachFact{}, declared: map[*types.Package][]*analyzer.Enum{}}
	if len(pass.Files) > 0 {
		// Without syntax (a dependency loaded from export data by a
		// driver that runs no facts) nothing can be read of the methods'
		// bodies; the calls fall back on the method sets.
		noGenerate := !generates(pass.Files)
		for _, en := range analyzer.Enums(pass.Fset, pass.Pkg) {
			if missing, stale := e.enumState(en); missing || stale {
				pass.ExportObjectFact(en.Type, &enumFact{Stale: stale, NoGenerate: noGenerate})
			}
		}
	}
	e.sites()
	// A generic function that passes its type parameter on to another of
	// the package's: repeat until what reaches a call stops growing.
	for e.grew {
		e.grew = false
		e.diags = nil
		e.reported = nil
		e.sites()
	}
	for obj, f := range e.local {
		slices.Sort(f.Params)
		pass.ExportObjectFact(obj, f)
	}
	slices.SortStableFunc(e.diags, func(a, b *analyzer.Diagnostic) int { return cmp.Compare(a.Pos, b.Pos) })
	return e.diags, nil
}

type enumPass struct {
	pass *analysis.Pass
	// local are the package's generic functions and types whose type
	// parameters reach a call, as found so far; grew says the last round
	// added to them.
	local    map[types.Object]*reachFact
	grew     bool
	declared map[*types.Package][]*analyzer.Enum // analyzer.Enums, by package, once
	diags    []*analyzer.Diagnostic
	reported map[string]bool   // site and enum type, once
	checker  *analyzer.Checker // the drop-ins' types, made once
}

// enumState reads the generated method of en: missing (there is none), or
// stale (it is toolgen's, in the generated file, and lists other
// constants than toolgen would write now). A method written by hand is
// taken as it is.
func (e *enumPass) enumState(en *analyzer.Enum) (missing, stale bool) {
	obj, _, _ := types.LookupFieldOrMethod(en.Type.Type(), false, en.Type.Pkg(), schema.EnumMethod)
	fn, ok := obj.(*types.Func)
	if !ok {
		return true, false
	}
	if filepath.Base(e.pass.Fset.Position(fn.Pos()).Filename) != analyzer.GeneratedFile {
		return false, false
	}
	decl := e.funcDecl(fn)
	if decl == nil {
		return false, false
	}
	listed := generatedConsts(e.pass.TypesInfo, decl)
	return false, listed == nil || !slices.Equal(listed, en.Consts)
}

// funcDecl returns the declaration of fn in the package's files.
func (e *enumPass) funcDecl(fn *types.Func) *ast.FuncDecl {
	for _, f := range e.pass.Files {
		if fn.Pos() < f.Pos() || fn.Pos() >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() {
				return fd
			}
		}
	}
	return nil
}

// generatedConsts returns the constants a generated enum method lists, in
// order (return []string{string(A), string(B)}); nil when its body is not
// of that form.
func generatedConsts(info *types.Info, fd *ast.FuncDecl) []*types.Const {
	if fd.Body == nil || len(fd.Body.List) != 1 {
		return nil
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	lit, ok := ret.Results[0].(*ast.CompositeLit)
	if !ok {
		return nil
	}
	out := []*types.Const{}
	for _, elt := range lit.Elts {
		call, ok := elt.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return nil
		}
		id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
		if !ok {
			return nil
		}
		c, ok := info.Uses[id].(*types.Const)
		if !ok {
			return nil
		}
		out = append(out, c)
	}
	return out
}

// sites checks every place of the package that makes a schema by
// reflection.
func (e *enumPass) sites() {
	info := e.pass.TypesInfo
	if info == nil {
		return
	}
	// Instantiations: of the generic calls, and of generic functions and
	// types whose type parameters reach one. In source order: a field
	// several calls reach is reported once, as the first's.
	// Only those that reach a call are sorted: most instantiations of a
	// package (slices.Contains[...]) reach none.
	type site struct {
		id     *ast.Ident
		obj    types.Object
		params []int
	}
	var found []site
	for id := range info.Instances {
		if obj := info.Uses[id]; obj != nil {
			if params := e.reaching(obj); params != nil {
				found = append(found, site{id, obj, params})
			}
		}
	}
	slices.SortFunc(found, func(a, b site) int { return cmp.Compare(a.id.Pos(), b.id.Pos()) })
	for _, s := range found {
		id, obj, params := s.id, s.obj, s.params
		inst := info.Instances[id]
		label := qualifiedName(obj, e.pass.Pkg) + "[" + typeList(inst.TypeArgs, e.pass.Pkg) + "]"
		w := e.walker(id.Pos(), id.End(), label)
		for _, i := range params {
			if i < inst.TypeArgs.Len() {
				t := inst.TypeArgs.At(i)
				w.walk(t, e.root(obj, i, t))
			}
		}
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil {
			if roles := dropIns[[2]string{fn.Pkg().Path(), fn.Name()}]; roles != nil && len(roles) == inst.TypeArgs.Len() {
				var in, out types.Type
				for i, r := range roles {
					if r == roleIn {
						in = inst.TypeArgs.At(i)
					} else {
						out = inst.TypeArgs.At(i)
					}
				}
				argsMap := fn.Pkg().Path() == mcpserverPkg && fn.Name() == "AddTool"
				e.typeCheck(in, out, argsMap, id.Pos(), id.End(), label)
				e.passOn(id.Pos(), in, out, argsMap)
				continue
			}
		}
		// A generic function that passes its type parameters on to a
		// drop-in: its type arguments are the drop-in's.
		for _, d := range e.fact(obj).Drops {
			var in, out types.Type
			if d[0] >= 0 && d[0] < inst.TypeArgs.Len() {
				in = inst.TypeArgs.At(d[0])
			}
			if d[1] >= 0 && d[1] < inst.TypeArgs.Len() {
				out = inst.TypeArgs.At(d[1])
			}
			e.typeCheck(in, out, d[2] == 1, id.Pos(), id.End(), label)
			e.passOn(id.Pos(), in, out, d[2] == 1)
		}
	}
	for _, f := range e.pass.Files {
		e.creates(f)
		e.addTools(f)
		if !strings.HasSuffix(e.pass.Fset.Position(f.Package).Filename, "_test.go") {
			e.tools(f) // tools are declared outside tests
		}
	}
}

// reaching returns the indexes of obj's type parameters that reach a
// schema made by reflection, nil when none does.
func (e *enumPass) reaching(obj types.Object) []int {
	if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil && genericCalls[[2]string{fn.Pkg().Path(), fn.Name()}] {
		all := make([]int, fn.Signature().TypeParams().Len())
		for i := range all {
			all[i] = i
		}
		return all
	}
	return e.fact(obj).Params
}

// root names the type argument t at index i of obj, a generic call or a
// function or type that reaches one, at the start of a path: "input" or
// "output" when it is a drop-in's input or result, as the other rules
// name them, else t as the code spells it (provider.OutputOf[T]'s T is
// Triage).
func (e *enumPass) root(obj types.Object, i int, t types.Type) string {
	if fn, ok := obj.(*types.Func); ok && fn.Pkg() != nil {
		if roles := dropIns[[2]string{fn.Pkg().Path(), fn.Name()}]; i < len(roles) {
			return roleRoot[roles[i]]
		}
	}
	for _, d := range e.fact(obj).Drops {
		switch i {
		case d[0]:
			return roleRoot[roleIn]
		case d[1]:
			return roleRoot[roleOut]
		}
	}
	return typeLabel(t, e.pass.Pkg)
}

// roleRoot is the start of the paths in a tool's input and its result.
var roleRoot = map[role]string{roleIn: "input", roleOut: "output"}

// fact returns what is known of obj, a generic function or type of this
// package or another: the zero fact when nothing.
func (e *enumPass) fact(obj types.Object) *reachFact {
	if f := e.local[obj]; f != nil {
		return f
	}
	if obj.Pkg() != e.pass.Pkg {
		var f reachFact
		if e.pass.ImportObjectFact(obj, &f) {
			return &f
		}
	}
	return &reachFact{}
}

// passOn records a drop-in's input and result at pos (nil when none) that
// are type parameters of the generic function or type around pos, as
// they are: its instantiations' type arguments are checked in their
// place. A type with a type parameter inside (*In, []Out) is not
// followed.
func (e *enumPass) passOn(pos token.Pos, in, out types.Type, maps bool) {
	d := [3]int{-1, -1, 0}
	if maps {
		d[2] = 1
	}
	var owner types.Object
	for i, t := range []types.Type{in, out} {
		tp, ok := types.Unalias(t).(*types.TypeParam)
		if !ok {
			continue
		}
		o := e.owner(pos, tp)
		if o == nil || owner != nil && o != owner {
			return
		}
		owner, d[i] = o, tp.Index()
	}
	if owner == nil {
		return
	}
	f := e.local[owner]
	if f == nil {
		f = &reachFact{}
		e.local[owner] = f
	}
	if !slices.Contains(f.Drops, d) {
		f.Drops = append(f.Drops, d)
		e.grew = true
	}
}

// imports reports whether f imports the package of the given path: a
// file that does not cannot call its functions.
func imports(f *ast.File, path string) bool {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			return true
		}
	}
	return false
}

// creates checks the calls of reflectimpl.Create (and of a Cache's) in f:
// the function's parameters and results.
func (e *enumPass) creates(f *ast.File) {
	if !imports(f, reflectimplPkg) {
		return
	}
	info := e.pass.TypesInfo
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		fn := funcOf(info, call.Fun)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != reflectimplPkg || fn.Name() != "Create" {
			return true
		}
		t := info.TypeOf(call.Args[0])
		if t == nil {
			return true
		}
		sig, ok := t.Underlying().(*types.Signature)
		if !ok {
			return true // an any holding the function: its type is not known here
		}
		arg := types.ExprString(call.Args[0])
		lit, isLit := ast.Unparen(call.Args[0]).(*ast.FuncLit)
		if isLit {
			arg = "func literal"
		}
		label := "reflectimpl.Create(" + arg + ")"
		var ft *ast.FuncType
		if isLit {
			ft = lit.Type
		}
		e.createSignature(sig, ft, call.Args[0], label)
		if isLit && !e.mayName(call) {
			e.diags = append(e.diags, &analyzer.Diagnostic{Pos: lit.Type.Pos(), End: lit.Type.End(), ID: schema.OLT008,
				Message: label + `: a function literal has no name, and no reflectimpl.Meta option gives the tool one, so reflectimpl.Create refuses it: add reflectimpl.Meta(tool.Meta{Name: "..."})`})
		}
		e.signature(sig, call.Fun.Pos(), call.Fun.End(), label, nil)
		if in, out, ok := toolTypes(sig); ok {
			e.typeCheck(in, out, false, call.Fun.Pos(), call.Fun.End(), label)
		}
		return true
	})
}

// createSignature reports what reflectimpl.Create refuses of the
// function's signature, by the rule it applies (schema.CheckSignature) and
// in its words: a context or call after the input or twice, a second or
// variadic input (OLT009, OLT002), and results other than a value and an
// error (OLT003). Each is at the parameter or result of a function literal
// (ft), else at the argument.
func (e *enumPass) createSignature(sig *types.Signature, ft *ast.FuncType, arg ast.Expr, label string) {
	at := func(fl *ast.FieldList, i int) ast.Node {
		if fl != nil {
			k := 0
			for _, f := range fl.List {
				n := max(len(f.Names), 1)
				if i < k+n {
					return f
				}
				k += n
			}
		}
		return arg
	}
	var params, results *ast.FieldList
	if ft != nil {
		params, results = ft.Params, ft.Results
	}
	report := func(n ast.Node, id schema.ID, format string, args ...any) {
		e.diags = append(e.diags, &analyzer.Diagnostic{Pos: n.Pos(), End: n.End(), ID: id, Message: label + ": " + fmt.Sprintf(format, args...)})
	}
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for v := range tuple.Variables() {
			if analyzer.SDKHandlerType(v.Type()) {
				return // a go-sdk handler: Create refuses it as one (OLT030)
			}
		}
	}
	_, _, _, problems := schema.CheckSignature(analyzer.Signature(sig))
	for _, p := range problems {
		n := at(params, p.Param)
		if p.Result >= 0 {
			n = at(results, p.Result)
		}
		report(n, p.Err.ID, "%s", p.Err.Msg)
	}
}

// mayName reports whether an option of a reflectimpl.Create call may name
// the tool: all but a reflectimpl.Meta of a tool.Meta literal whose Name
// is absent or "" (or another option of reflectimpl's own) may, as far as
// can be seen here.
func (e *enumPass) mayName(call *ast.CallExpr) bool {
	if call.Ellipsis.IsValid() {
		return true
	}
	info := e.pass.TypesInfo
	for _, opt := range call.Args[1:] {
		oc, ok := ast.Unparen(opt).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := funcOf(info, oc.Fun)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != reflectimplPkg {
			return true
		}
		if fn.Name() != "Meta" {
			continue // RequiredFromTags, TypeSchema: no name
		}
		if len(oc.Args) != 1 {
			return true
		}
		cl, ok := ast.Unparen(oc.Args[0]).(*ast.CompositeLit)
		if !ok {
			return true
		}
		for _, el := range cl.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				return true // positional fields: the first is Name
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
				if tv, ok := info.Types[kv.Value]; !ok || tv.Value == nil || constant.StringVal(tv.Value) != "" {
					return true
				}
			}
		}
	}
	return false
}

// tools checks the tools f declares (//tool:export) against the enum types
// of other packages: the generated tool's schema lists their values, but
// its arguments are checked by reflection, which sees them only through
// the enum's own generated code. (The package's own enums are its
// generated file's, which OLT014 compares as a whole.)
func (e *enumPass) tools(f *ast.File) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil || !marked(fd.Doc) {
			continue
		}
		fn, ok := e.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		e.signature(fn.Signature(), fd.Name.Pos(), fd.Name.End(), "tool "+fd.Name.Name, e.pass.Pkg)
	}
}

// marked reports whether a doc comment has the tool directive.
func marked(doc *ast.CommentGroup) bool {
	for _, c := range doc.List {
		if rest, ok := strings.CutPrefix(c.Text, analyzer.Directive); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return true
		}
	}
	return false
}

// signature walks the parameters and results of a tool's function but the
// context and the call, which are not arguments, and the error.
func (e *enumPass) signature(sig *types.Signature, pos, end token.Pos, label string, skip *types.Package) {
	w := e.walker(pos, end, label)
	w.skip = skip
	for i, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for v := range tuple.Variables() {
			t := v.Type()
			if p, ok := types.Unalias(t).(*types.Pointer); ok && isNamed(p.Elem(), schema.RuntimePkg, "Call") {
				continue
			}
			w.walk(t, roleRoot[role(i)]) // the input, the result
		}
	}
}

// toolTypes returns the input and result types of a tool's function (nil
// when there is none); not ok when it has more than one input or more
// than two results, which reflectimpl.Create refuses (createSignature
// reports them at its calls).
func toolTypes(sig *types.Signature) (in, out types.Type, ok bool) {
	for v := range sig.Params().Variables() {
		t := v.Type()
		if p, ok := types.Unalias(t).(*types.Pointer); ok && isNamed(p.Elem(), schema.RuntimePkg, "Call") || isNamed(t, "context", "Context") {
			continue
		}
		if in != nil || sig.Variadic() {
			return nil, nil, false
		}
		in = t
	}
	res := sig.Results()
	switch {
	case res.Len() > 2:
		return nil, nil, false
	case res.Len() > 0 && !types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type()):
		out = res.At(0).Type()
	}
	return in, out, true
}

// typeCheck checks the input and result types a call gives a tool made by
// reflection (nil when there is none) by the rules of a tool's
// (analyzer.Checker): the core's diagnostics about them, at the field or
// tag when it is in the package's syntax, else at pos..end. A type with a
// type parameter in it is known only where it is instantiated, and left.
func (e *enumPass) typeCheck(in, out types.Type, argsMap bool, pos, end token.Pos, label string) {
	// A side with a type parameter in it is checked where the generic
	// function around the call is instantiated (passOn), or not at all
	// (*In, []Out); the other side is checked here, once.
	if in != nil && hasTypeParam(in, map[types.Type]bool{}) {
		in = nil
	}
	if out != nil && hasTypeParam(out, map[types.Type]bool{}) {
		out = nil
	}
	if in == nil && out == nil {
		return
	}
	key := fmt.Sprint("types ", pos, label)
	if e.reported == nil {
		e.reported = map[string]bool{}
	}
	if e.reported[key] {
		return
	}
	e.reported[key] = true
	for _, d := range e.typeChecker().Check(in, out, argsMap, pos, end, label) {
		if d.Pos != pos {
			// At a field: once, for the first call that reaches it.
			key := fmt.Sprint("field ", d.Pos, d.End, d.ID, strings.TrimPrefix(d.Message, label+": "))
			if e.reported[key] {
				continue
			}
			e.reported[key] = true
		}
		e.diags = append(e.diags, d)
	}
}

// typeChecker returns the package's Checker, made once.
func (e *enumPass) typeChecker() *analyzer.Checker {
	if e.checker == nil {
		e.checker = analyzer.NewChecker(e.pass.Fset, e.pass.Files, e.pass.Pkg, e.pass.TypesInfo, &analyzer.Config{Sizes: e.pass.TypesSizes,
			Foreign: e.pass.ResultOf[factsAnalyzer].(*foreignFacts)})
	}
	return e.checker
}

// hasTypeParam reports whether t has a type parameter in it.
func hasTypeParam(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return hasTypeParam(t.Elem(), seen)
	case *types.Slice:
		return hasTypeParam(t.Elem(), seen)
	case *types.Array:
		return hasTypeParam(t.Elem(), seen)
	case *types.Map:
		return hasTypeParam(t.Key(), seen) || hasTypeParam(t.Elem(), seen)
	case *types.Chan:
		return hasTypeParam(t.Elem(), seen)
	case *types.Struct:
		for f := range t.Fields() {
			if hasTypeParam(f.Type(), seen) {
				return true
			}
		}
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if hasTypeParam(a, seen) {
				return true
			}
		}
	}
	return false
}

// funcOf returns the function or method a call's fun names (f, pkg.F,
// x.M, pkg.F[A, B]), nil when it names none.
func funcOf(info *types.Info, fun ast.Expr) *types.Func {
	id := calledIdent(fun)
	if id == nil {
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
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

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// A typeWalk goes through the types a schema made by reflection from a
// type reaches, as the core describes them.
type typeWalk struct {
	e        *enumPass
	pos, end token.Pos
	label    string // the site, for messages
	skip     *types.Package
	seen     map[*types.Named]bool
}

func (e *enumPass) walker(pos, end token.Pos, label string) *typeWalk {
	return &typeWalk{e: e, pos: pos, end: end, label: label, seen: map[*types.Named]bool{}}
}

// walk goes through t, found at path (Go's spelling: Triage.Severity,
// Triage.Items[]).
func (w *typeWalk) walk(t types.Type, path string) {
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		w.param(t)
	case *types.Pointer:
		w.walk(t.Elem(), path)
	case *types.Slice:
		w.walk(t.Elem(), path+"[]")
	case *types.Array:
		w.walk(t.Elem(), path+"[]")
	case *types.Map:
		w.walk(t.Elem(), path+"{}") // a key is a name, which the schema does not list
	case *types.Struct:
		w.fields(t, path)
	case *types.Named:
		if w.seen[t] {
			return
		}
		w.seen[t] = true
		obj := t.Obj()
		if obj.Pkg() == nil || obj.Pkg().Path() == schema.RuntimePkg || ownForm(t) {
			return // error; the runtime's own types; a JSON form of its own
		}
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if t.TypeArgs().Len() == 0 {
				w.enum(t, path)
			}
			return
		}
		// An instance's underlying type has its type arguments in place
		// of the parameters (a type parameter among them is param's).
		w.walk(t.Underlying(), path)
	}
}

// fields walks a struct's JSON properties: its exported fields and the
// embedded ones, but those json:"-" leaves out.
func (w *typeWalk) fields(s *types.Struct, path string) {
	for i := range s.NumFields() {
		f := s.Field(i)
		tag := reflect.StructTag(s.Tag(i)).Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if tag == "-" || (!f.Exported() && !f.Embedded()) {
			continue
		}
		switch {
		case f.Embedded() && name == "":
			w.walk(f.Type(), path) // flattened
		case name != "":
			w.walk(f.Type(), path+"."+name)
		default:
			w.walk(f.Type(), path+"."+f.Name())
		}
	}
}

// ownForm reports whether t writes its own JSON form (the JSON or text
// methods), or declares its schema: what it holds is not described.
func ownForm(t *types.Named) bool {
	for _, m := range []string{"MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText", schema.DeclaredMethod} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, t.Obj().Pkg(), m); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

// enum reports n, a named type of string kind at path, when it is an enum
// type without its generated values.
func (w *typeWalk) enum(n *types.Named, path string) {
	obj := n.Obj()
	if w.skip != nil && obj.Pkg() == w.skip {
		return
	}
	var f enumFact
	stale, known := false, false
	switch {
	case w.e.pass.ImportObjectFact(obj, &f):
		stale, known = f.Stale, true
	case obj.Pkg() == w.e.pass.Pkg:
		return // the package's own were read above
	default:
		// No fact: fresh, or read by a driver that gives none. The
		// method set tells a missing method in either case.
		if !w.e.isEnum(obj) {
			return
		}
		if m, _, _ := types.LookupFieldOrMethod(n, false, obj.Pkg(), schema.EnumMethod); m != nil {
			return
		}
	}
	key := fmt.Sprint(w.pos, obj.Pkg().Path(), obj.Name())
	if w.e.reported == nil {
		w.e.reported = map[string]bool{}
	}
	if w.e.reported[key] {
		return
	}
	w.e.reported[key] = true
	what := fmt.Sprintf("has no %s (toolschema_gen.go is missing or lacks it)", schema.EnumMethod)
	if stale {
		what = fmt.Sprintf("has a stale %s (its constants changed since toolschema_gen.go was written)", schema.EnumMethod)
	}
	name := typeLabel(n, w.e.pass.Pkg)
	subject := path + " is enum type " + name
	if path == name {
		subject = "enum type " + name
	}
	// go generate writes the values only where a //go:generate line runs
	// toolgen; without the fact (a driver that gives none) it is not known.
	todo := fmt.Sprintf("run go generate (or toolgen) in package %s", obj.Pkg().Path())
	switch {
	case known && f.NoGenerate:
		todo = fmt.Sprintf("package %s has no //go:generate line that runs toolgen: add //go:generate go tool toolgen to it and run go generate (or go tool toolgen in it)", obj.Pkg().Path())
	case known:
		todo = fmt.Sprintf("run go generate in package %s", obj.Pkg().Path())
	}
	effect := "by reflection it is a plain string, so the schema lists no values and any string is accepted"
	if stale {
		effect = "by reflection the values it lists are used, so the schema lists the old values: one added since is refused, and one removed accepted"
	}
	msg := fmt.Sprintf("%s: %s, which %s: %s; %s", w.label, subject, what, effect, todo)
	w.e.diags = append(w.e.diags, &analyzer.Diagnostic{Pos: w.pos, End: w.end, ID: schema.OLT014, Message: msg})
}

// isEnum reports whether obj is an enum type of its package.
func (e *enumPass) isEnum(obj *types.TypeName) bool {
	pkg := obj.Pkg()
	enums, ok := e.declared[pkg]
	if !ok {
		enums = analyzer.Enums(e.pass.Fset, pkg)
		e.declared[pkg] = enums
	}
	return slices.ContainsFunc(enums, func(en *analyzer.Enum) bool { return en.Type == obj })
}

// param records that a type parameter of the function or type around the
// site reaches a schema made by reflection.
func (w *typeWalk) param(tp *types.TypeParam) {
	owner := w.e.owner(w.pos, tp)
	if owner == nil {
		return
	}
	f := w.e.local[owner]
	if f == nil {
		f = &reachFact{}
		w.e.local[owner] = f
	}
	if !slices.Contains(f.Params, tp.Index()) {
		f.Params = append(f.Params, tp.Index())
		w.e.grew = true
	}
}

// owner returns the generic function, or the generic type of the method,
// around pos whose type parameter tp is; nil when tp is not one of theirs.
func (e *enumPass) owner(pos token.Pos, tp *types.TypeParam) types.Object {
	fd := e.enclosing(pos)
	if fd == nil {
		return nil
	}
	fn, ok := e.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Signature()
	switch i := tp.Index(); {
	case i < sig.TypeParams().Len() && sig.TypeParams().At(i) == tp:
		return fn
	case i < sig.RecvTypeParams().Len() && sig.RecvTypeParams().At(i) == tp:
		recv := types.Unalias(sig.Recv().Type())
		if p, ok := recv.(*types.Pointer); ok {
			recv = types.Unalias(p.Elem())
		}
		if n, ok := recv.(*types.Named); ok {
			return n.Origin().Obj()
		}
	}
	return nil
}

// enclosing returns the function declaration around pos, nil outside one.
func (e *enumPass) enclosing(pos token.Pos) *ast.FuncDecl {
	for _, f := range e.pass.Files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd
			}
		}
	}
	return nil
}

// qualifiedName spells obj as the code does from pkg: provider.OutputOf.
func qualifiedName(obj types.Object, pkg *types.Package) string {
	if obj.Pkg() == nil || obj.Pkg() == pkg {
		return obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

func typeList(l *types.TypeList, pkg *types.Package) string {
	parts := make([]string, l.Len())
	for i := range parts {
		parts[i] = typeLabel(l.At(i), pkg)
	}
	return strings.Join(parts, ", ")
}

// typeLabel spells t as the code does from pkg: Triage, sev.Level.
func typeLabel(t types.Type, pkg *types.Package) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	})
}
