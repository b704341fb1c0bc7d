// Package olt is the go/analysis face of the contract: one core analyzer
// that runs the static front end on a package, and one analyzer per rule
// (OLT001 and on) that reports that rule's diagnostics, so that each can
// be enabled or disabled on its own (-OLT011=false).
package olt

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/schema"
)

//go:embed doc.go
var doc string

// DocsURL is the page with one section per rule; a diagnostic's URL is the
// rule's section.
const DocsURL = "https://github.com/toolschema/toolschema/blob/main/docs/diagnostics.md"

// Core runs the front end and the check of the generated code; the rule
// analyzers report from its result. It reports nothing itself.
var Core = &analysis.Analyzer{
	Name:       "toolschema",
	Doc:        section("toolschema"),
	URL:        DocsURL,
	Run:        runCore,
	ResultType: reflect.TypeFor[*Result](),
	Requires:   []*analysis.Analyzer{Facts, Enums},
}

// Result is what the core found in one package.
type Result struct {
	// Package is the front end's result; nil for a package without
	// directives or generated code, which the core does not inspect.
	Package *analyzer.Package
	// Diags are the front end's diagnostics and those of the package's
	// schemas made by reflection, in any package (see Enums): OLT014's
	// for enum types without their generated values, and the rules of a
	// tool's types for the types of the drop-ins' calls
	// (mcpserver.AddTool, adapters/mcpgo's) and of reflectimpl.Create.
	Diags []*analyzer.Diagnostic
}

// Config sets the checks that are off unless asked for.
type Config struct {
	// Providers lists the providers whose mode OLT015 checks: "openai",
	// "anthropic", "gemini" for their strict modes, "openai:nonstrict"
	// (or ":non-strict") for a non-strict one.
	Providers []string
	// Quality turns on the contract-quality checks OLT016 to OLT019 and
	// the execution-policy checks OLT026 to OLT028.
	Quality bool
	// Migrate turns on OLT022, whose fixes rewrite the peers' tags into the
	// native ones.
	Migrate bool
	// NoIDPrefix leaves the rule's ID out of messages, for drivers that
	// print the analyzer's name (the ID) before them, as golangci-lint does.
	NoIDPrefix bool
}

// Analyzers are the rule analyzers with the default configuration (their
// flags can change it): one per rule of the catalog, in order.
var Analyzers = NewAnalyzers(Config{})

// NewAnalyzers returns the rule analyzers with cfg as their configuration
// (and the default of their flags).
func NewAnalyzers(cfg Config) []*analysis.Analyzer {
	var as []*analysis.Analyzer
	for _, r := range schema.Catalog() {
		as = append(as, newRule(r, cfg))
	}
	return as
}

func newRule(r schema.Rule, cfg Config) *analysis.Analyzer {
	id := string(r.ID)
	a := &analysis.Analyzer{
		Name:     id,
		Doc:      section(id),
		URL:      DocsURL,
		Requires: []*analysis.Analyzer{Core},
	}
	rule := &ruleRun{id: r.ID, cfg: cfg}
	switch r.ID {
	case schema.OLT015:
		rule.providers = strings.Join(cfg.Providers, ",")
		a.Flags.StringVar(&rule.providers, "providers", rule.providers, "comma-separated providers whose mode to check: openai, anthropic (their strict modes), gemini (its one mode), or name:nonstrict")
	case schema.OLT016, schema.OLT017, schema.OLT018, schema.OLT019, schema.OLT026, schema.OLT027, schema.OLT028:
		rule.enabled = cfg.Quality
		a.Flags.BoolVar(&rule.enabled, "enable", rule.enabled, "report this contract-quality check")
	case schema.OLT022:
		rule.enabled = cfg.Migrate
		a.Flags.BoolVar(&rule.enabled, "enable", rule.enabled, "report the peers' tags that have native forms, with fixes that rewrite them")
	}
	a.Run = rule.run
	return a
}

// section returns the text of one "# Analyzer NAME" section of doc.go.
func section(name string) string {
	text, ok := sections()[name]
	if !ok {
		panic("olt: no section for " + name + " in doc.go")
	}
	return text
}

// sections splits doc.go's comment into its "# Analyzer NAME" sections,
// once, without the "NAME: " that starts each.
var sections = sync.OnceValue(func() map[string]string {
	text := doc
	if i := strings.Index(text, "/*"); i >= 0 {
		text = text[i+2:]
	}
	if i := strings.LastIndex(text, "*/"); i >= 0 {
		text = text[:i]
	}
	m := map[string]string{}
	for _, part := range strings.Split(text, "\n# ")[1:] {
		head, body, _ := strings.Cut(part, "\n")
		if name, ok := strings.CutPrefix(head, "Analyzer "); ok {
			m[name] = strings.TrimPrefix(strings.TrimSpace(body), name+": ")
		}
	}
	return m
})

// runCore inspects a package that has a directive or a generated file.
func runCore(pass *analysis.Pass) (any, error) {
	var files []*ast.File
	var generated *ast.File
	marked := false
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		if strings.HasSuffix(name, "_test.go") {
			continue // tools are declared outside tests, as toolgen reads them
		}
		files = append(files, f)
		if filepath.Base(name) == analyzer.GeneratedFile {
			generated = f
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				marked = marked || strings.HasPrefix(c.Text, analyzer.Directive)
			}
		}
	}
	enums := pass.ResultOf[Enums].([]*analyzer.Diagnostic)
	if !marked && generated == nil {
		return &Result{Diags: enums}, nil // the common case: a package without tools
	}
	foreign := pass.ResultOf[Facts].(*foreignFacts)
	p := analyzer.Inspect(pass.Fset, files, pass.Pkg, pass.TypesInfo, &analyzer.Config{Sizes: pass.TypesSizes, Foreign: foreign})
	// A type a tool and a drop-in's call share is the tool's to report.
	type at struct {
		pos token.Pos
		id  schema.ID
	}
	told := map[at]bool{}
	for _, d := range p.Diags {
		told[at{d.Pos, d.ID}] = true
	}
	res := &Result{Package: p, Diags: slices.Clip(p.Diags)}
	for _, d := range enums {
		if !told[at{d.Pos, d.ID}] {
			res.Diags = append(res.Diags, d)
		}
	}
	if !p.Blocked() {
		// In the test variant of a package too (go vet analyzes only that
		// one when there are tests in the package): the front end leaves
		// out what the _test.go files declare.
		if d := stale(pass, p, files, generated); d != nil {
			res.Diags = append(res.Diags, d)
		}
	}
	res.Diags = append(res.Diags, drifted(pass, p, files)...)
	return res, nil
}

// stale compares the package's generated file with what toolgen would
// write (OLT014).
func stale(pass *analysis.Pass, p *analyzer.Package, files []*ast.File, generated *ast.File) *analyzer.Diagnostic {
	want, err := generator.File(p, pass.Pkg)
	if err != nil {
		return nil
	}
	switch {
	case want == nil && generated == nil:
		return nil
	case want == nil && len(p.Diags) > 0:
		// Every tool is refused: toolgen leaves the file as it is.
		return nil
	case want == nil:
		return &analyzer.Diagnostic{Pos: generated.Package, End: generated.Name.End(), ID: schema.OLT014,
			Message: analyzer.GeneratedFile + " is no longer needed: the package has no tools and no enums; run toolgen to remove it"}
	case generated == nil:
		at := files[0].Name
		if len(p.Tools) > 0 {
			at = p.Tools[0].Decl.Name
		}
		return &analyzer.Diagnostic{Pos: at.Pos(), End: at.End(), ID: schema.OLT014,
			Message: "the generated tool code is missing: run go generate with //go:generate go tool toolgen, or toolgen, in this package"}
	}
	got, err := pass.ReadFile(pass.Fset.File(generated.Pos()).Name())
	if err != nil || string(got) == string(want) {
		return nil
	}
	// Made for the other word size? The ranges of int and uint differ.
	bits := 8 * pass.TypesSizes.Sizeof(types.Typ[types.Int])
	other, otherBits := types.SizesFor("gc", "386"), 32
	if bits == 32 {
		other, otherBits = types.SizesFor("gc", "amd64"), 64
	}
	foreign := pass.ResultOf[Facts].(*foreignFacts)
	if q := analyzer.Inspect(pass.Fset, files, pass.Pkg, pass.TypesInfo, &analyzer.Config{Sizes: other, Foreign: foreign}); !q.Blocked() {
		if w, err := generator.File(q, pass.Pkg); err == nil && string(w) == string(got) {
			return &analyzer.Diagnostic{Pos: generated.Package, End: generated.Name.End(), ID: schema.OLT014,
				Message: fmt.Sprintf("%s was generated where int has %d bits; here it has %d, and the ranges of int and uint in the schemas differ: "+
					"use sized integers (int32, int64) in tool types, so that the schemas are the same for every GOARCH", analyzer.GeneratedFile, otherBits, bits)}
		}
	}
	return &analyzer.Diagnostic{Pos: generated.Package, End: generated.Name.End(), ID: schema.OLT014,
		Message: analyzer.GeneratedFile + " is stale: the tools, their schemas or the enum values changed since it was generated; run go generate (or toolgen)"}
}

// ruleRun reports one rule.
type ruleRun struct {
	id        schema.ID
	cfg       Config
	providers string
	enabled   bool
}

func (r *ruleRun) run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[Core].(*Result)
	for _, d := range res.Diags {
		if d.ID == r.id {
			r.report(pass, d)
		}
	}
	if res.Package == nil || res.Package.Blocked() {
		return nil, nil
	}
	var found []*analyzer.Diagnostic
	switch {
	case r.id == schema.OLT015 && r.providers != "":
		names := strings.Split(r.providers, ",")
		if err := CheckProviders(names); err != nil {
			return nil, err
		}
		found = strictChecks(res.Package, names)
	case r.id == schema.OLT020:
		found = tagWarnings(res.Package)
	case r.enabled && r.id == schema.OLT022:
		found = append(migrations(res.Package), requiredFromTags(res.Package)...)
	case r.enabled:
		found = qualityChecks(res.Package, r.id)
	}
	for _, d := range found {
		r.report(pass, d)
	}
	return nil, nil
}

func (r *ruleRun) report(pass *analysis.Pass, d *analyzer.Diagnostic) {
	msg := d.Message
	if d.Warning {
		msg = "warning: " + msg
	}
	if !r.cfg.NoIDPrefix {
		msg = string(d.ID) + ": " + msg
	}
	diag := analysis.Diagnostic{
		Pos:      d.Pos,
		End:      d.End,
		Category: string(d.ID),
		Message:  msg,
		URL:      DocsURL + "#" + strings.ToLower(string(d.ID)),
	}
	if d.Fix != nil {
		fix := analysis.SuggestedFix{Message: d.Fix.Message}
		for _, e := range d.Fix.Edits {
			fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: e.Pos, End: e.End, NewText: []byte(e.NewText)})
		}
		diag.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	pass.Report(diag)
}
