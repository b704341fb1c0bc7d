package loop_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type Row struct {
	ID   string `json:"id"`
	Note string `json:"note"`
}

// TestResultBudget: a result over the runner's budget reaches the model cut
// and still valid, with a note of what was left out; the typed value is
// whole; a negative budget cuts nothing.
func TestResultBudget(t *testing.T) {
	list, err := reflectimpl.Create(func(context.Context) ([]Row, error) {
		rows := make([]Row, 20000) // about 1 MB
		for i := range rows {
			rows[i] = Row{ID: fmt.Sprintf("row-%05d", i), Note: strings.Repeat("n", 30)}
		}
		return rows, nil
	}, reflectimpl.Name("list_rows"))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{list})
	if err != nil {
		t.Fatal(err)
	}
	call := []loop.Call{{ID: "1", Name: "list_rows", Args: json.RawMessage(`{}`)}}
	for _, c := range []struct {
		budget   int
		most     int
		cut      bool
		keptRows int
	}{
		{0, 100 << 10, true, 1732},
		{4 << 10, 4 << 10, true, 66},
		{-1, 1 << 30, false, 20000},
	} {
		r := &loop.Runner{Tools: set, MaxResultBytes: c.budget}
		turn, err := r.Turn(context.Background(), call)
		if err != nil {
			t.Fatal(err)
		}
		res := turn.Outcomes[0].Result
		text := loop.Content(res)
		if len(text) > c.most || res.Truncated != c.cut {
			t.Errorf("budget %d: %d bytes, truncated %v", c.budget, len(text), res.Truncated)
		}
		if rows := res.Value.([]Row); len(rows) != 20000 {
			t.Errorf("budget %d: the value holds %d rows", c.budget, len(rows))
		}
		var kept []Row
		jsonText, _ := loop.PartText(res.Parts[0])
		if err := json.Unmarshal([]byte(jsonText), &kept); err != nil {
			t.Fatalf("budget %d: the kept JSON does not read: %v", c.budget, err)
		}
		if len(kept) != c.keptRows {
			t.Errorf("budget %d: %d rows kept, want %d", c.budget, len(kept), c.keptRows)
		}
		if c.cut {
			note := fmt.Sprintf("%d array items left out", 20000-c.keptRows)
			if !strings.Contains(text, note) {
				t.Errorf("budget %d: no note %q in %q", c.budget, note, text[len(text)-200:])
			}
		}
	}
}
