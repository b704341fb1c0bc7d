// Package toolimpl is the interface between the code toolgen generates and
// the runtime (package tool). Only generated code and this module's own
// packages (reflectimpl, rawtool, mcpserver, the adapters) import it, as
// protobuf's generated code imports protoimpl: a program makes tools with
// toolgen's generated Tools(), reflectimpl.Create or rawtool.New, and
// calls them with tool.Tool.Invoke.
//
// What it holds changes with the version of the generated code
// (MinGenVersion, MaxGenVersion), not with the module's public API.
package toolimpl

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/tool"
)

// The generated code declares the version of the interface between it and
// this package that it was written for, and fails to compile unless
// MinGenVersion <= version <= MaxGenVersion: regenerate with the toolgen of
// the module version in use.
//
// Version 5 moved this interface from package tool to this package, with
// New taking the tool's metadata as one tool.Meta; the handlers of a
// package with //tool:required-from-tags have the method RequiredFromTags.
const (
	MinGenVersion = 5
	MaxGenVersion = 5
)

// EnforceVersion is the unsigned type the generated code converts its
// version checks to: a negative difference does not compile.
type EnforceVersion uint

// A Handler runs the function behind a tool. The generated code,
// reflectimpl and rawtool implement it. A handler that also has the method
// CheckArgs(ctx context.Context, args json.RawMessage) (in any, viols
// []tool.Violation, more int, err error) checks its tool's arguments
// itself, in place of the typed checks of its input type (rawtool's, whose
// input schema is any JSON Schema); no other should have it. One whose
// CheckArgs reads the arguments through a typed tool's CheckArgs after
// checking them against another schema (mcpserver's for a schema set by
// hand, the mcp-go drop-ins' for a listing) may also have the method
// DropsUnknownKeys() bool: when it reports true, that typed reading drops
// the keys its input type has no field of that exact name for.
type Handler interface {
	// Input returns the tool's input type, a struct type; nil when the
	// tool takes no input.
	Input() reflect.Type
	// Output returns the type of the tool's first result when its output
	// schema is written from it; nil otherwise.
	Output() reflect.Type
	// Call calls the function bound to fn with ctx, call and the input:
	// in is a pointer to the decoded and checked input (nil when the tool
	// takes none). It returns the function's first result (nil when it
	// has none) and its error.
	Call(ctx context.Context, call *tool.Call, fn any, in any) (any, error)
}

var (
	bind    = toolhook.Bind.(func(*tool.Tool, any, any))
	binding = toolhook.Binding.(func(*tool.Tool) (any, any))
)

// New returns the tool of metadata m and input and output schemas in and
// out (out nil for none) that runs fn through h. fn is what h calls: the
// function itself, or for a method the receiver.
func New(m tool.Meta, in, out json.RawMessage, h Handler, fn any) *tool.Tool {
	// Made here, in place: the tool is one allocation, its metadata
	// copied once.
	t := &tool.Tool{Meta: m, InputSchema: in, OutputSchema: out}
	bind(t, h, fn)
	return t
}

// Binding returns the handler of t and the value it is bound to, both nil
// for a tool.Tool without a function behind it (a literal) and for a nil t.
func Binding(t *tool.Tool) (Handler, any) {
	if t == nil {
		return nil, nil
	}
	h, fn := binding(t)
	hh, _ := h.(Handler) // nil for none
	return hh, fn
}
