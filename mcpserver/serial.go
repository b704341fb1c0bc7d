package mcpserver

import (
	"context"
	"encoding/json"
	"errors"

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

// loose is the gate of the calls that came to a server this package has
// no served for (handlers made by Handler and added by hand, alone, on a
// server no HTTPHandler serves): their serial calls run alone among all
// such calls of the process.
var loose = newGate()

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
	g := loose
	if c, ok := ctx.Value(callKey{}).(*callState); ok {
		g = c.gate
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
