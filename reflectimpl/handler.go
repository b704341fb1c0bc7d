package reflectimpl

import (
	"context"
	"reflect"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/toolimpl"

	"github.com/toolschema/toolschema/tool"
)

var _ toolimpl.Handler = (*signature)(nil)

// Input implements toolimpl.Handler.
func (s *signature) Input() reflect.Type { return s.base }

// Output implements toolimpl.Handler.
func (s *signature) Output() reflect.Type { return s.out }

// TypeSchemas returns the schemas given for this tool alone (TypeSchema),
// by which the invoker checks its arguments and results.
func (s *signature) TypeSchemas() *reflecttype.Schemas { return s.given }

// RequiredFromTags reports the read mode of the tool's types (the option
// RequiredFromTags), in which the invoker checks its arguments and
// results.
func (s *signature) RequiredFromTags() bool { return s.fromTags }

// Call implements toolimpl.Handler: it calls fn with the runtime parameters
// and the decoded input in their places.
func (s *signature) Call(ctx context.Context, call *tool.Call, fn any, in any) (any, error) {
	t := reflect.TypeOf(fn)
	args := make([]reflect.Value, t.NumIn())
	if s.ctxAt >= 0 {
		args[s.ctxAt] = reflect.ValueOf(&ctx).Elem()
	}
	if s.callAt >= 0 {
		args[s.callAt] = reflect.ValueOf(call)
	}
	if s.inAt >= 0 {
		p := reflect.ValueOf(in)
		if s.in.Kind() == reflect.Pointer {
			args[s.inAt] = p
		} else {
			args[s.inAt] = p.Elem()
		}
	}
	out := reflect.ValueOf(fn).Call(args)
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
