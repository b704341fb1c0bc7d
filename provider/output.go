package provider

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
)

// An Output is the schema of a Go type for a model's structured answer,
// made by the same core as tools' schemas: a closed object of T's fields.
// The conversions below write it for each API, with the same modes,
// rules and refusals as tool definitions; tool.DecodeAnswer[T] checks the
// model's answer with the invoker's checks and decodes it into a T.
type Output struct {
	// Name names the schema (OpenAI requires one: letters, digits, _ and
	// -, at most 64).
	Name string
	// Description, when not empty, tells the model what the answer is
	// for (OpenAI's json_schema.description).
	Description string
	// Schema is the core's schema of the type.
	Schema json.RawMessage
	typ    reflect.Type
}

// OutputOf returns the Output of T, a struct or a pointer to one.
func OutputOf[T any](name, description string) (*Output, error) {
	t := reflect.TypeFor[T]()
	s, err := schema.NewBuilder().Input(reflecttype.New(16).Describe(t))
	if err != nil {
		return nil, fmt.Errorf("provider: output %s: %v", name, err)
	}
	return &Output{Name: name, Description: description, Schema: s, typ: t}, nil
}

func (o *Output) source() source {
	return source{kind: "output", name: o.Name, root: "output", schema: o.Schema, in: o.typ}
}

// unnamed is o's source for an API that sends no name with it.
func (o *Output) unnamed() source {
	src := o.source()
	src.anyName = true
	return src
}

// OpenAIResponseFormat returns o as the response_format of a Chat
// Completions request, strict unless Strict(false) is given:
//
//	{"type":"json_schema","json_schema":{"name":...,"description":...,"schema":...,"strict":true}}
func OpenAIResponseFormat(o *Output, opts ...Option) (json.RawMessage, error) {
	js, err := openAIJSONSchema(o, opts)
	if err != nil {
		return nil, err
	}
	return marshal(ordered{{"type", "json_schema"}, {"json_schema", js}})
}

// OpenAIResponsesFormat returns o as the text.format of a Responses API
// request: the members of Chat Completions' json_schema beside "type":
//
//	{"type":"json_schema","name":...,"description":...,"schema":...,"strict":true}
func OpenAIResponsesFormat(o *Output, opts ...Option) (json.RawMessage, error) {
	js, err := openAIJSONSchema(o, opts)
	if err != nil {
		return nil, err
	}
	return marshal(append(ordered{{"type", "json_schema"}}, js...))
}

func openAIJSONSchema(o *Output, opts []Option) (ordered, error) {
	if o == nil {
		return nil, errNilOutput
	}
	s, strict, err := openAISchema(o.source(), newConfig(opts))
	if err != nil {
		return nil, err
	}
	js := ordered{{"name", o.Name}}
	if o.Description != "" {
		js = append(js, kv{"description", o.Description})
	}
	return append(js, kv{"schema", s}, kv{"strict", strict}), nil
}

// AnthropicOutputFormat returns o as the output format of a Messages API
// request, {"type":"json_schema","schema":...}: the value of
// output_config.format (output_format in the beta). Anthropic constrains
// an answer to it as in its strict tool use, so the conversion is that of
// strict tools (Strict(false) gives the schema as it is).
func AnthropicOutputFormat(o *Output, opts ...Option) (json.RawMessage, error) {
	if o == nil {
		return nil, errNilOutput
	}
	c := newConfig(opts)
	s, _, err := convert(o.unnamed(), c.mode("anthropic"), c)
	if err != nil {
		return nil, err
	}
	return marshal(ordered{{"type", "json_schema"}, {"schema", s}})
}

// GeminiResponseSchema returns o as the responseJsonSchema of a Gemini
// request's generation config (with responseMimeType
// "application/json").
func GeminiResponseSchema(o *Output, opts ...Option) (json.RawMessage, error) {
	if o == nil {
		return nil, errNilOutput
	}
	c := newConfig(opts)
	s, _, err := convert(o.unnamed(), c.mode("gemini"), c)
	if err != nil {
		return nil, err
	}
	if c.ordering {
		s = withPropertyOrdering(s)
	}
	return marshal(s)
}
