package generator

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// sourceForeign answers the front end's questions about the packages a
// package imports by reading their files: toolgen loads the imports'
// types from export data, without their syntax. (The analyzers answer from
// the facts they exported on those packages; see package olt.) A field's
// comments are read only in the inspected package's module, as the
// analyzers do.
type sourceForeign struct {
	fset   *token.FileSet
	modDir string // the inspected package's module directory; "" when unknown
	files  map[string]*sourceFile
}

// A sourceFile is one file of an imported package, parsed on its own.
type sourceFile struct {
	fset *token.FileSet
	f    *ast.File
}

// ForeignOf returns what toolgen knows of the imports of pkg: it reads
// their files from disk, each once.
func ForeignOf(pkg *packages.Package) analyzer.Foreign {
	dir := ""
	if pkg.Module != nil {
		dir = pkg.Module.Dir
	}
	if dir == "" {
		dir = moduleDir(pkg.Fset, pkg.Syntax)
	}
	return &sourceForeign{fset: pkg.Fset, modDir: dir, files: map[string]*sourceFile{}}
}

// file returns the syntax of the named file, with comments; nil when it
// cannot be read.
func (s *sourceForeign) file(name string) *sourceFile {
	sf, ok := s.files[name]
	if !ok {
		fset := token.NewFileSet()
		if f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution); err == nil {
			sf = &sourceFile{fset: fset, f: f}
		}
		s.files[name] = sf
	}
	return sf
}

// inModule reports whether the named file is in the inspected package's
// module.
func (s *sourceForeign) inModule(name string) bool {
	return s.modDir != "" && strings.HasPrefix(name, s.modDir+string(filepath.Separator))
}

// FieldDoc implements analyzer.Foreign.
func (s *sourceForeign) FieldDoc(v *types.Var) string {
	pos := s.fset.Position(v.Pos())
	if !pos.IsValid() || !s.inModule(pos.Filename) || strings.HasSuffix(pos.Filename, "_test.go") {
		return ""
	}
	sf := s.file(pos.Filename)
	if sf == nil {
		return ""
	}
	// Export data keeps a position's line, not its column: a field is
	// found by its line and name.
	doc := ""
	analyzer.FieldDocs(sf.fset, sf.f, func(p token.Pos, name, d string) {
		if name == v.Name() && sf.fset.Position(p).Line == pos.Line {
			doc = d
		}
	})
	return doc
}

// Declared implements analyzer.Foreign.
func (s *sourceForeign) Declared(fn *types.Func) ([]byte, string, bool) {
	pos := s.fset.Position(fn.Pos())
	if !pos.IsValid() {
		return nil, "", false
	}
	sf := s.file(pos.Filename)
	if sf == nil {
		return nil, "", false
	}
	for _, decl := range sf.f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if ok && fd.Recv != nil && fd.Name.Name == schema.DeclaredMethod && sf.fset.Position(fd.Name.Pos()).Line == pos.Line {
			b, reason := analyzer.DeclaredBody(fd)
			return b, reason, true
		}
	}
	return nil, "", false
}

// EnumValues implements analyzer.Foreign: for an enum type of the
// inspected package's module, the constants the types give, in the order
// of their declarations in the files (export data keeps only their lines,
// which two constants can share).
func (s *sourceForeign) EnumValues(n *types.Named) ([]string, bool) {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return nil, false
	}
	type at struct {
		file   string
		offset int
		c      *types.Const
	}
	var consts []at
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), n) {
			continue
		}
		pos := s.fset.Position(c.Pos())
		if strings.HasSuffix(pos.Filename, "_test.go") {
			continue
		}
		if !s.inModule(pos.Filename) {
			// Another module's: the order of the positions the types
			// keep, as the analyzers read it.
			return nil, false
		}
		sf := s.file(pos.Filename)
		if sf == nil {
			return nil, false
		}
		off := constOffset(sf, c.Name(), pos.Line)
		if off < 0 {
			return nil, false
		}
		consts = append(consts, at{pos.Filename, off, c})
	}
	if len(consts) == 0 {
		return nil, false
	}
	slices.SortFunc(consts, func(a, b at) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.offset, b.offset))
	})
	var vals []string
	seen := make(map[string]bool, len(consts))
	for _, c := range consts {
		if v := constant.StringVal(c.c.Val()); !seen[v] {
			seen[v] = true
			vals = append(vals, v)
		}
	}
	return vals, true
}

// moduleDir returns the directory of the go.mod that holds the first of
// files, "" when there is none.
func moduleDir(fset *token.FileSet, files []*ast.File) string {
	if len(files) == 0 {
		return ""
	}
	dir := filepath.Dir(fset.Position(files[0].Pos()).Filename)
	if !filepath.IsAbs(dir) {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// constOffset returns the offset in sf of the constant name declared on
// line, -1 when there is none.
func constOffset(sf *sourceFile, name string, line int) int {
	for _, decl := range sf.f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			for _, id := range spec.(*ast.ValueSpec).Names {
				if p := sf.fset.Position(id.Pos()); id.Name == name && p.Line == line {
					return p.Offset
				}
			}
		}
	}
	return -1
}
