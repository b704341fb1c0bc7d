package tool

import (
	"context"
	"encoding/json"
)

// argsChecker is a handler that checks and decodes its tool's arguments
// itself: toolimpl.ArgsChecker, which package rawtool implements.
type argsChecker interface {
	handler
	CheckArgs(ctx context.Context, args json.RawMessage) (in any, viols []Violation, more int, err error)
}
