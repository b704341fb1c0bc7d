// Package rawtool makes tools whose input schema is given as JSON Schema
// rather than derived from a Go type: a tool proxied from an MCP server, a
// tool defined in configuration. The handler takes the raw arguments, as
// JSON, after they have been checked against the schema with
// github.com/santhosh-tekuri/jsonschema/v6, with the invoker's messages and
// limits (size, depth, keys given twice, one line per violation, null for
// an optional property as absent, defaults filled in). The tools are
// *tool.Tool values: they join a tool.Set, the provider conversions and
// mcpserver as any other.
//
// Package tool does not link jsonschema/v6 (it costs programs that use
// only typed tools); this package does.
package rawtool

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/toolschema/toolschema/internal/oracle"
	"github.com/toolschema/toolschema/schema"
	"github.com/toolschema/toolschema/tool"
)

// A Func runs a raw tool: args are the checked arguments, a JSON object
// with the defaults filled in. Its result is converted as a typed tool's
// (a string is a text part, json.RawMessage a JSON part, *tool.Result
// itself, ...), and an error is a failure result.
type Func func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error)

// New returns a tool with t's name, description and options, whose input
// schema is inputSchema and which runs fn. inputSchema must compile as a
// JSON Schema 2020-12 whose root is an object schema ("type":"object");
// the name must be 1 to 64 letters, digits, _ or -. t.InputSchema is
// replaced by a compact copy of inputSchema (member order and number text
// kept); t.OutputSchema, when set, must compile too.
func New(t tool.Tool, inputSchema json.RawMessage, fn Func) (*tool.Tool, error) {
	if fn == nil {
		return nil, fmt.Errorf("rawtool: tool %s: no function", t.Name)
	}
	if err := schema.CheckName(t.Name); err != nil {
		return nil, fmt.Errorf("rawtool: tool %q: %v", t.Name, err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, inputSchema); err != nil {
		return nil, fmt.Errorf("rawtool: tool %s: the input schema is not JSON: %v", t.Name, err)
	}
	in := json.RawMessage(compact.Bytes())
	var root struct {
		Type any `json:"type"`
	}
	if err := json.Unmarshal(in, &root); err != nil || root.Type != "object" {
		return nil, fmt.Errorf(`rawtool: tool %s: the input schema's root must be an object schema ("type":"object"): tool arguments are a JSON object`, t.Name)
	}
	check, err := oracle.NewChecker(in)
	if err != nil {
		return nil, fmt.Errorf("rawtool: tool %s: the input schema does not compile: %v", t.Name, err)
	}
	if t.OutputSchema != nil {
		if _, err := oracle.NewChecker(t.OutputSchema); err != nil {
			return nil, fmt.Errorf("rawtool: tool %s: the output schema does not compile: %v", t.Name, err)
		}
	}
	t.InputSchema = in
	return tool.New(t, handler{check: check}, fn), nil
}

// handler checks the arguments with jsonschema/v6 and calls the Func. Its
// schema is compiled once, by New, and kept with the tool, not in a cache
// of every schema a program has seen (a proxy may build tools for its
// whole life).
type handler struct {
	check *oracle.Checker
}

var _ tool.ArgsChecker = handler{}

func (handler) Input() reflect.Type  { return nil }
func (handler) Output() reflect.Type { return nil }

func (h handler) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	if ctx != nil {
		if err := ctx.Err(); err != nil {
			return nil, nil, 0, err
		}
	}
	completed, viols := h.check.Arguments(args)
	if len(viols) > 0 {
		more := 0
		if len(viols) > tool.MaxViolations {
			more = len(viols) - tool.MaxViolations
			viols = viols[:tool.MaxViolations]
		}
		return nil, viols, more, nil
	}
	return completed, nil, 0, nil
}

func (handler) Call(ctx context.Context, call *tool.Call, fn any, in any) (any, error) {
	args, _ := in.(json.RawMessage)
	return fn.(Func)(ctx, call, args)
}
