// Package toolimpl is a stand-in for the generated code's runtime
// interface in analyzer tests.
package toolimpl

import (
	"encoding/json"

	"github.com/toolschema/toolschema/tool"
)

type Handler interface{}

func New(m tool.Meta, in, out json.RawMessage, h Handler, fn any) *tool.Tool {
	return &tool.Tool{Meta: m, InputSchema: in, OutputSchema: out}
}

type EnforceVersion uint

const (
	MinGenVersion = 5
	MaxGenVersion = 5
)
