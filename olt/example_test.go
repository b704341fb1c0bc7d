package olt_test

import (
	"fmt"
	"strings"

	"github.com/toolschema/toolschema/olt"
)

// Analyzers are plain *analysis.Analyzer values: a multichecker of your
// own, or Bazel's nogo, lists them beside others. Each rule is one
// analyzer named after its ID, and its diagnostics link to its section of
// the rule reference.
func Example() {
	names := map[string]bool{}
	for _, a := range olt.Analyzers {
		names[a.Name] = true
	}
	fmt.Println(names["OLT001"], names["OLT023"], olt.Analyzers[0].Requires[0].Name)
	fmt.Println(strings.HasPrefix(olt.Analyzers[0].URL, "https://"))

	// NewAnalyzers turns the opt-in rules on; the provider names it takes
	// are checked, so that a typo does not turn a rule off.
	if _, err := olt.NewAnalyzers(olt.Config{Providers: []string{"openai", "mistral"}}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// true true toolschema
	// true
	// unknown provider "mistral": the providers are anthropic, gemini, openai, each alone or with :strict or :nonstrict
}
