package olt_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/testmodule"
	"github.com/toolschema/toolschema/olt"
)

// factsLib is a package whose types the tools of factsApp use: what the
// analyzers need of it beyond its types (its fields' comments, the schema
// a type declares, the order of its enum's constants, two on one line,
// the comments of a generic type's fields)
// is only in its syntax.
const factsLib = `package lib

import "encoding/json"

// Page is what a listing takes.
type Page struct {
	// Size is how many results come back.
	Size int32 ` + "`json:\"size\"`" + `
	Color Color ` + "`json:\"color\"`" + ` // Color is the colour to list.
	// Money is the most to pay.
	Money Money ` + "`json:\"money\"`" + `
	// Box is a generic type's instance.
	Box Box[int32] ` + "`json:\"box\"`" + `
}

// Box holds one item.
type Box[T any] struct {
	// Item is what the box holds.
	Item T ` + "`json:\"item\"`" + `
}

// Color is an enum.
type Color string

const Red, Green Color = "red", "green"

const Blue Color = "blue"

// Money declares its schema.
type Money struct{ cents int64 }

func (m Money) MarshalJSON() ([]byte, error)  { return json.Marshal(m.cents) }
func (m *Money) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &m.cents) }
func (Money) ToolschemaSchema() string        { return ` + "`" + `{"type":"integer","minimum":0,"description":"Cents to pay."}` + "`" + ` }
`

const factsApp = `package app

import "example.com/m/lib"

// List lists items.
//
//tool:export read-only
func List(in lib.Page) error { return nil }
`

// TestForeignFromFacts runs the rules on a package whose tool's input is
// a type of another package, once with that package's files on disk and
// once with them gone (the syntax the driver loaded is all there is): the
// field descriptions, the declared schema and the enum values arrive by
// facts, so the diagnostics are the same, and the generated file that
// toolgen wrote from the files is fresh both times.
func TestForeignFromFacts(t *testing.T) {
	t.Parallel()
	dir := testmodule.New(t, map[string]string{"lib/lib.go": factsLib, "app/app.go": factsApp})
	res, err := generator.Generate(context.Background(), &generator.Options{Dir: dir}, "./app", "./lib")
	if err != nil || len(res) != 2 {
		t.Fatalf("toolgen: %v %+v", err, res)
	}
	for _, r := range res {
		if len(r.Errs) > 0 || r.Content == nil {
			t.Fatalf("toolgen: %s: %v", r.PkgPath, r.Errs)
		}
		if err := os.WriteFile(r.OutputPath, r.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What toolgen read from lib's files is in the schema.
	app := res[0]
	if app.PkgPath != "example.com/m/app" {
		app = res[1]
	}
	want := string(app.Package.Tools[0].InputSchema)
	var in struct {
		Properties map[string]struct {
			Description string   `json:"description"`
			Enum        []string `json:"enum"`
			Minimum     *float64 `json:"minimum"`
		} `json:"properties"`
	}
	if err := json.Unmarshal([]byte(want), &in); err != nil {
		t.Fatal(err)
	}
	if p := in.Properties; p["size"].Description != "Size is how many results come back." ||
		!slices.Equal(p["color"].Enum, []string{"red", "green", "blue"}) || p["money"].Minimum == nil {
		t.Fatalf("toolgen's schema of lib.Page: %+v", p)
	}

	// Both packages from source, as a driver that runs facts loads them;
	// the others (the toolschema runtime, the standard library) from
	// export data.
	cfg := &packages.Config{Dir: dir, Mode: packages.LoadSyntax | packages.NeedModule}
	pkgs, err := packages.Load(cfg, "./lib", "./app")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	run := func() []string {
		t.Helper()
		// With the quality rules: OLT016 reports a field without a
		// description.
		rules, err := olt.NewAnalyzers(olt.Config{Quality: true})
		if err != nil {
			t.Fatal(err)
		}
		graph, err := checker.Analyze(append([]*analysis.Analyzer{olt.Core}, rules...), pkgs, &checker.Options{SanityCheck: true})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		tools := 0
		for act := range graph.All() {
			if r, ok := act.Result.(*olt.Result); ok && act.Analyzer == olt.Core && r.Package != nil && len(r.Package.Tools) == 1 {
				if got := string(r.Package.Tools[0].InputSchema); got != want {
					t.Errorf("the analyzers' input schema\n%s\ntoolgen's\n%s", got, want)
				}
			}
			if act.Err != nil {
				t.Errorf("%s: %v", act, act.Err)
			}
			if r, ok := act.Result.(*olt.Result); ok && act.Analyzer == olt.Core && r.Package != nil {
				tools += len(r.Package.Tools)
			}
			for _, d := range act.Diagnostics {
				out = append(out, act.Package.Fset.Position(d.Pos).String()+": "+d.Message)
			}
		}
		if tools != 1 {
			t.Errorf("the core found %d tools, want 1", tools)
		}
		slices.Sort(out)
		return out
	}
	withFiles := run()
	if err := os.RemoveAll(filepath.Join(dir, "lib")); err != nil {
		t.Fatal(err)
	}
	withoutFiles := run()
	if len(withFiles) > 0 {
		t.Errorf("with lib's files on disk: %s", strings.Join(withFiles, "\n"))
	}
	if !slices.Equal(withFiles, withoutFiles) {
		t.Errorf("without lib's files: %s\nwant the same as with them: %s", strings.Join(withoutFiles, "\n"), strings.Join(withFiles, "\n"))
	}
}
