// Toolvet reports every rule of the toolschema contract (OLT001 to
// OLT019) in Go packages.
//
// One binary serves three drivers:
//
//	toolvet [flags] ./...                          # standalone
//	go vet -vettool=$(go tool -n toolvet) ./...    # as go vet's analysis tool
//	go fix -fixtool=$(go tool -n toolvet) ./...    # applying the suggested fixes
//
// Each rule is an analyzer named after its ID: -OLT011=false turns one
// off; -OLT015.providers=openai,anthropic and -OLT016.enable (to OLT019)
// turn on the checks that are off by default. toolvet help lists them.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolschema/toolschema/analyzer/olt"
)

func main() { multichecker.Main(olt.Analyzers...) }
