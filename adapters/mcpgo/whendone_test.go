package mcpgo_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestSerialPastTimeout calls a serial tool whose function goes on after
// its timeout has answered the call: until the function returns, no other
// call of the server may run, though the client already has its result.
func TestSerialPastTimeout(t *testing.T) {
	release := make(chan struct{})
	var slowRunning atomic.Bool
	slow, err := reflectimpl.Create(func(ctx context.Context) error {
		slowRunning.Store(true)
		<-release // ignores ctx: runs past its timeout
		slowRunning.Store(false)
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "slow", ParallelSafe: new(false), Timeout: 20 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	var overlapped atomic.Bool
	quick, err := reflectimpl.Create(func(context.Context) error {
		if slowRunning.Load() {
			overlapped.Store(true)
		}
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "quick"}))
	if err != nil {
		t.Fatal(err)
	}
	s := server.NewMCPServer("t", "1")
	if err := mcpgo.Register(s, []*tool.Tool{slow, quick}, nil); err != nil {
		t.Fatal(err)
	}
	var plainRan atomic.Bool
	s.AddTool(mcp.NewTool("plain"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if slowRunning.Load() {
			overlapped.Store(true)
		}
		plainRan.Store(true)
		return mcp.NewToolResultText("plain"), nil
	})
	c := inprocess(t, s)
	call := func(name string) *mcp.CallToolResult {
		req := mcp.CallToolRequest{}
		req.Params.Name = name
		res, err := c.CallTool(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return res
	}
	if res := call("slow"); !res.IsError {
		t.Fatalf("slow answered %v before its timeout", res.Content)
	}
	if !slowRunning.Load() {
		t.Fatal("slow's function is not running after its timeout: the test proves nothing")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		call("quick")
		call("plain")
	}()
	select {
	case <-done:
		t.Fatal("a call ran while the serial tool's function was still running")
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the calls did not run after the serial tool's function returned")
	}
	if overlapped.Load() || !plainRan.Load() {
		t.Errorf("overlapped %v, plain ran %v", overlapped.Load(), plainRan.Load())
	}
}

// TestSerialPastTimeoutTwoRegisters: a server given tools by two calls
// of Register has one gate for both (one per server); a serial tool of
// the first Register, given up on at its timeout, keeps the calls of the
// second Register's tools, serial or not, out until its function
// returns.
func TestSerialPastTimeoutTwoRegisters(t *testing.T) {
	release := make(chan struct{})
	var slowRunning, overlapped atomic.Bool
	slow := must(reflectimpl.Create(func(ctx context.Context) error {
		slowRunning.Store(true)
		<-release // ignores ctx: runs past its timeout
		slowRunning.Store(false)
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "slow", ParallelSafe: new(false), Timeout: 20 * time.Millisecond})))
	observe := func(context.Context) error {
		if slowRunning.Load() {
			overlapped.Store(true)
		}
		return nil
	}
	other := must(reflectimpl.Create(observe, reflectimpl.Meta(tool.Meta{Name: "other", ParallelSafe: new(false)})))
	quick := must(reflectimpl.Create(observe, reflectimpl.Meta(tool.Meta{Name: "quick"})))
	s := server.NewMCPServer("t", "1")
	if err := mcpgo.Register(s, []*tool.Tool{slow}, nil); err != nil {
		t.Fatal(err)
	}
	if err := mcpgo.Register(s, []*tool.Tool{other, quick}, nil); err != nil {
		t.Fatal(err)
	}
	c := inprocess(t, s)
	call := func(name string) {
		req := mcp.CallToolRequest{}
		req.Params.Name = name
		if _, err := c.CallTool(context.Background(), req); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	call("slow")
	if !slowRunning.Load() {
		t.Fatal("slow's function is not running after its timeout: the test proves nothing")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		call("quick")
		call("other")
	}()
	select {
	case <-done:
		t.Fatal("a call ran while the serial tool's function was still running")
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the calls did not run after the serial tool's function returned")
	}
	if overlapped.Load() {
		t.Error("a call overlapped the serial tool's function")
	}
}
