package mcpserver_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestToolSurface reproduces the half of MCP 2026-07-28's tool surface
// that Register did not fill: the policy's title went only into
// annotations.title, never the top-level title that clients show first;
// icons came only through Options.Adjust; the _meta keys had the prefix
// "toolschema/" where MCP asks for a reverse-DNS one. Now the title is in
// both places, Options.Icons gives icons by tool name, and every _meta key
// is written under "io.github.toolschema/" and, deprecated, under
// "toolschema/" too.
func TestToolSurface(t *testing.T) {
	lookup, err := reflectimpl.Create(Lookup, reflectimpl.Meta(tool.Meta{
		ReadOnly: true,
		Title:    "Look up a key",
	}))
	if err != nil {
		t.Fatal(err)
	}
	del, err := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	gd, err := reflectimpl.Create(GetDocket, reflectimpl.Meta(tool.Meta{
		Timeout:  5 * time.Second,
		Version:  "2",
		EndsLoop: true,
	}))
	if err != nil {
		t.Fatal(err)
	}
	key := mcp.Icon{Source: "https://example.com/key.svg", MIMEType: "image/svg+xml", Sizes: []string{"any"}}
	cs := connect(t, []*tool.Tool{lookup, del, gd}, &mcpserver.Options{Icons: map[string][]mcp.Icon{"lookup": {key}}})
	ctx := context.Background()
	listed := listedByName(t, cs)
	l := listed["lookup"]
	if l.Title != "Look up a key" || l.Annotations == nil || l.Annotations.Title != "Look up a key" {
		t.Errorf("lookup: title %q, annotations %+v; want the title in both", l.Title, l.Annotations)
	}
	if len(l.Icons) != 1 || l.Icons[0].Source != key.Source || l.Icons[0].MIMEType != key.MIMEType || len(l.Icons[0].Sizes) != 1 {
		t.Errorf("lookup: icons %+v, want %+v", l.Icons, key)
	}
	if d := listed["delete"]; d.Title != "" || len(d.Icons) != 0 {
		t.Errorf("delete: title %q, icons %+v; want none", d.Title, d.Icons)
	}
	metas := []struct {
		tool, key string
		want      any
	}{
		{"get_docket", "endsLoop", true},
		{"get_docket", "parallelSafe", true},
		{"get_docket", "timeout", "5s"},
		{"get_docket", "version", "2"},
		{"delete", "requiresApproval", true},
		{"delete", "endsLoop", false},
	}
	for _, m := range metas {
		meta := listed[m.tool].Meta
		if got, old := meta["io.github.toolschema/"+m.key], meta["toolschema/"+m.key]; got != m.want || old != m.want {
			t.Errorf("%s: _meta %s is %v, and %v under the deprecated prefix; want %v", m.tool, m.key, got, old, m.want)
		}
	}
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "delete", Arguments: map[string]any{"id": "a"}})
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"code": "approval_required", "started": false, "outcome": "not_started"} {
		if got, old := r.Meta["io.github.toolschema/"+k], r.Meta["toolschema/"+k]; got != want || old != want {
			t.Errorf("delete's error result: _meta %s is %v, and %v under the deprecated prefix; want %v", k, got, old, want)
		}
	}

	err = mcpserver.Register(newServer(), []*tool.Tool{lookup}, &mcpserver.Options{Icons: map[string][]mcp.Icon{"lokup": {key}}})
	if err == nil || !strings.Contains(err.Error(), `"lokup"`) {
		t.Errorf("icons of a tool not served: %v, want an error that names it", err)
	}
}

// TestToolListCache checks the cache fields of tools/list (MCP
// 2026-07-28's ttlMs and cacheScope) that Options gives, and that what
// they leave unset stays the server's (mcp.ServerOptions.SetCacheable).
func TestToolListCache(t *testing.T) {
	lookup, err := reflectimpl.Create(Lookup, reflectimpl.Meta(tool.Meta{ReadOnly: true}))
	if err != nil {
		t.Fatal(err)
	}
	serverTTL := func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { c.TTLMs = 5000 }
	tests := []struct {
		name    string
		server  func(context.Context, mcp.Request, *mcp.Cacheable)
		opts    mcpserver.Options
		ttlMs   int
		scope   string
		refused string
	}{
		{"unset", nil, mcpserver.Options{}, 0, "public", ""},
		{"ttl and scope", nil, mcpserver.Options{ToolListTTL: time.Minute, ToolListScope: "private"}, 60000, "private", ""},
		{"the server's ttl", serverTTL, mcpserver.Options{ToolListScope: "private"}, 5000, "private", ""},
		{"ours over the server's", serverTTL, mcpserver.Options{ToolListTTL: 2 * time.Second}, 2000, "public", ""},
		{"negative", nil, mcpserver.Options{ToolListTTL: -time.Second}, 0, "", "ToolListTTL"},
		{"no such scope", nil, mcpserver.Options{ToolListScope: "shared"}, 0, "", `"shared"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, &mcp.ServerOptions{SetCacheable: tt.server})
			err := mcpserver.Register(s, []*tool.Tool{lookup}, &tt.opts)
			if tt.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tt.refused) {
					t.Fatalf("Register: %v, want an error about %s", err, tt.refused)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			res, err := connectServer(t, s, nil, "").ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.TTLMs != tt.ttlMs || res.CacheScope != tt.scope || len(res.Tools) != 1 {
				t.Errorf("ttlMs %d, cacheScope %q, %d tools; want %d, %q, 1", res.TTLMs, res.CacheScope, len(res.Tools), tt.ttlMs, tt.scope)
			}
		})
	}
}

// TestToolIcons: a tool's own icon (tool.Meta.Icon, the directive's
// icon=) is listed with the media type its URL says, before the icons
// Options.Icons gives it; a tool without one has only those.
func TestToolIcons(t *testing.T) {
	fn := func() string { return "ok" }
	own, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{
		Name: "own",
		Icon: "https://example.com/icons/own.svg",
	}))
	if err != nil {
		t.Fatal(err)
	}
	both, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{
		Name: "both",
		Icon: "data:image/png;base64,iVBORw0KGgo=",
	}))
	if err != nil {
		t.Fatal(err)
	}
	given, err := reflectimpl.Create(fn, reflectimpl.Meta(tool.Meta{Name: "given"}))
	if err != nil {
		t.Fatal(err)
	}
	extra := mcp.Icon{Source: "https://example.com/dark.png", MIMEType: "image/png", Theme: "dark"}
	cs := connect(t, []*tool.Tool{own, both, given}, &mcpserver.Options{Icons: map[string][]mcp.Icon{"both": {extra}, "given": {extra}}})
	want := map[string][]mcp.Icon{
		"own":   {{Source: "https://example.com/icons/own.svg", MIMEType: "image/svg+xml"}},
		"both":  {{Source: "data:image/png;base64,iVBORw0KGgo=", MIMEType: "image/png"}, extra},
		"given": {extra},
	}
	n := 0
	for tl, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		if !reflect.DeepEqual(tl.Icons, want[tl.Name]) {
			t.Errorf("%s: icons %+v, want %+v", tl.Name, tl.Icons, want[tl.Name])
		}
	}
	if n != 3 {
		t.Errorf("%d tools listed", n)
	}
}

// TestOptionsIconsChecked: an icon of Options.Icons must be one MCP's
// Icon allows (schema/2026-07-28: src a URI, required, "an HTTP/HTTPS URL
// or a data: URI"; theme "light" or "dark"); Register refuses another,
// naming the tool and the icon, and adds nothing.
func TestOptionsIconsChecked(t *testing.T) {
	lookup, err := reflectimpl.Create(func(in struct {
		ID string `json:"id"`
	}) (string, error) {
		return in.ID, nil
	}, reflectimpl.Meta(tool.Meta{Name: "lookup", ReadOnly: true}))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		icon mcp.Icon
		want string // "" when taken
	}{
		{mcp.Icon{Source: "https://example.com/a.png", MIMEType: "image/png", Sizes: []string{"48x48"}, Theme: "dark"}, ""},
		{mcp.Icon{Source: "http://example.com/a"}, ""},
		{mcp.Icon{Source: "data:image/png;base64,iVBORw0KGgo="}, ""},
		{mcp.Icon{}, `icon 1 of tool "lookup" has no src`},
		{mcp.Icon{Source: "/a.png"}, `icon 1 of tool "lookup": src "/a.png" is not an http, https or data: URI`},
		{mcp.Icon{Source: "javascript:alert(1)"}, `is not an http, https or data: URI`},
		{mcp.Icon{Source: "https://example.com/a.png", Theme: "blue"}, `icon 1 of tool "lookup": theme "blue" is not "light" or "dark"`},
	} {
		s := newServer()
		err := mcpserver.Register(s, []*tool.Tool{lookup}, &mcpserver.Options{Icons: map[string][]mcp.Icon{"lookup": {c.icon}}})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v refused: %v", c.icon, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%+v: %v, want an error with %q", c.icon, err, c.want)
		}
	}
}
