package loop_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// gauge is a tool that records how many of its calls run at once, and
// the goroutines of the process while they run.
type gauge struct {
	running, most, calls atomic.Int64
	goroutines           atomic.Int64 // the most seen
	set                  *tool.Set
}

func newGauge(t *testing.T, parallelSafe bool) *gauge {
	t.Helper()
	g := &gauge{}
	work, err := reflectimpl.Create(func(ctx context.Context) string {
		g.calls.Add(1)
		n := g.running.Add(1)
		defer g.running.Add(-1)
		raise(&g.most, n)
		raise(&g.goroutines, int64(runtime.NumGoroutine()))
		time.Sleep(20 * time.Microsecond)
		return "done"
	}, reflectimpl.Meta(tool.Meta{Name: "work", ParallelSafe: new(parallelSafe)}))
	if err != nil {
		t.Fatal(err)
	}
	if g.set, err = tool.NewSet([]*tool.Tool{work}); err != nil {
		t.Fatal(err)
	}
	return g
}

func raise(max *atomic.Int64, n int64) {
	for m := max.Load(); n > m && !max.CompareAndSwap(m, n); m = max.Load() {
	}
}

func works(n int) []loop.Call {
	calls := make([]loop.Call, n)
	for i := range calls {
		calls[i] = call(fmt.Sprint("c", i), "work", `{}`)
	}
	return calls
}

// TestManyCalls: a model's answer of 10,000 calls runs the first
// DefaultMaxCallsPerTurn of them, DefaultMaxParallel at a time, under a
// context that can end (each call on a goroutine of the invoker's beside
// the loop's); every call is answered once, in order, the calls past the
// bound with a result that says so.
func TestManyCalls(t *testing.T) {
	g := newGauge(t, true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	before := int64(runtime.NumGoroutine())
	turn, err := (&loop.Runner{Tools: g.set}).Turn(ctx, works(10000))
	if err != nil {
		t.Fatal(err)
	}
	if n := g.most.Load(); n > loop.DefaultMaxParallel {
		t.Errorf("%d calls ran at once; the bound is %d", n, loop.DefaultMaxParallel)
	}
	// The loop's workers, and a goroutine of the invoker's for each call
	// running, and a few of the runtime's.
	if n := g.goroutines.Load() - before; n > 2*loop.DefaultMaxParallel+8 {
		t.Errorf("%d goroutines more than before the turn while its calls ran", n)
	}
	if n := g.calls.Load(); n != loop.DefaultMaxCallsPerTurn {
		t.Errorf("%d calls ran, want %d", n, loop.DefaultMaxCallsPerTurn)
	}
	if len(turn.Outcomes) != 10000 {
		t.Fatalf("%d outcomes for 10000 calls", len(turn.Outcomes))
	}
	for i, o := range turn.Outcomes {
		if o.Call.ID != fmt.Sprint("c", i) || o.Result == nil {
			t.Fatalf("outcome %d: %+v", i, o)
		}
		if i < loop.DefaultMaxCallsPerTurn {
			if o.Result.IsError || o.Result.Text() != "done" {
				t.Errorf("call %d: %q %s", i, o.Result.Code, o.Result.Text())
			}
			continue
		}
		want := fmt.Sprintf("Call %d of this turn was not run: a turn runs at most 128 calls, and this one made 10000; "+
			"calls 129 to 10000 were not run. Make them again, at most 128 in a turn.", i+1)
		if o.Result.Code != loop.TooManyCalls || !o.Result.IsError || o.Result.Started || loop.Content(o.Result) != want {
			t.Fatalf("call %d: %q %v %q, want %q", i, o.Result.Code, o.Result.Started, loop.Content(o.Result), want)
		}
		if o.Tool == nil || o.Tool.Name != "work" {
			t.Fatalf("call %d: tool %v", i, o.Tool)
		}
	}
}

// TestMaxParallel: the runner's bounds are its options: all the calls
// run, at most MaxParallel at a time.
func TestMaxParallel(t *testing.T) {
	for _, tc := range []struct{ par, calls int }{{1, 1000}, {4, 10000}, {32, 10000}} {
		par, n := tc.par, tc.calls
		t.Run(fmt.Sprint(par), func(t *testing.T) {
			g := newGauge(t, true)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			before := int64(runtime.NumGoroutine())
			turn, err := (&loop.Runner{Tools: g.set, MaxParallel: par, MaxCallsPerTurn: n}).Turn(ctx, works(n))
			if err != nil {
				t.Fatal(err)
			}
			if n := g.most.Load(); n > int64(par) {
				t.Errorf("%d calls ran at once; the bound is %d", n, par)
			}
			if n := g.goroutines.Load() - before; n > 2*int64(par)+8 {
				t.Errorf("%d goroutines more than before the turn while its calls ran", n)
			}
			if got := g.calls.Load(); got != int64(n) {
				t.Errorf("%d calls ran, want %d", got, n)
			}
			for i, o := range turn.Outcomes {
				if o.Call.ID != fmt.Sprint("c", i) || o.Result.IsError {
					t.Fatalf("outcome %d: %+v", i, o)
				}
			}
		})
	}
	// No bound on the calls of a turn.
	g := newGauge(t, true)
	if _, err := (&loop.Runner{Tools: g.set, MaxCallsPerTurn: -1}).Turn(context.Background(), works(300)); err != nil || g.calls.Load() != 300 {
		t.Errorf("%d calls ran of 300 (%v)", g.calls.Load(), err)
	}
}

// TestManySerialCalls: a tool that is not ParallelSafe keeps its rule,
// one call after another in the model's order, under the bound on calls.
func TestManySerialCalls(t *testing.T) {
	g := newGauge(t, false)
	r := &loop.Runner{Tools: g.set, MaxCallsPerTurn: 5}
	turn, err := r.Turn(context.Background(), append(works(7), call("x", "nope", `{}`)))
	if err != nil {
		t.Fatal(err)
	}
	if g.most.Load() != 1 || g.calls.Load() != 5 {
		t.Errorf("%d calls ran, %d at once", g.calls.Load(), g.most.Load())
	}
	for i, o := range turn.Outcomes {
		want := tool.ErrorCode("")
		if i >= 5 {
			want = loop.TooManyCalls
		}
		if o.Result.Code != want {
			t.Errorf("call %d: %q, want %q", i, o.Result.Code, want)
		}
	}
	if got := loop.Content(turn.Outcomes[7].Result); !strings.HasPrefix(got, "Call 8 of this turn was not run: a turn runs at most 5 calls, and this one made 8; calls 6 to 8 were not run.") {
		t.Errorf("text %q", got)
	}
}

// TestApprovalPanic: a panic in the approval hook is the hook's error,
// naming the tool and the call: the turn and the run end with it, and
// nothing runs.
func TestApprovalPanic(t *testing.T) {
	k := newKit(t)
	boom := errors.New("boom")
	for _, p := range []any{"a string", boom} {
		r := &loop.Runner{Tools: k.set, Approve: func(context.Context, loop.Approval) (bool, error) { panic(p) }}
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("the hook's panic reached Run's caller: %v", p)
				}
			}()
			_, err = r.Run(context.Background(), &script{turns: [][]loop.Call{{call("c1", "lookup", `{"city":"Oslo"}`), call("c2", "delete", `{"id":"a1"}`)}}})
		}()
		if err == nil || !strings.Contains(err.Error(), "approval of delete (call c2): the hook panicked: ") || !strings.Contains(err.Error(), fmt.Sprint(p)) {
			t.Errorf("Run: %v", err)
		}
		if e, ok := p.(error); ok && !errors.Is(err, e) {
			t.Errorf("Run: %v, does not wrap %v", err, e)
		}
		if got := k.runs(); len(got) > 0 {
			t.Errorf("ran %q", got)
		}
	}
}

// TestSerialAfterTimeout: in a turn that runs one call after another, a
// call whose timeout passed while its function goes on holds the next
// call back until that function returns, so that a serial tool never runs
// beside another call of the turn.
func TestSerialAfterTimeout(t *testing.T) {
	var running, overlapped atomic.Int64
	release := make(chan struct{})
	stuck, err := reflectimpl.Create(func() string {
		running.Add(1)
		defer running.Add(-1)
		<-release
		return "late"
	}, reflectimpl.Meta(tool.Meta{Name: "stuck", ParallelSafe: new(false), Timeout: 10 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	peek, err := reflectimpl.Create(func() string {
		if running.Load() > 0 {
			overlapped.Add(1)
		}
		return "seen"
	}, reflectimpl.Meta(tool.Meta{Name: "peek"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{stuck, peek})
	if err != nil {
		t.Fatal(err)
	}
	go func() { time.Sleep(60 * time.Millisecond); close(release) }()
	turn, err := (&loop.Runner{Tools: set}).Turn(context.Background(), []loop.Call{call("a", "stuck", `{}`), call("b", "peek", `{}`)})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Outcomes[0].Result.Code != tool.TimedOut || turn.Outcomes[1].Result.IsError {
		t.Errorf("outcomes %q, %q", loop.Content(turn.Outcomes[0].Result), loop.Content(turn.Outcomes[1].Result))
	}
	if n := overlapped.Load(); n != 0 {
		t.Errorf("peek ran beside the timed-out serial call's function")
	}
}
