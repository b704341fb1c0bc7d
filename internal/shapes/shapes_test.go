// Package shapes_test measures the static side (toolgen's generation and
// toolvet's analyzers) on pathological but legal Go code, each shape at
// three sizes n, 4n and 16n, so that a cost that grows faster than the
// input shows in the ratios:
//
//	go test -run '^$' -bench Shapes -benchtime 3x ./internal/shapes
//
// The toolgen side includes loading the package (go list and
// type-checking, some 60-90 ms here); the vet side runs the analyzers on a
// package loaded once, outside the timer.
package shapes_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/testmodule"
	"github.com/toolschema/toolschema/olt"
)

const header = "package p\n\nimport \"context\"\n\nvar _ = context.Background\n"

// tool is a tool function taking in.
func tool(name, in string) string {
	return fmt.Sprintf("\n// %[1]s does it.\n//\n//tool:export\nfunc %[1]s(ctx context.Context, in %[2]s) (string, error) { return \"\", nil }\n", name, in)
}

// A shape is a kind of input, written at a size by src.
type shape struct {
	name  string
	sizes [3]int
	src   func(n int) string
}

// shapes are the inputs: a struct of 5,000 fields, 2,000 tools, 200 levels
// of named structs, a chain of structs of two fields of the next (whose
// inline schema doubles at each level), a ring of 1,000 mutually recursive
// types, a type used at 1,000 places, an enum of 10,000 values, a generic
// type instantiated within itself 64 times and 1,000 ways, embedding 100
// levels deep with a field of one name at each, a 1 MB description tag, a
// 1 MB doc comment, 2,000 tools of one name, 2,000 tools of one name
// that is not a tool name (each fix a new one), and 2,000 directives with
// malformed options.
var shapes = []shape{
	{"wide", [3]int{320, 1280, 5120}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type In struct {\n")
		for i := range n {
			fmt.Fprintf(&b, "\tF%d string `json:\"f%d,omitempty\"`\n", i, i)
		}
		b.WriteString("}\n" + tool("Wide", "In"))
		return b.String()
	}},
	{"tools", [3]int{125, 500, 2000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type In struct {\n\tA string `json:\"a\"`\n}\n")
		for i := range n {
			b.WriteString(tool(fmt.Sprintf("T%d", i), "In"))
		}
		return b.String()
	}},
	{"nest", [3]int{12, 50, 200}, func(n int) string {
		var b strings.Builder
		b.WriteString(header)
		for i := range n {
			fmt.Fprintf(&b, "type N%d struct {\n\tX string `json:\"x\"`\n\tNext *N%d `json:\"next,omitempty\"`\n}\n", i, i+1)
		}
		fmt.Fprintf(&b, "type N%d struct{ X string `json:\"x\"` }\n", n)
		b.WriteString(tool("Nest", "N0"))
		return b.String()
	}},
	{"diamond", [3]int{4, 8, 16}, func(n int) string {
		var b strings.Builder
		b.WriteString(header)
		for i := range n {
			fmt.Fprintf(&b, "type D%d struct {\n\tL D%d `json:\"l\"`\n\tR D%d `json:\"r\"`\n}\n", i, i+1, i+1)
		}
		fmt.Fprintf(&b, "type D%d struct{ X string `json:\"x\"` }\n", n)
		b.WriteString(tool("Diamond", "D0"))
		return b.String()
	}},
	{"ring", [3]int{62, 250, 1000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header)
		for i := range n {
			fmt.Fprintf(&b, "type R%d struct {\n\tNext *R%d `json:\"next\"`\n}\n", i, (i+1)%n)
		}
		b.WriteString(tool("Ring", "R0"))
		return b.String()
	}},
	{"shared", [3]int{62, 250, 1000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type S struct{ X string `json:\"x\"`; Y int `json:\"y\"` }\ntype In struct {\n")
		for i := range n {
			fmt.Fprintf(&b, "\tF%d S `json:\"f%d\"`\n", i, i)
		}
		b.WriteString("}\n" + tool("Shared", "In"))
		return b.String()
	}},
	{"enum", [3]int{625, 2500, 10000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type E string\n\nconst (\n")
		for i := range n {
			fmt.Fprintf(&b, "\tE%d E = \"e%d\"\n", i, i)
		}
		b.WriteString(")\n\ntype In struct{ E E `json:\"e\"` }\n" + tool("Enum", "In"))
		return b.String()
	}},
	{"generic", [3]int{4, 16, 64}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type G[T any] struct{ V T `json:\"v\"` }\n")
		in := "string"
		for range n {
			in = "G[" + in + "]"
		}
		fmt.Fprintf(&b, "type In struct{ X %s `json:\"x\"` }\n", in)
		b.WriteString(tool("Generic", "In"))
		return b.String()
	}},
	{"instances", [3]int{62, 250, 1000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type G[T any] struct{ V T `json:\"v\"` }\n")
		b.WriteString("type In struct {\n")
		for i := range n {
			fmt.Fprintf(&b, "\tF%d G[[%d]int] `json:\"f%d\"`\n", i, i, i)
		}
		b.WriteString("}\n" + tool("Instances", "In"))
		return b.String()
	}},
	{"embed", [3]int{6, 25, 100}, func(n int) string {
		var b strings.Builder
		b.WriteString(header)
		for i := range n {
			fmt.Fprintf(&b, "type E%d struct {\n\tE%d\n\tX string `json:\"x\"`\n\tY%d string `json:\"y%d\"`\n}\n", i, i+1, i, i)
		}
		fmt.Fprintf(&b, "type E%d struct{ X string `json:\"x\"` }\n", n)
		b.WriteString(tool("Embed", "E0"))
		return b.String()
	}},
	{"tag", [3]int{1 << 16, 1 << 18, 1 << 20}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type In struct {\n")
		fmt.Fprintf(&b, "\tA string `json:\"a\" description:\"%s\"`\n", strings.Repeat("x", n))
		b.WriteString("}\n" + tool("Tag", "In"))
		return b.String()
	}},
	{"doc", [3]int{1 << 16, 1 << 18, 1 << 20}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type In struct {\n")
		for range n / 64 {
			b.WriteString("\t// " + strings.Repeat("y", 60) + "\n")
		}
		b.WriteString("\tA string `json:\"a\"`\n}\n" + tool("Doc", "In"))
		return b.String()
	}},
	{"samename", [3]int{125, 500, 2000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type In struct {\n\tA string `json:\"a\"`\n}\n")
		for i := range n {
			fmt.Fprintf(&b, "\n// S%[1]d does it.\n//\n//tool:export name=same\nfunc S%[1]d(ctx context.Context, in In) (string, error) { return \"\", nil }\n", i)
		}
		return b.String()
	}},
	{"badname", [3]int{125, 500, 2000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type In struct {\n\tA string `json:\"a\"`\n}\n")
		for i := range n {
			fmt.Fprintf(&b, "\n// B%[1]d does it.\n//\n//tool:export name=look.up\nfunc B%[1]d(ctx context.Context, in In) (string, error) { return \"\", nil }\n", i)
		}
		return b.String()
	}},
	{"malformed", [3]int{125, 500, 2000}, func(n int) string {
		var b strings.Builder
		b.WriteString(header + "type In struct {\n\tA string `json:\"a\"`\n}\n")
		bad := []string{"timeout=", "timeout=abc", "\"title=open", "nmae=x", "max-result=99999999999999999999KB", "version=-1", "read-only=maybe", "=", "icon=::", "errors=,,"}
		for i := range n {
			fmt.Fprintf(&b, "\n// M%[1]d does it.\n//\n//tool:export %[2]s\nfunc M%[1]d(ctx context.Context, in In) (string, error) { return \"\", nil }\n", i, bad[i%len(bad)])
		}
		return b.String()
	}},
}

// BenchmarkShapes runs toolgen and the analyzers over each shape and size,
// reporting the generated file's size and the diagnostics' count beside
// time and allocations.
func BenchmarkShapes(b *testing.B) {
	for _, s := range shapes {
		for _, n := range s.sizes {
			dir := testmodule.New(b, map[string]string{"p/p.go": s.src(n)})
			b.Run(fmt.Sprintf("%s/n=%d/toolgen", s.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					rs, err := generator.Generate(context.Background(), &generator.Options{Dir: dir}, "./p")
					if err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(len(rs[0].Content)), "genbytes")
					b.ReportMetric(float64(len(rs[0].Errs)), "errs")
				}
			})
			cfg := &packages.Config{Dir: dir, Mode: packages.LoadSyntax | packages.NeedModule}
			pkgs, err := packages.Load(cfg, "./p")
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/n=%d/vet", s.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					graph, err := checker.Analyze(olt.Analyzers, pkgs, nil)
					if err != nil {
						b.Fatal(err)
					}
					nd := 0
					for act := range graph.All() {
						nd += len(act.Diagnostics)
					}
					b.ReportMetric(float64(nd), "diags")
				}
			})
		}
	}
}
