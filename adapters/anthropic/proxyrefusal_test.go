package anthropicadapter

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestToolsDropRefused: a set of proxied tools one of which even the
// non-strict mode refuses (a property named "a b") is refused by Tools
// with a *provider.RefusalError naming that tool, so that a proxy can
// make the set again without it, as the doc of Tools says; the others
// are then sent.
func TestToolsDropRefused(t *testing.T) {
	forward := func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return nil, nil }
	var tools []*tool.Tool
	for _, s := range []struct{ name, schema string }{
		{"search", `{"type":"object","properties":{"query":{"type":"string"}}}`},
		{"legacy", `{"type":"object","properties":{"a b":{"type":"string"}}}`},
		{"tag", `{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}`},
	} {
		tl, err := rawtool.New(tool.Meta{Name: s.name}, json.RawMessage(s.schema), forward)
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	set, err := tool.NewSet(nil, tools)
	if err != nil {
		t.Fatal(err)
	}
	var nonStrict provider.Refusals
	_, err = Tools(set, provider.StrictIfPossible(&nonStrict))
	var refused *provider.RefusalError
	if !errors.As(err, &refused) || refused.Tool != "legacy" {
		t.Fatalf("got %v, want a refusal of legacy", err)
	}
	tools = slices.DeleteFunc(tools, func(tl *tool.Tool) bool { return tl.Name == refused.Tool })
	if set, err = tool.NewSet(nil, tools); err != nil {
		t.Fatal(err)
	}
	nonStrict = nil
	defs, err := Tools(set, provider.StrictIfPossible(&nonStrict))
	if err != nil || len(defs) != 2 {
		t.Fatalf("without legacy: %d definitions, %v", len(defs), err)
	}
	if len(nonStrict) != 1 || nonStrict[0].Tool != "tag" {
		t.Errorf("sent non-strict: %v, want tag's refusal", nonStrict)
	}
}
