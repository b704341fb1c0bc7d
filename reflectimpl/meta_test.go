package reflectimpl_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// metaSources is the one table of where each field of tool.Meta comes
// from: reflectimpl.Meta with that field set, and the directive's
// option ("" for Description, which is the doc comment; a directive of its
// own, such as //tool:example, for a field that has one), each given a
// value other than the default.
var metaSources = []struct {
	field     string
	option    reflectimpl.Option
	directive string
}{
	{"Name", reflectimpl.Meta(tool.Meta{Name: "other"}), "name=other"},
	{"Title", reflectimpl.Meta(tool.Meta{Title: "A title"}), `"title=A title"`},
	{"Description", reflectimpl.Meta(tool.Meta{Description: "Does it."}), ""},
	{"Version", reflectimpl.Meta(tool.Meta{Version: "2"}), "version=2"},
	{"ReadOnly", reflectimpl.Meta(tool.Meta{ReadOnly: true}), "read-only"},
	{"Destructive", reflectimpl.Meta(tool.Meta{Destructive: new(false)}), "destructive=false"},
	{"Idempotent", reflectimpl.Meta(tool.Meta{Idempotent: true}), "idempotent"},
	{"OpenWorld", reflectimpl.Meta(tool.Meta{OpenWorld: new(false)}), "open-world=false"},
	{"RequiresApproval", reflectimpl.Meta(tool.Meta{RequiresApproval: true}), "requires-approval"},
	{"EndsLoop", reflectimpl.Meta(tool.Meta{EndsLoop: true}), "ends-loop"},
	{"ParallelSafe", reflectimpl.Meta(tool.Meta{ParallelSafe: new(false)}), "parallel-safe=false"},
	{"Timeout", reflectimpl.Meta(tool.Meta{Timeout: 5 * time.Second}), "timeout=5s"},
	{"ErrorCodes", reflectimpl.Meta(tool.Meta{ErrorCodes: []string{"NOT_FOUND"}}), "errors=NOT_FOUND"},
	{"SafeErrors", reflectimpl.Meta(tool.Meta{SafeErrors: true}), "safe-errors"},
	{"DeferLoading", reflectimpl.Meta(tool.Meta{DeferLoading: true}), "defer-loading"},
	{"Namespace", reflectimpl.Meta(tool.Meta{Namespace: "crm"}), "namespace=crm"},
	{"MaxResultBytes", reflectimpl.Meta(tool.Meta{MaxResultBytes: 20 << 10}), "max-result=20KB"},
	{"Examples", reflectimpl.Meta(tool.Meta{Examples: []json.RawMessage{json.RawMessage(`{ }`)}}), "//tool:example { }"},
	{"Icon", reflectimpl.Meta(tool.Meta{Icon: "https://example.com/f.png"}), "icon=https://example.com/f.png"},
}

// notMeta are reflectimpl's options that say how types are read, not the
// tool's metadata.
var notMeta = []string{"TypeSchema", "RequiredFromTags"}

// F is the function both front ends make a tool of.
func F() {}

// TestMetaSources checks that each field of tool.Meta has one directive
// option (the table), that reflectimpl.Meta with the field set and the
// directive's option each set that field and no other (so Meta's merge
// misses no field), and that both front ends set it alike.
func TestMetaSources(t *testing.T) {
	var fields []string
	for f := range reflect.TypeFor[tool.Meta]().Fields() {
		fields = append(fields, f.Name)
	}
	var rows, keys []string
	for _, s := range metaSources {
		rows = append(rows, s.field)
		if s.directive != "" && !strings.HasPrefix(s.directive, "//") {
			key, _, _ := strings.Cut(strings.Trim(s.directive, `"`), "=")
			keys = append(keys, key)
		}
	}
	if !slices.Equal(fields, rows) {
		t.Fatalf("tool.Meta's fields %v, the table's %v", fields, rows)
	}
	if opts := optionFuncs(t); !sameSet(opts, append([]string{"Meta"}, notMeta...)) {
		t.Errorf("reflectimpl's options %v; want Meta and %v", opts, notMeta)
	}
	if !sameSet(keys, analyzer.DirectiveOptions) {
		t.Errorf("the directive's options %v, the table's %v", analyzer.DirectiveOptions, keys)
	}

	base, err := reflectimpl.Create(F)
	if err != nil {
		t.Fatal(err)
	}
	if src := inspect(t, ""); !reflect.DeepEqual(src, base.Meta) {
		t.Errorf("without options: directive %+v, reflectimpl %+v", src, base.Meta)
	}
	for _, s := range metaSources {
		tl, err := reflectimpl.Create(F, s.option)
		if err != nil {
			t.Fatalf("%s: %v", s.field, err)
		}
		if got := changed(base.Meta, tl.Meta); !slices.Equal(got, []string{s.field}) {
			t.Errorf("reflectimpl.Meta with %s changes %v", s.field, got)
		}
		src := inspect(t, s.directive)
		if s.directive == "" {
			src = inspectDoc(t, "Does it.")
		}
		if got := changed(base.Meta, src); !slices.Equal(got, []string{s.field}) {
			t.Errorf("directive %q changes %v", s.directive, got)
		}
		if !reflect.DeepEqual(src, tl.Meta) {
			t.Errorf("%s: directive %+v, reflectimpl %+v", s.field, src, tl.Meta)
		}
	}
}

// changed returns the fields in which a and b differ.
func changed(a, b tool.Meta) []string {
	var out []string
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := range va.NumField() {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			out = append(out, va.Type().Field(i).Name)
		}
	}
	return out
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// optionFuncs returns the names of reflectimpl's exported functions that
// return an Option, read from its source.
func optionFuncs(t *testing.T) []string {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
				continue
			}
			if id, ok := fd.Type.Results.List[0].Type.(*ast.Ident); ok && id.Name == "Option" {
				out = append(out, fd.Name.Name)
			}
		}
	}
	return out
}

// inspect returns the metadata the directive with options gives F, which
// has no doc comment.
func inspect(t *testing.T, options string) tool.Meta {
	if strings.HasPrefix(options, "//") {
		return inspectSource(t, "//tool:export\n"+options+"\nfunc F() {}\n")
	}
	return inspectSource(t, "//tool:export "+options+"\nfunc F() {}\n")
}

// inspectDoc returns the metadata of F with doc comment doc.
func inspectDoc(t *testing.T, doc string) tool.Meta {
	return inspectSource(t, "// "+doc+"\n//\n//tool:export\nfunc F() {}\n")
}

func inspectSource(t *testing.T, decl string) tool.Meta {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n\n"+decl, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Implicits: map[ast.Node]types.Object{}, Scopes: map[ast.Node]*types.Scope{}, Instances: map[*ast.Ident]types.Instance{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	p := analyzer.Inspect(fset, []*ast.File{f}, pkg, info, &analyzer.Config{})
	if len(p.Tools) != 1 {
		var msgs []string
		for _, d := range p.Diags {
			msgs = append(msgs, d.Message)
		}
		t.Fatalf("%s: %d tools, diagnostics %q", decl, len(p.Tools), msgs)
	}
	return p.Tools[0].Meta
}
