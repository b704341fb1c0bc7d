package tool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// Row512 is 512 bytes of Go value for the 2 of "{}".
type Row512 struct {
	A [64]int64 `json:"a,omitempty"`
}

// wideArgs are arguments of n rows of Row512, each given as {}.
func wideArgs(n int) json.RawMessage {
	return json.RawMessage(`{"rows":[` + strings.TrimSuffix(strings.Repeat("{},", n), ",") + `]}`)
}

// busyThenTooLarge checks that call, whose values need more than left
// bytes of room and no more than room, is refused as busy while the
// calls running hold all but left bytes of a room of 1 GiB, and as too
// large for the server, not to retry, when the whole room is room bytes.
func busyThenTooLarge(t *testing.T, what string, left, room int64, call func() *tool.Result) {
	t.Helper()
	busyThen(t, what, left, room, false, call)
}

// busyThenRuns is busyThenTooLarge for a call whose room is taken for a
// bound of its values (under ShadowArgs): past the whole room, it takes
// all of it, and runs when nothing else holds any.
func busyThenRuns(t *testing.T, what string, left, room int64, call func() *tool.Result) {
	t.Helper()
	busyThen(t, what, left, room, true, call)
}

func busyThen(t *testing.T, what string, left, room int64, runs bool, call func() *tool.Result) {
	t.Helper()
	base := tool.HeldValues()
	tool.SetHeldRoom(t, 1<<30)
	giveBack := tool.HoldRoom(1<<30 - base - left)
	r := call()
	giveBack()
	if r.Failure == nil || r.Failure.Code != "SERVER_BUSY" {
		t.Errorf("%s, with %d MiB of room left: %s; want SERVER_BUSY", what, left>>20, r.Text())
	}
	tool.SetHeldRoom(t, base+room)
	r = call()
	if runs {
		if r.IsError {
			t.Errorf("%s, with %d MiB of room in all, nothing else holding any: %s; want it run", what, room>>20, r.Text())
		}
	} else if r.Code != tool.InvalidArguments || len(r.Violations) != 1 || r.Violations[0].Rule != "size" ||
		!strings.HasSuffix(r.Text(), ", all the room this server gives the values of the calls it runs at once: send fewer or smaller values.") {
		t.Errorf("%s, with %d MiB of room in all: %s (%+v); want invalid_arguments, past all the room", what, room>>20, r.Text(), r.Violations)
	}
	if got := tool.HeldValues(); got != base {
		t.Errorf("%s: after the calls, %d bytes are held; want %d", what, got, base)
	}
}

// TestHeldValuesBound: the Go values that the calls running at once hold
// are bounded together, not only each call's. Before, every call within
// its own budget (64 MiB, and 16 bytes a byte of its arguments) was let
// through whatever the others held: 64 calls at once of 4 MiB of
// crafted arguments could hold 8 GiB. A call that finds no room left is a
// busy server's failure, to retry, and gives back what it took; a small
// call needs no room; the room comes back when the tool returns.
func TestHeldValuesBound(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 8)
	wide := mustCreate(t, func(ctx context.Context, in struct {
		Rows []Row512 `json:"rows"`
	}) (int, error) {
		started <- struct{}{}
		<-release
		return len(in.Rows), nil
	}, reflectimpl.Meta(tool.Meta{Name: "wide"}))
	base := tool.HeldValues()
	tool.SetHeldRoom(t, 1<<30)
	const rows = 16 << 10 // 8 MiB of Go values
	big := wideArgs(rows)

	first := make(chan *tool.Result, 1)
	go func() {
		r, _ := wide.Invoke(context.Background(), big)
		first <- r
	}()
	<-started
	taken := tool.HeldValues() - base
	if taken < 8<<20 {
		t.Fatalf("a running call of 8 MiB of values holds %d bytes of room; want at least 8 MiB", taken)
	}
	// Room for half of another such call.
	tool.SetHeldRoom(t, base+taken+taken/2)

	r, err := wide.Invoke(context.Background(), big)
	if err != nil {
		t.Fatal(err)
	}
	if !r.IsError || r.Code != tool.Failed || r.Started || r.Failure == nil || r.Failure.Code != "SERVER_BUSY" ||
		r.Failure.Category != tool.CategoryRateLimit || r.Failure.Recovery != tool.RecoverRetry ||
		r.Failure.RetryAfter != time.Second || r.Failure.Outcome != tool.OutcomeNotStarted {
		t.Fatalf("a second call past the room: %+v (failure %+v); want a SERVER_BUSY failure, not started, to retry after 1s", r, r.Failure)
	}
	if got, want := r.Text(), "Tool 'wide' failed: SERVER_BUSY: the calls running now hold all the memory the server gives to the values of arguments. Recovery: retry. Retry after 1 s."; got != want {
		t.Errorf("its text:\n%s\nwant:\n%s", got, want)
	}
	if got := tool.HeldValues() - base; got != taken {
		t.Errorf("after the refused call, %d bytes are held; want the running call's %d", got, taken)
	}

	// A call of few values takes no room.
	small := make(chan *tool.Result, 1)
	go func() {
		r, _ := wide.Invoke(context.Background(), wideArgs(100))
		small <- r
	}()
	<-started
	if got := tool.HeldValues() - base; got != taken {
		t.Errorf("with a small call running, %d bytes are held; want %d", got, taken)
	}

	close(release)
	for name, c := range map[string]chan *tool.Result{"first": first, "small": small} {
		if r := <-c; r.IsError {
			t.Errorf("the %s call: %s", name, r.Text())
		}
	}
	if got := tool.HeldValues(); got != base {
		t.Errorf("after the calls returned, %d bytes are held; want %d", got, base)
	}
	if r, _ := wide.Invoke(context.Background(), big); r.IsError {
		t.Errorf("the call again, alone: %s", r.Text())
	}
}

// TestHeldValuesGivenBack: the room a call's values took comes back on
// every way the call ends: refused arguments, a panic, a runtime.Goexit,
// a timeout (when the tool returns, not when Invoke does), a call that
// never started, CheckArgs, and under RepairArgs.
func TestHeldValuesGivenBack(t *testing.T) {
	base := tool.HeldValues()
	tool.SetHeldRoom(t, 1<<30)
	const rows = 8 << 10 // 4 MiB of Go values
	type In struct {
		Rows []Row512 `json:"rows"`
		Do   string   `json:"do,omitempty"`
		N    int      `json:"n,omitempty"`
	}
	out := make(chan struct{})
	running := make(chan struct{}, 1)
	do := func(ctx context.Context, in In) (int, error) {
		switch in.Do {
		case "panic":
			panic("no")
		case "goexit":
			runtime.Goexit()
		case "sleep":
			running <- struct{}{}
			<-out
		}
		return len(in.Rows), nil
	}
	plain := mustCreate(t, do, reflectimpl.Meta(tool.Meta{Name: "plain"}))
	timed := mustCreate(t, do, reflectimpl.Meta(tool.Meta{Name: "timed", Timeout: 50 * time.Millisecond}))
	args := func(do string, n string) json.RawMessage {
		return json.RawMessage(strings.Replace(string(wideArgs(rows)), `{"rows"`, `{"do":"`+do+`","n":`+n+`,"rows"`, 1))
	}
	check := func(what string) {
		t.Helper()
		if got := tool.HeldValues(); got != base {
			t.Errorf("%s: %d bytes held; want %d", what, got, base)
		}
	}
	for _, c := range []struct {
		name, do, n string
		ctx         context.Context
		code        tool.ErrorCode
	}{
		{"refused", "", `"x"`, context.Background(), tool.InvalidArguments},
		{"repaired", "", `"7"`, tool.WithLeniency(context.Background(), tool.RepairArgs), ""},
		{"panic", "panic", "0", context.Background(), tool.Failed},
		{"goexit", "goexit", "0", context.Background(), tool.Failed},
		{"done", "", "0", context.Background(), ""},
	} {
		r, err := plain.Invoke(c.ctx, args(c.do, c.n))
		if err != nil {
			t.Fatal(err)
		}
		if r.Code != c.code {
			t.Errorf("%s: code %q (%s); want %q", c.name, r.Code, r.Text(), c.code)
		}
		check(c.name)
	}

	// A timeout: the room stays taken while the tool runs on.
	ended := make(chan struct{})
	r, _ := timed.Invoke(tool.WhenDone(context.Background(), func() { close(ended) }), args("sleep", "0"))
	if r.Code != tool.TimedOut {
		t.Fatalf("timed out: %s", r.Text())
	}
	<-running
	if got := tool.HeldValues() - base; got < 4<<20 {
		t.Errorf("with the timed-out tool still running, %d bytes are held; want its values' room", got)
	}
	close(out)
	<-ended
	check("timed out, after the tool returned")

	// Given up on before the tool started: its goroutine gives the room
	// back when it finds it was (a timeout of 1ns passes before most
	// calls' goroutines start).
	instant := mustCreate(t, do, reflectimpl.Meta(tool.Meta{Name: "instant", Timeout: 1}))
	notStarted := 0
	for range 20 {
		ended := make(chan struct{})
		r, _ := instant.Invoke(tool.WhenDone(context.Background(), func() { close(ended) }), args("", "0"))
		if r.Code != tool.TimedOut && r.Code != "" {
			t.Fatalf("1ns timeout: %s", r.Text())
		}
		if r.Code == tool.TimedOut && !r.Started {
			notStarted++
		}
		<-ended
		check("timed out at once")
	}
	if notStarted == 0 {
		t.Error("no call of a 1ns timeout was given up on before its tool started")
	}

	// Cancelled before the tool starts.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := plain.Invoke(ctx, args("", "0")); err == nil {
		t.Error("cancelled: no error")
	}
	check("cancelled")

	if _, viols, err := plain.CheckArgs(context.Background(), args("", "0")); err != nil || viols != nil {
		t.Fatalf("CheckArgs: %v %v", viols, err)
	}
	check("CheckArgs")
}

// checksOwn is a handler that checks its arguments itself and reads them
// through a typed tool's CheckArgs, as a tool listed with a schema set
// by hand does (mcpserver.AddTool, the mcp-go drop-ins).
type checksOwn struct {
	typed *tool.Tool
	run   func(in any) (any, error)
	wrap  bool // its CheckArgs wraps the error it gets
}

func (h checksOwn) Input() reflect.Type  { return nil }
func (h checksOwn) Output() reflect.Type { return nil }
func (h checksOwn) Call(ctx context.Context, _ *tool.Call, _ any, in any) (any, error) {
	return h.run(in)
}
func (h checksOwn) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	in, viols, err := h.typed.CheckArgs(ctx, args)
	if err != nil && h.wrap {
		err = fmt.Errorf("checking the arguments: %w", err)
	}
	return in, viols, 0, err
}

// typedRows sets a room of 1 GiB, and returns the room held before it and
// a typed tool of rows, for a handler that checks its own arguments
// through the tool's CheckArgs (ownTool).
func typedRows(t *testing.T) (base int64, typed *tool.Tool) {
	t.Helper()
	base = tool.HeldValues()
	tool.SetHeldRoom(t, 1<<30)
	typed = mustCreate(t, func(in struct {
		Rows []Row512 `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "typed"}))
	return base, typed
}

// ownTool is the tool of handler h, which checks its own arguments.
func ownTool(h toolimpl.Handler) *tool.Tool {
	return toolimpl.New(tool.Meta{Name: "own", Description: "Reads rows."}, json.RawMessage(`{"type":"object"}`), nil, h, nil)
}

// TestHeldValuesCheckedOwn: the values a tool that checks its own
// arguments reads through a typed tool's CheckArgs hold room until the
// tool is done with them, as a typed tool's do. Before, CheckArgs gave
// the room back as it returned, and the tool then held the values with
// none taken.
func TestHeldValuesCheckedOwn(t *testing.T) {
	base, typed := typedRows(t)
	release := make(chan struct{})
	started := make(chan int64, 1)
	own := ownTool(checksOwn{typed: typed, run: func(any) (any, error) {
		started <- tool.HeldValues() - base
		<-release
		return "done", nil
	}})
	done := make(chan *tool.Result, 1)
	go func() {
		r, _ := own.Invoke(context.Background(), wideArgs(16<<10))
		done <- r
	}()
	if held := <-started; held < 8<<20 {
		t.Errorf("while the tool runs, %d bytes are held; want the room of its 8 MiB of values", held)
	}
	close(release)
	if r := <-done; r.IsError {
		t.Fatal(r.Text())
	}
	if got := tool.HeldValues(); got != base {
		t.Errorf("after the call, %d bytes are held; want %d", got, base)
	}
	if _, _, err := typed.CheckArgs(context.Background(), wideArgs(16<<10)); err != nil {
		t.Fatal(err)
	}
	if got := tool.HeldValues(); got != base {
		t.Errorf("after CheckArgs, %d bytes are held; want %d", got, base)
	}
}

// TestHeldValuesShadowed: under ShadowArgs, the values encoding/json
// reads arguments into past the strict checks (here under a name in
// another case, which the strict reading refuses without reading) take
// room for the most they can be, and are refused as busy when there is
// none. Before, they took none.
func TestHeldValuesShadowed(t *testing.T) {
	base := tool.HeldValues()
	running := make(chan int64, 1)
	rows := mustCreate(t, func(in struct {
		Rows []Row512 `json:"rows"`
	}) int {
		running <- tool.HeldValues() - base
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "rows"}))
	args := json.RawMessage(strings.Replace(string(wideArgs(4<<10)), `"rows"`, `"ROWS"`, 1))
	shadow := tool.WithLeniency(context.Background(), tool.ShadowArgs)

	tool.SetHeldRoom(t, 1<<30)
	r, err := rows.Invoke(shadow, args)
	if err != nil || r.IsError || len(r.Shadowed) == 0 {
		t.Fatalf("shadowed: %v %s (shadowed %v)", err, r.Text(), r.Shadowed)
	}
	// 4,097 values, 8 times 512 bytes each, past the first MiB.
	if held := <-running; held < 15<<20 {
		t.Errorf("while the tool runs, %d bytes are held; want room for 4,097 values of 512 bytes, 8 times over", held)
	}
	if got := tool.HeldValues(); got != base {
		t.Errorf("after the call, %d bytes are held; want %d", got, base)
	}

	busyThenRuns(t, "shadowed", 8<<20, 8<<20, func() *tool.Result {
		r, _ := rows.Invoke(shadow, args)
		return r
	})
}

// keepsContext is a handler that checks its own arguments through a typed
// tool's CheckArgs, and keeps the context its CheckArgs was given; with
// both, it checks them twice at once.
type keepsContext struct {
	typed *tool.Tool
	kept  *context.Context
	both  bool
}

func (h keepsContext) Input() reflect.Type  { return nil }
func (h keepsContext) Output() reflect.Type { return nil }
func (h keepsContext) Call(context.Context, *tool.Call, any, any) (any, error) {
	return "done", nil
}
func (h keepsContext) CheckArgs(ctx context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	*h.kept = ctx
	if h.both {
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() { h.typed.CheckArgs(ctx, args) })
		}
		wg.Wait()
	}
	in, viols, err := h.typed.CheckArgs(ctx, args)
	return in, viols, 0, err
}

// TestHeldValuesKeptContext: the context a handler's CheckArgs is given
// takes room for its call only while that CheckArgs runs. Before, a
// typed tool's CheckArgs called with it after the call was over took
// room that nothing gave back (28 MiB for 8 MiB of values, each time),
// and two called with it at once wrote the call's room unguarded.
func TestHeldValuesKeptContext(t *testing.T) {
	base, typed := typedRows(t)
	for _, both := range []bool{false, true} {
		var kept context.Context
		own := ownTool(keepsContext{typed: typed, kept: &kept, both: both})
		if r, err := own.Invoke(context.Background(), wideArgs(16<<10)); err != nil || r.IsError {
			t.Fatalf("both %v: %v %s", both, err, r.Text())
		}
		if got := tool.HeldValues(); got != base {
			t.Errorf("both %v: after the call, %d bytes are held; want %d", both, got, base)
		}
		for range 2 {
			if _, _, err := typed.CheckArgs(kept, wideArgs(16<<10)); err != nil {
				t.Fatal(err)
			}
		}
		if got := tool.HeldValues(); got != base {
			t.Errorf("both %v: after CheckArgs with the kept context, %d bytes are held; want %d", both, got, base)
		}
	}
}

// Vector16 is an input of 16 MiB of Go value, whatever its arguments.
type Vector16 struct {
	V [1 << 21]int64 `json:"v,omitempty"`
}

// TestHeldValuesInput: the value of the input type itself, which the
// invoker makes for every call before it reads the arguments into it,
// takes room as the values it makes while reading do (a struct of wide
// arrays is wide however short its arguments). Before, it took none: a
// call of "{}" held 16 MiB with no room taken.
func TestHeldValuesInput(t *testing.T) {
	base := tool.HeldValues()
	running := make(chan int64, 1)
	wide := mustCreate(t, func(in Vector16) int {
		select {
		case running <- tool.HeldValues() - base:
		default:
		}
		return len(in.V)
	}, reflectimpl.Meta(tool.Meta{Name: "wide"}))
	for _, l := range []tool.Leniency{tool.Strict, tool.ShadowArgs} {
		ctx := tool.WithLeniency(context.Background(), l)
		args := json.RawMessage(`{}`)
		if l == tool.ShadowArgs {
			args = json.RawMessage(`{"V":[1]}`) // a name in another case
		}
		tool.SetHeldRoom(t, 1<<30)
		select {
		case <-running:
		default:
		}
		r, err := wide.Invoke(ctx, args)
		if err != nil || r.IsError {
			t.Fatalf("%v: %v %s", l, err, r.Text())
		}
		if held := <-running; held < 15<<20 {
			t.Errorf("%v: while the tool runs, %d bytes are held; want the room of its 16 MiB input", l, held)
		}
		busyThenTooLarge(t, l.String(), 8<<20, 8<<20, func() *tool.Result {
			r, _ := wide.Invoke(ctx, args)
			return r
		})
		tool.SetHeldRoom(t, 1<<30)
		giveBack := tool.HoldRoom(1<<30 - base - 8<<20)
		if _, _, err := wide.CheckArgs(ctx, args); err == nil {
			t.Errorf("%v: CheckArgs with 8 MiB of room left: no error", l)
		}
		giveBack()
	}
}

// TestHeldValuesUntyped: the values encoding/json makes for arguments
// read into any take room too, some 160 bytes each (65,535 values as
// objects of one member held 10 MB). Before, they took none: bounded by
// their number alone, 64 calls at once held 640 MB past the room.
func TestHeldValuesUntyped(t *testing.T) {
	base := tool.HeldValues()
	running := make(chan int64, 1)
	anyTool := mustCreate(t, func(in struct {
		X any `json:"x"`
	}) int {
		select {
		case running <- tool.HeldValues() - base:
		default:
		}
		return 1
	}, reflectimpl.Meta(tool.Meta{Name: "any"}))
	args := json.RawMessage(`{"x":[` + strings.TrimSuffix(strings.Repeat(`{"a":0},`, 32767), ",") + `]}`)
	shadowArgs := json.RawMessage(strings.Replace(string(args), `"x"`, `"X"`, 1)) // a name in another case
	for _, l := range []tool.Leniency{tool.Strict, tool.ShadowArgs} {
		ctx, args := context.Background(), args
		if l == tool.ShadowArgs {
			ctx, args = tool.WithLeniency(ctx, l), shadowArgs
		}
		tool.SetHeldRoom(t, 1<<30)
		select {
		case <-running:
		default:
		}
		r, err := anyTool.Invoke(ctx, args)
		if err != nil || r.IsError {
			t.Fatalf("%v: %v %s", l, err, r.Text())
		}
		if held := <-running; held < 8<<20 {
			t.Errorf("%v: while the tool runs, %d bytes are held; want the room of 65,535 values into any", l, held)
		}
		// Strict, the values are counted as they are made; under
		// ShadowArgs, their room is a bound.
		busyThen(t, l.String(), 4<<20, 4<<20, l == tool.ShadowArgs, func() *tool.Result {
			r, _ := anyTool.Invoke(ctx, args)
			return r
		})
	}
}

// TestHeldValuesConcurrent: calls of every kind at once (refused, repaired,
// shadowed, panicking, ending their goroutine, given up on before or
// after their tool started, checked by their handler), in a room that
// refuses some of them, give back all the room they took, and race with
// nothing (go test -race).
func TestHeldValuesConcurrent(t *testing.T) {
	base := tool.HeldValues()
	tool.SetHeldRoom(t, base+24<<20)
	type In struct {
		Rows []Row512 `json:"rows"`
		Do   string   `json:"do,omitempty"`
		N    int      `json:"n,omitempty"`
	}
	do := func(ctx context.Context, in In) (int, error) {
		switch in.Do {
		case "panic":
			panic("no")
		case "goexit":
			runtime.Goexit()
		}
		return len(in.Rows), nil
	}
	plain := mustCreate(t, do, reflectimpl.Meta(tool.Meta{Name: "plain"}))
	instant := mustCreate(t, do, reflectimpl.Meta(tool.Meta{Name: "instant", Timeout: 1}))
	own := ownTool(checksOwn{typed: plain, run: func(any) (any, error) { return 1, nil }})
	args := func(do, n string, rows int) json.RawMessage {
		return json.RawMessage(strings.Replace(string(wideArgs(rows)), `{"rows"`, `{"do":"`+do+`","n":`+n+`,"rows"`, 1))
	}
	var wg sync.WaitGroup
	var busy atomic.Int32
	// All but 2 MiB of the room is held until a call is refused for it,
	// so that some are, however the calls happen to overlap.
	var once sync.Once
	giveBack := tool.HoldRoom(22 << 20)
	for g := range 8 {
		wg.Go(func() {
			for i := range 15 {
				ctx, tl := context.Background(), plain
				switch (g + i) % 5 {
				case 1:
					tl = instant
				case 2:
					ctx = tool.WithLeniency(ctx, tool.RepairArgs)
				case 3:
					ctx = tool.WithLeniency(ctx, tool.ShadowArgs)
				case 4:
					tl = own
				}
				ended := make(chan struct{})
				r, _ := tl.Invoke(tool.WhenDone(ctx, func() { close(ended) }),
					args([]string{"", "panic", "goexit"}[i%3], []string{"0", `"7"`, `"x"`}[(i/3)%3], 2<<10+(i*g*97)%(6<<10)))
				if r.Failure != nil && r.Failure.Code == "SERVER_BUSY" {
					busy.Add(1)
					once.Do(giveBack)
				}
				<-ended
			}
		})
	}
	wg.Wait()
	once.Do(giveBack)
	if got := tool.HeldValues(); got != base {
		t.Errorf("after the calls, %d bytes are held; want %d", got, base)
	}
	if busy.Load() == 0 {
		t.Error("no call was refused as busy: the room is not exercised full")
	}
}

// TestHeldValuesBusyWrapped: a busy server is SERVER_BUSY also when a
// handler that checks its own arguments wraps the error its typed
// CheckArgs returned. Before, it was a plain failure.
func TestHeldValuesBusyWrapped(t *testing.T) {
	_, typed := typedRows(t)
	own := ownTool(checksOwn{typed: typed, wrap: true, run: func(any) (any, error) { return "done", nil }})
	busyThenTooLarge(t, "wrapped", 4<<20, 8<<20, func() *tool.Result {
		r, _ := own.Invoke(context.Background(), wideArgs(16<<10))
		return r
	})
}
