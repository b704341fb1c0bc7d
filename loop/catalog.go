package loop

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/internal/toolsearch"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// SearchToolName is the name of the tool a Catalog adds.
const SearchToolName = "search_tools"

// defaultSearchResults is how many tools one search reveals at most when
// the model gives no limit (it may ask for 1 to 20).
const defaultSearchResults = 5

// A Catalog is a client-side tool search, for an API without a native
// one: the deferred tools (Meta.DeferLoading) are not sent until the
// model finds them with search_tools (5 a search, or as many as the
// model asks for, up to 20; a query of at most 1,000 characters, a
// longer one refused before it is read), which ranks them by BM25 over their
// names, titles, descriptions and the names and descriptions of their
// parameters, words matched by stem and by the common synonyms of tools'
// verbs ("removing" finds delete_file; deterministic: ties go to the
// earlier tool). A found tool
// becomes visible: the adapter appends its definition to the next
// request's tools, after the ones already sent, so that a prompt cache of
// the earlier tools survives.
//
// The runner takes Set (every tool and search_tools); an adapter given
// the Catalog sends Visible. Visible only grows, at its end: an adapter
// that has sent the first n of it sends Visible()[n:] next. A deferred tool
// called before it is found runs all the same (its name is in Set).
// A Catalog is safe for concurrent use. It holds one conversation's finds:
// make one for each conversation (NewCatalog over the same Set),
// or tools one model found are sent to another.
type Catalog struct {
	set      *tool.Set
	index    *toolsearch.Index
	deferred []*tool.Tool

	mu      sync.Mutex
	visible []*tool.Tool
	shown   map[string]bool
}

// NewCatalog returns the catalog of set's tools. Without a deferred tool
// it adds no search tool and Visible is the set's tools. A tool of set
// named search_tools is refused, and so is a nil set.
func NewCatalog(set *tool.Set) (*Catalog, error) {
	if set == nil {
		return nil, errors.New("loop: NewCatalog's set is nil")
	}
	c := &Catalog{shown: map[string]bool{}}
	if _, ok := set.Lookup(SearchToolName); ok {
		return nil, fmt.Errorf("loop: a tool is named %q, the name of the tool a Catalog adds", SearchToolName)
	}
	var docs []toolsearch.Doc
	for _, t := range set.Tools() {
		if t.DeferLoading {
			c.deferred = append(c.deferred, t)
			docs = append(docs, toolsearch.Doc{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema})
			continue
		}
		c.visible = append(c.visible, t)
		c.shown[t.Name] = true
	}
	if len(c.deferred) == 0 {
		c.set = set
		return c, nil
	}
	c.index = toolsearch.New(docs)
	search, err := reflectimpl.Create(c.search, reflectimpl.Meta(tool.Meta{Name: SearchToolName, Description: fmt.Sprintf("Finds tools that can do what you describe, among %d more than those you have, best first. "+
		"The tools found can be called from your next turn on.", len(c.deferred)), ReadOnly: true, OpenWorld: new(false)}))
	if err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	all := append(set.Tools(), search)
	if c.set, err = tool.NewSet(all); err != nil {
		return nil, fmt.Errorf("loop: %w", err)
	}
	// The runner given the set lists the tools found as the model's.
	toolhook.SetOwner(c.set, c)
	c.visible = append(c.visible, search)
	c.shown[SearchToolName] = true
	return c, nil
}

// Set returns every tool of the catalog, the deferred ones and
// search_tools among them: the runner's Tools.
func (c *Catalog) Set() *tool.Set { return c.set }

// Visible returns the tools whose definitions a request may carry: the
// tools not deferred, in the set's order, then search_tools, then the
// tools found, in the order they were found. An adapter sends them in
// that order while its request has room (Chat Completions takes 128
// tools, Gemini 512 declarations in one tool, Anthropic 20 strict
// tools): past it, the tools found are among these but not sent, and the
// conversation's ToolNames, where it has one, tells what a request
// carries.
func (c *Catalog) Visible() []*tool.Tool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*tool.Tool(nil), c.visible...)
}

// searchIn is search_tools' input.
type searchIn struct {
	Query string `json:"query" minLength:"1" maxLength:"1000" description:"What the tool should do, in words: a task, an object, an action."`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"20" description:"How many tools to find at most (default 5)."`
}

// foundTool is one tool search_tools found.
type foundTool struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// search ranks the deferred tools against the query and makes the tools
// found visible.
func (c *Catalog) search(_ context.Context, in searchIn) ([]foundTool, error) {
	n := defaultSearchResults
	if in.Limit > 0 {
		n = in.Limit
	}
	out := []foundTool{}
	hits := c.index.Search(in.Query, n)
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, h := range hits {
		t := c.deferred[h.Doc]
		out = append(out, foundTool{Name: t.Name, Description: t.Description})
		if !c.shown[t.Name] {
			c.shown[t.Name] = true
			c.visible = append(c.visible, t)
		}
	}
	return out, nil
}
