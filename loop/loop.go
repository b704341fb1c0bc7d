// Package loop runs the tool calls a model makes, turn after turn, with no
// model API's SDK in it: an adapter (the nested modules under adapters/)
// turns an API's response into Calls and the Outcomes into the API's
// messages; this package finds each call's tool in a tool.Set, asks
// approval, invokes the tools (in parallel only when every one allows it,
// a bounded number at a time) and stops when a tool ends the loop.
//
//	r := &loop.Runner{Tools: set, Approve: askUser}
//	final, err := r.Run(ctx, conversation) // conversation: an adapter's Model
//	if err != nil {
//		return err
//	}
//	if final.End != nil {
//		answer := final.End.Result.Value.(*Answer) // the ending tool's typed result
//	}
package loop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/toolschema/toolschema/internal/budget"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/tool"
)

// A Call is one tool call of a model's turn, as the API gave it.
type Call struct {
	// ID is the API's identifier of the call; its result carries it back.
	// It may be empty: a Gemini call need not have one (its result is
	// matched by name and order).
	ID string
	// Name is the name of the tool called, as the API gave it: the tool's
	// name or its wire name for the API (tool.Set.WireNames), which the runner
	// maps back to the tool (tool.Set.Resolve). An adapter's results
	// carry it as it came.
	Name string
	// Args are the arguments, a JSON object from the model (untrusted).
	Args json.RawMessage
}

// An Outcome is a call and its result, in the form every adapter turns
// into its API's message.
type Outcome struct {
	Call Call
	// Tool is the tool called; nil when the set has no tool of that name.
	Tool *tool.Tool
	// Result is never nil: a failure is a result with IsError set, whose
	// text the model can act on.
	Result *tool.Result
}

// An Approval is what an approval hook is asked about: a call of a tool
// that requires approval, with arguments that pass the tool's checks.
// Call.Name is the name the model called, which may be the tool's wire
// name for the API; Tool.Name is the tool's own, the one tool.Approve
// takes.
type Approval struct {
	Call Call
	Tool *tool.Tool
	// Input is the decoded input, as Tool.CheckArgs returns it, defaults
	// filled in: what the tool would get. A pointer to the tool's input
	// struct (nil for a tool without one), or, for a raw tool
	// (rawtool.New), the arguments as a json.RawMessage.
	Input any
}

// Error codes of the outcomes this package makes itself (the invoker makes
// the others).
const (
	// UnknownTool: the set has no tool of the call's name.
	UnknownTool tool.ErrorCode = "unknown_tool"
	// Refused: the approval hook refused the call; the tool did not start.
	Refused tool.ErrorCode = "refused"
	// TooManyCalls: the call came after the runner's bound on the calls
	// of a turn (Runner.MaxCallsPerTurn); it was not run.
	TooManyCalls tool.ErrorCode = "too_many_calls"
)

// The runner's bounds when its fields leave them zero.
const (
	// defaultMaxTurns bounds Run's turns (Runner.MaxTurns).
	defaultMaxTurns = 20
	// defaultMaxParallel bounds the calls of a turn that run at once
	// (Runner.MaxParallel), whatever the machine: a tool's calls reach
	// services whose limits are not the host's cores.
	defaultMaxParallel = 16
	// defaultMaxCallsPerTurn bounds the calls of a turn that are run
	// (Runner.MaxCallsPerTurn); the calls past it are answered with
	// TooManyCalls.
	defaultMaxCallsPerTurn = 128
)

// ErrMaxTurns is returned (wrapped) by Run when the model still calls tools
// after the runner's last turn.
var ErrMaxTurns = errors.New("loop: the model is still calling tools after the last turn allowed")

// A Runner runs the calls of a model's turns against a set of tools. Its
// fields are read, never written, by Turn and Run: a Runner may serve
// several conversations at once.
type Runner struct {
	// Tools are the tools a model may call. Turn and Run refuse a nil
	// set; an empty one (tool.NewSet()) answers every call as unknown.
	Tools *tool.Set
	// Approve is asked about each call of a tool that requires approval,
	// once its arguments have passed the tool's checks; a call with bad
	// arguments is answered with its violations, and nobody is asked. The
	// hook is asked about the calls of one turn one after another, in the
	// order of the calls, before any call runs. It decides whether a
	// call may run: true runs it, false answers the model that it was
	// refused; an error ends the loop (the person could not be asked,
	// say) and is returned by Turn and Run. Nil: such calls are answered
	// by the invoker (approval_required).
	Approve func(ctx context.Context, a Approval) (bool, error)
	// MaxTurns bounds the model's turns in Run: 20 when zero.
	MaxTurns int
	// MaxParallel bounds the calls of a turn that run at the same time
	// when they run in parallel: 16 when zero or less. 1
	// runs them one after another.
	MaxParallel int
	// MaxCallsPerTurn bounds the calls of one turn that are run, in the
	// model's order: 128 when zero, none when
	// negative. Each call past it is answered with a TooManyCalls result
	// that says the bound and which calls were not run; nobody is asked
	// to approve it.
	MaxCallsPerTurn int
	// MaxResultBytes is the budget of one call's result as the model
	// reads it: its text and JSON, in bytes. A result over it is cut so
	// that what is kept stays valid (JSON at item and member boundaries,
	// text on a character boundary), with Truncated set and a last text
	// part that says what was left out; the typed Value is not cut.
	// 100 KB when zero, no budget when negative. A tool with a budget of
	// its own (tool.Meta.MaxResultBytes) has its results cut to that one
	// in place of this.
	MaxResultBytes int
	// CheckOutputs has each call's result checked against its tool's
	// contract (Invoke under tool.WithOutputCheck): a JSON result that
	// breaks the output schema, or a business error whose code the tool
	// does not declare, is an invalid_output result in its place. Tests
	// of a program's tools turn it on; off, nothing is checked.
	CheckOutputs bool
	// Leniency is how each call's arguments are read (Invoke under
	// tool.WithLeniency): tool.Strict (the default) refuses arguments that
	// break the input schema; tool.RepairArgs reads what the schema makes
	// unambiguous ("42" for an integer) and tells the model what it
	// assumed in a last text part of the result; tool.ShadowArgs runs the
	// tool with what encoding/json decodes and leaves the violations a
	// strict call would have refused on the outcome's Result.Shadowed,
	// for the program's log. Approve is asked about the arguments the
	// leniency lets through. Tools that check their own arguments
	// (package rawtool) are always strict.
	Leniency tool.Leniency
}

// resultLimit is the budget of one result of t (budget.Limit).
func (r *Runner) resultLimit(t *tool.Tool) int { return budget.Limit(t, r.MaxResultBytes) }

// A Turn is what one turn's calls gave.
type Turn struct {
	// Outcomes are one per call, in the order of the calls.
	Outcomes []Outcome
	// End is the first outcome, in the order of the calls, of a tool that
	// ends the loop and that succeeded; nil when no call ends the loop. A
	// call of such a tool that failed (bad arguments, say) does not end it:
	// the model sees the error and may try again.
	End *Outcome
}

// Turn runs the calls of one turn and returns their outcomes. Every call is
// answered: an unknown name, bad arguments, a refusal, an error or panic of
// the tool, a call past MaxCallsPerTurn are outcomes the model can act on.
// The calls run at the same time, MaxParallel at most, when every tool
// that runs is ParallelSafe, else one after another in the model's order,
// each when the function of the call before has returned (a call whose
// timeout passed included: its function may go on after its answer).
// All calls run, those after a call that ends the loop included: the
// model asked for them in one turn.
//
// The error is the approval hook's (a panic of the hook is its error,
// naming the tool and the call), or says that the runner or its Tools is
// nil (before any call is answered), or is the context's when it ends (with the
// outcomes of the calls made so far, the others answered as cancelled).
func (r *Runner) Turn(ctx context.Context, calls []Call) (*Turn, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	return r.turn(ctx, calls, nil)
}

// check refuses a nil runner and one without tools: every call of its
// turns would be unknown.
func (r *Runner) check() error {
	switch {
	case r == nil:
		return errors.New("loop: the *Runner is nil")
	case r.Tools == nil:
		return errors.New("loop: Runner.Tools is nil")
	}
	return nil
}

// turn is Turn; names, when not nil, is the Model that says which tools
// the model was given (Run's).
func (r *Runner) turn(ctx context.Context, calls []Call, names toolNamer) (*Turn, error) {
	turn, outs := newTurn(len(calls))
	// What an unknown call is told of the tools the model has: the same
	// for every such call of the turn, made on the first.
	var tools *callables
	if r.CheckOutputs {
		ctx = tool.WithOutputCheck(ctx)
	}
	if r.Leniency != tool.Strict {
		ctx = tool.WithLeniency(ctx, r.Leniency)
	}
	// The calls that reach Invoke are those with a tool and no result yet;
	// approved[i] is the context of an approved call (nil: ctx).
	var approved []context.Context
	runs, parallel := 0, true
	maxCalls := r.MaxCallsPerTurn
	if maxCalls == 0 {
		maxCalls = defaultMaxCallsPerTurn
	}
	for i, c := range calls {
		outs[i].Call = c
		t, ok := r.lookup(c.Name)
		if maxCalls > 0 && i >= maxCalls {
			outs[i].Tool = t
			outs[i].Result = tooMany(i, len(calls), maxCalls)
			continue
		}
		if !ok {
			if tools == nil {
				tools = r.callable(names)
			}
			outs[i].Result = unknown(c.Name, tools)
			continue
		}
		outs[i].Tool = t
		if t.RequiresApproval {
			// The arguments first: bad ones are answered with their
			// violations, and nobody is asked about them.
			in, viols, err := t.CheckArgs(ctx, c.Args)
			if err != nil && ctx.Err() != nil {
				return nil, fmt.Errorf("loop: %w", err)
			}
			if err != nil || len(viols) > 0 {
				// Invoke refuses them before anything runs, with the
				// invoker's own text (its count of violations past those
				// listed included); and answers arguments that could not
				// be checked (the calls running at once hold all the
				// room their values may have: SERVER_BUSY, to retry; a
				// method of the input type panicked) as for any call.
				res, ierr := invoke(ctx, t, c.Name, c.Args)
				if ierr != nil {
					return nil, ierr
				}
				if err != nil && res.Code == tool.ApprovalRequired {
					// The room was given back since: the arguments pass,
					// and the call needs the approval nobody was asked
					// for. It is asked for now.
					in, viols, err = t.CheckArgs(ctx, c.Args)
					if err != nil && ctx.Err() != nil {
						return nil, fmt.Errorf("loop: %w", err)
					}
				}
				if err != nil || len(viols) > 0 || res.Code != tool.ApprovalRequired {
					outs[i].Result = res
					continue
				}
			}
			if r.Approve != nil {
				yes, err := r.approve(ctx, Approval{Call: c, Tool: t, Input: in})
				if err != nil {
					return nil, fmt.Errorf("loop: approval of %s (call %s): %w", t.Name, c.ID, err)
				}
				if !yes {
					outs[i].Result = refused(c.Name)
					continue
				}
				if approved == nil {
					approved = make([]context.Context, len(calls))
				}
				approved[i] = tool.Approve(ctx, t.Name, c.Args)
			}
		}
		runs++
		parallel = parallel && t.IsParallelSafe()
	}
	var errs []error
	workers := r.MaxParallel
	if workers <= 0 {
		workers = defaultMaxParallel
	}
	if parallel && runs > 1 && workers > 1 {
		// A few workers take the calls in the model's order: as many
		// goroutines as calls would be a model's to choose.
		var wg sync.WaitGroup
		var next atomic.Int64
		errc := make([]error, len(calls))
		for range min(workers, runs) {
			wg.Go(func() {
				for {
					i := int(next.Add(1) - 1)
					if i >= len(outs) {
						return
					}
					if toRun(outs[i]) {
						outs[i].Result, errc[i] = invoke(ctxOf(ctx, approved, i), outs[i].Tool, outs[i].Call.Name, outs[i].Call.Args)
					}
				}
			})
		}
		wg.Wait()
		for _, err := range errc {
			if err != nil {
				errs = append(errs, err)
			}
		}
	} else {
		// One after another: a call starts when the function of the one
		// before has returned, even one Invoke gave up on (a timeout), so
		// that a serial tool never runs beside another call of the turn.
		last := len(outs) - 1
		for last >= 0 && !toRun(outs[last]) {
			last--
		}
		var prev chan struct{}
		for i := range outs {
			if !toRun(outs[i]) {
				continue
			}
			if prev != nil {
				select {
				case <-prev:
				case <-ctx.Done():
				}
			}
			c := ctxOf(ctx, approved, i)
			if i < last { // a call follows: know when this one's function ends
				done := make(chan struct{})
				c, prev = tool.WhenDone(c, func() { close(done) }), done
			}
			res, err := invoke(c, outs[i].Tool, outs[i].Call.Name, outs[i].Call.Args)
			outs[i].Result = res
			if err != nil {
				errs = append(errs, err)
			}
		}
	}
	for i := range outs {
		res := outs[i].Result
		if limit := r.resultLimit(outs[i].Tool); limit > 0 {
			res = budget.Result(res, limit, budget.Any)
		}
		if note := res.RepairNote(); note != "" && !res.IsError {
			// The model is told what was assumed (a refusal says it
			// already), after the budget's cut, which must not take it.
			res.Parts = append(slices.Clip(res.Parts), tool.TextPart{Text: note})
		}
		outs[i].Result = res
	}
	for i := range outs {
		if outs[i].Tool != nil && outs[i].Tool.EndsLoop && !outs[i].Result.IsError {
			turn.End = &outs[i]
			break
		}
	}
	if len(errs) > 0 {
		return turn, errs[0]
	}
	return turn, nil
}

// newTurn makes a turn of n outcomes; a turn of one call, the usual
// kind, in one allocation.
func newTurn(n int) (*Turn, []Outcome) {
	if n == 1 {
		one := new(struct {
			turn Turn
			outs [1]Outcome
		})
		one.turn.Outcomes = one.outs[:]
		return &one.turn, one.turn.Outcomes
	}
	turn := &Turn{Outcomes: make([]Outcome, n)}
	return turn, turn.Outcomes
}

// toRun reports whether o's call reaches Invoke: it has a tool and no
// answer yet.
func toRun(o Outcome) bool { return o.Tool != nil && o.Result == nil }

// ctxOf is the context call i runs under: its approval's, else ctx.
func ctxOf(ctx context.Context, approved []context.Context, i int) context.Context {
	if approved != nil && approved[i] != nil {
		return approved[i]
	}
	return ctx
}

// invoke calls t as the model called it, by name (its wire name, when not
// t's own: what the invoker tells the model names the tool by it); a nil
// result (a tool without a function) is an error.
func invoke(ctx context.Context, t *tool.Tool, name string, args json.RawMessage) (*tool.Result, error) {
	if name != t.Name {
		ctx = toolhook.CalledAs(ctx, name)
	}
	res, err := t.Invoke(ctx, args)
	if res == nil {
		if err == nil {
			err = fmt.Errorf("tool %s gave no result", t.Name)
		}
		return &tool.Result{IsError: true, Code: tool.Failed, Parts: []tool.Part{tool.TextPart{Text: fmt.Sprintf("Tool '%s' failed.", name)}}}, fmt.Errorf("loop: %w", err)
	}
	return res, err
}

// approve asks the hook; a panic of the hook is its error, and the
// program goes on.
func (r *Runner) approve(ctx context.Context, a Approval) (yes bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			yes = false
			if e, ok := p.(error); ok {
				err = fmt.Errorf("the hook panicked: %w", e)
			} else {
				err = fmt.Errorf("the hook panicked: %v", p)
			}
		}
	}()
	return r.Approve(ctx, a)
}

func (r *Runner) lookup(name string) (*tool.Tool, bool) {
	return r.Tools.Resolve(name)
}

// unknown answers a call of a name the set does not have, with what
// callable says of the tools the model has; past closestPast of them, led
// by the ones whose names are closest to the name called.
func unknown(name string, tools *callables) *tool.Result {
	var b strings.Builder
	// A name not of a tool name's shape (MCP's rule, which takes every
	// tool's name and wire name) is not repeated to the model: it is the
	// model's text, perhaps an injection.
	if schema.MCPName(name) {
		fmt.Fprintf(&b, "There is no tool named '%s'.", name)
		if len(tools.names) > closestPast && len(name) <= closestLongest {
			near, done := tools.closest[name]
			if !done {
				// Once a name a turn: a model that calls one unknown
				// name 128 times pays for one.
				near = closest(name, tools.names)
				if tools.closest == nil {
					tools.closest = map[string][]string{}
				}
				tools.closest[name] = near
			}
			if len(near) > 0 {
				fmt.Fprintf(&b, " Closest: %s.", strings.Join(near, ", "))
			}
		}
	} else {
		b.WriteString("There is no tool by that name (a tool name is 1 to 128 letters, digits, '_', '.' or '-').")
	}
	b.WriteString(tools.text)
	return errorResult(UnknownTool, b.String())
}

// closestPast is the number of tools past which the answer to an unknown
// name leads with the closest names: a list of a few is read at a glance.
const closestPast = 10

// closestLongest is the longest name the closest names are sought for
// (the vendors' names are at most 64 characters): the cost of a name is
// its length times that of each name it is compared with.
const closestLongest = 64

// closest returns at most three of names, the closest to name by edit
// distance (letters' case aside), in that order (ties in the list's
// order); none further than a third of name's length, or two.
func closest(name string, names []string) []string {
	lower := strings.ToLower(name)
	most := max(2, len(name)/3)
	type near struct {
		name string
		d    int
	}
	var found []near
	for _, n := range names {
		if d := len(n) - len(name); d > most || d < -most {
			continue // further than most whatever the letters
		}
		if d := schema.EditDistance(lower, strings.ToLower(n)); d <= most {
			found = append(found, near{n, d})
		}
	}
	slices.SortStableFunc(found, func(a, b near) int { return a.d - b.d })
	var out []string
	for _, f := range found[:min(3, len(found))] {
		out = append(out, f.name)
	}
	return out
}

// callables are what callable says of the tools the model can call: the
// names it was given, and the text that tells them.
type callables struct {
	names   []string
	text    string
	closest map[string][]string // the closest names, by name called
}

// A toolNamer is a Model that knows the names the model was given: an
// adapter's conversation, whose requests carry the tools by their wire
// names, the tools a search has loaded included.
type toolNamer interface {
	// ToolNames returns the names of the tools the model can call now,
	// as the last request gave them.
	ToolNames() []string
}

// callable says which tools of the runner's set the model can call, as
// the model was given them, and how many more a search finds: the names
// names gives (those of the set's tools), else the tools a Catalog has
// made visible (the set is the Catalog's) or the set's tools that are
// not deferred, by their own names. A deferred tool the model was not
// given is one of those a search finds (a catalog's hundreds would be a
// long answer of names the model cannot call yet), but for one a search
// found already that the request had no room for (Chat Completions' 128
// tools), which no search gives now: those are counted apart.
func (r *Runner) callable(names toolNamer) *callables {
	set := r.Tools
	var listed []string
	given := map[*tool.Tool]string{}
	if names != nil {
		for _, n := range names.ToolNames() {
			if t, ok := set.Resolve(n); ok && given[t] == "" {
				given[t] = n
				listed = append(listed, n)
			}
		}
	} else {
		var tools []*tool.Tool
		if c, _ := toolhook.Owner(set).(*Catalog); c != nil {
			tools = c.Visible()
		} else {
			for _, t := range set.Tools() {
				if !t.DeferLoading {
					tools = append(tools, t)
				}
			}
		}
		for _, t := range tools {
			given[t] = t.Name
			listed = append(listed, t.Name)
		}
	}
	// A deferred tool the model was not given is one a search finds,
	// unless a search has found it already (the Catalog made it visible)
	// and the request had no room for it: no search gives it now.
	var found map[*tool.Tool]bool
	if c, _ := toolhook.Owner(set).(*Catalog); c != nil && names != nil {
		found = map[*tool.Tool]bool{}
		for _, t := range c.Visible() {
			found[t] = true
		}
	}
	deferred, unroomed := 0, 0
	for _, t := range set.Tools() {
		switch {
		case !t.DeferLoading || given[t] != "":
		case found[t]:
			unroomed++
		default:
			deferred++
		}
	}
	search := "the tool search"
	if t, ok := set.Lookup(SearchToolName); ok && given[t] != "" {
		search = given[t]
	}
	var b strings.Builder
	switch {
	case len(listed) > 0:
		fmt.Fprintf(&b, " The tools are: %s", strings.Join(listed, ", "))
		if deferred > 0 {
			fmt.Fprintf(&b, "; %s finds %d more", search, deferred)
		}
		b.WriteByte('.')
	case deferred > 0:
		fmt.Fprintf(&b, " The tools are found by %s (%d).", search, deferred)
	}
	if unroomed > 0 {
		if unroomed == 1 {
			fmt.Fprintf(&b, " 1 more tool found by %s is not among them: the request has no room for it.", search)
		} else {
			fmt.Fprintf(&b, " %d more tools found by %s are not among them: the request has no room for them.", unroomed, search)
		}
	}
	return &callables{names: listed, text: b.String()}
}

// tooMany answers call i (from 0) of a turn of n calls, past the bound.
func tooMany(i, n, max int) *tool.Result {
	return errorResult(TooManyCalls, fmt.Sprintf("Call %d of this turn was not run: a turn runs at most %d calls, and this one made %d; "+
		"calls %d to %d were not run. Make them again, at most %d in a turn.", i+1, max, n, max+1, n, max))
}

// refused answers a call the approval hook refused, naming the tool as
// the call did (its wire name, when the model called it by that).
func refused(name string) *tool.Result {
	return errorResult(Refused, fmt.Sprintf("The call of tool '%s' was not approved; it did not run. Do not call it again with these arguments unless the user asks you to.", name))
}

func errorResult(code tool.ErrorCode, msg string) *tool.Result {
	return &tool.Result{IsError: true, Code: code, Parts: []tool.Part{tool.TextPart{Text: msg}}}
}

// A Model is a conversation with a model API, kept by an adapter: the
// request the program set up, and the messages of the turns so far.
type Model interface {
	// Next adds the outcomes of the last turn's calls to the conversation
	// (none on the first turn), asks the model, and returns the calls of
	// its answer; none when it answered without calling a tool.
	Next(ctx context.Context, outcomes []Outcome) ([]Call, error)
}

// A Final is how a Run ended.
type Final struct {
	// End is the call that ended the loop, whose Result.Value is the
	// ending tool's typed result; nil when the model answered without
	// calling a tool (the adapter has its answer).
	End *Outcome
	// Last is the last turn whose calls ran, nil when the model called no
	// tool at all. When a tool ended the loop, the model has not seen
	// Last's outcomes: a program that goes on with the conversation adds
	// them (an adapter's messages for outcomes).
	Last *Turn
	// Turns counts the model's answers.
	Turns int
}

// Run drives a conversation: it asks m for calls, runs them with Turn,
// hands their outcomes back, and so on until the model answers without
// calling a tool, or a call ends the loop. It returns an error wrapping
// ErrMaxTurns when the model still calls tools after MaxTurns answers
// (the Final then holds the last turn), and the errors of m and Turn. A
// nil m, a nil runner or one whose Tools is nil is refused before m is
// asked anything, with an error that names it.
//
// What a run adds to the conversation is bounded by the runner's fields:
// at most MaxTurns turns, each with at most MaxCallsPerTurn results of at
// most MaxResultBytes (by default 20 turns of 128 results of 100 KB:
// 256 MB), and a refusal of about 170 bytes for each call past the
// bound, which the model's answer itself is longer than. The adapters'
// APIs keep no state, so each request carries the whole conversation:
// the bytes a run sends grow with the square of its turns (a run of 20
// turns of 16 results of 100 KB sends 311 MB, its last request 31 MB).
// Bound the fields to what the model's context takes.
//
// A call of a name the set does not have is answered with the tools the
// model can call, by the names it was given: when m has a method
// ToolNames() []string, as the adapters' conversations do (the names of
// the tools the model can call now, as its last request gave them, wire
// names and tools a search loaded included), by those; else, as Turn
// answers it, by the tools' own names (the set's tools not deferred, or,
// for a Catalog's set, its visible tools), and the deferred tools not
// listed are counted as those a search finds.
func (r *Runner) Run(ctx context.Context, m Model) (*Final, error) {
	if err := r.check(); err != nil {
		return &Final{}, err
	}
	if m == nil {
		return &Final{}, errors.New("loop: Run's Model is nil")
	}
	maxTurns := r.MaxTurns
	if maxTurns <= 0 {
		maxTurns = defaultMaxTurns
	}
	f := &Final{}
	names, _ := m.(toolNamer)
	var prev []Outcome
	for {
		if f.Turns == maxTurns {
			return f, fmt.Errorf("%w (%d)", ErrMaxTurns, maxTurns)
		}
		calls, err := m.Next(ctx, prev)
		if err != nil {
			return f, err
		}
		f.Turns++
		if len(calls) == 0 {
			return f, nil
		}
		turn, err := r.turn(ctx, calls, names)
		if turn != nil {
			f.Last = turn
		}
		if err != nil {
			return f, err
		}
		if turn.End != nil {
			f.End = turn.End
			return f, nil
		}
		prev = turn.Outcomes
	}
}
