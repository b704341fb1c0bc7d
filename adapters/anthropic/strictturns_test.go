package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
)

// TestCatalogStrictAcrossTurns: Anthropic takes at most 20 strict tools
// in one request, and a catalog's request carries every tool found so
// far. Three searches of 8 tools bring it to 27; the limit is counted
// over the whole request: under StrictIfPossible the tools past it are
// sent non-strict, and in the strict mode they are not sent (the search's
// answer says how many it left out), rather than having the request
// refused by the API, or the run ended by the model's searches.
func TestCatalogStrictAcrossTurns(t *testing.T) {
	searches := []string{"refund an invoice", "archive a contract", "export a document"}
	play := func(t *testing.T, opts ...provider.Option) ([]string, error) {
		c, sent := scripted(t, func(n int) (content, stop string) {
			if n < len(searches) {
				return fmt.Sprintf(`[{"type":"tool_use","id":"toolu_%d","name":"search_tools","input":{"query":%q,"limit":8}}]`, n, searches[n]), "tool_use"
			}
			return `[{"type":"text","text":"Done."}]`, "end_turn"
		})
		cat, err := loop.NewCatalog(looptest.Catalog(t))
		if err != nil {
			t.Fatal(err)
		}
		conv := &anthropicadapter.Conversation{Client: c, Catalog: cat, CatalogOptions: opts, Params: anthropic.MessageNewParams{
			Model: "claude-test", MaxTokens: 100,
			Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Tidy up the books."))},
		}}
		_, err = (&loop.Runner{Tools: cat.Set()}).Run(context.Background(), conv)
		return sent(), err
	}
	strictTools := func(t *testing.T, body string) (strict, all int) {
		var req struct{ Tools []json.RawMessage }
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		for _, d := range req.Tools {
			if strings.HasSuffix(string(d), `"strict":true}`) {
				strict++
			}
		}
		return strict, len(req.Tools)
	}

	t.Run("StrictIfPossible", func(t *testing.T) {
		var refused provider.Refusals
		bodies, err := play(t, provider.StrictIfPossible(&refused))
		if err != nil {
			t.Fatal(err)
		}
		if len(bodies) != 4 {
			t.Fatalf("%d requests, want 4", len(bodies))
		}
		strict, all := strictTools(t, bodies[3])
		if strict > 20 || all != 27 {
			t.Errorf("the last request carries %d tools, %d of them strict; want 27, at most 20 strict", all, strict)
		}
		if len(refused) != 7 {
			t.Errorf("%d tools sent non-strict, want 7: %v", len(refused), refused)
		}
	})
	t.Run("strict", func(t *testing.T) {
		bodies, err := play(t)
		if err != nil {
			t.Fatalf("the run: %v", err)
		}
		if len(bodies) != 4 {
			t.Fatalf("%d requests, want 4", len(bodies))
		}
		if strict, all := strictTools(t, bodies[3]); strict != 20 || all != 20 {
			t.Errorf("the last request carries %d tools, %d of them strict; want 20, all strict", all, strict)
		}
		if !strings.Contains(bodies[3], `\n7 more tools this search found are not among your tools: the request has no room for them.`) {
			t.Errorf("the last request does not say the third search left 7 tools out:\n%s", bodies[3])
		}
	})
}
