package tool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/toolschema/toolschema/internal/jsonscan"
	"github.com/toolschema/toolschema/internal/violation"
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
	// InvalidOutput: the tool's result breaks its output contract: its
	// output schema, or the error codes it declares (checked under a
	// context of WithOutputCheck).
	InvalidOutput ErrorCode = "invalid_output"
	// Cancelled: the caller's context ended; Invoke also returns its error.
	Cancelled ErrorCode = "cancelled"
)

// callKey is the context key of what a context asks of the calls Invoke
// makes under it: one value (callOpts), which Invoke looks up once.
type callKey struct{}

// callOpts is what a context asks of the calls under it. A context holds
// one, never changed: each of WithOutputCheck, WithLeniency, WhenDone and
// Approve puts a copy with its own field set.
type callOpts struct {
	check     bool      // WithOutputCheck
	leniency  Leniency  // WithLeniency
	whenDone  func()    // WhenDone
	approvals *approval // Approve, the latest first
	calledAs  string    // toolhook.CalledAs: the name the model called the tool by
}

// noOpts is what a context without callOpts asks: nothing.
var noOpts callOpts

// optsOf returns what ctx asks of the calls under it.
func optsOf(ctx context.Context) *callOpts {
	if o, _ := ctx.Value(callKey{}).(*callOpts); o != nil {
		return o
	}
	return &noOpts
}

// withOpts returns a copy of ctx whose options are ctx's with set applied.
func withOpts(ctx context.Context, set func(*callOpts)) context.Context {
	c := &optsCtx{Context: ctx, o: *optsOf(ctx)}
	set(&c.o)
	return c
}

// optsCtx is a context with call options: context.WithValue's, with the
// options in the same allocation.
type optsCtx struct {
	context.Context
	o callOpts
}

func (c *optsCtx) Value(key any) any {
	if key == (callKey{}) {
		return &c.o
	}
	return c.Context.Value(key)
}

// WithOutputCheck returns a copy of ctx under which Invoke checks what the
// tool returns against its contract, so that a tool that breaks it is
// caught: a JSON result against the output schema (as CheckResult does),
// a business error (*Error) against the codes the tool declares
// (ErrorCodes). Either fault is an invalid_output result in place of what
// the tool returned. Without it nothing is checked and nothing costs.
// Tests of a tool ask for it; mcpserver.Options.CheckOutputs and
// loop.Runner.CheckOutputs ask for it for their calls. The context the
// tool runs with keeps it: a call the tool makes in turn is checked too.
func WithOutputCheck(ctx context.Context) context.Context {
	return withOpts(ctx, func(o *callOpts) { o.check = true })
}

type approval struct {
	tool string
	args []byte // as given
	hash uint64 // the hash of their JSON value
	ok   bool   // args are JSON within maxArgumentDepth: a call can match
	next *approval
}

// Approve returns a context that approves the calls of tool (its own
// name, Tool.Name, not a wire name an API called it by) with these
// arguments made with it: arguments equal to args as JSON values (members
// in any order, any white space, numbers by value, strings by their
// characters). A tool that requires approval runs only under such a
// context; any other arguments are refused. The approval lasts as long as
// the context is used: derive it for one call. It is not handed on: the
// tool runs with a context that carries no approval, so a call the tool
// makes in turn (a nested Invoke, a sub-agent's loop) needs its own.
func Approve(ctx context.Context, tool string, args json.RawMessage) context.Context {
	if blank(args) {
		args = json.RawMessage("{}")
	}
	a := &approval{tool: tool, args: bytes.Clone(args)}
	a.hash, a.ok = valueHash(a.args)
	return withOpts(ctx, func(o *callOpts) { a.next, o.approvals = o.approvals, a })
}

// approved reports whether ctx approves a call of tool with args, which
// the checks have passed: the typed checks, which read them as JSON within
// the depth, when typed is true; else a handler's own (an argsChecker),
// which promise nothing of the text. Arguments with the text of an
// approval (as loop and mcpserver give them, approved and invoked as the
// model sent them) are approved as they are, without being hashed or
// decoded again; other text is hashed once, and read as a value only when
// its hash meets an approval's.
func approved(a *approval, tool string, args json.RawMessage, typed bool) bool {
	if blank(args) {
		args = json.RawMessage("{}")
	}
	var h uint64
	hashed := false
	for ; a != nil; a = a.next {
		if !a.ok || a.tool != tool {
			continue
		}
		if bytes.Equal(a.args, args) {
			return true // the same text, JSON within the depth (a.ok)
		}
		if !hashed {
			hash := valueHash
			if typed {
				hash = checkedHash // valid JSON, within the depth: not read again
			}
			var ok bool
			if h, ok = hash(args); !ok {
				return false
			}
			hashed = true
		}
		if a.hash == h && equalValues(a.args, args) {
			return true
		}
	}
	return false
}

// blank reports whether args are empty or only JSON's white space (space,
// tab, CR, LF): no arguments, which a tool takes as {}. MCP clients send
// none for a tool without parameters.
func blank(args []byte) bool { return skipSpace(args, 0) == len(args) }

// Invoke calls the tool with args, a JSON object from a model. Every
// failure is a Result with IsError set, a Code, and text a model can act
// on: arguments that break the input schema (the violations, most useful
// first, at most 100, none repeating a value), arguments larger
// than the tool's limit, a missing approval, an error or a panic in the
// tool, a timeout, a tool with no function behind it (a nil *Tool is
// one: "tool: a nil *Tool cannot be called."). The Go error is returned
// only when ctx ends (cancelled, or its deadline passed): it is
// ctx's error, returned with a Result that keeps the cost lines recorded
// so far; a call whose context ends before the tool starts never starts.
//
// Before the tool runs, its arguments are checked against its input
// schema, in time and memory linear in their size, and what encoding/json
// would let through and the contract forbids is refused: duplicate keys,
// names that match a parameter only case-insensitively, fractional numbers
// or numbers out of the range of the Go type, nesting deeper than
// 64 levels, number literals (and big.Float and big.Rat texts) longer
// than 256 characters or with an exponent past ±400, more than 65,536
// values read without a Go type (into any, or a type that declares its
// schema), Go values past a budget (64 MiB, and 16 bytes for each byte of
// the arguments, by Go size: "{}" for a struct of many fields costs
// them all), anything but an object. The Go values of all the calls
// running at once are bounded too (1 GiB, or a quarter of GOMEMLIMIT):
// a call that finds no room left is not started, and fails with the
// business error SERVER_BUSY, to retry. Empty arguments (or only white
// space) are {}. Defaults
// fill in absent arguments. Approval is asked only for arguments that pass.
//
// The tool runs on a goroutine of its own, so that a panic or a
// runtime.Goexit in it is a failed result, and a tool that leaves its
// thread locked (runtime.LockOSThread without UnlockOSThread) ends only
// that thread. With a timeout, the tool's context is cancelled when it
// passes, and Invoke returns at once even if the tool goes on: its
// goroutine runs until the tool returns, and what it returns then is
// dropped. Under a context of WithOutputCheck, what the tool returns is
// checked against its contract.
func (t *Tool) Invoke(ctx context.Context, args json.RawMessage) (*Result, error) {
	o := optsOf(ctx)
	e := endsOf(o.whenDone)
	defer e.release() // WhenDone's f: the function never starts when t is nil
	if t == nil {
		return errorResult(Failed, false, &Call{}, "tool: a nil *Tool cannot be called."), nil
	}
	call := &Call{Tool: t.Name, calledAs: o.calledAs}
	if t.handler == nil {
		return errorResult(Failed, false, call, fmt.Sprintf("Tool '%s' cannot be called: it has no function behind it.", call.name())), nil
	}
	if err := ctx.Err(); err != nil {
		return errorResult(Cancelled, false, call, "The call was cancelled."), err
	}
	// The room its values took is given back when the tool is done with
	// them: here, unless run hands it to the tool's goroutine.
	defer call.held.release()
	in, viols, more, lax, err := t.decodeArgs(ctx, args, &call.held)
	switch {
	case err != nil && ctx.Err() != nil:
		return errorResult(Cancelled, false, call, "The call was cancelled."), ctx.Err()
	case errors.Is(err, errHeldPast{}):
		return t.heldPast(call), nil
	case err != nil:
		if mp, ok := err.(*methodPanic); ok {
			return t.panicked(call, false, "decoding "+mp.of+" panicked: ", mp.p), nil
		}
		return errorResult(Failed, false, call, fmt.Sprintf("Tool '%s' failed: %v", call.name(), err)), nil
	case len(viols) > 0:
		msg := violationText(viols, more)
		if note := lax.mark(&Result{}).RepairNote(); note != "" {
			msg += "\n" + note // what was assumed, which the checks then refused
		}
		r := errorResult(InvalidArguments, false, call, msg)
		r.Violations = viols
		return lax.mark(r), nil
	}
	// Arguments with violations (ShadowArgs) are hashed as any text:
	// they may be deeper than the checks let through.
	if _, own := t.handler.(argsChecker); t.RequiresApproval && !approved(o.approvals, t.Name, args, !own && (lax == nil || lax.shadowed == nil)) {
		return lax.mark(errorResult(ApprovalRequired, false, call, fmt.Sprintf("Tool '%s' requires approval for these arguments.", call.name()))), nil
	}
	if err := ctx.Err(); err != nil {
		return lax.mark(errorResult(Cancelled, false, call, "The call was cancelled.")), err
	}
	r, err := t.run(toolContext(ctx, o), call, in, e, o.check)
	return lax.mark(r), err
}

// mark records on r what the check let through (nothing when l is nil).
func (l *lenient) mark(r *Result) *Result {
	if r != nil && l != nil {
		r.Repairs, r.moreRepairs, r.Shadowed = l.repairs, l.more, l.shadowed
	}
	return r
}

// toolContext returns ctx with the approvals it carries hidden: the
// context a tool runs with. An approval is for the call it was given for,
// not for what the tool does in turn: a tool that invokes a tool (itself,
// or a loop of a sub-agent) with its context is asked again. What
// WhenDone asked for is this call's, too: a tool that invokes a
// tool with its context does not end this one's wait; and so is the name
// the model called the tool by, which is not another tool's. o is ctx's
// options.
func toolContext(ctx context.Context, o *callOpts) context.Context {
	if o.whenDone == nil && o.approvals == nil && o.calledAs == "" {
		return ctx
	}
	return withOpts(ctx, func(o *callOpts) { o.whenDone, o.approvals, o.calledAs = nil, nil, "" })
}

// WhenDone returns a copy of ctx under which Invoke calls f once, when the
// tool's function has returned, or when Invoke returns if the function
// never started (refused arguments, a missing approval). Invoke returns
// at once from a call it gives up on (a timeout, a cancellation), while
// the function goes on on its own goroutine until it returns; f says when
// that is. A caller that keeps a serial tool's calls alone (package loop,
// mcpserver) holds its lock until then. f runs on Invoke's goroutine or
// the tool's, and must not block. The context the tool runs with does not
// carry f.
func WhenDone(ctx context.Context, f func()) context.Context {
	return withOpts(ctx, func(o *callOpts) { o.whenDone = f })
}

// ends calls a WhenDone function when both Invoke and the goroutine that
// runs the tool (when one was started) are done with the call.
type ends struct {
	n atomic.Int32
	f func()
}

// endsOf returns the ends of a call whose WhenDone function is f, nil
// when there is none (a nil *ends does nothing).
func endsOf(f func()) *ends {
	if f == nil {
		return nil
	}
	e := &ends{f: f}
	e.n.Store(1) // Invoke's
	return e
}

// hold adds a party that must be done before f runs.
func (e *ends) hold() {
	if e != nil {
		e.n.Add(1)
	}
}

// release says one party is done; the last one calls f.
func (e *ends) release() {
	if e != nil && e.n.Add(-1) == 0 {
		e.f()
	}
}

// violationText writes violations one a line, and a last line with the
// number of those left out.
func violationText(viols []Violation, more int) string {
	var b strings.Builder
	for i, v := range viols {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(v.Message)
	}
	if more > 0 {
		fmt.Fprintf(&b, "\n… and %d more %s.", more, violation.Plural(more, "violation"))
	}
	return b.String()
}

// CheckArgs checks args as Invoke does before it runs the tool, and
// returns the decoded input (a pointer to a new value of the tool's input
// type; nil for a tool that takes none; for a raw tool, rawtool.New's,
// the arguments as a json.RawMessage with the schema's defaults filled
// in) as Invoke would give it to the tool, or the violations Invoke would
// refuse the arguments for, most useful first, at most 100. It runs
// nothing: a caller may use it to show a person the arguments of a call
// that needs approval. ctx's leniency (WithLeniency) applies: under
// ShadowArgs there are no violations unless encoding/json cannot decode
// the arguments. The error says the tool is a nil *Tool or has no
// function behind it, or that its input type has no schema, or that a
// method of its input type (UnmarshalJSON, UnmarshalText) panicked, or
// that the calls running at once hold all the room their values may have
// (Invoke's SERVER_BUSY), or is ctx's, when it ends during the checks.
func (t *Tool) CheckArgs(ctx context.Context, args json.RawMessage) (in any, viols []Violation, err error) {
	if t == nil {
		return nil, nil, errors.New("tool: CheckArgs of a nil *Tool")
	}
	if t.handler == nil {
		return nil, nil, fmt.Errorf("tool: %s has no function behind it", t.Name)
	}
	l, _ := ctx.Value(heldKey{}).(*heldLease)
	h := l.borrow()
	if h != nil {
		defer l.mu.Unlock()
	} else {
		h = new(held)
		defer h.release()
	}
	// The handler's wish holds for any CheckArgs called with its
	// context, whether or not it borrowed the call's room.
	if l != nil && l.drops {
		return t.checkDropping(ctx, args, h)
	}
	in, viols, _, _, err = t.decodeArgs(ctx, args, h)
	return in, viols, err
}

// noInput is the input type of a tool that takes none: its arguments are
// the empty object.
var noInput = reflect.TypeFor[struct{}]()

// decodeArgs checks the arguments and decodes them into a new value of the
// tool's input type: a pointer to it, nil when the tool takes no input. It
// returns the violations kept and the number of the others, and what the
// leniency ctx asks for let through. The error is ctx's, when it ended
// during the checks, or says the input type has no plan or that one of
// its methods panicked (neither the arguments' fault).
func (t *Tool) decodeArgs(ctx context.Context, args json.RawMessage, h *held) (any, []Violation, int, *lenient, error) {
	limit := t.MaxArgumentBytes
	if limit == 0 {
		limit = defaultMaxArgumentBytes
	}
	if limit > 0 && len(args) > limit {
		return nil, []Violation{{Rule: "size", Message: fmt.Sprintf("Arguments are too large: %d bytes; the tool takes at most %d.", len(args), limit)}}, 0, nil, nil
	}
	if blank(args) {
		args = json.RawMessage("{}")
	}
	if ac, ok := t.handler.(argsChecker); ok {
		// Its input is the text, not a value read from it: what is not
		// UTF-8 is mended first, so that the handler gets what the
		// approval compared (strings by their characters, as read).
		// The values it reads through a typed tool's CheckArgs are this
		// call's, held until its tool is done with them.
		l := &heldLease{h: h, drops: dropsKeys(t.handler)}
		defer l.end()
		in, viols, more, err := ac.CheckArgs(context.WithValue(ctx, heldKey{}, l), mendText(args))
		return in, viols, more, nil, err
	}
	it := t.handler.Input()
	none := it == nil
	if none {
		it = noInput
	}
	p, err := t.planOf(it)
	if err != nil {
		return nil, nil, 0, nil, fmt.Errorf("its input type has no schema: %v", err)
	}
	// The value read into takes room too, before it is made: a struct
	// of wide arrays is wide however short the arguments.
	switch h.cover(int(goSize(it))) {
	case heldBusy:
		return nil, nil, 0, nil, errHeldPast{}
	case heldNever:
		return nil, []Violation{{Rule: "size", Message: roomPastText("Argument", "")}}, 0, nil, nil
	}
	v := reflect.New(it)
	viols, more, err := decodeRepairing(ctx, p, args, v.Elem(), true, "Argument", nil, h)
	var lax *lenient
	if err == nil && len(viols) > 0 {
		// The leniency is asked for only here, where the strict checks
		// failed: arguments that pass them cost nothing more.
		v, viols, more, lax, err = lenientDecode(ctx, p, it, args, viols, more, h)
	}
	if err != nil || len(viols) > 0 {
		return nil, viols, more, lax, err
	}
	if none {
		return nil, nil, 0, lax, nil
	}
	return v.Interface(), nil, 0, lax, nil // an input of type struct{} too
}

// lenientDecode reads arguments the strict checks refused for viols (and
// more) as the leniency of ctx asks: again with the repairs of RepairArgs,
// or by encoding/json for ShadowArgs. It returns the new value (a pointer
// to it) or the violations to refuse the arguments for.
func lenientDecode(ctx context.Context, p *plan, it reflect.Type, args json.RawMessage, viols []Violation, more int, h *held) (reflect.Value, []Violation, int, *lenient, error) {
	switch leniencyOf(ctx) {
	case RepairArgs:
		// Every repair starts where a value's type does not fit; a fault
		// that stopped the reading (broken JSON, a key given twice) is in
		// text no repair changes.
		if more == 0 && !slices.ContainsFunc(viols, func(v Violation) bool { return v.Rule == "type" }) {
			return reflect.Value{}, viols, more, nil, nil
		}
		var log repairLog
		v := reflect.New(it)
		viols, more, err := decodeRepairing(ctx, p, args, v.Elem(), true, "Argument", &log, h)
		var lax *lenient
		if log.kept != nil {
			lax = &lenient{repairs: log.kept, more: log.more}
		}
		return v, viols, more, lax, err
	case ShadowArgs:
		if boundPassed(viols) {
			// Past a bound of what a call may cost, as over the size
			// limit: encoding/json would read what the bound keeps out.
			return reflect.Value{}, viols, more, nil, nil
		}
		if json.Valid(args) {
			// The widest Go value (a walk of the plan) bounds both the
			// values read and the room they take.
			w := int(p.widest())
			n := shadowBound(w, len(args))
			values := jsonscan.Values(args, n)
			if values > n {
				// encoding/json reads members the strict reading did not
				// read or count (a key given twice, a name in another
				// case, what follows a fault that stopped the reading):
				// past the bound on values, the Go values it would make
				// are not bounded by what the strict reading charged.
				return reflect.Value{}, []Violation{{Rule: "size", Message: shadowPast(n)}}, 0, nil, nil
			}
			// Nor is the room they take: it is taken for the most they
			// can be, 8 times the widest Go value for each JSON value
			// (shadowBound), and the value read into; a bound, so past
			// the whole room it takes all of it.
			if h.coverAtMost(int(goSize(it))+values*8*w) != heldFits {
				return reflect.Value{}, nil, 0, nil, errHeldPast{}
			}
		}
		v := reflect.New(it)
		if err := unmarshalGuarded(args, v.Interface()); err != nil {
			if mp, ok := err.(*methodPanic); ok {
				mp.of = "its arguments"
				return reflect.Value{}, nil, 0, nil, mp
			}
			return reflect.Value{}, viols, more, nil, nil
		}
		return v, nil, 0, &lenient{shadowed: viols}, nil
	}
	return reflect.Value{}, viols, more, nil, nil
}

// unmarshalGuarded is json.Unmarshal, with a panic in a method of the
// type decoded (UnmarshalJSON, UnmarshalText) returned as a *methodPanic.
func unmarshalGuarded(data []byte, v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &methodPanic{p: recovered(p)}
		}
	}()
	return json.Unmarshal(data, v)
}

// outcome is what the tool's goroutine reports.
type outcome struct {
	value    any         // the tool's first result
	err      error       // the tool's error
	res      *Result     // the failure's result, settled on the tool's goroutine
	ctxErr   error       // the caller's context's error, when it ended
	panicked *panicError // the tool panicked
	goexit   bool        // the tool called runtime.Goexit
}

// The states of a call's goroutine, which it and Invoke settle once: the
// tool starts, or Invoke gave up on it first and it never will.
const (
	pending int32 = iota
	started
	abandoned
)

// run calls the tool on a goroutine of its own under its timeout, turning
// what happens into a result; check says the result is checked against
// the tool's contract. Running it on the caller's goroutine would save a
// little, but a runtime.Goexit in the tool would then end the caller's
// goroutine, and Invoke would never return; a tool that left its thread
// locked would leave the caller's locked.
func (t *Tool) run(ctx context.Context, call *Call, in any, e *ends, check bool) (*Result, error) {
	runCtx := ctx
	if t.Timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, t.Timeout)
		defer cancel()
	}
	r := &runner{t: t, outer: ctx, ctx: runCtx, call: call, in: in, check: check, done: make(chan struct{}, 1), ends: e}
	r.held, call.held = call.held, held{} // the tool's goroutine gives it back
	e.hold()
	go r.work()
	var o outcome
	select {
	case <-r.done:
		o = r.o
	case <-runCtx.Done(): // nil, and never ready, when nothing can end the call
		select {
		case <-r.done: // it returned as the time ran out: keep it
			o = r.o
		default:
			began := !r.state.CompareAndSwap(pending, abandoned)
			if err := ctx.Err(); err != nil {
				return errorResult(Cancelled, began, call, "The call was cancelled."), err
			}
			return errorResult(TimedOut, began, call, fmt.Sprintf("Tool '%s' timed out after %s.", call.name(), seconds(t.Timeout))), nil
		}
	}
	if o.goexit {
		return errorResult(Failed, true, call, fmt.Sprintf("Tool '%s' failed: it ended its goroutine (runtime.Goexit).", call.name())), nil
	}
	if o.res == nil {
		// The result is written here, on the caller's goroutine, whose
		// stack has grown already: on the tool's, encoding/json grew a new
		// goroutine's stack on every call.
		return t.result(call, o.value, check), nil
	}
	return o.res, o.ctxErr
}

// settle turns a failure of the tool into its result, on the tool's
// goroutine: the error's own methods (Error, Unwrap, As) are the tool's
// code too, and a panic in them is a failed result. It returns a nil
// result when the tool succeeded.
func (t *Tool) settle(ctx, runCtx context.Context, call *Call, o outcome, check bool) (res *Result, ctxErr error) {
	defer func() {
		if p := recover(); p != nil {
			res, ctxErr = t.panicked(call, true, "reading its error panicked: ", recovered(p)), nil
		}
	}()
	switch {
	case o.panicked != nil:
		return t.panicked(call, true, "panic: ", o.panicked), nil
	case o.err != nil && ctx.Err() != nil:
		return errorResult(Cancelled, true, call, "The call was cancelled."), ctx.Err()
	case o.err != nil && runCtx.Err() != nil && errors.Is(o.err, runCtx.Err()):
		return errorResult(TimedOut, true, call, fmt.Sprintf("Tool '%s' timed out after %s.", call.name(), seconds(t.Timeout))), nil
	case o.err != nil:
		return t.toolError(call, o.err, check), nil
	}
	return nil, nil
}

// A runner carries one call to the goroutine that runs it. Runners and
// their channels are not pooled: a channel made under testing/synctest
// belongs to its bubble, and a tool tested there must work as anywhere.
type runner struct {
	t     *Tool
	outer context.Context // the caller's
	ctx   context.Context // the call's: outer under the timeout
	call  *Call
	in    any
	check bool // the result is checked against the contract
	state atomic.Int32
	o     outcome       // set by the goroutine before it sends on done
	done  chan struct{} // buffered: the goroutine never waits to send
	ends  *ends         // released when the goroutine is done
	held  held          // the room of in's values, given back then too
}

// work is the goroutine of one call: it starts the tool unless Invoke gave
// up first, settles a failure (the error's own methods run here too), and
// sends the outcome, a runtime.Goexit included. Neither the tool's call
// nor the settling lets a panic through (callFunc and settle recover them,
// and what they write cannot panic: sprintSafe), so only a runtime.Goexit
// keeps o from being set.
func (r *runner) work() {
	growStack(0)
	if !r.state.CompareAndSwap(pending, started) {
		r.held.release()
		r.ends.release()
		return // Invoke returned before the tool could start
	}
	o := outcome{goexit: true} // what is sent unless the work is done
	defer func() { r.o = o; r.done <- struct{}{} }()
	// Released before the outcome is sent: when Invoke has the outcome,
	// the tool's part is done, and Invoke's own release (the last) runs
	// the WhenDone function before Invoke returns. The room of the
	// arguments' values is given back then too, a runtime.Goexit
	// included.
	defer r.ends.release()
	defer r.held.release()
	done := r.t.callFunc(r.ctx, r.call, r.in)
	done.res, done.ctxErr = r.t.settle(r.outer, r.ctx, r.call, done, r.check)
	o = done
}

// growStack grows the goroutine's stack, while it holds one frame, to
// what a tool's call commonly needs. A goroutine starts with a stack of a
// few KiB; growing it under the tool's frames (encoding/json, fmt)
// copies and adjusts each of them, once per doubling, on every call.
//
//go:noinline
func growStack(i int) byte {
	var pad [growStackBytes]byte
	pad[i] = 1
	return pad[i^1]
}

// growStackBytes is the frame growStack takes: the runtime then gives the
// goroutine the smallest stack, a power of two, that holds it and a guard.
const growStackBytes = 12 << 10

// callFunc calls the function behind the tool, a panic recovered as the
// outcome (a runtime.Goexit is the runner's to report).
func (t *Tool) callFunc(ctx context.Context, call *Call, in any) (o outcome) {
	defer func() {
		if p := recover(); p != nil {
			o = outcome{panicked: recovered(p)}
		}
	}()
	v, err := t.handler.Call(ctx, call, t.bound, in)
	return outcome{value: v, err: err}
}

// sprintSafe writes v as fmt.Sprint does, for the text of a failure: a
// value whose own methods (Error, String) panic, and panic again while fmt
// prints the first panic, is named by its type instead; fmt.Sprint lets
// that second panic through.
func sprintSafe(v any) (s string) {
	defer func() {
		if recover() != nil {
			s = fmt.Sprintf("(a %T, whose text panics)", v)
		}
	}()
	return fmt.Sprint(v)
}

// failed is the result of a tool's own failure: what failed, and the
// text of the error, cut to maxErrorTextBytes.
func (t *Tool) failed(call *Call, what, text string) *Result {
	return errorResult(Failed, true, call, failedText(call, what+cutText(text)))
}

// failedText says that the tool failed, and why, when there is a why (an
// error whose text is empty, a panic with an empty string, has none: the
// sentence then ends there rather than on a colon).
func failedText(call *Call, why string) string {
	why = strings.TrimSuffix(why, ": ")
	if why == "" {
		return "Tool '" + call.name() + "' failed."
	}
	return "Tool '" + call.name() + "' failed: " + why
}

// A panicError is a panic recovered from the tool's code (its function,
// or a method of its input, result or error), as the call's Result.Cause:
// the value, and the stack of the goroutine that panicked, for the
// program's logs. It unwraps to the value when that is an error (a
// runtime.Error, say). It is unexported, to keep the API small: its
// Stack method is how a program (and mcpserver's log) tells it apart.
type panicError struct {
	value any
	stack []byte
}

func (e *panicError) Error() string {
	return "panic: " + sprintSafe(e.value) + "\n\n" + string(e.stack)
}

func (e *panicError) Unwrap() error {
	err, _ := e.value.(error)
	return err
}

// Stack returns the stack of the goroutine that panicked, as debug.Stack
// wrote it: a program finds it with errors.As(r.Cause, &x) for an x of
// type interface{ Stack() []byte }.
func (e *panicError) Stack() []byte { return e.stack }

// recovered is the panicError of p, which a deferred function has just
// recovered: the stack there still has the frames that panicked.
func recovered(p any) *panicError { return &panicError{value: p, stack: debug.Stack()} }

// panicked is the result of a panic in the tool's code; what says where
// ("panic: ", "writing its result panicked: "). The model reads the
// panic's text unless SafeErrors, under which a panic is kept from it as
// a plain error's text is; the Cause is the panic, with its stack.
func (t *Tool) panicked(call *Call, started bool, what string, p *panicError) *Result {
	why := ""
	if !t.SafeErrors {
		why = what + cutText(sprintSafe(p.value))
	}
	r := errorResult(Failed, started, call, failedText(call, why))
	r.Cause = p
	return r
}

// unwritable is the result of a result that encoding/json cannot write:
// its own MarshalJSON or MarshalText failed, or it holds what JSON has no
// form for (NaN). The error is the tool's code's, told as a plain error
// is (SafeErrors keeps its text from the model), and is the Cause.
func (t *Tool) unwritable(call *Call, err error) *Result {
	why := ""
	if !t.SafeErrors {
		why = "its result cannot be written as JSON: " + cutText(err.Error())
	}
	r := errorResult(Failed, true, call, failedText(call, why))
	r.Cause = err
	return r
}

// cutText cuts s to at most maxErrorTextBytes, on a character boundary,
// and says so.
func cutText(s string) string {
	if len(s) <= maxErrorTextBytes {
		return s
	}
	n := maxErrorTextBytes
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "… (cut: the text was " + strconv.Itoa(len(s)) + " bytes)"
}

// result turns what the tool returned into parts, by the results table. A
// panic in the value's own marshalling is the tool's failure.
func (t *Tool) result(call *Call, v any, check bool) (r *Result) {
	defer func() {
		if p := recover(); p != nil {
			r = t.panicked(call, true, "writing its result panicked: ", recovered(p))
		}
	}()
	r = t.resultOf(call, v, check)
	r.Started = true // it ran to its end, whatever it returned
	if r.IsError && r.Code == "" {
		r.Code = Failed // a failure the tool wrote itself, without a code
	}
	return r
}

func (t *Tool) resultOf(call *Call, v any, check bool) *Result {
	b := &oneResult{r: Result{Value: v, Costs: call.costLines()}}
	r := &b.r
	switch v := v.(type) {
	case nil:
		if t.OutputSchema != nil {
			r.Parts = b.one(TextPart{Text: "null"}) // a nil pointer, map or slice result
		}
		return r
	case string:
		if t.OutputSchema == nil {
			r.Parts = b.one(TextPart{Text: v})
			return r
		}
	case Part:
		if !validJSON(v) {
			return notJSON(call)
		}
		r.Parts = b.one(v)
		return r
	case []Part:
		if !validJSON(v...) {
			return notJSON(call)
		}
		r.Parts = v
		return r
	case *Result:
		if v == nil {
			r.Parts = b.one(TextPart{Text: "null"})
			return r
		}
		if !validJSON(v.Parts...) {
			return notJSON(call)
		}
		out := *v
		out.Costs = append(out.Costs, r.Costs...)
		if out.Value == nil {
			out.Value = r.Value
		}
		return &out
	case Result:
		if !validJSON(v.Parts...) {
			return notJSON(call)
		}
		v.Costs = append(v.Costs, r.Costs...)
		return &v
	case json.RawMessage:
		if len(v) == 0 {
			v = json.RawMessage("null")
		}
		if !json.Valid(v) {
			return notJSON(call)
		}
		r.Parts = b.one(JSONPart{JSON: v})
		return r
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && rv.IsNil() {
		r.Parts = b.one(TextPart{Text: "null"})
		return r
	}
	data, err := MarshalResult(v)
	if err != nil {
		return t.unwritable(call, err)
	}
	if check && t.OutputSchema != nil {
		if viols, more := t.CheckResult(data); len(viols) > 0 {
			bad := errorResult(InvalidOutput, true, call, fmt.Sprintf("Tool '%s' returned a result that breaks its output schema:\n%s", call.name(), violationText(viols, more)))
			bad.Violations = viols
			return bad
		}
	}
	r.Parts = b.one(JSONPart{JSON: json.RawMessage(data)})
	return r
}

// validJSON reports whether the JSON parts among parts, which a tool
// made itself, are valid JSON, as the parts the invoker makes are: a
// server sends one as it is (MCP's structured content), and
// encoding/json refuses to encode one that is not.
func validJSON(parts ...Part) bool {
	for _, p := range parts {
		if j, ok := p.(JSONPart); ok && !json.Valid(j.JSON) {
			return false
		}
	}
	return true
}

// notJSON is the result of a call whose result is JSON that is not valid.
func notJSON(call *Call) *Result {
	return errorResult(Failed, true, call, fmt.Sprintf("Tool '%s' failed: its result is not valid JSON.", call.name()))
}

// oneResult is a result with room for one part, made in one allocation:
// most results have one.
type oneResult struct {
	r     Result
	parts [1]Part
}

// one returns the parts of a result of p alone.
func (b *oneResult) one(p Part) []Part {
	b.parts[0] = p
	return b.parts[:1:1]
}

// MarshalResult writes a tool's result value as the invoker writes it, and
// as its output schema describes it: by encoding/json, from an addressable
// copy (so that methods with pointer receivers, big.Int's MarshalJSON,
// apply), without HTML escaping. A server that writes structured content
// itself writes it so.
func MarshalResult(v any) (json.RawMessage, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return json.RawMessage("null"), nil
	}
	p := reflect.New(rv.Type())
	p.Elem().Set(rv)
	buf := resultBufs.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 64<<10 { // a large result's buffer is not kept
			clear(buf.Bytes()) // nor the text of this one
			buf.Reset()
			resultBufs.Put(buf)
		}
	}()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p.Interface()); err != nil {
		return nil, err
	}
	return bytes.Clone(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

// resultBufs keeps the buffers results are written in: the result keeps a
// copy of its own size, where a new buffer grew step by step.
var resultBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// CheckResult checks data, the JSON of a result, against the tool's
// output type (the type its output schema was written from, with the
// schemas the tool was given for its types), as Invoke does under a
// context of WithOutputCheck, and returns the violations, the 100 most
// useful first, and how many more there were. A tool whose output schema
// is not written from a type (or with no function behind it, or a nil
// *Tool) has none.
func (t *Tool) CheckResult(data []byte) ([]Violation, int) {
	if t == nil || t.handler == nil {
		return nil, 0
	}
	ot := t.handler.Output()
	if ot == nil {
		return nil, 0
	}
	p, err := t.planOf(ot)
	if err != nil {
		return nil, 0
	}
	viols, more, _ := decode(context.Background(), p, data, reflect.Value{}, false, "Result") // checked, not kept
	return viols, more
}

// heldPast is the result of a call whose arguments' values found no room
// left (heldValues): a busy server's, not the arguments' fault, to retry.
func (t *Tool) heldPast(call *Call) *Result {
	e := &Error{Code: "SERVER_BUSY", Category: CategoryRateLimit, Recovery: RecoverRetry,
		SafeMessage: errHeldPast{}.Error() + ".", RetryAfter: time.Second, Outcome: OutcomeNotStarted, Err: errHeldPast{}}
	r := errorResult(Failed, false, call, t.failureText(call, e))
	r.Failure = e
	return r
}

func errorResult(code ErrorCode, started bool, call *Call, msg string) *Result {
	return &Result{IsError: true, Code: code, Started: started, Parts: text(msg), Costs: call.costLines()}
}

func text(s string) []Part { return []Part{TextPart{Text: s}} }

// seconds writes a duration as every model-visible message writes one:
// seconds as a plain decimal, a space and "s" ("5 s", "1.5 s").
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}
