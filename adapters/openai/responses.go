package openaiadapter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// ResponsesTools returns the definitions of the set's tools, in the set's
// order, for the Tools of a Responses request: exactly the bytes of
// provider.OpenAIResponsesTools(set.Tools(), opts...), each tool as
// provider.OpenAIResponses defines it ({"type":"function","name":...,
// "parameters":...,"strict":...}, never the Chat Completions shape, which
// the Responses API reads as a tool with no name and no parameters), the
// tools of a namespace grouped in a namespace tool, deferred tools with
// "defer_loading":true and then the hosted tool_search, which the server
// runs. Names are wire names, and two tools with one are refused, and
// provider.StrictIfPossible sends a tool the strict mode refuses
// non-strict, as in ChatTools.
//
// A tool with an output schema (every typed tool that returns a value)
// has "output_schema" after its other members: the schema of the JSON
// text its outputs carry, converted as provider.OpenAIResponsesFormat
// converts a structured output under provider.Strict(false) (the schema
// as the tool has it, with the non-strict mode's rewrites), whatever the
// options: output_schema describes the outputs the program sends, it
// constrains no decoding, and the strict mode's rewrites (every member
// required, the optional ones nullable) would describe outputs the tool
// does not send. A boolean output schema (true says nothing of the
// output; false, that there is none) is not sent.
func ResponsesTools(set *tool.Set, opts ...provider.Option) ([]responses.ToolUnionParam, error) {
	if set == nil {
		return nil, errNilSet
	}
	defs, kinds, err := responsesDefs(set, set.Tools(), true, opts)
	if err != nil {
		return nil, err
	}
	out := make([]responses.ToolUnionParam, len(defs))
	for i, def := range defs {
		switch kinds[i] {
		case "namespace":
			ns := param.Override[responses.NamespaceToolParam](def)
			out[i].OfNamespace = &ns
		case "tool_search":
			ts := param.Override[responses.ToolSearchToolParam](def)
			out[i].OfToolSearch = &ts
		default:
			fn := param.Override[responses.FunctionToolParam](def)
			out[i].OfFunction = &fn
		}
	}
	return out, nil
}

// responsesDefs returns the definitions of tools, tools of set, as
// ResponsesTools sends them, each with its type ("function", "namespace"
// or "tool_search"); without the hosted tool_search unless hosted.
func responsesDefs(set *tool.Set, tools []*tool.Tool, hosted bool, opts []provider.Option) ([]json.RawMessage, []string, error) {
	defs, err := provider.OpenAIResponsesTools(tools, opts...)
	if err != nil {
		return nil, nil, err
	}
	kinds := make([]string, len(defs))
	for i, def := range defs {
		var head struct{ Type string }
		if err := json.Unmarshal(def, &head); err != nil {
			return nil, nil, fmt.Errorf("openaiadapter: %w", err)
		}
		kinds[i] = head.Type
		switch head.Type {
		case "namespace":
			def, err = namespaceOutputSchemas(def, set)
		case "tool_search":
		default:
			def, err = functionOutputSchema(def, set)
		}
		if err != nil {
			return nil, nil, err
		}
		defs[i] = def
	}
	if !hosted && len(kinds) > 0 && kinds[len(kinds)-1] == "tool_search" {
		defs, kinds = defs[:len(defs)-1], kinds[:len(kinds)-1]
	}
	return defs, kinds, nil
}

// functionOutputSchema returns the definition of a function tool of the
// set with its output_schema (withOutputSchema).
func functionOutputSchema(def json.RawMessage, set *tool.Set) (json.RawMessage, error) {
	var fn struct{ Name string }
	if err := json.Unmarshal(def, &fn); err != nil {
		return nil, fmt.Errorf("openaiadapter: %w", err)
	}
	t, ok := set.Resolve(fn.Name)
	if !ok {
		return nil, fmt.Errorf("openaiadapter: a definition of %q, which is not a tool of the set", fn.Name)
	}
	return withOutputSchema(def, t)
}

// namespaceOutputSchemas returns the definition of a namespace tool with
// the output_schema of each of its functions.
func namespaceOutputSchemas(def json.RawMessage, set *tool.Set) (json.RawMessage, error) {
	var ns struct{ Tools []json.RawMessage }
	if err := json.Unmarshal(def, &ns); err != nil {
		return nil, fmt.Errorf("openaiadapter: %w", err)
	}
	list := []byte{'['}
	for i, fn := range ns.Tools {
		fn, err := functionOutputSchema(fn, set)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			list = append(list, ',')
		}
		list = append(list, fn...)
	}
	return withMember(def, "tools", append(list, ']'))
}

// ResponsesCalls returns the function_call items of a response's output,
// in order, each with its call_id (the id its output must carry). A
// custom_tool_call is returned with its text as a JSON string for
// arguments, as ChatCalls does.
func ResponsesCalls(r *responses.Response) []loop.Call {
	return responsesCalls(r, nil)
}

// responsesCalls is ResponsesCalls; with searches, a client-executed
// tool_search_call is also a call, of loop.SearchToolName, whose place
// among the calls searches records, with its call_id.
func responsesCalls(r *responses.Response, searches map[int]string) []loop.Call {
	var calls []loop.Call
	for i := range r.Output {
		item := &r.Output[i] // a large struct: not copied
		switch item.Type {
		case "function_call":
			// The union's own fields: AsFunctionCall would decode the
			// item's JSON a second time.
			calls = append(calls, loop.Call{ID: item.CallID, Name: item.Name, Args: args(item.Arguments.OfString)})
		case "custom_tool_call":
			cc := item.AsCustomToolCall()
			text, _ := json.Marshal(cc.Input)
			calls = append(calls, loop.Call{ID: cc.CallID, Name: cc.Name, Args: text})
		case "tool_search_call":
			if searches != nil && item.Execution == "client" {
				call := searchCall(item)
				searches[len(calls)] = call.ID
				calls = append(calls, call)
			}
		}
	}
	return calls
}

// ResponsesItems returns one function_call_output item per outcome, in
// order, with its call's call_id and the result as text (loop.Content).
// Like Chat Completions, the Responses API has no error flag on an
// output: a failure is told by its text.
func ResponsesItems(outs []loop.Outcome) []responses.ResponseInputItemUnionParam {
	// The items and their outputs, made at once and filled in place: the
	// SDK's values are large.
	items, fcos := two[responses.ResponseInputItemUnionParam, responses.ResponseInputItemFunctionCallOutputParam](len(outs))
	for i, o := range outs {
		f := &fcos[i]
		f.CallID = openai.String(o.Call.ID)
		f.Output.OfString = openai.String(loop.Content(o.Result))
		items[i].OfFunctionCallOutput = f
	}
	return items
}

// A Responses is a conversation through the Responses API, a loop.Model.
// It keeps no state on the server's side: each Next appends to
// Params.Input the output items of the last response (its reasoning and
// function_call items, as the API wants them back) and the
// function_call_output items of the outcomes, then sends Params. Params's
// Input must be a list of items (Input.OfInputItemList) or empty; a string
// input is turned into one user message first.
//
// With a Catalog, the tool search runs on the client's side, as the
// Responses API's client-executed tool_search has it: the deferred tools
// are not listed in the request at all (not even with defer_loading);
// the first Next appends to Params.Tools the definitions of the tools not
// deferred (as ResponsesTools sends them, with CatalogOptions) and
//
//	{"type":"tool_search","execution":"client","description":...,"parameters":...}
//
// whose description and parameters are those of the catalog's
// search_tools. The model then answers with a tool_search_call item whose
// arguments follow those parameters; Next hands it to the runner as a
// call of loop.SearchToolName (the runner's Tools is Catalog.Set(), so
// the catalog's BM25 ranking runs it, and a deferred tool called before
// it is found runs all the same), and the next Next answers it, after the
// call, with a tool_search_output item ("execution":"client") whose tools
// are the definitions of the tools found, exactly as ResponsesTools sends
// them ("defer_loading":true, output_schema, a namespace's tools in their
// namespace tool). The model can call them from then on. Params.Tools is
// not changed again: the definitions loaded are in the input, after what
// was sent before, so a prompt cache survives. A tool found again is not
// sent twice. A search that finds nothing is answered with no tools; one
// whose arguments are refused, with no tools, "status":"incomplete" and a
// developer message that gives the refusal, for the model to search again.
type Responses struct {
	// Client sends the requests.
	Client *openai.Client
	// Params is the request: the model, the input so far, the tools
	// (ResponsesTools), and anything else the program sets.
	Params responses.ResponseNewParams
	// Options are passed to each request.
	Options []option.RequestOption
	// Last is the last response; the model's answer when Run ends without
	// a tool ending the loop.
	Last *responses.Response
	// Catalog, when set, gives the tools and runs the tool search on the
	// client's side (see above). The runner's Tools is then Catalog.Set().
	// The first Next converts every tool of the catalog: one the
	// conversion refuses is its error, before any request.
	Catalog        *loop.Catalog
	CatalogOptions []provider.Option

	loaded   map[string]bool // the tools whose definitions the model has
	searches map[int]string  // Last's tool_search_calls: their call_ids by their places among its calls
}

// Next implements loop.Model.
func (c *Responses) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if c.Client == nil {
		return nil, errors.New("openaiadapter: a Responses without a Client")
	}
	if c.Catalog != nil && c.loaded == nil {
		if err := c.catalogTools(); err != nil {
			c.loaded = nil // checked again on the next call
			return nil, err
		}
	}
	in := &c.Params.Input
	if in.OfString.Valid() {
		in.OfInputItemList = responses.ResponseInputParam{responses.ResponseInputItemParamOfMessage(in.OfString.Value, responses.EasyInputMessageRoleUser)}
		in.OfString = param.Opt[string]{}
	}
	if c.Last != nil {
		for _, item := range c.Last.Output {
			in.OfInputItemList = append(in.OfInputItemList, param.Override[responses.ResponseInputItemUnionParam](json.RawMessage(item.RawJSON())))
		}
	}
	if len(c.searches) == 0 {
		in.OfInputItemList = append(in.OfInputItemList, ResponsesItems(outs)...)
	} else {
		items, err := c.searchItems(outs)
		if err != nil {
			return nil, err
		}
		in.OfInputItemList = append(in.OfInputItemList, items...)
	}
	resp, err := c.Client.Responses.New(ctx, c.Params, c.Options...)
	if err != nil {
		return nil, fmt.Errorf("openaiadapter: response: %w", err)
	}
	c.Last = resp
	if c.Catalog == nil {
		return ResponsesCalls(resp), nil
	}
	clear(c.searches)
	return responsesCalls(resp, c.searches), nil
}
