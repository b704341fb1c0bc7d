package analyzer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/testmodule"
)

func inspect(t *testing.T, dir, pattern string) *analyzer.Package {
	t.Helper()
	cfg := &packages.Config{Dir: dir, Mode: packages.LoadSyntax | packages.NeedTypesSizes | packages.NeedModule}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load %s: %v", pattern, err)
	}
	p := pkgs[0]
	// The imports as toolgen sees them: their types from export data,
	// what the types do not say read from their files.
	return analyzer.Inspect(p.Fset, p.Syntax, p.Types, p.TypesInfo, &analyzer.Config{Sizes: p.TypesSizes, Foreign: generator.ForeignOf(p)})
}

// TestOptions checks the reading of every directive option.
func TestOptions(t *testing.T) {
	tests := []struct {
		options string
		check   func(*analyzer.Tool) bool
	}{
		{"", func(t *analyzer.Tool) bool {
			return t.Name == "f0" && t.IsParallelSafe() && !t.EndsLoop && !t.RequiresApproval && t.Timeout == 0 && t.Version == ""
		}},
		{"name=find-it", func(t *analyzer.Tool) bool { return t.Name == "find-it" }},
		{"ends-loop", func(t *analyzer.Tool) bool { return t.EndsLoop }},
		{"ends-loop=false", func(t *analyzer.Tool) bool { return !t.EndsLoop }},
		{"requires-approval", func(t *analyzer.Tool) bool { return t.RequiresApproval }},
		{"parallel-safe=false", func(t *analyzer.Tool) bool { return !t.IsParallelSafe() }},
		{"timeout=1m30s", func(t *analyzer.Tool) bool { return t.Timeout == 90*time.Second }},
		{"version=2.1", func(t *analyzer.Tool) bool { return t.Version == "2.1" }},
		{`"version=v 3"`, func(t *analyzer.Tool) bool { return t.Version == "v 3" }},
		{"name=x  ends-loop\ttimeout=5s", func(t *analyzer.Tool) bool { return t.Name == "x" && t.EndsLoop && t.Timeout == 5*time.Second }},
		{"", func(t *analyzer.Tool) bool {
			return t.Title == "" && !t.ReadOnly && t.IsDestructive() && !t.Idempotent && t.IsOpenWorld()
		}},
		{"read-only", func(t *analyzer.Tool) bool { return t.ReadOnly && t.Destructive == nil && !t.Idempotent }},
		{"read-only=false", func(t *analyzer.Tool) bool { return !t.ReadOnly }},
		{"read-only requires-approval", func(t *analyzer.Tool) bool { return t.ReadOnly && t.RequiresApproval }},
		{"destructive=false", func(t *analyzer.Tool) bool { return !t.IsDestructive() }},
		{"destructive", func(t *analyzer.Tool) bool { return t.IsDestructive() }},
		{"destructive=true", func(t *analyzer.Tool) bool { return t.IsDestructive() }},
		{"idempotent", func(t *analyzer.Tool) bool { return t.Idempotent }},
		{"idempotent=false destructive=false", func(t *analyzer.Tool) bool { return !t.Idempotent && !t.IsDestructive() }},
		{"open-world=false", func(t *analyzer.Tool) bool { return !t.IsOpenWorld() }},
		{"open-world", func(t *analyzer.Tool) bool { return t.IsOpenWorld() }},
		{"read-only=false idempotent", func(t *analyzer.Tool) bool { return !t.ReadOnly && t.Idempotent }},
		{`"title=Get a docket"`, func(t *analyzer.Tool) bool { return t.Title == "Get a docket" }},
		{"errors=ORDER_NOT_FOUND,RATE_LIMITED_2", func(t *analyzer.Tool) bool {
			return slices.Equal(t.ErrorCodes, []string{"ORDER_NOT_FOUND", "RATE_LIMITED_2"}) && !t.SafeErrors
		}},
		{"safe-errors", func(t *analyzer.Tool) bool { return t.SafeErrors && t.ErrorCodes == nil }},
		{"safe-errors=false", func(t *analyzer.Tool) bool { return !t.SafeErrors }},
		{"defer-loading", func(t *analyzer.Tool) bool { return t.DeferLoading && t.Namespace == "" }},
		{"defer-loading=false namespace=crm_v2", func(t *analyzer.Tool) bool { return !t.DeferLoading && t.Namespace == "crm_v2" }},
	}
	var src strings.Builder
	src.WriteString("package p\n")
	for i, tt := range tests {
		fmt.Fprintf(&src, "\n// F%d is a tool.\n//\n//tool:export %s\nfunc F%d() error { return nil }\n", i, tt.options, i)
	}
	dir := testmodule.New(t, map[string]string{"p/p.go": src.String()})
	p := inspect(t, dir, "./p")
	for _, d := range p.Diags {
		t.Errorf("unexpected diagnostic: %v", d)
	}
	for i, tt := range tests {
		tl := p.Tools[i]
		if tl.Func.Name() != fmt.Sprintf("F%d", i) || !tt.check(tl) {
			t.Errorf("//tool:export %s: got %+v", tt.options, tl)
		}
		if tl.Description != fmt.Sprintf("F%d is a tool.", i) {
			t.Errorf("description %q", tl.Description)
		}
	}
}

// TestSignatures checks where the runtime parameters and the input are,
// and the result form.
func TestSignatures(t *testing.T) {
	src := `package p

import (
	"context"
	"encoding/json"

	"github.com/toolschema/toolschema/tool"
)

type In struct{ A int }

//tool:export
func A(ctx context.Context, c *tool.Call, in In) (string, error) { return "", nil }

//tool:export
func B(c *tool.Call, ctx context.Context, in *In) error { return nil }

//tool:export
func C() json.RawMessage { return nil }

//tool:export
func D(in In) ([]tool.Part, error) { return nil, nil }

//tool:export
func E() {}

//tool:export
func F() (In, error) { return In{}, nil }
`
	dir := testmodule.New(t, map[string]string{"p/p.go": src})
	p := inspect(t, dir, "./p")
	if len(p.Diags) > 0 {
		t.Fatal(p.Diags)
	}
	want := []struct {
		ctx, call, in, nres int
		form                schema.ResultForm
	}{
		{0, 1, 2, 2, schema.ResultText},
		{1, 0, 2, 1, schema.ResultNone},
		{-1, -1, -1, 1, schema.ResultJSON},
		{-1, -1, 0, 2, schema.ResultParts},
		{-1, -1, -1, 0, schema.ResultNone},
		{-1, -1, -1, 2, schema.ResultValue},
	}
	for i, w := range want {
		tl := p.Tools[i]
		if tl.CtxAt != w.ctx || tl.CallAt != w.call || tl.InAt != w.in || tl.NumResults != w.nres || tl.Form != w.form {
			t.Errorf("%s: ctx %d call %d in %d results %d form %d; want %+v", tl.Func.Name(), tl.CtxAt, tl.CallAt, tl.InAt, tl.NumResults, tl.Form, w)
		}
		if (tl.OutputSchema != nil) != (w.form == schema.ResultValue) {
			t.Errorf("%s: output schema %s", tl.Func.Name(), tl.OutputSchema)
		}
	}
}

// TestEnumOrder checks enum values come in declaration order across files
// (by file name, then position), each value once, whatever the order of
// the files given to Inspect.
func TestEnumOrder(t *testing.T) {
	dir := testmodule.New(t, map[string]string{
		"p/b.go": "package p\n\nconst (\n\tZ Color = \"z\"\n\tA Color = \"a\"\n)\n",
		"p/a.go": "package p\n\n// Color is a color.\ntype Color string\n\nconst (\n\tM Color = \"m\"\n\tAlsoM = M\n\tUntyped = \"u\"\n)\n",
	})
	cfg := &packages.Config{Dir: dir, Mode: packages.LoadSyntax | packages.NeedTypesSizes}
	pkgs, err := packages.Load(cfg, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pk := pkgs[0]
	files := slices.Clone(pk.Syntax)
	for range 2 {
		slices.Reverse(files)
		p := analyzer.Inspect(pk.Fset, files, pk.Types, pk.TypesInfo, nil)
		if len(p.Enums) != 1 {
			t.Fatalf("enums: %v", p.Enums)
		}
		var names []string
		for _, c := range p.Enums[0].Consts {
			names = append(names, c.Name())
		}
		if want := []string{"M", "Z", "A"}; !slices.Equal(names, want) {
			t.Errorf("constants %v, want %v", names, want)
		}
	}
}

// TestRequiredFromTagsDirective checks the read-mode directive: in any
// file of the package it makes every property without a required tag
// optional; with options, or in a file built only on some platforms, it
// blocks the package.
func TestRequiredFromTagsDirective(t *testing.T) {
	const tools = `package p

type In struct {
	A string ` + "`json:\"a\"`" + `
	B string ` + "`json:\"b\" jsonschema:\"required\"`" + `
}

type Other struct {
	C string ` + "`json:\"c\"`" + `
}

// F is a tool.
//
//tool:export
func F(in In) error { return nil }

// G is a tool.
//
//tool:export
func G(in Other) error { return nil }
`
	tests := []struct {
		name  string
		other string // p/other.go
		mode  bool
		diag  string
	}{
		{"none", "package p\n", false, ""},
		{"in the package doc", "// Package p has tools.\n//\n//tool:required-from-tags\npackage p\n", true, ""},
		{"in any comment", "package p\n\n// The types follow invopop's convention.\n//tool:required-from-tags\nvar _ = 0\n", true, ""},
		{"with options", "package p\n\n//tool:required-from-tags yes\n", false, "OLT013: //tool:required-from-tags takes no options"},
		{"in a constrained file", "//go:build linux\n\n//tool:required-from-tags\npackage p\n", false,
			"OLT013: //tool:required-from-tags cannot be in a file with a build constraint: the schemas would differ where the file is left out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := testmodule.New(t, map[string]string{"p/p.go": tools, "p/other.go": tt.other})
			p := inspect(t, dir, "./p")
			var diags []string
			for _, d := range p.Diags {
				diags = append(diags, d.String())
			}
			if got := strings.Join(diags, "\n"); got != tt.diag {
				t.Fatalf("diagnostics %q, want %q", got, tt.diag)
			}
			if tt.diag != "" {
				if !p.Blocked() {
					t.Error("the package is not blocked")
				}
				return
			}
			if p.ReadMode.RequiredFromTags != tt.mode {
				t.Errorf("mode %+v, want RequiredFromTags %v", p.ReadMode, tt.mode)
			}
			f := `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["b"],"additionalProperties":false}`
			g := `{"type":"object","properties":{"c":{"type":"string"}},"required":["c"],"additionalProperties":false}`
			if tt.mode {
				g = `{"type":"object","properties":{"c":{"type":"string"}},"additionalProperties":false}`
			}
			if string(p.Tools[0].InputSchema) != f || string(p.Tools[1].InputSchema) != g {
				t.Errorf("schemas\n %s\n %s\nwant\n %s\n %s", p.Tools[0].InputSchema, p.Tools[1].InputSchema, f, g)
			}
		})
	}
}

// TestDirectiveSlips checks that a comment meant as a directive but not
// read as one (a space after //, a letter off the name) is reported rather
// than leaving the function silently out of the tools, and that prose and
// other tools' directives are not.
func TestDirectiveSlips(t *testing.T) {
	tests := []struct {
		name    string
		comment string
		diag    string
	}{
		{"a space after //", "// tool:export", `OLT013: "// tool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`},
		{"a space and options", "// tool:export timeout=5s", `OLT013: "// tool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`},
		{"a tab", "//\ttool:export", `OLT013: "//\ttool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`},
		{"a spaced example", "// tool:example {\"a\":1}", `OLT013: "// tool:example" is not read as a directive: Go reads one only with no space after //; write //tool:example`},
		{"letters swapped", "//tool:exprot", "OLT013: //tool:exprot is not a directive; did you mean //tool:export?"},
		{"a plural", "//tool:exports", "OLT013: //tool:exports is not a directive; did you mean //tool:export?"},
		{"upper case", "//tool:Export", "OLT013: //tool:Export is not a directive; did you mean //tool:export?"},
		{"the directive", "//tool:export", ""},
		{"prose", "// tool:exporting is not a word", ""},
		{"prose that names the directive", "// tool:export marks a function as a tool.", ""},
		{"prose that names the example directive", "// tool:example lines give the model an example.", ""},
		{"prose after the third directive", "// tool:required-from-tags is set in the package doc.", ""},
		{"a spaced example with an array", "// tool:example [1]", `OLT013: "// tool:example" is not read as a directive: Go reads one only with no space after //; write //tool:example`},
		{"a spaced directive with a comment after it", "// tool:export // the fetcher", `OLT013: "// tool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`},
		{"a spaced export with a bare option", "// tool:export ends-loop", `OLT013: "// tool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`},
		{"a spaced export with a misspelt bare option", "// tool:export requires-aproval", `OLT013: "// tool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`},
		{"a spaced export with two options", "// tool:export timeout=5s name=f", `OLT013: "// tool:export" is not read as a directive: Go reads one only with no space after //; write //tool:export`},
		{"prose about tools", "// tools export their schemas", ""},
		{"another tool's directive", "//tool:frobnicate", ""},
		{"another namespace", "//go:noinline", ""},
		{"a blank line before the function", "//tool:export\n", "OLT001: //tool:export must be in the doc comment of a package-level function or a method: a blank line parts it from F below; remove the blank line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "package p\n\n// F is a tool, maybe.\n//\n" + tt.comment + "\nfunc F() error { return nil }\n"
			dir := testmodule.New(t, map[string]string{"p/p.go": src})
			p := inspect(t, dir, "./p")
			var diags []string
			for _, d := range p.Diags {
				diags = append(diags, d.String())
			}
			if got := strings.Join(diags, "\n"); got != tt.diag {
				t.Fatalf("diagnostics %q, want %q", got, tt.diag)
			}
		})
	}
}
