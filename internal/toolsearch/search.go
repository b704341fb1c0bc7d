// Package toolsearch ranks a catalog of tools against a query, for the
// programs that offer a model more tools than it should see at once: the
// model asks for tools in its own words and is shown the best few. The
// ranking is BM25 over each tool's name, title, description and the names
// and descriptions of its parameters, the name counting most. Words match
// by their stems ("creating" finds "creates") and as synonyms common in
// tools' names ("remove" finds "delete", "fetch" finds "get"). It is
// deterministic (ties keep the catalog's order) and needs no model.
package toolsearch

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Doc is what the index knows of one tool.
type Doc struct {
	Name        string
	Title       string
	Description string
	// InputSchema is the tool's JSON Schema: the names and descriptions
	// of its parameters, at every depth, are searched too.
	InputSchema json.RawMessage
}

// A config is the rules of a ranking: BM25's parameters, the weight of a
// word by where it is found, and how words are normalized. New uses
// defaults; the quality test measures others against them.
type config struct {
	k1, b float64
	// The weight of a word in the name, the title, the description, a
	// parameter's name and a parameter's description.
	name, title, desc, param, pdesc float64

	stem     bool              // -ing, -ed and a final e come off words
	synonyms map[string]string // a term → its synonym group's term; nil for none
}

var defaults = func() config {
	c := config{
		k1: 1.2, b: 0.75, // BM25's usual values
		name: 3, title: 2, desc: 1, param: 1.5, pdesc: 0.5,
		stem: true,
	}
	c.synonyms = synonymMap(synonymGroups, c)
	return c
}()

// An Index ranks a fixed list of Docs. It is safe for concurrent use.
type Index struct {
	postings map[string][]posting
	norm     []float64      // each doc's weighted length while New counts, then its BM25 normalisation
	names    map[string]int // exact names, lowercased
	cfg      *config
}

type posting struct {
	doc int
	tf  float64
}

// New indexes docs.
func New(docs []Doc) *Index { return newIndex(docs, &defaults) }

func newIndex(docs []Doc, cfg *config) *Index {
	x := &Index{postings: map[string][]posting{}, norm: make([]float64, len(docs)), names: map[string]int{}, cfg: cfg}
	total := 0.0
	for i, d := range docs {
		tf := map[string]float64{}
		add := func(text string, w float64) {
			for _, t := range terms(text, cfg) {
				tf[t] += w
				x.norm[i] += w
			}
		}
		add(d.Name, cfg.name)
		add(d.Title, cfg.title)
		add(d.Description, cfg.desc)
		walkParams(d.InputSchema, cfg.param, cfg.pdesc, add)
		// The postings list the docs in order: i grows.
		for t, f := range tf {
			x.postings[t] = append(x.postings[t], posting{doc: i, tf: f})
		}
		total += x.norm[i]
		if _, dup := x.names[strings.ToLower(d.Name)]; !dup {
			x.names[strings.ToLower(d.Name)] = i
		}
	}
	if len(docs) > 0 {
		// BM25's length normalisation depends on the doc alone: worked
		// out once here, not for each posting of each query.
		avg := total / float64(len(docs))
		for i, l := range x.norm {
			x.norm[i] = cfg.k1 * (1 - cfg.b + cfg.b*l/avg)
		}
	}
	return x
}

// A Hit is a doc found by Search: its index in the list New was given.
type Hit struct {
	Doc   int
	Score float64
}

// Search returns the limit docs that best match query, best first; none
// when no word of the query is in the index. A query that is a tool's
// exact name finds that tool first.
func (x *Index) Search(query string, limit int) []Hit {
	if limit <= 0 {
		return nil
	}
	n := float64(len(x.norm))
	scores := map[int]float64{}
	k1 := x.cfg.k1
	for _, t := range dedup(terms(query, x.cfg)) {
		ps := x.postings[t]
		if len(ps) == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(len(ps))+0.5)/(float64(len(ps))+0.5))
		for _, p := range ps {
			scores[p.doc] += idf * p.tf * (k1 + 1) / (p.tf + x.norm[p.doc])
		}
	}
	if i, ok := x.names[strings.ToLower(strings.TrimSpace(query))]; ok {
		best := 0.0
		for _, s := range scores {
			best = max(best, s)
		}
		scores[i] = best + 1
	}
	hits := make([]Hit, 0, len(scores))
	for d, s := range scores {
		hits = append(hits, Hit{Doc: d, Score: s})
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.Doc, b.Doc)
	})
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}

func dedup(ts []string) []string {
	slices.Sort(ts)
	return slices.Compact(ts)
}

// Terms splits text into the words the index compares: runs of letters
// and digits, cut again where a lower-case letter meets an upper-case one
// (findOrders, FindOrders), lower-cased, with the commonest English words
// left out, a plural's s, -ing, -ed and a final e taken off ("creating",
// "created" and "creates" are "creat"), and each word of synonymGroups
// read as its group's first ("remove" and "erase" are "delet").
func Terms(text string) []string { return terms(text, &defaults) }

func terms(text string, cfg *config) []string {
	var out []string
	start := -1
	var prev rune
	flush := func(end int) {
		if start >= 0 {
			if t := normalize(text[start:end], cfg); t != "" {
				out = append(out, t)
			}
		}
		start = -1
	}
	for i, r := range text {
		word := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case !word:
			flush(i)
		case start < 0:
			start = i
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush(i)
			start = i
		}
		prev = r
	}
	flush(len(text))
	return out
}

func normalize(w string, cfg *config) string {
	w = strings.ToLower(w)
	if stop[w] {
		return ""
	}
	if n := utf8.RuneCountInString(w); n > 3 {
		switch {
		case strings.HasSuffix(w, "ies") && n > 4:
			w = w[:len(w)-3] + "y"
		case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is") && !notPlural[w]:
			w = w[:len(w)-1]
		}
	}
	if cfg.stem {
		w = stem(w)
	}
	if s, ok := cfg.synonyms[w]; ok {
		w = s
	}
	return w
}

// stem takes -ing and -ed off w, a lower-cased word that has lost its
// plural's s, undoubles the consonant they leave doubled, and takes off a
// final e: "creating", "created", "creates" and "create" all become
// "creat", "running" "run", "modified" "modify". A stem keeps three
// letters or more, one a vowel ("string" stays).
func stem(w string) string {
	switch {
	case strings.HasSuffix(w, "ied") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ing") && stemmable(w[:len(w)-3]):
		w = undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && stemmable(w[:len(w)-2]):
		w = undouble(w[:len(w)-2])
	}
	if strings.HasSuffix(w, "e") && len(w) > 3 {
		w = w[:len(w)-1]
	}
	return w
}

// stemmable reports whether s can be a stem: three letters or more, one a
// vowel.
func stemmable(s string) bool {
	return len(s) >= 3 && strings.ContainsAny(s, "aeiouy")
}

// undouble takes one letter off a stem that ends in a doubled consonant
// other than l, s or z ("runn" to "run", "committ" to "commit"), or in
// the British doubled l of a word of -el ("cancell" to "cancel",
// "labell" to "label"; "install" and "spell" stay).
func undouble(s string) string {
	n := len(s)
	if n >= 4 && s[n-1] == s[n-2] && !strings.ContainsRune("aeiouylsz", rune(s[n-1])) ||
		n >= 6 && strings.HasSuffix(s, "ell") {
		return s[:n-1]
	}
	return s
}

// notPlural are words of a final s that is not a plural's, and that
// would read as another word without it: "news" as "new", a synonym of
// create.
var notPlural = map[string]bool{"news": true}

var stop = map[string]bool{
	"a": true, "an": true, "and": true, "are": true, "as": true, "at": true, "be": true, "by": true,
	"for": true, "from": true, "in": true, "is": true, "it": true, "its": true, "of": true, "on": true,
	"or": true, "that": true, "the": true, "this": true, "to": true, "with": true,
}

// maxDepth bounds the walk of a schema: tools' schemas are checked before
// they are indexed, and no parameter worth finding is deeper.
const maxDepth = 32

// walkParams hands add the names and descriptions of the parameters that
// schema declares, under properties at any depth (through items, the
// combinators and $defs).
func walkParams(schema json.RawMessage, param, pdesc float64, add func(string, float64)) {
	if len(schema) == 0 {
		return
	}
	var v any
	if json.Unmarshal(schema, &v) != nil {
		return
	}
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > maxDepth {
			return
		}
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				walk(e, depth+1)
			}
		case map[string]any:
			if props, ok := v["properties"].(map[string]any); ok {
				keys := make([]string, 0, len(props))
				for k := range props {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				for _, k := range keys {
					add(k, param)
					if p, ok := props[k].(map[string]any); ok {
						if d, ok := p["description"].(string); ok {
							add(d, pdesc)
						}
					}
					walk(props[k], depth+1)
				}
			}
			for _, k := range []string{"items", "prefixItems", "anyOf", "oneOf", "allOf", "additionalProperties", "$defs", "definitions"} {
				if sub, ok := v[k]; ok {
					if k == "$defs" || k == "definitions" {
						if m, ok := sub.(map[string]any); ok {
							names := make([]string, 0, len(m))
							for name := range m {
								names = append(names, name)
							}
							slices.Sort(names)
							for _, name := range names {
								walk(m[name], depth+1)
							}
						}
						continue
					}
					walk(sub, depth+1)
				}
			}
		}
	}
	walk(v, 0)
}

// synonymGroups are words that tools' names and descriptions use for the
// same action; with synonyms on, each word of a group is read as the
// group's first.
var synonymGroups = [][]string{
	{"delete", "remove", "erase"},
	{"get", "fetch", "retrieve", "read"},
	{"list", "enumerate"},
	{"create", "add", "new", "make"},
	{"update", "edit", "modify", "change"},
	{"search", "find", "query", "lookup"},
}

// synonymMap maps each word of groups, normalized as cfg has it, to its
// group's first word, normalized too.
func synonymMap(groups [][]string, cfg config) map[string]string {
	cfg.synonyms = nil
	m := map[string]string{}
	for _, g := range groups {
		head := normalize(g[0], &cfg)
		for _, w := range g[1:] {
			m[normalize(w, &cfg)] = head
		}
	}
	return m
}
