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
	}, reflectimpl.Meta(tool.Meta{Name: "list_rows"}))
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

// TestToolResultBudget: a tool's own budget (tool.Meta.MaxResultBytes)
// is used in place of the runner's, whichever is larger, and even when the
// runner has none; a tool without one keeps the runner's.
func TestToolResultBudget(t *testing.T) {
	rows := func(context.Context) ([]Row, error) {
		out := make([]Row, 2000)
		for i := range out {
			out[i] = Row{ID: fmt.Sprintf("row-%05d", i), Note: strings.Repeat("n", 30)}
		}
		return out, nil
	}
	own, err := reflectimpl.Create(rows, reflectimpl.Meta(tool.Meta{Name: "own", MaxResultBytes: 2 << 10}))
	if err != nil {
		t.Fatal(err)
	}
	big, err := reflectimpl.Create(rows, reflectimpl.Meta(tool.Meta{Name: "big", MaxResultBytes: 1 << 20}))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := reflectimpl.Create(rows, reflectimpl.Meta(tool.Meta{Name: "plain"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{own, big, plain})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		runner int
		tool   string
		most   int
		cut    bool
	}{
		{0, "own", 2 << 10, true},
		{-1, "own", 2 << 10, true},
		{8 << 10, "big", 1 << 20, false},
		{8 << 10, "plain", 8 << 10, true},
		{-1, "plain", 1 << 20, false},
	} {
		r := &loop.Runner{Tools: set, MaxResultBytes: c.runner}
		turn, err := r.Turn(context.Background(), []loop.Call{{ID: "1", Name: c.tool, Args: json.RawMessage(`{}`)}})
		if err != nil {
			t.Fatal(err)
		}
		res := turn.Outcomes[0].Result
		text := loop.Content(res)
		if len(text) > c.most || res.Truncated != c.cut {
			t.Errorf("runner %d, tool %s: %d bytes, truncated %v", c.runner, c.tool, len(text), res.Truncated)
		}
		if c.cut && len(text) < c.most/2 {
			t.Errorf("runner %d, tool %s: only %d bytes kept of a budget of %d", c.runner, c.tool, len(text), c.most)
		}
	}
}
