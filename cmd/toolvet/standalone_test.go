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
//
// The runs of the drop-in's and the Triage case's packages with their
// rule off, which exit 0, are one run too, with both rules off.
func TestStandalone(t *testing.T) {
	t.Parallel()
	_, bin, _ := tools(t)
	dir := testmodule.New(t, map[string]string{
		"shop/shop.go":        src,
		"shop/shop_test.go":   "package shop\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
		"fixed/shop.go":       fixed,
		"plain/plain.go":      printfSrc,
		"cmd/weather/main.go": forecastSrc,
		"sev/sev.go":          sevSrc,
		"triage/triage.go":    triageSrc,
		"cmd/decode/main.go":  mainSrc,
	})
	out, code := runner(t, dir)(bin, "./...")
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
	// so one run with both rules off, on their packages, exits 0.
	for line := range strings.Lines(out) {
		switch {
		case strings.Contains(line, "cmd/weather/") && !strings.Contains(line, ": OLT011: "):
			t.Errorf("toolvet on the drop-in: %q, want OLT011 alone", line)
		case (strings.Contains(line, "sev/") || strings.Contains(line, "triage/") || strings.Contains(line, "cmd/decode/")) &&
			!strings.Contains(line, ": OLT014: "):
			t.Errorf("toolvet on the Triage case: %q, want OLT014 alone", line)
		}
	}
	out, code = runner(t, dir)(bin, "-test=false", "-OLT011=false", "-OLT014=false", "./cmd/weather", "./sev", "./triage", "./cmd/decode")
	if code != 0 {
		t.Errorf("toolvet -OLT011=false -OLT014=false: exit %d\n%s", code, out)
	}
}
