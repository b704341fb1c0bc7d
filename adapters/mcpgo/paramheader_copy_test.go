package mcpgo

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// TestParamHeaderSameAsRoot: the reading of Mcp-Param values here is a
// copy of the root's (package mcpserver), which this module does not
// import internals of, so that the two servers refuse the same headers:
// the copies must stay the same, body for body, and mcpserver's tests
// (TestDecimalIs and its fuzz target among them) then hold for both.
func TestParamHeaderSameAsRoot(t *testing.T) {
	fset := token.NewFileSet()
	bodies := func(path string) map[string]string {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil {
				continue
			}
			var b bytes.Buffer
			if err := format.Node(&b, fset, fd); err != nil {
				t.Fatal(err)
			}
			out[fd.Name.Name] = b.String()
		}
		return out
	}
	ours := bodies("paramheader.go")
	root := bodies(filepath.Join("..", "..", "mcpserver", "paramheader.go"))
	for _, name := range []string{"argumentAt", "headerValue", "sameValue", "decimalIs", "allDigits"} {
		if ours[name] == "" || ours[name] != root[name] {
			t.Errorf("%s differs from mcpserver's:\n%s\nmcpserver:\n%s", name, ours[name], root[name])
		}
	}
}
