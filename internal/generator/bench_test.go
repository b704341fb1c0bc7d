package generator_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/testmodule"
)

// synthetic returns a package of n tools over a handful of input types.
func synthetic(n int) string {
	var b strings.Builder
	b.WriteString(`package many

import (
	"context"
	"time"
)

type Level string

const (
	Low  Level = "low"
	High Level = "high"
)

type Window struct {
	From time.Time  ` + "`json:\"from\"`" + `
	To   *time.Time ` + "`json:\"to\"`" + `
}

type Query struct {
	Text   string            ` + "`json:\"text\" description:\"What to look for.\" minLength:\"1\"`" + `
	Limit  int               ` + "`json:\"limit,omitempty\" minimum:\"1\" maximum:\"100\" default:\"10\"`" + `
	Level  Level             ` + "`json:\"level\"`" + `
	Window Window            ` + "`json:\"window\"`" + `
	Tags   []string          ` + "`json:\"tags,omitempty\"`" + `
	Labels map[string]string ` + "`json:\"labels,omitempty\"`" + `
}

type Hit struct {
	ID    string  ` + "`json:\"id\"`" + `
	Score float64 ` + "`json:\"score\"`" + `
}
`)
	for i := range n {
		fmt.Fprintf(&b, `
// Search%[1]d searches corpus %[1]d.
//
//tool:export timeout=5s
func Search%[1]d(ctx context.Context, in Query) ([]Hit, error) { return nil, nil }
`, i)
	}
	return b.String()
}

// BenchmarkToolgen1000 compares toolgen over a package of 1000 tools
// (load, inspect, print) with loading and type-checking the same package
// alone, with the same load mode.
func BenchmarkToolgen1000(b *testing.B) {
	dir := testmodule.New(b, map[string]string{"many/many.go": synthetic(1000)})
	b.Run("load", func(b *testing.B) {
		cfg := &packages.Config{Dir: dir, Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedTypesSizes}
		for b.Loop() {
			pkgs, err := packages.Load(cfg, "./many")
			if err != nil || packages.PrintErrors(pkgs) > 0 {
				b.Fatal(err)
			}
		}
	})
	b.Run("toolgen", func(b *testing.B) {
		for b.Loop() {
			rs, err := generator.Generate(context.Background(), &generator.Options{Dir: dir}, "./many")
			if err != nil || len(rs[0].Errs) > 0 || rs[0].Content == nil {
				b.Fatal(err, rs[0].Errs)
			}
		}
	})
}

func TestSynthetic(t *testing.T) {
	dir := testmodule.New(t, map[string]string{"many/many.go": synthetic(20)})
	rs, err := generator.Generate(context.Background(), &generator.Options{Dir: dir}, "./many")
	if err != nil || len(rs[0].Errs) > 0 {
		t.Fatal(err, rs[0].Errs)
	}
	checkGofmt(t, rs[0].Content)
	if got := len(rs[0].Package.Tools); got != 20 {
		t.Errorf("got %d tools, want 20", got)
	}
}
