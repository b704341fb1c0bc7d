package tool

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
)

// keysDropper is a handler that checks its arguments against a schema
// other than its input type's (a schema set by hand, a listing) and then
// reads them through a typed tool's CheckArgs (mcpserver's, the mcp-go
// drop-ins'): that reading drops what the input type has no field of
// that exact name for. Such a schema may leave its objects open, and
// encoding/json, which reads under ShadowArgs, would match a name that
// differs only in case ("AGE" for "age") to a field, past the schema's
// checks of the field.
type keysDropper interface {
	DropsUnknownKeys() bool
}

// dropsKeys reports whether handler h asks the typed CheckArgs it calls
// to drop unknown keys.
func dropsKeys(h handler) bool {
	kd, ok := h.(keysDropper)
	return ok && kd.DropsUnknownKeys()
}

// checkDropping is CheckArgs's reading for a handler that drops unknown
// keys: strictly, the arguments as given, then, when they break the
// contract, without the keys the input type has no field for; under a
// leniency, without them at once.
func (t *Tool) checkDropping(ctx context.Context, args json.RawMessage, h *held) (any, []Violation, error) {
	if leniencyOf(ctx) == Strict {
		// Arguments that pass, most calls, cost nothing more.
		in, viols, _, _, err := t.decodeArgs(ctx, args, h)
		if err != nil || len(viols) == 0 {
			return in, viols, err
		}
	}
	in, viols, _, _, err := t.decodeArgs(ctx, t.keyTable().Drop(args), h)
	return in, viols, err
}

// keyTables holds the core's KeyTable of each input type, by read mode.
var keyTables sync.Map // keyTableKey -> *schema.KeyTable

type keyTableKey struct {
	t        reflect.Type
	fromTags bool
}

// keyTable returns the core's table of the JSON names the tool's input
// type reads (schema.Keys), made once; nil for a type it cannot describe,
// whose plan refuses every call.
func (t *Tool) keyTable() (kt *schema.KeyTable) {
	it := t.handler.Input()
	if it == nil {
		return nil
	}
	var mode schema.ReadMode
	if rf, ok := t.handler.(requiredFromTagser); ok {
		mode.RequiredFromTags = rf.RequiredFromTags()
	}
	k := keyTableKey{it, mode.RequiredFromTags}
	if v, ok := keyTables.Load(k); ok {
		return v.(*schema.KeyTable)
	}
	defer func() {
		if recover() != nil {
			kt = nil // an enum method panicked: so does the plan
		}
	}()
	kt = schema.Keys(reflecttype.New(1).Describe(it), mode)
	v, _ := keyTables.LoadOrStore(k, kt)
	return v.(*schema.KeyTable)
}
