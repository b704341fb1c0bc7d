// Package toolimpl is a stand-in for the generated code's runtime
// interface in analyzer tests.
package toolimpl

import "github.com/toolschema/toolschema/tool"

type Handler interface{}

func New(t tool.Tool, h Handler, fn any) *tool.Tool { return &t }

type EnforceVersion uint

const (
	MinGenVersion = 5
	MaxGenVersion = 5
)
