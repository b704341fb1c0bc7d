package main_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

// TestStandalone runs toolvet standalone once on one module that holds
// the packages of several tests, each as its test has it at the point it
// expects diagnostics: a standalone run type-checks every dependency from
// source, the same for all of them (the drop-in's go-sdk and net/http take
// most of it), so one run costs little more than the largest. Each
// package's diagnostics are those its test expected of a run on a module
// of its own; the exit is 3, which each of those runs had.
//
//   - shop, with a test file (the default run loads the test variant):
//     TestDrivers' module before go fix, both contract diagnostics at
//     their positions.
//   - fixed: TestDrivers' package after go fix (what go fix writes there
//     is the constant fixed): OLT014 alone is left, as the package has
//     tools and no generated file.
//   - plain: TestDrivers' printf mistake, reported by vet's suite.
//   - cmd/weather: TestDropInUnderVet's drop-in server.
//   - sev, triage and cmd/decode: TestEnumsUnderVet's Triage case before
//     toolgen.
//   - gen/sev, gen/triage and gen/cmd/decode: the Triage case after
//     toolgen (run here on gen/sev before toolvet), on which
//     TestEnumsUnderVet's toolvet run reported nothing: nothing is
//     reported in them.
//
// The drop-in's and the Triage case's diagnostics are silenced by their
// rule's flag, the rule's own analyzer reporting them: go vet
// -vettool=toolvet with both rules off, on their packages, exits 0. (That
// toolvet standalone takes a rule's flag is TestDrivers' -OLT011=false
// run; a standalone run with both rules off cost as much as the run above,
// the go-sdk and net/http type-checked again, where go vet has their
// facts from the other tests' runs.)
func TestStandalone(t *testing.T) {
	t.Parallel()
	gobin, bin, toolgen := tools(t)
	gen := func(s string) string { return strings.ReplaceAll(s, "example.com/m/", "example.com/m/gen/") }
	dir := testmodule.New(t, map[string]string{
		"shop/shop.go":           src,
		"shop/shop_test.go":      "package shop\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
		"fixed/shop.go":          fixed,
		"plain/plain.go":         printfSrc,
		"cmd/weather/main.go":    forecastSrc,
		"sev/sev.go":             sevSrc,
		"triage/triage.go":       triageSrc,
		"cmd/decode/main.go":     mainSrc,
		"gen/sev/sev.go":         sevSrc,
		"gen/triage/triage.go":   gen(triageSrc),
		"gen/cmd/decode/main.go": gen(mainSrc),
	})
	run := runner(t, dir)
	if out, code := run(toolgen, "./gen/sev"); code != 0 {
		t.Fatalf("toolgen ./gen/sev: exit %d\n%s", code, out)
	}
	out, code := run(bin, "./...")
	if code != 3 {
		t.Errorf("toolvet: exit %d, want 3 (diagnostics)\n%s", code, out)
	}
	want := slices.Concat(srcWant, []string{"plain/" + printfDiag, "cmd/weather/" + dropInWant}, enumsWant)
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("toolvet output lacks %q:\n%s", w, out)
		}
	}
	// After go fix, OLT014 remains, and nothing of what it fixed.
	var after strings.Builder
	for line := range strings.Lines(out) {
		if strings.Contains(line, "fixed/shop.go:") {
			after.WriteString(line)
		}
	}
	if s := after.String(); !strings.Contains(s, "OLT014") || strings.Contains(s, "OLT011") || strings.Contains(s, "OLT009") {
		t.Errorf("toolvet on the package go fix wrote: %q, want OLT014 alone\n%s", s, out)
	}

	// -OLT011=false silences the drop-in's diagnostic as a tool's, and
	// -OLT014=false the Triage case's: each is under that rule alone,
	// so one run with both rules off, on their packages, exits 0. After
	// toolgen, the Triage case has nothing to report.
	for line := range strings.Lines(out) {
		switch {
		case strings.Contains(line, "gen/"):
			t.Errorf("toolvet on the Triage case after toolgen: %q, want nothing", line)
		case strings.Contains(line, "cmd/weather/") && !strings.Contains(line, ": OLT011: "):
			t.Errorf("toolvet on the drop-in: %q, want OLT011 alone", line)
		case (strings.Contains(line, "sev/") || strings.Contains(line, "triage/") || strings.Contains(line, "cmd/decode/")) &&
			!strings.Contains(line, ": OLT014: "):
			t.Errorf("toolvet on the Triage case: %q, want OLT014 alone", line)
		}
	}
	out, code = run(gobin, "vet", "-vettool="+bin, "-OLT011=false", "-OLT014=false", "./cmd/weather", "./sev", "./triage", "./cmd/decode")
	if code != 0 {
		t.Errorf("go vet -vettool=toolvet -OLT011=false -OLT014=false: exit %d\n%s", code, out)
	}
}
