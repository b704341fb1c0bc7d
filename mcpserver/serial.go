package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"sync"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/sync/semaphore"

	"github.com/toolschema/toolschema/tool"
)

// A gate admits the tool calls of one server: the call of a tool that is
// not parallel-safe alone, the others side by side. It is a semaphore of
// everyone units: a parallel call takes one, a serial call all of them.
// Waiters are served in order, so a serial call waiting keeps later
// parallel calls waiting behind it, and no kind of call starves the
// other; a waiter whose context ends stops waiting.
type gate struct {
	sem *semaphore.Weighted
}

// everyone is the size of a gate: more parallel calls than can run.
const everyone = 1 << 40

func newGate() *gate { return &gate{sem: semaphore.NewWeighted(everyone)} }

func weight(serial bool) int64 {
	if serial {
		return everyone
	}
	return 1
}

// enter waits until the call may run; the error is ctx's when it ends
// first. A call that entered leaves.
func (g *gate) enter(ctx context.Context, serial bool) error {
	return g.sem.Acquire(ctx, weight(serial))
}

func (g *gate) leave(serial bool) { g.sem.Release(weight(serial)) }

// gates holds the gate of each server this package added tools to, by a
// weak pointer to the server: a server that is no longer used is
// collected, and its entry deleted then.
var gates sync.Map // weak.Pointer[mcp.Server] -> *gate

// loose is the gate of the calls that came to a server this package did
// not add tools to (handlers made by Handler and added by hand, alone):
// their serial calls run alone among all such calls of the process.
var loose = newGate()

// gateKey is the context key of the gate of the server a call came to.
type gateKey struct{}

// bind gives s its gate, once: a receiving middleware puts it in the
// context of every tools/call request of s, where the handlers of this
// package find it (Handler's included, which is not told its server).
// It gives s checkEncoding's middleware too.
func bind(s *mcp.Server) {
	checkEncoding(s)
	key := weak.Make(s)
	if _, ok := gates.Load(key); ok {
		return
	}
	g := newGate()
	if _, loaded := gates.LoadOrStore(key, g); loaded {
		return
	}
	runtime.AddCleanup(s, func(key weak.Pointer[mcp.Server]) { gates.Delete(key) }, key)
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				ctx = context.WithValue(ctx, gateKey{}, g)
			}
			r, err := next(ctx, method, req)
			return r, boundErr(err)
		}
	})
}

// boundErr cuts the message of an error a method answers with to
// 512 bytes: the SDK's repeat the client's text (an unknown
// tool's name, whole), on every transport. A JSON-RPC error keeps its
// code, and loses a long data.
func boundErr(err error) error {
	if err == nil {
		return nil
	}
	var we *jsonrpc.Error
	if errors.As(err, &we) && we == err {
		if len(we.Message) <= maxErrorMessageBytes && len(we.Data) <= maxErrorMessageBytes {
			return err
		}
		out := &jsonrpc.Error{Code: we.Code, Message: cutMessage(we.Message)}
		if len(we.Data) <= maxErrorMessageBytes {
			out.Data = we.Data
		}
		return out
	}
	if msg := err.Error(); len(msg) > maxErrorMessageBytes {
		return errors.New(cutMessage(msg))
	}
	return err
}

// invoke calls t through the gate of the server that ctx's call came to:
// alone when t is not parallel-safe. The gate is held until the tool's
// function has returned (tool.WhenDone): a call that Invoke gave up (its
// timeout, its caller gone) holds it while its function goes on.
func invoke(ctx context.Context, t *tool.Tool, args json.RawMessage) (*tool.Result, error) {
	g, _ := ctx.Value(gateKey{}).(*gate)
	if g == nil {
		g = loose
	}
	serial := !t.IsParallelSafe()
	if err := g.enter(ctx, serial); err != nil {
		return nil, err
	}
	return t.Invoke(tool.WhenDone(ctx, func() { g.leave(serial) }), args)
}

// parallelSafe reads a drop-in tool's "io.github.toolschema/parallelSafe"
// _meta (or the deprecated "toolschema/parallelSafe"), the key Register
// lists: only false makes its calls serial.
func parallelSafe(m mcp.Meta) bool {
	v, _ := getMeta(m, "parallelSafe")
	safe, ok := v.(bool)
	return !ok || safe
}
