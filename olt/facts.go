package olt

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// factsAnalyzer runs on every package and exports, as facts, what the front end
// needs of it when it describes a type of it for another package: the
// descriptions in its fields' comments, the schemas its types declare
// (schema.DeclaredMethod) and the values of its enum types, each read
// from the package's syntax. Its result answers those questions for the
// package analyzed, from the facts of the packages it imports, so that no
// analyzer reads another package's files.
var factsAnalyzer = &analysis.Analyzer{
	Name:       "toolschemafacts",
	Doc:        section("toolschemafacts"),
	URL:        docsURL,
	Run:        runFacts,
	FactTypes:  []analysis.Fact{new(docFact), new(declaredFact), new(enumValuesFact)},
	ResultType: reflect.TypeFor[*foreignFacts](),
}

// A docFact is the description from comments of a struct field, and the
// module of its package (a field's comments describe it only within its
// module).
type docFact struct {
	Module string
	Doc    string
}

func (*docFact) AFact()           {}
func (f *docFact) String() string { return "doc " + f.Doc }

// A declaredFact is what a schema.DeclaredMethod method returns: the
// schema, or the reason it cannot be read.
type declaredFact struct {
	Schema []byte
	Reason string
}

func (*declaredFact) AFact() {}
func (f *declaredFact) String() string {
	if f.Reason != "" {
		return "declared schema unreadable: " + f.Reason
	}
	return "declared schema " + string(f.Schema)
}

// An enumValuesFact is the values of an enum type's constants, in
// declaration order.
type enumValuesFact struct{ Values []string }

func (*enumValuesFact) AFact()           {}
func (f *enumValuesFact) String() string { return "enum values " + strings.Join(f.Values, ",") }

// moduleOf returns the path of the pass's module, "" when there is none
// (the standard library, GOPATH mode).
func moduleOf(pass *analysis.Pass) string {
	if pass.Module == nil {
		return ""
	}
	return pass.Module.Path
}

func runFacts(pass *analysis.Pass) (any, error) {
	mod := moduleOf(pass)
	if len(pass.Files) == 0 || pass.TypesInfo == nil {
		// A dependency loaded from export data by a driver that runs
		// no facts: there is no syntax to read.
		return &foreignFacts{pass: pass, module: mod}, nil
	}
	// A field's comments describe it only to the packages of its own
	// module, and only in a module being worked on (the main module, or
	// one of a workspace): not in the standard library or a GOPATH
	// package (no module), nor in a module fetched as a dependency. The
	// enum values are exported for the same packages: elsewhere the types
	// give them (in the order of the positions export data keeps), as
	// toolgen reads them. So the facts stay few, which matters: a driver
	// passes each package's facts on to every package that imports it,
	// directly or not.
	ours := mod != "" && pass.Module.Version == ""
	// The fields by the position go/types gives them (an embedded
	// field's is its type name's).
	fields := map[token.Pos]*types.Var{}
	if ours {
		for _, obj := range pass.TypesInfo.Defs {
			if v, ok := obj.(*types.Var); ok && v.IsField() {
				fields[v.Pos()] = v
			}
		}
	}
	for _, f := range pass.Files {
		test := strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go")
		if ours && !test {
			analyzer.FieldDocs(pass.Fset, f, func(pos token.Pos, _, doc string) {
				if v := fields[pos]; v != nil {
					pass.ExportObjectFact(v, &docFact{Module: mod, Doc: doc})
				}
			})
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != schema.DeclaredMethod {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				s, reason := analyzer.DeclaredBody(fd)
				pass.ExportObjectFact(fn, &declaredFact{Schema: s, Reason: reason})
			}
		}
	}
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if !ours {
			break
		}
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			continue
		}
		if vals := analyzer.EnumValues(pass.Fset, n); len(vals) > 0 {
			pass.ExportObjectFact(tn, &enumValuesFact{Values: vals})
		}
	}
	return &foreignFacts{pass: pass, module: mod}, nil
}

// foreignFacts answers the front end (analyzer.Foreign) from the facts of
// the packages the pass's package imports.
type foreignFacts struct {
	pass   *analysis.Pass
	module string
}

// The facts are on the declared objects: a field or method of an
// instance of a generic type finds them on its origin.

func (f *foreignFacts) FieldDoc(v *types.Var) string {
	var d docFact
	if f.pass.ImportObjectFact(v.Origin(), &d) && d.Module == f.module {
		return d.Doc
	}
	return ""
}

func (f *foreignFacts) Declared(fn *types.Func) ([]byte, string, bool) {
	var d declaredFact
	if !f.pass.ImportObjectFact(fn.Origin(), &d) {
		return nil, "", false
	}
	return d.Schema, d.Reason, true
}

func (f *foreignFacts) EnumValues(n *types.Named) ([]string, bool) {
	var e enumValuesFact
	if !f.pass.ImportObjectFact(n.Obj(), &e) {
		return nil, false
	}
	return e.Values, true
}
