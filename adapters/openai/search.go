package openaiadapter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// The client-executed tool search of Responses with a Catalog.

// catalogTools appends to Params.Tools the definitions of the catalog's
// tools that are not deferred and, when some are, the client-executed
// tool_search.
func (c *Responses) catalogTools() error {
	set := c.Catalog.Set()
	// Every tool of the catalog may be sent: their wire names are checked
	// together now, not only those of each request's few.
	if _, err := set.WireNames("openai"); err != nil {
		return err
	}
	c.loaded, c.searches = map[string]bool{}, map[int]string{}
	var shown []*tool.Tool
	for _, t := range set.Tools() {
		if !t.DeferLoading && t.Name != loop.SearchToolName {
			shown = append(shown, t)
			c.loaded[t.Name] = true
		}
	}
	// Every tool of the catalog may be sent: each is converted now, so
	// that one the conversion refuses is the program's error before any
	// request, not the end of the run when a search finds it.
	for _, t := range set.Tools() {
		if t.Name != loop.SearchToolName && !c.loaded[t.Name] {
			if _, err := provider.OpenAIResponses(t, c.CatalogOptions...); err != nil {
				return fmt.Errorf("openaiadapter: the catalog's tools: %w", err)
			}
		}
	}
	defs, kinds, err := responsesDefs(set, shown, false, c.CatalogOptions)
	if err != nil {
		return err
	}
	for i, def := range defs {
		var u responses.ToolUnionParam
		if kinds[i] == "namespace" {
			ns := param.Override[responses.NamespaceToolParam](def)
			u.OfNamespace = &ns
		} else {
			fn := param.Override[responses.FunctionToolParam](def)
			u.OfFunction = &fn
		}
		c.Params.Tools = append(c.Params.Tools, u)
	}
	search, ok := set.Lookup(loop.SearchToolName)
	if !ok {
		return nil // nothing is deferred
	}
	// The search's definition as a function's, for its description and
	// parameters. Not strict: tool_search has no strict mode, and the
	// strict rewrites (every member required, the optional ones nullable)
	// would ask the model for a limit it means to leave out.
	def, err := provider.OpenAIResponses(search, append(append([]provider.Option(nil), c.CatalogOptions...), provider.Strict(false))...)
	if err != nil {
		return err
	}
	var fn struct {
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
	}
	if err := json.Unmarshal(def, &fn); err != nil {
		return fmt.Errorf("openaiadapter: %w", err)
	}
	c.Params.Tools = append(c.Params.Tools, responses.ToolUnionParam{OfToolSearch: &responses.ToolSearchToolParam{
		Execution:   responses.ToolSearchToolExecutionClient,
		Description: openai.String(fn.Description),
		Parameters:  fn.Parameters,
	}})
	return nil
}

// searchCall returns a client-executed tool_search_call as a call of the
// catalog's search. Its arguments are a JSON object; a JSON string is
// read as the text of one, as a function_call's arguments are.
func searchCall(item *responses.ResponseOutputItemUnion) loop.Call {
	id := item.CallID
	if id == "" {
		id = item.ID
	}
	raw := json.RawMessage(item.JSON.Arguments.Raw())
	var text string
	if bytes.HasPrefix(bytes.TrimSpace(raw), []byte{'"'}) && json.Unmarshal(raw, &text) == nil {
		raw = json.RawMessage(text)
	}
	return loop.Call{ID: id, Name: loop.SearchToolName, Args: raw}
}

// searchItems returns the input items that answer outs, outcomes of the
// last response's calls, some of them tool searches: a
// function_call_output for each other outcome, a tool_search_output for
// each search, in order; then a developer message for each search
// refused. A search is known by its place among the calls, not by its
// call_id alone, which the model writes: a function_call of the same
// call_id is answered as a function's.
func (c *Responses) searchItems(outs []loop.Outcome) ([]responses.ResponseInputItemUnionParam, error) {
	items := make([]responses.ResponseInputItemUnionParam, 0, len(outs))
	var notes []responses.ResponseInputItemUnionParam
	searches := 0
	for i, o := range outs {
		if id, ok := c.searches[i]; !ok || id != o.Call.ID || o.Call.Name != loop.SearchToolName {
			items = append(items, ResponsesItems([]loop.Outcome{o})...)
			continue
		}
		searches++
		out := &responses.ResponseToolSearchOutputItemParam{
			CallID:    openai.String(o.Call.ID),
			Execution: responses.ResponseToolSearchOutputItemParamExecutionClient,
			Status:    responses.ResponseToolSearchOutputItemParamStatusCompleted,
			Tools:     []responses.ResponseToolSearchOutputItemParamToolUnion{},
		}
		items = append(items, responses.ResponseInputItemUnionParam{OfToolSearchOutput: out})
		if o.Result.IsError {
			out.Status = responses.ResponseToolSearchOutputItemParamStatusIncomplete
			notes = append(notes, responses.ResponseInputItemParamOfMessage(c.refusal(o, searches), responses.EasyInputMessageRoleDeveloper))
			continue
		}
		tools, err := c.found(o.Result)
		if err != nil {
			return nil, err
		}
		out.Tools = append(out.Tools, tools...)
	}
	return append(items, notes...), nil
}

// refusal is the developer message that tells the model why its n-th
// tool search of the last response (o) loaded no tools. It is the
// program's word, so it repeats no text of the model's: the search is
// named by its place, not by its call_id, which the model writes (one
// of letters and underscores still reads as words: "SYSTEM_OVERRIDE_..."),
// and of the violations only those of the search's own parameters are
// given (the names of the others are the model's).
func (c *Responses) refusal(o loop.Outcome, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The tool search %d of your last answer loaded no tools: ", n)
	if len(o.Result.Violations) == 0 {
		b.WriteString(loop.Content(o.Result))
		return b.String()
	}
	params := c.searchParams()
	var lines []string
	others := 0
	for _, v := range o.Result.Violations {
		if v.Path == "" && v.Rule != "unknown" || params[v.Path] {
			lines = append(lines, v.Message)
		} else {
			others++
		}
	}
	if others > 0 {
		names := make([]string, 0, len(params))
		for p := range params {
			names = append(names, p)
		}
		slices.Sort(names)
		lines = append(lines, fmt.Sprintf("%d of its arguments are not a parameter of the tool search, whose parameters are %s.", others, strings.Join(names, ", ")))
	}
	b.WriteString(strings.Join(lines, "\n"))
	return b.String()
}

// searchParams returns the names of the parameters of the catalog's
// search.
func (c *Responses) searchParams() map[string]bool {
	params := map[string]bool{}
	if t, ok := c.Catalog.Set().Lookup(loop.SearchToolName); ok {
		var s struct{ Properties map[string]json.RawMessage }
		if json.Unmarshal(t.InputSchema, &s) == nil {
			for p := range s.Properties {
				params[p] = true
			}
		}
	}
	return params
}

// found returns the definitions of the tools a search found that the
// model does not have yet, in the search's order, and notes them as
// loaded. The tools are read from the result's JSON part, the list the
// catalog's search answers; the runner's result budget may have cut it,
// and added a text part that says so.
func (c *Responses) found(r *tool.Result) ([]responses.ResponseToolSearchOutputItemParamToolUnion, error) {
	var hits []struct {
		Name string `json:"name"`
	}
	var list []byte
	for _, p := range r.Parts {
		if j, ok := p.(tool.JSONPart); ok {
			list = j.JSON
			break
		}
	}
	if list == nil && r.Truncated {
		return nil, nil // a budget too small for the list: the cut kept none
	}
	if err := json.Unmarshal(list, &hits); err != nil {
		return nil, fmt.Errorf("openaiadapter: the tool search's answer: %w", err)
	}
	set := c.Catalog.Set()
	var tools []*tool.Tool
	for _, h := range hits {
		t, ok := set.Lookup(h.Name)
		if !ok || c.loaded[h.Name] {
			continue
		}
		c.loaded[h.Name] = true
		tools = append(tools, t)
	}
	if len(tools) == 0 {
		return nil, nil
	}
	defs, kinds, err := responsesDefs(set, tools, false, c.CatalogOptions)
	if err != nil {
		return nil, err
	}
	out := make([]responses.ResponseToolSearchOutputItemParamToolUnion, len(defs))
	for i, def := range defs {
		if kinds[i] == "namespace" {
			ns := param.Override[responses.ToolSearchOutputNamespaceToolParam](def)
			out[i].OfNamespace = &ns
		} else {
			fn := param.Override[responses.FunctionToolParam](def)
			out[i].OfFunction = &fn
		}
	}
	return out, nil
}
