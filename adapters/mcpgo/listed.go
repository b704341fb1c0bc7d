package mcpgo

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// A drop-in handler is checked against what its tool lists. With its own
// type's schema listed (mcpgo.WithInputSchema[T]), T's contract is what
// the model reads, and the handler checks that. With another schema
// listed (mcp-go's typed_tools shape: a builder schema, mcp.NewTool with
// mcp.WithString..., and a typed handler; or mcp-go's own
// mcp.WithInputSchema[T]), the model reads that schema, which may leave
// optional what T's contract requires (a field without omitempty): the
// arguments are then checked against the listed schema, as Wrap checks
// a builder tool (required, ranges, enums, defaults filled in), and then
// decoded into T: by T's contract with every property optional unless its
// tags require it. Where that refuses what the listing allows, a key T's
// objects have no property of that exact name for is dropped (mcp-go's
// json.Unmarshal would match a name that differs only in case to a
// field, past the listing's checks), and a value outside a range T's
// tags set is decoded by encoding/json, as mcp-go binds it. A call the
// listing allows is so refused only where T cannot hold it (a fraction
// for an int, a string for a number), with the contract's words and
// path. A type that declares its own schema reads its value with its own
// UnmarshalJSON: nothing in it is dropped. The handler finds
// the listing at call time, from the session or server in the call's
// context (mcp-go puts them there); a handler called outside a server
// checks T's contract.

// listing is a drop-in handler's tools for the schemas listed under the
// names it is called by, other than its own type's.
type listing struct {
	own      json.RawMessage // T's schema, as WithInputSchema[T] lists it
	lenient  *tool.Tool      // T's contract, every property optional unless tagged
	inner    toolimpl.Handler
	out      json.RawMessage // the drop-in's output schema
	fromTags bool
	cache    *bounded[*checkedEntry] // t nil: the tool lists T's own schema, or one the checks cannot read
}

// newListing returns the listing of a drop-in whose input type is In, nil
// for In of type any (no arguments: nothing to list otherwise).
func newListing[In any](made *tool.Tool, inner toolimpl.Handler, fromTags bool) *listing {
	if reflect.TypeFor[In]() == reflect.TypeFor[any]() {
		return nil
	}
	lenient, err := reflectimpl.Create(inputOf[In], reflectimpl.Meta(tool.Meta{Name: "drop_in"}), reflectimpl.RequiredFromTags())
	if err != nil {
		return nil // the strict contract was made; this mode refuses nothing more
	}
	return &listing{own: made.InputSchema, lenient: lenient, inner: inner, out: made.OutputSchema, fromTags: fromTags, cache: newBounded[*checkedEntry](maxNames)}
}

// of returns the tool that checks a call of name against the schema the
// server in ctx lists for it, nil when that is T's own schema or no
// server lists the tool.
func (l *listing) of(ctx context.Context, name string) *tool.Tool {
	if l == nil {
		return nil
	}
	mt := listedTool(ctx, name)
	if mt == nil {
		return nil
	}
	key := keyOf(mt)
	if e, ok := l.cache.get(name); ok && e.key.same(key) {
		return e.t
	}
	e := &checkedEntry{key: key, t: l.build(name, mt)}
	l.cache.set(name, e)
	return e.t
}

// build returns the tool of the schema mt lists, nil when it is T's own,
// or cannot be written or compiled (then T's contract is checked, as
// mcp-go's own validation skips a schema it cannot compile).
func (l *listing) build(name string, mt *mcp.Tool) *tool.Tool {
	in := mt.RawInputSchema
	if in == nil {
		var err error
		if in, err = json.Marshal(mt.InputSchema); err != nil {
			return nil
		}
	}
	if bytes.Equal(in, l.own) {
		return nil
	}
	rt, err := rawtool.New(tool.Meta{Name: "drop_in"}, in, func(context.Context, *tool.Call, json.RawMessage) (any, error) {
		return nil, nil // never called: the listed handler calls the drop-in's
	})
	if err != nil {
		return nil
	}
	rh, _ := toolimpl.Binding(rt)
	checker, ok := rh.(argsChecker)
	if !ok {
		return nil
	}
	h := &listedHandler{listed: checker, typed: l.lenient, inner: l.inner, fromTags: l.fromTags}
	return toolimpl.New(tool.Meta{Name: name}, rt.InputSchema, l.out, h, nil)
}

// listedTool returns the definition a call of name is served under.
func listedTool(ctx context.Context, name string) *mcp.Tool {
	if st := servedTool(ctx, name); st != nil {
		return &st.Tool
	}
	return nil
}

// schemaKey tells whether a tool lists the input schema it listed when
// its checks were made, without writing it again on every call: the raw
// schema's bytes, or the builder schema's maps and slices by identity
// (mcp.NewTool makes new ones for every tool) and its scalars by value.
// The key holds the maps and slices themselves, not their addresses: a
// schema's maps stay alive while a key of them is kept, so no new map of
// another schema can be where they are.
type schemaKey struct {
	raw            []byte
	typ            string
	props, defs    map[string]any
	nprops, ndefs  int
	req            *string
	nreq           int
	addl           any
	order          *string
	norder         int
	builderWritten bool
}

func keyOf(mt *mcp.Tool) schemaKey {
	if mt.RawInputSchema != nil {
		return schemaKey{raw: mt.RawInputSchema}
	}
	s := mt.InputSchema
	k := schemaKey{typ: s.Type, props: s.Properties, defs: s.Defs, nprops: len(s.Properties), ndefs: len(s.Defs),
		nreq: len(s.Required), norder: len(s.PropertyOrder), addl: s.AdditionalProperties, builderWritten: true}
	if len(s.Required) > 0 {
		k.req = &s.Required[0]
	}
	if len(s.PropertyOrder) > 0 {
		k.order = &s.PropertyOrder[0]
	}
	return k
}

func (k schemaKey) same(o schemaKey) bool {
	return bytes.Equal(k.raw, o.raw) && (k.raw == nil) == (o.raw == nil) &&
		k.typ == o.typ && sameMap(k.props, o.props) && sameMap(k.defs, o.defs) &&
		k.nprops == o.nprops && k.ndefs == o.ndefs && k.req == o.req && k.nreq == o.nreq &&
		sameAddl(k.addl, o.addl) && k.order == o.order && k.norder == o.norder && k.builderWritten == o.builderWritten
}

// sameMap reports whether a and b are the same map (both nil, or one).
func sameMap(a, b map[string]any) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// sameAddl reports whether a and b, additionalProperties, are the same:
// equal scalars, or one map, slice or pointer.
func sameAddl(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if va.Type() != vb.Type() {
		return false
	}
	switch va.Kind() {
	case reflect.Map, reflect.Pointer, reflect.Slice, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return va.UnsafePointer() == vb.UnsafePointer() && (va.Kind() != reflect.Slice || va.Len() == vb.Len())
	}
	return va.Comparable() && va.Equal(vb)
}

// argsChecker is a handler that checks its tool's arguments itself
// (rawtool's).
type argsChecker interface {
	CheckArgs(ctx context.Context, args json.RawMessage) (in any, viols []tool.Violation, more int, err error)
}

// listedHandler checks a drop-in's arguments against the schema its tool
// lists, then decodes them by T's contract with every property optional
// unless tagged, and calls the drop-in's handler.
type listedHandler struct {
	listed   argsChecker
	typed    *tool.Tool
	inner    toolimpl.Handler
	fromTags bool
}

// RequiredFromTags tells the invoker the read mode of the output type.
func (h *listedHandler) RequiredFromTags() bool { return h.fromTags }

// DropsUnknownKeys asks the typed CheckArgs h calls to drop the keys T
// has no field of that exact name for.
func (h *listedHandler) DropsUnknownKeys() bool { return true }

func (h *listedHandler) Input() reflect.Type  { return nil }
func (h *listedHandler) Output() reflect.Type { return h.inner.Output() }

func (h *listedHandler) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	completed, viols, more, err := h.listed.CheckArgs(ctx, args)
	if err != nil || len(viols) > 0 {
		return nil, viols, more, err
	}
	raw, _ := completed.(json.RawMessage)
	// What the listing allows and T's contract does not: a key T has no
	// field of that exact name for (the listing's object is open) is
	// dropped, by the invoker (DropsUnknownKeys). It must not reach a
	// field through encoding/json, which matches a name that differs
	// only in case ("AGE" for "age"), past the listing's checks of the
	// field.
	in, viols, err := h.typed.CheckArgs(ctx, raw)
	if err == nil && len(viols) > 0 {
		// A value outside a range T's tags set is taken as mcp-go takes
		// it, by encoding/json (every key left is a field's own name);
		// what T cannot hold at all (a fraction for an int) is refused
		// with the contract's words.
		in, viols, err = h.typed.CheckArgs(tool.WithLeniency(ctx, tool.ShadowArgs), raw)
	}
	return in, viols, 0, err
}

func (h *listedHandler) Call(ctx context.Context, call *tool.Call, fn any, in any) (any, error) {
	return h.inner.Call(ctx, call, fn, in)
}
