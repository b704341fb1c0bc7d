package rawtool_test

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestChecksTakeRoom: what a raw schema's checks hold while they run
// (about 300 bytes for each value of the arguments) takes room from the
// room the calls running at once share, as a typed call's values do: a
// call whose checks find none left is a busy server's failure, not
// started, and runs once the room is given back. Before, the checks
// took none: 64 calls at once of 65,536 values each held some 1.3 GB
// past the room.
func TestChecksTakeRoom(t *testing.T) {
	prev := debug.SetMemoryLimit(64 << 20) // a room of 16 MiB
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })

	type Row struct {
		A [64]int64 `json:"a,omitempty"`
	}
	started, release := make(chan struct{}), make(chan struct{})
	holder, err := reflectimpl.Create(func(in struct {
		Rows []Row `json:"rows"`
	}) int {
		close(started)
		<-release
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "holder"}))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := rawtool.New(tool.Meta{Name: "sum"},
		json.RawMessage(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"integer"}}},"required":["xs"]}`),
		func(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) { return len(args), nil })
	if err != nil {
		t.Fatal(err)
	}
	// 40,000 values: some 12 MB for the checks.
	args := json.RawMessage(`{"xs":[` + strings.TrimSuffix(strings.Repeat("1,", 40000), ",") + `]}`)

	held := make(chan *tool.Result, 1)
	go func() {
		// 4 MiB of values, made in slices as they grow: half the room.
		r, _ := holder.Invoke(context.Background(), json.RawMessage(`{"rows":[`+strings.TrimSuffix(strings.Repeat("{},", 8<<10), ",")+`]}`))
		held <- r
	}()
	<-started
	r, err := sum.Invoke(context.Background(), args)
	if err != nil {
		t.Fatal(err)
	}
	if r.Failure == nil || r.Failure.Code != "SERVER_BUSY" || r.Started {
		t.Errorf("checks with no room left: %s; want SERVER_BUSY, not started", r.Text())
	}
	close(release)
	if r := <-held; r.IsError {
		t.Fatal(r.Text())
	}
	if r, _ := sum.Invoke(context.Background(), args); r.IsError {
		t.Errorf("the call again, with the room given back: %s", r.Text())
	}
}

// TestChecksRoomNotJSON: arguments that are not JSON, long enough that
// their values would take room, are refused as any are, before any is
// taken.
func TestChecksRoomNotJSON(t *testing.T) {
	echo, err := rawtool.New(tool.Meta{Name: "echo"}, json.RawMessage(`{"type":"object"}`),
		func(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) { return len(args), nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{
		`{"xs":"` + strings.Repeat("a", 64<<10),
		`{"xs":[` + strings.Repeat(`"\\`, 8<<10),
	} {
		r, err := echo.Invoke(context.Background(), json.RawMessage(args))
		if err != nil || r.Code != tool.InvalidArguments {
			t.Errorf("%.20s…: %v %s; want invalid_arguments", args, err, r.Text())
		}
	}
}
