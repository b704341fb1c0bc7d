package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

// libSrc holds the types a tool of appSrc takes: the descriptions of its
// fields, the schema a type declares and the enum's values (two of them
// declared on one line) are in its syntax only, which the analyzers read
// when go vet runs them on lib, and pass on to app as facts.
const libSrc = `package lib

import "encoding/json"

// Page is what a listing takes.
type Page struct {
	// Size is how many results come back.
	Size int32 ` + "`json:\"size\"`" + `
	Color Color ` + "`json:\"color\"`" + ` // Color is the colour to list.
	// Money is the most to pay.
	Money Money ` + "`json:\"money\"`" + `
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

const appSrc = `package app

import "example.com/m/lib"

// List lists items.
//
//tool:export read-only
func List(in lib.Page) error { return nil }
`

// TestForeignUnderVet runs toolgen and go vet -vettool=toolvet on a tool
// whose input is another package's type: what toolgen read from lib's
// files, the analyzers learn from the facts go vet carries from lib's run
// to app's, so the generated file is fresh to them, with every quality
// rule on. A field's comment changed in lib makes app's generated file
// stale, which go vet reports until toolgen runs again.
func TestForeignUnderVet(t *testing.T) {
	t.Parallel()
	gobin, bin, toolgen := tools(t)
	dir := testmodule.New(t, map[string]string{"lib/lib.go": libSrc, "app/app.go": appSrc})
	run := runner(t, dir)
	quality := []string{"-OLT016.enable", "-OLT017.enable", "-OLT018.enable", "-OLT019.enable"}
	vet := func() (string, int) {
		t.Helper()
		return run(gobin, append(append([]string{"vet", "-vettool=" + bin}, quality...), "./...")...)
	}
	if out, code := run(toolgen, "./..."); code != 0 {
		t.Fatalf("toolgen: exit %d\n%s", code, out)
	}
	gen, err := os.ReadFile(filepath.Join(dir, "app", "toolschema_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`Size is how many results come back.`, `"enum":["red","green","blue"]`,
		// The declared schema, its description the field's doc comment.
		`"money":{"type":"integer","minimum":0,"description":"Money is the most to pay."}`} {
		if !strings.Contains(string(gen), want) {
			t.Errorf("the generated file lacks %s:\n%s", want, gen)
		}
	}
	if out, code := vet(); code != 0 {
		t.Errorf("go vet after toolgen: exit %d\n%s", code, out)
	}

	changed := strings.Replace(libSrc, "Size is how many results come back.", "Size is how many items come back.", 1)
	if err := os.WriteFile(filepath.Join(dir, "lib", "lib.go"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, code := vet(); code == 0 || !strings.Contains(out, "toolschema_gen.go:3:1: OLT014: toolschema_gen.go is stale") {
		t.Errorf("go vet after lib's comment changed: exit %d\n%s", code, out)
	}
	if out, code := run(toolgen, "./..."); code != 0 {
		t.Fatalf("toolgen again: exit %d\n%s", code, out)
	}
	if out, code := vet(); code != 0 {
		t.Errorf("go vet after toolgen again: exit %d\n%s", code, out)
	}
}
