// Package parity_test proves the two front ends agree: the generated tools
// of the corpus package, compiled into this test binary, and the tools
// reflectimpl.Create makes of the same functions have byte-identical
// schemas and the same metadata, and give the same results.
package parity_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/toolschema/toolschema/internal/analyzer"
	"github.com/toolschema/toolschema/internal/corpus"
	"github.com/toolschema/toolschema/internal/corpus/fromtags"
	"github.com/toolschema/toolschema/internal/generator"
	"github.com/toolschema/toolschema/internal/randvalue"
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

var update = flag.Bool("update", false, "rewrite the corpus's toolschema_gen.go files")

// corpusDirs are the packages of the corpus: corpus itself, and fromtags,
// whose types are read with //tool:required-from-tags. A list of fromtags
// is keyed "fromtags." and its receiver's name.
var corpusDirs = []string{"../internal/corpus", "../internal/corpus/fromtags"}

// lists are the corpus's generated tool lists, as compiled into this test:
// each package's and one per receiver type. TestCoverage checks that no
// list the generator writes is missing here.
func lists() map[string][]*tool.Tool {
	return map[string][]*tool.Tool{
		"":               corpus.Tools(),
		"Notebook":       (&corpus.Notebook{}).Tools(),
		"SilenceManager": corpus.NewSilenceManager().Tools(),
		"UnitConverter":  corpus.UnitConverter{}.Tools(),
		"fromtags.":      fromtags.Tools(),
	}
}

// listKey is the key of list l of the corpus package p in lists().
func listKey(p *analyzer.Package, l *analyzer.List) string {
	key := ""
	if p.Name != "corpus" {
		key = p.Name + "."
	}
	if l.Recv != nil {
		key += l.Recv.Name()
	}
	return key
}

// methodList reports whether the list keyed key in lists() is a receiver
// type's: its tools are methods, bound to the receiver.
func methodList(key string) bool { return key != "" && !strings.HasSuffix(key, ".") }

// source is the corpus as the generator sees it from source, package by
// package, in corpusDirs' order.
type source struct {
	withDocs, noDocs []*analyzer.Package
	content          [][]byte // the generated files
}

// load returns the corpus as the generator sees it, loaded once for all the
// tests of the process (two loads and type-checks of the corpus, which
// every test here reads and none changes).
func load(t testing.TB) *source {
	t.Helper()
	s, err := loadOnce()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var loadOnce = sync.OnceValues(func() (*source, error) {
	var s source
	for _, noDocs := range []bool{false, true} {
		for _, dir := range corpusDirs {
			rs, err := generator.Generate(context.Background(), &generator.Options{NoDocs: noDocs}, dir)
			if err != nil {
				return nil, err
			}
			if len(rs) != 1 || len(rs[0].Errs) > 0 {
				return nil, fmt.Errorf("generating %s: %v", dir, rs[0].Errs)
			}
			if noDocs {
				s.noDocs = append(s.noDocs, rs[0].Package)
			} else {
				s.withDocs, s.content = append(s.withDocs, rs[0].Package), append(s.content, rs[0].Content)
			}
		}
	}
	return &s, nil
})

// TestGenerated checks that the committed generated file is what the
// generator writes now.
func TestGenerated(t *testing.T) {
	s := load(t)
	for i, dir := range corpusDirs {
		path := filepath.Join(dir, analyzer.GeneratedFile)
		if *update {
			if err := os.WriteFile(path, s.content[i], 0o644); err != nil {
				t.Fatal(err)
			}
		}
		committed, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(committed, s.content[i]) {
			t.Errorf("%s is stale: run go test ./parity -update (or go generate ./internal/corpus/...)", path)
		}
	}
}

// A pair is one tool made both ways.
type pair struct {
	list      string
	gen, refl *tool.Tool
	static    *analyzer.Tool // from source, without doc comments
	withDocs  *analyzer.Tool // from source, with doc comments
	fn        any            // the function or method value
}

// pairs makes every corpus tool by reflection, with the options its
// directive gives.
func pairs(t testing.TB, s *source) []pair {
	t.Helper()
	static := map[string]map[string]*analyzer.Tool{}
	withDocs := map[string]map[string]*analyzer.Tool{}
	for _, p := range []struct {
		pkgs []*analyzer.Package
		m    map[string]map[string]*analyzer.Tool
	}{{s.noDocs, static}, {s.withDocs, withDocs}} {
		for _, pkg := range p.pkgs {
			for _, l := range pkg.Lists {
				key := listKey(pkg, l)
				p.m[key] = map[string]*analyzer.Tool{}
				for _, at := range l.Tools {
					p.m[key][at.Name] = at
				}
			}
		}
	}
	var out []pair
	for list, tools := range lists() {
		for _, gt := range tools {
			st := static[list][gt.Name]
			if st == nil {
				t.Fatalf("list %q: generated tool %s is not in the source", list, gt.Name)
			}
			_, bound := toolimpl.Binding(gt)
			fn := bound
			if methodList(list) {
				// A method tool is bound to its receiver.
				fn = reflect.ValueOf(bound).MethodByName(st.Func.Name()).Interface()
			}
			rt, err := reflectimpl.Create(fn, optionsOf(gt)...)
			if err != nil {
				t.Fatalf("list %q tool %s: reflectimpl.Create: %v", list, gt.Name, err)
			}
			out = append(out, pair{list: list, gen: gt, refl: rt, static: st, withDocs: withDocs[list][gt.Name], fn: fn})
		}
	}
	slices.SortFunc(out, func(a, b pair) int { return strings.Compare(a.list+"."+a.gen.Name, b.list+"."+b.gen.Name) })
	return out
}

// optionsOf returns the reflectimpl options that give a generated tool's
// metadata, and its read mode, as its handler says it.
func optionsOf(gt *tool.Tool) []reflectimpl.Option {
	opts := []reflectimpl.Option{reflectimpl.Meta(gt.Meta)}
	if requiredFromTags(gt) {
		opts = append(opts, reflectimpl.RequiredFromTags())
	}
	return opts
}

// requiredFromTags reports whether a tool's handler says it reads its
// types with RequiredFromTags.
func requiredFromTags(tl *tool.Tool) bool {
	h, _ := toolimpl.Binding(tl)
	rf, ok := h.(interface{ RequiredFromTags() bool })
	return ok && rf.RequiredFromTags()
}

// TestCoverage checks the corpus is as large as promised and that every
// tool list the generator writes is compiled into this test.
func TestCoverage(t *testing.T) {
	s := load(t)
	want := map[string]bool{}
	n := 0
	for _, pkg := range s.withDocs {
		for _, l := range pkg.Lists {
			want[listKey(pkg, l)] = true
			n += len(l.Tools)
		}
	}
	got := lists()
	for k := range want {
		if _, ok := got[k]; !ok {
			t.Errorf("the tool list of %q is not in lists()", k)
		}
	}
	if n < 60 {
		t.Errorf("the corpus has %d tools, want at least 60", n)
	}
	if len(s.withDocs[0].Enums) < 3 {
		t.Errorf("the corpus has %d enum types, want at least 3", len(s.withDocs[0].Enums))
	}
	if !s.withDocs[1].ReadMode.RequiredFromTags || s.withDocs[0].ReadMode.RequiredFromTags {
		t.Errorf("read modes: corpus %+v, fromtags %+v", s.withDocs[0].ReadMode, s.withDocs[1].ReadMode)
	}
}

// TestSchemas is the parity proof: for every tool, the generated schemas
// without doc comments are byte-identical to reflection's, and the
// committed ones (with doc comments) differ from them only in
// descriptions.
func TestSchemas(t *testing.T) {
	s := load(t)
	docDescriptions := 0
	for _, p := range pairs(t, s) {
		name := p.list + "." + p.gen.Name
		if got, want := string(p.static.InputSchema), string(p.refl.InputSchema); got != want {
			t.Errorf("%s input schema:\n static %s\nreflect %s", name, got, want)
		}
		if got, want := string(p.static.OutputSchema), string(p.refl.OutputSchema); got != want {
			t.Errorf("%s output schema:\n static %s\nreflect %s", name, got, want)
		}
		// The compiled generated tool carries the schemas with docs.
		if !bytes.Equal(p.gen.InputSchema, p.withDocs.InputSchema) || !bytes.Equal(p.gen.OutputSchema, p.withDocs.OutputSchema) {
			t.Errorf("%s: the compiled generated schemas are not the source's", name)
		}
		for _, sc := range []struct{ gen, refl []byte }{{p.gen.InputSchema, p.refl.InputSchema}, {p.gen.OutputSchema, p.refl.OutputSchema}} {
			if sc.gen == nil && sc.refl == nil {
				continue
			}
			n, err := onlyDescriptions(sc.gen, sc.refl)
			if err != nil {
				t.Errorf("%s: generated and reflected schemas differ beyond descriptions: %v\ngenerated %s\nreflected %s", name, err, sc.gen, sc.refl)
			}
			docDescriptions += n
			schematest.Check(t, sc.gen)
			schematest.Check(t, sc.refl)
		}
	}
	if docDescriptions == 0 {
		t.Error("no description came from a doc comment: the documented difference is not exercised")
	}
}

// onlyDescriptions checks that two schemas are the same, keys in the same
// order, but for "description" keywords, which a may have where b has none
// or another text; it counts those differences.
func onlyDescriptions(a, b []byte) (int, error) {
	na, err := parseOrdered(json.NewDecoder(bytes.NewReader(a)))
	if err != nil {
		return 0, err
	}
	nb, err := parseOrdered(json.NewDecoder(bytes.NewReader(b)))
	if err != nil {
		return 0, err
	}
	return compareSchemas(na, nb, "")
}

// ordered is a JSON value with the order of object keys kept.
type ordered struct {
	scalar any       // for a scalar
	keys   []string  // for an object
	vals   []ordered // object values or array elements
	array  bool
	object bool
}

func parseOrdered(d *json.Decoder) (ordered, error) {
	tok, err := d.Token()
	if err != nil {
		return ordered{}, err
	}
	switch tok {
	case json.Delim('{'):
		o := ordered{object: true}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return o, err
			}
			v, err := parseOrdered(d)
			if err != nil {
				return o, err
			}
			o.keys, o.vals = append(o.keys, k.(string)), append(o.vals, v)
		}
		_, err := d.Token()
		return o, err
	case json.Delim('['):
		o := ordered{array: true}
		for d.More() {
			v, err := parseOrdered(d)
			if err != nil {
				return o, err
			}
			o.vals = append(o.vals, v)
		}
		_, err := d.Token()
		return o, err
	}
	return ordered{scalar: tok}, nil
}

// compareSchemas compares two schemas (a keyword object) at path.
func compareSchemas(a, b ordered, path string) (int, error) {
	if !a.object || !b.object {
		if fmt.Sprint(a) != fmt.Sprint(b) {
			return 0, fmt.Errorf("%s: %v against %v", path, a, b)
		}
		return 0, nil
	}
	n, j := 0, 0
	for i, k := range a.keys {
		if j < len(b.keys) && b.keys[j] == k {
			switch {
			case k == "description":
				if fmt.Sprint(a.vals[i]) != fmt.Sprint(b.vals[j]) {
					n++
				}
			case k == "properties":
				m, err := compareProperties(a.vals[i], b.vals[j], path+"/properties")
				if err != nil {
					return n, err
				}
				n += m
			case k == "items" || k == "additionalProperties":
				m, err := compareSchemas(a.vals[i], b.vals[j], path+"/"+k)
				if err != nil {
					return n, err
				}
				n += m
			default:
				if fmt.Sprint(a.vals[i]) != fmt.Sprint(b.vals[j]) {
					return n, fmt.Errorf("%s/%s: %v against %v", path, k, a.vals[i], b.vals[j])
				}
			}
			j++
			continue
		}
		if k == "description" {
			n++ // only a has one
			continue
		}
		return n, fmt.Errorf("%s: keyword %q against %q", path, k, b.keys[min(j, len(b.keys)-1)])
	}
	if j != len(b.keys) {
		return n, fmt.Errorf("%s: b has more keywords: %v", path, b.keys[j:])
	}
	return n, nil
}

// compareProperties compares two properties objects: the same names in
// the same order, each a schema.
func compareProperties(a, b ordered, path string) (int, error) {
	if !slices.Equal(a.keys, b.keys) {
		return 0, fmt.Errorf("%s: properties %v against %v", path, a.keys, b.keys)
	}
	n := 0
	for i := range a.keys {
		m, err := compareSchemas(a.vals[i], b.vals[i], path+"/"+a.keys[i])
		if err != nil {
			return n, err
		}
		n += m
	}
	return n, nil
}

func TestOnlyDescriptions(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		n    int
		ok   bool
	}{
		{`{"type":"string"}`, `{"type":"string"}`, 0, true},
		{`{"type":"string","description":"x"}`, `{"type":"string"}`, 1, true},
		{`{"type":"integer","description":"doc"}`, `{"type":"integer","description":"A duration in nanoseconds."}`, 1, true},
		{`{"type":"object","properties":{"description":{"type":"string","description":"d"}}}`, `{"type":"object","properties":{"description":{"type":"string"}}}`, 1, true},
		{`{"type":"object","properties":{"description":{"type":"string"}}}`, `{"type":"object","properties":{}}`, 0, false},
		{`{"type":"string"}`, `{"type":"string","description":"x"}`, 0, false},
		{`{"type":"string","format":"date"}`, `{"type":"string"}`, 0, false},
		{`{"type":"array","items":{"type":"string","description":"e"}}`, `{"type":"array","items":{"type":"string"}}`, 1, true},
		{`{"enum":["a","b"]}`, `{"enum":["b","a"]}`, 0, false},
		{`{"description":"any"}`, `{}`, 1, true},
	} {
		n, err := onlyDescriptions([]byte(tt.a), []byte(tt.b))
		if (err == nil) != tt.ok || (tt.ok && n != tt.n) {
			t.Errorf("onlyDescriptions(%s, %s) = %d, %v; want %d, ok %v", tt.a, tt.b, n, err, tt.n, tt.ok)
		}
	}
}

// TestMetadata checks the tools' metadata agree.
func TestMetadata(t *testing.T) {
	for _, p := range pairs(t, load(t)) {
		g, r := p.gen, p.refl
		if g.Name != r.Name || g.Version != r.Version || g.EndsLoop != r.EndsLoop || g.RequiresApproval != r.RequiresApproval ||
			g.IsParallelSafe() != r.IsParallelSafe() || g.Timeout != r.Timeout || g.Description != r.Description {
			t.Errorf("%s.%s: generated %+v, reflected %+v", p.list, g.Name, g, r)
		}
		if g.Name != p.static.Name {
			t.Errorf("%s: compiled name %s, source name %s", p.list, g.Name, p.static.Name)
		}
		// The read mode: as the package's directive says, as the generated
		// and the reflected handlers tell the invoker.
		if mode := strings.HasPrefix(p.list, "fromtags."); requiredFromTags(g) != mode || requiredFromTags(r) != mode {
			t.Errorf("%s.%s: RequiredFromTags generated %v, reflected %v, want %v", p.list, g.Name, requiredFromTags(g), requiredFromTags(r), mode)
		}
		// The policy: as the directive says (from source), as generated, as
		// reflected.
		st := p.static
		src := [7]any{st.Title, st.ReadOnly, st.IsDestructive(), st.Idempotent, st.IsOpenWorld(), strings.Join(st.ErrorCodes, ","), st.SafeErrors}
		for _, tl := range []*tool.Tool{g, r} {
			if got := [7]any{tl.Title, tl.ReadOnly, tl.IsDestructive(), tl.Idempotent, tl.IsOpenWorld(), strings.Join(tl.ErrorCodes, ","), tl.SafeErrors}; got != src {
				t.Errorf("%s.%s: policy %v, the directive says %v", p.list, g.Name, got, src)
			}
		}
	}
}

// TestPolicyCoverage checks that the corpus has every execution-policy
// option, so that TestMetadata proves each through both front ends.
func TestPolicyCoverage(t *testing.T) {
	var title, readOnly, additive, idempotent, closed, readApproval, codes, safe bool
	for _, p := range pairs(t, load(t)) {
		g := p.gen
		title = title || g.Title != ""
		readOnly = readOnly || g.ReadOnly
		additive = additive || (!g.ReadOnly && !g.IsDestructive())
		idempotent = idempotent || g.Idempotent
		closed = closed || !g.IsOpenWorld()
		readApproval = readApproval || (g.ReadOnly && g.RequiresApproval)
		codes = codes || len(g.ErrorCodes) > 1
		safe = safe || g.SafeErrors
	}
	if !codes || !safe {
		t.Errorf("the corpus lacks declared error codes (%v) or safe errors (%v)", codes, safe)
	}
	if !title || !readOnly || !additive || !idempotent || !closed || !readApproval {
		t.Errorf("the corpus lacks a policy: title %v, read-only %v, additive %v, idempotent %v, closed world %v, read-only with approval %v",
			title, readOnly, additive, idempotent, closed, readApproval)
	}
}

// TestResults calls every tool both ways with the same random arguments
// (values of the input type, marshalled by encoding/json) and compares the
// results as JSON. Each call gets fresh receivers on both sides, so that
// the state a method keeps cannot make the two differ.
func TestResults(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	ctx := context.Background()
	for _, p := range pairs(t, load(t)) {
		in := inputType(reflect.TypeOf(p.fn))
		for range 20 {
			args := []byte("{}")
			if in != nil {
				v := randvalue.Value(r, in, randvalue.Config{MaxDepth: 3, MaxLen: 3})
				var err error
				if args, err = json.Marshal(v.Interface()); err != nil {
					t.Fatal(err)
				}
				if string(args) == "null" {
					args = []byte("{}")
				}
			}
			gen, refl := fresh(t, p)
			gv, gerr := call(ctx, gen, args)
			rv, rerr := call(ctx, refl, args)
			if fmt.Sprint(gerr) != fmt.Sprint(rerr) {
				t.Errorf("%s.%s(%s): generated error %v, reflected error %v", p.list, p.gen.Name, args, gerr, rerr)
				continue
			}
			gj, _ := json.Marshal(gv)
			rj, _ := json.Marshal(rv)
			if !bytes.Equal(gj, rj) || reflect.TypeOf(gv) != reflect.TypeOf(rv) {
				t.Errorf("%s.%s(%s): generated %T %s, reflected %T %s", p.list, p.gen.Name, args, gv, gj, rv, rj)
			}
		}
	}
}

// fresh makes the tool of p again, both ways, on new receivers.
func fresh(t *testing.T, p pair) (gen, refl *tool.Tool) {
	t.Helper()
	find := func() *tool.Tool {
		for _, tl := range lists()[p.list] {
			if tl.Name == p.gen.Name {
				return tl
			}
		}
		t.Fatalf("no tool %s in list %q", p.gen.Name, p.list)
		return nil
	}
	gen = find()
	fn := p.fn
	if methodList(p.list) {
		_, bound := toolimpl.Binding(find())
		fn = reflect.ValueOf(bound).MethodByName(p.static.Func.Name()).Interface()
	}
	refl, err := reflectimpl.Create(fn, optionsOf(p.gen)...)
	if err != nil {
		t.Fatal(err)
	}
	return gen, refl
}

// call calls a tool's handler; a panic (random arguments may break a
// tool's assumptions) is returned as an error, so that the two paths can
// be compared on it too.
func call(ctx context.Context, t *tool.Tool, args []byte) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, fmt.Errorf("panic: %v", r)
		}
	}()
	h, fn := toolimpl.Binding(t)
	var in any
	if it := h.Input(); it != nil {
		p := reflect.New(it)
		if err := json.Unmarshal(args, p.Interface()); err != nil {
			return nil, err
		}
		in = p.Interface()
	}
	return h.Call(ctx, &tool.Call{Tool: t.Name}, fn, in)
}

// inputType returns the input parameter's type of a tool function, nil
// when it has none.
func inputType(ft reflect.Type) reflect.Type {
	for i := range ft.NumIn() {
		p := ft.In(i)
		if p == reflect.TypeFor[context.Context]() || p == reflect.TypeFor[*tool.Call]() {
			continue
		}
		return p
	}
	return nil
}

// TestInvokeParity invokes every tool both ways, through tool.Invoke, with
// good arguments (random values of the input type) and bad ones (a wrong
// type, an unknown name, a missing object, broken JSON), and requires the
// same results: parts, error code, violations, cost lines.
func TestInvokeParity(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	ctx := context.Background()
	codes := map[string]int{}
	for _, p := range pairs(t, load(t)) {
		in := inputType(reflect.TypeOf(p.fn))
		var sets []string
		for range 8 {
			args := "{}"
			if in != nil {
				v := randvalue.Value(r, in, randvalue.Config{MaxDepth: 3, MaxLen: 3})
				if b, err := json.Marshal(v.Interface()); err == nil && string(b) != "null" {
					args = visible(b, p.gen.InputSchema)
				}
			}
			sets = append(sets, args)
			// The same with each member given a value of another type.
			var m map[string]json.RawMessage
			if json.Unmarshal([]byte(args), &m) == nil {
				for k, v := range m {
					bad := `true`
					if string(v) == "true" || string(v) == "false" {
						bad = `"x"`
					}
					m2 := map[string]json.RawMessage{k: json.RawMessage(bad)}
					for k2, v2 := range m {
						if k2 != k {
							m2[k2] = v2
						}
					}
					b, _ := json.Marshal(m2)
					sets = append(sets, string(b))
					break
				}
			}
		}
		sets = append(sets, `{"no_such_argument":1}`, `[]`, `{"a":`, `{"x":1,"x":2}`)
		for _, args := range sets {
			gen, refl := fresh(t, p)
			// Approved, so that the tools that require it run too.
			actx := tool.Approve(ctx, p.gen.Name, json.RawMessage(args))
			gr, gerr := invoke(actx, gen, args)
			rr, rerr := invoke(actx, refl, args)
			if fmt.Sprint(gerr) != fmt.Sprint(rerr) || gr != rr {
				t.Errorf("%s.%s(%s):\ngenerated %s %v\nreflected %s %v", p.list, p.gen.Name, args, gr, gerr, rr, rerr)
			}
			var res struct{ Code string }
			json.Unmarshal([]byte(gr), &res)
			codes[res.Code]++
		}
	}
	// Both paths must have been exercised: calls that ran, calls refused.
	t.Logf("results by code: %v", codes)
	if codes[""] < 100 || codes["invalid_arguments"] < 100 {
		t.Errorf("results by code %v: too few calls ran or were refused to prove anything", codes)
	}
}

// invoke calls t.Invoke and writes its result as JSON, for comparison; a
// panic (random arguments may break a tool's assumptions) is part of it.
func invoke(ctx context.Context, t *tool.Tool, args string) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = "", fmt.Errorf("panic: %v", r)
		}
	}()
	r, err := t.Invoke(ctx, json.RawMessage(args))
	if r == nil {
		return "", err
	}
	value, _ := json.Marshal(r.Value)
	b, _ := json.Marshal(struct {
		Parts      []tool.Part
		IsError    bool
		Code       tool.ErrorCode
		Started    bool
		Violations []tool.Violation
		Costs      []tool.Cost
		Value      json.RawMessage
	}{r.Parts, r.IsError, r.Code, r.Started, r.Violations, r.Costs, value})
	return string(b), err
}

// TestProviders converts every corpus tool for each provider and compares
// the definitions (or the reason a tool has none) with
// testdata/providers.golden; every converted schema must be a valid 2020-12
// schema.
func TestProviders(t *testing.T) {
	var out strings.Builder
	for _, p := range pairs(t, load(t)) {
		name := p.list + "." + p.gen.Name
		convs := []struct {
			provider string
			def      func() (json.RawMessage, error)
			path     []string
		}{
			{"openai", func() (json.RawMessage, error) { return provider.OpenAI(p.gen) }, []string{"function", "parameters"}},
			{"anthropic", func() (json.RawMessage, error) {
				defs, err := provider.Anthropic([]*tool.Tool{p.gen})
				if err != nil {
					return nil, err
				}
				return defs[0], nil
			}, []string{"input_schema"}},
			{"gemini", func() (json.RawMessage, error) { return provider.Gemini(p.gen) }, []string{"parametersJsonSchema"}},
		}
		for _, c := range convs {
			def, err := c.def()
			if err != nil {
				fmt.Fprintf(&out, "%s %s: error: %v\n", c.provider, name, err)
				continue
			}
			fmt.Fprintf(&out, "%s %s: %s\n", c.provider, name, def)
			var v any
			if err := json.Unmarshal(def, &v); err != nil {
				t.Fatalf("%s %s: %v", c.provider, name, err)
			}
			for _, k := range c.path {
				v = v.(map[string]any)[k]
			}
			b, _ := json.Marshal(v)
			schematest.Check(t, b)
		}
	}
	golden := filepath.Join("testdata", "providers.golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("provider definitions differ from %s (go test -update to accept)", golden)
	}
}
