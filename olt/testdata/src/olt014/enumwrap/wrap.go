// Package wrap passes type arguments on to the calls that make schemas
// by reflection: a generic function and a generic type's method.
package wrap

import "github.com/toolschema/toolschema/tool"

// Ask decodes a model's answer as a T.
func Ask[T any](answer []byte) (T, error) {
	v, _, err := tool.DecodeAnswer[T](answer)
	return v, err
}

// AskTwice passes its type argument on to Ask; K reaches nothing.
func AskTwice[K comparable, T any](answer []byte) (T, error) {
	return Ask[T](answer)
}

// Answers decodes answers as Ts.
type Answers[T any] struct{}

func (Answers[T]) Decode(answer []byte) (T, error) {
	v, _, err := tool.DecodeAnswer[[]T](answer)
	var zero T
	if len(v) > 0 {
		zero = v[0]
	}
	return zero, err
}

// Keep does nothing with its type argument.
func Keep[T any](v T) T { return v }
