package mcpserver_test

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/roomtest"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestHeldValuesBusy: a call whose arguments' Go values find no room
// left, the calls running at once holding the room the process gives
// them (a quarter of its memory limit), reaches the client as a busy
// server's error result, not started, to retry; once the running call
// is done, the same call goes through.
func TestHeldValuesBusy(t *testing.T) {
	prev := debug.SetMemoryLimit(128 << 20) // a room of 32 MiB
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	type Row struct {
		A [64]int64 `json:"a,omitempty"` // 512 bytes for the 2 of "{}"
	}
	started, release := make(chan struct{}, 2), make(chan struct{})
	rows, err := reflectimpl.Create(func(ctx context.Context, in struct {
		Rows []Row `json:"rows"`
	}) (int, error) {
		started <- struct{}{}
		<-release
		return len(in.Rows), nil
	}, reflectimpl.Meta(tool.Meta{Name: "rows", Description: "Counts rows."}))
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, []*tool.Tool{rows}, nil)
	// 12 MiB of values, made in slices as they grow: more than half the room.
	args := json.RawMessage(`{"rows":[` + strings.TrimSuffix(strings.Repeat("{},", 24<<10), ",") + `]}`)
	r, first := heldCall(t, cs, "rows", args, started, release)
	want := "Tool 'rows' failed: SERVER_BUSY: the calls running now hold all the memory the server gives to the values of arguments. Recovery: retry. Retry after 1 s."
	if !r.IsError || texts(t, r) != want || r.Meta["io.github.toolschema/errorCode"] != "SERVER_BUSY" ||
		r.Meta["io.github.toolschema/outcome"] != "not_started" {
		t.Errorf("a call with no room left: IsError %v %q %v; want %q, code SERVER_BUSY, not started", r.IsError, texts(t, r), r.Meta, want)
	}
	if first == nil || first.IsError {
		t.Fatalf("the running call: %+v", first)
	}
}

// TestApprovalAfterBusy: a call needing approval whose arguments could
// not be checked (the calls running at once held the room their values
// need), and could by the time Invoke read them again, is asked about
// and runs. Before, the client was answered that it needed an approval
// nobody was asked for.
func TestApprovalAfterBusy(t *testing.T) {
	roomtest.Start(t)
	guarded, err := reflectimpl.Create(func(in roomtest.Guarded) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "guarded", Description: "Counts rows.", RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	cs := connect(t, []*tool.Tool{guarded}, &mcpserver.Options{
		Approve: func(context.Context, *mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error) {
			asked++
			return true, nil
		},
	})
	r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "guarded", Arguments: roomtest.GuardedArgs})
	if err != nil {
		t.Fatal(err)
	}
	if r.IsError || texts(t, r) != "16384" || asked != 1 {
		t.Errorf("the call: %q, the hook asked %d times; want it run, asked once", texts(t, r), asked)
	}
}

// TestArgsMapHeld: the map of the arguments a drop-in with a schema set
// by hand is given holds its values while the handler runs, and they take
// room as the values of a typed input do: a second call, the first
// holding most of the room, is answered as a busy server; alone, it runs.
// Before, the map was made by encoding/json beside the room, and any
// number of such calls ran at once.
func TestArgsMapHeld(t *testing.T) {
	prev := debug.SetMemoryLimit(64 << 20) // a room of 16 MiB
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	started, release := make(chan struct{}), make(chan struct{})
	var calls atomic.Int32
	s := mcp.NewServer(&mcp.Implementation{Name: "rows"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "rows", InputSchema: &jsonschema.Schema{Type: "object"}},
		func(_ context.Context, _ *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
			if calls.Add(1) == 1 { // the first call holds its map until released
				close(started)
				<-release
			}
			rows, _ := args["rows"].([]any)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strconv.Itoa(len(rows))}}}, nil, nil
		})
	cs := connectServer(t, s, nil, "")
	// 60,000 values into any: some 9 MiB of Go values as the invoker
	// counts them.
	args := json.RawMessage(`{"rows":[` + strings.TrimSuffix(strings.Repeat("[],", 60000-2), ",") + `]}`)
	r, first := heldCall(t, cs, "rows", args, started, release)
	if !r.IsError || r.Meta["io.github.toolschema/errorCode"] != "SERVER_BUSY" {
		t.Errorf("a second call while the first holds its map: IsError %v %q %v; want SERVER_BUSY", r.IsError, texts(t, r), r.Meta)
	}
	if first == nil || first.IsError || texts(t, first) != "59998" {
		t.Fatalf("the running call: %+v", first)
	}
}

// heldCall calls the tool name with args over cs while a first call of it
// runs: the first is made in the background and holds its room until
// release is closed (its handler receives on started, then waits). It
// returns the second call's result and, once released, the first's, and
// checks that the call made alone afterwards goes through.
func heldCall(t *testing.T, cs *mcp.ClientSession, name string, args json.RawMessage, started <-chan struct{}, release chan struct{}) (second, first *mcp.CallToolResult) {
	t.Helper()
	call := func() (*mcp.CallToolResult, error) {
		return cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	}
	done := make(chan *mcp.CallToolResult, 1)
	go func() {
		r, err := call()
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	<-started
	second, err := call()
	close(release)
	first = <-done
	if err != nil {
		t.Fatal(err)
	}
	if r, err := call(); err != nil || r.IsError {
		t.Errorf("the call again, alone: %v %+v", err, r)
	}
	return second, first
}
