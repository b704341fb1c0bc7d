package reflectimpl_test

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestMetaMerge checks what several Meta options give: each sets the
// fields it gives over the earlier ones (a zero field gives nothing, a
// *bool field set to false gives false), and the lists are joined, in
// the order of the options.
func TestMetaMerge(t *testing.T) {
	tests := []struct {
		name  string
		metas []tool.Meta
		want  tool.Meta
	}{
		{"a zero Meta changes nothing",
			[]tool.Meta{{Name: "n", Title: "T", Timeout: time.Second, ReadOnly: true, OpenWorld: new(false)}, {}},
			tool.Meta{Name: "n", Title: "T", Timeout: time.Second, ReadOnly: true, OpenWorld: new(false)}},
		{"later strings, durations and budgets win",
			[]tool.Meta{
				{Name: "a", Title: "A", Description: "a", Version: "1", Namespace: "x", Icon: "https://example.com/a.png", Timeout: time.Second, MaxResultBytes: 10},
				{Name: "b", Title: "B", Description: "b", Version: "2", Namespace: "y", Icon: "https://example.com/b.png", Timeout: 2 * time.Second, MaxResultBytes: 20},
			},
			tool.Meta{Name: "b", Title: "B", Description: "b", Version: "2", Namespace: "y", Icon: "https://example.com/b.png", Timeout: 2 * time.Second, MaxResultBytes: 20}},
		{"a later false *bool wins over an earlier true",
			[]tool.Meta{{Name: "n", Destructive: new(true), OpenWorld: new(true), ParallelSafe: new(true)}, {Destructive: new(false), OpenWorld: new(false), ParallelSafe: new(false)}},
			tool.Meta{Name: "n", Destructive: new(false), OpenWorld: new(false), ParallelSafe: new(false)}},
		{"a later nil *bool keeps the earlier",
			[]tool.Meta{{Name: "n", Destructive: new(false), OpenWorld: new(false), ParallelSafe: new(false)}, {Idempotent: true}},
			tool.Meta{Name: "n", Destructive: new(false), OpenWorld: new(false), ParallelSafe: new(false), Idempotent: true}},
		{"flags add up",
			[]tool.Meta{{Name: "n", RequiresApproval: true, SafeErrors: true}, {EndsLoop: true, DeferLoading: true}, {Idempotent: true}},
			tool.Meta{Name: "n", RequiresApproval: true, SafeErrors: true, EndsLoop: true, DeferLoading: true, Idempotent: true}},
		{"lists are joined in order",
			[]tool.Meta{
				{Name: "n", ErrorCodes: []string{"A"}, Examples: []json.RawMessage{json.RawMessage(`{"court":"a","case":"1"}`)}},
				{ErrorCodes: []string{"B", "C"}, Examples: []json.RawMessage{json.RawMessage(`{ "court" : "b" , "case" : "2" }`)}},
			},
			tool.Meta{Name: "n", ErrorCodes: []string{"A", "B", "C"}, Examples: []json.RawMessage{json.RawMessage(`{"court":"a","case":"1"}`), json.RawMessage(`{"court":"b","case":"2"}`)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var opts []reflectimpl.Option
			for _, m := range tt.metas {
				opts = append(opts, reflectimpl.Meta(m))
			}
			tl, err := reflectimpl.Create(getDocket, opts...)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tl.Meta, tt.want) {
				t.Errorf("Meta\n got %+v\nwant %+v", tl.Meta, tt.want)
			}
		})
	}
}

// TestMetaOwnCopy checks that a tool keeps its own copy of what Meta was
// given: changing the caller's lists and flags afterwards changes nothing,
// and one option used for two tools gives each its own lists.
func TestMetaOwnCopy(t *testing.T) {
	codes := []string{"A", "B"}
	parallel := true
	opt := reflectimpl.Meta(tool.Meta{Name: "n", ErrorCodes: codes[:1], ParallelSafe: &parallel})
	a, err := reflectimpl.Create(getDocket, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := reflectimpl.Create(getDocket, opt, reflectimpl.Meta(tool.Meta{ErrorCodes: []string{"C"}}))
	if err != nil {
		t.Fatal(err)
	}
	codes[0], parallel = "Z", false
	if !reflect.DeepEqual(a.ErrorCodes, []string{"A"}) || !a.IsParallelSafe() {
		t.Errorf("after the caller's change: codes %v, parallel-safe %v; want [A], true", a.ErrorCodes, a.IsParallelSafe())
	}
	if !reflect.DeepEqual(b.ErrorCodes, []string{"A", "C"}) || !reflect.DeepEqual(a.ErrorCodes, []string{"A"}) {
		t.Errorf("codes %v and %v; want [A C] and [A]", b.ErrorCodes, a.ErrorCodes)
	}
}

type docketQuery struct {
	Court string `json:"court"`
	Case  string `json:"case"`
}

func getDocket(docketQuery) (string, error) { return "", nil }
