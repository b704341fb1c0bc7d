package tool

import (
	"context"
	"encoding/json"
)

// argsChecker is a handler that checks and decodes its tool's arguments
// itself, instead of through the typed checks of an input type: a tool
// whose input schema is given as JSON Schema (package rawtool implements
// it). Invoke and CheckArgs call it after the size limit, with "{}" for
// blank arguments, and with the text read as encoding/json reads it: each
// byte that is not part of a UTF-8 sequence, and each \u escape of a
// surrogate half not in a pair, is written as U+FFFD (an approval compares
// strings so; the handler never gets bytes other than those it compared).
// What it returns is what the typed checks would: the input Call
// receives, or the violations (most useful first, at most 100) and how
// many more there were, which Invoke answers with an invalid_arguments
// result. The error is ctx's, or says the arguments cannot be checked at
// all. A typed tool's CheckArgs that it calls with ctx while it runs takes
// room for the call's values (heldLease); called with ctx later, it takes
// room of its own.
type argsChecker interface {
	handler
	CheckArgs(ctx context.Context, args json.RawMessage) (in any, viols []Violation, more int, err error)
}
