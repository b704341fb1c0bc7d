package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/toolsearch"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// A Search serves a large set of tools as a catalog the model searches,
// for clients that have no tool search of their own: the server lists
// the tools named in Listed and two more, search_tools, which returns the
// tools that best match what the model asks for (their names,
// descriptions and input schemas; 8, or the fewer the model asks for: its
// limit's schema says so, and a larger one is refused as any argument
// out of bounds), and call_tool, which calls a tool of
// the catalog by name. The tools not listed are still served: a client
// that calls a found tool by its own name, as clients with a search of
// their own do, reaches it. A definition the model never needs
// costs it nothing, and a search over 1,000 tools takes well under a
// millisecond.
//
// Calls through call_tool are the tool's own calls: the same checks,
// approval (Options.Approve, with the request a call of the tool would
// have), serial gate, result and errors.
type Search struct {
	// Listed names the tools listed as themselves beside search_tools and
	// call_tool: the few the model needs on every turn. When a tool of
	// the set is deferred (tool.Meta.DeferLoading), the tools that are
	// not are listed too.
	Listed []string
}

// The names of the tools a Search adds.
const (
	searchToolName = "search_tools"
	callToolName   = "call_tool"
)

// maxSearchResults bounds the tools one search returns.
const maxSearchResults = 8

type searchIn struct {
	Query string `json:"query" description:"What the tool should do, in a few words: a task, an object, a name." minLength:"1" maxLength:"1000"`
	Limit int    `json:"limit,omitempty" description:"How many tools to return at most (default 8)." minimum:"1" maximum:"8"`
}

type found struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

type callIn struct {
	Name      string          `json:"name" description:"The name of a tool that search_tools returned." minLength:"1"`
	Arguments json.RawMessage `json:"arguments,omitempty" description:"The tool's arguments: an object, as its input schema says."`
}

// registerSearch adds search_tools, call_tool and the listed tools to s;
// handlers holds the handler of every tool of set, by name.
func registerSearch(s *mcp.Server, set *tool.Set, handlers map[string]mcp.ToolHandler, describe func(*tool.Tool) *mcp.Tool, opts *Options) error {
	se := opts.Search
	limit := maxSearchResults
	tools := set.Tools()
	listed := map[string]bool{}
	// Tools that say whether they are deferred (Meta.DeferLoading) say
	// which are listed: when any is, the others are listed as well.
	if slices.ContainsFunc(tools, func(t *tool.Tool) bool { return t.DeferLoading }) {
		for _, t := range tools {
			if !t.DeferLoading {
				listed[t.Name] = true
			}
		}
	}
	for _, name := range se.Listed {
		if _, ok := set.Lookup(name); !ok {
			return fmt.Errorf("mcpserver: Search.Listed names %q, which is not a tool served", name)
		}
		listed[name] = true
	}
	for _, name := range []string{searchToolName, callToolName} {
		if _, ok := set.Lookup(name); ok {
			return fmt.Errorf("mcpserver: a tool is named %q, the name of a tool that Search adds", name)
		}
	}
	docs := make([]toolsearch.Doc, len(tools))
	for i, t := range tools {
		docs[i] = toolsearch.Doc{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema}
	}
	index := toolsearch.New(docs)

	search, err := reflectimpl.Create(func(_ context.Context, in searchIn) ([]found, error) {
		n := limit
		if in.Limit > 0 && in.Limit < n {
			n = in.Limit
		}
		out := []found{}
		for _, h := range index.Search(in.Query, n) {
			t := tools[h.Doc]
			out = append(out, found{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema})
		}
		return out, nil
	}, reflectimpl.Meta(tool.Meta{
		Name:        searchToolName,
		Description: fmt.Sprintf("Finds the tools of this server that can do what you describe, among %d, best first, with the input schema of each. Call one with %s.", len(tools), callToolName),
		ReadOnly:    true,
		OpenWorld:   new(false),
	}))
	if err != nil {
		return fmt.Errorf("mcpserver: %w", err)
	}
	call, err := reflectimpl.Create(func(context.Context, callIn) error { return nil },
		reflectimpl.Meta(tool.Meta{
			Name:        callToolName,
			Description: fmt.Sprintf("Calls a tool that %s found, by its name, with its arguments.", searchToolName),
		}))
	if err != nil {
		return fmt.Errorf("mcpserver: %w", err)
	}
	// The two tools added here are described (Adjust included) and
	// their headers checked before any tool is added, as Register does
	// for the catalog's.
	searchListed, callListed := describe(search), describe(call)
	var searchHeaders, callHeaders []paramHeader
	for _, c := range []struct {
		mt      *mcp.Tool
		headers *[]paramHeader
	}{{searchListed, &searchHeaders}, {callListed, &callHeaders}} {
		if *c.headers, err = paramHeaders(c.mt.InputSchema); err != nil {
			return fmt.Errorf("mcpserver: tool %q: its x-mcp-header annotations break MCP's rules: %v", c.mt.Name, err)
		}
	}
	var unlisted []string
	for _, t := range tools {
		if !listed[t.Name] {
			unlisted = append(unlisted, t.Name)
		}
	}
	servedOf(s).hide(unlisted)
	for _, t := range tools {
		addTool(s, describe(t), handlers[t.Name])
	}
	addTool(s, searchListed, handler(search, opts, searchHeaders))
	callHandler := handler(call, opts, callHeaders)
	addTool(s, callListed, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// call_tool's own headers first, on every call (callHandler,
		// which checks them too, runs only for refused arguments).
		if err := checkParamHeaders(callToolName, callHeaders, req); err != nil {
			return nil, err
		}
		in, viols, err := call.CheckArgs(ctx, req.Params.Arguments)
		if err != nil || len(viols) > 0 {
			return callHandler(ctx, req) // refused as any tool's arguments are
		}
		name := in.(*callIn).Name
		h, ok := handlers[name]
		if !ok {
			return unknownInCatalog(name, index, tools), nil
		}
		// The call is the named tool's: a request of its own, the
		// client's session and input responses kept.
		params := *req.Params
		params.Name = name
		params.Arguments = in.(*callIn).Arguments
		inner := *req
		inner.Params = &params
		if req.Extra != nil {
			// The request's Mcp-Param headers mirror call_tool's
			// arguments (checked above), not the named tool's, which
			// come inside them and no client mirrors.
			extra := *req.Extra
			extra.Header = req.Extra.Header.Clone()
			for k := range extra.Header {
				if len(k) > len(paramPrefix) && strings.EqualFold(k[:len(paramPrefix)], paramPrefix) {
					delete(extra.Header, k)
				}
			}
			inner.Extra = &extra
		}
		return h(ctx, &inner)
	})
	return nil
}

// unknownInCatalog answers a call_tool of a name the catalog does not
// have, with the closest names when a search of the name finds any. The
// name is cut: the model sent it, and it goes back to the model.
func unknownInCatalog(name string, index *toolsearch.Index, tools []*tool.Tool) *mcp.CallToolResult {
	var b strings.Builder
	fmt.Fprintf(&b, "Tool %s is not in this server's catalog.", quoteCut(name))
	if hits := index.Search(name, 3); len(hits) > 0 {
		b.WriteString(" Closest:")
		for i, h := range hits {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + tools[h.Doc].Name)
		}
		b.WriteString(".")
	}
	fmt.Fprintf(&b, " Find tools with %s.", searchToolName)
	r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: b.String()}}, IsError: true}
	r.Meta = mcp.Meta{}
	setMeta(r.Meta, "code", string(tool.InvalidArguments))
	return r
}

// quoteCut quotes s for a message, cut to 64 bytes on a rune boundary.
func quoteCut(s string) string {
	const max = 64
	if len(s) <= max {
		return fmt.Sprintf("%q", s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q (%d more bytes)", s[:cut], len(s)-cut)
}
