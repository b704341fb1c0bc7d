package anthropicadapter_test

import (
	"context"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
)

// TestCatalogSearchWireNames: in the portable mode, the search's answer
// names each tool found as its definition in the next request names it,
// its wire name (a proxied admin.tools.list is admin_tools_list), so the
// model calls a name the request has.
func TestCatalogSearchWireNames(t *testing.T) {
	cat := looptest.ProxiedCatalog(t, "admin.tools.list", "Lists the admin tools of the server.")
	c, sent := scripted(t, func(n int) (content, stop string) {
		if n == 0 {
			return `[{"type":"tool_use","id":"toolu_0","name":"search_tools","input":{"query":"list the admin tools"}}]`, "tool_use"
		}
		return `[{"type":"text","text":"Done."}]`, "end_turn"
	})
	conv := &anthropicadapter.Conversation{Client: c, Catalog: cat, CatalogOptions: []provider.Option{provider.Strict(false)},
		Params: anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 100,
			Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Which admin tools are there?"))}}}
	if _, err := (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv); err != nil {
		t.Fatal(err)
	}
	bodies := sent()
	if len(bodies) != 2 {
		t.Fatalf("%d requests, want 2", len(bodies))
	}
	for _, want := range []string{`"name":"admin_tools_list"`, `"text":"[{\"name\":\"admin_tools_list\",\"description\":\"Lists the admin tools of the server.\"}]"`} {
		if !strings.Contains(bodies[1], want) {
			t.Errorf("the second request lacks %s:\n%s", want, bodies[1])
		}
	}
}
