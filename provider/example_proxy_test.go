package provider_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// A program that proxies many tools (from MCP servers, say) can send
// those a provider takes and leave out the others: StrictIfPossible sends
// a tool the strict mode refuses non-strict, and a refusal even the
// non-strict mode gives (a property name the API does not take) names
// its tool in a *RefusalError, which errors.As finds; the program drops
// that tool and converts the rest again.
func Example_proxy() {
	forward := func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return nil, nil }
	var tools []*tool.Tool
	for name, schema := range map[string]string{
		"search": `{"type":"object","properties":{"query":{"type":"string"}}}`,
		"legacy": `{"type":"object","properties":{"full name":{"type":"string"}}}`,
		"tag":    `{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}`,
	} {
		t, err := rawtool.New(tool.Meta{Name: name}, json.RawMessage(schema), forward)
		if err != nil {
			panic(err)
		}
		tools = append(tools, t)
	}
	slices.SortFunc(tools, func(a, b *tool.Tool) int { return strings.Compare(a.Name, b.Name) })

	var sent []json.RawMessage
	for {
		var nonStrict provider.Refusals
		defs, err := provider.Anthropic(tools, provider.StrictIfPossible(&nonStrict))
		var refused *provider.RefusalError
		if errors.As(err, &refused) {
			n := len(tools)
			tools = slices.DeleteFunc(tools, func(t *tool.Tool) bool { return t.Name == refused.Tool })
			if len(tools) < n {
				fmt.Println("left out:", refused.Tool)
				continue
			}
		}
		if err != nil {
			panic(err)
		}
		for _, r := range nonStrict {
			fmt.Println("not strict:", r.Tool)
		}
		sent = defs
		break
	}
	fmt.Println(len(sent), "tools sent")
	// Output:
	// left out: legacy
	// not strict: tag
	// 2 tools sent
}
