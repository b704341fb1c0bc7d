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
	defs, err := provider.OpenAIResponsesTools(set.Tools(), opts...)
	if err != nil {
		return nil, err
	}
	out := make([]responses.ToolUnionParam, len(defs))
	for i, def := range defs {
		var head struct{ Type string }
		if err := json.Unmarshal(def, &head); err != nil {
			return nil, fmt.Errorf("openaiadapter: %w", err)
		}
		switch head.Type {
		case "namespace":
			if def, err = namespaceOutputSchemas(def, set); err != nil {
				return nil, err
			}
			ns := param.Override[responses.NamespaceToolParam](def)
			out[i].OfNamespace = &ns
		case "tool_search":
			ts := param.Override[responses.ToolSearchToolParam](def)
			out[i].OfToolSearch = &ts
		default:
			if def, err = functionOutputSchema(def, set); err != nil {
				return nil, err
			}
			fn := param.Override[responses.FunctionToolParam](def)
			out[i].OfFunction = &fn
		}
	}
	return out, nil
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
}

// Next implements loop.Model.
func (c *Responses) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if c.Client == nil {
		return nil, errors.New("openaiadapter: a Responses without a Client")
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
	in.OfInputItemList = append(in.OfInputItemList, ResponsesItems(outs)...)
	resp, err := c.Client.Responses.New(ctx, c.Params, c.Options...)
	if err != nil {
		return nil, fmt.Errorf("openaiadapter: response: %w", err)
	}
	c.Last = resp
	return ResponsesCalls(resp), nil
}
