// Package anthropicadapter runs a tool set's calls through the official
// Anthropic Go SDK (github.com/anthropics/anthropic-sdk-go/v2, API version
// 2026-10-21): tool_use blocks of the assistant's message, answered by
// tool_result blocks (with is_error) in one user message.
//
// The definitions are the bytes provider.Anthropic writes, handed to the
// SDK as raw JSON (param.Override): the SDK holds a schema's properties as
// a map, which would send them sorted and its integers as float64s; raw
// JSON is sent as it is, member order and exact numbers kept. The SDK's
// typed fields of such a definition are empty: read its JSON; a field
// the SDK would set there is merged into the bytes instead (CacheLast's
// cache_control). A call's
// input is the SDK's raw JSON too, so the invoker reads the model's
// numbers exactly.
//
// Deferred tools (Meta.DeferLoading) are found by a tool search in one of
// three ways. Tools sends them with "defer_loading":true and Anthropic's
// hosted BM25 search, which the server runs. A Conversation with a
// loop.Catalog runs loop's search (search_tools) in the program: with
// References, Anthropic's client-side form, every definition goes in the
// first request (the deferred ones with defer_loading) and a search is
// answered by tool_reference blocks, whose definitions the API loads
// itself; without, the portable form any API has, the tools found are
// appended to the next request's tools.
//
// It is a module of its own, so that the toolschema module does not
// depend on the SDK.
package anthropicadapter

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// errNilSet refuses a nil *tool.Set where the set is read.
var errNilSet = errors.New("anthropicadapter: a nil tool set")

// Tools returns the definitions of the set's tools, in the set's order,
// for the Tools of a Messages request: each one exactly the bytes of
// provider.Anthropic(set.Tools(), opts...), whose per-request limits are
// checked over the whole set. The names are the tools' wire names for
// Anthropic (tool.Set.WireNames: "admin.tools.list" is sent as
// "admin_tools_list"; the loop's runner maps it back); two tools with one
// are refused, naming both. With provider.StrictIfPossible(&refused), a
// tool the strict mode refuses, or that would pass a per-request limit, is
// sent without "strict" and told in refused, rather than refusing the
// set. A tool even the non-strict mode refuses (a raw tool's property
// named "a b") refuses the set, in a *provider.RefusalError whose Tool
// names it: a program proxying many tools makes the set again without
// that tool and calls Tools again (the provider package's example
// Proxy). When a tool is deferred (Meta.DeferLoading:
// "defer_loading":true), Anthropic's hosted BM25 tool search comes last
// (provider.AnthropicToolSearchBM25), which the server runs: its results
// load the tools found.
func Tools(set *tool.Set, opts ...provider.Option) ([]anthropic.ToolUnionParam, error) {
	if set == nil {
		return nil, errNilSet
	}
	defs, err := provider.Anthropic(set.Tools(), opts...)
	if err != nil {
		return nil, err
	}
	out := make([]anthropic.ToolUnionParam, len(defs))
	for i, def := range defs {
		t := param.Override[anthropic.ToolParam](def)
		out[i] = anthropic.ToolUnionParam{OfTool: &t}
	}
	for _, t := range set.Tools() {
		if t.DeferLoading {
			search := param.Override[anthropic.ToolSearchToolBm25_20251119Param](provider.AnthropicToolSearchBM25())
			out = append(out, anthropic.ToolUnionParam{OfToolSearchToolBm25_20251119: &search})
			break
		}
	}
	return out, nil
}

// Calls returns the tool_use blocks of a message, in order: each block's
// id, name and input (the raw JSON the API sent).
func Calls(m *anthropic.Message) []loop.Call {
	var calls []loop.Call
	for i := range m.Content {
		b := &m.Content[i] // a large struct: not copied
		if b.Type != "tool_use" {
			continue
		}
		calls = append(calls, loop.Call{ID: b.ID, Name: b.Name, Args: b.Input})
	}
	return calls
}

// Results returns the user message that answers a turn (the SDK's
// MessageParam union with OfUser set): one tool_result block per outcome,
// in order, with its call's id and is_error set for a failure. A text part is a text block, a JSON part a text block of its
// JSON, an image (JPEG, PNG, GIF or WebP) an image block; other binary
// parts are a text block that says what they were (as loop.Content writes it).
// An empty text part (or one of white space only) is left out, as the API
// refuses such a text block;
// a result with no other part has no content, unless it is a failure,
// which the API refuses without content: it then says "Tool 'x' failed.",
// by the name the call gave.
func Results(outs []loop.Outcome) anthropic.MessageParam { return results(outs, nil) }

// results is Results, with the content of an outcome for which instead
// returns true taken from it.
func results(outs []loop.Outcome, instead func(loop.Outcome) ([]anthropic.ToolResultBlockParamContentUnion, bool)) anthropic.MessageParam {
	// The blocks and, for the usual result of one text or JSON part, its
	// content and text block, made at once.
	type answer struct {
		result  anthropic.ToolResultBlockParam
		content [1]anthropic.ToolResultBlockParamContentUnion
		text    anthropic.TextBlockParam
	}
	as, blocks := two[answer, anthropic.ContentBlockParamUnion](len(outs))
	for i, o := range outs {
		a := &as[i]
		a.result.ToolUseID = o.Call.ID
		if c, ok := replaced(instead, o); ok {
			a.result.Content = c
		} else if s, ok := onlyText(o.Result); ok {
			if !blank(s) { // else no content member: the API refuses an empty text block
				a.text.Text = s
				a.content[0].OfText = &a.text
				a.result.Content = a.content[:]
			}
		} else {
			a.result.Content = content(o.Result)
		}
		if o.Result.IsError {
			a.result.IsError = anthropic.Bool(true)
			if len(a.result.Content) == 0 {
				// The API refuses a failure with no content ("content
				// cannot be empty if `is_error` is true").
				a.text.Text = "Tool '" + o.Call.Name + "' failed."
				a.content[0].OfText = &a.text
				a.result.Content = a.content[:]
			}
		}
		blocks[i].OfToolResult = &a.result
	}
	return anthropic.NewUserMessage(blocks...)
}

// replaced is instead's content for o, when instead is set and has one.
func replaced(instead func(loop.Outcome) ([]anthropic.ToolResultBlockParamContentUnion, bool), o loop.Outcome) ([]anthropic.ToolResultBlockParamContentUnion, bool) {
	if instead == nil {
		return nil, false
	}
	return instead(o)
}

// onlyText is the text of a result of one text or JSON part.
func onlyText(r *tool.Result) (string, bool) {
	if len(r.Parts) != 1 {
		return "", false
	}
	return loop.PartText(r.Parts[0])
}

func content(r *tool.Result) []anthropic.ToolResultBlockParamContentUnion {
	if len(r.Parts) == 0 {
		return nil // no content member: a tool that returns nothing
	}
	out := make([]anthropic.ToolResultBlockParamContentUnion, 0, len(r.Parts))
	for _, p := range r.Parts {
		if b, ok := p.(tool.BlobPart); ok && anthropicImage(b.MIMEType) {
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{
					Data: base64.StdEncoding.EncodeToString(b.Data), MediaType: anthropic.Base64ImageSourceMediaType(b.MIMEType),
				}},
			}})
			continue
		}
		s, _ := loop.PartText(p)
		if blank(s) {
			continue // the API refuses an empty text block ("text content blocks must be non-empty")
		}
		out = append(out, anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: s}})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// anthropicImage reports whether an image block takes the media type.
func anthropicImage(mime string) bool {
	switch mime {
	case "image/jpeg", "image/png", "image/gif", "image/webp":
		return true
	}
	return false
}

// A Conversation is a conversation through the Messages API, a
// loop.Model: each Next appends the user message of the outcomes' results
// to Params.Messages (none on the first turn), sends Params, appends the
// assistant's message (without the empty or blank text blocks the API may
// answer with and refuses in a request) and returns its tool_use calls.
type Conversation struct {
	// Client sends the requests.
	Client *anthropic.Client
	// Params is the request: the model, max tokens, the messages so far,
	// the tools (Tools), and anything else the program sets.
	Params anthropic.MessageNewParams
	// Options are passed to each request.
	Options []option.RequestOption
	// Last is the last response; the model's answer when Run ends without
	// a tool ending the loop.
	Last *anthropic.Message
	// Catalog, when set, gives the tools by loop's client-side search
	// rather than Anthropic's hosted one; the runner's Tools is then
	// Catalog.Set(). The definitions are provider.Anthropic's with
	// CatalogOptions, added to Params.Tools after the tools it has. Without
	// References (the portable mode, which any API has) each Next appends
	// the definitions, without defer_loading, of the catalog's visible
	// tools not yet sent, after the tools already sent; the limits of
	// strict tools are counted over the whole request, the program's own
	// strict tools of Params.Tools first, then the catalog's. The
	// program's own past a limit are Next's error, before any request
	// (convert them with provider.StrictIfPossible or
	// provider.Strict(false)). Of the catalog's (under StrictIfPossible,
	// in CatalogOptions, a tool found past a limit is
	// sent non-strict; each conversion tells its refused every fallback
	// of the tools it converts, those sent before included; without it,
	// the tools found past a limit, or refused by the strict mode, are
	// not sent, and the search's answer leaves them out and says how
	// many, while the catalog's tools not deferred past a limit are
	// Next's error; the first Next converts each tool of the catalog alone, and
	// one the conversion refuses is its error, before any request). The
	// model reads the search's answer as JSON and calls a tool found from
	// its next turn on.
	Catalog        *loop.Catalog
	CatalogOptions []provider.Option
	// References, with Catalog, is Anthropic's own form of a client-side
	// search: the first Next adds every definition of Catalog.Set() at
	// once, the deferred tools with "defer_loading":true and search_tools
	// without, and nothing is added later; the limits of strict tools
	// count them all with the program's own strict tools of Params.Tools,
	// and a request past one is Next's error. A search_tools call that finds
	// tools is answered by a tool_result of tool_reference blocks
	// ({"type":"tool_reference","tool_name":...}, the tools' wire names,
	// best first), whose definitions the API itself then loads into the
	// model's context; one that finds none by a text that says so. A
	// search answer cut by the runner's result budget references the tools
	// the cut kept; a refused search is answered as any refused call. The
	// tools sent stay the same bytes on every request, so that a prompt
	// cache survives. A reference names a tool the request must carry
	// (deferred), so Params.Tools keeps what the first Next added.
	References bool

	sent    int                           // how many of Catalog.Visible() Params.Tools has
	tried   int                           // how many of Catalog.Visible() sendVisible converted last
	added   map[*anthropic.ToolParam]bool // the definitions of Params.Tools the Conversation added
	checked bool                          // every tool of the catalog converts alone
	sentSet map[string]bool               // the names of the first sent of Catalog.Visible()
	loaded  bool                          // References: Params.Tools has the catalog's tools
	wire    map[string]string             // each of the catalog's tools' wire name, by its name
}

// Next implements loop.Model.
func (c *Conversation) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if c.Client == nil {
		return nil, errors.New("anthropicadapter: a Conversation without a Client")
	}
	var instead func(loop.Outcome) ([]anthropic.ToolResultBlockParamContentUnion, bool)
	switch {
	case c.References:
		if c.Catalog == nil {
			return nil, errors.New("anthropicadapter: a Conversation with References and no Catalog")
		}
		if err := c.sendAll(); err != nil {
			return nil, err
		}
		instead = c.references
	case c.Catalog != nil:
		if err := c.checkCatalog(); err != nil {
			return nil, err
		}
		if err := c.sendVisible(); err != nil {
			return nil, err
		}
		if err := c.wireNames(); err != nil {
			return nil, err
		}
		instead = c.foundText
	}
	if len(outs) > 0 {
		c.Params.Messages = append(c.Params.Messages, results(outs, instead))
	}
	m, err := c.Client.Messages.New(ctx, c.Params, c.Options...)
	if err != nil {
		return nil, fmt.Errorf("anthropicadapter: message: %w", err)
	}
	c.Last = m
	c.Params.Messages = append(c.Params.Messages, sentBack(m))
	return Calls(m), nil
}

// sentBack is the assistant's message m as the next request carries it:
// without the empty text blocks the API may answer with (one before the
// tool_use blocks, say) and refuses in a request ("text content blocks
// must be non-empty"), unless nothing else is left.
func sentBack(m *anthropic.Message) anthropic.MessageParam {
	p := m.ToParam()
	a := p.OfAssistant
	empty := func(b anthropic.ContentBlockParamUnion) bool { return b.OfText != nil && blank(b.OfText.Text) }
	full := func(b anthropic.ContentBlockParamUnion) bool { return !empty(b) }
	if a != nil && slices.ContainsFunc(a.Content, full) {
		a.Content = slices.DeleteFunc(a.Content, empty)
	}
	return p
}

// blank reports whether s is empty or only white space: a text block the
// API refuses ("text content blocks must be non-empty", "... must contain
// non-whitespace text").
func blank(s string) bool { return strings.TrimSpace(s) == "" }

// sendVisible appends the definitions of the catalog's visible tools not
// yet sent, without defer_loading. The limits of a request's strict tools
// count every tool the request carries: the program's own strict tools
// (programTools) and the visible tools are converted together, those sent
// before getting the same bytes as then, and the
// new ones' definitions are appended. A model may search until it has
// found more tools than a request takes: the conversion's refusal of a
// tool found (past a limit, or one the strict mode refuses) sends the
// tools found before it, and neither it nor those after (the answers of
// the searches say how many were left out), rather than end the run.
func (c *Conversation) sendVisible() error {
	visible := c.Catalog.Visible()
	if len(visible) <= max(c.sent, c.tried) {
		return nil // nothing found since: the tools left out stay out
	}
	own, err := c.programTools()
	if err != nil {
		return err
	}
	base := len(own) // the program's tools come first: they are not left out
	all := append(make([]*tool.Tool, 0, base+len(visible)), own...)
	for _, t := range visible {
		cp := *t // sent now: not deferred on the wire
		cp.DeferLoading = false
		all = append(all, &cp)
	}
	for {
		defs, err := provider.Anthropic(all, c.CatalogOptions...)
		if err == nil {
			for _, def := range defs[base+c.sent:] {
				c.add(def)
			}
			c.sent, c.tried = len(all)-base, len(visible)
			return nil
		}
		// The refusal names the tool; one sent before is the program's
		// (its own tools, its options), and so is one not deferred
		// (search_tools among them: they come before the tools found, and
		// none is left out), and any other error.
		var re *provider.RefusalError
		k := -1
		if errors.As(err, &re) {
			k = slices.IndexFunc(all[base+c.sent:], func(t *tool.Tool) bool { return t.Name == re.Tool })
		}
		if k < 0 || !visible[c.sent+k].DeferLoading {
			return withOwn(err, base)
		}
		all = all[:base+c.sent+k]
	}
}

// checkCatalog converts, once, each tool of the catalog alone, as
// sendVisible would send it: every one may be sent, and one the
// conversion refuses (the strict mode's refusal of its schema) is the
// program's error before any request, not the end of the run when a
// search finds it. The limits of a request are sendVisible's.
func (c *Conversation) checkCatalog() error {
	if c.checked {
		return nil
	}
	for _, t := range c.Catalog.Set().Tools() {
		cp := *t
		cp.DeferLoading = false
		if _, err := provider.Anthropic([]*tool.Tool{&cp}, c.CatalogOptions...); err != nil {
			return fmt.Errorf("anthropicadapter: the catalog's tools: %w", err)
		}
	}
	c.checked = true
	return nil
}

// sentNames returns the names of the catalog's tools the request has,
// made once for each number of them sent.
func (c *Conversation) sentNames() map[string]bool {
	if c.sentSet == nil || len(c.sentSet) != c.sent {
		c.sentSet = make(map[string]bool, c.sent)
		for _, t := range c.Catalog.Visible()[:c.sent] {
			c.sentSet[t.Name] = true
		}
	}
	return c.sentSet
}

// sendAll appends, once, the definitions of every tool of the catalog,
// the deferred ones with defer_loading.
func (c *Conversation) sendAll() error {
	if c.loaded {
		return nil
	}
	own, err := c.programTools()
	if err != nil {
		return err
	}
	defs, err := provider.Anthropic(append(own, c.Catalog.Set().Tools()...), c.CatalogOptions...)
	if err != nil {
		return withOwn(err, len(own))
	}
	if err := c.wireNames(); err != nil {
		return err
	}
	for _, def := range defs[len(own):] {
		c.add(def)
	}
	c.loaded = true
	return nil
}

// add appends a definition of the catalog's to Params.Tools.
func (c *Conversation) add(def json.RawMessage) {
	t := param.Override[anthropic.ToolParam](def)
	if c.added == nil {
		c.added = map[*anthropic.ToolParam]bool{}
	}
	c.added[&t] = true
	c.Params.Tools = append(c.Params.Tools, anthropic.ToolUnionParam{OfTool: &t})
}

// programTools returns the program's own strict tools of Params.Tools
// (those the Conversation did not add), each as a tool whose strict
// conversion counts against the limits of a request's strict tools as
// its definition does: its name and input schema, as sent. Converted
// before the catalog's tools, they count first, and are never left out.
// When they alone pass a limit, no request can carry them: that is the
// program's error, before any request. A schema rawtool refuses counts as
// a strict tool of no optional or union-typed parameter.
func (c *Conversation) programTools() ([]*tool.Tool, error) {
	var own []*tool.Tool
	for i := range c.Params.Tools {
		u := &c.Params.Tools[i]
		if u.OfTool != nil && c.added[u.OfTool] {
			continue
		}
		b, err := json.Marshal(u)
		if err != nil {
			continue // the SDK refuses to send it anyway
		}
		var d struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"input_schema"`
			Strict      bool            `json:"strict"`
		}
		if json.Unmarshal(b, &d) != nil || !d.Strict {
			continue
		}
		m := tool.Meta{Name: d.Name, Description: "A tool of the program's."}
		t, err := rawtool.New(m, d.InputSchema, unused)
		if err != nil {
			t, err = rawtool.New(m, json.RawMessage(`{"type":"object"}`), unused)
			if err != nil {
				return nil, fmt.Errorf("anthropicadapter: the program's tool %s: %w", d.Name, err)
			}
		}
		own = append(own, t)
	}
	if _, err := provider.Anthropic(own); err != nil {
		return nil, fmt.Errorf("anthropicadapter: the program's strict tools of Params.Tools, before the catalog's: %w", err)
	}
	return own, nil
}

// withOwn is the error of a conversion of the catalog's tools after the
// program's own n strict tools, which count in its limits.
func withOwn(err error, n int) error {
	if n == 0 {
		return fmt.Errorf("anthropicadapter: %w", err)
	}
	return fmt.Errorf("anthropicadapter: the catalog's tools after the program's %d strict tools of Params.Tools: %w", n, err)
}

// unused is the function of programTools' tools, which never run.
func unused(context.Context, *tool.Call, json.RawMessage) (any, error) {
	return nil, errors.New("anthropicadapter: a tool of the program's run through the catalog")
}

// wireNames makes c.wire, once: the wire name of each of the catalog's
// tools, by its name.
func (c *Conversation) wireNames() error {
	if c.wire != nil {
		return nil
	}
	set := c.Catalog.Set()
	names, err := set.WireNames("anthropic")
	if err != nil {
		return fmt.Errorf("anthropicadapter: %w", err)
	}
	c.wire = make(map[string]string, len(names))
	for i, t := range set.Tools() {
		c.wire[t.Name] = names[i]
	}
	return nil
}

// foundText is the content of a search_tools outcome that succeeded, in
// the portable mode: the catalog's JSON list of the tools found, each
// named by its wire name, the name its definition carries in the request
// ("github.create_issue" is "github_create_issue"), then the result
// budget's note when it cut the list. Any other outcome is answered as
// Results would.
func (c *Conversation) foundText(o loop.Outcome) ([]anthropic.ToolResultBlockParamContentUnion, bool) {
	if o.Tool == nil || o.Tool.Name != loop.SearchToolName || o.Result.IsError || len(o.Result.Parts) == 0 {
		return nil, false
	}
	j, ok := o.Result.Parts[0].(tool.JSONPart)
	if !ok {
		return nil, false
	}
	var notes []string // the result budget's note, when it cut the list
	for _, p := range o.Result.Parts[1:] {
		t, ok := p.(tool.TextPart)
		if !ok {
			return nil, false
		}
		notes = append(notes, t.Text)
	}
	var found []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	if json.Unmarshal(j.JSON, &found) != nil {
		return nil, false
	}
	sent := c.sentNames()
	kept := found[:0]
	for _, f := range found {
		w, ok := c.wire[f.Name]
		if !ok {
			return nil, false
		}
		if sent[f.Name] {
			f.Name = w
			kept = append(kept, f)
		}
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(kept) != nil {
		return nil, false
	}
	text := strings.TrimSuffix(b.String(), "\n")
	if n := len(found) - len(kept); n > 0 {
		if n == 1 {
			text += "\n1 more tool this search found is not among your tools: the request has no room for it."
		} else {
			text += fmt.Sprintf("\n%d more tools this search found are not among your tools: the request has no room for them.", n)
		}
	}
	for _, n := range notes {
		text += "\n" + n
	}
	return []anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: text}}}, true
}

// noneFound answers a search that found no tool.
const noneFound = "No tool was found for that search. Search again in other words (the task, the object it acts on, the action), " +
	"or go on with the tools you have."

// references is the content of a search_tools outcome that succeeded: a
// tool_reference block for each tool found, in the search's order, by its
// wire name; the text noneFound when it found none. Any other outcome,
// and a search answer that is not the catalog's JSON list, is answered as
// Results would.
func (c *Conversation) references(o loop.Outcome) ([]anthropic.ToolResultBlockParamContentUnion, bool) {
	if o.Tool == nil || o.Tool.Name != loop.SearchToolName || o.Result.IsError {
		return nil, false
	}
	var list json.RawMessage
	for _, p := range o.Result.Parts {
		if j, ok := p.(tool.JSONPart); ok {
			list = j.JSON
			break
		}
	}
	var found []struct {
		Name string `json:"name"`
	}
	if list == nil || json.Unmarshal(list, &found) != nil {
		return nil, false
	}
	out := make([]anthropic.ToolResultBlockParamContentUnion, 0, len(found))
	for _, f := range found {
		if w, ok := c.wire[f.Name]; ok {
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfToolReference: &anthropic.ToolReferenceBlockParam{ToolName: w}})
		}
	}
	if len(out) == 0 {
		out = append(out, anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: noneFound}})
	}
	return out, true
}
