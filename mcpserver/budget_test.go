package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type Page struct {
	Rows  []string `json:"rows"`
	Total int      `json:"total"`
}

// TestResultBudget: a structured result over the server's budget is sent
// cut, still valid for its output schema (the client checks it), with the
// note beside it and the truncated flag; text is cut on a character
// boundary; the listing declares the budget.
func TestResultBudget(t *testing.T) {
	page, err := reflectimpl.Create(func(context.Context) (Page, error) {
		p := Page{Total: 30000}
		for i := range p.Total {
			p.Rows = append(p.Rows, fmt.Sprintf("row %05d", i))
		}
		return p, nil
	}, reflectimpl.Meta(tool.Meta{Name: "page"}))
	if err != nil {
		t.Fatal(err)
	}
	text, err := reflectimpl.Create(func(context.Context) string { return strings.Repeat("é", 60000) }, reflectimpl.Meta(tool.Meta{Name: "text"}))
	if err != nil {
		t.Fatal(err)
	}
	small, err := reflectimpl.Create(func(context.Context) string { return "ok" }, reflectimpl.Meta(tool.Meta{Name: "small"}))
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, []*tool.Tool{page, text, small}, &mcpserver.Options{MaxResultBytes: 64 << 10})
	for tl, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		if got := tl.Meta["anthropic/maxResultSizeChars"]; got != float64(64<<10) {
			t.Errorf("%s declares %v", tl.Name, got)
		}
	}

	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "page"})
	if err != nil {
		t.Fatal(err)
	}
	var p Page
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	if res.IsError || p.Total != 30000 || len(p.Rows) == 0 || len(p.Rows) >= 30000 || len(raw) > 64<<10 {
		t.Errorf("page: isError %v, total %d, %d rows, %d bytes", res.IsError, p.Total, len(p.Rows), len(raw))
	}
	if len(res.Content) != 2 || res.Meta["io.github.toolschema/truncated"] != true {
		t.Fatalf("page: %d contents, _meta %v", len(res.Content), res.Meta)
	}
	note := res.Content[1].(*mcp.TextContent).Text
	if want := fmt.Sprintf("%d array items left out", 30000-len(p.Rows)); !strings.Contains(note, want) {
		t.Errorf("page: note %q, want %q", note, want)
	}

	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "text"})
	if err != nil {
		t.Fatal(err)
	}
	got := res.Content[0].(*mcp.TextContent).Text
	if len(got) > 64<<10 || !strings.HasPrefix(got, "éé") || strings.ContainsRune(got, '\uFFFD') || res.Meta["io.github.toolschema/truncated"] != true {
		t.Errorf("text: %d bytes, _meta %v", len(got), res.Meta)
	}
	if !strings.Contains(res.Content[1].(*mcp.TextContent).Text, "bytes of text left out") {
		t.Errorf("text: note %v", res.Content[1])
	}

	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "small"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 1 || res.Meta["io.github.toolschema/truncated"] != nil {
		t.Errorf("small: %d contents, _meta %v", len(res.Content), res.Meta)
	}
}

// TestToolResultBudget: a tool with a budget of its own declares it in its
// listing and has its results cut to it, in place of the server's.
func TestToolResultBudget(t *testing.T) {
	text := func(context.Context) string { return strings.Repeat("x", 40<<10) }
	own, err := reflectimpl.Create(text, reflectimpl.Meta(tool.Meta{Name: "own", MaxResultBytes: 4 << 10}))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := reflectimpl.Create(text, reflectimpl.Meta(tool.Meta{Name: "plain"}))
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, []*tool.Tool{own, plain}, &mcpserver.Options{MaxResultBytes: 64 << 10})
	want := map[string]float64{"own": 4 << 10, "plain": 64 << 10}
	for tl, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		if got := tl.Meta["anthropic/maxResultSizeChars"]; got != want[tl.Name] {
			t.Errorf("%s declares %v, want %v", tl.Name, got, want[tl.Name])
		}
	}
	for _, c := range []struct {
		name string
		cut  bool
	}{{"own", true}, {"plain", false}} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.name})
		if err != nil {
			t.Fatal(err)
		}
		got := res.Content[0].(*mcp.TextContent).Text
		cut := res.Meta["io.github.toolschema/truncated"] == true
		if cut != c.cut || (c.cut && (len(got) > 4<<10 || len(got) < 2<<10)) || (!c.cut && len(got) != 40<<10) {
			t.Errorf("%s: %d bytes, truncated %v", c.name, len(got), cut)
		}
	}
}
