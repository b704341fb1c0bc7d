package loop_test

import (
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/tool"
)

// TestSearchQueryBound: a query is a few words; a model's query of
// megabytes (a turn of 128 searches of 4 MB each took 28 s and 6 GB of
// allocations, the index splitting every word of each) is refused by
// its length, before the search reads it, with the rule, at a cost of
// about the query's size; a long query within the bound still finds.
func TestSearchQueryBound(t *testing.T) {
	cat, err := loop.NewCatalog(catalog(t))
	if err != nil {
		t.Fatal(err)
	}
	r := &loop.Runner{Tools: cat.Set()}
	search := func(q string) (*tool.Result, uint64) {
		args, _ := json.Marshal(map[string]any{"query": q, "limit": 20})
		runtime.GC()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		turn, err := r.Turn(context.Background(), []loop.Call{{ID: "1", Name: loop.SearchToolName, Args: args}})
		runtime.ReadMemStats(&m1)
		if err != nil {
			t.Fatal(err)
		}
		return turn.Outcomes[0].Result, m1.TotalAlloc - m0.TotalAlloc
	}
	words := strings.Repeat(catalogSearch+" ", 1<<16) // 3.3 MB
	res, alloc := search(words)
	if !res.IsError || res.Code != tool.InvalidArguments || loop.Content(res) != "Argument 'query' must be at most 1000 characters long." {
		t.Errorf("a query of %d bytes: %s", len(words), loop.Content(res))
	}
	if alloc > 4*uint64(len(words)) {
		t.Errorf("a query of %d bytes refused with %d bytes allocated, more than 4 times its size", len(words), alloc)
	}
	res, _ = search(words[:1000])
	if res.IsError || !strings.Contains(loop.Content(res), catalogTarget) {
		t.Errorf("a query of 1000 characters: %.200s", loop.Content(res))
	}
}
