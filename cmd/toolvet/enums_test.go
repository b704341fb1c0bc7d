package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

// The enum of the Triage case, in a package without generated code.
const sevSrc = `package sev

// Severity is how bad an incident is.
type Severity string

const (
	Low    Severity = "low"
	Medium Severity = "medium"
	High   Severity = "high"
)
`

// triageSrc makes schemas by reflection from a type that reaches it; it
// has no directive and no generated file.
const triageSrc = `package triage

import (
	"example.com/m/sev"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// Triage is a model's structured answer.
type Triage struct {
	Summary  string       ` + "`json:\"summary\"`" + `
	Severity sev.Severity ` + "`json:\"severity\"`" + `
}

// Format is the answer's schema for a model.
func Format() (*provider.Output, error) { return provider.OutputOf[Triage]("triage", "") }

// Decode checks and decodes a model's answer.
func Decode(data []byte) (Triage, []tool.Violation, error) { return tool.DecodeAnswer[Triage](data) }
`

// mainSrc prints how many violations an answer with a severity no
// constant has gets.
const mainSrc = `package main

import (
	"fmt"

	"example.com/m/triage"
)

func main() {
	_, viols, err := triage.Decode([]byte(` + "`" + `{"summary":"disk full","severity":"sev9"}` + "`" + `))
	fmt.Println(len(viols), err)
}
`

// enumsWant are the diagnostics of go vet -vettool=toolvet and toolvet on
// the Triage case before toolgen.
var enumsWant = []string{
	"triage.go:16:59: OLT014: provider.OutputOf[Triage]: Triage.severity is enum type sev.Severity, which has no ToolschemaEnumValues",
	"triage.go:19:74: OLT014: tool.DecodeAnswer[Triage]: Triage.severity is enum type sev.Severity, which has no ToolschemaEnumValues",
	"package example.com/m/sev has no //go:generate line that runs toolgen: add //go:generate go tool toolgen to it and run go generate (or go tool toolgen in it)",
}

// TestEnumsUnderVet reproduces the Triage case end to end: an enum type
// of another package without its generated values vanishes from a schema
// made by reflection (provider.OutputOf, tool.DecodeAnswer, which then
// accepts "sev9"), and go vet -vettool=toolvet and toolvet (its runs,
// before and after toolgen, are in TestStandalone), like toolgen -check, now fail on
// it, naming the package to generate; after go generate (toolgen) the
// three pass and the answer is refused. A new constant makes the
// generated values stale, which both report again, by what a stale method
// does: its old values are used, so the new constant is refused.
func TestEnumsUnderVet(t *testing.T) {
	t.Parallel()
	gobin, bin, toolgen := tools(t)
	dir := testmodule.New(t, map[string]string{"sev/sev.go": sevSrc, "triage/triage.go": triageSrc, "cmd/decode/main.go": mainSrc,
		"cmd/page/main.go": strings.Replace(mainSrc, "sev9", "page", 1)})
	run := runner(t, dir)

	if out, _ := run(gobin, "run", "./cmd/decode"); !strings.HasPrefix(out, "0 <nil>") {
		t.Fatalf("before toolgen, the answer with severity sev9 should pass (the fault reproduced): %s", out)
	}
	if out, code := run(toolgen, "-check", "./..."); code != 1 || !strings.Contains(out, filepath.Join("sev", "toolschema_gen.go")+": missing") {
		t.Errorf("toolgen -check: exit %d\n%s", code, out)
	}
	want := enumsWant
	out, code := run(gobin, "vet", "-vettool="+bin, "./...")
	if code == 0 {
		t.Errorf("go vet -vettool=toolvet: exit 0\n%s", out)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("go vet output lacks %q:\n%s", w, out)
		}
	}
	// toolvet standalone reports them too, and -OLT014=false silences
	// them: TestStandalone, on these packages as here, with the packages
	// of other tests.

	// go generate's toolgen writes the enum's values: everything passes,
	// and the answer is refused.
	if out, code := run(toolgen, "./sev"); code != 0 {
		t.Fatalf("toolgen: exit %d\n%s", code, out)
	}
	if out, code := run(gobin, "vet", "-vettool="+bin, "./..."); code != 0 {
		t.Errorf("go vet after toolgen: exit %d\n%s", code, out)
	}
	// toolvet standalone passes too: TestStandalone, on these packages
	// after toolgen (its gen/), with the packages of other tests.
	if out, code := run(toolgen, "-check", "./..."); code != 0 {
		t.Errorf("toolgen -check after toolgen: exit %d\n%s", code, out)
	}
	if out, _ := run(gobin, "run", "./cmd/decode"); !strings.HasPrefix(out, "1 <nil>") {
		t.Errorf("after toolgen, the answer with severity sev9 should be refused: %s", out)
	}

	// A constant added since: the generated values are stale.
	more := strings.Replace(sevSrc, "\tHigh   Severity = \"high\"\n", "\tHigh   Severity = \"high\"\n\tPage   Severity = \"page\"\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "sev", "sev.go"), []byte(more), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code = run(gobin, "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(out, "OLT014: tool.DecodeAnswer[Triage]: Triage.severity is enum type sev.Severity, which has a stale ToolschemaEnumValues "+
		"(its constants changed since toolschema_gen.go was written): by reflection the values it lists are used, so the schema lists the old values: "+
		"one added since is refused, and one removed accepted; package example.com/m/sev has") ||
		!strings.Contains(out, "toolschema_gen.go:3:1: OLT014: toolschema_gen.go is stale") {
		t.Errorf("go vet with stale enum values: exit %d\n%s", code, out)
	}
	// As the message says: the constant added since is refused.
	if out, _ := run(gobin, "run", "./cmd/page"); !strings.HasPrefix(out, "1 <nil>") {
		t.Errorf("with stale values, the answer with the new severity page should be refused: %s", out)
	}
}
