package olt

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/analyzer"
)

// TestFileWithoutPackageClause: the analyzers that look at every package
// read a file whose package clause is missing (a file being typed, which
// the language server checks) without a fault. Such a file's Pos is no
// position, and its name was looked up by it: a nil *token.File, which
// ended the facts analyzer with a nil dereference.
func TestFileWithoutPackageClause(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "// Typing.\n\nfunc F() {}\n", parser.ParseComments)
	if err == nil || f == nil || f.Pos().IsValid() {
		t.Fatalf("the parse gave %v, %v: want a file without its package clause", f, err)
	}
	pkg := types.NewPackage("example.com/p", "p")
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	pass := &analysis.Pass{
		Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info,
		ExportObjectFact: func(types.Object, analysis.Fact) {},
		ImportObjectFact: func(types.Object, analysis.Fact) bool { return false },
	}
	facts, err := runFacts(pass)
	if err != nil {
		t.Fatal(err)
	}
	pass.ResultOf = map[*analysis.Analyzer]any{factsAnalyzer: facts, enumsAnalyzer: []*analyzer.Diagnostic(nil)}
	if _, err := runCore(pass); err != nil {
		t.Fatal(err)
	}
}
