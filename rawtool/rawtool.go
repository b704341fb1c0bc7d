// Package rawtool makes tools whose input schema is given as JSON Schema
// rather than derived from a Go type: a tool proxied from an MCP server, a
// tool defined in configuration. The handler takes the raw arguments, as
// JSON, after they have been checked against the schema with
// github.com/santhosh-tekuri/jsonschema/v6, with the invoker's messages and
// limits (size, depth, keys given twice, one line per violation, null for
// an optional property as absent, defaults filled in). A default that its
// own property's schema refuses (mcp-go's mcp.WithNumber("limit",
// mcp.DefaultString("10")): a string for a number, or a value outside the
// enum, the range or the format) is not filled in: the function gets the
// property absent, as from a server that fills in no defaults. The tool
// is not refused for it; each default is checked once, in New.
//
// The entry point is New, which takes the tool's tool.Meta, its input
// schema and a Func (ExampleNew). The tools are *tool.Tool values: they
// join a tool.Set, the provider conversions and mcpserver as any other.
//
// A schema is taken as untrusted. Before it is compiled, New refuses,
// naming the location and the rule (and, for the bounds on nesting,
// subschemas, list lengths, numbers and pattern lengths, without reading
// the schema past the point where it passes one): a schema past its
// bounds (over 512 KiB; nested deeper than 64 JSON levels, where a
// property's schema is two below its object's, the invoker's bound on
// arguments; over 2,000 subschemas, counting the objects and booleans
// where a keyword takes a schema or a $ref points; over 1,000 values in
// one enum or const, nested ones counted, or names in one required; a
// pattern over 1,024 bytes or 1,000 regexp/syntax instructions, or over
// 200,000 instructions in all its patterns together, each use counted;
// chains of $ref whose schemas, merged, hold over 100,000 names, found
// after the compile); a
// number whose exponent is beyond ±400 or whose text is longer than 256
// characters (the validator's exact numbers would fail or cost dearly);
// an integer keyword (minLength, maxItems, ...) past 2^53-1; a pattern
// Go's regexp (RE2) does not read, which includes ECMA-262's lookaround
// and back-references; a $schema other than the drafts the validator has;
// and every $ref, $dynamicRef or $recursiveRef that does not name a
// schema in the document itself ($defs, definitions, an anchor, a
// JSON pointer, a resource with its own $id): nothing is fetched, from
// disk or the network. A panic of the validator's compile is an error.
// Errors quote at most 256 bytes of any text of the schema.
//
// A call is refused before the validator runs when its arguments hold over
// 65,536 values (objects, arrays and scalars at any depth: the checks hold
// about 300 bytes a value, and the reading stops at the bound), or when
// checking it would cost more than a budget (about 0.1 s of the validator's
// time, plus a share for each byte of the arguments): the cost is counted
// on the arguments, per schema applied, enum value compared, byte matched
// per pattern instruction, per instruction of a format regex string's
// program. A string of the format regex is held to a
// pattern's bounds (1,024 bytes, 1,000 instructions), its program's size
// bounded before it is built. The defaults filled in add at most 4 MiB to
// a call's arguments; past it, the call is refused. In-document $ref are
// followed for defaults and for an optional property's null.
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
	"strings"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/internal/metaschema"
	"github.com/toolschema/toolschema/internal/rawcheck"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// Real schemas stay far inside the bounds the package doc gives (the
// largest proxied MCP tool schemas are tens of kilobytes, a few hundred
// subschemas); within them, New takes time linear in the schema's size,
// and matching a pattern time linear in the string.

// A Func runs a raw tool: args are the checked arguments, a JSON object
// with the defaults filled in (those that fit their schemas). Its result is
// converted as a typed tool's (a string is a text part, json.RawMessage a
// JSON part, *tool.Result itself, ...), and an error is a failure result.
type Func func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error)

// New returns a tool with metadata m, whose input schema is inputSchema
// and which runs fn. inputSchema must compile as a
// JSON Schema 2020-12 whose root is an object schema ("type":"object"),
// within the bounds above, with no reference outside itself (see the
// package doc). The name follows MCP's rule for tool names (CheckName: 1
// to 128 ASCII letters, digits, '_', '.' or '-'), not the narrower one of
// typed tools, so that a proxied tool keeps its server's name
// ("admin.tools.list"); the provider conversions send a name a provider
// does not take under its wire name (tool.Set.WireNames), and the loop finds
// the tool by either (tool.Set.Resolve).
// An x-mcp-header in inputSchema must keep MCP 2026-07-28's constraints
// (a client of the streamable HTTP transport drops the tool otherwise).
// m's examples must be valid arguments (each is kept compact), its icon
// an icon URL (tool.Meta.Icon) and its result budget not negative.
// The tool's InputSchema is a compact copy of inputSchema (member order and
// number text kept); it has no OutputSchema. Its metadata defaults are
// those of every tool (tool.Meta): a raw tool is parallel-safe unless m
// says otherwise.
func New(m tool.Meta, inputSchema json.RawMessage, fn Func) (*tool.Tool, error) {
	t := &m
	if fn == nil {
		return nil, fmt.Errorf("rawtool: tool %s: no function", t.Name)
	}
	if err := CheckName(t.Name); err != nil {
		return nil, err
	}
	if len(inputSchema) > metaschema.MaxBytes {
		// Before the schema is read: a large one costs time to read.
		return nil, fmt.Errorf("rawtool: tool %s: the input schema does not compile: it is %d bytes, more than %d", t.Name, len(inputSchema), metaschema.MaxBytes)
	}
	if len(bytes.Trim(inputSchema, " \t\r\n")) == 0 { // JSON's whitespace alone
		return nil, fmt.Errorf(`rawtool: tool %s: the input schema is empty; give an object schema, at least {"type":"object"}`, t.Name)
	}
	if err := metaschema.Precheck(inputSchema); err != nil {
		// Before the schema is parsed: past a bound, it is refused
		// where the bound is passed, the rest unread.
		return nil, fmt.Errorf("rawtool: tool %s: the input schema does not compile: %v", t.Name, err)
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
	if _, err := schema.MCPHeaders(in); err != nil {
		// A client of MCP's streamable HTTP transport drops a tool
		// whose x-mcp-header breaks MCP's constraints (and the go-sdk's
		// Server.AddTool panics on it).
		return nil, fmt.Errorf("rawtool: tool %s: the input schema breaks MCP's rules for x-mcp-header: %v", t.Name, err)
	}
	check, err := rawcheck.NewChecker(in)
	if err != nil {
		return nil, fmt.Errorf("rawtool: tool %s: the input schema does not compile: %v", t.Name, err)
	}
	// The metadata's own rules, as reflectimpl.Create checks them.
	if ps := schema.MetaProblems(schema.MetaFields{Timeout: m.Timeout, MaxResultBytes: m.MaxResultBytes, Icon: m.Icon,
		Namespace: m.Namespace, ErrorCodes: m.ErrorCodes, ReadOnly: m.ReadOnly, Idempotent: m.Idempotent, Destructive: m.Destructive}); len(ps) > 0 {
		whys := make([]string, len(ps))
		for i, p := range ps {
			whys[i] = p.Option + ": " + p.Why
		}
		return nil, fmt.Errorf("rawtool: tool %s: %s", t.Name, strings.Join(whys, "; "))
	}
	if len(m.Examples) > 0 {
		// Each example is checked as a call's arguments are, and kept
		// compact in a list of the tool's own.
		examples := make([]json.RawMessage, len(m.Examples))
		for i, ex := range m.Examples {
			var b bytes.Buffer
			if err := json.Compact(&b, ex); err != nil {
				return nil, fmt.Errorf("rawtool: tool %s: example %d is not JSON: %v", t.Name, i+1, err)
			}
			if _, viols := check.Arguments(b.Bytes()); len(viols) > 0 {
				return nil, fmt.Errorf("rawtool: tool %s: example %d is not valid: %s", t.Name, i+1, viols[0].Message)
			}
			examples[i] = b.Bytes()
		}
		m.Examples = examples
	}
	return toolimpl.New(m, in, nil, handler{check: check}, fn), nil
}

// CheckName reports why name is not a raw tool's name under MCP's rule
// for tool names: 1 to 128 ASCII letters, digits, '_', '.' or '-'.
// It returns nil for a valid name. The error quotes at most 256 bytes of
// the name.
func CheckName(name string) error {
	if schema.MCPName(name) {
		return nil
	}
	const rule = "MCP's tool name rule: 1 to 128 ASCII letters, digits, '_', '.' or '-'"
	if name == "" {
		return fmt.Errorf("rawtool: the tool name is empty; %s", rule)
	}
	quoted := name
	if len(quoted) > 256 {
		quoted = strings.ToValidUTF8(quoted[:256], "") + "..."
	}
	if len(name) > schema.MaxMCPNameLen {
		return fmt.Errorf("rawtool: tool name %q is %d bytes long; %s", quoted, len(name), rule)
	}
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Errorf("rawtool: tool name %q has the byte 0x%02x, not UTF-8, at offset %d; %s", quoted, name[i], i, rule)
		}
		if !(r == '_' || r == '-' || r == '.' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return fmt.Errorf("rawtool: tool name %q has %q at offset %d; %s", quoted, r, i, rule)
		}
		i += n
	}
	return nil
}

// handler checks the arguments with jsonschema/v6 and calls the Func. Its
// schema is compiled once, by New, and kept with the tool, not in a cache
// of every schema a program has seen (a proxy may build tools for its
// whole life).
type handler struct {
	check *rawcheck.Checker
}

// handler checks its tool's arguments itself, as the runtime's
// argsChecker (package tool) asks of a handler that does.
var _ interface {
	toolimpl.Handler
	CheckArgs(ctx context.Context, args json.RawMessage) (in any, viols []tool.Violation, more int, err error)
} = handler{}

// checksBytes is what the checks of a raw schema hold for a value of
// the arguments, at most (docs/contract.md, "A call's memory").
const checksBytes = 320

func (handler) Input() reflect.Type  { return nil }
func (handler) Output() reflect.Type { return nil }

func (h handler) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	if ctx != nil {
		if err := ctx.Err(); err != nil {
			return nil, nil, 0, err
		}
	}
	// What the checks hold while they run (about 300 bytes a value of
	// the arguments, counted as they are read) takes room from the room
	// the calls running at once share, given back when they end.
	completed, viols, err := h.check.ArgumentsHeld(args, func(values int) (func(), error) {
		return toolhook.HoldRoom(checksBytes * values)
	})
	if err != nil {
		return nil, nil, 0, err
	}
	if len(viols) > 0 {
		more := 0
		if len(viols) > limits.MaxViolations {
			more = len(viols) - limits.MaxViolations
			viols = viols[:limits.MaxViolations]
		}
		return nil, viols, more, nil
	}
	return completed, nil, 0, nil
}

func (handler) Call(ctx context.Context, call *tool.Call, fn any, in any) (any, error) {
	args, _ := in.(json.RawMessage)
	return fn.(Func)(ctx, call, args)
}
