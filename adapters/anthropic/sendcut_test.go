package anthropicadapter

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
)

// TestSendVisibleAfterCut: once the request's limits have left tools a
// search found out, a Next that finds nothing more sends nothing more,
// and converts nothing again: the catalog's tools are not converted,
// nor the program's own, on every turn that follows.
func TestSendVisibleAfterCut(t *testing.T) {
	cat, err := loop.NewCatalog(looptest.Catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	r := &loop.Runner{Tools: cat.Set()}
	for i, q := range []string{"refund an invoice", "archive a contract", "export a document"} {
		args, _ := json.Marshal(map[string]any{"query": q, "limit": 8})
		if _, err := r.Turn(context.Background(), []loop.Call{{ID: fmt.Sprint(i), Name: loop.SearchToolName, Args: args}}); err != nil {
			t.Fatal(err)
		}
	}
	c := &Conversation{Catalog: cat}
	if err := c.sendVisible(); err != nil {
		t.Fatal(err)
	}
	if n := len(c.Params.Tools); n != 20 || c.sent == len(cat.Visible()) {
		t.Fatalf("%d tools sent of %d visible, want 20 and some left out", n, len(cat.Visible()))
	}
	allocs := testing.AllocsPerRun(5, func() {
		if err := c.sendVisible(); err != nil {
			t.Fatal(err)
		}
	})
	// One allocation: the copy Catalog.Visible returns.
	if allocs > 1 || len(c.Params.Tools) != 20 {
		t.Errorf("a sendVisible with nothing newly found: %v allocations, %d tools; want at most 1 (Visible's copy), 20", allocs, len(c.Params.Tools))
	}
}
