package tool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// An ErrorCode says why a call failed, for programs: they act on the code
// and never parse the text, which is for the model.
type ErrorCode string

const (
	// InvalidArguments: the arguments break the input schema; the tool did
	// not start.
	InvalidArguments ErrorCode = "invalid_arguments"
	// ApprovalRequired: the tool needs an approval the context does not
	// carry for these arguments; the tool did not start.
	ApprovalRequired ErrorCode = "approval_required"
	// Failed: the tool returned an error or panicked.
	Failed ErrorCode = "failed"
	// TimedOut: the tool did not return within its timeout.
	TimedOut ErrorCode = "timed_out"
	// InvalidOutput: the tool's result breaks its output schema (checked
	// when CheckOutputs is on).
	InvalidOutput ErrorCode = "invalid_output"
	// Cancelled: the caller's context ended; Invoke also returns its error.
	Cancelled ErrorCode = "cancelled"
)

// CheckOutputs makes Invoke check each JSON result against the tool's
// output schema, so that a tool that breaks its own output contract is
// caught. It is on in tests (testing.Testing) and off otherwise.
var CheckOutputs = testing.Testing()

// approvalKey is the context key of the approvals a context carries.
type approvalKey struct{}

type approval struct {
	tool string
	args string // compact JSON
	next *approval
}

// Approve returns a context that approves the calls of tool with exactly
// these arguments (compared as compact JSON: the same members in the same
// order with the same values) made with it. A tool that requires approval
// runs only under such a context; any other arguments are refused. The
// approval lasts as long as the context is used: derive it for one call.
func Approve(ctx context.Context, tool string, args json.RawMessage) context.Context {
	prev, _ := ctx.Value(approvalKey{}).(*approval)
	return context.WithValue(ctx, approvalKey{}, &approval{tool: tool, args: compact(args), next: prev})
}

func approved(ctx context.Context, tool string, args json.RawMessage) bool {
	want := compact(args)
	for a, _ := ctx.Value(approvalKey{}).(*approval); a != nil; a = a.next {
		if a.tool == tool && a.args == want {
			return true
		}
	}
	return false
}

func compact(args json.RawMessage) string {
	var b bytes.Buffer
	if len(bytes.TrimSpace(args)) == 0 {
		return "{}"
	}
	if json.Compact(&b, args) != nil {
		return string(args)
	}
	return b.String()
}

// Invoke calls the tool with args, a JSON object from a model. Every
// failure is a Result with IsError set, a Code, and text a model can act
// on: arguments that break the input schema (all the violations, most
// useful first, none repeating a value), a missing approval, an error or a
// panic in the tool, a timeout. The Go error is returned only when ctx ends
// (cancelled, or its deadline passed): it is ctx's error, returned with a
// Result that keeps the cost lines recorded so far.
//
// Before the tool runs, its arguments are checked against its input
// schema, and what encoding/json would let through and the contract
// forbids is refused: duplicate keys, names that match a parameter only
// case-insensitively, fractional numbers or numbers out of the range of
// the Go type, nesting deeper than MaxArgumentDepth, anything but an
// object. Defaults fill in absent arguments.
//
// With a timeout, the tool's context is cancelled when it passes, and
// Invoke returns at once even if the tool goes on: its goroutine runs until
// the tool returns, and what it returns then is dropped.
func (t *Tool) Invoke(ctx context.Context, args json.RawMessage) (*Result, error) {
	if t.handler == nil {
		return nil, fmt.Errorf("tool: %s has no function behind it", t.Name)
	}
	call := &Call{Tool: t.Name}
	if err := ctx.Err(); err != nil {
		return &Result{IsError: true, Code: Cancelled, Parts: text("The call was cancelled.")}, err
	}
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	if t.RequiresApproval && !approved(ctx, t.Name, args) {
		return errorResult(ApprovalRequired, false, call, fmt.Sprintf("Tool '%s' requires approval for these arguments.", t.Name)), nil
	}
	in, viols, err := t.decodeArgs(args)
	if err != nil {
		return errorResult(Failed, false, call, fmt.Sprintf("Tool '%s' failed: %v", t.Name, err)), nil
	}
	if len(viols) > 0 {
		msgs := make([]string, len(viols))
		for i, v := range viols {
			msgs[i] = v.Message
		}
		r := errorResult(InvalidArguments, false, call, strings.Join(msgs, "\n"))
		r.Violations = viols
		return r, nil
	}
	return t.run(ctx, call, in)
}

// CheckArgs checks args as Invoke does before it runs the tool, and
// returns the decoded input (a pointer to a new value of the tool's input
// type; nil for a tool that takes none) or the violations, most useful
// first. It runs nothing: a caller may use it to show a person the
// arguments of a call that needs approval. The error says the tool has no
// function behind it, or that its input type has no schema.
func (t *Tool) CheckArgs(args json.RawMessage) (in any, viols []Violation, err error) {
	if t.handler == nil {
		return nil, nil, fmt.Errorf("tool: %s has no function behind it", t.Name)
	}
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	return t.decodeArgs(args)
}

// noInput is the input type of a tool that takes none: its arguments are
// the empty object.
var noInput = reflect.TypeFor[struct{}]()

// decodeArgs checks the arguments and decodes them into a new value of the
// tool's input type: a pointer to it, nil when the tool takes no input.
// The error says the input type has no plan (not the arguments' fault).
func (t *Tool) decodeArgs(args json.RawMessage) (any, []Violation, error) {
	it := t.handler.Input()
	if it == nil {
		it = noInput
	}
	p, err := planOf(it)
	if err != nil {
		return nil, nil, fmt.Errorf("its input type has no schema: %v", err)
	}
	v := reflect.New(it)
	if viols := decode(p, args, v.Elem(), true, "Argument"); len(viols) > 0 {
		return nil, viols, nil
	}
	if it == noInput {
		return nil, nil, nil
	}
	return v.Interface(), nil, nil
}

// outcome is what the tool's goroutine reports.
type outcome struct {
	value    any
	err      error
	panicked any
}

// run calls the tool under its timeout, turning what happens into a
// result.
func (t *Tool) run(ctx context.Context, call *Call, in any) (*Result, error) {
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if t.Timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, t.Timeout)
	}
	defer cancel()
	var o outcome
	if t.Timeout <= 0 && ctx.Done() == nil {
		// Nothing can end the call early: run it on this goroutine.
		o = t.call(runCtx, call, in)
	} else {
		done := make(chan outcome, 1)
		go func() {
			o := outcome{err: errors.New("the tool's goroutine exited (runtime.Goexit)")}
			defer func() { done <- o }()
			o = t.call(runCtx, call, in)
		}()
		select {
		case o = <-done:
		case <-runCtx.Done():
			select {
			case o = <-done: // it returned as the time ran out: keep it
			default:
				if err := ctx.Err(); err != nil {
					return errorResult(Cancelled, true, call, "The call was cancelled."), err
				}
				return errorResult(TimedOut, true, call, fmt.Sprintf("Tool '%s' timed out after %s.", t.Name, seconds(t.Timeout))), nil
			}
		}
	}
	switch {
	case o.panicked != nil:
		return errorResult(Failed, true, call, fmt.Sprintf("Tool '%s' failed: panic: %v", t.Name, o.panicked)), nil
	case o.err != nil && ctx.Err() != nil:
		return errorResult(Cancelled, true, call, "The call was cancelled."), ctx.Err()
	case o.err != nil && runCtx.Err() != nil && errors.Is(o.err, runCtx.Err()):
		return errorResult(TimedOut, true, call, fmt.Sprintf("Tool '%s' timed out after %s.", t.Name, seconds(t.Timeout))), nil
	case o.err != nil:
		return errorResult(Failed, true, call, fmt.Sprintf("Tool '%s' failed: %v", t.Name, o.err)), nil
	}
	return t.result(call, o.value), nil
}

// call calls the tool's handler, a panic recovered as the outcome, and a
// runtime.Goexit (a test's FailNow in a tool) reported as a failure too.
func (t *Tool) call(ctx context.Context, call *Call, in any) (o outcome) {
	returned := false
	defer func() {
		if r := recover(); r != nil {
			o = outcome{panicked: r}
		} else if !returned {
			o = outcome{err: errors.New("the tool's goroutine exited (runtime.Goexit)")}
		}
	}()
	v, err := t.handler.Call(ctx, call, t.bound, in)
	returned = true
	return outcome{value: v, err: err}
}

// result turns what the tool returned into parts, by the results table. A
// panic in the value's own marshalling is the tool's failure.
func (t *Tool) result(call *Call, v any) (r *Result) {
	defer func() {
		if p := recover(); p != nil {
			r = errorResult(Failed, true, call, fmt.Sprintf("Tool '%s' failed: writing its result panicked: %v", t.Name, p))
		}
	}()
	return t.resultOf(call, v)
}

func (t *Tool) resultOf(call *Call, v any) *Result {
	r := &Result{Value: v, Costs: call.Costs()}
	switch v := v.(type) {
	case nil:
		if t.OutputSchema != nil {
			r.Parts = text("null") // a nil pointer, map or slice result
		}
		return r
	case string:
		if t.OutputSchema == nil {
			r.Parts = text(v)
			return r
		}
	case Part:
		r.Parts = []Part{v}
		return r
	case []Part:
		r.Parts = v
		return r
	case *Result:
		if v == nil {
			r.Parts = text("null")
			return r
		}
		out := *v
		out.Costs = append(out.Costs, r.Costs...)
		if out.Value == nil {
			out.Value = r.Value
		}
		return &out
	case Result:
		v.Costs = append(v.Costs, r.Costs...)
		return &v
	case json.RawMessage:
		if len(v) == 0 {
			v = json.RawMessage("null")
		}
		if !json.Valid(v) {
			return errorResult(Failed, true, call, fmt.Sprintf("Tool '%s' failed: its result is not valid JSON.", t.Name))
		}
		r.Parts = []Part{JSONPart{JSON: v}}
		return r
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && rv.IsNil() {
		r.Parts = text("null")
		return r
	}
	// Encoded from an addressable copy, so that methods with pointer
	// receivers (big.Int's) apply, as the output schema says.
	p := reflect.New(rv.Type())
	p.Elem().Set(rv)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p.Interface()); err != nil {
		return errorResult(Failed, true, call, fmt.Sprintf("Tool '%s' failed: its result cannot be written as JSON: %v", t.Name, err))
	}
	data := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if CheckOutputs && t.OutputSchema != nil {
		if viols := t.checkOutput(data); len(viols) > 0 {
			var msgs []string
			for _, v := range viols {
				msgs = append(msgs, v.Message)
			}
			bad := errorResult(InvalidOutput, true, call, fmt.Sprintf("Tool '%s' returned a result that breaks its output schema:\n%s", t.Name, strings.Join(msgs, "\n")))
			bad.Violations = viols
			return bad
		}
	}
	r.Parts = []Part{JSONPart{JSON: json.RawMessage(data)}}
	return r
}

// checkOutput checks a result's JSON against the tool's output type, the
// type its output schema was written from.
func (t *Tool) checkOutput(data []byte) []Violation {
	ot := t.handler.Output()
	if ot == nil {
		return nil
	}
	p, err := planOf(ot)
	if err != nil {
		return nil
	}
	return decode(p, data, reflect.Value{}, false, "Result") // checked, not kept
}

func errorResult(code ErrorCode, started bool, call *Call, msg string) *Result {
	return &Result{IsError: true, Code: code, Started: started, Parts: text(msg), Costs: call.Costs()}
}

func text(s string) []Part { return []Part{TextPart{Text: s}} }

// seconds writes a duration as the C# contract does: "5 s", "1.5 s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}
