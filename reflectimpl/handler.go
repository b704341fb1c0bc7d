package reflectimpl

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/toolschema/toolschema/tool"
)

var _ tool.Handler = (*signature)(nil)

// Call implements tool.Handler: it decodes args into a new input value and
// calls fn with the runtime parameters in their places.
func (s *signature) Call(ctx context.Context, call *tool.Call, fn any, args json.RawMessage) (any, error) {
	t := reflect.TypeOf(fn)
	in := make([]reflect.Value, t.NumIn())
	if s.ctxAt >= 0 {
		in[s.ctxAt] = reflect.ValueOf(&ctx).Elem()
	}
	if s.callAt >= 0 {
		in[s.callAt] = reflect.ValueOf(call)
	}
	if s.inAt >= 0 {
		base := s.in
		if base.Kind() == reflect.Pointer {
			base = base.Elem()
		}
		p := reflect.New(base)
		if err := tool.DecodeArgs(args, p.Interface()); err != nil {
			return nil, err
		}
		if s.in.Kind() == reflect.Pointer {
			in[s.inAt] = p
		} else {
			in[s.inAt] = p.Elem()
		}
	}
	out := reflect.ValueOf(fn).Call(in)
	var result any
	var err error
	if s.value {
		result = out[0].Interface()
	}
	if n := len(out); n > 0 && !s.value || n == 2 {
		if e := out[n-1]; !e.IsNil() {
			err = e.Interface().(error)
		}
	}
	return result, err
}
