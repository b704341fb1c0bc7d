// Command golangci-lint is golangci-lint v2 with the toolschema plugin
// compiled in: what `golangci-lint custom` builds from a clone of
// golangci-lint's repository, built here from the module proxy instead,
// so that no access to the repository's host is needed. The language
// server's benchmark (lsp/internal/server) runs it through
// golangci-lint-langserver; see README.md.
package main

import (
	"fmt"
	"os"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// Registers the "toolschema" module plugin, as the plugins.go file
	// that `golangci-lint custom` writes would.
	_ "github.com/toolschema/toolschema/gclplugin"
)

func main() {
	info := commands.BuildInfo{Version: "2.15.0-toolschema", Commit: "(module proxy)", Date: "(unknown)", GoVersion: "(unknown)"}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
