package olt_test

import (
	"flag"
	"fmt"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/olt"
	"github.com/toolschema/toolschema/olt/internal/ruledoc"
)

// rule returns the analyzer of one rule from a configuration.
func rule(t *testing.T, cfg olt.Config, id string) *analysis.Analyzer {
	t.Helper()
	as, err := olt.NewAnalyzers(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Name == id {
			return a
		}
	}
	t.Fatalf("no analyzer %s", id)
	return nil
}

// TestRules runs each rule's analyzer on its testdata package: every
// diagnostic at its position (the // want comments), and the suggested
// fixes against the .golden files.
func TestRules(t *testing.T) {
	quality := olt.Config{Quality: true}
	strict := olt.Config{Providers: []string{"openai", "anthropic", "gemini"}}
	tests := []struct {
		id       string
		cfg      olt.Config
		patterns []string
		fixes    bool
	}{
		{id: "OLT001", patterns: []string{"olt001"}},
		{id: "OLT002", patterns: []string{"olt002"}},
		{id: "OLT003", patterns: []string{"olt003"}},
		{id: "OLT004", patterns: []string{"olt004"}},
		{id: "OLT005", patterns: []string{"olt005"}},
		{id: "OLT006", patterns: []string{"olt006"}},
		{id: "OLT007", patterns: []string{"olt007"}},
		{id: "OLT008", patterns: []string{"olt008", "dropin"}, fixes: true},
		{id: "OLT009", patterns: []string{"olt009", "dropin"}, fixes: true},
		{id: "OLT010", patterns: []string{"olt010"}},
		{id: "OLT011", patterns: []string{"olt011"}, fixes: true},
		{id: "OLT012", patterns: []string{"olt012"}, fixes: true},
		{id: "OLT013", patterns: []string{"olt013", "olt013fix", "olt013slip"}, fixes: true},
		{id: "OLT014", patterns: []string{"olt014/missing", "olt014/missinggen", "olt014/stale", "olt014/stalegen", "olt014/unneeded",
			// Schemas made by reflection from enum types without their
			// generated values, across packages.
			"olt014/enumcalls", "olt014/enumsev", "olt014/enumfresh", "olt014/enumstale", "olt014/enumwrap", "olt014/enumtool"}},
		{id: "OLT015", cfg: strict, patterns: []string{"olt015"}},
		{id: "OLT015", cfg: olt.Config{Providers: []string{"openai:nonstrict", "Anthropic:non-strict"}}, patterns: []string{"olt015nonstrict"}},
		{id: "OLT015", cfg: olt.Config{Providers: []string{"anthropic"}}, patterns: []string{"olt015unions"}},
		{id: "OLT015", cfg: olt.Config{Providers: []string{"anthropic"}}, patterns: []string{"olt015items"}},
		{id: "OLT015", cfg: olt.Config{Providers: []string{"openai"}}, patterns: []string{"olt015limits"}},
		{id: "OLT016", cfg: quality, patterns: []string{"olt016"}},
		{id: "OLT017", cfg: quality, patterns: []string{"olt017"}},
		{id: "OLT018", cfg: quality, patterns: []string{"olt018"}},
		{id: "OLT019", cfg: quality, patterns: []string{"olt019"}},
		{id: "OLT020", patterns: []string{"olt020", "olt020mode"}, fixes: true},
		{id: "OLT021", patterns: []string{"olt021"}},
		{id: "OLT022", cfg: olt.Config{Migrate: true}, patterns: []string{"olt022", "olt022mode", "olt022dropin", "olt022shared"}, fixes: true},
		{id: "OLT023", patterns: []string{"olt023"}},
		{id: "OLT030", patterns: []string{"olt030"}},
		{id: "OLT031", patterns: []string{"olt031"}},
		{id: "OLT032", patterns: []string{"olt032"}},
		{id: "OLT033", patterns: []string{"olt033"}},
		{id: "OLT034", patterns: []string{"olt034"}},
		// The types of the drop-ins' calls and of reflectimpl.Create, in
		// a package without tools.
		{id: "OLT011", patterns: []string{"dropin", "dropintool", "dropinbig"}, fixes: true},
		{id: "OLT002", patterns: []string{"dropin", "dropinwrap", "dropinbig", "dropinmap"}},
		{id: "OLT003", patterns: []string{"dropin", "dropinwrap", "dropinbig"}},
		{id: "OLT020", patterns: []string{"dropin", "dropinwrap"}, fixes: true},
		{id: "OLT025", patterns: []string{"olt025"}, fixes: true},
		{id: "OLT026", cfg: quality, patterns: []string{"olt026"}, fixes: true},
		{id: "OLT027", cfg: quality, patterns: []string{"olt027"}},
		{id: "OLT028", cfg: quality, patterns: []string{"olt028"}, fixes: true},
		// The lock is read by the driver's reader.
		{id: "OLT029", cfg: olt.Config{ReadLock: os.ReadFile}, patterns: []string{"olt029"}, fixes: true},
	}
	// One load for all the rules (see shared_test.go). Only the rules
	// marked fixes offer fixes, and their packages have .golden files,
	// which RunWithSuggestedFixes compares; a fix from another rule would
	// be reported as a file without its .golden.
	var runs []ruleRun
	for _, tt := range tests {
		runs = append(runs, ruleRun{tt.id, tt.cfg, tt.patterns})
	}
	a, patterns := combined(t, runs)
	byRule := diagnosticsBy(analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), a, patterns...))
	fixed := map[string]bool{}
	for _, tt := range tests {
		n := 0
		for _, d := range byRule[tt.id] {
			n += len(d.SuggestedFixes)
		}
		switch {
		case tt.fixes && n == 0:
			// The golden file is compared only when there are fixes.
			t.Errorf("%s offered no suggested fix", tt.id)
		case !tt.fixes && n > 0:
			t.Errorf("%s offered %d suggested fixes: mark it fixes and add the .golden files", tt.id, n)
		}
		fixed[tt.id] = fixed[tt.id] || n > 0
	}
	// A rule's declaration says whether it offers fixes: those that
	// offered some here, and only those.
	for _, r := range schema.Catalog() {
		if got := olt.RuleFixes(r.ID); got != fixed[string(r.ID)] {
			t.Errorf("%s is declared with fixes %v; its tests offered fixes: %v", r.ID, got, fixed[string(r.ID)])
		}
	}
}

// analyze runs the rules (with the core) over loaded packages and returns
// the diagnostics, each as "file:line:col: message".
func analyze(t *testing.T, pkgs []*packages.Package, rules ...*analysis.Analyzer) []string {
	t.Helper()
	graph, err := checker.Analyze(append([]*analysis.Analyzer{olt.Core}, rules...), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		// Each package has tools: a core that found nothing would make
		// "no diagnostic" prove nothing.
		if r, ok := act.Result.(*olt.Result); ok && act.Analyzer == olt.Core &&
			(r.Package == nil || len(r.Package.Tools)+len(r.Package.Diags) == 0) {
			t.Errorf("%s: the core found no tool", act.Package.ID)
		}
		for _, d := range act.Diagnostics {
			out = append(out, act.Package.Fset.Position(d.Pos).String()+": "+d.Message)
		}
	}
	return out
}

// TestSDKHandlerAlone reproduces the fault of a go-sdk handler marked as
// a tool, which was reported field by field through the SDK's request
// (OLT002 for its functions, OLT005 for its maps with JSON forms of their
// own) and as three results (OLT003), before the real problem: now OLT030
// is the only diagnostic.
func TestSDKHandlerAlone(t *testing.T) {
	var rules []*analysis.Analyzer
	for _, id := range []string{"OLT002", "OLT003", "OLT005", "OLT009", "OLT011"} {
		rules = append(rules, rule(t, olt.Config{}, id))
	}
	for _, d := range analyze(t, shared(t, "olt030"), rules...) {
		t.Errorf("reported on a go-sdk handler: %s", d)
	}
}

// TestOffByDefault checks that the provider and quality rules report
// nothing unless asked for.
func TestOffByDefault(t *testing.T) {
	var rules []*analysis.Analyzer
	for _, id := range []string{"OLT015", "OLT016", "OLT017", "OLT018", "OLT026", "OLT027", "OLT028"} {
		rules = append(rules, rule(t, olt.Config{}, id))
	}
	for _, d := range analyze(t, shared(t, "olt015", "olt016", "olt017", "olt018", "olt026", "olt027", "olt028"), rules...) {
		t.Errorf("reported while off: %s", d)
	}
}

// TestMigrateOff checks that OLT022 reports nothing on the types of the
// drop-ins' calls (and of a tool that shares one) unless it is turned on,
// and that the same packages have something to report when it is.
func TestMigrateOff(t *testing.T) {
	pkgs := shared(t, "olt022dropin", "olt022shared")
	for _, on := range []bool{false, true} {
		graph, err := checker.Analyze([]*analysis.Analyzer{rule(t, olt.Config{Migrate: on}, "OLT022")}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, act := range graph.Roots {
			if act.Err != nil {
				t.Errorf("%s: %v", act, act.Err)
			}
			for _, d := range act.Diagnostics {
				got = append(got, act.Package.Fset.Position(d.Pos).String()+": "+d.Message)
			}
		}
		switch {
		case !on && len(got) > 0:
			t.Errorf("reported while off:\n%s", strings.Join(got, "\n"))
		case on && len(got) == 0:
			t.Error("reported nothing while on: the test proves nothing")
		}
	}
}

// TestCleanCorpus runs every rule with its default configuration over the
// parity corpus (and the generator's testdata), which follow the contract
// and have fresh generated files: no diagnostic but the warnings the
// corpus asks for on purpose (OLT020: descriptions written with unescaped
// commas, as real code for invopop/jsonschema has them, and an mcp-go tag
// with a space after its comma), each of them.
func TestCleanCorpus(t *testing.T) {
	// The dependencies' types come from export data (compiled without
	// -race, shared with go build and go vet), rather than type-checked
	// from source in this process, but for the module's own packages
	// whose field comments and enum values the tools use: the analyzers
	// learn those from the facts they export on each, from its syntax,
	// as go vet runs them on every dependency.
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: true}
	pkgs, err := packages.Load(cfg, "../internal/corpus", "../internal/corpus/fromtags", "../internal/generator/testdata/basic", "../internal/generator/testdata/imports", "../internal/generator/testdata/imports/shapes", "../internal/generator/testdata/shadow", "../internal/generator/testdata/enumsonly")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the packages do not load")
	}
	graph, err := checker.Analyze(append([]*analysis.Analyzer{olt.Core}, olt.Analyzers...), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	warnings := map[string]int{} // by file
	for act := range graph.All() {
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			if strings.HasPrefix(d.Message, "OLT020: warning: field ") && strings.Contains(d.Message, "unescaped comma") && len(d.SuggestedFixes) == 1 {
				warnings[filepath.Base(pos.Filename)]++
				continue
			}
			if strings.HasPrefix(d.Message, "OLT020: warning: field ") && strings.Contains(d.Message, "not mark3labs/mcp-go's form") && len(d.SuggestedFixes) == 1 {
				warnings[filepath.Base(pos.Filename)+" (mcp-go)"]++
				continue
			}
			t.Errorf("%s: %s", pos, d.Message)
		}
		if r, ok := act.Result.(*olt.Result); ok && act.Analyzer == olt.Core && r.Package != nil {
			n += len(r.Package.Tools)
		}
	}
	if n < 74 {
		t.Errorf("the core saw %d tools, want the corpus's 74 and more", n)
	}
	// The descriptions with unescaped commas of peers.go and fromtags.go,
	// and the ambiguous mcp-go tag of peers.go.
	if want := map[string]int{"peers.go": 11, "fromtags.go": 12, "peers.go (mcp-go)": 1}; fmt.Sprint(warnings) != fmt.Sprint(want) {
		t.Errorf("warnings by file %v, want %v", warnings, want)
	}
}

var update = flag.Bool("update", false, "rewrite the rule table of docs/diagnostics.md and the rule sections of analyzers.txt")

// TestDocs checks that the texts of each rule cannot drift: the
// catalog's title and default, the rule's declaration beside its check
// (its fixes, its flags), its section of analyzers.txt (the analyzer's Doc,
// made from its section of docs/diagnostics.md: TestAnalyzersDoc) and its section and
// table row in docs/diagnostics.md. The table is made
// from the catalog and the declarations (-update rewrites it); the
// sentences that list the rules off by default are made from the catalog;
// every section of a rule off by default names the flag that turns it on,
// and no rule on by default has such a flag.
func TestDocs(t *testing.T) {
	rules := schema.Catalog()
	if len(olt.Analyzers) != len(rules) {
		t.Fatalf("%d analyzers, %d rules in the catalog", len(olt.Analyzers), len(rules))
	}
	for i, a := range olt.Analyzers {
		r := rules[i]
		if a.Name != string(r.ID) {
			t.Fatalf("analyzer %d is %s, want %s", i, a.Name, r.ID)
		}
		if first, _, _ := strings.Cut(a.Doc, "\n"); first != r.Title {
			t.Errorf("%s: doc summary %q, catalog title %q", r.ID, first, r.Title)
		}
	}
	const mdPath = "../docs/diagnostics.md"
	b, err := os.ReadFile(mdPath)
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)

	// The table, made from the catalog and the declarations.
	var table strings.Builder
	table.WriteString("| ID | Default | Fixes | Rule |\n|---|---|---|---|\n")
	var off []schema.ID
	for _, r := range rules {
		id := string(r.ID)
		def, fixes := "on", "no"
		if !r.Default {
			def = "off"
			off = append(off, r.ID)
		}
		if olt.RuleFixes(r.ID) {
			fixes = "yes"
		}
		fmt.Fprintf(&table, "| [%s](#%s) | %s | %s | %s |\n", id, strings.ToLower(id), def, fixes, r.Title)
	}
	start := strings.Index(md, "\n| ID | Default |")
	end := -1
	if start >= 0 {
		end = strings.Index(md[start+1:], "\n\n")
	}
	if start < 0 || end < 0 {
		t.Fatalf("%s has no rule table (a line starting | ID | Default |)", mdPath)
	}
	end += start + 2
	if got := md[start+1 : end]; got != table.String() {
		if *update {
			md = md[:start+1] + table.String() + md[end:]
			if err := os.WriteFile(mdPath, []byte(md), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("%s's rule table is not the catalog's and the rules' declarations (go test -update rewrites it):\n%s\nwant:\n%s", mdPath, got, table.String())
		}
	}

	// The rules off by default, as doc.go and the page list them.
	list := idRanges(off)
	docGo, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	if want := "The rules " + list + " are off unless asked for"; !strings.Contains(strings.Join(strings.Fields(string(docGo)), " "), want) {
		t.Errorf("doc.go does not say %q", want)
	}
	if want := list + " are off by default"; !strings.Contains(strings.Join(strings.Fields(md), " "), want) {
		t.Errorf("%s does not say %q", mdPath, want)
	}

	for i, r := range rules {
		id := string(r.ID)
		section, ok := mdSection(md, id)
		if !ok {
			t.Errorf("%s has no section ## %s", mdPath, id)
			continue
		}
		flags := olt.RuleFlags(r.ID)
		if r.Default != (len(flags) == 0) {
			t.Errorf("%s: on by default %v, and its analyzer has the flags %q: a rule off by default has the flag that turns it on, and only it", id, r.Default, flags)
		}
		for _, f := range flags {
			name := "-" + id + "." + f
			if !strings.Contains(olt.Analyzers[i].Doc, name) {
				t.Errorf("%s: analyzers.txt's section does not name %s", id, name)
			}
			if !strings.Contains(section, name) {
				t.Errorf("%s: the section of %s does not name %s", id, mdPath, name)
			}
		}
	}
}

// TestAnalyzersDoc checks that the rules' sections of analyzers.txt, which
// become the rule analyzers' Doc, are made from docs/diagnostics.md
// (-update rewrites analyzers.txt). (They are not in the package doc,
// which apisurface's TestDocFitsOneScreen keeps to a screen.)
func TestAnalyzersDoc(t *testing.T) {
	md, err := os.ReadFile("../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile("analyzers.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := ruledoc.Doc(text, md, schema.Catalog())
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != string(want) {
		if *update {
			if err := os.WriteFile("analyzers.txt", want, 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("analyzers.txt's rule sections are not made from docs/diagnostics.md: edit the rule's section there, not analyzers.txt, and run go test ./olt -run TestAnalyzersDoc -update to rewrite analyzers.txt; the first difference:\n%s", firstDiff(string(text), string(want)))
		}
	}
}

// firstDiff returns the first line where got and want differ, with its
// number.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("analyzers.txt:%d: %q\nwant: %q", i+1, gl, wl)
		}
	}
	return ""
}

// mdSection returns the text of the "## id" section of a markdown page.
func mdSection(md, id string) (string, bool) {
	i := strings.Index(md, "\n## "+id+"\n")
	if i < 0 {
		return "", false
	}
	rest := md[i+len(id)+5:]
	if j := strings.Index(rest, "\n## "); j >= 0 {
		rest = rest[:j]
	}
	return rest, true
}

// idRanges writes rule IDs in order as prose: runs of consecutive numbers
// as "OLT015 to OLT019", joined with commas and a final "and".
func idRanges(ids []schema.ID) string {
	num := func(id schema.ID) int {
		n, _ := strconv.Atoi(strings.TrimPrefix(string(id), "OLT"))
		return n
	}
	var parts []string
	for i := 0; i < len(ids); {
		j := i
		for j+1 < len(ids) && num(ids[j+1]) == num(ids[j])+1 {
			j++
		}
		if j > i {
			parts = append(parts, string(ids[i])+" to "+string(ids[j]))
		} else {
			parts = append(parts, string(ids[i]))
		}
		i = j + 1
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// TestWordSize checks that a generated file made where int has 64 bits is
// fresh there and, checked for a 32-bit GOARCH, reported as made for the
// other word size rather than as merely stale.
//
// The package is loaded once, for amd64; the 386 check gives the rules the
// sizes of 386 (what a load for GOARCH=386 differs in, for this package:
// the analyzer reads the word size from the pass's sizes only).
func TestWordSize(t *testing.T) {
	a := rule(t, olt.Config{}, "OLT014")
	pkgs := shared(t, "olt014/wordsize")
	for _, arch := range []string{"amd64", "386"} {
		t.Run(arch, func(t *testing.T) {
			sizes := types.SizesFor("gc", arch)
			for _, p := range pkgs {
				old := p.TypesSizes
				p.TypesSizes = sizes
				defer func() { p.TypesSizes = old }()
			}
			msgs := analyze(t, pkgs, a)
			want := 0
			if arch == "386" {
				want = 1
			}
			if len(msgs) != want {
				t.Fatalf("GOARCH=%s: %d diagnostics %q, want %d", arch, len(msgs), msgs, want)
			}
			if want == 1 && !strings.Contains(msgs[0], "generated where int has 64 bits; here it has 32") {
				t.Errorf("GOARCH=386: %s", msgs[0])
			}
		})
	}
}

// TestCheckProviders checks the spellings NewAnalyzers (and
// -OLT015.providers) takes.
func TestCheckProviders(t *testing.T) {
	tests := []struct {
		names []string
		ok    bool
	}{
		{[]string{"openai", "anthropic", "gemini"}, true},
		{[]string{" OpenAI ", "anthropic:strict", "gemini:nonstrict", "openai:non-strict"}, true},
		{[]string{"openai:loose"}, false},
		{[]string{"mistral"}, false},
		{[]string{""}, false},
	}
	for _, tt := range tests {
		as, err := olt.NewAnalyzers(olt.Config{Providers: tt.names})
		if (err == nil) != tt.ok || (err == nil) != (len(as) > 0) {
			t.Errorf("%q: %v", tt.names, err)
		}
		if err != nil && !strings.Contains(err.Error(), "with :strict or :nonstrict") {
			t.Errorf("%q: the error does not say the spellings: %v", tt.names, err)
		}
	}
}

// TestSectionsCRLF: analyzers.txt checked out with CRLF line ends (git's
// autocrlf on Windows) gives each analyzer the Doc it has with LF, where
// every name kept its \r and the package panicked at init.
func TestSectionsCRLF(t *testing.T) {
	lf, err := os.ReadFile("analyzers.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := olt.SplitSections(string(lf))
	got := olt.SplitSections(strings.ReplaceAll(string(lf), "\n", "\r\n"))
	if len(want) != len(olt.Analyzers)+3 || !maps.Equal(got, want) {
		t.Errorf("%d sections with CRLF, %d with LF, %d rule analyzers and the three they require", len(got), len(want), len(olt.Analyzers))
	}
}
