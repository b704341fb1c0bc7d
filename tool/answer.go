package tool

import (
	"context"
	"fmt"
	"reflect"
)

// DecodeAnswer checks data, the JSON answer a model gave under the schema
// of T (a structured output: OpenAI's response_format, Anthropic's output
// format, Gemini's response schema), with the invoker's typed checks of T,
// and decodes it into a T. T is a struct, or a pointer to one. As with a
// tool's arguments, a null for an optional property that takes none is
// absent (OpenAI's strict mode sends null for what it leaves out), absent
// properties get their defaults, and the same limits hold
// (4 MiB of arguments, 64 levels of nesting).
//
// The violations say, in the invoker's words ("Result 'x' is
// required."), how data breaks the schema; with any, the T is its zero
// value. The error says that T has no schema, or that a method of T's
// (UnmarshalJSON, UnmarshalText) panicked.
func DecodeAnswer[T any](data []byte) (T, []Violation, error) {
	var zero T
	t := reflect.TypeFor[T]()
	if st := t; st.Kind() != reflect.Struct && (st.Kind() != reflect.Pointer || st.Elem().Kind() != reflect.Struct) {
		return zero, nil, fmt.Errorf("tool: %s is not a struct: a structured answer is an object", t)
	}
	if len(data) > defaultMaxArgumentBytes {
		return zero, []Violation{{Rule: "size", Message: fmt.Sprintf("The result is too large: %d bytes; at most %d are read.", len(data), defaultMaxArgumentBytes)}}, nil
	}
	p, err := planOf(t)
	if err != nil {
		return zero, nil, fmt.Errorf("tool: %s has no schema: %v", t, err)
	}
	v := reflect.New(t)
	viols, _, err := decode(context.Background(), p, data, v.Elem(), true, "Result")
	if err != nil || len(viols) > 0 {
		return zero, viols, err
	}
	return v.Elem().Interface().(T), nil, nil
}
