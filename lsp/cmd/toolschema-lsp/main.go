// Toolschema-lsp is a Language Server Protocol server, over standard
// input and output, for the toolschema contract's rules (OLT001 and on):
// their diagnostics as the editor's text changes, and their suggested
// fixes as quick fixes. It is meant to run beside gopls; docs/editors.md
// says how to set up each editor.
//
//	toolschema-lsp [-log file]
//
// Settings come from initializationOptions and from the section
// "toolschema" of workspace/configuration: providers (OLT015), quality
// (OLT016 to OLT019, OLT026 to OLT028), migrate (OLT022), rules (a rule's
// ID to false turns it off) and debounceMs. It never writes a file.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/toolschema/toolschema/lsp/internal/server"
)

func main() {
	logFile := flag.String("log", "", "write the server's log to this file (default: standard error)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: toolschema-lsp [-log file]\n\nA language server for the toolschema contract's rules, over standard input and output.")
		flag.PrintDefaults()
	}
	flag.Parse()
	var logw io.Writer = os.Stderr
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "toolschema-lsp:", err)
			os.Exit(2)
		}
		defer f.Close()
		logw = f
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := server.Serve(ctx, stdio{}, logw); err != nil {
		fmt.Fprintln(os.Stderr, "toolschema-lsp:", err)
		os.Exit(1)
	}
}

// stdio is the client's connection: standard input and output.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error {
	os.Stdin.Close()
	return os.Stdout.Close()
}
