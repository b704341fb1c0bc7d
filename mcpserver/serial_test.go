package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// overlaps watches the calls of the tools of one server: how many run,
// whether a serial call ever ran beside another call, and the most
// parallel calls seen running at once.
type overlaps struct {
	mu          sync.Mutex
	running     int // calls inside a tool now
	serialIn    int // serial calls among them
	overlapped  int // times a call found another beside a serial call
	maxParallel int
	// barrier, while not nil, holds parallel calls until two of them run
	// at once (or the wait times out): proof that they can.
	barrier chan struct{}
}

// enter records a call starting; leave is to be called when it ends.
func (o *overlaps) enter(serial bool) (leave func()) {
	o.mu.Lock()
	o.running++
	if serial {
		o.serialIn++
	}
	if o.serialIn > 0 && o.running > 1 {
		o.overlapped++
	}
	if !serial {
		o.maxParallel = max(o.maxParallel, o.running)
	}
	barrier := o.barrier
	if !serial && barrier != nil && o.running >= 2 {
		close(barrier)
		o.barrier = nil
	}
	o.mu.Unlock()
	if !serial && barrier != nil {
		select {
		case <-barrier:
		case <-time.After(5 * time.Second):
		}
	}
	// Stay a little, so that calls that could overlap do.
	time.Sleep(time.Millisecond)
	return func() {
		o.mu.Lock()
		o.running--
		if serial {
			o.serialIn--
		}
		o.mu.Unlock()
	}
}

type Shelf struct {
	ID string `json:"id"`
}

// serialServers are the ways a server gets a serial tool (cancel) and a
// parallel one (peek), whose calls o watches: Register, the AddTool
// drop-in (serial by "io.github.toolschema/parallelSafe": false in its
// _meta, as Register lists it, or the deprecated "toolschema/parallelSafe"),
// and Handler added by hand.
var serialServers = []struct {
	name string
	make func(t *testing.T, o *overlaps) *mcp.Server
}{
	{"Register", func(t *testing.T, o *overlaps) *mcp.Server {
		cancel, err := reflectimpl.Create(func(in Shelf) string { defer o.enter(true)(); return "cancelled " + in.ID },
			reflectimpl.Meta(tool.Meta{Name: "cancel", ParallelSafe: new(false)}))
		if err != nil {
			t.Fatal(err)
		}
		peek, err := reflectimpl.Create(func(in Shelf) string { defer o.enter(false)(); return "saw " + in.ID },
			reflectimpl.Meta(tool.Meta{Name: "peek"}))
		if err != nil {
			t.Fatal(err)
		}
		s := newServer()
		if err := mcpserver.Register(s, []*tool.Tool{cancel, peek}, nil); err != nil {
			t.Fatal(err)
		}
		return s
	}},
	{"AddTool", func(t *testing.T, o *overlaps) *mcp.Server {
		return dropInSerial(o, "io.github.toolschema/parallelSafe")
	}},
	{"AddTool, the deprecated key", func(t *testing.T, o *overlaps) *mcp.Server { return dropInSerial(o, "toolschema/parallelSafe") }},
	{"Handler", func(t *testing.T, o *overlaps) *mcp.Server {
		cancel, err := reflectimpl.Create(func(in Shelf) string { defer o.enter(true)(); return "cancelled " + in.ID },
			reflectimpl.Meta(tool.Meta{Name: "cancel", ParallelSafe: new(false)}))
		if err != nil {
			t.Fatal(err)
		}
		peek, err := reflectimpl.Create(func(in Shelf) string { defer o.enter(false)(); return "saw " + in.ID },
			reflectimpl.Meta(tool.Meta{Name: "peek"}))
		if err != nil {
			t.Fatal(err)
		}
		s := newServer()
		for _, tl := range []*tool.Tool{cancel, peek} {
			s.AddTool(mcpserver.Tool(tl), mcpserver.Handler(tl, nil))
		}
		return s
	}},
	{"Handler before Register", func(t *testing.T, o *overlaps) *mcp.Server {
		// Handler is not told its server: it finds the server's gate in
		// the call's context, where Register's middleware puts it.
		cancel, err := reflectimpl.Create(func(in Shelf) string { defer o.enter(true)(); return "cancelled " + in.ID },
			reflectimpl.Meta(tool.Meta{Name: "cancel", ParallelSafe: new(false)}))
		if err != nil {
			t.Fatal(err)
		}
		peek, err := reflectimpl.Create(func(in Shelf) string { defer o.enter(false)(); return "saw " + in.ID },
			reflectimpl.Meta(tool.Meta{Name: "peek"}))
		if err != nil {
			t.Fatal(err)
		}
		s := newServer()
		s.AddTool(mcpserver.Tool(cancel), mcpserver.Handler(cancel, nil))
		if err := mcpserver.Register(s, []*tool.Tool{peek}, nil); err != nil {
			t.Fatal(err)
		}
		return s
	}},
}

// dropInSerial returns a server of the drop-in's cancel, serial by the
// _meta key, and peek.
func dropInSerial(o *overlaps, key string) *mcp.Server {
	s := newServer()
	mcpserver.AddTool(s, &mcp.Tool{Name: "cancel", Meta: mcp.Meta{key: false}},
		func(_ context.Context, _ *mcp.CallToolRequest, in Shelf) (*mcp.CallToolResult, any, error) {
			defer o.enter(true)()
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "cancelled " + in.ID}}}, nil, nil
		})
	mcpserver.AddTool(s, &mcp.Tool{Name: "peek"},
		func(_ context.Context, _ *mcp.CallToolRequest, in Shelf) (*mcp.CallToolResult, any, error) {
			defer o.enter(false)()
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "saw " + in.ID}}}, nil, nil
		})
	return s
}

func newServer() *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
}

// TestSerialTools calls a serial tool and a parallel one of a server at
// the same time, from the SDK's client: a serial call never runs beside
// another call of the server, and parallel calls still run beside each
// other. Run it with -race: a serial tool's state is not guarded.
func TestSerialTools(t *testing.T) {
	for _, sv := range serialServers {
		for _, tr := range transports {
			t.Run(sv.name+"/"+tr.name, func(t *testing.T) {
				o := &overlaps{barrier: make(chan struct{})}
				cs := tr.connect(t, sv.make(t, o))
				var wg sync.WaitGroup
				call := func(name string, i int) {
					defer wg.Done()
					r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(fmt.Sprintf(`{"id":"%d"}`, i))})
					if err != nil {
						t.Errorf("%s %d: %v", name, i, err)
						return
					}
					if r.IsError {
						t.Errorf("%s %d: %s", name, i, texts(t, r))
					}
				}
				// Parallel calls alone first: two of them run at once.
				for i := range 4 {
					wg.Add(1)
					go call("peek", i)
				}
				wg.Wait()
				// Then both tools at once.
				for i := range 24 {
					wg.Add(2)
					go call("cancel", i)
					go call("peek", i)
				}
				wg.Wait()
				o.mu.Lock()
				defer o.mu.Unlock()
				if o.overlapped > 0 {
					t.Errorf("a serial call ran beside another call %d times", o.overlapped)
				}
				if o.maxParallel < 2 {
					t.Errorf("parallel calls ran one at a time (at most %d at once)", o.maxParallel)
				}
			})
		}
	}
}

// TestSerialPerServer checks that a serial call holds its own server only:
// a serial tool of one server waits for a call of another server's tools,
// which runs meanwhile. The same for tools added by hand with Handler on
// servers that HTTPHandler serves: the server's gate is its middleware's,
// not the one of the process's servers of Handler's alone, over any of
// its transports.
func TestSerialPerServer(t *testing.T) {
	for _, tt := range []struct {
		name  string
		serve func(t *testing.T, s *mcp.Server, tl *tool.Tool)
	}{
		{"Register", func(t *testing.T, s *mcp.Server, tl *tool.Tool) {
			if err := mcpserver.Register(s, []*tool.Tool{tl}, nil); err != nil {
				t.Fatal(err)
			}
		}},
		{"Handler, served by HTTPHandler", func(t *testing.T, s *mcp.Server, tl *tool.Tool) {
			s.AddTool(mcpserver.Tool(tl), mcpserver.Handler(tl, nil))
			mcpserver.HTTPHandler(s, nil)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			started, other := make(chan struct{}), make(chan struct{})
			wait, err := reflectimpl.Create(func(ctx context.Context) (string, error) {
				close(started)
				select {
				case <-other:
					return "done", nil
				case <-ctx.Done():
					return "", ctx.Err()
				}
			}, reflectimpl.Meta(tool.Meta{Name: "wait", ParallelSafe: new(false)}))
			if err != nil {
				t.Fatal(err)
			}
			release, err := reflectimpl.Create(func() string { close(other); return "released" },
				reflectimpl.Meta(tool.Meta{Name: "release", ParallelSafe: new(false)}))
			if err != nil {
				t.Fatal(err)
			}
			a, b := newServer(), newServer()
			tt.serve(t, a, wait)
			tt.serve(t, b, release)
			ca, cb := connectServer(t, a, nil, ""), connectServer(t, b, nil, "")
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			waited := make(chan error, 1)
			go func() {
				r, err := ca.CallTool(ctx, &mcp.CallToolParams{Name: "wait", Arguments: json.RawMessage(`{}`)})
				if err == nil && r.IsError {
					err = fmt.Errorf("wait: %s", texts(t, r))
				}
				waited <- err
			}()
			select {
			case <-started:
			case err := <-waited:
				t.Fatalf("wait ended before it started: %v", err)
			}
			r, err := cb.CallTool(ctx, &mcp.CallToolParams{Name: "release", Arguments: json.RawMessage(`{}`)})
			if err != nil || r.IsError {
				t.Fatalf("release: %v %v", err, r)
			}
			if err := <-waited; err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestSerialAbandoned: a serial call that timed out, whose function goes
// on regardless, still holds the server: a call of another tool waits
// until that function returns.
func TestSerialAbandoned(t *testing.T) {
	var running, overlapped atomic.Int32
	release := make(chan struct{})
	stuck, err := reflectimpl.Create(func() string {
		running.Add(1)
		defer running.Add(-1)
		<-release
		return "late"
	}, reflectimpl.Meta(tool.Meta{Name: "stuck", ParallelSafe: new(false), Timeout: 20 * time.Millisecond}))
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
	s := newServer()
	if err := mcpserver.Register(s, []*tool.Tool{stuck, peek}, nil); err != nil {
		t.Fatal(err)
	}
	cs := connectServer(t, s, nil, "")
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "stuck", Arguments: json.RawMessage(`{}`)})
	if err != nil || !r.IsError || r.Meta["toolschema/code"] != string(tool.TimedOut) {
		t.Fatalf("stuck: %+v, %v; want a timeout", r, err)
	}
	peeked := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "peek", Arguments: json.RawMessage(`{}`)})
		peeked <- err
	}()
	select {
	case err := <-peeked:
		t.Fatalf("peek ran while the timed-out serial call's function still ran (%v)", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if err := <-peeked; err != nil {
		t.Fatal(err)
	}
	if n := overlapped.Load(); n != 0 {
		t.Errorf("peek ran beside the serial call %d times", n)
	}
}
