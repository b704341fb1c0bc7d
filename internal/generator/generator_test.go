package generator_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/generator/testdata/basic"
	"github.com/toolschema/toolschema/internal/generator/testdata/enumsonly"
	"github.com/toolschema/toolschema/internal/generator/testdata/imports"
	"github.com/toolschema/toolschema/internal/generator/testdata/imports/shapes"
	"github.com/toolschema/toolschema/internal/generator/testdata/shadow"
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestGolden generates each testdata package and compares the result with
// its committed generated file, which the tests below also compile and run.
func TestGolden(t *testing.T) {
	for _, dir := range []string{"basic", "imports", "imports/shapes", "enumsonly", "shadow"} {
		t.Run(dir, func(t *testing.T) {
			results, err := generator.Generate(context.Background(), &generator.Options{Dir: filepath.Join("testdata", dir)})
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != 1 {
				t.Fatalf("got %d results, want 1", len(results))
			}
			r := results[0]
			for _, e := range r.Errs {
				t.Error(e)
			}
			golden := filepath.Join("testdata", dir, analyzer.GeneratedFile)
			if r.OutputPath != mustAbs(t, golden) {
				t.Errorf("OutputPath = %s, want %s", r.OutputPath, mustAbs(t, golden))
			}
			if *update {
				if r.Content == nil {
					os.Remove(golden)
				} else if err := os.WriteFile(golden, r.Content, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if r.Content == nil {
				if err == nil {
					t.Errorf("nothing to generate, but %s exists", golden)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(r.Content, want) {
				t.Errorf("generated code differs from %s (go test -update to accept):\n%s", golden, r.Content)
			}
			checkGofmt(t, r.Content)
			if !bytes.HasPrefix(r.Content, []byte(generator.Header+"\n")) {
				t.Errorf("generated code does not start with %q", generator.Header)
			}
			if bytes.Contains(r.Content, []byte(mustAbs(t, "."))) {
				t.Error("generated code contains a path of this machine")
			}
		})
	}
}

// checkGofmt fails the test unless src is exactly as gofmt writes it.
func checkGofmt(t *testing.T, src []byte) {
	t.Helper()
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatalf("generated code does not parse: %v", err)
	}
	if !bytes.Equal(formatted, src) {
		a, b := strings.Split(string(src), "\n"), strings.Split(string(formatted), "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("generated code is not gofmt'ed; line %d is\n%q\ngofmt writes\n%q", i+1, a[i], b[i])
			}
		}
		t.Fatalf("generated code is not gofmt'ed (%d lines, gofmt writes %d)", len(a), len(b))
	}
}

func mustAbs(t *testing.T, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestDiagnostics checks that a package that breaks many rules gets them
// all in one run, at their positions, and no generated file (two of its
// tools share a name, OLT007, which blocks the package).
func TestDiagnostics(t *testing.T) {
	dir := filepath.Join("testdata", "bad")
	results, err := generator.Generate(context.Background(), &generator.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	r := results[0]
	if r.Content != nil {
		t.Errorf("a package with diagnostics got generated code")
	}
	var got []string
	for _, e := range r.Errs {
		got = append(got, e.Error())
	}
	golden := filepath.Join(dir, "diagnostics.golden")
	text := strings.Join(got, "\n") + "\n"
	if *update {
		os.WriteFile(golden, []byte(text), 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if text != string(want) {
		t.Errorf("diagnostics differ from %s (go test -update to accept):\n%s", golden, text)
	}
	for _, id := range []string{"OLT001", "OLT002", "OLT003", "OLT004", "OLT007", "OLT008", "OLT009", "OLT011", "OLT012", "OLT013"} {
		if !strings.Contains(text, ": "+id+": ") {
			t.Errorf("no %s diagnostic", id)
		}
	}
}

// TestRun calls the generated tools of the testdata packages: the lists,
// the metadata, the handlers and the enum methods.
func TestRun(t *testing.T) {
	ctx := context.Background()
	tools := basic.Tools()
	names := []string{}
	for _, tl := range tools {
		names = append(names, tl.Name)
	}
	if want := []string{"get_docket", "ping", "archive"}; !slices.Equal(names, want) {
		t.Errorf("basic.Tools() names = %v, want %v", names, want)
	}
	gd := tools[0]
	if gd.Version != "2" || gd.Timeout.String() != "5s" || !gd.IsParallelSafe() || gd.EndsLoop || gd.RequiresApproval {
		t.Errorf("get_docket metadata: %+v", gd)
	}
	got := call(t, gd, `{"court":"abc","case":"1","since":null}`)
	if d, ok := got.(*basic.Docket); !ok || d.Entries[0] != "abc" {
		t.Errorf("get_docket returned %#v", got)
	}
	if got := call(t, tools[1], `{}`); got != "pong" {
		t.Errorf("ping returned %#v", got)
	}
	if got := call(t, tools[2], `{"id":"7","status":"open"}`); got != "7 open" {
		t.Errorf("archive returned %#v", got)
	}

	svc := &basic.Service{}
	st := svc.Tools()
	if len(st) != 2 || st[0].Name != "close" || !st[0].RequiresApproval || st[0].IsParallelSafe() || st[1].Name != "count_cases" || !st[1].EndsLoop {
		t.Errorf("Service.Tools() = %+v", st)
	}
	if got := call(t, st[0], `{"id":"x"}`); got != nil {
		t.Errorf("close returned %#v", got)
	}
	if got := call(t, st[1], `{}`); got != 0 {
		t.Errorf("count_cases returned %#v", got)
	}
	if r, err := st[0].Invoke(tool.Approve(ctx, "close", json.RawMessage(`{"id":1}`)), json.RawMessage(`{"id":1}`)); err != nil || r.Code != tool.InvalidArguments {
		t.Errorf("close with a number id: %+v, %v", r, err)
	}

	if got := (basic.Status("")).ToolschemaEnumValues(); !slices.Equal(got, []string{"open", "closed", "archived"}) {
		t.Errorf("Status values = %v", got)
	}
	if got := (enumsonly.Priority("")).ToolschemaEnumValues(); !slices.Equal(got, []string{"low", "normal", "high"}) {
		t.Errorf("Priority values = %v", got)
	}
	if _, ok := any(enumsonly.Colour("")).(interface{ ToolschemaEnumValues() []string }); ok {
		t.Error("Colour, a text type, got an enum method")
	}
	if _, ok := any(enumsonly.Empty("")).(interface{ ToolschemaEnumValues() []string }); ok {
		t.Error("Empty, without constants, got an enum method")
	}

	st2 := shadow.Tools()
	if got := call(t, st2[0], `{"query":"q"}`); got != "q" {
		t.Errorf("search returned %#v", got)
	}
	if got := call(t, st2[1], `{"from":{"lat":1},"to":{"lat":3}}`); got != 2.0 {
		t.Errorf("plan returned %#v", got)
	}
	if got := call(t, (&shadow.Svc{}).Tools()[0], `{"times":1}`); got != 11 {
		t.Errorf("run returned %#v", got)
	}

	it := imports.Tools()
	got = call(t, it[0], `{"value":10,"unit":"ft"}`)
	if l, ok := got.(shapes.Length); !ok || l.Unit != shapes.Metre {
		t.Errorf("convert returned %#v", got)
	}
	got = call(t, it[1], `{"lengths":[{"value":1,"unit":"m"}],"factor":2}`)
	if ls, ok := got.([]shapes.Length); !ok || len(ls) != 1 || ls[0].Value != 2 {
		t.Errorf("scale returned %#v", got)
	}
}

func call(t *testing.T, tl *tool.Tool, args string) any {
	t.Helper()
	ctx := tool.Approve(context.Background(), tl.Name, json.RawMessage(args))
	r, err := tl.Invoke(ctx, json.RawMessage(args))
	if err != nil || r.IsError {
		t.Fatalf("%s(%s): %v %s", tl.Name, args, err, r.Text())
	}
	return r.Value
}

// TestSameAsReflection compares the generated tools of the testdata
// packages with reflection's: the schemas are the same bytes when the
// generator leaves doc comments out.
func TestSameAsReflection(t *testing.T) {
	results, err := generator.Generate(context.Background(), &generator.Options{NoDocs: true}, "./testdata/basic", "./testdata/imports")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*analyzer.Tool{}
	for _, r := range results {
		for _, tl := range r.Package.Tools {
			byName[tl.Name] = tl
		}
	}
	svc := &basic.Service{}
	for _, c := range []struct {
		name string
		fn   any
	}{
		{"get_docket", basic.GetDocket}, {"ping", basic.Ping}, {"archive", basic.Archive}, {"close", svc.Close}, {"count_cases", svc.Count},
		{"convert", imports.Convert}, {"scale", imports.Scale},
	} {
		st := byName[c.name]
		rt, err := reflectimpl.Create(c.fn, reflectimpl.Meta(tool.Meta{Name: c.name}))
		if err != nil {
			t.Fatal(err)
		}
		if string(st.InputSchema) != string(rt.InputSchema) || string(st.OutputSchema) != string(rt.OutputSchema) {
			t.Errorf("%s:\ngenerated %s %s\nreflected %s %s", c.name, st.InputSchema, st.OutputSchema, rt.InputSchema, rt.OutputSchema)
		}
		schematest.Check(t, st.InputSchema)
		if st.OutputSchema != nil {
			schematest.Check(t, st.OutputSchema)
		}
	}
}

// TestDeterminism checks that the generated bytes do not depend on the
// order of the files or of the packages.
func TestDeterminism(t *testing.T) {
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedTypesSizes}
	pkgs, err := packages.Load(cfg, "./testdata/basic", "./testdata/imports")
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range pkgs {
		var first []byte
		files := slices.Clone(pkg.Syntax)
		for i := range 4 {
			// Rotate and reverse the files.
			files = append(files[1:], files[0])
			if i%2 == 1 {
				slices.Reverse(files)
			}
			p := analyzer.Inspect(pkg.Fset, files, pkg.Types, pkg.TypesInfo, nil)
			b, err := generator.File(p, pkg.Types)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = b
			} else if !bytes.Equal(first, b) {
				t.Errorf("%s: the generated file changed with the file order", pkg.PkgPath)
			}
		}
	}
	a, err := generator.Generate(context.Background(), nil, "./testdata/imports", "./testdata/basic")
	if err != nil {
		t.Fatal(err)
	}
	b, err := generator.Generate(context.Background(), nil, "./testdata/basic", "./testdata/imports")
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if a[i].PkgPath != b[i].PkgPath || !bytes.Equal(a[i].Content, b[i].Content) {
			t.Errorf("results depend on the order of the patterns: %s vs %s", a[i].PkgPath, b[i].PkgPath)
		}
	}
}
