// Package tool is a stand-in for the runtime package in analyzer tests:
// the front end knows its types by path and name.
package tool

type Call struct{}

type Part interface{ isPart() }

type Result struct{}

// What generated code uses.

type Tool struct {
	Meta
	InputSchema  []byte
	OutputSchema []byte
}

type Meta struct {
	Name, Description string
	ParallelSafe      *bool
}

// What a structured answer is checked with.

type Violation struct{ Rule, Message string }

func DecodeAnswer[T any](data []byte) (T, []Violation, error) {
	var zero T
	return zero, nil, nil
}
