package mcpserver_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// The protocol versions either side of SEP-2106, which let a tool's
// output schema and structured content be any JSON value.
const (
	newProtocol = "2026-07-28"
	oldProtocol = "2025-11-25"
)

type Alert struct {
	ID    string `json:"id"`
	Level int    `json:"level"`
}

type AlertQuery struct {
	Min int `json:"min"`
}

// Handlers of the go-sdk's shape whose Out is not an object.

func alerts(_ context.Context, _ *mcp.CallToolRequest, in AlertQuery) (*mcp.CallToolResult, []Alert, error) {
	if in.Min > 5 {
		return nil, nil, nil
	}
	return nil, []Alert{{ID: "disk", Level: 7}, {ID: "cpu", Level: in.Min}}, nil
}

func alertCount(_ context.Context, _ *mcp.CallToolRequest, in AlertQuery) (*mcp.CallToolResult, int, error) {
	return nil, 2 + in.Min, nil
}

func alertIDs(_ context.Context, _ *mcp.CallToolRequest, in AlertQuery) (*mcp.CallToolResult, []string, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "two alerts"}}}, []string{"disk", "cpu"}, nil
}

func alertsOn(_ context.Context, _ *mcp.CallToolRequest, in AlertQuery) (*mcp.CallToolResult, bool, error) {
	return nil, in.Min < 5, nil
}

// addNonObject adds the handlers above to s, with the SDK's mcp.AddTool or
// with the drop-in.
func addNonObject(s *mcp.Server, dropIn bool) {
	add := func(name string, f func(*mcp.Tool)) { f(&mcp.Tool{Name: name}) }
	if dropIn {
		add("alerts", func(mt *mcp.Tool) { mcpserver.AddTool(s, mt, alerts) })
		add("alert_count", func(mt *mcp.Tool) { mcpserver.AddTool(s, mt, alertCount) })
		add("alert_ids", func(mt *mcp.Tool) { mcpserver.AddTool(s, mt, alertIDs) })
		add("alerts_on", func(mt *mcp.Tool) { mcpserver.AddTool(s, mt, alertsOn) })
		return
	}
	add("alerts", func(mt *mcp.Tool) { mcp.AddTool(s, mt, alerts) })
	add("alert_count", func(mt *mcp.Tool) { mcp.AddTool(s, mt, alertCount) })
	add("alert_ids", func(mt *mcp.Tool) { mcp.AddTool(s, mt, alertIDs) })
	add("alerts_on", func(mt *mcp.Tool) { mcp.AddTool(s, mt, alertsOn) })
}

// listedByName lists the tools of cs by name.
func listedByName(t *testing.T, cs *mcp.ClientSession) map[string]*mcp.Tool {
	t.Helper()
	got := map[string]*mcp.Tool{}
	for mt, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		got[mt.Name] = mt
	}
	return got
}

// nonNullType returns a schema (as JSON) with "null" taken out of its
// top-level "type": the schema the drop-in lists where the SDK lists one
// that also admits null (a slice's), since the drop-in sends [] and not
// null for a nil slice.
func nonNullType(t *testing.T, schema []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(schema, &m); err != nil {
		t.Fatal(err)
	}
	if types, ok := m["type"].([]any); ok {
		types = slices.DeleteFunc(types, func(v any) bool { return v == "null" })
		if len(types) == 1 {
			m["type"] = types[0]
		} else {
			m["type"] = types
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// TestDropInNonObjectAsSDK reproduces the drop-in's regression against
// go-sdk v1.8.0: for a handler whose Out is not an object ([]Alert, int,
// []string, bool), the SDK lists the output schema and answers with
// structured content (MCP 2026-07-28, SEP-2106), and the drop-in sent
// neither. The same handlers on a server of each, listed and called with
// the SDK's client, give the same output schema (the SDK's admits null
// besides: see nonNullType) and the same structured content and text.
func TestDropInNonObjectAsSDK(t *testing.T) {
	sdk := mcp.NewServer(&mcp.Implementation{Name: "sdk", Version: "v0"}, nil)
	addNonObject(sdk, false)
	ours := mcp.NewServer(&mcp.Implementation{Name: "ours", Version: "v0"}, nil)
	addNonObject(ours, true)
	a, b := connectServer(t, sdk, nil, newProtocol), connectServer(t, ours, nil, newProtocol)
	la, lb := listedByName(t, a), listedByName(t, b)
	for _, name := range []string{"alerts", "alert_count", "alert_ids", "alerts_on"} {
		if la[name] == nil || lb[name] == nil {
			t.Fatalf("%s: listed by the SDK %v, by the drop-in %v", name, la[name] != nil, lb[name] != nil)
		}
		if lb[name].OutputSchema == nil {
			t.Errorf("%s: the drop-in lists no output schema", name)
			continue
		}
		sa, _ := json.Marshal(la[name].OutputSchema)
		sb, _ := json.Marshal(lb[name].OutputSchema)
		schematest.Check(t, sb)
		if !jsonEqual(nonNullType(t, sa), sb) {
			t.Errorf("%s: output schema\nSDK     %s\ndrop-in %s", name, sa, sb)
		}
	}
	for _, c := range []struct{ tool, args, structured string }{
		{"alerts", `{"min":3}`, `[{"id":"disk","level":7},{"id":"cpu","level":3}]`},
		{"alert_count", `{"min":3}`, `5`},
		{"alert_ids", `{"min":3}`, `["disk","cpu"]`},
		{"alerts_on", `{"min":3}`, `true`},
	} {
		params := &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)}
		ra, err := a.CallTool(context.Background(), params)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.CallTool(context.Background(), params)
		if err != nil {
			t.Fatal(err)
		}
		sb, _ := json.Marshal(rb.StructuredContent)
		if rb.IsError || !jsonEqual(sb, []byte(c.structured)) {
			t.Errorf("%s: IsError %v, structured %s, want %s", c.tool, rb.IsError, sb, c.structured)
		}
		// What is sent is true of the schema listed.
		listed, _ := json.Marshal(lb[c.tool].OutputSchema)
		if err := schematest.Validate(schematest.Check(t, listed), sb); err != nil {
			t.Errorf("%s: structured %s breaks the listed output schema: %v", c.tool, sb, err)
		}
		ja, jb := comparable(t, ra), comparable(t, rb)
		if !jsonEqual(ja, jb) {
			t.Errorf("%s %s:\nSDK     %s\ndrop-in %s", c.tool, c.args, ja, jb)
		}
	}
	// A nil slice: the SDK sends null, which a client reads as no
	// structured content at all; the drop-in sends the empty list.
	r, err := b.CallTool(context.Background(), &mcp.CallToolParams{Name: "alerts", Arguments: map[string]any{"min": 9}})
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := json.Marshal(r.StructuredContent); r.IsError || string(s) != `[]` || texts(t, r) != `[]` {
		t.Errorf("alerts(9): IsError %v, structured %s, text %q; want [] as both", r.IsError, s, texts(t, r))
	}
}

// TestNonObjectOldClient checks what a client of a protocol before
// 2026-07-28 sees of a tool whose result is not an object: no output
// schema (its protocol requires one of type "object", and a strict client,
// as the TypeScript SDK's, refuses the whole list over one that is not)
// and no structured content, the JSON as text; a client of 2026-07-28 gets
// both. The tools are the drop-in's and Register's; an object result is
// structured for both clients.
func TestNonObjectOldClient(t *testing.T) {
	cl, err := reflectimpl.Create(CaseList)
	if err != nil {
		t.Fatal(err)
	}
	gd, err := reflectimpl.Create(GetDocket)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "ours", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{cl, gd}, nil); err != nil {
		t.Fatal(err)
	}
	addNonObject(s, true)
	calls := []struct {
		tool, args, text, structured string
		object                       bool
	}{
		{"case_list", `{"court":"nysd"}`, `["nysd"]`, `["nysd"]`, false},
		{"alerts", `{"min":3}`, `[{"id":"disk","level":7},{"id":"cpu","level":3}]`, `[{"id":"disk","level":7},{"id":"cpu","level":3}]`, false},
		{"alert_count", `{"min":1}`, `3`, `3`, false},
		{"alert_ids", `{"min":1}`, "two alerts\n[\"disk\",\"cpu\"]", `["disk","cpu"]`, false},
		{"get_docket", `{"court":"nysd","limit":1}`, `{"court":"nysd","entries":["filed"]}`, `{"court":"nysd","entries":["filed"]}`, true},
	}
	for _, version := range []string{oldProtocol, newProtocol} {
		t.Run(version, func(t *testing.T) {
			old := version == oldProtocol
			cs := connectServer(t, s, nil, version)
			listed := listedByName(t, cs)
			for _, c := range calls {
				mt := listed[c.tool]
				if mt == nil {
					t.Fatalf("%s not listed", c.tool)
				}
				if got, want := mt.OutputSchema != nil, c.object || !old; got != want {
					t.Errorf("%s: output schema listed %v (%v), want %v", c.tool, got, mt.OutputSchema, want)
				}
				r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
				if err != nil {
					t.Fatal(err)
				}
				if r.IsError || texts(t, r) != c.text {
					t.Errorf("%s: IsError %v, text %q, want %q", c.tool, r.IsError, texts(t, r), c.text)
				}
				if !c.object && old {
					if r.StructuredContent != nil {
						t.Errorf("%s: structured %v, want none", c.tool, r.StructuredContent)
					}
					continue
				}
				if b, _ := json.Marshal(r.StructuredContent); !jsonEqual(b, []byte(c.structured)) {
					t.Errorf("%s: structured %s, want %s", c.tool, b, c.structured)
				}
			}
		})
	}
}

// TestNonObjectOldClientHTTPServer: a server of the SDK's tools alone that
// HTTPHandler serves lists them to a client of a protocol before
// 2026-07-28 as a server of this package's tools does, without the output
// schemas that are not objects, over any of its transports; a client of
// 2026-07-28 gets them.
func TestNonObjectOldClientHTTPServer(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "sdk-only", Version: "v0"}, nil)
	addNonObject(s, false)
	mcpserver.HTTPHandler(s, nil)
	for _, version := range []string{oldProtocol, newProtocol} {
		listed := listedByName(t, connectServer(t, s, nil, version))
		for _, name := range []string{"alerts", "alert_count", "alert_ids", "alerts_on"} {
			mt := listed[name]
			if mt == nil {
				t.Fatalf("%s: %s not listed", version, name)
			}
			if got, want := mt.OutputSchema != nil, version == newProtocol; got != want {
				t.Errorf("%s: %s's output schema listed %v (%v), want %v", version, name, got, mt.OutputSchema, want)
			}
		}
	}
}
