package mcpserver_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestStatelessHTTP serves the same tools from two instances of a server,
// each behind the SDK's streamable HTTP handler in stateless mode, with a
// client whose requests go to them in turn (a load balancer's round
// robin). Every call is served wherever it lands, and an approval asked
// by elicitation (a multi round trip: its state travels with the call)
// is asked by one instance and honoured by the other.
func TestStatelessHTTP(t *testing.T) {
	del, err := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	gd, err := reflectimpl.Create(GetDocket)
	if err != nil {
		t.Fatal(err)
	}
	var servers []*mcp.Server
	for range 2 {
		s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
		if err := mcpserver.Register(s, []*tool.Tool{del, gd}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
			t.Fatal(err)
		}
		mcpserver.AddTool(s, &mcp.Tool{Name: "greet"}, greet)
		servers = append(servers, s)
	}
	// Which instance served each call of delete with good arguments.
	hits := make([]atomic.Int64, len(servers))
	var deletes []int
	var mu sync.Mutex
	for i, s := range servers {
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok {
					hits[i].Add(1)
					if p.Name == "delete" && string(p.Arguments) == `{"id":"abc"}` {
						mu.Lock()
						deletes = append(deletes, i)
						mu.Unlock()
					}
				}
				return next(ctx, method, req)
			}
		})
	}
	var asked atomic.Int64
	cs := connectHTTP(t, servers, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked.Add(1)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}, nil
		},
	})
	calls := []call{
		{"docket", "get_docket", `{"court":"nysd"}`, false, `{"court":"nysd","entries":["filed","heard"]}`, `{"court":"nysd","entries":["filed","heard"]}`},
		{"docket refused", "get_docket", `{"court":"NYSD"}`, true, "Argument 'court' must match the pattern ^[a-z]+$.", ""},
		{"greet", "greet", `{"name":"Ada"}`, false, `{"greeting":"Hello, Ada"}`, `{"greeting":"Hello, Ada"}`},
		{"greet refused", "greet", `{}`, true, "Argument 'name' is required.", ""},
		{"approved by elicitation", "delete", `{"id":"abc"}`, false, "deleted abc", ""},
		{"refused before approval", "delete", `{"id":"ABC"}`, true, "Argument 'id' must match the pattern ^[a-z]+$.", ""},
	}
	for _, c := range calls {
		checkCall(t, cs, c)
	}
	if asked.Load() != 1 {
		t.Errorf("the user was asked %d times, want once", asked.Load())
	}
	if len(deletes) != 2 || deletes[0] == deletes[1] {
		t.Errorf("the approved call and its retry were served by instances %v, want two different ones", deletes)
	}
	if hits[0].Load() == 0 || hits[1].Load() == 0 {
		t.Errorf("calls served by the instances: %d and %d, want both used", hits[0].Load(), hits[1].Load())
	}
}

// TestStatelessHTTPOldClient checks the stateless handler with a client of
// the protocol before 2026-07-28: its calls are served, and a call that
// needs an approval by elicitation is refused, not failed, since a
// stateless server cannot ask that client anything.
func TestStatelessHTTPOldClient(t *testing.T) {
	del, _ := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
		t.Fatal(err)
	}
	mcpserver.AddTool(s, &mcp.Tool{Name: "greet"}, greet)
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true}))
	t.Cleanup(hs.Close)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "old", Version: "v0"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			t.Error("a stateless server asked the client")
			return &mcp.ElicitResult{Action: "decline"}, nil
		},
	}).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-06-18"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	checkCall(t, cs, call{"greet", "greet", `{"name":"Ada"}`, false, `{"greeting":"Hello, Ada"}`, `{"greeting":"Hello, Ada"}`})
	checkCall(t, cs, call{"delete", "delete", `{"id":"abc"}`, true, "Tool 'delete' requires approval for these arguments.", ""})
}
