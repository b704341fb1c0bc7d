package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type Query struct {
	Court string `json:"court" pattern:"^[a-z]+$"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
}

type Docket struct {
	Court   string   `json:"court"`
	Entries []string `json:"entries"`
}

func GetDocket(ctx context.Context, in Query) (Docket, error) {
	return Docket{Court: in.Court, Entries: []string{"filed", "heard"}[:min(in.Limit, 2)]}, nil
}

func Close(in struct {
	ID string `json:"id"`
}) string {
	return "closed " + in.ID
}

// connect serves tools and returns a client session of the SDK's own
// client over its in-memory transports.
func connect(t *testing.T, tools []*tool.Tool, opts *mcpserver.Options) *mcp.ClientSession {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(server, tools, opts); err != nil {
		t.Fatal(err)
	}
	return connectServer(t, server, nil, "")
}

// connectServer connects a client of the SDK, with copts, to server over
// the in-memory transports, on protocol version (the latest when "").
func connectServer(t *testing.T, server *mcp.Server, copts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, copts).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func tools(t *testing.T) []*tool.Tool {
	gd, err := reflectimpl.Create(GetDocket, reflectimpl.Meta(tool.Meta{
		Description: "Returns a docket.",
		Timeout:     5 * time.Second,
		Version:     "2",
	}))
	if err != nil {
		t.Fatal(err)
	}
	cl, err := reflectimpl.Create(Close, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	return []*tool.Tool{gd, cl}
}

func TestListTools(t *testing.T) {
	ts := tools(t)
	cs := connect(t, ts, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != 2 {
		t.Fatalf("listed %d tools", len(res.Tools))
	}
	byName := map[string]*mcp.Tool{}
	for _, mt := range res.Tools {
		byName[mt.Name] = mt
	}
	for i, want := range ts {
		mt := byName[want.Name]
		if mt == nil {
			t.Fatalf("tool %s not listed", want.Name)
		}
		in, _ := json.Marshal(mt.InputSchema)
		if mt.Name != want.Name || mt.Description != want.Description || !jsonEqual(in, want.InputSchema) {
			t.Errorf("tool %d: %s %q %s; want %s %q %s", i, mt.Name, mt.Description, in, want.Name, want.Description, want.InputSchema)
		}
	}
	gd, cl := byName["get_docket"], byName["close"]
	out, _ := json.Marshal(gd.OutputSchema)
	if !jsonEqual(out, ts[0].OutputSchema) {
		t.Errorf("output schema %s, want %s", out, ts[0].OutputSchema)
	}
	if m := gd.Meta; m["toolschema/timeout"] != "5s" || m["toolschema/version"] != "2" || m["toolschema/parallelSafe"] != true {
		t.Errorf("meta %v", m)
	}
	if a := cl.Annotations; a == nil || a.DestructiveHint == nil || !*a.DestructiveHint {
		t.Errorf("the approval-gated tool is not marked destructive: %+v", a)
	}
}

// jsonEqual compares two JSON texts as values (the SDK re-encodes them).
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

func TestCallTool(t *testing.T) {
	cs := connect(t, tools(t), &mcpserver.Options{
		Approve: func(ctx context.Context, req *mcp.CallToolRequest, tl *tool.Tool, args json.RawMessage) (bool, error) {
			var a struct{ ID string }
			json.Unmarshal(args, &a)
			return a.ID == "ok-to-close", nil
		},
	})
	ctx := context.Background()
	tests := []struct {
		name, tool string
		args       any
		isError    bool
		text       string
		structured string
	}{
		{"good", "get_docket", map[string]any{"court": "nysd"}, false, `{"court":"nysd","entries":["filed","heard"]}`, `{"court":"nysd","entries":["filed","heard"]}`},
		{"bad", "get_docket", map[string]any{"court": "NYSD", "limit": 500, "extra": 1}, true,
			"Argument 'extra' is not a parameter of the tool.\nArgument 'limit' must be at most 100.\nArgument 'court' must match the pattern ^[a-z]+$.", ""},
		{"approved", "close", map[string]any{"id": "ok-to-close"}, false, "closed ok-to-close", ""},
		{"not approved", "close", map[string]any{"id": "other"}, true, "Tool 'close' requires approval for these arguments.", ""},
	}
	for _, tt := range tests {
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tt.tool, Arguments: tt.args})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var texts []string
		for _, c := range r.Content {
			texts = append(texts, c.(*mcp.TextContent).Text)
		}
		if r.IsError != tt.isError || strings.Join(texts, "\n") != tt.text {
			t.Errorf("%s: IsError %v %q; want %v %q", tt.name, r.IsError, texts, tt.isError, tt.text)
		}
		if tt.structured != "" {
			b, _ := json.Marshal(r.StructuredContent)
			if !jsonEqual(b, []byte(tt.structured)) {
				t.Errorf("%s: structured %s", tt.name, b)
			}
		}
	}
}

// TestRegisterDuplicate checks that two tools of one name are refused,
// not listed as one and routed to the other.
func TestRegisterDuplicate(t *testing.T) {
	a, _ := reflectimpl.Create(func() string { return "a" }, reflectimpl.Meta(tool.Meta{Name: "same"}))
	b, _ := reflectimpl.Create(func() string { return "b" }, reflectimpl.Meta(tool.Meta{Name: "same"}))
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	err := mcpserver.Register(server, append([]*tool.Tool{a}, b), nil)
	var dup *tool.CollisionError
	if !errors.As(err, &dup) || *dup != (tool.CollisionError{Name: "same", First: "same", Second: "same"}) {
		t.Fatalf("Register of two tools named same: %v, want a *tool.CollisionError naming it", err)
	}
}
