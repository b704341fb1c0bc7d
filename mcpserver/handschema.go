package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// An input schema set by hand on a drop-in (mcp.Tool's InputSchema: a
// *jsonschema.Schema of google/jsonschema-go, a json.RawMessage, or any
// value that marshals to a schema) is what the model reads and what the
// SDK validates the arguments against. The drop-in checks them against it
// too, as rawtool checks a raw tool's (with the invoker's words, paths,
// limits and defaults), then decodes them into In by In's contract with
// every property optional unless its tags require it. Where that refuses
// what the schema allows, a key In's objects have no property of that
// exact name for is dropped (the SDK's decoding drops it; encoding/json
// would match a name that differs only in case to a field, past the
// schema's checks), and a value past a range In's tags set is decoded
// with the leniency tool.ShadowArgs, as the SDK decodes it: a call the
// schema allows is refused only where In cannot hold a value (a fraction
// for an int). A type that declares its own schema reads its value with
// its own UnmarshalJSON, as it does under the SDK: nothing in it is
// dropped. The checks take the
// validator, which this package does not link: package declared
// registers them, and without it AddTool panics, naming the import.
// The keys are dropped by the invoker, from the core's table of In's
// names (schema.Keys), for a handler that asks it to (DropsUnknownKeys):
// adapters/mcpgo's listed drop-ins ask the same.

// handChecks is the declared package's import path, as a program adds it.
const handChecks = `_ "github.com/toolschema/toolschema/declared"`

// handSchema returns the JSON of a schema set by hand, marshaled once.
func handSchema(s any) (json.RawMessage, error) {
	if raw, ok := s.(json.RawMessage); ok {
		return raw, nil
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("the input schema set by hand does not marshal to JSON: %v", err)
	}
	return raw, nil
}

// handTool returns the tool that runs d with the arguments checked
// against the hand-set schema in.
func handTool[In, Out any](meta tool.Meta, in json.RawMessage, d *dropInHandler[In, Out]) (*tool.Tool, error) {
	maker := toolhook.RawToolMaker()
	if maker == nil {
		return nil, fmt.Errorf("the input schema is set by hand, and checking the arguments against it takes the JSON Schema validator, which this program does not link: add import %s", handChecks)
	}
	made, err := maker(in)
	if err != nil {
		return nil, fmt.Errorf("input schema set by hand: %v", err)
	}
	rt := made.(*tool.Tool)
	rh, _ := toolimpl.Binding(rt)
	checker, ok := rh.(argsChecker)
	if !ok {
		return nil, fmt.Errorf("input schema set by hand: its tool has no checks") // declared registers rawtool's, which has
	}
	h := &handHandler{schema: checker, inner: d, fromTags: d.fromTags, mapIn: d.mapIn}
	if d.mapIn {
		// The map takes what the schema let through, as encoding/json
		// decodes it (numbers as float64), as the SDK gives it. The
		// invoker reads it, so that its values take room from what the
		// calls running at once share, as a typed input's do, until the
		// handler is done with them.
		h.typed = toolimpl.New(tool.Meta{Name: "drop_in"}, json.RawMessage(`{"type":"object"}`), nil, argsMapReader[In]{}, nil)
		if _, _, err := h.typed.CheckArgs(context.Background(), json.RawMessage(`{}`)); err != nil {
			return nil, fmt.Errorf("OLT002: input: %v", err) // its key type's methods, say
		}
	} else {
		lenient, err := reflectimpl.Create(schemaOf[In, Out], reflectimpl.Meta(tool.Meta{Name: "drop_in"}), reflectimpl.RequiredFromTags())
		if err != nil {
			return nil, err
		}
		h.typed = lenient
	}
	return toolimpl.New(meta, rt.InputSchema, nil, h, nil), nil
}

// argsMapReader is the handler of the tool that reads a map of the
// arguments (In, see isArgsMap) for a drop-in's CheckArgs; it runs
// nothing.
type argsMapReader[In any] struct{}

func (argsMapReader[In]) Input() reflect.Type  { return reflect.TypeFor[In]() }
func (argsMapReader[In]) Output() reflect.Type { return nil }
func (argsMapReader[In]) Call(context.Context, *tool.Call, any, any) (any, error) {
	return nil, fmt.Errorf("a map of the arguments is only read")
}

// argsChecker is a handler that checks its tool's arguments itself
// (rawtool's).
type argsChecker interface {
	CheckArgs(ctx context.Context, args json.RawMessage) (in any, viols []tool.Violation, more int, err error)
}

// handHandler checks a drop-in's arguments against the schema set by
// hand, decodes them into In leniently, and calls the drop-in's handler.
type handHandler struct {
	schema   argsChecker
	typed    *tool.Tool // In's contract, every property optional unless tagged; a map's reading
	inner    toolimpl.Handler
	fromTags bool
	mapIn    bool // In is a map of the arguments: every key is kept
}

// RequiredFromTags tells the invoker the read mode of the handler's types.
func (h *handHandler) RequiredFromTags() bool { return h.fromTags }

// DropsUnknownKeys asks the typed CheckArgs h calls to drop the keys In
// has no field of that exact name for; a map of the arguments keeps them
// all, as under the SDK.
func (h *handHandler) DropsUnknownKeys() bool { return !h.mapIn }

func (h *handHandler) Input() reflect.Type  { return nil }
func (h *handHandler) Output() reflect.Type { return h.inner.Output() }

func (h *handHandler) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	completed, viols, more, err := h.schema.CheckArgs(ctx, args)
	if err != nil || len(viols) > 0 {
		return nil, viols, more, err
	}
	raw, _ := completed.(json.RawMessage)
	// What the schema allows and In's contract does not: a key In has no
	// field for (the schema's object is open) is dropped, as the SDK's
	// decoding drops it (DropsUnknownKeys). It must not reach a field
	// through encoding/json, which matches a name that differs only in
	// case ("ITEM" for "item"), past the schema's checks of the field.
	in, viols, err := h.typed.CheckArgs(ctx, raw)
	if err == nil && len(viols) > 0 {
		// A value past a range In's tags set is taken as the SDK takes
		// it, by encoding/json (every key left is a field's own name);
		// what In cannot hold at all is refused with the contract's
		// words.
		in, viols, err = h.typed.CheckArgs(tool.WithLeniency(ctx, tool.ShadowArgs), raw)
	}
	return in, viols, 0, err
}

func (h *handHandler) Call(ctx context.Context, call *tool.Call, fn any, in any) (any, error) {
	return h.inner.Call(ctx, call, fn, in)
}
