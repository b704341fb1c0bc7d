package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// A workspace is one go/packages load of the workspace's packages
// ("./..." in its folder) and all their dependencies, kept between edits:
// an edit re-parses and type-checks only the edited package and the
// workspace packages that depend on it, against the dependencies' types
// of the load.
type workspace struct {
	dir    string
	goroot string // the standard library's sources: parsed without bodies
	fset   *token.FileSet

	pkgs   map[string]*pkg // by ID
	byPath map[string]*pkg // by package path
	order  []*pkg          // dependencies before their dependents
	byFile map[string][]*pkg

	mu    sync.Mutex        // guards texts during the load's parallel parsing
	texts map[string][]byte // each parsed file's text, by file name

	// What the next run must do: type-check again (then analyze), or
	// analyze only, by package ID. What a cancelled run leaves undone
	// stays here.
	needCheck   map[string]bool
	needAnalyze map[string]bool

	// disk is what diskState found at the load: a client that cannot
	// watch files says nothing of a file toolgen writes, or one added or
	// removed on disk, so the server looks itself.
	disk string

	// unseen holds the Go files under dir that this load left out (in
	// another module, under testdata, excluded by a build constraint), by
	// their build constraints and package clause and the nested modules'
	// go.mod files above them (see unseenKey): an edit that changes none
	// cannot bring the file into a new load.
	unseen map[string]string

	// clauses holds the header (see header) of each file of the load as
	// loaded, once an edit has been checked.
	clauses map[string]clause

	// failed says that a load since this one failed: an import this one
	// lacks is then a type error, not a reason to load again.
	failed bool
}

// A pkg is one package of the load with its latest types.
type pkg struct {
	lp   *packages.Package
	root bool // a workspace package: the rules run, diagnostics are published
	std  bool // the standard library: no facts, never analyzed

	files    []*ast.File
	types    *types.Package
	info     *types.Info
	typeErrs []types.Error

	facts  map[factKey]analysis.Fact
	pfacts map[reflect.Type]analysis.Fact

	rdeps []*pkg // workspace packages that import this one directly

	diags []reported // the rules' diagnostics of the latest analysis (roots)
}

type factKey struct {
	obj types.Object
	t   reflect.Type
}

// reported is one diagnostic of a rule analyzer.
type reported struct {
	analyzer string
	d        analysis.Diagnostic
}

const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule

// load loads the workspace's packages from dir with the editor's unsaved
// texts as overlays.
func load(ctx context.Context, dir, goroot string, overlay map[string][]byte) (*workspace, error) {
	w := &workspace{
		dir: dir, goroot: goroot, fset: token.NewFileSet(),
		pkgs: map[string]*pkg{}, byPath: map[string]*pkg{}, byFile: map[string][]*pkg{},
		texts: map[string][]byte{}, needCheck: map[string]bool{}, needAnalyze: map[string]bool{},
		unseen: map[string]string{}, clauses: map[string]clause{},
	}
	cfg := &packages.Config{
		Mode:      loadMode,
		Context:   ctx,
		Dir:       dir,
		Fset:      w.fset,
		Overlay:   overlay,
		ParseFile: w.parseFile,
	}
	roots, err := packages.Load(cfg, patterns(ctx, dir)...)
	if err != nil {
		return nil, err
	}
	isRoot := map[*packages.Package]bool{}
	for _, r := range roots {
		isRoot[r] = true
	}
	packages.Visit(roots, nil, func(lp *packages.Package) {
		p := &pkg{lp: lp, root: isRoot[lp], std: w.isStd(lp),
			files: lp.Syntax, types: lp.Types, info: lp.TypesInfo}
		for _, e := range lp.TypeErrors {
			p.typeErrs = append(p.typeErrs, e)
		}
		w.pkgs[lp.ID] = p
		w.byPath[lp.PkgPath] = p
		w.order = append(w.order, p)
		for _, f := range lp.CompiledGoFiles {
			w.byFile[f] = append(w.byFile[f], p)
		}
	})
	for _, p := range w.order {
		if !p.root {
			continue
		}
		for _, ip := range p.lp.Imports {
			if q := w.pkgs[ip.ID]; q != nil {
				q.rdeps = append(q.rdeps, p)
			}
		}
		w.needAnalyze[p.lp.ID] = true
	}
	for _, p := range w.order {
		if !p.std && p.types != nil {
			w.needAnalyze[p.lp.ID] = true // for the facts
		}
	}
	w.disk = w.diskState()
	return w, nil
}

// diskState describes what a file watcher would report of the workspace
// packages' folders: the names of their Go files (tests aside), and when
// each package's generated file and each module's go.mod and go.sum
// changed. A folder or file that is gone is described as such.
func (w *workspace) diskState() string {
	var b strings.Builder
	stamp := func(name string) {
		if fi, err := os.Stat(name); err == nil {
			fmt.Fprintf(&b, "%s %d %d\n", name, fi.ModTime().UnixNano(), fi.Size())
		}
	}
	dirs, mods := map[string]bool{}, map[string]bool{}
	for _, p := range w.order {
		if !p.root {
			continue
		}
		if p.lp.Dir != "" {
			dirs[p.lp.Dir] = true
		}
		if m := p.lp.Module; m != nil && m.GoMod != "" {
			mods[m.GoMod] = true
		}
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		ents, _ := os.ReadDir(d)
		fmt.Fprintf(&b, "%s:", d)
		for _, e := range ents {
			if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
				fmt.Fprintf(&b, " %s", n)
			}
		}
		b.WriteByte('\n')
		stamp(filepath.Join(d, generatedFile))
	}
	for _, m := range slices.Sorted(maps.Keys(mods)) {
		stamp(m)
		stamp(filepath.Join(filepath.Dir(m), "go.sum"))
	}
	return b.String()
}

// patterns returns what to load of dir: "./...", its module's packages
// under it; or, in a folder that is no module but holds a go.work (where
// the go command matches nothing with "./..."), the packages of each of
// the workspace's modules under it.
func patterns(ctx context.Context, dir string) []string {
	all := []string{"./..."}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return all
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-m", "-f", "{{.Dir}}")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return all
	}
	var ps []string
	inModule := false
	for _, m := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		rel, err := filepath.Rel(dir, m)
		switch {
		case err != nil || m == "":
		case strings.Trim(filepath.ToSlash(rel), "./") == "":
			inModule = true // dir is inside m: "./..." has its packages
		case !strings.HasPrefix(rel, ".."+string(filepath.Separator)):
			ps = append(ps, "./"+filepath.ToSlash(rel)+"/...")
		}
	}
	if inModule || len(ps) == 0 {
		return append(all, ps...)
	}
	return ps
}

// isStd reports whether lp is a package of the standard library.
func (w *workspace) isStd(lp *packages.Package) bool {
	if lp.Module != nil {
		return false
	}
	for _, f := range lp.CompiledGoFiles {
		return w.inGoroot(f)
	}
	return !strings.Contains(strings.Split(lp.PkgPath, "/")[0], ".")
}

func (w *workspace) inGoroot(name string) bool {
	return w.goroot != "" && strings.HasPrefix(name, w.goroot+string(filepath.Separator))
}

// parseFile parses a file for the load. Function bodies are most of the
// type-checking, and the rules need few of them outside the workspace: the
// standard library's files are parsed without any (no fact is ever about
// them); a dependency's without those of its non-generic functions (the
// facts are about enum types, generic functions, fields' comments and
// declared schemas) but with the two methods whose bodies the generator
// reads: the generated enum values (stale or not) and a declared schema.
// A workspace file is parsed whole and its text kept for positions.
func (w *workspace) parseFile(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
	switch {
	case w.inGoroot(name):
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		stripBodies(f, func(*ast.FuncDecl) bool { return true })
		return f, err
	case !strings.HasPrefix(name, w.dir+string(filepath.Separator)) && filepath.Base(name) != generatedFile:
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		stripBodies(f, func(fd *ast.FuncDecl) bool {
			return !generic(fd) && fd.Name.Name != enumMethod && fd.Name.Name != declaredMethod
		})
		return f, err
	}
	w.mu.Lock()
	w.texts[name] = src
	w.mu.Unlock()
	return parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
}

// The generated file's name, the enum method toolgen writes in it, and
// the method that declares a type's schema (the root module's internal
// analyzer.GeneratedFile, schema.EnumMethod and schema.DeclaredMethod,
// which this module does not import).
const (
	generatedFile  = "toolschema_gen.go"
	enumMethod     = "ToolschemaEnumValues"
	declaredMethod = "ToolschemaSchema"
)

// stripBodies drops the bodies of the functions strip says, and the
// elements of package-level variables' composite literals (the tables of
// unicode and the like), keeping their types: a literal [...]T{...}
// keeps its elements, which give its length.
func stripBodies(f *ast.File, strip func(*ast.FuncDecl) bool) {
	if f == nil {
		return
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil && strip(d) {
				d.Body = nil
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, spec := range d.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
						v = u.X
					}
					lit, ok := v.(*ast.CompositeLit)
					if !ok || lit.Type == nil {
						continue
					}
					if at, ok := lit.Type.(*ast.ArrayType); ok && at.Len != nil {
						if _, dots := at.Len.(*ast.Ellipsis); dots {
							continue
						}
					}
					lit.Elts = nil
				}
			}
		}
	}
}

// generic reports whether fd has type parameters or is a method of a
// generic type.
func generic(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	found := false
	ast.Inspect(fd.Recv.List[0].Type, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr:
			found = true
		}
		return !found
	})
	return found
}

// errReload says the load is out of date: an edit imports a package the
// load does not have.
var errReload = errors.New("the import set changed")

// check parses again the files of p whose text changed (text gives the
// current text of a file) and type-checks p against the latest types of
// its imports.
func (w *workspace) check(p *pkg, text func(string) ([]byte, error)) error {
	old := map[string]*ast.File{}
	for _, f := range p.files {
		old[w.fset.File(f.FileStart).Name()] = f
	}
	var files []*ast.File
	parsed := map[string][]byte{}
	for _, name := range p.lp.CompiledGoFiles {
		src, err := text(name)
		if err != nil {
			continue // deleted: the watcher's event reloads
		}
		if f := old[name]; f != nil && bytes.Equal(src, w.texts[name]) {
			files = append(files, f)
			continue
		}
		if loaded, ok := w.texts[name]; ok && !w.failed {
			// A build constraint or another package's clause typed
			// since the load: a load would leave the file out of p (a
			// clause missing while it is typed is a syntax error, not
			// a change).
			lh, seen := w.clauses[name]
			if !seen {
				lh.h, lh.ok = header(loaded) // the first check's w.texts is the load's
				w.clauses[name] = lh
			}
			if h, ok := header(src); ok && (!lh.ok || h != lh.h) {
				return errReload
			}
		}
		f, _ := parser.ParseFile(w.fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if f == nil {
			continue
		}
		for _, is := range f.Imports {
			path, err := strconv.Unquote(is.Path.Value)
			if err != nil || path == "C" {
				continue
			}
			if _, ok := p.lp.Imports[path]; !ok && !w.failed {
				return errReload
			}
		}
		parsed[name] = src
		files = append(files, f)
	}
	for name, src := range parsed {
		w.texts[name] = src
		// The text parsed before is no one's now (unless another
		// package has the file too): its token.File (its line table)
		// would stay in the file set for the session.
		if f := old[name]; f != nil && len(w.byFile[name]) == 1 {
			if tf := w.fset.File(f.FileStart); tf != nil {
				w.fset.RemoveFile(tf)
			}
		}
	}
	var errs []types.Error
	conf := types.Config{
		Importer: importer(func(path string) (*types.Package, error) {
			ip := p.lp.Imports[path]
			if ip == nil {
				return nil, fmt.Errorf("no package %q in the load", path)
			}
			if q := w.pkgs[ip.ID]; q != nil && q.types != nil {
				return q.types, nil
			}
			return nil, fmt.Errorf("package %q has no types", path)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				errs = append(errs, te)
			}
		},
		Sizes: p.lp.TypesSizes,
	}
	if m := p.lp.Module; m != nil && m.GoVersion != "" {
		conf.GoVersion = "go" + m.GoVersion
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	tp := types.NewPackage(p.lp.PkgPath, p.lp.Name)
	_ = types.NewChecker(&conf, w.fset, tp, info).Files(files) // the errors are in errs
	p.files, p.types, p.info, p.typeErrs = files, tp, info, errs
	return nil
}

type importer func(string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }

// analyze runs the analyzers on p: the rules (as) on a workspace
// package, only those that have facts (and what they require) on a
// dependency. A panicking analyzer (a package that does not type-check
// can surprise one) loses its diagnostics, not the server.
func (w *workspace) analyze(p *pkg, as []*analysis.Analyzer, read func(string) ([]byte, error)) (err error) {
	p.facts = map[factKey]analysis.Fact{}
	p.pfacts = map[reflect.Type]analysis.Fact{}
	p.diags = nil
	if p.types == nil {
		return nil
	}
	if !p.root {
		var withFacts []*analysis.Analyzer
		seen := map[*analysis.Analyzer]bool{}
		var visit func(a *analysis.Analyzer)
		visit = func(a *analysis.Analyzer) {
			if seen[a] {
				return
			}
			seen[a] = true
			if len(a.FactTypes) > 0 {
				withFacts = append(withFacts, a)
			}
			for _, r := range a.Requires {
				visit(r)
			}
		}
		for _, a := range as {
			visit(a)
		}
		as = withFacts
	}
	results := map[*analysis.Analyzer]any{}
	var diags []reported
	var run func(a *analysis.Analyzer) error
	run = func(a *analysis.Analyzer) (err error) {
		if _, done := results[a]; done {
			return nil
		}
		resultOf := map[*analysis.Analyzer]any{}
		for _, r := range a.Requires {
			if err := run(r); err != nil {
				return err
			}
			resultOf[r] = results[r]
		}
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("analyzer %s panicked on %s: %v", a.Name, p.lp.PkgPath, r)
			}
		}()
		res, err := a.Run(w.pass(p, a, resultOf, read, &diags))
		if err != nil {
			return fmt.Errorf("analyzer %s on %s: %v", a.Name, p.lp.PkgPath, err)
		}
		results[a] = res
		return nil
	}
	var errs []error
	for _, a := range as {
		if err := run(a); err != nil {
			errs = append(errs, err)
		}
	}
	if p.root {
		p.diags = diags
	}
	return errors.Join(errs...)
}

// pass makes the analysis.Pass of a on p.
func (w *workspace) pass(p *pkg, a *analysis.Analyzer, resultOf map[*analysis.Analyzer]any, read func(string) ([]byte, error), diags *[]reported) *analysis.Pass {
	factsOf := func(obj types.Object) map[factKey]analysis.Fact {
		if obj == nil || obj.Pkg() == nil {
			return nil
		}
		if obj.Pkg() == p.types {
			return p.facts
		}
		if q := w.byPath[obj.Pkg().Path()]; q != nil && q.types == obj.Pkg() {
			return q.facts
		}
		return nil
	}
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         w.fset,
		Files:        p.files,
		OtherFiles:   p.lp.OtherFiles,
		IgnoredFiles: p.lp.IgnoredFiles,
		Pkg:          p.types,
		TypesInfo:    p.info,
		TypesSizes:   p.lp.TypesSizes,
		TypeErrors:   p.typeErrs,
		ResultOf:     resultOf,
		Report: func(d analysis.Diagnostic) {
			*diags = append(*diags, reported{a.Name, d})
		},
		ReadFile: read,
		ImportObjectFact: func(obj types.Object, fact analysis.Fact) bool {
			f, ok := factsOf(obj)[factKey{obj, reflect.TypeOf(fact)}]
			if ok {
				reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
			}
			return ok
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if obj.Pkg() != p.types {
				panic(fmt.Sprintf("%s: fact exported for %v of another package", a.Name, obj))
			}
			p.facts[factKey{obj, reflect.TypeOf(fact)}] = fact
		},
		ImportPackageFact: func(tp *types.Package, fact analysis.Fact) bool {
			q := w.byPath[tp.Path()]
			if tp == p.types {
				q = p
			}
			if q == nil {
				return false
			}
			f, ok := q.pfacts[reflect.TypeOf(fact)]
			if ok {
				reflect.ValueOf(fact).Elem().Set(reflect.ValueOf(f).Elem())
			}
			return ok
		},
		ExportPackageFact: func(fact analysis.Fact) {
			p.pfacts[reflect.TypeOf(fact)] = fact
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			var out []analysis.ObjectFact
			for _, q := range w.order {
				for k, f := range q.facts {
					out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
				}
			}
			return out
		},
		AllPackageFacts: func() []analysis.PackageFact {
			var out []analysis.PackageFact
			for _, q := range w.order {
				for _, f := range q.pfacts {
					out = append(out, analysis.PackageFact{Package: q.types, Fact: f})
				}
			}
			return out
		},
	}
	if m := p.lp.Module; m != nil {
		pass.Module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	return pass
}

// outside reports whether a Go file is one a new load would leave out,
// like this one: a test file (the load has no tests), a file outside dir,
// one that is gone, or one this load left out whose build constraints and
// package clause are as they were.
func (w *workspace) outside(name string, text func(string) ([]byte, error)) bool {
	if strings.HasSuffix(name, "_test.go") || !strings.HasPrefix(name, w.dir+string(filepath.Separator)) {
		return true
	}
	src, err := text(name)
	if err != nil {
		return true
	}
	h, seen := w.unseen[name]
	return seen && h == w.unseenKey(name, src)
}

// leftOut records a Go file under dir that the load did not include.
func (w *workspace) leftOut(name string, text func(string) ([]byte, error)) {
	if _, in := w.byFile[name]; in || !strings.HasSuffix(name, ".go") || !strings.HasPrefix(name, w.dir+string(filepath.Separator)) {
		return
	}
	if src, err := text(name); err == nil {
		w.unseen[name] = w.unseenKey(name, src)
	}
}

// unseenKey is what decides whether a load takes a file under dir: its
// header, and the go.mod files between it and dir, which make it another
// module's (one removed on disk, which a client that cannot watch files
// does not tell, brings it into the folder's module).
func (w *workspace) unseenKey(name string, src []byte) string {
	key, ok := header(src)
	if !ok {
		key = string(src) // no package clause yet: any edit may make one
	}
	for d := filepath.Dir(name); strings.HasPrefix(d, w.dir+string(filepath.Separator)); d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			key += "\x00" + d
		}
	}
	return key
}

type clause struct {
	h  string
	ok bool
}

// header returns what of a Go file's text decides whether a load takes it
// and into which package: its build constraints (the //go:build and
// // +build lines before its package clause) and its package name; false
// when it has no package clause yet.
func header(src []byte) (string, bool) {
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "", src, parser.PackageClauseOnly|parser.ParseComments)
	if f == nil || f.Name == nil || !f.Name.End().IsValid() || f.Name.Name == "_" {
		return "", false
	}
	var b strings.Builder
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) || constraint.IsPlusBuild(c.Text) {
				b.WriteString(c.Text + "\n")
			}
		}
	}
	return b.String() + "package " + f.Name.Name, true
}

// textOf returns the text of a file as it was parsed, else from disk.
func (w *workspace) textOf(name string) []byte {
	if t, ok := w.texts[name]; ok {
		return t
	}
	b, _ := os.ReadFile(name)
	return b
}
