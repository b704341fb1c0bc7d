package tool

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// An Error is a business failure a tool returns on purpose: a stable code
// that the tool declares in its contract (errors=ORDER_NOT_FOUND,...), a
// category, a message safe to show the model, a recovery hint and a
// retry-after. The invoker finds it with errors.As, through any wrapping,
// and puts it in Result.Failure; the model sees only the code, the safe
// message, the recovery and the retry-after, never Err.
type Error struct {
	// Code is the stable code programs act on: upper-case letters, digits
	// and '_', starting with a letter (ORDER_NOT_FOUND).
	Code string
	// Category is the kind of failure.
	Category Category
	// SafeMessage is the text for the model: no internal detail, no
	// argument's value.
	SafeMessage string
	// Recovery says what the model (or its program) can do next, as a
	// short token such as the Recover constants, or "" for nothing.
	Recovery string
	// RetryAfter, when positive, is how long to wait before trying again.
	RetryAfter time.Duration
	// Outcome, when set, says how far the tool got: OutcomeNotStarted for
	// a failure found before anything was done (ORDER_NOT_FOUND), so that a
	// retry is known to be safe. "" means OutcomeStarted.
	Outcome ExecutionOutcome
	// Err is the cause, for logs and audits; never shown to the model.
	Err error
}

// A Category is the kind of a business error.
type Category string

// The categories.
const (
	CategoryNotFound    Category = "not_found"   // what the arguments name does not exist
	CategoryInvalid     Category = "invalid"     // the arguments are well formed but not acceptable
	CategoryConflict    Category = "conflict"    // the current state does not allow it (already shipped)
	CategoryPermission  Category = "permission"  // the caller may not do this
	CategoryApproval    Category = "approval"    // a person must approve it first
	CategoryRateLimit   Category = "rate_limit"  // too many calls; see RetryAfter
	CategoryUnavailable Category = "unavailable" // a dependency is down; trying later may work
	CategoryInternal    Category = "internal"    // the tool's own fault
)

// Recovery hints for Error.Recovery.
const (
	RecoverRetry           = "retry"            // the same call may succeed (after RetryAfter)
	RecoverFixArguments    = "fix_arguments"    // call again with other arguments
	RecoverAskUser         = "ask_user"         // the user must say more
	RecoverRequestApproval = "request_approval" // a person must approve the call
	RecoverNone            = "none"             // nothing will help: report the failure
)

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Code)
	if e.SafeMessage != "" {
		b.WriteString(": ")
		b.WriteString(e.SafeMessage)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// toolError is the result of a tool that returned err: a business error
// with its fields, or a plain one with its text (unless SafeErrors).
func (t *Tool) toolError(call *Call, err error, check bool) *Result {
	var be *Error
	if !errors.As(err, &be) || be == nil {
		var r *Result
		if t.SafeErrors {
			r = errorResult(Failed, true, call, failedText(call, ""))
		} else {
			r = t.failed(call, "", sprintSafe(err)) // fmt survives a nil pointer's Error
		}
		r.Cause = err
		return r
	}
	r := errorResult(Failed, true, call, t.failureText(call, be))
	r.Failure, r.Cause = be, err
	if check && !slices.Contains(t.ErrorCodes, be.Code) {
		declared := "none"
		if len(t.ErrorCodes) > 0 {
			declared = strings.Join(t.ErrorCodes, ", ")
		}
		r.Code = InvalidOutput
		r.Parts = text(fmt.Sprintf("Tool '%s' returned the error code %s, which its contract does not declare (it declares %s): add it to the directive's errors=.",
			call.name(), be.Code, declared))
	}
	return r
}

// failureText is what the model reads of a business error.
func (t *Tool) failureText(call *Call, e *Error) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Tool '%s' failed: %s", call.name(), e.Code)
	if e.SafeMessage != "" {
		b.WriteString(": ")
		b.WriteString(cutText(e.SafeMessage))
	}
	if e.Recovery != "" {
		b.WriteString(" Recovery: ")
		b.WriteString(e.Recovery)
		b.WriteByte('.')
	}
	if e.RetryAfter > 0 {
		b.WriteString(" Retry after ")
		b.WriteString(seconds(e.RetryAfter))
		b.WriteByte('.')
	}
	return b.String()
}
