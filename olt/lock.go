package olt

import (
	"flag"
	"go/ast"
	"path/filepath"
	"regexp"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/schema"
)

// lockRules declares OLT029, which compares the tools with the package's
// revision lock.
var lockRules = []ruleDef{{id: schema.OLT029, fixes: true, setup: func(_ *flag.FlagSet, cfg Config) check {
	return func(pass *analysis.Pass, res *coreResult) ([]*analyzer.Diagnostic, error) {
		return drifted(pass, cfg.ReadLock, res.Package, res.files), nil
	}
}}}

// drifted reports the tools whose contract changed since the package's
// revision lock recorded it while their version did not (OLT029). A
// package without a lock has nothing to compare.
//
// The lock is not a file the analysis framework hands an analyzer: the go
// command lists only Go, C, assembly and object files in a package's
// OtherFiles, and Pass.ReadFile refuses any other name. So the lock is
// read with the driver's readLock (Config.ReadLock), and without one the
// rule is toolgen's alone.
func drifted(pass *analysis.Pass, readLock func(string) ([]byte, error), p *analyzer.Package, files []*ast.File) []*analyzer.Diagnostic {
	if readLock == nil || len(files) == 0 || len(p.Tools) == 0 {
		return nil
	}
	dir := filepath.Dir(pass.Fset.File(files[0].FileStart).Name())
	b, err := readLock(filepath.Join(dir, generator.LockFile))
	if err != nil {
		return nil
	}
	at := files[0].Name
	old, err := generator.ParseLock(b)
	if err != nil {
		return []*analyzer.Diagnostic{{Pos: at.Pos(), End: at.End(), ID: schema.OLT029, Message: err.Error() + "; run toolgen"}}
	}
	_, drifts, err := generator.UpdateLock(old, p)
	if err != nil {
		return []*analyzer.Diagnostic{{Pos: at.Pos(), End: at.End(), ID: schema.OLT029, Message: err.Error()}}
	}
	var out []*analyzer.Diagnostic
	for _, d := range drifts {
		c := d.Tool.Directive
		diag := &analyzer.Diagnostic{Pos: c.Pos(), End: c.End(), ID: schema.OLT029, Message: d.Message()}
		if next := d.NextVersion(); next != "" {
			if text, ok := withVersion(c.Text, d.Locked.Version, next); ok {
				diag.Fix = &analyzer.Fix{Message: "Raise the version to " + next + " (then run toolgen)",
					Edits: []analyzer.Edit{{Pos: c.Pos(), End: c.End(), NewText: text}}}
			}
		}
		out = append(out, diag)
	}
	return out
}

// The patterns of withVersion, compiled at its first use: vet starts one
// process per package, and start-up work is paid in each.
var (
	versionOption = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|\s)version=(\S+)`) })
	quotedVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`["` + "`" + `]version=`) })
)

// withVersion returns a directive's text with its version option set to
// next: replaced when it is written plainly as version=old, added when
// there is none; ok is false when it is quoted (a fix would be a guess).
func withVersion(directive, old, next string) (string, bool) {
	m := versionOption().FindStringSubmatchIndex(directive)
	if m == nil {
		if old != "" || quotedVersion().MatchString(directive) {
			return "", false
		}
		return directive + " version=" + next, true
	}
	if directive[m[4]:m[5]] != old {
		return "", false
	}
	return directive[:m[4]] + next + directive[m[5]:], true
}
