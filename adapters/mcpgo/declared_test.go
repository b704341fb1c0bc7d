package mcpgo_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	_ "github.com/toolschema/toolschema/declared" // projectID declares its schema
)

// projectID takes a string or a number, by its own methods, and declares
// so.
type projectID string

func (id *projectID) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*id = projectID(n)
		return nil
	}
	return json.Unmarshal(b, (*string)(id))
}

func (id projectID) MarshalJSON() ([]byte, error) { return json.Marshal(string(id)) }

func (projectID) ToolschemaSchema() string { return `{"type":["string","integer"]}` }

// moveIssue describes its two projects in mcp-go's tag forms: one type,
// two descriptions.
type moveIssue struct {
	From projectID `json:"from" jsonschema:"Project the issue is in,required"`
	To   projectID `json:"to" jsonschema_description:"Project to move it to"`
}

// TestDeclaredFieldDescribed: a field whose type declares its schema
// keeps the description mcp-go's tags give it, listed beside the declared
// keywords; the arguments are checked by the declared schema alone.
func TestDeclaredFieldDescribed(t *testing.T) {
	s := server.NewMCPServer("issues", "1")
	s.AddTool(mcp.NewTool("move_issue", mcpgo.WithInputSchema[moveIssue]()),
		mcpgo.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, in moveIssue) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultText("moved from " + string(in.From) + " to " + string(in.To)), nil
		}))
	c := inprocess(t, s)
	list, err := c.ListTools(t.Context(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(list.Tools[0])
	var tl struct {
		InputSchema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"inputSchema"`
	}
	if err := json.Unmarshal(b, &tl); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"from": `{"description":"Project the issue is in","type":["string","integer"]}`,
		"to":   `{"description":"Project to move it to","type":["string","integer"]}`,
	} {
		if got := string(tl.InputSchema.Properties[name]); got != want {
			t.Errorf("%s listed as %s, want %s", name, got, want)
		}
	}
	if r := call(t, c, "move_issue", `{"from":"grp/app","to":42}`); r.IsError || text(r) != "moved from grp/app to 42" {
		t.Errorf("isError %v, text %q", r.IsError, text(r))
	}
	if r := call(t, c, "move_issue", `{"from":true,"to":1}`); !r.IsError || !strings.Contains(text(r), "Argument 'from' does not match the schema of its type.") {
		t.Errorf("isError %v, text %q, want the declared schema's refusal", r.IsError, text(r))
	}
}
