package mcpgo_test

import (
	"context"
	"encoding/json"
	"maps"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// TestOlderProtocolObjectsOnly: MCP's schema before 2026-07-28
// (schema/2025-11-25) has an output schema of type "object" and
// structured content an object; SEP-2106 widened both in 2026-07-28. To a
// client that negotiated 2025-11-25, Register lists no output schema that
// is not of objects and sends no structured content that is not an
// object (the serialized JSON stays in the text content); to a client of
// 2026-07-28, both, as before.
func TestOlderProtocolObjectsOnly(t *testing.T) {
	for _, c := range []struct {
		version string
		array   bool // list_alerts lists its array schema and sends an array
	}{{"2025-11-25", false}, {"2025-06-18", false}, {mcp.LATEST_PROTOCOL_VERSION, true}} {
		s := server.NewMCPServer("versions", "1")
		if err := mcpgo.Register(s, registered(), nil); err != nil {
			t.Fatal(err)
		}
		ic, err := client.NewInProcessClient(s)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ic.Close() })
		if err := ic.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		init := mcp.InitializeRequest{}
		init.Params.ClientInfo = mcp.Implementation{Name: "old-client", Version: "1"}
		init.Params.ProtocolVersion = c.version
		got, err := ic.Initialize(t.Context(), init)
		if err != nil {
			t.Fatal(err)
		}
		if got.ProtocolVersion != c.version {
			t.Fatalf("negotiated %s, want %s", got.ProtocolVersion, c.version)
		}
		list, err := ic.ListTools(t.Context(), mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		for _, tl := range list.Tools {
			raw, _ := json.Marshal(tl)
			var wire struct {
				OutputSchema map[string]any `json:"outputSchema"`
			}
			json.Unmarshal(raw, &wire)
			switch typ := wire.OutputSchema["type"]; {
			case tl.Name == "list_alerts" && c.array && typ != "array":
				t.Errorf("%s: list_alerts lists output schema %v, want its array schema", c.version, wire.OutputSchema)
			case wire.OutputSchema != nil && typ != "object" && !c.array:
				t.Errorf("%s: %s lists output schema %v, of no objects", c.version, tl.Name, wire.OutputSchema)
			}
		}
		r := call(t, ic, "list_alerts", `{"service":"api"}`)
		sc, _ := json.Marshal(r.StructuredContent)
		isArray := len(sc) > 0 && sc[0] == '['
		if r.IsError || isArray != c.array || !c.array && r.StructuredContent != nil {
			t.Errorf("%s: list_alerts sent structured content %s (error %v)", c.version, sc, r.IsError)
		}
		if len(r.Content) == 0 || text(r) == "" {
			t.Errorf("%s: list_alerts sent no text content", c.version)
		}
	}
}

// TestOlderProtocolDropIns: mr-karan/logchef's tools moved to the drop-ins
// list an array output schema (mcpgo.WithOutputSchema[[]SchemaColumn]),
// where mcp-go lists none. MCP's schema before 2026-07-28 has output
// schemas and structured content of objects only, and the TypeScript
// SDK's client (1.32.2, of 2025-11-25) fails listTools for the whole
// server on one output schema whose type is not "object". A server made
// by mcpgo.NewMCPServer lists such a client no output schema that is not
// of objects, however its tool was added; a drop-in sends it a result
// that is not an object as text only, on any server. On a server made by
// server.NewMCPServer the listing is mcp-go's own: a drop-in's array
// schema is listed to every client (docs/contract.md).
func TestOlderProtocolDropIns(t *testing.T) {
	columns := mcp.NewTool("get_source_schema", mcpgo.WithInputSchema[SourceSchemaParams](), mcpgo.WithOutputSchema[[]SchemaColumn]())
	saved := mcp.NewTool("get_saved_query", mcpgo.WithInputSchema[SavedQueryParams](), mcpgo.WithOutputSchema[SavedQuery]())
	tags := mcp.NewTool("tags", mcp.WithRawOutputSchema(json.RawMessage(`{"type":"array","items":{"type":"string"}}`)))
	tagsHandler := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultStructured([]string{"a"}, `["a"]`), nil
	}
	for _, c := range []struct {
		version string
		moved   bool // made by mcpgo.NewMCPServer
		array   bool // the client takes output schemas and results of any JSON value
	}{
		{"2025-06-18", true, false}, {"2025-11-25", true, false}, {mcp.LATEST_PROTOCOL_VERSION, true, true},
		{"2025-11-25", false, false}, {mcp.LATEST_PROTOCOL_VERSION, false, true},
	} {
		newServer := server.NewMCPServer
		if c.moved {
			newServer = mcpgo.NewMCPServer
		}
		s := newServer("logchef", "1")
		s.AddTool(columns, mcpgo.NewStructuredToolHandler(logchefSchema))
		s.AddTool(saved, mcpgo.NewStructuredToolHandler(logchefSaved))
		s.AddTool(tags, tagsHandler)
		ic, err := client.NewInProcessClient(s)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ic.Close() })
		if err := ic.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		init := mcp.InitializeRequest{}
		init.Params.ClientInfo = mcp.Implementation{Name: "client", Version: "1"}
		init.Params.ProtocolVersion = c.version
		if _, err := ic.Initialize(t.Context(), init); err != nil {
			t.Fatal(err)
		}
		list, err := ic.ListTools(t.Context(), mcp.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]any{}
		for _, tl := range list.Tools {
			raw, _ := json.Marshal(tl)
			var wire struct {
				OutputSchema struct {
					Type any `json:"type"`
				} `json:"outputSchema"`
			}
			json.Unmarshal(raw, &wire)
			got[tl.Name] = wire.OutputSchema.Type
		}
		want := map[string]any{"get_source_schema": "array", "get_saved_query": "object", "tags": "array"}
		if c.moved && !c.array {
			want["get_source_schema"], want["tags"] = nil, nil
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s, moved %v: output schema types %v, want %v", c.version, c.moved, got, want)
		}
		r := call(t, ic, "get_source_schema", `{"team_id":1,"source_id":2}`)
		const cols = `[{"name":"timestamp","type":"DateTime64(3)"},{"name":"body","type":"String"}]`
		wantStructured := ""
		if c.array {
			wantStructured = cols
		}
		if r.IsError || text(r) != cols || string(r.RawStructuredContent) != wantStructured {
			t.Errorf("%s, moved %v: get_source_schema answered %q, structured %s, want %s", c.version, c.moved, text(r), r.RawStructuredContent, wantStructured)
		}
		if r := call(t, ic, "get_saved_query", `{"query_id":4}`); string(r.RawStructuredContent) != `{"id":4,"name":"errors","query_type":"sql"}` {
			t.Errorf("%s, moved %v: get_saved_query sent structured %s", c.version, c.moved, r.RawStructuredContent)
		}
	}
}
