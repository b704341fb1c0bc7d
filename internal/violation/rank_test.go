package violation

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// ruleLiteral finds a rule given by name where a violation is made.
var ruleLiteral = regexp.MustCompile(`(?:\b(?:add|at|stop|fault)\(|Rule: *)"([a-z]+)"`)

// TestEveryRuleRanked: every rule the invoker's checks, the raw-schema
// checker and the oracle emit has a rank (a rule without one sorted
// first, with the faults that stop the reading: "schema" did).
func TestEveryRuleRanked(t *testing.T) {
	for _, dir := range []string{"../../tool", "../rawcheck", "../oracle"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		if len(files) == 0 {
			t.Fatalf("%s: no Go files", dir)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ruleLiteral.FindAllStringSubmatch(string(b), -1) {
				if !Ranked(m[1]) {
					t.Errorf("%s: rule %q has no rank", f, m[1])
				}
			}
		}
	}
}

// TestOneCheckerPerJob: the oracle is the parity suite's, imported by
// tests and the parity suite alone; it builds on the raw-schema checker,
// which never imports it; the rank table is written once, here.
func TestOneCheckerPerJob(t *testing.T) {
	const module = "github.com/toolschema/toolschema/"
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		if ok, _ := build.Default.MatchFile(filepath.Dir(path), filepath.Base(path)); !ok && !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			switch {
			case p == module+"internal/oracle":
				if !strings.HasSuffix(rel, "_test.go") && !strings.HasPrefix(rel, "parity/") {
					t.Errorf("%s imports the oracle: only tests and the parity suite may", rel)
				}
				if strings.HasPrefix(rel, "internal/rawcheck/") {
					t.Errorf("%s: the raw-schema checker imports the oracle", rel)
				}
			}
		}
		if !strings.HasSuffix(rel, "_test.go") && !slices.Contains([]string{"internal/violation/violation.go"}, rel) {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if strings.Contains(string(b), `"duplicate": 1, "missing": 2`) {
				t.Errorf("%s: a copy of the rank table", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoCopiedChecker: the oracle builds on the raw-schema checker instead
// of holding a copy of it: no function of one has the other's body.
func TestNoCopiedChecker(t *testing.T) {
	bodies := func(dir string) map[string]string {
		fset := token.NewFileSet()
		out := map[string]string{}
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			file, err := parser.ParseFile(fset, f, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && len(fd.Body.List) > 1 {
					body := string(src[fset.Position(fd.Body.Pos()).Offset:fset.Position(fd.Body.End()).Offset])
					out[body] = fd.Name.Name
				}
			}
		}
		if len(out) == 0 {
			t.Fatalf("%s: no functions", dir)
		}
		return out
	}
	checker := bodies("../rawcheck")
	for body, name := range bodies("../oracle") {
		if other, ok := checker[body]; ok {
			t.Errorf("oracle's %s is a copy of rawcheck's %s", name, other)
		}
	}
}
