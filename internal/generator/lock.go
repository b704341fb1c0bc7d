package generator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/tool"
)

// LockFile is the name of the revision lock toolgen keeps beside the
// generated file of a package that has one: each tool's contract as of
// its version.
const LockFile = "toolschema.lock"

// LockVersion is the version of the lock file's format. Version 2 spells
// the metadata's keys as the directive's options (MetaJSON).
const LockVersion = 2

// A Lock is the content of a lock file.
type Lock struct {
	LockVersion int         `json:"lockVersion"`
	Tools       []LockEntry `json:"tools"`
}

// A LockEntry is one tool's contract: what a change of needs a new version.
type LockEntry struct {
	// List is the receiver type's name for a method's tool, "" for a
	// function's.
	List string `json:"list,omitempty"`
	MetaJSON
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
}

// MetaJSON is a tool's tool.Meta as the lock and toolgen -json write it:
// each key spelled as the directive's option, every default applied (a
// reader need not know them), the timeout as a Go duration.
type MetaJSON struct {
	Name             string   `json:"name"`
	Title            string   `json:"title,omitempty"`
	Description      string   `json:"description"`
	Version          string   `json:"version"`
	ReadOnly         bool     `json:"read-only"`
	Destructive      bool     `json:"destructive"`
	Idempotent       bool     `json:"idempotent"`
	OpenWorld        bool     `json:"open-world"`
	RequiresApproval bool     `json:"requires-approval"`
	EndsLoop         bool     `json:"ends-loop"`
	ParallelSafe     bool     `json:"parallel-safe"`
	Timeout          string   `json:"timeout,omitempty"`
	ErrorCodes       []string `json:"errors,omitempty"`
	SafeErrors       bool     `json:"safe-errors,omitempty"`
	DeferLoading     bool     `json:"defer-loading,omitempty"`
	Namespace        string   `json:"namespace,omitempty"`
	MaxResultBytes   int      `json:"max-result,omitempty"`
	// Examples are the tool's //tool:example arguments, as compact JSON.
	Examples []json.RawMessage `json:"examples,omitempty"`
	Icon     string            `json:"icon,omitempty"`
}

// NewMetaJSON returns m as the lock and toolgen -json write it.
func NewMetaJSON(m *tool.Meta) MetaJSON {
	j := MetaJSON{Name: m.Name, Title: m.Title, Description: m.Description, Version: m.Version,
		ReadOnly: m.ReadOnly, Destructive: m.IsDestructive(), Idempotent: m.Idempotent, OpenWorld: m.IsOpenWorld(),
		RequiresApproval: m.RequiresApproval, EndsLoop: m.EndsLoop, ParallelSafe: m.IsParallelSafe(),
		ErrorCodes: m.ErrorCodes, SafeErrors: m.SafeErrors,
		DeferLoading: m.DeferLoading, Namespace: m.Namespace, MaxResultBytes: m.MaxResultBytes, Examples: m.Examples, Icon: m.Icon}
	if m.Timeout != 0 {
		j.Timeout = m.Timeout.String()
	}
	return j
}

// entry returns the lock entry of one tool.
func entry(l *analyzer.List, t *analyzer.Tool) LockEntry {
	e := LockEntry{MetaJSON: NewMetaJSON(&t.Meta), InputSchema: t.InputSchema, OutputSchema: t.OutputSchema}
	if l.Recv != nil {
		e.List = l.Recv.Name()
	}
	return e
}

func (e *LockEntry) key() string { return e.List + "." + e.Name }

// ParseLock reads a lock file.
func ParseLock(b []byte) (*Lock, error) {
	var l Lock
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("%s: %v", LockFile, err)
	}
	if l.LockVersion != LockVersion {
		return nil, fmt.Errorf("%s: lock version %d, this toolgen writes %d", LockFile, l.LockVersion, LockVersion)
	}
	return &l, nil
}

// Marshal writes the lock: indented JSON, tools by list then name, so that
// a review sees each changed keyword on a line of its own.
func (l *Lock) Marshal() ([]byte, error) {
	slices.SortFunc(l.Tools, func(a, b LockEntry) int { return strings.Compare(a.key(), b.key()) })
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(l); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// A Drift is a tool whose contract changed while its version did not.
type Drift struct {
	Tool    *analyzer.Tool
	Locked  LockEntry // the contract the lock recorded
	Changes []schema.Change
}

// Breaking reports whether any change breaks the tool's callers.
func (d *Drift) Breaking() bool {
	return slices.ContainsFunc(d.Changes, func(c schema.Change) bool { return c.Breaking })
}

// NextVersion returns the version the tool should get: the next integer
// or, for a semantic version, the next major (breaking) or minor
// (compatible) one; "" when the version has neither form.
func (d *Drift) NextVersion() string {
	return nextVersion(d.Locked.Version, d.Breaking())
}

var semver = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(v?)(\d+)\.(\d+)(?:\.(\d+))?$`) })

func nextVersion(v string, breaking bool) string {
	if v == "" {
		return "2"
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return strconv.Itoa(n + 1)
	}
	m := semver().FindStringSubmatch(v)
	if m == nil {
		return ""
	}
	major, _ := strconv.Atoi(m[2])
	minor, _ := strconv.Atoi(m[3])
	patch := ""
	if m[4] != "" {
		patch = ".0"
	}
	if breaking {
		return fmt.Sprintf("%s%d.0%s", m[1], major+1, patch)
	}
	return fmt.Sprintf("%s%d.%d%s", m[1], major, minor+1, patch)
}

// Message is the diagnostic of a drift (OLT029), without the ID.
func (d *Drift) Message() string {
	var b strings.Builder
	kind := "compatible"
	if d.Breaking() {
		kind = "breaking"
	}
	v := d.Locked.Version
	if v == "" {
		v = "(none)"
	}
	fmt.Fprintf(&b, "the contract changed since %s recorded version %s, and the version did not (a %s change: ", LockFile, v, kind)
	for i, c := range d.Changes {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(c.String())
	}
	b.WriteString("); ")
	if next := d.NextVersion(); next != "" {
		fmt.Fprintf(&b, "raise the version to %s, then run toolgen", next)
	} else {
		b.WriteString("raise the version, then run toolgen")
	}
	fmt.Fprintf(&b, " (tool %s)", d.Tool.Name)
	return b.String()
}

// Compare returns the changes from a locked contract to a tool's.
func Compare(old, cur LockEntry) ([]schema.Change, error) {
	in, err := schema.CompareSchemas("input", old.InputSchema, cur.InputSchema, false)
	if err != nil {
		return nil, err
	}
	out, err := schema.CompareSchemas("output", old.OutputSchema, cur.OutputSchema, true)
	if err != nil {
		return nil, err
	}
	changes := append(in, out...)
	if old.Description != cur.Description {
		changes = append(changes, schema.Change{Path: "tool", What: "description changed"})
	}
	o, n := old.MetaJSON, cur.MetaJSON
	effect := func(what string, a, b bool) {
		if a != b {
			changes = append(changes, schema.Change{Path: "policy", What: fmt.Sprintf("%s %t to %t", what, a, b), Breaking: true})
		}
	}
	effect("read-only", o.ReadOnly, n.ReadOnly)
	effect("destructive", o.Destructive, n.Destructive)
	effect("idempotent", o.Idempotent, n.Idempotent)
	effect("open-world", o.OpenWorld, n.OpenWorld)
	effect("requires-approval", o.RequiresApproval, n.RequiresApproval)
	effect("ends-loop", o.EndsLoop, n.EndsLoop)
	if o.ParallelSafe != n.ParallelSafe {
		changes = append(changes, schema.Change{Path: "policy", What: fmt.Sprintf("parallel-safe %t to %t", o.ParallelSafe, n.ParallelSafe)})
	}
	if o.Timeout != n.Timeout {
		changes = append(changes, schema.Change{Path: "policy", What: fmt.Sprintf("timeout %q to %q", o.Timeout, n.Timeout)})
	}
	if o.MaxResultBytes != n.MaxResultBytes {
		changes = append(changes, schema.Change{Path: "policy", What: fmt.Sprintf("max-result %d to %d", o.MaxResultBytes, n.MaxResultBytes)})
	}
	if !slices.EqualFunc(o.Examples, n.Examples, func(a, b json.RawMessage) bool { return string(a) == string(b) }) {
		changes = append(changes, schema.Change{Path: "tool", What: "examples changed"})
	}
	if o.Namespace != n.Namespace {
		// OpenAI's Responses API calls a namespaced tool by its namespace
		// and its name: a caller that names it meets another.
		changes = append(changes, schema.Change{Path: "policy", What: fmt.Sprintf("namespace %q to %q", o.Namespace, n.Namespace), Breaking: true})
	}
	if o.DeferLoading != n.DeferLoading {
		changes = append(changes, schema.Change{Path: "policy", What: fmt.Sprintf("defer-loading %t to %t", o.DeferLoading, n.DeferLoading)})
	}
	if o.SafeErrors != n.SafeErrors {
		changes = append(changes, schema.Change{Path: "policy", What: fmt.Sprintf("safe-errors %t to %t", o.SafeErrors, n.SafeErrors)})
	}
	if o.Icon != n.Icon {
		changes = append(changes, schema.Change{Path: "policy", What: "icon changed"})
	}
	if o.Title != n.Title {
		changes = append(changes, schema.Change{Path: "policy", What: "title changed"})
	}
	for _, c := range old.ErrorCodes {
		if !slices.Contains(cur.ErrorCodes, c) {
			changes = append(changes, schema.Change{Path: "errors", What: c + " no longer declared"})
		}
	}
	for _, c := range cur.ErrorCodes {
		if !slices.Contains(old.ErrorCodes, c) {
			// A caller that acts on the codes meets one it does not know.
			changes = append(changes, schema.Change{Path: "errors", What: c + " declared", Breaking: true})
		}
	}
	return changes, nil
}

// UpdateLock returns the lock of p's tools, given the lock as it was
// (nil for none): a tool whose version changed, or that is new, gets its
// contract recorded; a tool whose contract changed under the same version
// keeps its old entry and is a Drift, and so does a tool p's diagnostics
// refuse. Tools no longer in p are dropped.
func UpdateLock(old *Lock, p *analyzer.Package) (*Lock, []*Drift, error) {
	prev := map[string]LockEntry{}
	if old != nil {
		for _, e := range old.Tools {
			prev[e.key()] = e
		}
	}
	l := &Lock{LockVersion: LockVersion, Tools: []LockEntry{}}
	var drifts []*Drift
	for _, list := range p.Lists {
		for _, t := range list.Tools {
			cur := entry(list, t)
			was, ok := prev[cur.key()]
			if !ok || was.Version != cur.Version {
				l.Tools = append(l.Tools, cur)
				continue
			}
			changes, err := Compare(was, cur)
			if err != nil {
				return nil, nil, fmt.Errorf("tool %s: %v", t.Name, err)
			}
			if len(changes) > 0 {
				drifts = append(drifts, &Drift{Tool: t, Locked: was, Changes: changes})
				l.Tools = append(l.Tools, was)
				continue
			}
			l.Tools = append(l.Tools, cur)
		}
	}
	// A tool refused in this run is not in p's lists, but is not gone:
	// its entry stays, so that a change made while it was refused is a
	// drift when it comes back.
	refused := map[string]bool{}
	for _, d := range p.Diags {
		for _, name := range d.Tools {
			refused[name] = true
		}
	}
	if old != nil {
		kept := map[string]bool{}
		for _, e := range l.Tools {
			kept[e.key()] = true
		}
		for _, e := range old.Tools {
			if refused[e.Name] && !kept[e.key()] {
				l.Tools = append(l.Tools, e)
			}
		}
	}
	return l, drifts, nil
}
