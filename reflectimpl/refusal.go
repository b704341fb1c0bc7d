package reflectimpl

import "github.com/toolschema/toolschema/internal/schema"

// A Refusal is one contract rule a tool's function or types break: ID is
// the rule (OLT002...), Path the place in the input or result
// ("input.items[].when"), Msg what is wrong, and Tag the struct tag at
// fault, if any.
type Refusal = schema.Error

// Refusals are every rule a tool breaks, in the order found. The error of
// a Create that refuses a tool wraps Refusals, which errors.As finds (a
// type assertion does not: the error's text adds the tool's name to each
// line), so that a program can act on each one.
type Refusals = schema.Errors
