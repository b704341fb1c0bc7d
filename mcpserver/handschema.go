package mcpserver

import (
	"bytes"
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
// (adapters/mcpgo does the same for a listed schema in its own module,
// which cannot import this one's internal packages: its listedHandler is
// the same few lines.)

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
	lenient, err := reflectimpl.Create(schemaOf[In, Out], reflectimpl.Meta(tool.Meta{Name: "drop_in"}), reflectimpl.RequiredFromTags())
	if err != nil {
		return nil, err
	}
	h := &handHandler{schema: checker, typed: lenient, keys: readKeys(lenient.InputSchema), inner: d, fromTags: d.fromTags}
	return toolimpl.New(meta, rt.InputSchema, nil, h, nil), nil
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
	typed    *tool.Tool // In's contract, every property optional unless tagged
	keys     *keySchema // the properties of In's objects
	inner    toolimpl.Handler
	fromTags bool
}

// RequiredFromTags tells the invoker the read mode of the handler's types.
func (h *handHandler) RequiredFromTags() bool { return h.fromTags }

func (h *handHandler) Input() reflect.Type  { return nil }
func (h *handHandler) Output() reflect.Type { return h.inner.Output() }

func (h *handHandler) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	completed, viols, more, err := h.schema.CheckArgs(ctx, args)
	if err != nil || len(viols) > 0 {
		return nil, viols, more, err
	}
	raw, _ := completed.(json.RawMessage)
	in, viols, err := h.typed.CheckArgs(ctx, raw)
	if err == nil && len(viols) > 0 {
		// What the schema allows and In's contract does not: a key In
		// has no field for (the schema's object is open) is dropped, as
		// the SDK's decoding drops it. It must not reach a field through
		// encoding/json, which matches a name that differs only in case
		// ("ITEM" for "item"), past the schema's checks of the field.
		raw = h.keys.drop(raw)
		in, viols, err = h.typed.CheckArgs(ctx, raw)
	}
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

// keySchema is what drop reads of In's schema (the core's: a struct is a
// closed object, a map's values and a slice's items are schemas of their
// own; nothing is referenced).
type keySchema struct {
	props  map[string]*keySchema // a closed object's properties; nil when it is not closed
	values *keySchema            // a map's values
	items  *keySchema            // an array's items
}

// readKeys reads s, the core's schema of In; nil for a schema it cannot
// read, which drops nothing.
func readKeys(s json.RawMessage) *keySchema {
	var raw struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Additional json.RawMessage            `json:"additionalProperties"`
		Items      json.RawMessage            `json:"items"`
		Patterns   json.RawMessage            `json:"patternProperties"`
		AnyOf      json.RawMessage            `json:"anyOf"`
		OneOf      json.RawMessage            `json:"oneOf"`
	}
	if json.Unmarshal(s, &raw) != nil {
		return nil
	}
	if raw.Patterns != nil || raw.AnyOf != nil || raw.OneOf != nil ||
		raw.Properties != nil && len(raw.Additional) > 0 && raw.Additional[0] == '{' {
		// Not a shape the core writes for a Go struct, map or slice: a
		// type's declared schema, whose own UnmarshalJSON reads the
		// value. Nothing in it is dropped.
		return nil
	}
	k := &keySchema{}
	switch {
	case string(raw.Additional) == "false":
		k.props = make(map[string]*keySchema, len(raw.Properties))
		for name, p := range raw.Properties {
			k.props[name] = readKeys(p)
		}
	case len(raw.Additional) > 0 && raw.Additional[0] == '{':
		k.values = readKeys(raw.Additional)
	}
	if len(raw.Items) > 0 && raw.Items[0] == '{' {
		k.items = readKeys(raw.Items)
	}
	return k
}

// drop returns v without the members of In's objects that In has no
// property of that exact name for, at every level. v has passed the
// checks of the schema set by hand: it is JSON, with no key given twice.
func (k *keySchema) drop(v json.RawMessage) json.RawMessage {
	if v = bytes.TrimLeft(v, " \t\r\n"); k == nil || len(v) == 0 {
		return v
	}
	switch {
	case v[0] == '{' && (k.props != nil || k.values != nil):
		var m map[string]json.RawMessage
		if json.Unmarshal(v, &m) != nil {
			return v
		}
		for name, e := range m {
			if k.props == nil {
				m[name] = k.values.drop(e)
			} else if p, ok := k.props[name]; ok {
				m[name] = p.drop(e)
			} else {
				delete(m, name)
			}
		}
		out, err := json.Marshal(m)
		if err != nil {
			return v
		}
		return out
	case v[0] == '[' && k.items != nil:
		var a []json.RawMessage
		if json.Unmarshal(v, &a) != nil {
			return v
		}
		for i, e := range a {
			a[i] = k.items.drop(e)
		}
		out, err := json.Marshal(a)
		if err != nil {
			return v
		}
		return out
	}
	return v
}
