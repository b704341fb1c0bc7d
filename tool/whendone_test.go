package tool_test

import (
	"context"
	"encoding/json"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestWhenDone checks that the function WhenDone gives runs once per call,
// and not before the tool's function has returned: after Invoke for a call
// it gave up on, at Invoke's return otherwise.
func TestWhenDone(t *testing.T) {
	type In struct {
		N int `json:"n" maximum:"5"`
	}
	release := make(chan struct{})
	var running atomic.Int32
	slow := func(ctx context.Context, in In) (string, error) {
		running.Add(1)
		defer running.Add(-1)
		switch in.N {
		case 1:
			<-release // outlives its timeout
		case 2:
			panic("boom")
		case 3:
			runtime.Goexit()
		}
		return "ok", nil
	}
	for _, tt := range []struct {
		name      string
		args      string
		timeout   time.Duration
		cancelled bool
		approval  bool
		code      tool.ErrorCode
		abandoned bool // the function outlives Invoke
	}{
		{name: "completed", args: `{"n":0}`},
		{name: "completed, on a goroutine", args: `{"n":0}`, timeout: time.Hour},
		{name: "refused arguments", args: `{"n":9}`, code: tool.InvalidArguments},
		{name: "no approval", args: `{"n":0}`, approval: true, code: tool.ApprovalRequired},
		{name: "cancelled first", args: `{"n":0}`, cancelled: true, code: tool.Cancelled},
		{name: "panic", args: `{"n":2}`, code: tool.Failed},
		{name: "Goexit", args: `{"n":3}`, timeout: time.Hour, code: tool.Failed},
		{name: "timed out", args: `{"n":1}`, timeout: 10 * time.Millisecond, code: tool.TimedOut, abandoned: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Name: "slow"})}
			if tt.approval {
				opts = append(opts, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
			}
			tl := mustCreate(t, slow, opts...)
			tl.Timeout = tt.timeout
			var calls atomic.Int32
			done := make(chan int32, 2)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancelled {
				cancel()
			}
			r, _ := tl.Invoke(tool.WhenDone(ctx, func() { done <- running.Load(); calls.Add(1) }), json.RawMessage(tt.args))
			if r.Code != tt.code {
				t.Fatalf("code %q (%s), want %q", r.Code, r.Text(), tt.code)
			}
			if tt.abandoned {
				select {
				case <-done:
					t.Fatal("f ran while the tool's function was still running")
				case <-time.After(20 * time.Millisecond):
				}
				release <- struct{}{}
			}
			select {
			case n := <-done:
				if n != 0 {
					t.Errorf("f ran with %d functions still running", n)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("f never ran")
			}
			time.Sleep(time.Millisecond)
			if n := calls.Load(); n != 1 {
				t.Errorf("f ran %d times, want once", n)
			}
		})
	}
}

// TestWhenDoneNotInherited: a tool that invokes a tool with its own context
// does not hand the caller's f on: it runs once, for the outer call.
func TestWhenDoneNotInherited(t *testing.T) {
	inner := mustCreate(t, func(context.Context) string { return "inner" }, reflectimpl.Meta(tool.Meta{Name: "inner"}))
	outer := mustCreate(t, func(ctx context.Context) (string, error) {
		r, err := inner.Invoke(ctx, nil)
		if err != nil {
			return "", err
		}
		return r.Text(), nil
	}, reflectimpl.Meta(tool.Meta{Name: "outer"}))
	var calls atomic.Int32
	r, err := outer.Invoke(tool.WhenDone(context.Background(), func() { calls.Add(1) }), nil)
	if err != nil || r.IsError || r.Text() != "inner" {
		t.Fatalf("%+v, %v", r, err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("f ran %d times, want once", n)
	}
}
