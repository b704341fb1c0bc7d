package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// panicText returns what f panics with, "" when it does not.
func panicText(f func()) (text string) {
	defer func() {
		if p := recover(); p != nil {
			text = fmt.Sprint(p)
		}
	}()
	f()
	return ""
}

type Refused struct {
	Name  string   `json:"name"`
	Inbox chan int `json:"inbox"`
}

type BadTag struct {
	Limit int `json:"limit" maximum:"lots"`
}

// TestDropInsPanicOnRefusedTypes: a type the contract refuses panics at
// registration, naming the rule, the field and the type, where mcp-go
// prints to stderr and carries on with no schema.
func TestDropInsPanicOnRefusedTypes(t *testing.T) {
	h := func(context.Context, mcp.CallToolRequest, Refused) (*mcp.CallToolResult, error) { return nil, nil }
	for _, tc := range []struct {
		name string
		f    func()
		want []string
	}{
		{"input map", func() { mcpgo.WithInputSchema[map[string]any]() }, []string{"mcpgo.WithInputSchema[map[string]interface {}]", "OLT002", "map[string]any"}},
		{"input chan field", func() { mcpgo.WithInputSchema[Refused]() }, []string{"mcpgo.WithInputSchema[mcpgo_test.Refused]", "OLT", "inbox", "chan int"}},
		{"input bad tag", func() { mcpgo.WithInputSchema[BadTag]() }, []string{"OLT012", "limit", "maximum"}},
		{"output chan field", func() { mcpgo.WithOutputSchema[Refused]() }, []string{"mcpgo.WithOutputSchema[mcpgo_test.Refused]", "OLT", "inbox", "chan int"}},
		{"typed", func() { mcpgo.NewTypedToolHandler(h) }, []string{"mcpgo.NewTypedToolHandler[mcpgo_test.Refused]", "OLT", "inbox", "chan int"}},
		{"structured result", func() {
			mcpgo.NewStructuredToolHandler(func(context.Context, mcp.CallToolRequest, WeatherRequest) (Refused, error) { return Refused{}, nil })
		}, []string{"mcpgo.NewStructuredToolHandler[mcpgo_test.WeatherRequest, mcpgo_test.Refused]", "OLT", "inbox", "chan int"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := panicText(tc.f)
			if got == "" {
				t.Fatal("no panic")
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("panic %q does not name %q", got, w)
				}
			}
			if strings.Contains(got, "drop_in") {
				t.Errorf("panic %q names the stand-in tool the schemas are made for", got)
			}
		})
	}
}

// TestDropInBusinessError serves a drop-in's business error as a program
// does unless it asks for its outputs checked (tool.WithOutputCheck): the
// code, category and recovery in _meta, the safe message as text.
func TestDropInBusinessError(t *testing.T) {
	s := server.NewMCPServer("weather", "1")
	s.AddTool(mcp.NewTool("weather", mcpgo.WithInputSchema[WeatherRequest](), mcpgo.WithOutputSchema[WeatherResponse]()),
		mcpgo.NewStructuredToolHandler(weather))
	r := call(t, inprocess(t, s), "weather", `{"city":"Nowhere"}`)
	if want := "Tool 'weather' failed: NO_STATION: No station reports for this city. Recovery: fix_arguments."; !r.IsError || text(r) != want {
		t.Errorf("isError %v, text %q, want %q", r.IsError, text(r), want)
	}
	m := r.Meta.AdditionalFields
	if m["toolschema/errorCode"] != "NO_STATION" || m["toolschema/category"] != "not_found" || m["toolschema/recovery"] != "fix_arguments" {
		t.Errorf("_meta = %v", m)
	}
}

// TestTypedHandlerResults passes on what a typed handler returns: nil is
// an empty result, a URL elicitation is mcp-go's to answer (a protocol
// error naming it), its own isError result as it is.
func TestTypedHandlerResults(t *testing.T) {
	type In struct {
		Mode string `json:"mode" enum:"nil, url, own"`
	}
	h := mcpgo.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, in In) (*mcp.CallToolResult, error) {
		switch in.Mode {
		case "url":
			return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{Mode: "url", Message: "sign in", URL: "https://example.com/login"}}}
		case "own":
			return mcp.NewToolResultError("no luck"), nil
		}
		return nil, nil
	})
	s := server.NewMCPServer("typed", "1")
	s.AddTool(mcp.NewTool("typed", mcpgo.WithInputSchema[In]()), h)
	c := inprocess(t, s)
	if r := call(t, c, "typed", `{"mode":"nil"}`); r.IsError || len(r.Content) != 0 {
		t.Errorf("nil: isError %v, content %v, want an empty result", r.IsError, r.Content)
	}
	if r := call(t, c, "typed", `{"mode":"own"}`); !r.IsError || text(r) != "no luck" || r.Meta != nil && r.Meta.AdditionalFields["toolschema/code"] != nil {
		t.Errorf("own: isError %v, text %q, want the handler's result", r.IsError, text(r))
	}
	req := mcp.CallToolRequest{}
	req.Params.Name = "typed"
	req.Params.Arguments = json.RawMessage(`{"mode":"url"}`)
	if _, err := c.CallTool(t.Context(), req); err == nil || !strings.Contains(err.Error(), "elicitation") {
		t.Errorf("url: err = %v, want mcp-go's URL elicitation error", err)
	}
}

// TestWrapRefuses refuses what it cannot check: a schema whose root is
// not an object schema, one that does not compile, no handler.
func TestWrapRefuses(t *testing.T) {
	h := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) { return nil, nil }
	for _, tc := range []struct {
		name string
		tool mcp.Tool
		h    server.ToolHandlerFunc
		want string
	}{
		{"array root", mcp.NewToolWithRawSchema("list", "", json.RawMessage(`{"type":"array"}`)), h, `tool "list"`},
		{"does not compile", mcp.NewToolWithRawSchema("bad", "", json.RawMessage(`{"type":"object","properties":{"a":{"type":"strin"}}}`)), h, "does not compile"},
		{"no handler", mcp.NewTool("x"), nil, "no handler"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := mcpgo.Wrap(tc.tool, tc.h); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one with %q", err, tc.want)
			}
		})
	}
	// A name MCP allows and the providers do not is served as it is.
	st, err := mcpgo.Wrap(mcp.NewTool("docs.search", mcp.WithString("q", mcp.Required())), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(req.GetString("q", "")), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	s := server.NewMCPServer("dotted", "1")
	s.AddTools(st)
	if r := call(t, inprocess(t, s), "docs.search", `{}`); text(r) != "Argument 'q' is required." {
		t.Errorf("text = %q", text(r))
	}
}

// TestWrapHandlerSeesCheckedArguments: a request whose Arguments and
// RawArguments disagree (made in Go, or changed by a middleware) is
// checked by its RawArguments, as mcp-go's BindArguments reads it; the
// handler must then read those, in either form, not the unchecked map.
func TestWrapHandlerSeesCheckedArguments(t *testing.T) {
	var seen string
	var keys int
	var bound struct {
		Q string `json:"q"`
	}
	st, err := mcpgo.Wrap(mcp.NewTool("s", mcp.WithString("q", mcp.Required(), mcp.Enum("ok"))), func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		seen, keys = req.GetString("q", ""), len(req.GetArguments())
		if err := req.BindArguments(&bound); err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(seen), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		raw  string
		args any
	}{
		{"map disagrees", `{"q":"ok"}`, map[string]any{"q": "evil"}},
		{"map has more", `{"q":"ok"}`, map[string]any{"q": "ok", "extra": true}},
		{"raw JSON disagrees", `{"q":"ok"}`, json.RawMessage(`{"q":"evil"}`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen, keys, bound.Q = "", 0, ""
			req := mcp.CallToolRequest{}
			req.Params.Name = "s"
			req.Params.RawArguments = json.RawMessage(tc.raw)
			req.Params.Arguments = tc.args
			r, err := st.Handler(t.Context(), req)
			if err != nil || r.IsError || seen != "ok" || keys != 1 || bound.Q != "ok" {
				t.Errorf("err %v, result %q: the handler read %q of %d arguments and bound %q, want the checked \"ok\" alone", err, text(r), seen, keys, bound.Q)
			}
		})
	}
}
