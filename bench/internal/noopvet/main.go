// Noopvet is BenchmarkVet's baseline vet tool: the same driver as toolvet
// (multichecker, which runs as a unitchecker under go vet), so it loads,
// parses and type-checks each package the same way, with one analyzer
// that does nothing.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop reports nothing: it is the baseline of BenchmarkVet.",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(noop) }
