package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// TestDefaultStringForANumber: a builder default of the wrong type (a fork
// of zerodha's kite-mcp-server writes mcp.WithNumber("max_results",
// mcp.DefaultString("10")) and mcp.WithBoolean(..., mcp.DefaultString("true")))
// is not filled in, so a call that leaves the argument out runs as on
// mcp-go, which fills in no defaults: a typed handler reads its zero value,
// an untyped one finds the argument absent. Before, the typed handler
// refused the call ("Argument 'limit' must be an integer.", blaming the
// model for an argument it never sent) and the untyped one got "10".
func TestDefaultStringForANumber(t *testing.T) {
	type In struct {
		Limit int  `json:"limit"`
		All   bool `json:"all"`
	}
	typed := func(_ context.Context, _ mcp.CallToolRequest, in In) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(fmt.Sprintf("limit %d all %v", in.Limit, in.All)), nil
	}
	untyped := func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		b, _ := json.Marshal(req.GetArguments())
		return mcp.NewToolResultText(string(b)), nil
	}
	newTool := func(name string) mcp.Tool {
		return mcp.NewTool(name,
			mcp.WithNumber("limit", mcp.DefaultString("10")),
			mcp.WithBoolean("all", mcp.DefaultString("true")),
			mcp.WithNumber("size", mcp.DefaultNumber(5)))
	}
	wrapped := server.NewMCPServer("wrapped", "1")
	for tool, h := range map[string]server.ToolHandlerFunc{"typed": mcpgo.NewTypedToolHandler(typed), "untyped": untyped} {
		st, err := mcpgo.Wrap(newTool(tool), h)
		if err != nil {
			t.Fatal(err)
		}
		wrapped.AddTools(st)
	}
	built := mcpgo.NewMCPServer("built", "1")
	built.AddTool(newTool("typed"), mcpgo.NewTypedToolHandler(typed))
	built.AddTool(newTool("untyped"), untyped)
	plain := server.NewMCPServer("mcp-go", "1")
	plain.AddTool(newTool("typed"), mcp.NewTypedToolHandler(typed))
	plain.AddTool(newTool("untyped"), untyped)
	for name, s := range map[string]*server.MCPServer{"mcp-go": plain, "Wrap": wrapped, "NewMCPServer": built} {
		c := inprocess(t, s)
		for _, tc := range []struct{ tool, args, want string }{
			{"typed", `{}`, "limit 0 all false"},
			{"typed", `{"limit":3,"all":true}`, "limit 3 all true"},
			{"untyped", `{"all":false}`, map[bool]string{true: `{"all":false}`, false: `{"all":false,"size":5}`}[name == "mcp-go"]},
		} {
			r := call(t, c, tc.tool, tc.args)
			if got := text(r); r.IsError || got != tc.want {
				t.Errorf("%s: %s %s: isError %v, %q, want %q", name, tc.tool, tc.args, r.IsError, got, tc.want)
			}
		}
	}
}
