package mcpgo_test

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// knock is a text argument whose reading, the second time, lets a
// running call end and waits until it has: the room that call held is
// given back between two readings of the same arguments.
type knock string

var knocks struct {
	n       atomic.Int32
	release chan struct{} // closed at the second reading
	ended   chan struct{} // closed when the running call has returned
}

func (k knock) MarshalText() ([]byte, error) { return []byte(k), nil }

func (k *knock) UnmarshalText(b []byte) error {
	if knocks.n.Add(1) == 2 {
		close(knocks.release)
		<-knocks.ended
	}
	*k = knock(b)
	return nil
}

// TestApprovalAfterBusy: a call needing approval whose arguments could
// not be checked (the calls running at once held the room their values
// need), and could by the time Invoke read them again, is asked about
// and runs. Before, the client was answered that it needed an approval
// nobody was asked for.
func TestApprovalAfterBusy(t *testing.T) {
	prev := debug.SetMemoryLimit(128 << 20) // a room of 32 MiB
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	knocks.release, knocks.ended = make(chan struct{}), make(chan struct{})
	knocks.n.Store(0)
	type Row struct {
		A [64]int64 `json:"a,omitempty"`
	}
	rowsOf := func(n int) string { return strings.TrimSuffix(strings.Repeat("{},", n), ",") }
	started := make(chan struct{})
	holder := must(reflectimpl.Create(func(in struct {
		Rows []Row `json:"rows"`
	}) int {
		close(started)
		<-knocks.release
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "holder"})))
	go func() {
		defer close(knocks.ended)
		holder.Invoke(context.Background(), json.RawMessage(`{"rows":[`+rowsOf(12<<10)+`]}`)) // 12 MiB of room
	}()
	<-started

	guarded := must(reflectimpl.Create(func(in struct {
		Tag  knock `json:"tag"`
		Rows []Row `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "guarded", Description: "Counts rows.", RequiresApproval: true})))
	asked := 0
	s := server.NewMCPServer("guarded", "1")
	if err := mcpgo.Register(s, []*tool.Tool{guarded}, &mcpgo.Options{
		Approve: func(context.Context, mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error) {
			asked++
			return true, nil
		},
	}); err != nil {
		t.Fatal(err)
	}
	r := call(t, inprocess(t, s), "guarded", `{"tag":"x","rows":[`+rowsOf(16<<10)+`]}`) // 28 MiB
	if r.IsError || text(r) != "16384" || asked != 1 {
		t.Errorf("the call: %q, the hook asked %d times; want it run, asked once", text(r), asked)
	}
}
