package provider_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestRawPropertyNameAdvice reproduces a refusal's advice that did not
// fit the tool: a raw tool's property "a b", which Anthropic's property
// names do not take, was told to be renamed "with a json tag", and a raw
// schema has none. Its advice now names where its names come from; a
// typed tool's still names the json tag.
func TestRawPropertyNameAdvice(t *testing.T) {
	raw, err := rawtool.New(tool.Meta{Name: "proxied"}, json.RawMessage(`{"type":"object","properties":{"a b":{"type":"string"}}}`),
		func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]provider.Option{nil, {provider.Strict(false)}, {provider.StrictIfPossible(nil)}} {
		_, err = provider.Anthropic([]*tool.Tool{raw}, opts...)
		var re *provider.RefusalError
		if !errors.As(err, &re) || re.Tool != "proxied" {
			t.Fatalf("%v: got %v, want a refusal of proxied", opts, err)
		}
		if msg := err.Error(); strings.Contains(msg, "json tag") ||
			!strings.HasSuffix(msg, "rename it where the tool's schema comes from, or leave the tool out of the request") {
			t.Errorf("raw tool: %s", msg)
		}
	}
}
