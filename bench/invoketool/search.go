// Package invoketool holds the tool that BenchmarkInvoke calls four ways:
// by hand, through the generated handler, by reflection and through the MCP
// Go SDK. Its toolschema_gen.go is written by toolgen:
//
//	cd bench && go run github.com/toolschema/toolschema/cmd/toolgen ./invoketool
package invoketool

import (
	"context"
	"strconv"
	"strings"
)

// Sort is the order of the hits.
type Sort string

const (
	SortRelevance Sort = "relevance"
	SortNewest    Sort = "newest"
	SortOldest    Sort = "oldest"
)

// Scope narrows a search to one repository.
type Scope struct {
	// Repo is the repository, as owner/name.
	Repo string `json:"repo" minLength:"3"`
	// Path is a directory inside the repository; the whole tree when empty.
	Path string `json:"path,omitempty"`
}

// Query is the input of Search.
type Query struct {
	// Text is the words to look for.
	Text string `json:"text" minLength:"1" maxLength:"200"`
	// Limit is the most hits to return.
	Limit int `json:"limit" minimum:"1" maximum:"50" default:"10"`
	// Sort is the order of the hits.
	Sort Sort `json:"sort"`
	// Langs keeps only files in these languages.
	Langs []string `json:"langs" maxItems:"8"`
	// Scope is where to search.
	Scope Scope `json:"scope"`
	// Exact asks for the words in this order; null lets the engine choose.
	Exact *bool `json:"exact"`
}

// Hit is one match.
type Hit struct {
	Path  string  `json:"path"`
	Line  int     `json:"line"`
	Score float64 `json:"score"`
}

// Result is what Search found.
type Result struct {
	Total int    `json:"total"`
	Sort  Sort   `json:"sort"`
	Hits  []Hit  `json:"hits"`
	Note  string `json:"note,omitempty"`
}

// Search finds code matching a query. It does a little deterministic work
// on its input, so that every way of calling it returns the same result
// for the same arguments.
//
//tool:export
func Search(ctx context.Context, in Query) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	n := min(in.Limit, 3)
	r := Result{Total: len(in.Text) * 7, Sort: in.Sort, Hits: make([]Hit, 0, n)}
	dir := strings.TrimSuffix(in.Scope.Path, "/")
	if dir == "" {
		dir = in.Scope.Repo
	}
	for i := range n {
		lang := "go"
		if len(in.Langs) > 0 {
			lang = in.Langs[i%len(in.Langs)]
		}
		r.Hits = append(r.Hits, Hit{
			Path:  dir + "/file" + strconv.Itoa(i) + "." + lang,
			Line:  10*i + len(in.Text),
			Score: 1 / float64(i+1),
		})
	}
	if in.Exact != nil && *in.Exact {
		r.Note = "exact phrase"
	}
	return r, nil
}
