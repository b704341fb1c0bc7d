// Toolgen writes the tool code of Go packages: for each package with
// functions or methods marked //tool:export, one file (toolschema_gen.go)
// with the tools' schemas, typed handlers, tool lists and enum methods.
//
// Usage:
//
//	toolgen [flags] [packages]
//
// The packages are go list patterns, "." by default, as in a
// //go:generate go tool toolgen line. On any diagnostic toolgen prints
// them as file:line:col: OLTnnn: message and exits with status 1. A tool
// with a problem is left out, and the package's other tools are still
// written; a diagnostic about a type several tools share is printed once
// and names them all. A problem with the tool lists themselves (two tools
// of a list with one name, a declared Tools) writes nothing for the
// package, nor does a package whose every tool is refused (its generated
// file, if any, is left as it is).
//
// Flags:
//
//	-check  write nothing; exit 1 listing each generated file that is
//	        missing, stale or no longer needed
//	-json   write nothing to files; print a JSON array of the tools found
//	-tags   comma-separated build tags
//	-lock   start a revision lock (toolschema.lock) in packages that have
//	        none; a package that has one always gets it updated
//
// The revision lock records each tool's contract (name, version,
// description, policy, error codes, schemas) as of its version. When a
// tool's contract changes and its version does not, its entry is kept,
// toolgen reports OLT029 (saying whether the change is breaking or
// compatible) and exits 1: raise the version, then run toolgen again.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolschema/toolschema/internal/generator"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	check := fs.Bool("check", false, "write nothing; exit 1 listing each generated file that is missing or differs")
	asJSON := fs.Bool("json", false, "print the tools found as a JSON array instead of writing files")
	tags := fs.String("tags", "", "comma-separated build tags")
	lock := fs.Bool("lock", false, "start a revision lock ("+generator.LockFile+") in packages that have none")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: toolgen [flags] [packages]\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *check && *asJSON {
		fmt.Fprintln(stderr, "toolgen: -check and -json do not go together")
		return 2
	}
	// Under go generate ($GOFILE is set), toolgen runs in the package's
	// directory; positions are given from the module root, as go vet
	// gives them there.
	opts := &generator.Options{Lock: *lock, ModuleRelative: os.Getenv("GOFILE") != ""}
	if *tags != "" {
		opts.Tags = strings.Split(*tags, ",")
	}
	results, err := generator.Generate(context.Background(), opts, fs.Args()...)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen: %v\n", err)
		return 1
	}
	status, unwritten := 0, false
	var tools []jsonTool
	for _, r := range results {
		if len(r.Errs) > 0 {
			for _, e := range r.Errs {
				fmt.Fprintln(stderr, e)
			}
			status = 1
			// The tools that are right are written (not checked, not
			// listed: the run fails all the same).
			if r.Content != nil && !*check && !*asJSON {
				if err := write(r); err != nil {
					fmt.Fprintf(stderr, "toolgen: %v\n", err)
				}
			}
			continue
		}
		switch {
		case *asJSON:
			tools = append(tools, jsonTools(r)...)
		case *check:
			if msg := checkFile(r); msg != "" {
				fmt.Fprintln(stderr, msg)
				status, unwritten = 1, true
			}
		default:
			if err := write(r); err != nil {
				fmt.Fprintf(stderr, "toolgen: %v\n", err)
				status = 1
			}
		}
	}
	if unwritten {
		pkgs := strings.Join(fs.Args(), " ")
		if pkgs == "" {
			pkgs = "."
		}
		if *tags != "" {
			pkgs = "-tags " + *tags + " " + pkgs
		}
		fmt.Fprintf(stderr, "toolgen: to write them, run go tool toolgen %s (or go generate in each package), and commit them\n", pkgs)
	}
	if *asJSON && status == 0 {
		b, err := encodeTools(tools)
		if err != nil {
			fmt.Fprintf(stderr, "toolgen: %v\n", err)
			return 1
		}
		stdout.Write(b)
	}
	return status
}

// encodeTools writes the tools as a JSON array, one tool a line. The
// schemas keep their exact bytes: no indentation, no HTML escaping.
func encodeTools(tools []jsonTool) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteString("[")
	for i, t := range tools {
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
		if err := enc.Encode(t); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
	}
	if len(tools) > 0 {
		buf.WriteString("\n")
	}
	buf.WriteString("]\n")
	return buf.Bytes(), nil
}

// write writes a package's generated file, or removes one that is no longer
// needed, and its lock. An unchanged file is not touched.
func write(r generator.Result) error {
	if r.Lock != nil {
		if old, err := os.ReadFile(r.LockPath); err != nil || !bytes.Equal(old, r.Lock) {
			if err := os.WriteFile(r.LockPath, r.Lock, 0o644); err != nil {
				return err
			}
		}
	}
	old, err := os.ReadFile(r.OutputPath)
	exists := err == nil
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	switch {
	case r.Content == nil && exists:
		return os.Remove(r.OutputPath)
	case r.Content == nil, exists && bytes.Equal(old, r.Content):
		return nil
	}
	return os.WriteFile(r.OutputPath, r.Content, 0o644)
}

// checkFile says how a package's generated file (or its lock) differs from
// what toolgen would write, "" when it does not.
func checkFile(r generator.Result) string {
	r.LockPath, r.OutputPath = relative(r.LockPath), relative(r.OutputPath)
	if r.Lock != nil {
		if old, err := os.ReadFile(r.LockPath); err != nil {
			return r.LockPath + ": missing"
		} else if !bytes.Equal(old, r.Lock) {
			return r.LockPath + ": stale"
		}
	}
	old, err := os.ReadFile(r.OutputPath)
	exists := err == nil
	switch {
	case r.Content == nil && exists:
		return r.OutputPath + ": no longer needed (the package has no tools and no enums)"
	case r.Content == nil:
		return ""
	case !exists:
		return r.OutputPath + ": missing"
	case !bytes.Equal(old, r.Content):
		return r.OutputPath + ": stale"
	}
	return ""
}

// relative names a file from the current directory, when it is under it,
// as toolgen's diagnostics name theirs.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil || path == "" {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// jsonTool is one element of -json's output: the tool's metadata as the
// lock writes it (generator.MetaJSON), and its schemas as their exact
// bytes.
type jsonTool struct {
	Package string `json:"package"`
	generator.MetaJSON
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}

func jsonTools(r generator.Result) []jsonTool {
	var out []jsonTool
	if r.Package == nil {
		return nil
	}
	for _, l := range r.Package.Lists {
		for _, t := range l.Tools {
			out = append(out, jsonTool{Package: r.PkgPath, MetaJSON: generator.NewMetaJSON(&t.Meta),
				InputSchema: t.InputSchema, OutputSchema: t.OutputSchema})
		}
	}
	return out
}
