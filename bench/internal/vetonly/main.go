// Vetonly is BenchmarkVet's baseline vet tool: the standard vet suite
// (the analyzers cmd/vet runs, as toolvet runs them) on the same driver
// as toolvet (multichecker, which runs as a unitchecker under go vet), so
// it loads, parses and type-checks each package the same way and runs
// the same vet analyzers. What toolvet costs beyond it is the contract's
// rules.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolschema/toolschema/internal/vetsuite"
)

func main() { multichecker.Main(vetsuite.Analyzers()...) }
