package mcpgo_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// TestListTools lists the test server's tools with mcp-go's client over
// each transport: every tool, its schemas with every description, enum,
// bound and optional field, its output schema in a form the client reads,
// and the policy as title, annotations and _meta.
func TestListTools(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := connect(t, tr.connect(t, newServer()))
			wire := listed(t, newServer())
			res, err := c.ListTools(t.Context(), mcp.ListToolsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			tools := map[string]mcp.Tool{}
			for _, tl := range res.Tools {
				tools[tl.Name] = tl
			}
			want := []string{"assets", "explode", "fail", "get_order", "greet", "list_alerts", "look", "manual_weather", "search", "slow", "tick", "weather"}
			got := make([]string, 0, len(tools))
			for n := range tools {
				got = append(got, n)
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("tools = %v, want %v", got, want)
			}

			for _, tc := range []struct {
				tool, in, out string
			}{
				{"list_alerts",
					`{"type":"object","properties":{"service":{"type":"string","description":"The service whose alerts to list.","enum":["api","web","db"]},"limit":{"type":"integer","description":"At most this many alerts.","minimum":1,"maximum":100,"default":10},"since":{"type":["string","null"],"format":"date-time","description":"Only alerts raised after this time."}},"required":["service"],"additionalProperties":false}`,
					`{"type":"array","items":{"type":"object","properties":{"id":{"type":"string","description":"The alert's ID."},"severity":{"type":"string","enum":["low","high"]}},"required":["id","severity"],"additionalProperties":false}}`},
				{"get_order",
					`{"type":"object","properties":{"id":{"type":"string","description":"The order's ID.","pattern":"^o[0-9]+$"}},"required":["id"],"additionalProperties":false}`,
					`{"type":"object","properties":{"id":{"type":"string"},"total":{"type":"integer","minimum":0}},"required":["id","total"],"additionalProperties":false}`},
				{"explode", `{"type":"object","properties":{},"additionalProperties":false}`, ""},
				{"weather",
					`{"type":"object","properties":{"city":{"type":"string","description":"The city to report on."},"units":{"type":"string","description":"The temperature's unit.","enum":["celsius","fahrenheit"],"default":"celsius"}},"required":["city"],"additionalProperties":false}`,
					`{"type":"object","properties":{"city":{"type":"string"},"temperature":{"type":"number","description":"In the units asked for."},"units":{"type":"string"}},"required":["city","temperature","units"],"additionalProperties":false}`},
				{"assets",
					`{"type":"object","properties":{"limit":{"type":"integer","description":"How many assets.","minimum":1,"maximum":100}},"additionalProperties":false}`,
					`{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"},"value":{"type":"number"}},"required":["id","value"],"additionalProperties":false}}`},
				{"search",
					`{"type":"object","properties":{"limit":{"type":"number","description":"How many hits.","minimum":1,"maximum":100,"default":10},"query":{"type":"string","description":"Words to look for.","minLength":1},"sort":{"type":"string","description":"The order of the hits.","enum":["new","top"]}},"required":["query"]}`,
					""},
			} {
				// mcp-go's client keeps of a schema what its types have
				// fields for: compared as it reads them.
				tl := tools[tc.tool]
				var in mcp.ToolInputSchema
				if err := json.Unmarshal([]byte(tc.in), &in); err != nil {
					t.Fatal(err)
				}
				if got, want := canonical(t, tl.InputSchema), canonical(t, in); got != want {
					t.Errorf("%s: input schema\n got %s\nwant %s", tc.tool, got, want)
				}
				if tc.out == "" {
					if tl.OutputSchema.Type != "" {
						t.Errorf("%s: an output schema of type %q listed, want none", tc.tool, tl.OutputSchema.Type)
					}
					continue
				}
				var out mcp.ToolOutputSchema
				if err := json.Unmarshal([]byte(tc.out), &out); err != nil {
					t.Fatal(err)
				}
				if got, want := canonical(t, tl.OutputSchema), canonical(t, out); got != want {
					t.Errorf("%s: output schema\n got %s\nwant %s", tc.tool, got, want)
				}
				// And as the server wrote them, byte for byte.
				if got := wire[tc.tool]; got.In != tc.in || string(got.Out) != tc.out {
					t.Errorf("%s: on the wire\n in %s\nout %s\nwant\n in %s\nout %s", tc.tool, got.In, got.Out, tc.in, tc.out)
				}
			}

			// The policy, as the root's mcpserver maps it.
			for _, tc := range []struct {
				tool, title                      string
				ro                               bool
				destructive, idempotent, openPtr *bool
				meta                             map[string]any
			}{
				{"list_alerts", "List alerts", true, nil, nil, mcp.ToBoolPtr(true),
					map[string]any{"toolschema/endsLoop": false, "toolschema/parallelSafe": true}},
				{"get_order", "", true, nil, nil, mcp.ToBoolPtr(false),
					map[string]any{"toolschema/endsLoop": false, "toolschema/parallelSafe": true, "toolschema/version": "2"}},
				{"fail", "", false, mcp.ToBoolPtr(false), mcp.ToBoolPtr(true), mcp.ToBoolPtr(true),
					map[string]any{"toolschema/endsLoop": false, "toolschema/parallelSafe": true}},
				{"explode", "", false, mcp.ToBoolPtr(true), mcp.ToBoolPtr(false), mcp.ToBoolPtr(true),
					map[string]any{"toolschema/endsLoop": false, "toolschema/parallelSafe": true}},
				{"slow", "", false, mcp.ToBoolPtr(true), mcp.ToBoolPtr(false), mcp.ToBoolPtr(true),
					map[string]any{"toolschema/endsLoop": false, "toolschema/parallelSafe": true, "toolschema/timeout": "50ms"}},
				{"tick", "", false, mcp.ToBoolPtr(true), mcp.ToBoolPtr(false), mcp.ToBoolPtr(true),
					map[string]any{"toolschema/endsLoop": false, "toolschema/parallelSafe": false}},
			} {
				tl := tools[tc.tool]
				a := tl.Annotations
				if tl.Title != tc.title || a.Title != tc.title {
					t.Errorf("%s: title %q, annotations' title %q, want %q", tc.tool, tl.Title, a.Title, tc.title)
				}
				if a.ReadOnlyHint == nil || *a.ReadOnlyHint != tc.ro {
					t.Errorf("%s: readOnlyHint %v, want %v", tc.tool, show(a.ReadOnlyHint), tc.ro)
				}
				for _, h := range []struct {
					name      string
					got, want *bool
				}{{"destructiveHint", a.DestructiveHint, tc.destructive}, {"idempotentHint", a.IdempotentHint, tc.idempotent}, {"openWorldHint", a.OpenWorldHint, tc.openPtr}} {
					if show(h.got) != show(h.want) {
						t.Errorf("%s: %s %s, want %s", tc.tool, h.name, show(h.got), show(h.want))
					}
				}
				if tl.Meta == nil {
					t.Errorf("%s: no _meta", tc.tool)
					continue
				}
				// Each key under the reverse-DNS prefix and, deprecated,
				// under "toolschema/".
				both := map[string]any{}
				for k, v := range tc.meta {
					both[k] = v
					both["io.github."+k] = v
				}
				got, _ := json.Marshal(tl.Meta.AdditionalFields)
				want, _ := json.Marshal(both)
				if string(got) != string(want) {
					t.Errorf("%s: _meta %s, want %s", tc.tool, got, want)
				}
			}
			// A wrapped builder tool keeps the definition it was given.
			if a := tools["search"].Annotations; show(a.ReadOnlyHint) != "true" || show(a.DestructiveHint) != "true" {
				t.Errorf("search: annotations %s %s, want the builder's", show(a.ReadOnlyHint), show(a.DestructiveHint))
			}
		})
	}
}

func show(b *bool) string {
	if b == nil {
		return "unset"
	}
	if *b {
		return "true"
	}
	return "false"
}

// canonical returns v as JSON with sorted keys.
func canonical(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(x)
	return string(out)
}

// TestCalls calls the test server's tools with mcp-go's client over each
// transport: good arguments, refused ones (each violation with its path,
// never the value), a handler's error, a panic, a business error with its
// code in _meta, a timeout, and structured content that is not an object.
func TestCalls(t *testing.T) {
	type want struct {
		isError    bool
		text       string // the whole text, or with a trailing "…" its start
		structured string // the structured content, "" for none
		meta       map[string]any
	}
	failed := func(code string, started bool, outcome string) map[string]any {
		return map[string]any{"toolschema/code": code, "toolschema/started": started, "toolschema/outcome": outcome}
	}
	cases := []struct {
		name, tool, args string
		want             want
	}{
		{"array result", "list_alerts", `{"service":"api","limit":2}`, want{
			text:       `[{"id":"a1","severity":"high"},{"id":"a2","severity":"low"}]`,
			structured: `[{"id":"a1","severity":"high"},{"id":"a2","severity":"low"}]`}},
		{"default filled in", "list_alerts", `{"service":"web"}`, want{
			text:       `[{"id":"a1","severity":"high"},{"id":"a2","severity":"low"},{"id":"a3","severity":"low"}]`,
			structured: `[{"id":"a1","severity":"high"},{"id":"a2","severity":"low"},{"id":"a3","severity":"low"}]`}},
		{"nil slice is the empty array", "list_alerts", `{"service":"db"}`, want{text: `[]`, structured: `[]`}},
		{"over the maximum", "list_alerts", `{"service":"api","limit":500}`, want{isError: true,
			text: "Argument 'limit' must be at most 100.", meta: failed("invalid_arguments", false, "not_started")}},
		{"every violation", "list_alerts", `{"service":"mail","limit":0,"extra":1}`, want{isError: true,
			text: "Argument 'extra' is not a parameter of the tool.\nArgument 'service' must be one of \"api\", \"web\", \"db\".\nArgument 'limit' must be at least 1.", meta: failed("invalid_arguments", false, "not_started")}},
		{"missing", "list_alerts", `{}`, want{isError: true,
			text: "Argument 'service' is required.", meta: failed("invalid_arguments", false, "not_started")}},
		{"no arguments", "explode", "", want{isError: true,
			text: "Tool 'explode' failed: panic: the flux capacitor", meta: failed("failed", true, "started")}},
		{"object result", "get_order", `{"id":"o1"}`, want{text: `{"id":"o1","total":42}`, structured: `{"id":"o1","total":42}`}},
		{"business error", "get_order", `{"id":"o9"}`, want{isError: true, text: "Tool 'get_order' failed: ORDER_NOT_FOUND: No order has this ID. Recovery: ask_user.", meta: map[string]any{
			"toolschema/code": "failed", "toolschema/started": true, "toolschema/outcome": "not_started",
			"toolschema/errorCode": "ORDER_NOT_FOUND", "toolschema/category": "not_found", "toolschema/recovery": "ask_user"}}},
		{"handler error", "fail", `{}`, want{isError: true,
			text: "Tool 'fail' failed: the database is down", meta: failed("failed", true, "started")}},
		{"timeout", "slow", `{"millis":5000}`, want{isError: true,
			text: "Tool 'slow' timed out after 0.05 s.", meta: failed("timed_out", true, "unknown")}},
		{"key given twice", "get_order", `{"id":"o1","id":"o2"}`, want{isError: true,
			text: "Argument 'id' is given twice.", meta: failed("invalid_arguments", false, "not_started")}},

		// The structured drop-in.
		{"drop-in", "weather", `{"city":"Oslo","units":"fahrenheit"}`, want{
			text:       `{"city":"Oslo","temperature":68,"units":"fahrenheit"}`,
			structured: `{"city":"Oslo","temperature":68,"units":"fahrenheit"}`}},
		{"drop-in default", "weather", `{"city":"Oslo"}`, want{
			text:       `{"city":"Oslo","temperature":20,"units":"celsius"}`,
			structured: `{"city":"Oslo","temperature":20,"units":"celsius"}`}},
		{"drop-in enum", "weather", `{"city":"Oslo","units":"kelvin"}`, want{isError: true,
			text: "Argument 'units' must be one of \"celsius\", \"fahrenheit\".", meta: failed("invalid_arguments", false, "not_started")}},
		{"drop-in wrong type", "weather", `{"city":7}`, want{isError: true,
			text: "Argument 'city' must be a string.", meta: failed("invalid_arguments", false, "not_started")}},
		{"drop-in error", "weather", `{"city":"Atlantis"}`, want{isError: true,
			text: "Tool 'weather' failed: no station under water", meta: failed("failed", true, "started")}},
		// A drop-in declares no error codes: checked (newServer's
		// tool.WithOutputCheck), a business error is invalid_output;
		// TestDropInBusinessError has it as served unchecked.
		{"drop-in business error", "weather", `{"city":"Nowhere"}`, want{isError: true, text: "Tool 'weather' returned the error code NO_STATION, which its contract does not declare…", meta: map[string]any{
			"toolschema/code": "invalid_output", "toolschema/started": true, "toolschema/outcome": "completed",
			"toolschema/errorCode": "NO_STATION", "toolschema/category": "not_found", "toolschema/recovery": "fix_arguments"}}},
		{"drop-in panic", "weather", `{"city":"Krakatoa"}`, want{isError: true,
			text: "Tool 'weather' failed: panic: the station blew up", meta: failed("failed", true, "started")}},
		{"drop-in array", "assets", `{"limit":1}`, want{text: `[{"id":"btc","value":1.5}]`, structured: `[{"id":"btc","value":1.5}]`}},
		{"drop-in array bound", "assets", `{"limit":101}`, want{isError: true,
			text: "Argument 'limit' must be at most 100.", meta: failed("invalid_arguments", false, "not_started")}},

		// The typed drop-in: the handler's result passed on.
		{"typed", "manual_weather", `{"city":"Oslo"}`, want{
			text:       "Oslo: 20 degrees celsius (called as manual_weather)",
			structured: `{"city":"Oslo","temperature":20,"units":"celsius"}`}},
		{"typed unknown argument", "manual_weather", `{"city":"Oslo","country":"NO"}`, want{isError: true,
			text: "Argument 'country' is not a parameter of the tool.", meta: failed("invalid_arguments", false, "not_started")}},
		{"typed error", "manual_weather", `{"city":"Atlantis"}`, want{isError: true,
			text: "Tool 'manual_weather' failed: no station under water", meta: failed("failed", true, "started")}},
		{"typed panic", "manual_weather", `{"city":"Krakatoa"}`, want{isError: true,
			text: "Tool 'manual_weather' failed: panic: the station blew up", meta: failed("failed", true, "started")}},
		{"typed over a builder schema", "greet", `{"name":"Ann","age":30,"languages":["en","fr"]}`, want{
			text: "Hello, Ann! You are 30. You speak en, fr."}},
		{"typed fraction", "greet", `{"name":"Ann","age":30.5}`, want{isError: true,
			text: "Argument 'age' must be an integer.", meta: failed("invalid_arguments", false, "not_started")}},

		// The wrapped builder tool.
		{"wrapped", "search", `{"query":"mcp","sort":"top","limit":5}`, want{text: "5 hits for mcp, sorted top"}},
		{"wrapped default", "search", `{"query":"mcp"}`, want{text: "10 hits for mcp, sorted by default"}},
		{"wrapped maximum", "search", `{"query":"mcp","limit":500}`, want{isError: true,
			text: "Argument 'limit' must be at most 100.", meta: failed("invalid_arguments", false, "not_started")}},
		{"wrapped enum", "search", `{"query":"mcp","sort":"old"}`, want{isError: true,
			text: "Argument 'sort' must be one of \"new\", \"top\".", meta: failed("invalid_arguments", false, "not_started")}},
		{"wrapped required", "search", `{"sort":"new"}`, want{isError: true,
			text: "Argument 'query' is required.", meta: failed("invalid_arguments", false, "not_started")}},
		{"wrapped error", "search", `{"query":"down"}`, want{isError: true,
			text: "Tool 'search' failed: the index is offline", meta: failed("failed", true, "started")}},
		{"wrapped panic", "search", `{"query":"boom"}`, want{isError: true,
			text: "Tool 'search' failed: panic: index corrupted", meta: failed("failed", true, "started")}},
	}
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			c := connect(t, tr.connect(t, newServer()))
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					r := call(t, c, tc.tool, tc.args)
					got := text(r)
					if r.IsError != tc.want.isError {
						t.Errorf("isError = %v, want %v (%s)", r.IsError, tc.want.isError, got)
					}
					if w, ok := strings.CutSuffix(tc.want.text, "…"); ok {
						if !strings.HasPrefix(got, w) || got == "" {
							t.Errorf("text = %q, want it to start with %q", got, w)
						}
					} else if got != w {
						t.Errorf("text = %q, want %q", got, w)
					}
					var structured string
					if len(r.RawStructuredContent) > 0 {
						structured = string(r.RawStructuredContent)
					} else if r.StructuredContent != nil {
						b, _ := json.Marshal(r.StructuredContent)
						structured = string(b)
					}
					if structured != tc.want.structured {
						t.Errorf("structuredContent = %s, want %s", structured, tc.want.structured)
					}
					var meta map[string]any
					if r.Meta != nil {
						for k, v := range r.Meta.AdditionalFields {
							if strings.HasPrefix(k, "toolschema/") {
								if meta == nil {
									meta = map[string]any{}
								}
								meta[k] = v
							}
						}
					}
					if canonical(t, meta) != canonical(t, tc.want.meta) {
						t.Errorf("_meta = %s, want %s", canonical(t, meta), canonical(t, tc.want.meta))
					}
					// Model-visible text never echoes a refused value.
					for _, v := range []string{"mail", "kelvin", "old", "o2", "30.5"} {
						if r.IsError && strings.Contains(tc.args, v) && strings.Contains(got, v) {
							t.Errorf("the text %q echoes the argument value %q", got, v)
						}
					}
				})
			}
		})
	}
}

// schemas is a tool's schemas as the server wrote them.
type schemas struct {
	In  string          `json:"inputSchema"`
	Out json.RawMessage `json:"outputSchema"`
}

// listed returns the schemas of s's tools as its tools/list answer
// writes them, by name.
func listed(t *testing.T, s *server.MCPServer) map[string]schemas {
	t.Helper()
	// A request of 2026-07-28 (an older one is listed only output schemas
	// of objects).
	resp := s.HandleMessage(t.Context(), []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{`+
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`))
	data, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Result struct {
			Tools []struct {
				Name        string          `json:"name"`
				InputSchema json.RawMessage `json:"inputSchema"`
				schemas
			} `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	out := map[string]schemas{}
	for _, tl := range r.Result.Tools {
		out[tl.Name] = schemas{In: string(tl.InputSchema), Out: tl.Out}
	}
	return out
}
