package mcpgo_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// teamsQuery is written for invopop's RequiredFromJSONSchemaTags, as
// mcp-grafana writes its list_teams input: no field is tagged required,
// so none is.
type teamsQuery struct {
	Query string `json:"query" jsonschema:"description=A name to search for"`
	Page  int    `json:"page" jsonschema:"description=The page to list"`
}

// TestSetRequiredFromTags: with the mode on, the drop-ins list and check
// the input as a project that reads required-ness from tags: no field is
// required, and a call without page runs; off, every field without
// omitempty is required again.
func TestSetRequiredFromTags(t *testing.T) {
	for _, tt := range []struct {
		on       bool
		required string
		ok       bool
	}{
		{true, `null`, true},
		{false, `["query","page"]`, false},
	} {
		mcpgo.SetRequiredFromTags(tt.on)
		s := server.NewMCPServer("teams", "v0")
		s.AddTool(mcp.NewTool("list_teams", mcpgo.WithInputSchema[teamsQuery]()),
			mcpgo.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, in teamsQuery) (*mcp.CallToolResult, error) {
				return mcp.NewToolResultText("teams like " + in.Query), nil
			}))
		mcpgo.SetRequiredFromTags(false)
		c := inprocess(t, s)
		list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(list.Tools[0].InputSchema.Required)
		if string(got) != tt.required {
			t.Errorf("mode %v: required %s, want %s", tt.on, got, tt.required)
		}
		req := mcp.CallToolRequest{}
		req.Params.Name = "list_teams"
		req.Params.Arguments = map[string]any{"query": "ops"}
		r, err := c.CallTool(context.Background(), req)
		if err != nil || r.IsError == tt.ok {
			t.Errorf("mode %v: a call without page: %+v, %v", tt.on, r, err)
		}
	}
}
