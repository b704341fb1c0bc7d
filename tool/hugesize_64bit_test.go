//go:build amd64 || arm64 || loong64 || mips64 || mips64le || ppc64 || ppc64le || riscv64 || s390x || wasm

package tool_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// The types below are wider than a 32-bit address space can name.

// sizedHandler is a handler whose input type is made at run time
// (reflect.StructOf), as any Go value's type may be.
type sizedHandler struct{ in reflect.Type }

func (h sizedHandler) Input() reflect.Type  { return h.in }
func (h sizedHandler) Output() reflect.Type { return nil }
func (h sizedHandler) Call(context.Context, *tool.Call, any, any) (any, error) {
	return "ran", nil
}

// TestHugeGoSizes: a Go type made at run time may be as wide as the
// address space (reflect.ArrayOf), wider than any count of the invoker:
// its arguments are refused past the budget, or past the bound on values
// under ShadowArgs, and nothing is made. Before, the counts wrapped: a
// pointer to [2^62-1]uint32 charged -4 bytes and was made (a fatal "out
// of memory"), a slice of [2^62]byte charged nothing for 4 of them, and
// under ShadowArgs a pointer to [2^61]byte divided by zero.
func TestHugeGoSizes(t *testing.T) {
	budget := "brings the Go values the tool reads the arguments into past 64 MiB (64 MiB, and 16 bytes for each byte of the arguments): send fewer or smaller values."
	for _, c := range []struct {
		name string
		typ  reflect.Type
		args string
	}{
		{"pointer", reflect.PointerTo(reflect.ArrayOf(1<<62-1, reflect.TypeFor[uint32]())), `{"p":[]}`},
		{"pointer of 2^63", reflect.PointerTo(reflect.ArrayOf(1<<62, reflect.TypeFor[uint16]())), `{"p":[]}`},
		{"pointer of 2^61", reflect.PointerTo(reflect.ArrayOf(1<<61, reflect.TypeFor[byte]())), `{"p":[]}`},
		{"slice", reflect.SliceOf(reflect.ArrayOf(1<<62, reflect.TypeFor[byte]())), `{"p":[[]]}`},
		{"map", reflect.MapOf(reflect.TypeFor[string](), reflect.ArrayOf(1<<62-1, reflect.TypeFor[uint32]())), `{"p":{"a":[]}}`},
	} {
		in := reflect.StructOf([]reflect.StructField{
			{Name: "P", Type: c.typ, Tag: `json:"p,omitempty"`},
			{Name: "N", Type: reflect.TypeFor[int](), Tag: `json:"n,omitempty" maximum:"3"`},
		})
		tl := toolimpl.New(tool.Meta{Name: "huge", Description: "Takes a huge value."}, json.RawMessage(`{"type":"object"}`), nil, sizedHandler{in}, nil)
		for _, l := range []tool.Leniency{tool.Strict, tool.RepairArgs, tool.ShadowArgs} {
			ctx := tool.WithLeniency(context.Background(), l)
			r, err := tl.Invoke(ctx, json.RawMessage(c.args))
			if err != nil || r.Code != tool.InvalidArguments || !strings.HasSuffix(r.Text(), budget) {
				t.Errorf("%s, %v: %v %s %q; want refused past the budget", c.name, l, err, r.Code, r.Text())
			}
			// Under ShadowArgs, arguments that break the schema are read
			// again only within the bound on values, none here.
			r, err = tl.Invoke(ctx, json.RawMessage(`{"n":4}`))
			want := "Argument 'n' must be at most 3."
			if l == tool.ShadowArgs {
				want = "The arguments break the tool's schema and hold more than 0 values, too many to read without its checks: send fewer."
			}
			if err != nil || r.Code != tool.InvalidArguments || r.Text() != want {
				t.Errorf("%s, %v, a value past its maximum: %v %s %q; want %q", c.name, l, err, r.Code, r.Text(), want)
			}
		}
	}
}
