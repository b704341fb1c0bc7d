package mcpserver_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

func Reserve(in struct {
	SKU string `json:"sku"`
}) (string, error) {
	switch in.SKU {
	case "none":
		return "", fmt.Errorf("reserve: %w", &tool.Error{Code: "OUT_OF_STOCK", Category: tool.CategoryConflict,
			SafeMessage: "The item is out of stock.", Recovery: tool.RecoverAskUser, RetryAfter: 2 * time.Second,
			Outcome: tool.OutcomeNotStarted, Err: errors.New("stock row locked by txn 7781")})
	case "broken":
		return "", errors.New("warehouse api: 502 from 10.1.2.3")
	}
	return "reserved " + in.SKU, nil
}

// TestBusinessErrorOverMCP calls a tool that returns a business error
// through the SDK's client: isError, the safe text only, and the code,
// category, recovery, retry-after and outcome in _meta; a plain error of a
// SafeErrors tool shows no detail.
func TestBusinessErrorOverMCP(t *testing.T) {
	tl, err := reflectimpl.Create(Reserve, reflectimpl.Meta(tool.Meta{
		ErrorCodes:  []string{"OUT_OF_STOCK"},
		SafeErrors:  true,
		Destructive: new(false),
	}))
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, []*tool.Tool{tl}, nil)
	tests := []struct {
		sku     string
		isError bool
		text    string
		meta    map[string]any
	}{
		{"none", true, "Tool 'reserve' failed: OUT_OF_STOCK: The item is out of stock. Recovery: ask_user. Retry after 2 s.", map[string]any{
			"toolschema/code": "failed", "toolschema/started": true, "toolschema/outcome": "not_started", "toolschema/errorCode": "OUT_OF_STOCK",
			"toolschema/category": "conflict", "toolschema/recovery": "ask_user", "toolschema/retryAfterMs": float64(2000)}},
		{"broken", true, "Tool 'reserve' failed.", map[string]any{
			"toolschema/code": "failed", "toolschema/started": true, "toolschema/outcome": "started"}},
		{"a-1", false, "reserved a-1", nil},
	}
	for _, tt := range tests {
		r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "reserve", Arguments: map[string]any{"sku": tt.sku}})
		if err != nil {
			t.Fatal(err)
		}
		text := ""
		if len(r.Content) == 1 {
			text = r.Content[0].(*mcp.TextContent).Text
		}
		if r.IsError != tt.isError || text != tt.text {
			t.Errorf("%s: isError %v %q, want %v %q", tt.sku, r.IsError, text, tt.isError, tt.text)
		}
		ours := 0
		for k := range r.Meta {
			if strings.HasPrefix(k, "toolschema/") {
				ours++
			}
		}
		if ours != len(tt.meta) {
			t.Errorf("%s: _meta %v, want %v", tt.sku, r.Meta, tt.meta)
		}
		for k, v := range tt.meta {
			if r.Meta[k] != v {
				t.Errorf("%s: _meta %s = %#v, want %#v", tt.sku, k, r.Meta[k], v)
			}
		}
	}
}
