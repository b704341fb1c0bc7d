package mcpserver

import (
	"bytes"
	"context"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

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
	h := &handHandler{schema: checker, typed: lenient, keys: keysOf(reflect.TypeFor[In](), map[reflect.Type]*keySchema{}), inner: d, fromTags: d.fromTags}
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
	keys     *keySchema // the JSON names of In's fields
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

// keySchema is what drop reads of In: the JSON names of its structs'
// fields, its maps' values and its slices' items.
type keySchema struct {
	props  map[string]*keySchema // a struct's properties, by JSON name; nil for a map or a slice
	values *keySchema            // a map's values
	items  *keySchema            // a slice's or an array's items
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// keysOf returns the keySchema of Go type t, nil for a type that reads its
// own JSON (json.Unmarshaler, encoding.TextUnmarshaler, a declared schema:
// nothing in its value is dropped) and for a type with no keys.
func keysOf(t reflect.Type, seen map[reflect.Type]*keySchema) *keySchema {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if k, ok := seen[t]; ok {
		return k
	}
	pt := reflect.PointerTo(t)
	_, declares := pt.MethodByName("ToolschemaSchema")
	if declares || pt.Implements(jsonUnmarshaler) || pt.Implements(textUnmarshaler) {
		return nil
	}
	k := &keySchema{}
	switch t.Kind() {
	case reflect.Struct:
		seen[t] = k // before its fields: a type may reach itself
		k.props = map[string]*keySchema{}
		// encoding/json's names: an untagged embedded struct's fields
		// are the outer object's, a shallower field's name wins (a tie
		// is refused by the contract before any call).
		level := []reflect.Type{t}
		for visited := map[reflect.Type]bool{}; len(level) > 0; {
			var next []reflect.Type
			for _, st := range level {
				if visited[st] {
					continue
				}
				visited[st] = true
				for i := range st.NumField() {
					f := st.Field(i)
					tag := f.Tag.Get("json")
					if tag == "-" {
						continue
					}
					name, _, _ := strings.Cut(tag, ",")
					ft := f.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
						next = append(next, ft)
						continue
					}
					if !f.IsExported() {
						continue
					}
					if name == "" {
						name = f.Name
					}
					if _, taken := k.props[name]; !taken {
						k.props[name] = keysOf(f.Type, seen)
					}
				}
			}
			level = next
		}
	case reflect.Map:
		seen[t] = k
		k.values = keysOf(t.Elem(), seen)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil // base64 text
		}
		seen[t] = k
		k.items = keysOf(t.Elem(), seen)
	default:
		return nil
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
