package toolsearch

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// A query of the quality fixture, with the tools that answer it.
type evalQuery struct {
	text string
	want []int // indices into the catalog
}

// loadQuality reads testdata/quality.txt: its catalog, as Docs whose
// schemas declare the parameters it lists, and its queries.
func loadQuality(t testing.TB) ([]Doc, []evalQuery) {
	t.Helper()
	f, err := os.Open("testdata/quality.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type param struct{ name, desc string }
	var (
		docs    []Doc
		params  [][]param
		lines   []string // the queries' lines, read once the catalog is
		queries bool
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			queries = line == "[queries]"
		case queries:
			lines = append(lines, line)
		case strings.HasPrefix(line, "  "):
			name, desc, ok := strings.Cut(strings.TrimSpace(line), ": ")
			if !ok || len(docs) == 0 {
				t.Fatalf("line %d: a parameter is name: description, after a tool", n)
			}
			params[len(params)-1] = append(params[len(params)-1], param{name, desc})
		default:
			name, desc, ok := strings.Cut(line, ": ")
			if !ok {
				t.Fatalf("line %d: a tool is name: description", n)
			}
			docs = append(docs, Doc{Name: name, Description: desc})
			params = append(params, nil)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, d := range docs {
		if _, dup := index[d.Name]; dup {
			t.Fatalf("tool %s twice", d.Name)
		}
		index[d.Name] = i
		props := map[string]any{}
		for _, p := range params[i] {
			props[p.name] = map[string]any{"type": "string", "description": p.desc}
		}
		schema, err := json.Marshal(map[string]any{"type": "object", "properties": props})
		if err != nil {
			t.Fatal(err)
		}
		docs[i].InputSchema = schema
	}
	var qs []evalQuery
	for _, line := range lines {
		text, names, ok := strings.Cut(line, " => ")
		if !ok {
			t.Fatalf("query %q: no =>", line)
		}
		q := evalQuery{text: text}
		for _, name := range strings.Split(names, ",") {
			i, ok := index[strings.TrimSpace(name)]
			if !ok {
				t.Fatalf("query %q: no tool %q", text, name)
			}
			q.want = append(q.want, i)
		}
		qs = append(qs, q)
	}
	return docs, qs
}

// figures are the quality of a ranking over some queries: recall at 1
// and at 5 (the share of a query's tools among the first k, out of as
// many as could be there, min(k, tools)), and the mean reciprocal rank of
// a query's first tool found (0 when none is).
type figures struct {
	r1, r5, mrr float64
	n           int
}

func (f figures) String() string {
	return fmt.Sprintf("%.3f  %.3f  %.3f", f.r1, f.r5, f.mrr)
}

// evaluate ranks the whole catalog for each query that keep lets in.
func evaluate(x *Index, ndocs int, qs []evalQuery, keep func(i int) bool) figures {
	var f figures
	for i, q := range qs {
		if !keep(i) {
			continue
		}
		hits := x.Search(q.text, ndocs)
		rank := map[int]int{}
		for r, h := range hits {
			rank[h.Doc] = r + 1
		}
		first := 0
		var in1, in5 int
		for _, w := range q.want {
			r, ok := rank[w]
			if !ok {
				continue
			}
			if first == 0 || r < first {
				first = r
			}
			if r <= 1 {
				in1++
			}
			if r <= 5 {
				in5++
			}
		}
		f.r1 += float64(in1) / float64(min(1, len(q.want)))
		f.r5 += float64(in5) / float64(min(5, len(q.want)))
		if first > 0 {
			f.mrr += 1 / float64(first)
		}
		f.n++
	}
	if f.n > 0 {
		f.r1 /= float64(f.n)
		f.r5 /= float64(f.n)
		f.mrr /= float64(f.n)
	}
	return f
}

func all(int) bool    { return true }
func odd(i int) bool  { return i%2 == 1 }
func even(i int) bool { return i%2 == 0 }

// The figures the default ranking reached when they were last improved
// (docs/benchmarks.md): TestQuality fails if they drop by more than
// qualityMargin.
const (
	landedRecall5 = 0.939
	landedMRR     = 0.867
	qualityMargin = 0.02
)

// TestQuality measures how well the default ranking finds, among 212
// tools modelled on public MCP servers' tool sets, the tools 165 queries
// phrased as a model phrases them ask for; it fails if recall@5 or the
// MRR falls below what was landed. With -v it prints the figures of every
// variant of the ranking that was weighed against the default.
func TestQuality(t *testing.T) {
	docs, qs := loadQuality(t)
	if len(docs) < 150 || len(qs) < 100 {
		t.Fatalf("%d tools and %d queries: too few to measure", len(docs), len(qs))
	}
	got := evaluate(New(docs), len(docs), qs, all)
	t.Logf("default: recall@1 %.3f, recall@5 %.3f, MRR %.3f over %d queries", got.r1, got.r5, got.mrr, got.n)
	if got.r5 < landedRecall5-qualityMargin || got.mrr < landedMRR-qualityMargin {
		t.Errorf("recall@5 %.3f and MRR %.3f; the landed ranking had %.3f and %.3f", got.r5, got.mrr, landedRecall5, landedMRR)
	}
	if testing.Verbose() {
		x := New(docs)
		for _, q := range qs {
			hits := x.Search(q.text, 5)
			found := false
			for _, h := range hits {
				for _, w := range q.want {
					found = found || h.Doc == w
				}
			}
			if !found {
				var names []string
				for _, h := range hits {
					names = append(names, docs[h.Doc].Name)
				}
				t.Logf("missed: %q: want %s, got %v", q.text, docs[q.want[0]].Name, names)
			}
		}
	}
}

// variants are the rankings weighed against the default, by name.
func variants() []struct {
	name string
	cfg  config
} {
	with := func(f func(c *config)) config {
		c := defaults
		f(&c)
		return c
	}
	baseline := with(func(c *config) { c.stem, c.synonyms = false, nil })
	return []struct {
		name string
		cfg  config
	}{
		{"baseline: plural s only", baseline},
		{"stemming", with(func(c *config) { c.synonyms = nil })},
		{"synonyms", with(func(c *config) { c.stem = false; c.synonyms = synonymMap(synonymGroups, *c) })},
		{"stemming, synonyms (default)", defaults},
		{"k1 0.9", with(func(c *config) { c.k1 = 0.9 })},
		{"k1 1.6", with(func(c *config) { c.k1 = 1.6 })},
		{"k1 2.0", with(func(c *config) { c.k1 = 2.0 })},
		{"b 0.5", with(func(c *config) { c.b = 0.5 })},
		{"b 0.9", with(func(c *config) { c.b = 0.9 })},
		{"name 2", with(func(c *config) { c.name = 2 })},
		{"name 4", with(func(c *config) { c.name = 4 })},
		{"param 1", with(func(c *config) { c.param = 1 })},
		{"param 0.5", with(func(c *config) { c.param = 0.5 })},
		{"param desc 0.25", with(func(c *config) { c.pdesc = 0.25 })},
		{"param desc 1", with(func(c *config) { c.pdesc = 1 })},
		{"desc 1.5", with(func(c *config) { c.desc = 1.5 })},
	}
}

// TestQualityVariants prints, with -v, the figures of every variant on
// all the queries and on the odd and even halves, and fails unless the
// default does better than the baseline on each half: a change that
// helps one half only is fitted to the queries, not to the task.
func TestQualityVariants(t *testing.T) {
	docs, qs := loadQuality(t)
	vs := variants()
	t.Logf("%-32s %-20s %-20s %-20s", "variant", "all r@1 r@5 MRR", "odd", "even")
	for _, v := range vs {
		x := newIndex(docs, &v.cfg)
		t.Logf("%-32s %-20s %-20s %-20s", v.name, evaluate(x, len(docs), qs, all), evaluate(x, len(docs), qs, odd), evaluate(x, len(docs), qs, even))
	}
	base, def := newIndex(docs, &vs[0].cfg), New(docs)
	for _, half := range []struct {
		name string
		keep func(int) bool
	}{{"odd", odd}, {"even", even}} {
		b, d := evaluate(base, len(docs), qs, half.keep), evaluate(def, len(docs), qs, half.keep)
		if d.r5 < b.r5 || d.mrr <= b.mrr {
			t.Errorf("%s half: the default has recall@5 %.3f and MRR %.3f, the baseline %.3f and %.3f", half.name, d.r5, d.mrr, b.r5, b.mrr)
		}
	}
}
