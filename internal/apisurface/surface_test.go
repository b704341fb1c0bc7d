package apisurface

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	// maxIdentifiers bounds the exported identifiers of all the public
	// packages of the root module together, counted as the go command's
	// API checker lists them: under 300 (it was 790 before the core, the
	// front end and the generator went internal). A new identifier must
	// be paid for by one fewer elsewhere.
	maxIdentifiers = 299
	// maxDocLines bounds each public package's go doc -short: one screen.
	maxDocLines = 40
	// maxPackageDocLines bounds each public package's go doc, its comment
	// and its index: a screen, which names the entry point.
	maxPackageDocLines = 60
)

// publicPackages returns the directories (relative to the module root) of
// the root module's importable, non-main packages.
func publicPackages(t *testing.T, root string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		name := d.Name()
		if rel != "." {
			if name == "internal" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		files, _ := filepath.Glob(filepath.Join(path, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			pf, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.PackageClauseOnly)
			if err != nil {
				t.Fatal(err)
			}
			if pf.Name.Name != "main" {
				dirs = append(dirs, rel)
			}
			break
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// count returns the identifiers a user of the package in dir can name.
func count(t *testing.T, dir string) int {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Name.IsExported() && (d.Recv == nil || exportedRecv(d.Recv.List[0].Type)) {
						n++
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.ValueSpec:
							for _, id := range s.Names {
								if id.IsExported() {
									n++
								}
							}
						case *ast.TypeSpec:
							if !s.Name.IsExported() {
								continue
							}
							n++
							switch ty := s.Type.(type) {
							case *ast.StructType:
								n += exportedNames(ty.Fields)
							case *ast.InterfaceType:
								n += exportedNames(ty.Methods)
							}
						}
					}
				}
			}
		}
	}
	return n
}

func exportedRecv(e ast.Expr) bool {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return false
		}
	}
}

func exportedNames(fl *ast.FieldList) int {
	n := 0
	for _, f := range fl.List {
		for _, id := range f.Names {
			if id.IsExported() {
				n++
			}
		}
		if len(f.Names) == 0 { // an embedded field is named by its type
			e := f.Type
			if s, ok := e.(*ast.StarExpr); ok {
				e = s.X
			}
			switch x := e.(type) {
			case *ast.Ident:
				if x.IsExported() {
					n++
				}
			case *ast.SelectorExpr:
				n++
			}
		}
	}
	return n
}

func TestSurface(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dirs := publicPackages(t, root)
	if !slices.Contains(dirs, "tool") {
		t.Fatalf("the walk found no package tool among %v", dirs)
	}
	total := 0
	for _, dir := range dirs {
		n := count(t, filepath.Join(root, dir))
		total += n
		t.Logf("%4d %s", n, dir)
	}
	if total > maxIdentifiers {
		t.Errorf("the public packages export %d identifiers; keep them at most %d", total, maxIdentifiers)
	}
}

func TestDocFitsOneScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go doc")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range publicPackages(t, root) {
		for _, c := range []struct {
			flag string
			max  int
		}{{"-short", maxDocLines}, {"", maxPackageDocLines}} {
			args := []string{"doc", "./" + dir}
			if c.flag != "" {
				args = []string{"doc", c.flag, "./" + dir}
			}
			cmd := exec.Command("go", args...)
			cmd.Dir = root
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			if n := strings.Count(string(out), "\n"); n > c.max {
				t.Errorf("go %s is %d lines; keep it to one screen, %d", strings.Join(args, " "), n, c.max)
			}
		}
	}
}
