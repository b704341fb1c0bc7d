// Package roomtest sets up, in tests, a call whose arguments' Go values
// find no room the first time they are read and room the second time:
// the room the calls running at once share (package tool) is held by a
// running call, which the second reading lets end and waits for.
package roomtest

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Knock is a text argument whose second reading lets the running call
// end and waits until it has returned.
type Knock string

var knocks struct {
	n       atomic.Int32
	release chan struct{} // closed at the second reading
	ended   chan struct{} // closed when the running call has returned
}

func (k Knock) MarshalText() ([]byte, error) { return []byte(k), nil }

func (k *Knock) UnmarshalText(b []byte) error {
	if knocks.n.Add(1) == 2 {
		close(knocks.release)
		<-knocks.ended
	}
	*k = Knock(b)
	return nil
}

// Row is 512 bytes of Go value for the 2 of "{}".
type Row struct {
	A [64]int64 `json:"a,omitempty"`
}

// Guarded is the input of the tool whose call is read twice: its Knock
// first, then rows that need more room than the running call leaves.
type Guarded struct {
	Tag  Knock `json:"tag"`
	Rows []Row `json:"rows"`
}

// Rows returns n rows, each as {}, separated by commas.
func Rows(n int) string { return strings.TrimSuffix(strings.Repeat("{},", n), ",") }

// GuardedArgs are the arguments of the call read twice: 16,384 rows, 28
// MiB of room.
var GuardedArgs = json.RawMessage(`{"tag":"x","rows":[` + Rows(16<<10) + `]}`)

// Start sets a memory limit that leaves a room of 32 MiB, until t ends,
// and starts a call that holds 12 MiB of it until the second reading of
// a Knock. It returns how many times a Knock was read so far.
func Start(t *testing.T) (reads func() int32) {
	t.Helper()
	prev := debug.SetMemoryLimit(128 << 20)
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	knocks.release, knocks.ended = make(chan struct{}), make(chan struct{})
	knocks.n.Store(0)
	started := make(chan struct{})
	holder, err := reflectimpl.Create(func(in struct {
		Rows []Row `json:"rows"`
	}) int {
		close(started)
		<-knocks.release
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "holder"}))
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(knocks.ended)
		holder.Invoke(context.Background(), json.RawMessage(`{"rows":[`+Rows(12<<10)+`]}`))
	}()
	<-started
	return knocks.n.Load
}
