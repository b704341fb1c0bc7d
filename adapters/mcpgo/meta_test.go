package mcpgo_test

import (
	"context"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type metaIn struct {
	ID string `json:"id"`
}

// TestMetaKeys: the _meta keys of a tool and of an error result are
// those of the root's mcpserver: under the reverse-DNS prefix
// "io.github.toolschema/" (MCP's schema, MetaObject: implementations
// SHOULD use reverse DNS notation) and, deprecated for one version, under
// "toolschema/", with the same values.
func TestMetaKeys(t *testing.T) {
	getOrder := func(ctx context.Context, in metaIn) (string, error) {
		return "", &tool.Error{Code: "NO_ORDER", Category: tool.CategoryNotFound, SafeMessage: "No order " + in.ID + ".", Recovery: tool.RecoverAskUser}
	}
	fail, err := reflectimpl.Create(getOrder, reflectimpl.Meta(tool.Meta{Name: "get_order", ErrorCodes: []string{"NO_ORDER"}}))
	if err != nil {
		t.Fatal(err)
	}
	described, err := reflectimpl.Create(getOrder, reflectimpl.Meta(tool.Meta{Name: "get_order", Timeout: time.Second, Version: "2", RequiresApproval: true, ErrorCodes: []string{"NO_ORDER"}}))
	if err != nil {
		t.Fatal(err)
	}
	s := server.NewMCPServer("meta", "1")
	if err := mcpgo.Register(s, []*tool.Tool{fail}, nil); err != nil {
		t.Fatal(err)
	}
	listed := mcpgo.Tool(described).Meta.AdditionalFields
	for _, k := range []string{"endsLoop", "parallelSafe", "timeout", "version", "requiresApproval"} {
		v, ok := listed["io.github.toolschema/"+k]
		if !ok || v != listed["toolschema/"+k] {
			t.Errorf("tool _meta %q = %v (%v), %q = %v", "io.github.toolschema/"+k, v, ok, "toolschema/"+k, listed["toolschema/"+k])
		}
	}
	r := call(t, inprocess(t, s), "get_order", `{"id":"7"}`)
	if !r.IsError || r.Meta == nil {
		t.Fatalf("result %+v", r)
	}
	got := r.Meta.AdditionalFields
	for _, k := range []string{"code", "started", "outcome", "errorCode", "category", "recovery"} {
		v, ok := got["io.github.toolschema/"+k]
		if !ok || v != got["toolschema/"+k] {
			t.Errorf("result _meta %q = %v (%v), %q = %v", "io.github.toolschema/"+k, v, ok, "toolschema/"+k, got["toolschema/"+k])
		}
	}
}

// TestToolIcon: the tool's icon (the directive's icon=, tool.Meta.Icon)
// is listed in MCP's Tool.icons with its media type, as the root's
// mcpserver lists it; a tool without one lists none.
func TestToolIcon(t *testing.T) {
	for _, c := range []struct{ icon, mime string }{
		{"https://example.com/icons/order.PNG", "image/png"},
		{"https://example.com/order.svg", "image/svg+xml"},
		{"data:image/webp;base64,UklGRg==", "image/webp"},
		{"", ""},
	} {
		tl, err := reflectimpl.Create(func(ctx context.Context, in metaIn) (string, error) { return in.ID, nil },
			reflectimpl.Meta(tool.Meta{Name: "get_order", Icon: c.icon}))
		if err != nil {
			t.Fatal(err)
		}
		icons := mcpgo.Tool(tl).Icons
		switch {
		case c.icon == "" && len(icons) != 0:
			t.Errorf("no icon: listed %v", icons)
		case c.icon != "" && (len(icons) != 1 || icons[0].Src != c.icon || icons[0].MIMEType != c.mime):
			t.Errorf("icon %s: listed %+v, want one of type %s", c.icon, icons, c.mime)
		}
	}
}
