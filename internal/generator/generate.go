package generator

import (
	"context"
	"errors"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
)

// A Result is the outcome of generating one package.
type Result struct {
	PkgPath string
	// OutputPath is where the generated file goes: GeneratedFile in the
	// package's directory.
	OutputPath string
	// Content is the generated file, nil when the package has nothing to
	// generate, does not load, or has a diagnostic that blocks it (see
	// analyzer.Package.Blocked). With diagnostics that only refuse some
	// tools, Content has the others and Errs the diagnostics.
	Content []byte
	// Package is what the front end found; nil when the package did not
	// load.
	Package *analyzer.Package
	// Errs are the package's load errors and diagnostics, each formatted
	// as "file:line:col: OLTnnn: message" (positions relative to the
	// directory Generate ran in).
	Errs []error
	// LockPath is where the package's revision lock goes (LockFile beside
	// the generated file); Lock is its content, nil when the package has
	// no lock and none was asked for. A tool whose contract changed under
	// an unchanged version keeps its old entry, and is an OLT029 error in
	// Errs.
	LockPath string
	Lock     []byte
}

// Options tunes Generate.
type Options struct {
	// Dir is the directory the patterns are relative to ("" for the
	// current one).
	Dir string
	// Env is the environment of the go command (nil: the process's).
	Env []string
	// Tags are build tags.
	Tags []string
	// NoDocs leaves doc comments out of descriptions.
	NoDocs bool
	// Lock makes a revision lock for packages that have none (a package
	// that has one always gets it updated).
	Lock bool
	// ModuleRelative writes the positions in Errs relative to each
	// package's module root instead of Dir: go generate runs toolgen in
	// each package's directory, and go vet, run from the module root,
	// names files from there.
	ModuleRelative bool
}

// Generate loads the packages matching patterns and returns the generated
// file of each, in package path order. The error is for a failure to load
// at all; a package's own problems are in its Result.
func Generate(ctx context.Context, opts *Options, patterns ...string) ([]Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	cfg := &packages.Config{
		Context: ctx,
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule,
		Dir:     opts.Dir,
		Env:     opts.Env,
	}
	if len(opts.Tags) > 0 {
		cfg.BuildFlags = []string{"-tags=" + strings.Join(opts.Tags, ",")}
	}
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if overlay := staleOverlay(pkgs); len(overlay) > 0 {
		// A package with errors has a generated file, which may be stale
		// (a tool renamed or removed, code of another runtime version):
		// load again without it. The package's own uses of the names it
		// declares are then errors that generating fixes.
		cfg.Overlay = overlay
		if again, err := packages.Load(cfg, patterns...); err == nil && !anyErrors(again, refersToGenerated) {
			pkgs = again
		}
	}
	slices.SortFunc(pkgs, func(a, b *packages.Package) int { return strings.Compare(a.PkgPath, b.PkgPath) })
	base := opts.Dir
	if abs, err := filepath.Abs(base); err == nil {
		base = abs
	}
	var results []Result
	for _, pkg := range pkgs {
		b := base
		if opts.ModuleRelative && pkg.Module != nil && pkg.Module.Dir != "" {
			b = pkg.Module.Dir
		}
		results = append(results, generate(pkg, b, opts))
	}
	return results, nil
}

// staleOverlay returns an overlay that empties the generated file of every
// package that failed to load, nil when there is none.
func staleOverlay(pkgs []*packages.Package) map[string][]byte {
	var overlay map[string][]byte
	for _, p := range pkgs {
		if len(p.Errors) == 0 {
			continue
		}
		for _, f := range p.GoFiles {
			if filepath.Base(f) == analyzer.GeneratedFile {
				if overlay == nil {
					overlay = map[string][]byte{}
				}
				overlay[f] = []byte("package " + p.Name + "\n")
			}
		}
	}
	return overlay
}

// generatedName matches the type errors of code that uses a name the
// generated file declares.
var generatedName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^undefined: (` + analyzer.ListName + `|_toolgen_\w+)$|has no field or method (` + analyzer.ListName + `|` + schema.EnumMethod + `)\b`)
})

// refersToGenerated reports whether an error (a type checker's message, or
// the compiler's output that go list relays, one error a line after a
// "# package" line) is only about names the generated file declares.
func refersToGenerated(msg string) bool {
	found := false
	for line := range strings.Lines(msg) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "# ") {
			continue
		}
		if m := compilerPos().FindStringIndex(line); m != nil {
			line = line[m[1]:]
		}
		if !generatedName().MatchString(line) {
			return false
		}
		found = true
	}
	return found
}

// compilerPos matches the position that starts a compiler error line.
var compilerPos = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\S+:\d+:\d+: `) })

// anyErrors reports whether a package of pkgs has an error that ignore
// does not take.
func anyErrors(pkgs []*packages.Package, ignore func(msg string) bool) bool {
	for _, p := range pkgs {
		for _, e := range p.Errors {
			if !ignore(e.Msg) {
				return true
			}
		}
	}
	return false
}

func generate(pkg *packages.Package, base string, opts *Options) Result {
	r := Result{PkgPath: pkg.PkgPath}
	if len(pkg.GoFiles) > 0 {
		r.OutputPath = filepath.Join(filepath.Dir(pkg.GoFiles[0]), analyzer.GeneratedFile)
	}
	for _, e := range pkg.Errors {
		if refersToGenerated(e.Msg) {
			// Code that uses the tool lists or enum methods before they
			// were first generated: what toolgen is about to write.
			continue
		}
		r.Errs = append(r.Errs, fmt.Errorf("%s", e))
	}
	if len(r.Errs) > 0 && r.OutputPath != "" && slices.Contains(pkg.GoFiles, r.OutputPath) {
		r.Errs = append(r.Errs, fmt.Errorf("%s: the package does not compile, even without this generated file; fix the errors above and run toolgen again", r.OutputPath))
	}
	if len(r.Errs) > 0 || pkg.Types == nil {
		return r
	}
	sizes := pkg.TypesSizes
	if sizes == nil {
		sizes = types.SizesFor("gc", runtime.GOARCH)
	}
	p := analyzer.Inspect(pkg.Fset, pkg.Syntax, pkg.Types, pkg.TypesInfo, &analyzer.Config{Sizes: sizes, NoDocs: opts.NoDocs, Foreign: ForeignOf(pkg)})
	r.Package = p
	for _, d := range p.Diags {
		pos := pkg.Fset.Position(d.Pos)
		if rel, err := filepath.Rel(base, pos.Filename); err == nil {
			pos.Filename = rel
		}
		r.Errs = append(r.Errs, fmt.Errorf("%s: %s", pos, d))
	}
	if p.Blocked() {
		return r
	}
	content, err := File(p, pkg.Types)
	if err != nil {
		r.Errs = append(r.Errs, err)
		return r
	}
	r.Content = content
	if r.OutputPath != "" {
		if err := lockOf(&r, pkg, base, opts); err != nil {
			r.Errs = append(r.Errs, err)
		}
	}
	return r
}

// lockOf updates the package's revision lock, if it has one or one is
// asked for, reporting each tool whose contract drifted (OLT029).
func lockOf(r *Result, pkg *packages.Package, base string, opts *Options) error {
	r.LockPath = filepath.Join(filepath.Dir(r.OutputPath), LockFile)
	var old *Lock
	switch b, err := os.ReadFile(r.LockPath); {
	case err == nil:
		if old, err = ParseLock(b); err != nil {
			return fmt.Errorf("%s: %v", r.LockPath, err)
		}
	case !errors.Is(err, os.ErrNotExist):
		return err
	case !opts.Lock:
		return nil
	}
	l, drifts, err := UpdateLock(old, r.Package)
	if err != nil {
		return fmt.Errorf("%s: %v", r.LockPath, err)
	}
	if r.Lock, err = l.Marshal(); err != nil {
		return err
	}
	for _, d := range drifts {
		pos := pkg.Fset.Position(d.Tool.Directive.Pos())
		if rel, err := filepath.Rel(base, pos.Filename); err == nil {
			pos.Filename = rel
		}
		r.Errs = append(r.Errs, fmt.Errorf("%s: %s: %s", pos, schema.OLT029, d.Message()))
	}
	return nil
}
