// Package openaiadapter runs a tool set's calls through the official
// OpenAI Go SDK (github.com/openai/openai-go/v3), for both of its APIs:
// Chat Completions (tool_calls in the assistant's message, answered by
// tool messages) and Responses (function_call items, answered by
// function_call_output items).
//
// The definitions are the bytes provider.OpenAI and
// provider.OpenAIResponses write, handed to the SDK as raw JSON
// (param.Override): the SDK holds a schema as a map[string]any, which
// would send its members sorted and its integers as float64s; raw JSON is
// sent as it is, member order and exact numbers kept. The SDK's typed
// fields of such a definition are empty: read the definition's JSON, not
// its fields. A field the SDK would set there is merged into the bytes
// instead (a Responses tool's output_schema, from its output schema).
//
// Deferred tools (tool.Meta.DeferLoading) are searched for in one of
// three ways: by OpenAI's server (ResponsesTools sends every tool, the
// deferred ones with "defer_loading":true, and the hosted tool_search),
// or by the program, with a loop.Catalog: Chat sends search_tools as a
// function and appends the tools found to its tools; Responses sends the
// client-executed tool_search and answers its tool_search_call items with
// tool_search_output items that load the tools found.
//
// It is a module of its own, so that the toolschema module does not
// depend on the SDK.
package openaiadapter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// errNilSet refuses a nil *tool.Set where the set is read.
var errNilSet = errors.New("openaiadapter: a nil tool set")

// ChatTools returns the definitions of the set's tools, in the set's
// order, for the Tools of a Chat Completions request: each one exactly the
// bytes of provider.OpenAI(t, opts...), whose name is the tool's wire
// name for OpenAI (tool.Set.WireNames: "admin.tools.list" is sent as
// "admin_tools_list"; the loop's runner maps it back). Two tools with one
// wire name are refused (a *tool.CollisionError naming both); else the
// error is the first conversion's, naming the tool (a
// *provider.RefusalError). With provider.StrictIfPossible(&refused), a
// tool the strict mode refuses (one with a map, say) is sent with
// "strict":false and told in refused, rather than refusing the set.
// A set of more than 128 tools, the most one Chat Completions request
// takes, is refused: give it to a loop.Catalog (Chat.Catalog), with the
// tools the model seldom needs deferred (tool.Meta.DeferLoading).
func ChatTools(set *tool.Set, opts ...provider.Option) ([]openai.ChatCompletionToolUnionParam, error) {
	if set == nil {
		return nil, errNilSet
	}
	if set.Len() > chatMaxTools {
		return nil, fmt.Errorf("openaiadapter: %d tools (tool %s is number %d); %s",
			set.Len(), set.Tools()[chatMaxTools].Name, chatMaxTools+1, chatToolsRule)
	}
	if _, err := set.WireNames("openai"); err != nil {
		return nil, err
	}
	var out []openai.ChatCompletionToolUnionParam
	for _, t := range set.Tools() {
		def, err := provider.OpenAI(t, opts...)
		if err != nil {
			return nil, err
		}
		fn := param.Override[openai.ChatCompletionFunctionToolParam](def)
		out = append(out, openai.ChatCompletionToolUnionParam{OfFunction: &fn})
	}
	return out, nil
}

// chatMaxTools is the most tools one Chat Completions request takes
// (the API answers more with 400, "array_above_max_length").
const chatMaxTools = 128

const chatToolsRule = "a Chat Completions request takes at most 128 tools: defer the tools the model seldom needs (tool.Meta.DeferLoading) and give the set to a loop.Catalog"

// chatCatalogRule is chatToolsRule for a request with a Catalog: the
// catalog's tools not deferred, search_tools and the request's own tools
// are sent in every request.
const chatCatalogRule = "a Chat Completions request takes at most 128 tools, and the catalog's tools not deferred, search_tools and the request's own tools go in every one: defer more of the catalog's tools (tool.Meta.DeferLoading)"

// ChatCalls returns the tool calls of an assistant's message, in its
// order, each with the call's id. A custom tool call (free text, not a
// function) has its text as a JSON string for arguments, which no tool
// of a set takes: it is answered, as the API requires every call to be,
// with the invoker's refusal or as an unknown tool.
func ChatCalls(m openai.ChatCompletionMessage) []loop.Call {
	var calls []loop.Call
	for i := range m.ToolCalls {
		tc := &m.ToolCalls[i]
		switch tc.Type {
		case "function":
			calls = append(calls, loop.Call{ID: tc.ID, Name: tc.Function.Name, Args: args(tc.Function.Arguments)})
		default:
			text, _ := json.Marshal(tc.Custom.Input)
			calls = append(calls, loop.Call{ID: tc.ID, Name: tc.Custom.Name, Args: text})
		}
	}
	return calls
}

// args are the model's arguments as JSON text: an empty string is no
// arguments (the invoker reads it as {}).
func args(s string) json.RawMessage {
	return json.RawMessage(s)
}

// ChatMessages returns one tool message per outcome, in order, each
// carrying its call's id and the result as text (loop.Content). Chat
// Completions has no error flag on a tool message: a failure is told by
// its text ("Tool 'x' failed: ...", "Argument 'limit' must be at most
// 10.").
func ChatMessages(outs []loop.Outcome) []openai.ChatCompletionMessageParamUnion {
	msgs := make([]openai.ChatCompletionMessageParamUnion, 0, len(outs))
	for _, o := range outs {
		msgs = append(msgs, openai.ToolMessage(loop.Content(o.Result), o.Call.ID))
	}
	return msgs
}

// A Chat is a conversation through Chat Completions, a loop.Model: each
// Next appends the tool messages of the outcomes to Params.Messages,
// sends Params, appends the assistant's message and returns its calls.
type Chat struct {
	// Client sends the requests.
	Client *openai.Client
	// Params is the request: the model, the messages so far, the tools
	// (ChatTools), and anything else the program sets. Next adds to its
	// Messages.
	Params openai.ChatCompletionNewParams
	// Options are passed to each request.
	Options []option.RequestOption
	// Last is the last response; the model's answer when Run ends without
	// a tool ending the loop.
	Last *openai.ChatCompletion
	// Catalog, when set, gives the tools: each Next appends to
	// Params.Tools the definitions (provider.OpenAI with CatalogOptions)
	// of the catalog's visible tools not yet sent, so the deferred tools
	// go out only once search_tools has found them, after the tools
	// already sent. The runner's Tools is then Catalog.Set(). The answers
	// of search_tools name each tool found by its wire name, the name
	// its definition carries ("github_create_issue" for a tool named
	// "github.create_issue"). The tools found go out while the request
	// has room for them (128 tools): a search's answer leaves out the
	// tools found past it, and says how many; the catalog's tools not
	// deferred and search_tools are never left out: when they do not fit
	// beside Params.Tools, Next is the error. The first Next converts
	// every tool of the catalog: one the conversion refuses is its error,
	// before any request, not when a search finds it.
	Catalog        *loop.Catalog
	CatalogOptions []provider.Option

	sent    int               // how many of Catalog.Visible() Params.Tools has
	had     map[string]bool   // the names of those sent, kept as Next sends them
	wire    map[string]string // the catalog's tools' wire names, by name
	checked bool              // every tool of the catalog converts
}

// messages are ChatMessages(outs), but for the answers of the catalog's
// search_tools: the catalog names each tool found by its own name, and
// the model calls it by the name its definition carries, its wire name
// for OpenAI ("github.create_issue" is "github_create_issue"), so each
// name found is given as that.
func (c *Chat) messages(outs []loop.Outcome) ([]openai.ChatCompletionMessageParamUnion, error) {
	msgs := ChatMessages(outs)
	if c.Catalog == nil {
		return msgs, nil
	}
	for i, o := range outs {
		if o.Tool == nil || o.Tool.Name != loop.SearchToolName || o.Result.IsError {
			continue
		}
		if c.wire == nil {
			set := c.Catalog.Set()
			names, err := set.WireNames("openai")
			if err != nil {
				return nil, fmt.Errorf("openaiadapter: %w", err)
			}
			c.wire = make(map[string]string, len(names))
			for j, t := range set.Tools() {
				c.wire[t.Name] = names[j]
			}
		}
		if text, ok := foundByWireName(o.Result, c.wire, c.had); ok {
			msgs[i] = openai.ToolMessage(text, o.Call.ID)
		}
	}
	return msgs, nil
}

// foundByWireName is the text of a search_tools answer (a JSON list of
// the tools found, {"name":...,"description":...} each, and the note of
// the result budget's cut, if any) with each name replaced by its wire
// name, and the tools not in the request (sent says which are) left
// out, with a line after the list that says how many; false for any
// other result.
func foundByWireName(r *tool.Result, wire map[string]string, sent map[string]bool) (string, bool) {
	if len(r.Parts) == 0 {
		return "", false
	}
	j, ok := r.Parts[0].(tool.JSONPart)
	if !ok {
		return "", false
	}
	lines := make([]string, 0, len(r.Parts)+1)
	for _, p := range r.Parts[1:] {
		t, ok := p.(tool.TextPart)
		if !ok {
			return "", false
		}
		lines = append(lines, t.Text)
	}
	var found []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	if json.Unmarshal(j.JSON, &found) != nil {
		return "", false
	}
	kept := found[:0]
	for _, f := range found {
		w, ok := wire[f.Name]
		if !ok {
			return "", false
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
		return "", false
	}
	if len(found) == 0 {
		lines = slices.Insert(lines, 0, noneFound)
	}
	if n := len(found) - len(kept); n > 0 {
		note := fmt.Sprintf("%d more tools this search found are not among your tools: a request takes at most %d tools, and this one has that many already.", n, chatMaxTools)
		if n == 1 {
			note = fmt.Sprintf("1 more tool this search found is not among your tools: a request takes at most %d tools, and this one has that many already.", chatMaxTools)
		}
		lines = slices.Insert(lines, 0, note)
	}
	lines = slices.Insert(lines, 0, strings.TrimSuffix(b.String(), "\n"))
	return strings.Join(lines, "\n"), true
}

// noneFound follows the empty list of a search that found no tool: a
// bare [] tells the model nothing of what to do next.
const noneFound = "No tool was found for that search. Search again in other words (the task, the object it acts on, the action), or go on with the tools you have."

// Next implements loop.Model.
func (c *Chat) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if c.Client == nil {
		return nil, errors.New("openaiadapter: a Chat without a Client")
	}
	if len(c.Params.Tools) > chatMaxTools {
		return nil, fmt.Errorf("openaiadapter: %d tools in the request; %s", len(c.Params.Tools), chatToolsRule)
	}
	if c.Catalog != nil && !c.checked {
		// Every tool of the catalog may be sent: each is converted now,
		// so that one the conversion refuses is the program's error
		// before any request, not the end of the run when a search finds
		// it.
		for _, t := range c.Catalog.Set().Tools() {
			if _, err := provider.OpenAI(t, c.CatalogOptions...); err != nil {
				return nil, fmt.Errorf("openaiadapter: the catalog's tools: %w", err)
			}
		}
		c.checked = true
	}
	if c.Catalog != nil {
		// The tools found go out while the request has room for them:
		// a model may search until it has found more than one request
		// takes, and the tools past the room are left out (the answers
		// of the searches say so), not the conversation ended.
		// The catalog's tools not deferred and search_tools are the
		// program's, first among the visible: the request must take them.
		visible := c.Catalog.Visible()
		add := visible[c.sent:]
		room := max(0, chatMaxTools-len(c.Params.Tools))
		own := 0
		for own < len(add) && !add[own].DeferLoading {
			own++
		}
		if own > room {
			return nil, fmt.Errorf("openaiadapter: the catalog's tools not deferred would make %d tools in the request (tool %s would be number %d); %s",
				len(c.Params.Tools)+own, add[room].Name, chatMaxTools+1, chatCatalogRule)
		}
		add = add[:min(len(add), room)]
		if c.had == nil {
			c.had = make(map[string]bool, len(add))
		}
		for _, t := range add {
			def, err := provider.OpenAI(t, c.CatalogOptions...)
			if err != nil {
				return nil, fmt.Errorf("openaiadapter: %w", err)
			}
			fn := param.Override[openai.ChatCompletionFunctionToolParam](def)
			c.Params.Tools = append(c.Params.Tools, openai.ChatCompletionToolUnionParam{OfFunction: &fn})
			c.had[t.Name] = true
		}
		c.sent += len(add)
	}
	msgs, err := c.messages(outs)
	if err != nil {
		return nil, err
	}
	c.Params.Messages = append(c.Params.Messages, msgs...)
	resp, err := c.Client.Chat.Completions.New(ctx, c.Params, c.Options...)
	if err != nil {
		return nil, fmt.Errorf("openaiadapter: chat completion: %w", err)
	}
	c.Last = resp
	if len(resp.Choices) == 0 {
		return nil, errors.New("openaiadapter: a chat completion without choices")
	}
	msg := resp.Choices[0].Message
	c.Params.Messages = append(c.Params.Messages, msg.ToParam())
	return ChatCalls(msg), nil
}
