// Package toolsearch ranks a catalog of tools against a query, for the
// programs that offer a model more tools than it should see at once: the
// model asks for tools in its own words and is shown the best few. The
// ranking is BM25 over each tool's name, title, description and the names
// and descriptions of its parameters, the name counting most. It is
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

// The weight of a word by where it is found.
const (
	nameWeight  = 3.0
	titleWeight = 2.0
	descWeight  = 1.0
	paramWeight = 1.5 // a parameter's name
	pdescWeight = 0.5 // a parameter's description
)

// BM25's parameters, at their usual values.
const (
	k1 = 1.2
	b  = 0.75
)

// An Index ranks a fixed list of Docs. It is safe for concurrent use.
type Index struct {
	postings map[string][]posting
	norm     []float64      // each doc's weighted length while New counts, then its BM25 normalisation
	names    map[string]int // exact names, lowercased
}

type posting struct {
	doc int
	tf  float64
}

// New indexes docs.
func New(docs []Doc) *Index {
	x := &Index{postings: map[string][]posting{}, norm: make([]float64, len(docs)), names: map[string]int{}}
	total := 0.0
	for i, d := range docs {
		tf := map[string]float64{}
		add := func(text string, w float64) {
			for _, t := range Terms(text) {
				tf[t] += w
				x.norm[i] += w
			}
		}
		add(d.Name, nameWeight)
		add(d.Title, titleWeight)
		add(d.Description, descWeight)
		walkParams(d.InputSchema, add)
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
			x.norm[i] = k1 * (1 - b + b*l/avg)
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
	for _, t := range dedup(Terms(query)) {
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
// left out and a plural's s taken off.
func Terms(text string) []string {
	var out []string
	start := -1
	var prev rune
	flush := func(end int) {
		if start >= 0 {
			if t := normalize(text[start:end]); t != "" {
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

func normalize(w string) string {
	w = strings.ToLower(w)
	if stop[w] {
		return ""
	}
	if n := utf8.RuneCountInString(w); n > 3 {
		switch {
		case strings.HasSuffix(w, "ies") && n > 4:
			w = w[:len(w)-3] + "y"
		case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
			w = w[:len(w)-1]
		}
	}
	return w
}

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
func walkParams(schema json.RawMessage, add func(string, float64)) {
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
					add(k, paramWeight)
					if p, ok := props[k].(map[string]any); ok {
						if d, ok := p["description"].(string); ok {
							add(d, pdescWeight)
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
