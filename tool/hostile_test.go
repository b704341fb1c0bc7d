package tool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/netip"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	_ "github.com/toolschema/toolschema/declared" // TypeSchema's validator
	"github.com/toolschema/toolschema/internal/cputest"
	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// The tests of this file are the regression tests of calls crafted to
// break the invoker: each reproduces one reported fault.

type Qty struct {
	Qty int `json:"qty"`
}

// TestBigNumbersAsText: big.Float and big.Rat read their text with a
// cost of the square of its length (4 MiB of digits took 16 s and 36 GB
// of allocations): the invoker bounds them as number literals are (256
// characters), and a text past it is never handed to their method, under
// any leniency. At the bound, they are read. A result of theirs is not
// bounded (TestBigNumberResults).
func TestBigNumbersAsText(t *testing.T) {
	type In struct {
		F *big.Float `json:"f,omitempty"`
		R *big.Rat   `json:"r,omitempty"`
	}
	tl := mustCreate(t, func(in In) string {
		if in.F != nil {
			return in.F.Text('g', 5)
		}
		return in.R.String()
	}, reflectimpl.Meta(tool.Meta{Name: "big"}))
	long := strings.Repeat("7", 1<<20)
	for _, l := range []tool.Leniency{tool.Strict, tool.RepairArgs, tool.ShadowArgs} {
		ctx := tool.WithLeniency(context.Background(), l)
		for _, f := range []string{"f", "r"} {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r, err := tl.Invoke(ctx, json.RawMessage(`{"`+f+`":"`+long+`"}`))
			runtime.ReadMemStats(&after)
			want := fmt.Sprintf("Argument '%s' is a number of more than %d characters.", f, tool.MaxNumberLength)
			if err != nil || !r.IsError || r.Text() != want {
				t.Errorf("%s %s: %v %.200s, want %q", l, f, err, r.Text(), want)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
				t.Errorf("%s %s: the call allocated %d MB", l, f, got>>20)
			}
			at := `{"` + f + `":"` + strings.Repeat("7", tool.MaxNumberLength) + `"}`
			if r, err := tl.Invoke(ctx, json.RawMessage(at)); err != nil || r.IsError {
				t.Errorf("%s %s at the bound: %v %.200s", l, f, err, r.Text())
			}
		}
	}
}

// TestBigNumberResults: the bound on a number given as text is the
// invoker's, for arguments: a result of big.Float or big.Rat is written
// and checked at any length (its schema has no maxLength), so that a
// tool computing at high precision passes its output check.
func TestBigNumberResults(t *testing.T) {
	type Out struct {
		F *big.Float `json:"f"`
		R *big.Rat   `json:"r"`
	}
	third := new(big.Float).SetPrec(2000).Quo(big.NewFloat(1).SetPrec(2000), big.NewFloat(3))
	huge := new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(7), big.NewInt(700), nil), big.NewInt(3))
	tl := mustCreate(t, func(struct{}) (Out, error) { return Out{F: third, R: huge}, nil }, reflectimpl.Meta(tool.Meta{Name: "precise"}))
	if strings.Contains(string(tl.OutputSchema), "maxLength") {
		t.Errorf("output schema %s bounds the numbers' text", tl.OutputSchema)
	}
	r, err := tl.Invoke(tool.WithOutputCheck(context.Background()), nil)
	if err != nil || r.IsError {
		t.Fatalf("%v %.300s", err, r.Text())
	}
	if text := r.Text(); len(text) < 2*tool.MaxNumberLength {
		t.Errorf("result %q: the numbers were cut", text)
	}
}

// TestBigRatExponent: big.Rat reads "1e999999" exactly, as a number of
// 415 KB made in 16 ms: 200 of them, 2 KB of arguments, took 3.3 s and
// 525 MB. The invoker bounds its exponent as a number literal's (±400;
// a binary one, in hexadecimal, ±1600), and a text past it is never
// handed to its method, under any leniency.
func TestBigRatExponent(t *testing.T) {
	type In struct {
		R  []big.Rat `json:"r"`
		N  int       `json:"n,omitempty"`
		Ns []int     `json:"ns,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.R) }, reflectimpl.Meta(tool.Meta{Name: "rat"}))
	many := strings.Repeat(`"1e999999",`, 199) + `"1e999999"`
	// A binary exponent, after p, which big.Rat reads after a mantissa
	// in any base: "1p9999999" is a number of 1.2 MB (3.6 MB made).
	manyP := strings.Repeat(`"1p9999999",`, 19) + `"0b1p-9999999"`
	manyO := `"0o1P+9_999_999",` + manyP
	for _, l := range []tool.Leniency{tool.Strict, tool.RepairArgs, tool.ShadowArgs} {
		ctx := tool.WithLeniency(context.Background(), l)
		// With another fault (n is not a number), which encoding/json
		// would let ShadowArgs read past; with more violations than are
		// kept, the texts' ones last: the first text past the bound stops
		// the reading, whatever came before.
		const want = "Argument 'r[0]' is beyond the range of a number."
		for _, args := range []string{
			`{"r":[` + many + `]}`,
			`{"r":[` + many + `],"n":"1"}`,
			`{"ns":[` + strings.Repeat(`"1",`, 150) + `"1"],"r":[` + many + `]}`,
			`{"r":[` + manyP + `]}`,
			`{"r":[` + manyO + `]}`,
		} {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := cputest.Start()
			r, err := tl.Invoke(ctx, json.RawMessage(args))
			took := cputest.Since(start)
			runtime.ReadMemStats(&after)
			if err != nil || !r.IsError || !strings.Contains(r.Text(), want) {
				t.Errorf("%s %.30s: %v %.300s", l, args, err, r.Text())
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 || took > time.Second {
				t.Errorf("%s %.30s: the call allocated %d MB in %v of processor time", l, args, got>>20, took)
			}
		}
		for _, ok := range []string{"1e99", "-1.5E-99", "1/3", "0x1p-99", "0x1e5", "12345678901234567890", "1e400", "1e-400", "0x1p-1074", "0x1e123", "1p1600", "-0b1.1p-1600", "0o7P99"} {
			if r, err := tl.Invoke(ctx, json.RawMessage(`{"r":["`+ok+`"]}`)); err != nil || r.IsError {
				t.Errorf("%s %s: %v %.200s", l, ok, err, r.Text())
			}
		}
	}
}

// TestLongNumber: a fractional literal of a million digits for an integer
// field panicked out of Invoke (math/big refuses such a literal, and the
// nil it returned was used). A literal past MaxNumberLength is refused,
// whatever the field.
func TestLongNumber(t *testing.T) {
	tl := mustCreate(t, func(in Qty) int { return in.Qty }, reflectimpl.Meta(tool.Meta{Name: "qty"}))
	for _, tt := range []struct {
		name, args, want string
	}{
		{"a million zeros", `{"qty":1.` + strings.Repeat("0", 1_000_001) + `}`,
			fmt.Sprintf("Argument 'qty' is a number of more than %d characters.", tool.MaxNumberLength)},
		{"a million digits", `{"qty":` + strings.Repeat("7", 1_000_000) + `}`,
			fmt.Sprintf("Argument 'qty' is a number of more than %d characters.", tool.MaxNumberLength)},
		{"just within", `{"qty":1.` + strings.Repeat("0", tool.MaxNumberLength-2) + `}`, "Argument 'qty' must be an integer."},
		{"just past", `{"qty":1.` + strings.Repeat("0", tool.MaxNumberLength-1) + `}`,
			fmt.Sprintf("Argument 'qty' is a number of more than %d characters.", tool.MaxNumberLength)},
		{"fraction of a million digits, not integral", `{"qty":1.` + strings.Repeat("0", 200) + `1}`, "Argument 'qty' must be an integer."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil || r.Code != tool.InvalidArguments || r.Text() != tt.want {
				t.Fatalf("Invoke = %v, %q (%s), want %q", err, r.Text(), r.Code, tt.want)
			}
		})
	}
}

// TestExactBounds: comparisons of long literals with bounds are exact.
// Past 10^6 fractional digits, 0.999… was reported equal to 1.
func TestExactBounds(t *testing.T) {
	type In struct {
		X float64 `json:"x" minimum:"1" maximum:"2"`
		N int8    `json:"n,omitempty" minimum:"0"`
		U uint8   `json:"u,omitempty"`
	}
	tl := mustCreate(t, func(in In) float64 { return in.X }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	nines := "0." + strings.Repeat("9", tool.MaxNumberLength-2)
	for _, tt := range []struct {
		args, want string
	}{
		{`{"x":` + nines + `}`, "Argument 'x' must be at least 1."},
		{`{"x":1.` + strings.Repeat("0", 200) + `}`, ""},
		{`{"x":2.` + strings.Repeat("0", 200) + `1}`, "Argument 'x' must be at most 2."},
		{`{"x":0.1e1}`, ""},
		{`{"x":20e-1}`, ""},
		{`{"x":200000000000000000001e-20}`, "Argument 'x' must be at most 2."},
		// -0 is 0: the schema and encoding/json take it for an int8.
		{`{"x":1,"n":-0}`, ""},
		// encoding/json refuses -0 for an unsigned integer.
		{`{"x":1,"u":-0}`, "Argument 'u' does not fit the tool's type for it."},
	} {
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if err != nil || r.IsError != (tt.want != "") || tt.want != "" && r.Text() != tt.want {
			t.Errorf("Invoke(%.60s) = %v, %q, want %q", tt.args, err, r.Text(), tt.want)
		}
	}
}

// TestArgumentSize: arguments past the tool's limit are refused before they
// are read, with the limit in the message.
func TestArgumentSize(t *testing.T) {
	ran := false
	tl := mustCreate(t, func(in Query) string { ran = true; return "" }, reflectimpl.Meta(tool.Meta{Name: "q"}))
	big := `{"court":"` + strings.Repeat("a", tool.DefaultMaxArgumentBytes) + `"}`
	r, err := tl.Invoke(context.Background(), json.RawMessage(big))
	want := fmt.Sprintf("Arguments are too large: %d bytes; the tool takes at most %d.", len(big), tool.DefaultMaxArgumentBytes)
	if err != nil || r.Code != tool.InvalidArguments || r.Text() != want || r.Started || ran {
		t.Fatalf("Invoke of %d bytes = %v, %q (%s), want %q", len(big), err, r.Text(), r.Code, want)
	}
	if len(r.Violations) != 1 || r.Violations[0].Rule != "size" {
		t.Errorf("violations %+v, want one of rule size", r.Violations)
	}
	if _, viols, _ := tl.CheckArgs(context.Background(), json.RawMessage(big)); len(viols) != 1 || viols[0].Message != want {
		t.Errorf("CheckArgs: %+v", viols)
	}

	// Per tool.
	small := *tl
	small.MaxArgumentBytes = 20
	if r, _ := small.Invoke(context.Background(), json.RawMessage(`{"court":"abcdefgh"}`)); r.IsError {
		t.Errorf("20 bytes, limit 20: %q", r.Text())
	}
	r, _ = small.Invoke(context.Background(), json.RawMessage(`{"court":"abcdefghi"}`))
	if r.Text() != "Arguments are too large: 21 bytes; the tool takes at most 20." {
		t.Errorf("21 bytes, limit 20: %q", r.Text())
	}
	none := *tl
	none.MaxArgumentBytes = -1
	if r, _ := none.Invoke(context.Background(), json.RawMessage(big)); r.Code != tool.InvalidArguments || !strings.Contains(r.Text(), "at most 8 characters") {
		t.Errorf("no limit: %q", r.Text())
	}
}

// TestManyViolations: the violations reported are bounded, the count of the
// others said in one line, and array indexes ordered as numbers.
func TestManyViolations(t *testing.T) {
	type In struct {
		Items []int `json:"items"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Items) }, reflectimpl.Meta(tool.Meta{Name: "items"}))
	n := 20_000
	args := `{"items":[` + strings.Repeat(`"x",`, n-1) + `"x"]}`
	r, _ := tl.Invoke(context.Background(), json.RawMessage(args))
	if len(r.Violations) != tool.MaxViolations {
		t.Fatalf("%d violations, want %d", len(r.Violations), tool.MaxViolations)
	}
	lines := strings.Split(r.Text(), "\n")
	if len(lines) != tool.MaxViolations+1 {
		t.Fatalf("%d lines", len(lines))
	}
	if want := fmt.Sprintf("… and %d more violations.", n-tool.MaxViolations); lines[len(lines)-1] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], want)
	}
	for i, v := range r.Violations {
		if want := fmt.Sprintf("items[%d]", i); v.Path != want {
			t.Fatalf("violation %d at %s, want %s (indexes in numeric order)", i, v.Path, want)
		}
	}

	// Few violations: all of them, no count line; items[2] before items[10].
	args = `{"items":[0,1,"x",3,4,5,6,7,8,9,"y"]}`
	r, _ = tl.Invoke(context.Background(), json.RawMessage(args))
	if want := "Argument 'items[2]' must be an integer.\nArgument 'items[10]' must be an integer."; r.Text() != want {
		t.Errorf("got %q, want %q", r.Text(), want)
	}
}

// TestBoundedFailureText: a tool's error or panic text is cut to
// MaxErrorTextBytes.
func TestBoundedFailureText(t *testing.T) {
	huge := strings.Repeat("é", 5<<20) // 10 MB, two bytes a rune
	for _, tt := range []struct {
		name string
		fn   any
	}{
		{"error", func() error { return errors.New(huge) }},
		{"panic", func() error { panic(huge) }},
		{"panic error", func() error { panic(errors.New(huge)) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tl := mustCreate(t, tt.fn, reflectimpl.Meta(tool.Meta{Name: "x"}))
			r, _ := tl.Invoke(context.Background(), nil)
			txt := r.Text()
			if r.Code != tool.Failed || len(txt) > tool.MaxErrorTextBytes+200 {
				t.Fatalf("%s: %d bytes of text", r.Code, len(txt))
			}
			if !strings.HasPrefix(txt, "Tool 'x' failed: ") || !strings.HasSuffix(txt, " (cut: the text was 10485760 bytes)") {
				t.Errorf("text %.40q … %q", txt, txt[max(0, len(txt)-60):])
			}
			if !strings.Contains(txt, "éé") || strings.Contains(txt, "\ufffd") {
				t.Error("the text was not cut on a character boundary")
			}
		})
	}
}

// TestGoexit: a tool that calls runtime.Goexit (a test helper's FailNow,
// say) gives a failed result, with or without a timeout; it hung Invoke on
// the caller's goroutine.
func TestGoexit(t *testing.T) {
	exit := func() error { runtime.Goexit(); return nil }
	helper := func() error { func() { defer func() {}(); runtime.Goexit() }(); return nil }
	for _, tt := range []struct {
		name string
		fn   any
		opts []reflectimpl.Option
	}{
		{"no timeout", exit, nil},
		{"through a helper", helper, nil},
		{"during a panic", func() error {
			defer runtime.Goexit()
			panic("first")
		}, nil},
		{"after recovering a panic", func() error {
			defer func() {
				recover()
				runtime.Goexit()
			}()
			panic("first")
		}, nil},
		{"after blocking", func() error {
			ch := make(chan int)
			go func() { ch <- 1 }()
			<-ch
			runtime.Goexit()
			return nil
		}, nil},
		{"timeout", exit, []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Timeout: time.Minute})}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tl := mustCreate(t, tt.fn, append(tt.opts, reflectimpl.Meta(tool.Meta{Name: "x"}))...)
			done := make(chan *tool.Result, 1)
			go func() {
				r, _ := tl.Invoke(context.Background(), nil)
				done <- r
			}()
			var r *tool.Result
			select {
			case r = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Invoke never returned")
			}
			if r == nil || r.Code != tool.Failed || !r.Started || r.Text() != "Tool 'x' failed: it ended its goroutine (runtime.Goexit)." {
				t.Errorf("result %+v %q", r, r.Text())
			}
		})
	}
}

// twoPanic is a panic value and an error whose text panics with itself:
// fmt.Sprint, asked for its text while it recovers from the first panic,
// lets the second through.
type twoPanic struct{}

func (twoPanic) Error() string { panic(twoPanic{}) }

// twoPanicResult is a result whose MarshalJSON panics with a twoPanic.
type twoPanicResult struct{}

func (twoPanicResult) MarshalJSON() ([]byte, error) { panic(twoPanic{}) }

// TestPanicTextPanics: a panic value, an error or a result whose text
// panics while it is printed gives a failed result naming its type. With
// a timeout, the panic ended the process; under a context that could not
// end, the result said the tool had called runtime.Goexit.
func TestPanicTextPanics(t *testing.T) {
	const want = "(a tool_test.twoPanic, whose text panics)"
	cancellable, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, tt := range []struct {
		name string
		fn   any
	}{
		{"panic", func() error { panic(twoPanic{}) }},
		{"error", func() error { return twoPanic{} }},
		{"result", func() (any, error) { return twoPanicResult{}, nil }},
	} {
		for _, run := range []struct {
			name string
			ctx  context.Context
			opts []reflectimpl.Option
		}{
			{"background", context.Background(), nil},
			{"timeout", context.Background(), []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Timeout: time.Minute})}},
			{"cancellable", cancellable, nil},
		} {
			t.Run(tt.name+"/"+run.name, func(t *testing.T) {
				tl := mustCreate(t, tt.fn, append(run.opts, reflectimpl.Meta(tool.Meta{Name: "x"}))...)
				r, err := tl.Invoke(run.ctx, nil)
				if err != nil || r.Code != tool.Failed || !strings.Contains(r.Text(), want) {
					t.Errorf("Invoke = %q (%s), %v", r.Text(), r.Code, err)
				}
			})
		}
	}
}

// panicJSON, panicText and panicKey are input types whose methods panic.
type panicJSON struct{}

func (*panicJSON) UnmarshalJSON([]byte) error { panic("json boom") }

type panicText struct{}

func (panicText) MarshalText() ([]byte, error) { return []byte("t"), nil }
func (*panicText) UnmarshalText([]byte) error  { panic("text boom") }

type panicKey string

func (panicKey) MarshalText() ([]byte, error) { return []byte("k"), nil }
func (*panicKey) UnmarshalText([]byte) error  { panic("key boom") }

// TestUnmarshalPanics: a panic in a method of the input type (the type's
// code, run while the arguments are decoded) is a failed result, and the
// tool does not start; it came out of Invoke.
func TestUnmarshalPanics(t *testing.T) {
	type In struct {
		J panicJSON         `json:"j"`
		T panicText         `json:"t"`
		K map[panicKey]bool `json:"k"`
	}
	tl := mustCreate(t, func(in In) string { return "ran" }, reflectimpl.Meta(tool.Meta{Name: "x"}), reflectimpl.TypeSchema[panicJSON](`{"type":"object"}`))
	for _, tt := range []struct{ args, want string }{
		{`{"j":{}}`, "Tool 'x' failed: decoding its arguments panicked: json boom"},
		{`{"t":"a"}`, "Tool 'x' failed: decoding its arguments panicked: text boom"},
		{`{"k":{"a":true}}`, "Tool 'x' failed: decoding its arguments panicked: key boom"},
	} {
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if err != nil || r.Code != tool.Failed || r.Started || r.Text() != tt.want {
			t.Errorf("%s: Invoke = %q (%s, started %v), %v", tt.args, r.Text(), r.Code, r.Started, err)
		}
	}
	type Answer struct {
		T panicText `json:"t"`
	}
	if _, _, err := tool.DecodeAnswer[Answer]([]byte(`{"t":"a"}`)); err == nil || err.Error() != "decoding the result panicked: text boom" {
		t.Errorf("DecodeAnswer: %v", err)
	}
}

// TestUncancellableCalls: a call whose context cannot end (no timeout,
// context.Background) behaves as any other: blocking on fake time under
// testing/synctest, calling another tool, and reading the caller's values.
func TestUncancellableCalls(t *testing.T) {
	exit := mustCreate(t, func() error { runtime.Goexit(); return nil }, reflectimpl.Meta(tool.Meta{Name: "exit"}))
	t.Run("synctest", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			slept := mustCreate(t, func() string { time.Sleep(time.Hour); return "woke" }, reflectimpl.Meta(tool.Meta{Name: "sleep"}))
			start := time.Now()
			r, err := slept.Invoke(context.Background(), nil)
			if err != nil || r.Text() != "woke" || time.Since(start) != time.Hour {
				t.Errorf("Invoke = %q, %v after %v", r.Text(), err, time.Since(start))
			}
		})
	})
	t.Run("nested", func(t *testing.T) {
		outer := mustCreate(t, func() string {
			r, _ := exit.Invoke(context.Background(), nil)
			return "inner: " + r.Text()
		}, reflectimpl.Meta(tool.Meta{Name: "outer"}))
		r, err := outer.Invoke(context.Background(), nil)
		if err != nil || r.Text() != "inner: Tool 'exit' failed: it ended its goroutine (runtime.Goexit)." {
			t.Errorf("Invoke = %q, %v", r.Text(), err)
		}
	})
	t.Run("the caller's values", func(t *testing.T) {
		type key struct{}
		read := mustCreate(t, func(ctx context.Context) string { s, _ := ctx.Value(key{}).(string); return s }, reflectimpl.Meta(tool.Meta{Name: "read"}))
		ctx := context.WithValue(context.Background(), key{}, "from the caller") // Done is still nil
		if r, err := read.Invoke(ctx, nil); err != nil || r.Text() != "from the caller" {
			t.Errorf("Invoke = %q, %v", r.Text(), err)
		}
	})
	t.Run("thread locked by the caller", func(t *testing.T) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		r, _ := exit.Invoke(context.Background(), nil)
		if r.Code != tool.Failed {
			t.Errorf("result %+v", r)
		}
		balanced := mustCreate(t, func() string { runtime.LockOSThread(); runtime.UnlockOSThread(); return "ok" }, reflectimpl.Meta(tool.Meta{Name: "x"}))
		if r, _ := balanced.Invoke(context.Background(), nil); r.Text() != "ok" {
			t.Errorf("result %+v", r)
		}
	})
}

// TestLeftLockedThread: a tool that leaves its thread's lock state
// changed (runtime.LockOSThread without UnlockOSThread, before it returns,
// panics or calls runtime.Goexit; or UnlockOSThread of its caller's lock)
// gets its result, and the process goes on, under context.Background()
// (with no timeout: nothing can end the call early), under a timeout, and
// under a context that can end. The tool runs on a goroutine of its own,
// whose thread ends with it; the caller's thread stays as it was.
func TestLeftLockedThread(t *testing.T) {
	cancellable, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, tt := range []struct {
		name string
		fn   func() string
		want string
	}{
		{"returns", func() string { runtime.LockOSThread(); return "ok" }, "ok"},
		{"panics", func() string { runtime.LockOSThread(); panic("locked") }, "Tool 'x' failed: panic: locked"},
		{"goexit", func() string { runtime.LockOSThread(); runtime.Goexit(); return "" }, "Tool 'x' failed: it ended its goroutine (runtime.Goexit)."},
		{"unlocks the caller's", func() string { runtime.UnlockOSThread(); return "ok" }, "ok"},
	} {
		for _, run := range []struct {
			name string
			ctx  context.Context
			opts []reflectimpl.Option
		}{
			{"background", context.Background(), nil},
			{"timeout", context.Background(), []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Timeout: time.Minute})}},
			{"cancellable", cancellable, nil},
		} {
			t.Run(tt.name+"/"+run.name, func(t *testing.T) {
				tl := mustCreate(t, tt.fn, append(run.opts, reflectimpl.Meta(tool.Meta{Name: "x"}))...)
				for range 3 { // a thread ended does not stop the next call
					runtime.LockOSThread() // the caller's own lock
					r, err := tl.Invoke(run.ctx, nil)
					runtime.UnlockOSThread()
					if err != nil || r.Text() != tt.want {
						t.Fatalf("Invoke = %q, %v; want %q", r.Text(), err, tt.want)
					}
				}
			})
		}
	}
}

// countingCtx is a context whose Err reports it cancelled from its nth
// call on: a deterministic cancellation in the middle of a call.
type countingCtx struct {
	context.Context
	calls, at int32
	done      chan struct{}
}

func newCountingCtx(at int32) *countingCtx {
	return &countingCtx{Context: context.Background(), at: at, done: make(chan struct{})}
}

func (c *countingCtx) Done() <-chan struct{} { return c.done }

func (c *countingCtx) Err() error {
	if atomic.AddInt32(&c.calls, 1) >= c.at {
		select {
		case <-c.done:
		default:
			close(c.done)
		}
		return context.Canceled
	}
	return nil
}

// TestCancelWhileChecking: the checks notice the caller's context, and a
// call whose context ends while its arguments are read never starts.
func TestCancelWhileChecking(t *testing.T) {
	var ran atomic.Bool
	type In struct {
		Tags []string `json:"tags" uniqueItems:"true"`
	}
	tl := mustCreate(t, func(in In) int { ran.Store(true); return len(in.Tags) }, reflectimpl.Meta(tool.Meta{Name: "tags"}))
	var b strings.Builder
	b.WriteString(`{"tags":[`)
	for i := range 100_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"t%d"`, i)
	}
	b.WriteString(`]}`)
	ctx := newCountingCtx(2) // the first check passes; the second, while reading, does not
	r, err := tl.Invoke(ctx, json.RawMessage(b.String()))
	if !errors.Is(err, context.Canceled) || r.Code != tool.Cancelled || r.Started {
		t.Fatalf("Invoke = %v, %+v", err, r)
	}
	if n := atomic.LoadInt32(&ctx.calls); n < 2 {
		t.Errorf("the context was asked %d times: the checks did not look at it", n)
	}
	if ran.Load() {
		t.Error("the tool ran after Invoke returned the cancellation")
	}
}

// TestCancelledNeverStarts: once Invoke has returned a cancellation, the
// tool never starts, however the cancellation falls.
func TestCancelledNeverStarts(t *testing.T) {
	for at := int32(1); at <= 6; at++ {
		synctest.Test(t, func(t *testing.T) {
			var ran atomic.Bool
			tl := mustCreate(t, func(ctx context.Context) error { ran.Store(true); return nil },
				reflectimpl.Meta(tool.Meta{Name: "x", Timeout: time.Second}))
			r, err := tl.Invoke(newCountingCtx(at), json.RawMessage(`{}`))
			synctest.Wait() // whatever goroutine Invoke left has run or is blocked
			if err != nil && !r.Started && ran.Load() {
				t.Errorf("cancelled at check %d: Invoke returned %v, not started, and the tool ran", at, err)
			}
			if err == nil && (r.IsError || !ran.Load()) {
				t.Errorf("cancelled at check %d: %+v without error", at, r)
			}
		})
	}
}

// TestWhitespaceArguments: only JSON's white space (space, tab, CR, LF)
// around nothing means no arguments; other space is not JSON.
func TestWhitespaceArguments(t *testing.T) {
	tl := mustCreate(t, func() string { return "ok" }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	for _, tt := range []struct {
		args string
		ok   bool
	}{
		{"", true}, {" \t\r\n", true}, {"{}", true}, {" {} \n", true},
		{"\v", false}, {"\f", false}, {"\u00a0", false}, {"\u2028", false}, {"{}\v", false}, {"\u00a0{}", false},
	} {
		r, _ := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if ok := !r.IsError; ok != tt.ok {
			t.Errorf("Invoke(%q): %q", tt.args, r.Text())
		}
		if !tt.ok && r.Text() != "Arguments are not valid JSON." {
			t.Errorf("Invoke(%q): %q", tt.args, r.Text())
		}
	}
}

// TestHugeExponents: what each field type does with a number beyond a
// float64, as docs/contract.md says.
func TestHugeExponents(t *testing.T) {
	type In struct {
		N json.Number     `json:"n,omitempty"`
		F float64         `json:"f,omitempty"`
		R json.RawMessage `json:"r,omitempty"`
		A any             `json:"a,omitempty"`
	}
	tl := mustCreate(t, func(in In) string { return string(in.R) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	for _, tt := range []struct {
		args, want string
	}{
		{`{"n":1e400}`, "Argument 'n' is beyond the range of a number."},
		{`{"f":1e400}`, "Argument 'f' is beyond the range of a number."},
		{`{"r":1e400}`, ""},
		{`{"a":1e400}`, "Argument 'a' does not fit the tool's type for it."},
		{`{"r":1e401}`, "Argument 'r' is beyond the range of a number."},
	} {
		r, _ := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if r.IsError != (tt.want != "") || tt.want != "" && r.Text() != tt.want {
			t.Errorf("Invoke(%s) = %q, want %q", tt.args, r.Text(), tt.want)
		}
	}
}

// TestApprovalAfterChecks: a refused call is never put to a person, and an
// approval holds for the same arguments as JSON values.
func TestApprovalAfterChecks(t *testing.T) {
	type In struct {
		ID    string   `json:"id" minLength:"1"`
		Count int      `json:"count,omitempty"`
		Tags  []string `json:"tags,omitempty"`
	}
	tl := mustCreate(t, func(in In) string { return "deleted " + in.ID }, reflectimpl.Meta(tool.Meta{
		Name:             "delete",
		RequiresApproval: true,
	}))
	if r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"id":""}`)); r.Code != tool.InvalidArguments {
		t.Errorf("invalid arguments of an approval tool: %s %q", r.Code, r.Text())
	}
	approved := json.RawMessage(`{"id":"7","count":2,"tags":["a","b"]}`)
	ctx := tool.Approve(context.Background(), "delete", approved)
	for _, tt := range []struct {
		args string
		ok   bool
	}{
		{`{"id":"7","count":2,"tags":["a","b"]}`, true},
		{`{"tags":["a","b"],"count":2,"id":"7"}`, true},
		{" {\n \"count\" : 2 ,\"id\":\"\\u0037\", \"tags\":[ \"a\" , \"b\" ]}\n", true},
		{`{"id":"7","count":2,"tags":["b","a"]}`, false},
		{`{"id":"7","count":3,"tags":["a","b"]}`, false},
		{`{"id":"7","tags":["a","b"]}`, false},
	} {
		r, _ := tl.Invoke(ctx, json.RawMessage(tt.args))
		if ok := !r.IsError; ok != tt.ok {
			t.Errorf("Invoke(%s) under the approval: %s %q", tt.args, r.Code, r.Text())
		}
	}
}

// TestLiteralToolResult: a Tool made as a literal has no function; Invoke
// says so in a result, as its documentation promises for every failure.
func TestLiteralToolResult(t *testing.T) {
	r, err := (&tool.Tool{Meta: tool.Meta{Name: "x"}}).Invoke(context.Background(), nil)
	if err != nil || r == nil || r.Code != tool.Failed || r.Started || r.Text() != "Tool 'x' cannot be called: it has no function behind it." {
		t.Fatalf("Invoke = %+v, %v", r, err)
	}
}

// TestLinearChecks runs the large inputs of each kind the checks once
// took quadratic time on, for the verdicts at that size (the growth is
// measured in bench/, BenchmarkHostile).
func TestLinearChecks(t *testing.T) {
	type In struct {
		Tags []string `json:"tags,omitempty" uniqueItems:"true"`
		Objs []any    `json:"objs,omitempty" uniqueItems:"true"`
		Text string   `json:"text,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Tags) + len(in.Text) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	const n = 20_000 // past every threshold (16 keys, MaxViolations); growth is BenchmarkHostile's
	// Objects of five values each into []any: 12,000 keep them within the
	// values a call may read without a Go type (TestUntypedValues, in
	// internal/membound).
	const nObjs = 12_000
	var b strings.Builder
	list := func(f func(i int) string, n int) string {
		b.Reset()
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(f(i))
		}
		return b.String()
	}
	tags := list(func(i int) string { return fmt.Sprintf(`"t%d"`, i) }, n)
	objs := list(func(i int) string { return fmt.Sprintf(`{"a":%d,"b":[%d.0,"x"]}`, i, i) }, nObjs)
	keys := list(func(i int) string { return fmt.Sprintf(`"k%d":1`, i) }, n)
	for _, tt := range []struct {
		name, args, want string
	}{
		{"unique strings", `{"tags":[` + tags + `]}`, ""},
		{"a repeated string last", `{"tags":[` + tags + `,"t17"]}`, fmt.Sprintf("Argument 'tags' must not repeat an item (items 17 and %d are equal).", n)},
		{"unique objects", `{"objs":[` + objs + `]}`, ""},
		{"an equal object, members reordered", `{"objs":[` + objs + `,{"b":[5,"x"],"a":5e0}]}`, fmt.Sprintf("Argument 'objs' must not repeat an item (items 5 and %d are equal).", nObjs)},
		{"unknown keys", `{` + keys + `}`, ""},
		{"an unknown key twice", `{` + keys + `,"k9":2}`, "Argument 'k9' is given twice."},
		{"escapes", `{"text":"` + strings.Repeat(`\n`, 1<<18) + `"}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			switch {
			case tt.name == "unknown keys":
				if r.Code != tool.InvalidArguments || len(r.Violations) != tool.MaxViolations || r.Violations[0].Message != "Argument 'k0' is not a parameter of the tool." {
					t.Errorf("%s %d violations, first %v", r.Code, len(r.Violations), r.Violations[:1])
				}
			case r.IsError != (tt.want != "") || tt.want != "" && r.Text() != tt.want:
				t.Errorf("got %.200q, want %q", r.Text(), tt.want)
			}
		})
	}
	r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"text":"`+strings.Repeat(`\n`, 1<<18)+`"}`))
	if r.Value.(int) != 1<<18 {
		t.Errorf("escapes decoded to %d characters", r.Value)
	}
}

type nilErr struct{ msg string }

func (e *nilErr) Error() string { return e.msg }

// TestNilPointerError: a tool's error or panic value that is a nil pointer
// with an Error method (a common Go mistake) is a failed result; writing
// its text must not panic out of Invoke.
func TestNilPointerError(t *testing.T) {
	for _, tt := range []struct {
		name, want string
		fn         any
	}{
		{"error", "Tool 'x' failed: <nil>", func() error { var e *nilErr; return e }},
		{"panic", "Tool 'x' failed: panic: <nil>", func() error { panic((*nilErr)(nil)) }},
		{"result's MarshalJSON panics with one", "Tool 'x' failed: writing its result panicked: <nil>", func() any { return panicky{} }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tl := mustCreate(t, tt.fn, reflectimpl.Meta(tool.Meta{Name: "x"}))
			r, err := tl.Invoke(context.Background(), nil)
			if err != nil || r.Code != tool.Failed || !strings.HasPrefix(r.Text(), tt.want) {
				t.Errorf("Invoke = %v, %q", err, r.Text())
			}
		})
	}
}

type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic((*nilErr)(nil)) }

// TestResultMarshalPanics: the result is written on the caller's
// goroutine, after the tool returned; a panic in its MarshalJSON is still
// a failed result.
func TestResultMarshalPanics(t *testing.T) {
	tl := mustCreate(t, func() any { return boom{} }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	r, err := tl.Invoke(context.Background(), nil)
	if err != nil || r.Code != tool.Failed || r.Text() != "Tool 'x' failed: writing its result panicked: boom" {
		t.Errorf("Invoke = %v, %q", err, r.Text())
	}
}

type boom struct{}

func (boom) MarshalJSON() ([]byte, error) { panic("boom") }

// TestPathOrder: violations are ordered by path segment by segment (a
// path before the paths inside it, array indexes as numbers), whatever the
// order of the members, and the same way as the oracle orders them.
func TestPathOrder(t *testing.T) {
	type In struct {
		Tags  []int `json:"tags,omitempty"`
		Tags2 int   `json:"tags2,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return in.Tags2 }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	for _, tt := range []struct{ args, want string }{
		{`{"tags":["a"],"tags2":"b"}`, "Argument 'tags[0]' must be an integer.\nArgument 'tags2' must be an integer."},
		{`{"tags2":"b","tags":["a"]}`, "Argument 'tags[0]' must be an integer.\nArgument 'tags2' must be an integer."},
		{`{"[x":1,"[1":1}`, "Argument '\"[1\"' is not a parameter of the tool.\nArgument '\"[x\"' is not a parameter of the tool."},
		{`{"[1":1,"[x":1}`, "Argument '\"[1\"' is not a parameter of the tool.\nArgument '\"[x\"' is not a parameter of the tool."},
	} {
		if r, _ := tl.Invoke(context.Background(), json.RawMessage(tt.args)); r.Text() != tt.want {
			t.Errorf("Invoke(%s):\n%s\nwant\n%s", tt.args, r.Text(), tt.want)
		}
	}
}

// TestDeepUniqueItems: the canonical form of items nested deeply costs
// time and memory linear in their size, not in size times depth.
func TestDeepUniqueItems(t *testing.T) {
	type In struct {
		Items []any `json:"items" uniqueItems:"true"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Items) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	tl.MaxArgumentBytes = -1
	item := strings.Repeat(`{"a":`, 60) + `"` + strings.Repeat("x", 1<<20) + `"` + strings.Repeat("}", 60)
	args := json.RawMessage(`{"items":[` + item + `,` + item + `]}`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, _ = tl.CheckArgs(context.Background(), args)
	runtime.ReadMemStats(&after)
	// encoding/json alone needs about twice the text to decode it.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16*uint64(len(args)) {
		t.Errorf("checking %d bytes allocated %d", len(args), alloc)
	}
	if r, _ := tl.Invoke(context.Background(), args); r.Text() != "Argument 'items' must not repeat an item (items 0 and 1 are equal)." {
		t.Errorf("got %.100q", r.Text())
	}
}

type unwrapPanics struct{}

func (unwrapPanics) Error() string { return "outer" }
func (unwrapPanics) Unwrap() error { panic("unwrap") }

// TestErrorMethodsPanic: an error's own methods are the tool's code: a
// panic in them is a failed result, never a crash of the caller.
func TestErrorMethodsPanic(t *testing.T) {
	tl := mustCreate(t, func() error { return unwrapPanics{} }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	r, err := tl.Invoke(context.Background(), nil)
	if err != nil || r.Code != tool.Failed || r.Text() != "Tool 'x' failed: reading its error panicked: unwrap" {
		t.Errorf("Invoke = %v, %q", err, r.Text())
	}
}

// TestEmptyStructInput: a tool whose input is the anonymous struct{} gets
// one, like any other input (it was given nil, and its handler panicked).
func TestEmptyStructInput(t *testing.T) {
	tl := mustCreate(t, func(struct{}) string { return "ok" }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	if r, err := tl.Invoke(context.Background(), json.RawMessage(`{}`)); err != nil || r.IsError || r.Text() != "ok" {
		t.Errorf("Invoke = %v, %s %q", err, r.Code, r.Text())
	}
}

// TestKeySet: a key given twice is found whatever its spelling (escapes
// resolve to the same name), before and past the 16 keys after which the
// set is a map, in a struct's unknown members, a map's keys and a skipped
// object.
func TestKeySet(t *testing.T) {
	type In struct {
		M map[string]int  `json:"m,omitempty"`
		R json.RawMessage `json:"r,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.M) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	keys := func(n int, extra string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"k%d":1,`, i)
		}
		return "{" + b.String() + extra + "}"
	}
	for _, tt := range []struct {
		name, args, want string
	}{
		{"map, few, escaped again", `{"m":` + keys(3, `"\u006b1":2`) + `}`, "Argument 'm{}' is given twice."},
		{"map, many, escaped again", `{"m":` + keys(40, `"\u006b17":2`) + `}`, "Argument 'm{}' is given twice."},
		{"map, escaped first, plain past 16", `{"m":{"\u006b0":1,` + strings.Replace(keys(40, `"k0":2`)[1:], `"k0":1,`, ``, 1) + `}`, "Argument 'm{}' is given twice."},
		{"map, many, distinct", `{"m":` + keys(40, `"k40":2`) + `}`, ""},
		{"map, an escaped key moved into the map", `{"m":{"\u0061":1,` + keys(20, `"a":2`)[1:] + `}`, "Argument 'm{}' is given twice."},
		{"raw, many, escaped again", `{"r":` + keys(40, `"\u006b39":2`) + `}`, "Argument 'r.k39' is given twice."},
		{"raw, nested objects share the stack", `{"r":{"a":{"a":1,"b":2},"b":{"a":1},"a2":` + keys(20, `"k3":0`) + `}}`, "Argument 'r.a2.k3' is given twice."},
		{"raw, nested, distinct", `{"r":{"a":{"a":1,"b":2},"b":{"a":1},"c":` + keys(20, `"z":0`) + `}}`, ""},
		{"unknown, many, escaped again", keys(40, `"\u006b5":2`), "Argument 'k5' is given twice."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			switch {
			case tt.want == "" && r.IsError:
				t.Errorf("got %q", r.Text())
			case tt.want != "" && r.Text() != tt.want:
				t.Errorf("got %.120q, want %q", r.Text(), tt.want)
			}
		})
	}
}

// lenientChecker is an argsChecker that takes any arguments, JSON or not.
type lenientChecker struct{}

func (lenientChecker) Input() reflect.Type  { return nil }
func (lenientChecker) Output() reflect.Type { return nil }
func (lenientChecker) Call(context.Context, *tool.Call, any, any) (any, error) {
	return "ran", nil
}
func (lenientChecker) CheckArgs(_ context.Context, args json.RawMessage) (any, []tool.Violation, int, error) {
	return args, nil, 0, nil
}

// TestApprovalOwnChecker: the approval of a tool that checks its own
// arguments (an argsChecker) reads them as JSON itself, since such checks
// promise nothing of the text: text that is not JSON panicked in the
// approval's hash, on the caller's goroutine.
func TestApprovalOwnChecker(t *testing.T) {
	tl := toolimpl.New(tool.Meta{Name: "x", RequiresApproval: true}, nil, nil, lenientChecker{}, nil)
	for _, args := range []string{`{"a":`, `{"a":1}x`, `[[[`} {
		ctx := tool.Approve(context.Background(), "x", json.RawMessage(`{"a":1}`))
		r, err := tl.Invoke(ctx, json.RawMessage(args))
		if err != nil || r.Code != tool.ApprovalRequired {
			t.Errorf("%s: %+v, %v", args, r, err)
		}
	}
	ctx := tool.Approve(context.Background(), "x", json.RawMessage(`{"a":1}`))
	if r, err := tl.Invoke(ctx, json.RawMessage(` {"a": 1} `)); err != nil || r.IsError || r.Text() != "ran" {
		t.Errorf("approved: %+v, %v", r, err)
	}
}

// TestBigNumberDefaults: a default of a big.Float or big.Rat the invoker
// would refuse as an argument (too long, an exponent past its range) is
// refused when the tool is made, not by every call that lacks it (which
// were refused with "Argument ” is beyond the range of a number.").
func TestBigNumberDefaults(t *testing.T) {
	long := strings.Repeat("1", limits.MaxNumberLength+1)
	for _, tc := range []struct {
		def string
		ok  bool
	}{
		{"1e400", true}, {"-0x1p-1600", true}, {"1/3", true}, {strings.Repeat("1", limits.MaxNumberLength), true},
		{"1e401", false}, {"1p1601", false}, {"0x1p-16_01", false}, {long, false},
	} {
		for _, fn := range []any{
			reflect.MakeFunc(reflect.FuncOf([]reflect.Type{reflect.StructOf([]reflect.StructField{{
				Name: "R", Type: reflect.TypeFor[*big.Rat](), Tag: reflect.StructTag(`json:"r,omitempty" default:"` + tc.def + `"`),
			}})}, []reflect.Type{reflect.TypeFor[int]()}, false), func([]reflect.Value) []reflect.Value {
				return []reflect.Value{reflect.ValueOf(1)}
			}).Interface(),
			reflect.MakeFunc(reflect.FuncOf([]reflect.Type{reflect.StructOf([]reflect.StructField{{
				Name: "F", Type: reflect.TypeFor[big.Float](), Tag: reflect.StructTag(`json:"f,omitempty" default:"` + tc.def + `"`),
			}})}, []reflect.Type{reflect.TypeFor[int]()}, false), func([]reflect.Value) []reflect.Value {
				return []reflect.Value{reflect.ValueOf(1)}
			}).Interface(),
		} {
			if tc.def == "1/3" && reflect.TypeOf(fn).In(0).Field(0).Name == "F" {
				continue // not a big.Float
			}
			tl, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{Name: "d"}))
			if !tc.ok {
				if err == nil {
					r, _ := tl.Invoke(context.Background(), json.RawMessage(`{}`))
					t.Errorf("%T default %.20s: made; a call %.100s", fn, tc.def, r.Text())
				}
				continue
			}
			if err != nil {
				t.Errorf("%T default %.20s: %v", fn, tc.def, err)
				continue
			}
			if r, err := tl.Invoke(context.Background(), json.RawMessage(`{}`)); err != nil || r.IsError {
				t.Errorf("%T default %.20s: %v %.100s", fn, tc.def, err, r.Text())
			}
		}
	}
}

// TestRegexFieldBounded: a typed field of the format regex is checked
// within the bounds of a schema's pattern, as a raw schema's string is.
// Before, the invoker compiled what came: 1 KB of "a{1000}" built some
// 38 MB, outside the room of the call's values.
func TestRegexFieldBounded(t *testing.T) {
	type Re struct {
		R string `json:"r" format:"regex"`
	}
	type In struct {
		Rs []Re `json:"rs"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Rs) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	big := strings.Repeat("a{1000}", 146) // 1,022 bytes, 146,002 instructions
	args, _ := json.Marshal(map[string][]Re{"rs": {{"^[a-z]+$"}, {big}, {big}, {big}, {big}, {big}, {big}, {big}, {big}}})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := tl.Invoke(context.Background(), args)
	runtime.ReadMemStats(&after)
	if err != nil || r.Code != tool.InvalidArguments || len(r.Violations) != 8 {
		t.Fatalf("%v %.300s", err, r.Text())
	}
	want := "Argument 'rs[1].r' must be in the format regex: a regular expression in Go's syntax (RE2) of at most 1024 bytes, compiling to at most 1000 instructions."
	if v := r.Violations[0]; v.Path != "rs[1].r" || v.Rule != "format" || v.Message != want {
		t.Errorf("got %+v, want %q", v, want)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("the call allocated %d MB", got>>20)
	}
}

// TestRegexFieldsCounted: the regular expressions of a call's typed
// fields of the format regex are each compiled to check them (up to 1,000
// instructions from a dozen bytes, some 0.1 ms and 200 KB each), and
// count in the call's budget of what its reading builds: 3,000 of them
// are refused, where they were taken (60,000, under 1 MB of arguments,
// took 5.6 s), and a few hundred are still taken.
func TestRegexFieldsCounted(t *testing.T) {
	type Re struct {
		R string `json:"r" format:"regex"`
	}
	type In struct {
		Rs []Re `json:"rs"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Rs) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	args := func(n int) json.RawMessage {
		return json.RawMessage(`{"rs":[` + strings.Repeat(`{"r":"[a-z]{998}"},`, n-1) + `{"r":"[a-z]{998}"}]}`)
	}
	r, err := tl.Invoke(context.Background(), args(3000))
	if err != nil || r.Code != tool.InvalidArguments || len(r.Violations) == 0 || r.Violations[0].Rule != "size" {
		t.Errorf("3,000 regexes: %v %.300s", err, r.Text())
	}
	if r, err := tl.Invoke(context.Background(), args(200)); err != nil || r.IsError {
		t.Errorf("200 regexes: %v %.300s", err, r.Text())
	}
}

// foldKey is a map key that reads its text folded to lower case, as a
// header name or a case-insensitive identifier does.
type foldKey string

func (k foldKey) MarshalText() ([]byte, error) { return []byte(k), nil }
func (k *foldKey) UnmarshalText(b []byte) error {
	*k = foldKey(strings.ToLower(string(b)))
	return nil
}

// numKey is a map key that reads its text as a number: "1", "01" and
// "+1" are the same key.
type numKey int

func (k numKey) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(k))), nil }
func (k *numKey) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*k = numKey(n)
	return err
}

// TestTextKeysCollide: two keys of an object that the map's key type
// reads as one key are a key given twice, and the tool does not start.
// Before, the keys' texts differing, the second value replaced the first
// without a word: the tool ran on half of what the model sent.
func TestTextKeysCollide(t *testing.T) {
	type In struct {
		Fold map[foldKey]int               `json:"fold,omitempty"`
		Num  map[numKey]int                `json:"num,omitempty"`
		Deep []map[numKey]map[foldKey]bool `json:"deep,omitempty"`
	}
	ran := false
	tl := mustCreate(t, func(in In) int { ran = true; return len(in.Fold) + len(in.Num) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	for _, tt := range []struct{ args, path, key string }{
		{`{"fold":{"a":1,"b":2,"A":3}}`, "fold{}", `"A"`},
		{`{"num":{"1":1,"01":2}}`, "num{}", `"01"`},
		{`{"num":{"7":1,"+7":2}}`, "num{}", `"+7"`},
		{`{"deep":[{"1":{"x":true}},{"2":{"Id":true,"iD":false}}]}`, "deep[1]{}{}", `"iD"`},
		{`{"fold":{"A\nB":1,"a\nb":2}}`, "fold{}", `"a\nb"`}, // the model's text quoted
		{`{"fold":{"` + strings.Repeat("k", 60) + `":1,"` + strings.Repeat("K", 60) + `":2}}`, "fold{}", `"` + strings.Repeat("K", 60) + `"`},     // plain: whole
		{`{"fold":{"` + strings.Repeat("k ", 30) + `":1,"` + strings.Repeat("K ", 30) + `":2}}`, "fold{}", `"` + strings.Repeat("K ", 16) + `…"`}, // cut
		{`{"fold":{"Q":1,"q":2},"num":"x"}`, "", ""}, // the schema's violation is told first
		{`{"fold":{"a":1,"b":2}}`, "", ""},
		{`{"num":{"1":1,"2":2},"fold":{"a":1}}`, "", ""},
	} {
		ran = false
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tt.path == "" && strings.Contains(tt.args, `"x"`):
			if r.Code != tool.InvalidArguments || len(r.Violations) != 1 || r.Violations[0].Path != "num" {
				t.Errorf("%s: %s %q", tt.args, r.Code, r.Text())
			}
		case tt.path == "":
			if r.IsError || !ran {
				t.Errorf("%s: %s %q", tt.args, r.Code, r.Text())
			}
		default:
			want := "Argument '" + tt.path + "' is given twice: its key " + tt.key + " is read as the same key as another of its keys by the tool's type for them."
			if r.Code != tool.InvalidArguments || ran || len(r.Violations) != 1 || r.Violations[0].Path != tt.path || r.Violations[0].Rule != "duplicate" || r.Violations[0].Message != want {
				t.Errorf("%s: %s started %v %+v", tt.args, r.Code, ran, r.Violations)
			}
		}
	}
}

// TestRefusedTextNamed: a text the schema let through and the Go type's
// UnmarshalText refuses (an address that is not one, a map key the key
// type does not read) is refused naming where it is and the rule, so
// that the model can mend that argument. Before, the message named no
// argument: "An argument is not in a form the tool's types read", among
// a call's many.
func TestRefusedTextNamed(t *testing.T) {
	type Hop struct {
		Via netip.Addr `json:"via"`
	}
	type In struct {
		Hops []Hop          `json:"hops,omitempty"`
		Keys map[numKey]int `json:"keys,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Hops) }, reflectimpl.Meta(tool.Meta{Name: "x"}))
	const why = " (a text such as an IP address or a time that does not parse)."
	for _, tt := range []struct{ args, path, msg string }{
		{`{"hops":[{"via":"::1"},{"via":"nope"}]}`, "hops[1].via", "Argument 'hops[1].via' is not in a form the tool's type for it reads" + why},
		{`{"keys":{"1":1,"x":2}}`, "keys{}", "Argument 'keys{}' has a key that is not in a form the tool's type for the keys reads" + why},
	} {
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if err != nil || r.Code != tool.InvalidArguments || r.Started || len(r.Violations) != 1 {
			t.Fatalf("%s: %v %s %q", tt.args, err, r.Code, r.Text())
		}
		if v := r.Violations[0]; v.Path != tt.path || v.Rule != "format" || v.Message != tt.msg {
			t.Errorf("%s: got %+v, want %s %q", tt.args, v, tt.path, tt.msg)
		}
	}
}
