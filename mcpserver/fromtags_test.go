package mcpserver_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

// teamsQuery is written for invopop's RequiredFromJSONSchemaTags, as
// mcp-grafana writes its list_teams input: no field is tagged required,
// so none is.
type teamsQuery struct {
	Query string `json:"query" jsonschema:"description=A name to search for"`
	Page  int    `json:"page" jsonschema:"description=The page to list"`
}

// TestSetRequiredFromTags: with the mode on, the drop-in lists and checks
// its input as a project that reads required-ness from tags: no field is
// required, and a call without page runs; off, every field without
// omitempty is required again.
func TestSetRequiredFromTags(t *testing.T) {
	handler := func(_ context.Context, _ *mcp.CallToolRequest, in teamsQuery) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "teams like " + in.Query}}}, nil, nil
	}
	for _, tt := range []struct {
		on       bool
		required string
		ok       bool
	}{
		{true, ``, true},
		{false, `["query","page"]`, false},
	} {
		mcpserver.SetRequiredFromTags(tt.on)
		s := newServer()
		mcpserver.AddTool(s, &mcp.Tool{Name: "list_teams"}, handler)
		mcpserver.SetRequiredFromTags(false)
		cs := connectServer(t, s, nil, "")
		list, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var in struct {
			Required json.RawMessage `json:"required"`
		}
		b, _ := json.Marshal(list.Tools[0].InputSchema)
		json.Unmarshal(b, &in)
		if string(in.Required) != tt.required {
			t.Errorf("mode %v: required %s, want %s", tt.on, in.Required, tt.required)
		}
		r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "list_teams", Arguments: json.RawMessage(`{"query":"ops"}`)})
		if err != nil || r.IsError == tt.ok {
			t.Errorf("mode %v: a call without page: %+v, %v", tt.on, r, err)
		}
	}
}
