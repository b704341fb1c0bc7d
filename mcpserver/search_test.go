package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type RecordQuery struct {
	ID string `json:"id" description:"The record's identifier." minLength:"1"`
}

// catalogTools returns n tools with names and descriptions drawn from a
// fixed vocabulary, and cancel_order (which requires approval) among them.
func catalogTools(t *testing.T, n int) ([]*tool.Tool, *atomic.Int32) {
	t.Helper()
	objects := strings.Fields("invoice ticket shipment refund contract meeting alert backup customer webhook")
	verbs := strings.Fields("get list create update archive export")
	var ran atomic.Int32
	var tools []*tool.Tool
	for i := range n - 1 {
		v, o := verbs[i%len(verbs)], objects[(i/len(verbs))%len(objects)]
		tl, err := reflectimpl.Create(func(_ context.Context, q RecordQuery) (string, error) {
			return fmt.Sprintf("%s %s %s", v, o, q.ID), nil
		}, reflectimpl.Meta(tool.Meta{
			Name:        fmt.Sprintf("%s_%s_%d", v, o, i),
			Description: fmt.Sprintf("%s the %s of one account (variant %d).", strings.ToUpper(v[:1])+v[1:], o, i),
		}))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	cancel, err := reflectimpl.Create(func(_ context.Context, q RecordQuery) (string, error) {
		ran.Add(1)
		return "cancelled " + q.ID, nil
	}, reflectimpl.Meta(tool.Meta{
		Name:             "cancel_order",
		Description:      "Cancels an order that has not shipped.",
		RequiresApproval: true,
	}))
	if err != nil {
		t.Fatal(err)
	}
	return append(tools, cancel), &ran
}

func callText(t *testing.T, cs *mcp.ClientSession, name string, args string) (*mcp.CallToolResult, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return res, b.String()
}

// TestSearchCatalog serves 1,000 tools in search mode to the SDK's client:
// the list holds the listed tool and the two of the search; a search finds
// a tool with its input schema; call_tool calls it with its checks and its
// approval; a found tool is callable by its own name too.
func TestSearchCatalog(t *testing.T) {
	tools, ran := catalogTools(t, 1000)
	var asked []string
	opts := &mcpserver.Options{
		Search: &mcpserver.Search{Listed: []string{"get_invoice_0"}},
		Approve: func(_ context.Context, req *mcp.CallToolRequest, tl *tool.Tool, args json.RawMessage) (bool, error) {
			asked = append(asked, req.Params.Name+" "+tl.Name+" "+string(args))
			return true, nil
		},
	}
	cs := connect(t, tools, opts)

	var names []string
	for tl, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	if want := []string{"call_tool", "get_invoice_0", "search_tools"}; !slices.Equal(names, want) {
		t.Fatalf("listed %v, want %v", names, want)
	}

	res, text := callText(t, cs, "search_tools", `{"query":"cancel an order"}`)
	if res.IsError {
		t.Fatalf("search failed: %s", text)
	}
	var found []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	if err := json.Unmarshal([]byte(text), &found); err != nil {
		t.Fatalf("search result %s: %v", text, err)
	}
	if len(found) == 0 || len(found) > 8 || found[0].Name != "cancel_order" || !strings.Contains(string(found[0].InputSchema), `"id"`) {
		t.Fatalf("search found %s", text)
	}

	// A query many tools match returns 8 of them, or the fewer asked for.
	for _, c := range []struct {
		args string
		want int
	}{{`{"query":"invoice"}`, 8}, {`{"query":"invoice","limit":3}`, 3}, {`{"query":"invoice","limit":8}`, 8}} {
		res, text := callText(t, cs, "search_tools", c.args)
		var many []json.RawMessage
		if err := json.Unmarshal([]byte(text), &many); res.IsError || err != nil || len(many) != c.want {
			t.Errorf("search %s found %d tools, want %d: %.200s", c.args, len(many), c.want, text)
		}
	}
	// A query is a few words: one of megabytes would be split word by
	// word (16 times its size allocated); past 1,000 characters it is
	// refused, as the query's schema says.
	long := strings.Repeat("cancel an order ", 63)[:1000]
	if res, text := callText(t, cs, "search_tools", `{"query":"`+long+`"}`); res.IsError || !strings.Contains(text, `"cancel_order"`) {
		t.Errorf("search with a query of 1000 characters: %v %.200s", res.IsError, text)
	}
	if res, text := callText(t, cs, "search_tools", `{"query":"`+long+`x"}`); !res.IsError || text != "Argument 'query' must be at most 1000 characters long." {
		t.Errorf("search with a query of 1001 characters: %v %.200s", res.IsError, text)
	}
	// More than 8 is refused, as the limit's schema says.
	if res, text := callText(t, cs, "search_tools", `{"query":"invoice","limit":50}`); !res.IsError || text != "Argument 'limit' must be at most 8." {
		t.Errorf("search with limit 50: %v %s", res.IsError, text)
	}

	for _, c := range []struct {
		name, args string
		isError    bool
		text       string
	}{
		{"call_tool", `{"name":"cancel_order","arguments":{"id":"A-17"}}`, false, "cancelled A-17"},
		{"call_tool", `{"name":"cancel_order","arguments":{"id":""}}`, true, "Argument 'id' must be at least 1 character long."},
		{"call_tool", `{"name":"cancel_order","arguments":{"id":"A-1","extra":1}}`, true, "Argument 'extra' is not a parameter of the tool."},
		{"call_tool", `{"name":"cancel_ordre"}`, true, `Tool "cancel_ordre" is not in this server's catalog.`},
		{"call_tool", `{"arguments":{}}`, true, "Argument 'name' is required."},
		{"cancel_order", `{"id":"B-2"}`, false, "cancelled B-2"}, // by its own name, though not listed
		{"export_webhook_59", `{"id":"x"}`, false, "export webhook x"},
	} {
		res, text := callText(t, cs, c.name, c.args)
		if res.IsError != c.isError || !strings.Contains(text, c.text) {
			t.Errorf("%s %s: isError %v, %q; want %v, %q", c.name, c.args, res.IsError, text, c.isError, c.text)
		}
	}
	if n := ran.Load(); n != 2 {
		t.Errorf("cancel_order ran %d times, want 2", n)
	}
	want := []string{`cancel_order cancel_order {"id":"A-17"}`, `cancel_order cancel_order {"id":"B-2"}`}
	if !slices.Equal(asked, want) {
		t.Errorf("approval asked for %q, want %q", asked, want)
	}
}

func TestSearchRefusals(t *testing.T) {
	tools, _ := catalogTools(t, 3)
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	err := mcpserver.Register(server, tools, &mcpserver.Options{Search: &mcpserver.Search{Listed: []string{"nope"}}})
	if err == nil || !strings.Contains(err.Error(), `Search.Listed names "nope"`) {
		t.Errorf("unknown listed tool: %v", err)
	}
	clash, err := reflectimpl.Create(func(context.Context) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "search_tools"}))
	if err != nil {
		t.Fatal(err)
	}
	err = mcpserver.Register(server, append(tools, clash), &mcpserver.Options{Search: &mcpserver.Search{}})
	if err == nil || !strings.Contains(err.Error(), `"search_tools"`) {
		t.Errorf("a tool named search_tools: %v", err)
	}
}

// TestSearchDeferred: when tools say they are deferred, the others are
// listed beside the search's two, with those Search.Listed names.
func TestSearchDeferred(t *testing.T) {
	tools, _ := catalogTools(t, 30)
	for i, tl := range tools {
		if i >= 2 {
			c := *tl
			c.DeferLoading = true
			tools[i] = &c
		}
	}
	cs := connect(t, tools, &mcpserver.Options{Search: &mcpserver.Search{Listed: []string{tools[5].Name}}})
	var names []string
	for tl, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	want := []string{"call_tool", tools[0].Name, tools[1].Name, tools[5].Name, "search_tools"}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("listed %v, want %v", names, want)
	}
}
