package mcpserver

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestEncodingMiddlewareMade: the middleware does not encode a tools/call
// result that the handler marked as made of the invoker's bytes, nor a
// listed tool that addTool added and recorded (these would not encode:
// were they encoded, the request would fail), and encodes every other:
// the same result unmarked, one marked but replaced on its way out,
// another method's, a listed tool of the same name that is another.
func TestEncodingMiddlewareMade(t *testing.T) {
	bad := func() *mcp.CallToolResult { return &mcp.CallToolResult{Meta: mcp.Meta{"x": math.NaN()}} }
	badTool := func() *mcp.Tool { return &mcp.Tool{Name: "made", Meta: mcp.Meta{"x": math.NaN()}} }
	made := badTool()
	check := &served{gate: newGate(), encodeCheck: encodeCheck{made: map[string]*mcp.Tool{"made": made}}}
	call := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "t"}}
	tests := []struct {
		name    string
		method  string
		handler mcp.MethodHandler
		checked bool
	}{
		{"marked", "tools/call", func(ctx context.Context, _ string, _ mcp.Request) (mcp.Result, error) {
			res := bad()
			markMade(ctx, res)
			return res, nil
		}, false},
		{"not marked", "tools/call", func(context.Context, string, mcp.Request) (mcp.Result, error) { return bad(), nil }, true},
		{"marked, another returned", "tools/call", func(ctx context.Context, _ string, _ mcp.Request) (mcp.Result, error) {
			markMade(ctx, bad())
			return bad(), nil
		}, true},
		{"a list of tools made", "tools/list", func(context.Context, string, mcp.Request) (mcp.Result, error) {
			return &mcp.ListToolsResult{Tools: []*mcp.Tool{made, {Name: "other"}}}, nil
		}, false},
		{"a list of a tool not made", "tools/list", func(context.Context, string, mcp.Request) (mcp.Result, error) {
			return &mcp.ListToolsResult{Tools: []*mcp.Tool{made, badTool()}}, nil
		}, true},
		{"another method", "resources/read", func(ctx context.Context, _ string, _ mcp.Request) (mcp.Result, error) {
			markMade(ctx, bad()) // no call's context: nothing to mark
			return &mcp.ReadResourceResult{Meta: mcp.Meta{"x": math.Inf(-1)}}, nil
		}, true},
	}
	for _, tt := range tests {
		res, err := check.middleware(tt.handler)(context.Background(), tt.method, call)
		var we *jsonrpc.Error
		switch {
		case !tt.checked && (err != nil || res == nil):
			t.Errorf("%s: %v, %v; want the result passed on unencoded", tt.name, res, err)
		case tt.checked && (!errors.As(err, &we) || we.Code != codeInternal || res != nil ||
			!strings.HasPrefix(we.Message, "Internal error: the result of ") || !strings.Contains(we.Message, "could not be encoded as JSON: ") ||
			!strings.HasSuffix(we.Message, ": json: unsupported value: NaN") && !strings.HasSuffix(we.Message, ": json: unsupported value: -Inf")):
			t.Errorf("%s: %v, %v; want an internal error", tt.name, res, err)
		}
	}
}

// TestHandlersMarkMade: the handlers of this package mark the results
// they make of the invoker's bytes, which the middleware then does not
// encode again: Handler's (Register's), and a drop-in's, whose handler
// returned no result of its own or one that encodes.
func TestHandlersMarkMade(t *testing.T) {
	echo, err := reflectimpl.Create(func(in struct {
		Text string `json:"text"`
	}) (struct {
		Text string `json:"text"`
	}, error) {
		return in, nil
	}, reflectimpl.Meta(tool.Meta{Name: "echo"}))
	if err != nil {
		t.Fatal(err)
	}
	type out struct {
		N int `json:"n"`
	}
	dropin := func(res *mcp.CallToolResult) mcp.ToolHandler {
		_, th, err := dropIn(&mcp.Tool{Name: "drop_in"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, out, error) {
			return res, out{N: 1}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return th
	}
	for _, tt := range []struct {
		name string
		h    mcp.ToolHandler
		args string
	}{
		{"Handler", Handler(echo, nil), `{"text":"hi"}`},
		{"drop-in, no result of its own", dropin(nil), `{}`},
		{"drop-in with a result of its own", dropin(&mcp.CallToolResult{Meta: mcp.Meta{"n": 1.5}}), `{}`},
	} {
		made := &callState{gate: newGate()}
		ctx := context.WithValue(context.Background(), callKey{}, made)
		res, err := tt.h(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "echo", Arguments: []byte(tt.args)}})
		if err != nil || res == nil || res.IsError || made.made != res {
			t.Errorf("%s: %+v, %v; marked %p, want it marked", tt.name, res, err, made.made)
		}
	}
}

// TestAddedToolsMade: the tools Register and AddTool add are recorded as
// made when they encode, and not when they do not (a drop-in's _meta
// holds NaN): the lists encode that one.
func TestAddedToolsMade(t *testing.T) {
	echo, err := reflectimpl.Create(func(struct{}) string { return "" }, reflectimpl.Meta(tool.Meta{Name: "echo"}))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := Register(s, []*tool.Tool{echo}, nil); err != nil {
		t.Fatal(err)
	}
	h := func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return nil, nil, nil
	}
	AddTool(s, &mcp.Tool{Name: "fine"}, h)
	AddTool(s, &mcp.Tool{Name: "nan", Meta: mcp.Meta{"x": math.NaN()}}, h)
	c := servedOf(s)
	for name, want := range map[string]bool{"echo": true, "fine": true, "nan": false} {
		if got := c.made[name] != nil; got != want {
			t.Errorf("%s recorded as made: %v, want %v", name, got, want)
		}
	}
}
