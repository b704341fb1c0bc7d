package olt009

import (
	"context"

	"github.com/toolschema/toolschema/tool"
)

type Query struct {
	Text string `json:"text"`
}

// Late takes its context after the input.
//
//tool:export
func Late(in Query, ctx context.Context, call *tool.Call) error { return nil } // want `OLT009: the context.Context parameter comes after the input` `OLT009: the \*tool.Call parameter comes after the input`

// Twice takes two contexts.
//
//tool:export
func Twice(a context.Context, b context.Context) error { return nil } // want `OLT009: a second context.Context parameter`
