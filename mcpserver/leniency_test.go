package mcpserver_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type PageQuery struct {
	Limit int      `json:"limit" minimum:"1" maximum:"100"`
	Tags  []string `json:"tags,omitempty"`
}

type LimitPage struct {
	Limit int      `json:"limit"`
	Tags  []string `json:"tags"`
}

// TestLeniency checks Options.Leniency through the SDK's client: strict
// refuses "42" for an integer; repair reads it, keeps the value as the
// structured content and tells the model what it assumed in a last text
// content; shadow runs what encoding/json decodes and logs the violations
// at level warn; a tool that requires approval is asked about the call
// under the same leniency.
func TestLeniency(t *testing.T) {
	page, err := reflectimpl.Create(func(in PageQuery) (*LimitPage, error) { return &LimitPage{Limit: in.Limit, Tags: in.Tags}, nil }, reflectimpl.Meta(tool.Meta{Name: "page"}))
	if err != nil {
		t.Fatal(err)
	}
	approved, err := reflectimpl.Create(func(in PageQuery) (*LimitPage, error) { return &LimitPage{Limit: in.Limit, Tags: in.Tags}, nil },
		reflectimpl.Meta(tool.Meta{Name: "approved_page", RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		leniency   tool.Leniency
		args       map[string]any
		isError    bool
		structured string   // "" for none
		texts      []string // the contents' texts
		logged     string   // a part of the log, "" for none
	}{
		{tool.Strict, map[string]any{"limit": "42"}, true, "", []string{"Argument 'limit' must be an integer."}, ""},
		{tool.RepairArgs, map[string]any{"limit": "42", "tags": "x"}, false, `{"limit":42,"tags":["x"]}`,
			[]string{`{"limit":42,"tags":["x"]}`, "Assumed: 'limit' \"42\" read as 42.\nAssumed: 'tags', a single value, read as a list of that one item."}, ""},
		{tool.RepairArgs, map[string]any{"limit": "500"}, true, "",
			[]string{"Argument 'limit' must be at most 100.\nAssumed: 'limit' \"500\" read as 500."}, ""},
		{tool.RepairArgs, map[string]any{"limit": 7}, false, `{"limit":7,"tags":null}`, []string{`{"limit":7,"tags":null}`}, ""},
		{tool.Strict, map[string]any{"limit": json.Number("4.0")}, true, "", []string{"Argument 'limit' must be an integer."}, ""},
		{tool.RepairArgs, map[string]any{"limit": json.Number("1e1")}, false, `{"limit":10,"tags":null}`,
			[]string{`{"limit":10,"tags":null}`, "Assumed: 'limit' 1e1 read as 10."}, ""},
		{tool.ShadowArgs, map[string]any{"limit": 500, "extra": true}, false, `{"limit":500,"tags":null}`, []string{`{"limit":500,"tags":null}`},
			"level=WARN"},
		{tool.ShadowArgs, map[string]any{"limit": "42"}, true, "", []string{"Argument 'limit' must be an integer."}, ""},
	}
	for _, tt := range tests {
		var log logBuffer
		var asked []string
		cs := connect(t, []*tool.Tool{page, approved}, &mcpserver.Options{
			Leniency: tt.leniency,
			Logger:   slog.New(slog.NewTextHandler(&log, nil)),
			Approve: func(_ context.Context, _ *mcp.CallToolRequest, _ *tool.Tool, args json.RawMessage) (bool, error) {
				asked = append(asked, string(args))
				return true, nil
			},
		})
		for _, name := range []string{"page", "approved_page"} {
			r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: tt.args})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range r.Content {
				got = append(got, c.(*mcp.TextContent).Text)
			}
			structured := ""
			if r.StructuredContent != nil {
				b, _ := json.Marshal(r.StructuredContent)
				structured = string(b)
			}
			if r.IsError != tt.isError || structured != tt.structured || strings.Join(got, "|") != strings.Join(tt.texts, "|") {
				t.Errorf("%s %s %v: IsError %v, structured %s, contents %q; want %v, %s, %q",
					tt.leniency, name, tt.args, r.IsError, structured, got, tt.isError, tt.structured, tt.texts)
			}
		}
		// Approval is asked for arguments the leniency lets through.
		if n := len(asked); n != 1 && !tt.isError || n != 0 && tt.isError {
			t.Errorf("%s %v: asked for approval %d times", tt.leniency, tt.args, n)
		}
		logged := log.String()
		if tt.logged == "" && logged != "" || tt.logged != "" &&
			(strings.Count(logged, tt.logged) != 2 || !strings.Contains(logged, "limit: range: Argument 'limit' must be at most 100.") ||
				!strings.Contains(logged, "extra: unknown")) {
			t.Errorf("%s %v: logged %q", tt.leniency, tt.args, logged)
		}
	}
}
