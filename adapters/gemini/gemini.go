// Package geminiadapter runs a tool set's calls through Google's Gen AI
// Go SDK (google.golang.org/genai): functionCall parts of the model's
// content, answered by functionResponse parts in one user content.
//
// What the SDK loses. Unlike the OpenAI and Anthropic SDKs, genai turns
// every request into a map[string]any (a JSON round trip without
// json.Number) before it writes it, whatever value the program gives:
//
//   - Member order: the maps are written with sorted keys. The order of a
//     schema's properties, which models follow when they write arguments,
//     is kept another way: each object schema with more than one property
//     gets "propertyOrdering", the list of its properties in order, the
//     keyword Gemini documents for that purpose.
//   - Numbers: every number becomes a float64. Integers up to 2^53−1
//     (the bounds the schemas are limited to) keep their value; a number's
//     spelling may change (1e300 is sent as 1e+300).
//   - A call's arguments arrive as a map[string]any too: they are written
//     back as JSON with sorted keys, and an integer beyond 2^53−1 in them
//     has already lost its exact value, which the invoker then reads (and
//     refuses, when it is beyond the Go type's range). A result's JSON
//     goes out through the same maps.
//
// The API version. The declarations are parametersJsonSchema (JSON
// Schema, with "propertyOrdering"), which Gemini defines in the v1beta
// API, the version this package's tests speak. genai sends the field
// to whatever version the client names, without a check, and since genai
// v1.78 a Gemini API client names v1 unless told otherwise (v1beta
// before). Set it when making the client:
//
//	genai.NewClient(ctx, &genai.ClientConfig{
//		Backend:     genai.BackendGeminiAPI,
//		HTTPOptions: genai.HTTPOptions{APIVersion: "v1beta"},
//	})
//
// or, without a change to the code, GOOGLE_GENAI_API_VERSION=beta in the
// environment (the setting in code wins). A Vertex AI client's default,
// v1beta1, did not change.
//
// It is a module of its own, so that the toolschema module does not
// depend on the SDK.
package geminiadapter

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"google.golang.org/genai"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// errNilSet refuses a nil *tool.Set where the set is read.
var errNilSet = errors.New("geminiadapter: a nil tool set")

// Tools returns the function declarations of the set's tools, in the
// set's order, as one genai.Tool: each the name, description and
// parametersJsonSchema of provider.Gemini(t, opts...), the schema as raw
// JSON with "propertyOrdering" in each object of more than one property
// (provider.PropertyOrdering; see the package comment). The name is the
// tool's wire name for Gemini (tool.Set.WireNames: a name such as "1password"
// is sent as "_1password"; the loop's runner maps it back), and two tools
// with one wire name are refused (a *tool.CollisionError naming both).
//
// A tool with an output schema (every typed tool that returns a value)
// has it as responseJsonSchema: the schema of the value Results sends as
// a success's "output", which Gemini reads as the function's output. It
// is provider.GeminiResponseSchema's conversion of the schema, with
// "propertyOrdering", whatever the options. A boolean output schema (true
// says nothing of the output; false, that there is none) is not sent.
//
// A set of more than 512 tools is refused, naming the tool past the
// limit: the Gemini API answers a tool of more than 512 function
// declarations with 400 INVALID_ARGUMENT, its error message ("At most
// 512 function declarations can be specified") being the limit's
// source. Defer the tools the model seldom needs
// (tool.Meta.DeferLoading) and give the set to a loop.Catalog
// (Conversation.Catalog), which sends them as they are found.
func Tools(set *tool.Set, opts ...provider.Option) (*genai.Tool, error) {
	if set == nil {
		return nil, errNilSet
	}
	if set.Len() > maxDeclarations {
		return nil, fmt.Errorf("geminiadapter: %d tools (tool %s is number %d); %s",
			set.Len(), set.Tools()[maxDeclarations].Name, maxDeclarations+1, declarationsRule)
	}
	if _, err := set.WireNames("gemini"); err != nil {
		return nil, err
	}
	return declarations(set.Tools(), opts)
}

// maxDeclarations is the most function declarations one genai.Tool of a
// request may have: the Gemini API refuses more with 400
// INVALID_ARGUMENT, "tools[0].function_declarations: [FIELD_INVALID] At
// most 512 function declarations can be specified." The message puts
// the limit on one Tool's declarations; nothing tells of a total over
// several Tools, and none is assumed here: what counts is the Tool the
// declarations are written to.
const maxDeclarations = 512

const declarationsRule = "a Gemini request takes at most 512 function declarations in one tool: defer the tools the model seldom needs (tool.Meta.DeferLoading) and give the set to a loop.Catalog"

// catalogRule is declarationsRule for a Conversation with a Catalog: the
// catalog's tools not deferred, search_tools and the program's own
// declarations of that tool are sent in every request.
const catalogRule = "a Gemini request takes at most 512 function declarations in one tool, and the catalog's tools not deferred, search_tools and the tool's own declarations go in every one: defer more of the catalog's tools (tool.Meta.DeferLoading)"

// ordered is opts with provider.PropertyOrdering(true) added last, in a
// slice of its own: the options every declaration of this adapter is
// made with.
func ordered(opts []provider.Option) []provider.Option {
	return append(slices.Clip(opts), provider.PropertyOrdering(true))
}

// declarations returns the function declarations of tools, in order,
// as one genai.Tool; their wire names are not checked against each
// other here.
func declarations(tools []*tool.Tool, opts []provider.Option) (*genai.Tool, error) {
	opts = ordered(opts)
	out := &genai.Tool{}
	for _, t := range tools {
		fd, err := declaration(t, opts)
		if err != nil {
			return nil, err
		}
		out.FunctionDeclarations = append(out.FunctionDeclarations, fd)
	}
	return out, nil
}

// declaration returns the function declaration of t under opts, which
// have PropertyOrdering.
func declaration(t *tool.Tool, opts []provider.Option) (*genai.FunctionDeclaration, error) {
	def, err := provider.Gemini(t, opts...)
	if err != nil {
		return nil, err
	}
	var d struct {
		Name                 string          `json:"name"`
		Description          string          `json:"description"`
		ParametersJSONSchema json.RawMessage `json:"parametersJsonSchema"`
	}
	if err := json.Unmarshal(def, &d); err != nil {
		return nil, fmt.Errorf("geminiadapter: tool %s: %v", t.Name, err)
	}
	fd := &genai.FunctionDeclaration{Name: d.Name, Description: d.Description, ParametersJsonSchema: d.ParametersJSONSchema}
	if out := bytes.TrimLeft(t.OutputSchema, " \t\r\n"); len(out) > 0 && out[0] == '{' { // not a boolean schema
		rs, err := provider.GeminiResponseSchema(&provider.Output{Name: "output", Schema: t.OutputSchema}, provider.PropertyOrdering(true))
		if err != nil {
			return nil, fmt.Errorf("geminiadapter: tool %s: responseJsonSchema: %w", t.Name, err)
		}
		fd.ResponseJsonSchema = rs
	}
	return fd, nil
}

// Calls returns the function calls of a response's first candidate, in
// order: each call's id (empty when the model gave none), name and
// arguments (the SDK's map written as JSON, as json.Marshal writes it).
func Calls(r *genai.GenerateContentResponse) ([]loop.Call, error) {
	if len(r.Candidates) == 0 || r.Candidates[0].Content == nil {
		return nil, nil
	}
	var calls []loop.Call
	for _, p := range r.Candidates[0].Content.Parts {
		fc := p.FunctionCall
		if fc == nil {
			continue
		}
		args := json.RawMessage("{}")
		if fc.Args != nil {
			b, err := appendArgs(make([]byte, 0, 64), fc.Args)
			if err != nil {
				return nil, fmt.Errorf("geminiadapter: the arguments of %s: %v", fc.Name, err)
			}
			args = b
		}
		calls = append(calls, loop.Call{ID: fc.ID, Name: fc.Name, Args: args})
	}
	return calls, nil
}

// Results returns the content that answers a turn: one functionResponse
// part per outcome, in order, with its call's id and name. A failure's
// response is {"error": text}; a success's is {"output": value}, the value
// being the result's JSON when it is one JSON part, else its text
// (loop.Content).
func Results(outs []loop.Outcome) *genai.Content {
	// The parts and their responses, made at once.
	type answer struct {
		part genai.Part
		resp genai.FunctionResponse
	}
	as, parts := two[answer, *genai.Part](len(outs))
	for i, o := range outs {
		a := &as[i]
		a.resp = genai.FunctionResponse{ID: o.Call.ID, Name: o.Call.Name, Response: response(o.Result)}
		a.part.FunctionResponse = &a.resp
		parts[i] = &a.part
	}
	return &genai.Content{Role: genai.RoleUser, Parts: parts}
}

func response(r *tool.Result) map[string]any {
	if r.IsError {
		return map[string]any{"error": loop.Content(r)}
	}
	if len(r.Parts) == 1 {
		if p, ok := r.Parts[0].(tool.JSONPart); ok {
			d := json.NewDecoder(bytes.NewReader(p.JSON))
			d.UseNumber()
			var v any
			if d.Decode(&v) == nil {
				return map[string]any{"output": v}
			}
		}
	}
	return map[string]any{"output": loop.Content(r)}
}

// A Conversation is a conversation through generateContent, a
// loop.Model: each Next appends the content of the outcomes' results to
// Contents (none on the first turn), sends the request, appends the
// model's content (thought signatures and all) and returns its calls.
// A request one of whose Config tools has more than 512 function
// declarations, more than the Gemini API takes in one tool (see Tools),
// is refused before it is sent.
type Conversation struct {
	// Client sends the requests; make it with the API version set (see
	// the package comment).
	Client *genai.Client
	// Model is the model's name, such as "gemini-2.5-flash".
	Model string
	// Contents are the conversation so far; Next adds to them.
	Contents []*genai.Content
	// Config is the request's configuration: the tools (Tools) and
	// anything else the program sets.
	Config *genai.GenerateContentConfig
	// Last is the last response; the model's answer when Run ends without
	// a tool ending the loop.
	Last *genai.GenerateContentResponse
	// Catalog, when set, gives the tools by loop's client-side search
	// (Gemini has no tool search): each Next appends the declarations
	// (Tools with CatalogOptions) of the catalog's visible tools not yet
	// sent to the function declarations of Config's first tool that has
	// some (a new tool when none has), after those already sent. The
	// runner's Tools is then Catalog.Set(). The answers of search_tools
	// name each tool found by its wire name, as its declaration does.
	// The tools found go out while that tool has room for them (512
	// declarations, the program's own counted; another Config tool's
	// are not): a search's answer leaves out the tools found past it, and
	// says how many. The catalog's tools not deferred and search_tools
	// are never left out: when they do not fit, Next is the error. The
	// first Next converts every tool of the catalog: one the conversion
	// refuses (two tools with one wire name among them) is its error,
	// before any request, not when a search finds it.
	Catalog        *loop.Catalog
	CatalogOptions []provider.Option

	sent    int               // how many of Catalog.Visible() the declarations have
	had     map[string]bool   // the names of those sent, kept as appendFound sends them
	wire    map[string]string // the catalog's tools' wire names, by name
	checked bool              // every tool of the catalog converts
}

// foundByWireName returns outs with each answer of the catalog's
// search_tools naming the tools found by their wire names for Gemini, the
// names their declarations carry ("1password.get" is "_1password.get"),
// so that the model calls a name the request has, and leaving out the
// tools the request has no declaration of (no room was left for them),
// with a line after the list that says how many. The other outcomes, and
// outs itself, are not changed.
func (c *Conversation) foundByWireName(outs []loop.Outcome) ([]loop.Outcome, error) {
	var out []loop.Outcome
	for i, o := range outs {
		if o.Tool == nil || o.Tool.Name != loop.SearchToolName || o.Result.IsError || len(o.Result.Parts) == 0 {
			continue
		}
		j, ok := o.Result.Parts[0].(tool.JSONPart)
		if !ok || slices.ContainsFunc(o.Result.Parts[1:], func(p tool.Part) bool { _, text := p.(tool.TextPart); return !text }) {
			continue // the list, and the result budget's note when it cut it
		}
		if err := c.wireNames(); err != nil {
			return nil, err
		}
		var found []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
		}
		if json.Unmarshal(j.JSON, &found) != nil {
			continue
		}
		kept := found[:0:0]
		renamed := true
		for _, f := range found {
			w, ok := c.wire[f.Name]
			renamed = renamed && ok
			if c.had[f.Name] {
				f.Name = w
				kept = append(kept, f)
			}
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if !renamed || enc.Encode(kept) != nil {
			continue
		}
		if out == nil {
			out = slices.Clone(outs)
		}
		r := *o.Result
		r.Parts = []tool.Part{tool.JSONPart{JSON: bytes.TrimSuffix(b.Bytes(), []byte("\n"))}}
		if len(found) == 0 {
			r.Parts = append(r.Parts, tool.TextPart{Text: noneFound})
		}
		if n := len(found) - len(kept); n > 0 {
			note := fmt.Sprintf("%d more tools this search found are not among your tools: a request takes at most %d tools, and this one has that many already.", n, maxDeclarations)
			if n == 1 {
				note = fmt.Sprintf("1 more tool this search found is not among your tools: a request takes at most %d tools, and this one has that many already.", maxDeclarations)
			}
			r.Parts = append(r.Parts, tool.TextPart{Text: note})
		}
		r.Parts = append(r.Parts, o.Result.Parts[1:]...)
		out[i].Result = &r
	}
	if out == nil {
		return outs, nil
	}
	return out, nil
}

// wireNames makes c.wire, the catalog's tools' wire names by name, once:
// two tools with one wire name are its error.
func (c *Conversation) wireNames() error {
	if c.wire != nil {
		return nil
	}
	set := c.Catalog.Set()
	names, err := set.WireNames("gemini")
	if err != nil {
		return fmt.Errorf("geminiadapter: the catalog's tools: %w", err)
	}
	c.wire = make(map[string]string, len(names))
	for k, t := range set.Tools() {
		c.wire[t.Name] = names[k]
	}
	return nil
}

// noneFound follows the empty list of a search that found no tool: a
// bare [] tells the model nothing of what to do next.
const noneFound = "No tool was found for that search. Search again in other words (the task, the object it acts on, the action), or go on with the tools you have."

// Next implements loop.Model.
func (c *Conversation) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if c.Client == nil {
		return nil, errors.New("geminiadapter: a Conversation without a Client")
	}
	if c.Config != nil {
		for i, t := range c.Config.Tools {
			if t != nil && len(t.FunctionDeclarations) > maxDeclarations {
				return nil, fmt.Errorf("geminiadapter: %d function declarations in the request's tool %d; %s", len(t.FunctionDeclarations), i, declarationsRule)
			}
		}
	}
	var made map[string]*genai.FunctionDeclaration
	if c.Catalog != nil && !c.checked {
		// Every tool of the catalog may be sent: each is converted now,
		// so that one the conversion refuses is the program's error
		// before any request, not the end of the run when a search finds
		// it.
		if err := c.wireNames(); err != nil {
			return nil, err
		}
		// The declarations of the tools not deferred and of search_tools,
		// which this Next sends, are kept for appendFound, not made again.
		opts := ordered(c.CatalogOptions)
		for _, t := range c.Catalog.Set().Tools() {
			fd, err := declaration(t, opts)
			if err != nil {
				return nil, fmt.Errorf("geminiadapter: the catalog's tools: %w", err)
			}
			if !t.DeferLoading || t.Name == loop.SearchToolName {
				if made == nil {
					made = map[string]*genai.FunctionDeclaration{}
				}
				made[t.Name] = fd
			}
		}
		c.checked = true
	}
	if c.Catalog != nil {
		if err := c.appendFound(made); err != nil {
			return nil, err
		}
	}
	if len(outs) > 0 {
		if c.Catalog != nil {
			var err error
			if outs, err = c.foundByWireName(outs); err != nil {
				return nil, err
			}
		}
		c.Contents = append(c.Contents, Results(outs))
	}
	r, err := c.Client.Models.GenerateContent(ctx, c.Model, c.Contents, c.Config)
	if err != nil {
		return nil, fmt.Errorf("geminiadapter: generate content: %w", err)
	}
	c.Last = r
	if len(r.Candidates) == 0 || r.Candidates[0].Content == nil {
		return nil, errors.New("geminiadapter: a response without a candidate's content")
	}
	c.Contents = append(c.Contents, r.Candidates[0].Content)
	return Calls(r)
}

// appendFound appends the declarations of the catalog's visible tools
// not yet sent, while the tool they go to has room for them; made has
// some of them already, by name.
func (c *Conversation) appendFound(made map[string]*genai.FunctionDeclaration) error {
	visible := c.Catalog.Visible()
	if len(visible) == c.sent {
		return nil
	}
	var dst *genai.Tool
	if c.Config != nil {
		for _, t := range c.Config.Tools {
			if t != nil && len(t.FunctionDeclarations) > 0 {
				dst = t
				break
			}
		}
	}
	has := 0
	if dst != nil {
		has = len(dst.FunctionDeclarations)
	}
	// The tools found go out while there is room for them: a model may
	// search until it has found more than one tool takes, and the tools
	// past the room are left out (the answers of the searches say so),
	// not the conversation ended. The catalog's tools not deferred and
	// search_tools are the program's, first among the visible: the
	// request must take them.
	add := visible[c.sent:]
	room := max(0, maxDeclarations-has)
	own := 0
	for own < len(add) && !add[own].DeferLoading {
		own++
	}
	if own > room {
		return fmt.Errorf("geminiadapter: the catalog's tools not deferred would make %d function declarations in the request's tool (tool %s would be number %d); %s",
			has+own, add[room].Name, maxDeclarations+1, catalogRule)
	}
	add = add[:min(len(add), room)]
	if len(add) == 0 {
		return nil
	}
	decls := make([]*genai.FunctionDeclaration, len(add))
	var opts []provider.Option
	for i, t := range add {
		if fd, ok := made[t.Name]; ok {
			decls[i] = fd
			continue
		}
		if opts == nil {
			opts = ordered(c.CatalogOptions)
		}
		fd, err := declaration(t, opts)
		if err != nil {
			return err
		}
		decls[i] = fd
	}
	if c.Config == nil {
		c.Config = &genai.GenerateContentConfig{}
	}
	if dst == nil {
		dst = &genai.Tool{}
		c.Config.Tools = append(c.Config.Tools, dst)
	}
	dst.FunctionDeclarations = append(dst.FunctionDeclarations, decls...)
	if c.had == nil {
		c.had = make(map[string]bool, len(add))
	}
	for _, t := range add {
		c.had[t.Name] = true
	}
	c.sent += len(add)
	return nil
}
