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
// It is a module of its own, so that the toolschema module does not
// depend on the SDK.
package geminiadapter

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"google.golang.org/genai"

	"github.com/toolschema/toolschema/internal/alloc"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// Tools returns the function declarations of the set's tools, in the
// set's order, as one genai.Tool: each the name, description and
// parametersJsonSchema of provider.Gemini(t, opts...), the schema as raw
// JSON with "propertyOrdering" added to each object of more than one
// property (see the package comment).
func Tools(set *tool.Set, opts ...provider.Option) (*genai.Tool, error) {
	out := &genai.Tool{}
	for _, t := range set.Tools() {
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
		params, err := WithPropertyOrdering(d.ParametersJSONSchema)
		if err != nil {
			return nil, fmt.Errorf("geminiadapter: tool %s: %v", t.Name, err)
		}
		out.FunctionDeclarations = append(out.FunctionDeclarations, &genai.FunctionDeclaration{
			Name: d.Name, Description: d.Description, ParametersJsonSchema: params,
		})
	}
	return out, nil
}

// WithPropertyOrdering returns the schema with "propertyOrdering" after
// "properties" in every object schema that has more than one property:
// the properties' names in their order. The rest is kept as written
// (values that are not schemas, such as an enum's or a default, are
// copied untouched).
func WithPropertyOrdering(schema json.RawMessage) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := writeSchema(&b, schema); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeSchema writes one schema, walking the keywords whose values are
// schemas.
func writeSchema(b *bytes.Buffer, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		b.Write(raw) // true, false: nothing inside
		return nil
	}
	keys, vals, err := members(raw)
	if err != nil {
		return err
	}
	b.WriteByte('{')
	for i, key := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSON(b, key)
		b.WriteByte(':')
		v := vals[i]
		switch key {
		case "properties", "$defs", "patternProperties":
			names, err := writeSchemaMap(b, v)
			if err != nil {
				return err
			}
			if key == "properties" && len(names) > 1 {
				b.WriteString(`,"propertyOrdering":`)
				writeJSON(b, names)
			}
		case "items", "additionalProperties", "not", "contains", "propertyNames":
			err = writeSchema(b, v)
		case "anyOf", "oneOf", "allOf", "prefixItems":
			err = writeSchemaList(b, v)
		default:
			b.Write(v)
		}
		if err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

// writeSchemaMap writes an object whose members are schemas and returns
// their names in order.
func writeSchemaMap(b *bytes.Buffer, raw json.RawMessage) ([]string, error) {
	keys, vals, err := members(raw)
	if err != nil {
		return nil, err
	}
	b.WriteByte('{')
	for i, key := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSON(b, key)
		b.WriteByte(':')
		if err := writeSchema(b, vals[i]); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return keys, nil
}

// writeSchemaList writes an array of schemas.
func writeSchemaList(b *bytes.Buffer, raw json.RawMessage) error {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return err
	}
	b.WriteByte('[')
	for i, v := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeSchema(b, v); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// members returns the members of a JSON object in order, each value as it
// is written.
func members(raw json.RawMessage) ([]string, []json.RawMessage, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("not a JSON object: %.40s", raw)
	}
	var keys []string
	var vals []json.RawMessage
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, nil, err
		}
		keys = append(keys, k.(string))
		vals = append(vals, v)
	}
	if _, err := d.Token(); err != nil {
		return nil, nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, nil, errors.New("trailing data after a JSON object")
	}
	return keys, vals, nil
}

// writeJSON writes v without HTML escapes.
func writeJSON(b *bytes.Buffer, v any) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	b.Truncate(b.Len() - 1) // the encoder's newline
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
	as, parts := alloc.Two[answer, *genai.Part](len(outs))
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
type Conversation struct {
	// Client sends the requests.
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
}

// Next implements loop.Model.
func (c *Conversation) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	if c.Client == nil {
		return nil, errors.New("geminiadapter: a Conversation without a Client")
	}
	if len(outs) > 0 {
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
