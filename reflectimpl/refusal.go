package reflectimpl

import "github.com/toolschema/toolschema/internal/schema"

// A Refusal is one contract rule a tool's function or types break: ID is
// the rule (OLT002...), Path the place in the input or result
// ("input.items[].when"), Msg what is wrong, and Tag the struct tag at
// fault, if any.
type Refusal = schema.Error

// Refusals are every rule a tool breaks, in the order found. The error of
// a Create that refuses a tool is Refusals (errors.As finds it), so that
// a program can act on each one.
type Refusals = schema.Errors
