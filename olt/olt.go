package olt

import (
	_ "embed"
	"flag"
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

// analyzersDoc holds each analyzer's Doc, a "# Analyzer NAME" section each.
//
//go:embed analyzers.txt
var analyzersDoc string

// docsURL is the page with one section per rule; a diagnostic's URL is the
// rule's section.
const docsURL = "https://github.com/toolschema/toolschema/blob/main/docs/diagnostics.md"

// coreAnalyzer runs the front end and the check of the generated code; the rule
// analyzers report from its result. It reports nothing itself.
var coreAnalyzer = &analysis.Analyzer{
	Name:       "toolschema",
	Doc:        section("toolschema"),
	URL:        docsURL,
	Run:        runCore,
	ResultType: reflect.TypeFor[*coreResult](),
	Requires:   []*analysis.Analyzer{factsAnalyzer, enumsAnalyzer},
}

// coreResult is what the core found in one package.
type coreResult struct {
	// Package is the front end's result; nil for a package without
	// directives or generated code, which the core does not inspect.
	Package *analyzer.Package
	// Diags are the front end's diagnostics and those of the package's
	// schemas made by reflection, in any package (see enumsAnalyzer): OLT014's
	// for enum types without their generated values, and the rules of a
	// tool's types for the types of the drop-ins' calls
	// (mcpserver.AddTool, adapters/mcpgo's) and of reflectimpl.Create.
	Diags []*analyzer.Diagnostic

	files []*ast.File // the package's files but its tests
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
	// ReadLock reads a package's revision lock for OLT029, given its file
	// name. The analysis framework gives an analyzer no access to a file
	// that is not Go, C, assembly or object code (Pass.ReadFile refuses
	// it, and the go command lists no other in OtherFiles), so the
	// driver decides: toolvet and the golangci-lint plugin, which run
	// where the package's files are on disk, pass os.ReadFile. Nil leaves
	// OLT029 to toolgen.
	ReadLock func(filename string) ([]byte, error)
}

// Analyzers are the rule analyzers with the default configuration (their
// flags can change it): one per rule of the catalog, in order.
var Analyzers, _ = NewAnalyzers(Config{})

// NewAnalyzers returns the rule analyzers with cfg as their configuration
// (and the default of their flags). The error names the first provider
// of cfg.Providers that OLT015 does not know (case and spaces aside): a
// provider is named alone (its strict mode), or with ":strict" or
// ":nonstrict".
func NewAnalyzers(cfg Config) ([]*analysis.Analyzer, error) {
	if err := checkProviders(cfg.Providers); err != nil {
		return nil, err
	}
	var as []*analysis.Analyzer
	for _, r := range schema.Catalog() {
		as = append(as, newRule(r, cfg))
	}
	return as, nil
}

func newRule(r schema.Rule, cfg Config) *analysis.Analyzer {
	id := string(r.ID)
	a := &analysis.Analyzer{
		Name:     id,
		Doc:      section(id),
		URL:      docsURL,
		Requires: []*analysis.Analyzer{coreAnalyzer},
	}
	run := &ruleRun{id: r.ID, cfg: cfg}
	if def := ruleDefs[r.ID]; def.setup != nil {
		run.check = def.setup(&a.Flags, cfg)
	}
	if f := a.Flags.Lookup("enable"); f != nil {
		run.enabled = f.Value.(flag.Getter)
	}
	a.Run = run.run
	return a
}

// coreRules are the rules whose diagnostics the core finds (the front end
// in internal/analyzer, and the checks of runCore and runEnums): their
// analyzers report them, with nothing of their own.
var coreRules = []ruleDef{
	{id: schema.OLT001}, {id: schema.OLT002}, {id: schema.OLT003}, {id: schema.OLT004},
	{id: schema.OLT005}, {id: schema.OLT006}, {id: schema.OLT007},
	{id: schema.OLT008, fixes: true}, {id: schema.OLT009, fixes: true}, {id: schema.OLT010},
	{id: schema.OLT011, fixes: true}, {id: schema.OLT012, fixes: true}, {id: schema.OLT013, fixes: true},
	{id: schema.OLT014}, {id: schema.OLT021}, {id: schema.OLT023}, {id: schema.OLT025, fixes: true},
	{id: schema.OLT030}, {id: schema.OLT034},
}

// section returns the text of one "# Analyzer NAME" section of
// analyzers.txt: a rule's is made from its section of docs/diagnostics.md
// (TestAnalyzersDoc).
func section(name string) string {
	text, ok := sections()[name]
	if !ok {
		panic("olt: no section for " + name + " in analyzers.txt")
	}
	return text
}

// sections splits analyzers.txt into its "# Analyzer NAME" sections, once.
var sections = sync.OnceValue(func() map[string]string { return splitSections(analyzersDoc) })

// splitSections returns the "# Analyzer NAME" sections of text by name,
// without the "NAME: " that starts each. A checkout that turned the
// file's line ends into CRLF (git's autocrlf) reads as one with LF.
func splitSections(text string) map[string]string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	m := map[string]string{}
	for _, part := range strings.Split(text, "\n# ")[1:] {
		head, body, _ := strings.Cut(part, "\n")
		if name, ok := strings.CutPrefix(head, "Analyzer "); ok {
			m[name] = strings.TrimPrefix(strings.TrimSpace(body), name+": ")
		}
	}
	return m
}

// runCore inspects a package that has a directive or a generated file.
func runCore(pass *analysis.Pass) (any, error) {
	var files []*ast.File
	var generated *ast.File
	marked := false
	for _, f := range pass.Files {
		name := pass.Fset.File(f.FileStart).Name()
		if strings.HasSuffix(name, "_test.go") {
			continue // tools are declared outside tests, as toolgen reads them
		}
		files = append(files, f)
		if filepath.Base(name) == analyzer.GeneratedFile {
			generated = f
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				// A slip of a directive too: the tool meant is reported.
				marked = marked || strings.HasPrefix(c.Text, analyzer.Directive) || analyzer.Slip(c.Text) != ""
			}
		}
	}
	enums := pass.ResultOf[enumsAnalyzer].([]*analyzer.Diagnostic)
	if !marked && generated == nil {
		return &coreResult{Diags: enums}, nil // the common case: a package without tools
	}
	foreign := pass.ResultOf[factsAnalyzer].(*foreignFacts)
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
	res := &coreResult{Package: p, Diags: slices.Clip(p.Diags)}
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
	res.files = files
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
			Message: "the generated tool code is missing: " + regenerate(files)}
	}
	got, err := pass.ReadFile(pass.Fset.File(generated.FileStart).Name())
	if err != nil || string(got) == string(want) {
		return nil
	}
	// Made for the other word size? The ranges of int and uint differ.
	bits := 8 * pass.TypesSizes.Sizeof(types.Typ[types.Int])
	other, otherBits := types.SizesFor("gc", "386"), 32
	if bits == 32 {
		other, otherBits = types.SizesFor("gc", "amd64"), 64
	}
	foreign := pass.ResultOf[factsAnalyzer].(*foreignFacts)
	if q := analyzer.Inspect(pass.Fset, files, pass.Pkg, pass.TypesInfo, &analyzer.Config{Sizes: other, Foreign: foreign}); !q.Blocked() {
		if w, err := generator.File(q, pass.Pkg); err == nil && string(w) == string(got) {
			return &analyzer.Diagnostic{Pos: generated.Package, End: generated.Name.End(), ID: schema.OLT014,
				Message: fmt.Sprintf("%s was generated where int has %d bits; here it has %d, and the ranges of int and uint in the schemas differ: "+
					"use sized integers (int32, int64) in tool types, so that the schemas are the same for every GOARCH", analyzer.GeneratedFile, otherBits, bits)}
		}
	}
	return &analyzer.Diagnostic{Pos: generated.Package, End: generated.Name.End(), ID: schema.OLT014,
		Message: analyzer.GeneratedFile + " is stale: the tools, their schemas or the enum values changed since it was generated; " + regenerate(files)}
}

// regenerate says how to write the package's generated file: by go
// generate, which does nothing in a package without a //go:generate line
// that runs toolgen; such a package is told to add one.
func regenerate(files []*ast.File) string {
	if generates(files) {
		return "run go generate in this package"
	}
	return "the package has no //go:generate line that runs toolgen; add //go:generate go tool toolgen and run go generate (or go tool toolgen in the package)"
}

// generates reports whether files have a //go:generate line that runs
// toolgen.
func generates(files []*ast.File) bool {
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//go:generate ") && strings.Contains(c.Text, "toolgen") {
					return true
				}
			}
		}
	}
	return false
}

// ruleRun reports one rule: the core's diagnostics with its ID, then
// what its own check finds; nothing while the rule is off.
type ruleRun struct {
	id    schema.ID
	cfg   Config
	check check // nil when the core's diagnostics are all
	// enabled is the -enable flag of a rule that is off by default (see
	// optIn); nil for one that is always on.
	enabled flag.Getter
}

func (r *ruleRun) run(pass *analysis.Pass) (any, error) {
	if r.enabled != nil && !r.enabled.Get().(bool) {
		return nil, nil
	}
	res := pass.ResultOf[coreAnalyzer].(*coreResult)
	var found []*analyzer.Diagnostic
	if res.Package != nil && r.check != nil {
		var err error
		if found, err = r.check(pass, res); err != nil {
			return nil, err
		}
	}
	// A type a tool and a drop-in's call share is the tool's to report:
	// a diagnostic of the core (the call's) where the check reports one
	// (the tool's) is left out.
	type at struct{ pos, end token.Pos }
	told := map[at]bool{}
	for _, d := range found {
		told[at{d.Pos, d.End}] = true
	}
	for _, d := range res.Diags {
		if d.ID == r.id && !told[at{d.Pos, d.End}] {
			r.report(pass, d)
		}
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
		URL:      docsURL + "#" + strings.ToLower(string(d.ID)),
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
