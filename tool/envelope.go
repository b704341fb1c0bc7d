package tool

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"
)

// An ExecutionOutcome says how far a call got, so that a model or a
// program knows whether it may have had an effect.
type ExecutionOutcome string

// The outcomes.
const (
	// OutcomeNotStarted: the tool did not run (refused arguments, no
	// approval, a business error that says so): nothing happened.
	OutcomeNotStarted ExecutionOutcome = "not_started"
	// OutcomeStarted: the tool ran and failed; some effect may have
	// happened.
	OutcomeStarted ExecutionOutcome = "started"
	// OutcomeCompleted: the tool ran to its end.
	OutcomeCompleted ExecutionOutcome = "completed"
	// OutcomeUnknown: the call was given up (a timeout, a cancellation)
	// while the tool may still be running: its effect is unknown.
	OutcomeUnknown ExecutionOutcome = "unknown"
)

// Outcome returns how far the call got. A business error that ran nothing
// says so with OutcomeNotStarted in its Outcome.
func (r *Result) Outcome() ExecutionOutcome {
	switch {
	case !r.IsError:
		return OutcomeCompleted
	case !r.Started:
		return OutcomeNotStarted
	case r.Code == TimedOut || r.Code == Cancelled:
		return OutcomeUnknown
	case r.Failure != nil && r.Failure.Outcome != "":
		return r.Failure.Outcome
	case r.Code == InvalidOutput:
		return OutcomeCompleted
	}
	return OutcomeStarted
}

// envelopeVersion is the schema_version of Envelope's JSON.
const envelopeVersion = "toolschema-result-v1"

// Envelope returns r as one JSON object for the model, for a caller that
// opts to send structure rather than text (the same facts as the text
// result, in fields a model can read without parsing prose):
//
//	{"schema_version":"toolschema-result-v1","status":"failed","data":null,
//	 "error":{"code":"ORDER_NOT_FOUND","category":"not_found","safe_message":"...","recovery":"ask_user","retry_after_ms":null},
//	 "execution":{"outcome":"completed","complete":true,"truncated":false}}
//
// status is "ok" or "failed". data is the result on success: its one JSON
// part as it is, else its text (a JSON string), else null; blob parts are
// left out. error is null on success; for a business error it has the
// tool's fields, for the runtime's own failures the Code in upper case
// (INVALID_ARGUMENTS, APPROVAL_REQUIRED, FAILED, TIMED_OUT,
// INVALID_OUTPUT, CANCELLED) with its category, recovery and r's text as
// the safe message. Nothing of the audit side (Cause, Costs, the
// arguments) is in it.
func (r *Result) Envelope() json.RawMessage {
	var b bytes.Buffer
	b.WriteString(`{"schema_version":"` + envelopeVersion + `","status":`)
	if r.IsError {
		b.WriteString(`"failed","data":null,"error":`)
		e := r.modelError()
		retry := "null"
		if e.RetryAfter > 0 {
			retry = jsonText(e.RetryAfter.Milliseconds())
		}
		recovery := "null"
		if e.Recovery != "" {
			recovery = jsonText(e.Recovery)
		}
		b.WriteString(`{"code":` + jsonText(e.Code) + `,"category":` + jsonText(string(e.Category)) +
			`,"safe_message":` + jsonText(e.SafeMessage) + `,"recovery":` + recovery + `,"retry_after_ms":` + retry + `}`)
	} else {
		b.WriteString(`"ok","data":`)
		b.WriteString(r.data())
		b.WriteString(`,"error":null`)
	}
	b.WriteString(`,"execution":{"outcome":` + jsonText(string(r.Outcome())) + `,"complete":` + jsonText(!r.Truncated) +
		`,"truncated":` + jsonText(r.Truncated) + `}}`)
	return json.RawMessage(b.Bytes())
}

// data is the envelope's data member of a successful result.
func (r *Result) data() string {
	var js []json.RawMessage
	for _, p := range r.Parts {
		if j, ok := p.(JSONPart); ok {
			js = append(js, j.JSON)
		}
	}
	if len(js) == 1 && len(r.Parts) == 1 {
		var c bytes.Buffer
		if json.Compact(&c, js[0]) == nil {
			return c.String()
		}
	}
	if t := r.join(false); t != "" || len(r.Parts) > 0 {
		return jsonText(t)
	}
	return "null"
}

// modelError is the envelope's error of a failed result.
func (r *Result) modelError() *Error {
	if r.Failure != nil && r.Code == Failed {
		e := *r.Failure
		if e.Category == "" {
			e.Category = CategoryInternal
		}
		return &e
	}
	e := &Error{Code: strings.ToUpper(string(r.Code)), SafeMessage: r.join(false), Category: CategoryInternal, Recovery: RecoverNone}
	switch r.Code {
	case InvalidArguments:
		e.Category, e.Recovery = CategoryInvalid, RecoverFixArguments
	case ApprovalRequired:
		e.Category, e.Recovery = CategoryApproval, RecoverRequestApproval
	case TimedOut:
		e.Category, e.Recovery = CategoryUnavailable, RecoverRetry
	case Cancelled:
		e.Recovery = RecoverNone
	}
	return e
}

// jsonText writes v as JSON, without HTML escaping.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v) // strings, numbers and booleans always encode
	return strings.TrimSuffix(b.String(), "\n")
}

// An Audit is the record of one call for the program's own log, never for
// the model: what was called, under which contract revision, a binding to
// the exact arguments, when, and how it ended: the Result, whose Code,
// Outcome, Failure (the business code and category), Cause (internal
// detail included), Costs, Repairs and Shadowed say why and at what cost.
type Audit struct {
	Tool, Version string
	// ArgsSHA256 is the SHA-256 of the arguments as received, in hex.
	ArgsSHA256 string
	Start      time.Time
	Duration   time.Duration
	// Leniency is the context's (WithLeniency): the mode the arguments
	// were read in, whether or not it let anything through.
	Leniency Leniency
	// Result is the call's result, the one InvokeAudited returns: the
	// hook reads it and must not change it.
	Result *Result
}

// InvokeAudited is Invoke, then hook with the call's audit record (when
// hook is not nil). The result is Invoke's: the record only points at it,
// so nothing of the record reaches the model.
func (t *Tool) InvokeAudited(ctx context.Context, args json.RawMessage, hook func(*Audit)) (*Result, error) {
	start := time.Now()
	r, err := t.Invoke(ctx, args)
	if hook == nil {
		return r, err
	}
	var name, version string
	if t != nil { // Invoke's failed result says it is nil
		name, version = t.Name, t.Version
	}
	sum := sha256.Sum256(args)
	hook(&Audit{Tool: name, Version: version, ArgsSHA256: hex.EncodeToString(sum[:]), Start: start,
		Duration: time.Since(start), Leniency: leniencyOf(ctx), Result: r})
	return r, err
}
