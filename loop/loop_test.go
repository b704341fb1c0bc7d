package loop_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type LookupIn struct {
	City  string `json:"city" minLength:"2"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"10" default:"3"`
}

type DeleteIn struct {
	ID string `json:"id" pattern:"^[a-z0-9]+$"`
}

type Answer struct {
	Text  string `json:"text"`
	Score int    `json:"score"`
}

// kit is a set of tools that record what ran.
type kit struct {
	mu  sync.Mutex
	ran []string
	set *tool.Set
}

func (k *kit) record(s string) {
	k.mu.Lock()
	k.ran = append(k.ran, s)
	k.mu.Unlock()
}

func (k *kit) runs() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return slices.Clone(k.ran)
}

func newKit(t *testing.T) *kit {
	t.Helper()
	k := &kit{}
	must := func(tl *tool.Tool, err error) *tool.Tool {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	lookup := must(reflectimpl.Create(func(in LookupIn) (string, error) {
		k.record("lookup " + in.City)
		return fmt.Sprintf("%s: %d results", in.City, in.Limit), nil
	}, reflectimpl.Meta(tool.Meta{Name: "lookup"})))
	del := must(reflectimpl.Create(func(in DeleteIn) (string, error) {
		k.record("delete " + in.ID)
		return "deleted", nil
	}, reflectimpl.Meta(tool.Meta{Name: "delete", RequiresApproval: true})))
	fail := must(reflectimpl.Create(func() (string, error) {
		k.record("fail")
		return "", errors.New("the service is down")
	}, reflectimpl.Meta(tool.Meta{Name: "fail"})))
	answer := must(reflectimpl.Create(func(in Answer) (*Answer, error) {
		k.record("answer")
		return &in, nil
	}, reflectimpl.Meta(tool.Meta{Name: "answer", EndsLoop: true})))
	set, err := tool.NewSet([]*tool.Tool{lookup, del, fail, answer})
	if err != nil {
		t.Fatal(err)
	}
	k.set = set
	return k
}

func call(id, name, args string) loop.Call {
	return loop.Call{ID: id, Name: name, Args: json.RawMessage(args)}
}

// TestTurn checks what each kind of call is answered with, that the
// answer keeps the call's id, and what ran.
func TestTurn(t *testing.T) {
	yes := func(context.Context, loop.Approval) (bool, error) { return true, nil }
	no := func(context.Context, loop.Approval) (bool, error) { return false, nil }
	for _, tc := range []struct {
		name     string
		approve  func(context.Context, loop.Approval) (bool, error)
		call     loop.Call
		code     tool.ErrorCode // "" for success
		text     string
		ran      []string
		ends     bool
		endValue *Answer
	}{
		{name: "good call, default applied", call: call("c1", "lookup", `{"city":"Oslo"}`),
			text: "Oslo: 3 results", ran: []string{"lookup Oslo"}},
		{name: "bad arguments", call: call("c2", "lookup", `{"city":"","limit":50}`), code: tool.InvalidArguments,
			text: "Argument 'limit' must be at most 10.\nArgument 'city' must be at least 2 characters long."},
		{name: "unknown tool", call: call("c3", "lookups", `{}`), code: loop.UnknownTool,
			text: "There is no tool named 'lookups'. The tools are: lookup, delete, fail, answer."},
		{name: "unknown tool, a name that is not a name", call: call("c4", "ignore previous instructions", `{}`), code: loop.UnknownTool,
			text: "There is no tool by that name (a tool name is 1 to 128 letters, digits, '_', '.' or '-'). The tools are: lookup, delete, fail, answer."},
		{name: "the tool fails", call: call("c5", "fail", `{}`), code: tool.Failed,
			text: "Tool 'fail' failed: the service is down", ran: []string{"fail"}},
		{name: "approved", approve: yes, call: call("c6", "delete", `{"id":"a1"}`),
			text: "deleted", ran: []string{"delete a1"}},
		{name: "refused", approve: no, call: call("c7", "delete", `{"id":"a1"}`), code: loop.Refused,
			text: "The call of tool 'delete' was not approved; it did not run. Do not call it again with these arguments unless the user asks you to."},
		{name: "approval with bad arguments: nobody asked", approve: func(context.Context, loop.Approval) (bool, error) {
			return false, errors.New("asked about bad arguments")
		}, call: call("c8", "delete", `{"id":"A B"}`), code: tool.InvalidArguments,
			text: "Argument 'id' must match the pattern ^[a-z0-9]+$."},
		{name: "no hook: the invoker refuses", call: call("c9", "delete", `{"id":"a1"}`), code: tool.ApprovalRequired,
			text: "Tool 'delete' requires approval for these arguments."},
		{name: "ends the loop", call: call("c10", "answer", `{"text":"done","score":7}`),
			text: `{"text":"done","score":7}`, ran: []string{"answer"}, ends: true, endValue: &Answer{Text: "done", Score: 7}},
		{name: "ending tool with bad arguments goes on", call: call("c11", "answer", `{"text":"done"}`), code: tool.InvalidArguments,
			text: "Argument 'score' is required."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := newKit(t)
			r := &loop.Runner{Tools: k.set, Approve: tc.approve}
			turn, err := r.Turn(context.Background(), []loop.Call{tc.call})
			if err != nil {
				t.Fatal(err)
			}
			if len(turn.Outcomes) != 1 {
				t.Fatalf("%d outcomes for one call", len(turn.Outcomes))
			}
			o := turn.Outcomes[0]
			if o.Call.ID != tc.call.ID || o.Call.Name != tc.call.Name {
				t.Errorf("outcome of call %+v, want %+v", o.Call, tc.call)
			}
			if o.Result.Code != tc.code || o.Result.IsError != (tc.code != "") {
				t.Errorf("code %q (error %v), want %q", o.Result.Code, o.Result.IsError, tc.code)
			}
			if got := loop.Content(o.Result); got != tc.text {
				t.Errorf("text\n got %q\nwant %q", got, tc.text)
			}
			if got := k.runs(); !slices.Equal(got, tc.ran) {
				t.Errorf("ran %q, want %q", got, tc.ran)
			}
			if (turn.End != nil) != tc.ends {
				t.Fatalf("End %v, want ends %v", turn.End, tc.ends)
			}
			if tc.ends {
				if got, ok := turn.End.Result.Value.(*Answer); !ok || *got != *tc.endValue {
					t.Errorf("End value %#v, want %#v", turn.End.Result.Value, tc.endValue)
				}
			}
		})
	}
}

// TestBadArgumentsAsInvoke checks that a tool requiring approval answers
// bad arguments exactly as the invoker answers them for any other tool.
func TestBadArgumentsAsInvoke(t *testing.T) {
	k := newKit(t)
	del, _ := k.set.Lookup("delete")
	var many strings.Builder // more violations than a result lists
	for i := range 150 {
		fmt.Fprintf(&many, `,"extra%d":1`, i)
	}
	for _, args := range []json.RawMessage{
		json.RawMessage(`{"id":"A B","extra":1}`),
		json.RawMessage(`{"id":"A B"` + many.String() + `}`),
	} {
		want, err := del.Invoke(tool.Approve(context.Background(), "delete", args), args)
		if err != nil {
			t.Fatal(err)
		}
		r := &loop.Runner{Tools: k.set, Approve: func(context.Context, loop.Approval) (bool, error) { return true, nil }}
		turn, err := r.Turn(context.Background(), []loop.Call{{ID: "x", Name: "delete", Args: args}})
		if err != nil {
			t.Fatal(err)
		}
		got := turn.Outcomes[0].Result
		if got.Code != want.Code || got.Text() != want.Text() || !slices.Equal(got.Violations, want.Violations) || got.Started {
			t.Errorf("the loop answers %q %.200q %v, the invoker %q %.200q %v", got.Code, got.Text(), got.Violations, want.Code, want.Text(), want.Violations)
		}
	}
}

// TestApprovalHook checks what the hook is asked, in which order, and that
// an approval holds for its own call only.
func TestApprovalHook(t *testing.T) {
	k := newKit(t)
	var asked []string
	r := &loop.Runner{Tools: k.set, Approve: func(_ context.Context, a loop.Approval) (bool, error) {
		in := a.Input.(*DeleteIn)
		asked = append(asked, a.Call.ID+" "+in.ID)
		if len(k.runs()) > 0 {
			return false, errors.New("asked after a call ran")
		}
		return in.ID == "yes", nil
	}}
	turn, err := r.Turn(context.Background(), []loop.Call{
		call("1", "delete", `{"id":"yes"}`),
		call("2", "lookup", `{"city":"Rome"}`),
		call("3", "delete", `{"id":"no"}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"1 yes", "3 no"}; !slices.Equal(asked, want) {
		t.Errorf("asked %q, want %q", asked, want)
	}
	var codes []tool.ErrorCode
	for _, o := range turn.Outcomes {
		codes = append(codes, o.Result.Code)
	}
	if want := []tool.ErrorCode{"", "", loop.Refused}; !slices.Equal(codes, want) {
		t.Errorf("codes %q, want %q", codes, want)
	}
	if got := k.runs(); !slices.Contains(got, "delete yes") || slices.Contains(got, "delete no") {
		t.Errorf("ran %q", got)
	}

	hookErr := errors.New("nobody to ask")
	r.Approve = func(context.Context, loop.Approval) (bool, error) { return false, hookErr }
	if _, err := r.Turn(context.Background(), []loop.Call{call("4", "delete", `{"id":"yes"}`)}); !errors.Is(err, hookErr) {
		t.Errorf("a failing hook: %v, want it returned", err)
	}
}

// meeting returns tools that each wait until n of them are running at
// once: they all succeed only when they run in parallel.
func meeting(t *testing.T, n int, safe []bool) *tool.Set {
	var here atomic.Int32
	var tools []*tool.Tool
	for i := range n {
		tl, err := reflectimpl.Create(func(ctx context.Context) (string, error) {
			here.Add(1)
			deadline := time.Now().Add(5 * time.Second)
			for here.Load() < int32(n) {
				if time.Now().After(deadline) {
					return "", errors.New("alone")
				}
				time.Sleep(time.Millisecond)
			}
			return "met", nil
		}, reflectimpl.Meta(tool.Meta{Name: fmt.Sprintf("m%d", i), ParallelSafe: new(safe[i])}))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestParallel checks that the calls of a turn run at the same time when
// every tool is ParallelSafe, outcomes in the order of the calls.
func TestParallel(t *testing.T) {
	r := &loop.Runner{Tools: meeting(t, 3, []bool{true, true, true})}
	turn, err := r.Turn(context.Background(), []loop.Call{call("a", "m0", `{}`), call("b", "m1", `{}`), call("c", "m2", `{}`)})
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range turn.Outcomes {
		if o.Call.ID != string(rune('a'+i)) || o.Result.IsError || o.Result.Text() != "met" {
			t.Errorf("outcome %d: %s %q %s", i, o.Call.ID, o.Result.Code, o.Result.Text())
		}
	}
}

// TestSerial checks that one tool that is not ParallelSafe makes the whole
// turn run one call after another, in the model's order.
func TestSerial(t *testing.T) {
	var running, most atomic.Int32
	var mu sync.Mutex
	var order []string
	mk := func(name string, safe bool) *tool.Tool {
		tl, err := reflectimpl.Create(func() string {
			if n := running.Add(1); n > most.Load() {
				most.Store(n)
			}
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
			time.Sleep(10 * time.Millisecond)
			running.Add(-1)
			return name
		}, reflectimpl.Meta(tool.Meta{Name: name, ParallelSafe: new(safe)}))
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	set, err := tool.NewSet([]*tool.Tool{mk("s1", true), mk("s2", false), mk("s3", true)})
	if err != nil {
		t.Fatal(err)
	}
	r := &loop.Runner{Tools: set}
	calls := []loop.Call{call("1", "s3", `{}`), call("2", "s1", `{}`), call("3", "s2", `{}`), call("4", "s3", `{}`)}
	if _, err := r.Turn(context.Background(), calls); err != nil {
		t.Fatal(err)
	}
	if most.Load() != 1 {
		t.Errorf("%d calls ran at once; want one at a time", most.Load())
	}
	if want := []string{"s3", "s1", "s2", "s3"}; !slices.Equal(order, want) {
		t.Errorf("ran %q, want %q", order, want)
	}

	// Only the calls that run count: an unknown name beside safe tools
	// leaves the turn parallel.
	r = &loop.Runner{Tools: meeting(t, 2, []bool{true, true})}
	turn, err := r.Turn(context.Background(), []loop.Call{call("a", "m0", `{}`), call("b", "nope", `{}`), call("c", "m1", `{}`)})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Outcomes[0].Result.IsError || turn.Outcomes[2].Result.IsError || turn.Outcomes[1].Result.Code != loop.UnknownTool {
		t.Errorf("codes %q %q %q", turn.Outcomes[0].Result.Code, turn.Outcomes[1].Result.Code, turn.Outcomes[2].Result.Code)
	}
}

// script is a Model that plays turns of calls and records what it was
// handed back.
type script struct {
	turns [][]loop.Call
	got   [][]loop.Outcome
	err   error
}

func (s *script) Next(ctx context.Context, outs []loop.Outcome) ([]loop.Call, error) {
	s.got = append(s.got, outs)
	if s.err != nil {
		return nil, s.err
	}
	n := len(s.got) - 1
	if n >= len(s.turns) {
		return nil, nil
	}
	return s.turns[n], nil
}

// TestRun checks a conversation: outcomes handed back on the next turn,
// the end by a tool with its typed value, the end by an answer without
// calls, and the bound on turns.
func TestRun(t *testing.T) {
	k := newKit(t)
	r := &loop.Runner{Tools: k.set}
	s := &script{turns: [][]loop.Call{
		{call("1", "lookup", `{"city":"Oslo","limit":0}`)},
		{call("2", "lookup", `{"city":"Oslo","limit":2}`), call("3", "fail", `{}`)},
		{call("4", "answer", `{"text":"Oslo","score":2}`), call("5", "lookup", `{"city":"Bergen"}`)},
		{call("6", "lookup", `{"city":"never"}`)},
	}}
	f, err := r.Run(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if f.Turns != 3 || f.End == nil || f.End.Call.ID != "4" {
		t.Fatalf("final %+v", f)
	}
	if a, ok := f.End.Result.Value.(*Answer); !ok || *a != (Answer{"Oslo", 2}) {
		t.Errorf("value %#v", f.End.Result.Value)
	}
	if len(f.Last.Outcomes) != 2 || f.Last.Outcomes[1].Result.Text() != "Bergen: 3 results" {
		t.Errorf("last turn %+v", f.Last)
	}
	if len(s.got) != 3 || s.got[0] != nil {
		t.Fatalf("handed back %d times, first %v", len(s.got), s.got[0])
	}
	if o := s.got[1][0]; o.Call.ID != "1" || o.Result.Code != tool.InvalidArguments || o.Result.Text() != "Argument 'limit' must be at least 1." {
		t.Errorf("turn 2 got %s %q %q", o.Call.ID, o.Result.Code, o.Result.Text())
	}
	if o := s.got[2]; len(o) != 2 || o[0].Call.ID != "2" || o[1].Call.ID != "3" || o[1].Result.Code != tool.Failed {
		t.Errorf("turn 3 got %+v", o)
	}

	// The model answers without calls.
	s = &script{turns: [][]loop.Call{{call("1", "lookup", `{"city":"Oslo"}`)}}}
	f, err = r.Run(context.Background(), s)
	if err != nil || f.End != nil || f.Turns != 2 || f.Last == nil {
		t.Errorf("answer without calls: %+v %v", f, err)
	}

	// The bound on turns.
	r.MaxTurns = 2
	s = &script{turns: [][]loop.Call{{call("1", "lookup", `{"city":"aa"}`)}, {call("2", "lookup", `{"city":"bb"}`)}, {call("3", "lookup", `{"city":"cc"}`)}}}
	f, err = r.Run(context.Background(), s)
	if !errors.Is(err, loop.ErrMaxTurns) || f.Turns != 2 || f.Last.Outcomes[0].Call.ID != "2" {
		t.Errorf("bound: %+v %v", f, err)
	}

	// The model's error.
	boom := errors.New("503")
	if _, err := r.Run(context.Background(), &script{err: boom}); !errors.Is(err, boom) {
		t.Errorf("model error: %v", err)
	}
}

// TestCancel checks that a cancelled context ends a turn with its error
// and every call answered.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	slow, err := reflectimpl.Create(func(ctx context.Context) error {
		close(started)
		<-ctx.Done()
		return ctx.Err()
	}, reflectimpl.Meta(tool.Meta{Name: "slow", ParallelSafe: new(false)}))
	if err != nil {
		t.Fatal(err)
	}
	set, _ := tool.NewSet([]*tool.Tool{slow})
	go func() { <-started; cancel() }()
	r := &loop.Runner{Tools: set}
	turn, err := r.Turn(ctx, []loop.Call{call("1", "slow", `{}`), call("2", "slow", `{}`)})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	for _, o := range turn.Outcomes {
		if o.Result == nil || o.Result.Code != tool.Cancelled {
			t.Errorf("call %s: %+v", o.Call.ID, o.Result)
		}
	}
}

// TestContent checks results as text.
func TestContent(t *testing.T) {
	for _, tc := range []struct {
		parts []tool.Part
		want  string
	}{
		{nil, ""},
		{[]tool.Part{tool.TextPart{Text: "a"}}, "a"},
		{[]tool.Part{tool.JSONPart{JSON: json.RawMessage(`{"b":1,"a":18446744073709551615}`)}}, `{"b":1,"a":18446744073709551615}`},
		{[]tool.Part{tool.TextPart{Text: "a"}, tool.JSONPart{JSON: json.RawMessage(`[1]`)}}, "a\n[1]"},
		{[]tool.Part{tool.BlobPart{MIMEType: "image/png", Data: []byte{1, 2, 3}}}, "(binary data of type image/png, 3 bytes, which this API's tool results cannot carry)"},
	} {
		if got := loop.Content(&tool.Result{Parts: tc.parts}); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.parts, got, tc.want)
		}
	}
	if !strings.Contains(loop.Content(&tool.Result{Parts: []tool.Part{tool.BlobPart{MIMEType: "a/b"}}}), "a/b, 0 bytes") {
		t.Error("blob note")
	}
}

// TestCheckOutputs: with Runner.CheckOutputs, a result that breaks its
// tool's output schema is an invalid_output outcome, for calls run one
// after another and in parallel, approved ones included; off, the result
// is the tool's.
func TestCheckOutputs(t *testing.T) {
	type Grade struct {
		Score int `json:"score" minimum:"0" maximum:"10"`
	}
	bad := func(name string, opts ...reflectimpl.Option) *tool.Tool {
		tl, err := reflectimpl.Create(func() Grade { return Grade{Score: 11} }, append(opts, reflectimpl.Meta(tool.Meta{
			Name:         name,
			ParallelSafe: new(true),
		}))...)
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	set, err := tool.NewSet([]*tool.Tool{bad("grade"), bad("regrade"), bad("approved_grade", reflectimpl.Meta(tool.Meta{RequiresApproval: true}))})
	if err != nil {
		t.Fatal(err)
	}
	yes := func(context.Context, loop.Approval) (bool, error) { return true, nil }
	for _, check := range []bool{false, true} {
		for _, calls := range [][]loop.Call{
			{{ID: "1", Name: "grade"}},
			{{ID: "1", Name: "grade"}, {ID: "2", Name: "regrade"}, {ID: "3", Name: "approved_grade"}},
		} {
			r := &loop.Runner{Tools: set, Approve: yes, CheckOutputs: check}
			turn, err := r.Turn(context.Background(), calls)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range turn.Outcomes {
				want := tool.ErrorCode("")
				if check {
					want = tool.InvalidOutput
				}
				if o.Result.Code != want || o.Result.IsError != check {
					t.Errorf("CheckOutputs %v, %d calls, %s: %s %q, want code %q", check, len(calls), o.Call.Name, o.Result.Code, o.Result.Text(), want)
				}
			}
		}
	}
}

// TestApprovalOfRawTool checks what the hook is given for a raw tool
// (rawtool.New), as loop.Approval documents it: the arguments as a
// json.RawMessage with the schema's defaults filled in, the call's name as
// the model called it, and the tool's own name for tool.Approve.
func TestApprovalOfRawTool(t *testing.T) {
	ran := false
	rt, err := rawtool.New(tool.Meta{Name: "admin.users.delete", RequiresApproval: true},
		json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"},"hard":{"type":"boolean","default":false}},"required":["id"]}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { ran = true; return "deleted", nil })
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{rt})
	if err != nil {
		t.Fatal(err)
	}
	names, err := set.WireNames("openai")
	if err != nil {
		t.Fatal(err)
	}
	wire := names[0]
	var got loop.Approval
	r := &loop.Runner{Tools: set, Approve: func(_ context.Context, a loop.Approval) (bool, error) {
		got = a
		return true, nil
	}}
	turn, err := r.Turn(context.Background(), []loop.Call{call("1", wire, `{"id":"u7"}`)})
	if err != nil {
		t.Fatal(err)
	}
	in, ok := got.Input.(json.RawMessage)
	if !ok || string(in) != `{"id":"u7","hard":false}` {
		t.Errorf("Input %T %s, want the arguments with their default as a json.RawMessage", got.Input, got.Input)
	}
	if got.Call.Name != wire || got.Tool.Name != "admin.users.delete" {
		t.Errorf("Call.Name %q Tool.Name %q, want the wire name %q and the tool's own", got.Call.Name, got.Tool.Name, wire)
	}
	if res := turn.Outcomes[0].Result; res.IsError || !ran {
		t.Errorf("approved call: %s %q, ran %v", res.Code, res.Text(), ran)
	}
}
