package mcpserver

import (
	"context"
	"runtime"
	"sync"
	"weak"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A served is what this package keeps of one server: the gate of its
// tool calls (serial tools), what it does to the server's tool lists and
// which tools it added (listing), and which of their listings encode
// (encodeCheck). A server has one, made by servedOf when Register,
// mcpserver.AddTool or HTTPHandler first meets it, with one receiving
// middleware that does all of it.
type served struct {
	gate *gate
	listing
	encodeCheck
	installed sync.Once // the middleware put on the server
}

// servers holds the served of each server, by a weak pointer to the
// server: a server that is no longer used is collected, and its entry
// deleted then.
var servers sync.Map // weak.Pointer[mcp.Server] -> *served

// servedOf returns the served of s, made once, with its middleware. It
// returns once the middleware is on s, to every caller: of two first
// calls at once (Register and HTTPHandler in two goroutines), the one
// that did not make it waits for it too.
func servedOf(s *mcp.Server) *served {
	key := weak.Make(s)
	v, ok := servers.Load(key)
	if !ok {
		var loaded bool
		v, loaded = servers.LoadOrStore(key, &served{gate: newGate(), encodeCheck: encodeCheck{made: map[string]*mcp.Tool{}}})
		if !loaded {
			runtime.AddCleanup(s, func(key weak.Pointer[mcp.Server]) { servers.Delete(key) }, key)
		}
	}
	sv := v.(*served)
	sv.installed.Do(func() {
		if testHookInstall != nil {
			testHookInstall()
		}
		s.AddReceivingMiddleware(sv.middleware)
	})
	return sv
}

// testHookInstall, when set by a test, runs before the middleware is put
// on a server.
var testHookInstall func()

// callKey is the context key of a tools/call's callState.
type callKey struct{}

// A callState is what the middleware gives a tools/call of its server,
// in the call's context, for this package's handlers to find (Handler's
// included, which is not told its server): the gate the call goes
// through, and where a handler puts the result it made of the invoker's
// bytes, which encode (the invoker's JSON parts are valid JSON, and the
// rest is text, bytes, and _meta of strings, bools and integers): the
// middleware does not encode that result again to check it.
type callState struct {
	gate *gate
	made *mcp.CallToolResult
}

// markMade records res as made of the invoker's bytes, when ctx is a
// call's that a served's middleware watches.
func markMade(ctx context.Context, res *mcp.CallToolResult) {
	if c, ok := ctx.Value(callKey{}).(*callState); ok {
		c.made = res
	}
}

// middleware is the served's receiving middleware. For a tools/call, it
// answers the call of a tool the SDK added whose arguments pass the
// bound on values (sdkToolArguments), and gives the call its callState.
// Every error a method answers with is cut (boundErr). A result is
// encoded as the SDK would, but one a handler marked made, and the tools
// of a list recorded as made; one that does not encode is answered with
// an internal error (encodeCheck). Last, a tools/list result is changed
// as the listing says (listing.apply).
func (sv *served) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		var call *callState
		if method == "tools/call" {
			if refused := sdkToolArguments(req, sv.isOurs); refused != nil {
				return refused, nil
			}
			call = &callState{gate: sv.gate}
			ctx = context.WithValue(ctx, callKey{}, call)
		}
		res, err := next(ctx, method, req)
		if err != nil || res == nil {
			return res, boundErr(err)
		}
		if call != nil && call.made != nil && res == mcp.Result(call.made) {
			return res, nil
		}
		lr, list := res.(*mcp.ListToolsResult)
		if list && lr != nil {
			err = sv.listEncodes(lr)
		} else {
			err = encodes(res)
		}
		if err != nil {
			return nil, boundErr(unencodable(ctx, method, req, err))
		}
		if list && lr != nil {
			sv.apply(req, lr)
		}
		return res, nil
	}
}
