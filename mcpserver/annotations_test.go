package mcpserver_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

func Lookup(in struct {
	Key string `json:"key"`
}) string {
	return in.Key
}

// TestAnnotations lists tools of each execution policy through the SDK's
// client and checks the annotations it receives, as JSON: every hint with
// its value; of a read-only tool, destructiveHint left out and
// idempotentHint false (the SDK's type writes it always).
func TestAnnotations(t *testing.T) {
	tests := []struct {
		name string
		opts []reflectimpl.Option
		want string
	}{
		{"default", nil,
			`{"destructiveHint":true,"idempotentHint":false,"openWorldHint":true,"readOnlyHint":false}`},
		{"read_only", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{
			ReadOnly:  true,
			OpenWorld: new(false),
			Title:     "Look up a key",
		})},
			`{"idempotentHint":false,"openWorldHint":false,"readOnlyHint":true,"title":"Look up a key"}`},
		{"additive", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{Destructive: new(false)})},
			`{"destructiveHint":false,"idempotentHint":false,"openWorldHint":true,"readOnlyHint":false}`},
		{"idempotent_write", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{
			Idempotent:  true,
			Destructive: new(true),
			OpenWorld:   new(true),
		})},
			`{"destructiveHint":true,"idempotentHint":true,"openWorldHint":true,"readOnlyHint":false}`},
		{"approval_additive", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{
			RequiresApproval: true,
			Destructive:      new(false),
			OpenWorld:        new(false),
		})},
			`{"destructiveHint":false,"idempotentHint":false,"openWorldHint":false,"readOnlyHint":false}`},
		{"approval_read", []reflectimpl.Option{reflectimpl.Meta(tool.Meta{RequiresApproval: true, ReadOnly: true})},
			`{"idempotentHint":false,"openWorldHint":true,"readOnlyHint":true}`},
	}
	var ts []*tool.Tool
	for _, tt := range tests {
		tl, err := reflectimpl.Create(Lookup, append(tt.opts, reflectimpl.Meta(tool.Meta{Name: tt.name}))...)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		ts = append(ts, tl)
	}
	res, err := connect(t, ts, nil).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	approval := map[string]bool{}
	for _, mt := range res.Tools {
		b, err := json.Marshal(mt.Annotations)
		if err != nil {
			t.Fatal(err)
		}
		got[mt.Name] = string(b)
		approval[mt.Name] = mt.Meta["io.github.toolschema/requiresApproval"] == true
	}
	for _, tt := range tests {
		if !jsonEqual([]byte(got[tt.name]), []byte(tt.want)) {
			t.Errorf("%s: annotations %s, want %s", tt.name, got[tt.name], tt.want)
		}
		if want := tt.name == "approval_additive" || tt.name == "approval_read"; approval[tt.name] != want {
			t.Errorf("%s: _meta io.github.toolschema/requiresApproval is %v, want %v", tt.name, approval[tt.name], want)
		}
	}
}
