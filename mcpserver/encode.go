package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// codeInternal is JSON-RPC's internal error.
const codeInternal = -32603

// An encodeCheck is what a served's middleware needs to answer a
// request whose result encoding/json cannot encode (a NaN, a MarshalJSON
// that fails, json.RawMessage that is not JSON) with an internal error
// (-32603) that names the tool, or the method, and gives the encoder's
// reason. The go-sdk sends no answer at all for such a result (it logs
// the failure, and drops the response): the client would wait for good,
// and a transport that counts the requests not yet answered
// (StdioTransport, HTTPHandler) would hold its place for good.
//
// What this package made is not encoded twice: a tools/call result that
// its handlers made of the bytes the invoker wrote is marked in the
// call's context (callState), and a tools/list result's tools that
// addTool added were encoded once when added. Every other result is
// encoded once here to be checked: the SDK's tools', a drop-in's whose
// result the handler returned as its own, every other method's. What a
// middleware added after this one returns is not checked, nor what one
// added before it (nearer the tools) changes in a marked result: the
// mark is the result's pointer.
//
// It holds the tools addTool added whose listing encodes, by name: a
// tools/list result does not encode them again. A tool the SDK added
// under the same name since is another *mcp.Tool.
type encodeCheck struct {
	mu   sync.Mutex
	made map[string]*mcp.Tool
}

// added records mt, which addTool added, as made when it encodes; one
// that does not is encoded, and refused, in each list.
func (c *encodeCheck) added(mt *mcp.Tool) {
	ok := encodes(mt) == nil
	c.mu.Lock()
	defer c.mu.Unlock()
	if ok {
		c.made[mt.Name] = mt
	} else {
		delete(c.made, mt.Name)
	}
}

// isMade reports whether t is a tool added and recorded by added.
func (c *encodeCheck) isMade(t *mcp.Tool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.made[t.Name] == t
}

// listEncodes is encodes for a tools/list result: its tools but those
// made are encoded one by one, and the rest of it without them.
func (c *encodeCheck) listEncodes(lr *mcp.ListToolsResult) error {
	for _, t := range lr.Tools {
		if t == nil || c.isMade(t) {
			continue
		}
		if err := encodes(t); err != nil {
			return fmt.Errorf("tool '%s': %w", t.Name, err)
		}
	}
	rest := *lr
	rest.Tools = nil
	return encodes(&rest)
}

// encodes encodes v as the SDK does, into nothing, and returns why it
// cannot be encoded; a panic in v's own marshalling is such a reason.
func encodes(v any) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("encoding it panicked: %s", sprintPanic(p))
		}
	}()
	enc := json.NewEncoder(io.Discard)
	enc.SetEscapeHTML(false)
	err = enc.Encode(v)
	if me, ok := err.(*json.MarshalerError); ok && me.Type == reflect.TypeOf(v) {
		// The result's own MarshalJSON (the SDK's) only passes on what
		// failed inside it.
		err = me.Unwrap()
	}
	return err
}

// sprintPanic is a panic's value as text; a value whose Error or String
// panics in turn is named by its type.
func sprintPanic(p any) (s string) {
	defer func() {
		if recover() != nil {
			s = fmt.Sprintf("a %T", p)
		}
	}()
	return fmt.Sprint(p)
}

// unencodable is the internal error that answers a request whose result
// could not be encoded, logged at level error with slog's default logger
// (the server's is not known here): a tool that returns such a result
// has a fault to fix.
func unencodable(ctx context.Context, method string, req mcp.Request, err error) error {
	what := method
	if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok && method == "tools/call" {
		what = "tool '" + p.Name + "'"
	}
	slog.Default().LogAttrs(ctx, slog.LevelError, "mcpserver: a result could not be encoded as JSON; the client got an internal error",
		slog.String("method", method), slog.String("of", what), slog.String("error", err.Error()))
	return &jsonrpc.Error{Code: codeInternal, Message: cutMessage(fmt.Sprintf(
		"Internal error: the result of %s could not be encoded as JSON: %v", what, err))}
}
