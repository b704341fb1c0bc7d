package mcpgo_test

import (
	"encoding/json"
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
