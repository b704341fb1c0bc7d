package mcpgo_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// exampleClient connects mcp-go's client to the examples' server as
// written for mcp-go ("upstream") or moved ("moved"), in process or over
// stdio (this test binary run again as the server).
func exampleClient(t *testing.T, transport, side string) *client.Client {
	t.Helper()
	if transport == "inprocess" {
		s := upstreamExamples()
		if side == "moved" {
			s = movedExamples()
		}
		return inprocess(t, s)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.NewStdioMCPClient(exe, []string{stdioEnv + "=examples-" + side})
	if err != nil {
		t.Fatal(err)
	}
	return connect(t, c)
}

// schemaDiff walks two JSON values and returns the paths of what a has
// and b has not (a value missing or different), "type" and "required"
// compared as sets.
func schemaDiff(path string, a, b any) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		var out []string
		for k, av := range am {
			bv, ok := bm[k]
			if !ok {
				out = append(out, path+"."+k)
				continue
			}
			if k == "type" || k == "required" {
				if !sameSet(av, bv) {
					out = append(out, path+"."+k)
				}
				continue
			}
			out = append(out, schemaDiff(path+"."+k, av, bv)...)
		}
		return out
	}
	aj, _ := json.Marshal(a)
	bj, _ := json.Marshal(b)
	if string(aj) != string(bj) {
		return []string{path}
	}
	return nil
}

func sameSet(a, b any) bool {
	set := func(v any) []string {
		var out []string
		switch v := v.(type) {
		case []any:
			for _, x := range v {
				out = append(out, fmt.Sprint(x))
			}
		default:
			out = append(out, fmt.Sprint(v))
		}
		sort.Strings(out)
		return out
	}
	return slices.Equal(set(a), set(b))
}

// generic returns v written as JSON and read back as maps and slices.
func generic(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	if err := json.Unmarshal(data, &x); err != nil {
		t.Fatal(err)
	}
	return x
}

// TestExamplesListed lists the tools of mcp-go's examples, as written for
// mcp-go and as moved, with mcp-go's client in process and over stdio:
// the same tools, nothing of upstream's lost in the moved listing (every
// description, enum, default, bound, item, icon and optional field), and
// only the additions below. It also compares the schemas as the servers
// write them, before the client reads them (the client keeps of an
// output schema only its type, properties, required and $defs).
func TestExamplesListed(t *testing.T) {
	// What the moved listing has that mcp-go's has not.
	added := []string{
		// mcp-go lists no output schema for []Asset (it forces
		// "object" and drops an array's); the drop-in lists the array.
		"get_assets.outputSchema",
		// time.Time is a string of format date-time in the contract.
		"get_weather.outputSchema.properties.timestamp.format",
		"manual_structured.outputSchema.properties.timestamp.format",
	}
	check := func(t *testing.T, up, mv map[string]any) {
		t.Helper()
		if !slices.Equal(slices.Sorted(mapsKeys(up)), slices.Sorted(mapsKeys(mv))) {
			t.Fatalf("tools: upstream %v, moved %v", slices.Sorted(mapsKeys(up)), slices.Sorted(mapsKeys(mv)))
		}
		var lost, more []string
		for name := range up {
			lost = append(lost, schemaDiff(name, up[name], mv[name])...)
			more = append(more, schemaDiff(name, mv[name], up[name])...)
		}
		slices.Sort(lost)
		slices.Sort(more)
		if len(lost) > 0 {
			t.Errorf("lost or changed in the moved listing: %v", lost)
		}
		if !slices.Equal(more, added) {
			t.Errorf("added in the moved listing:\n got %v\nwant %v", more, added)
		}
	}

	t.Run("wire", func(t *testing.T) {
		wire := func(s *server.MCPServer) map[string]any {
			out := map[string]any{}
			for name, sc := range listed(t, s) {
				tl := map[string]json.RawMessage{"inputSchema": json.RawMessage(sc.In)}
				if len(sc.Out) > 0 {
					tl["outputSchema"] = sc.Out
				}
				out[name] = generic(t, tl)
			}
			return out
		}
		up, mv := wire(upstreamExamples()), wire(movedExamples())
		check(t, up, mv)
		// The listed input schemas are the same, byte for byte, but for
		// the order of the keys.
		for name, s := range listed(t, upstreamExamples()) {
			var a, b any
			_ = json.Unmarshal([]byte(s.In), &a)
			_ = json.Unmarshal([]byte(listed(t, movedExamples())[name].In), &b)
			if canonical(t, a) != canonical(t, b) {
				t.Errorf("%s: input schema\nupstream %s\n   moved %s", name, s.In, listed(t, movedExamples())[name].In)
			}
		}
	})
	for _, transport := range []string{"inprocess", "stdio"} {
		t.Run(transport, func(t *testing.T) {
			sides := map[string]map[string]any{}
			for _, side := range []string{"upstream", "moved"} {
				res, err := exampleClient(t, transport, side).ListTools(t.Context(), mcp.ListToolsRequest{})
				if err != nil {
					t.Fatalf("%s: %v", side, err)
				}
				sides[side] = map[string]any{}
				for _, tl := range res.Tools {
					sides[side][tl.Name] = generic(t, tl)
				}
			}
			check(t, sides["upstream"], sides["moved"])
		})
	}
}

func mapsKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestExamplesCalled calls the tools of mcp-go's examples on the server
// as written for mcp-go and as moved, with mcp-go's client in process and
// over stdio. Good calls are answered alike (text and structured
// content); bad ones, which mcp-go lets through to the handler or answers
// with Go's decoding errors, the moved server answers with an isError
// result naming the argument's path and the rule, before the handler
// runs. A moved want of "=" is upstream's.
func TestExamplesCalled(t *testing.T) {
	const same = "="
	cases := []struct {
		name, tool, args string
		upstream, moved  string // the text, "!" first for an isError result
	}{
		// typed_tools: a builder schema and a typed handler whose type
		// requires what the schema leaves optional.
		{"greeting name only", "greeting", `{"name":"Ann"}`, "Hello, Ann!", same},
		{"greeting all", "greeting", `{"name":"Ann","age":30,"is_vip":true,"languages":["en","fr"],"metadata":{"location":"Oslo","timezone":"CET"},"any_data":42}`,
			"Hello, Ann! You are 30 years old. Welcome back, valued VIP customer! You speak 2 languages: [en fr]. I see you're from Oslo. Your timezone is CET. I also received some other data: 42.", same},
		{"greeting any object", "greeting", `{"name":"Ann","any_data":{"b":[1,2],"a":"x"}}`, "Hello, Ann! I also received some other data: map[a:x b:[1 2]].", same},
		{"greeting nulls", "greeting", `{"name":"Ann","is_vip":null,"languages":null}`, "Hello, Ann!", same},
		{"greeting key the listing leaves open", "greeting", `{"name":"Ann","nick":"A","metadata":{"zip":"0150"}}`, "Hello, Ann!", same},
		{"greeting empty name", "greeting", `{"name":""}`, "!name is required", same},
		{"greeting missing", "greeting", `{}`, "!name is required", "!Argument 'name' is required."},
		{"greeting fraction", "greeting", `{"name":"Ann","age":30.5}`,
			"!failed to bind arguments: json: cannot unmarshal number 30.5 into Go struct field GreetingArgs.age of type int", "!Argument 'age' must be an integer."},
		{"greeting maximum", "greeting", `{"name":"Ann","age":200}`, "Hello, Ann! You are 200 years old.", "!Argument 'age' must be at most 150."},
		{"greeting type", "greeting", `{"name":"Ann","age":"30"}`,
			"!failed to bind arguments: json: cannot unmarshal string into Go struct field GreetingArgs.age of type int", "!Argument 'age' must be a number."},
		// A name GreetingArgs has only in another case is a key the open
		// listing lets by: mcp-go's json.Unmarshal puts it into the field
		// (past the listing's maximum of age); the moved server drops it,
		// as a key the type has no field of that name for.
		{"greeting key in another case", "greeting", `{"name":"Ann","AGE":200}`, "Hello, Ann! You are 200 years old.", "Hello, Ann!"},
		{"greeting nested key in another case", "greeting", `{"name":"Ann","metadata":{"LOCATION":"Oslo"}}`, "Hello, Ann! I see you're from Oslo.", "Hello, Ann!"},
		{"greeting extra key and a fraction", "greeting", `{"name":"Ann","nick":"A","age":30.5}`,
			"!failed to bind arguments: json: cannot unmarshal number 30.5 into Go struct field GreetingArgs.age of type int", "!Argument 'age' must be an integer."},
		{"greeting nested type", "greeting", `{"name":"Ann","metadata":{"location":7}}`,
			"!failed to bind arguments: json: cannot unmarshal number into Go struct field .metadata.location of type string", "!Argument 'metadata.location' must be a string."},

		// structured_input_and_output.
		{"weather", "get_weather", `{"location":"Oslo","units":"fahrenheit"}`,
			`{"location":"Oslo","temperature":72.5,"units":"fahrenheit","conditions":"Cloudy with a chance of meatballs","timestamp":"2026-07-28T12:00:00Z"}`, same},
		{"weather optional left out", "get_weather", `{"location":"Oslo"}`,
			`{"location":"Oslo","temperature":22.5,"units":"","conditions":"Cloudy with a chance of meatballs","timestamp":"2026-07-28T12:00:00Z"}`, same},
		{"weather missing", "get_weather", `{}`,
			`{"location":"","temperature":22.5,"units":"","conditions":"Cloudy with a chance of meatballs","timestamp":"2026-07-28T12:00:00Z"}`, "!Argument 'location' is required."},
		{"weather type", "get_weather", `{"location":7}`,
			"!failed to bind arguments: json: cannot unmarshal number into Go struct field StructWeatherRequest.location of type string", "!Argument 'location' must be a string."},
		{"weather unknown", "get_weather", `{"location":"Oslo","country":"NO"}`,
			`{"location":"Oslo","temperature":22.5,"units":"","conditions":"Cloudy with a chance of meatballs","timestamp":"2026-07-28T12:00:00Z"}`, "!Argument 'country' is not a parameter of the tool."},
		{"profile", "get_user_profile", `{"userId":"u1"}`, `{"id":"u1","name":"John Doe","email":"john.doe@example.com","tags":["developer","golang"]}`, same},
		{"profile misspelt", "get_user_profile", `{"user_id":"u1"}`, `{"id":"","name":"John Doe","email":"john.doe@example.com","tags":["developer","golang"]}`,
			"!Argument 'userId' is required.\nArgument 'user_id' is not a parameter of the tool."},
		{"assets", "get_assets", `{"limit":2}`, `[{"id":"btc","name":"Bitcoin","value":45000.5,"currency":"USD"},{"id":"eth","name":"Ethereum","value":3200.75,"currency":"USD"}]`, same},
		{"assets optional left out", "get_assets", `{}`, `[{"id":"btc","name":"Bitcoin","value":45000.5,"currency":"USD"},{"id":"eth","name":"Ethereum","value":3200.75,"currency":"USD"},{"id":"ada","name":"Cardano","value":0.85,"currency":"USD"},{"id":"sol","name":"Solana","value":125.3,"currency":"USD"},{"id":"dot","name":"Pottedot","value":18.45,"currency":"USD"}]`, same},
		{"assets fraction", "get_assets", `{"limit":2.5}`,
			"!failed to bind arguments: json: cannot unmarshal number 2.5 into Go struct field AssetListRequest.limit of type int", "!Argument 'limit' must be an integer."},
		{"manual", "manual_structured", `{"location":"Oslo"}`, "Weather in Oslo: 25.0°C, Sunny, yesterday my life was filled with rain", same},
		{"manual missing", "manual_structured", `{"units":"kelvin"}`, "Weather in : 25.0°C, Sunny, yesterday my life was filled with rain", "!Argument 'location' is required."},

		// everything: builder tools, through Wrap.
		{"echo", "echo", `{"message":"hi"}`, "Echo: hi", same},
		{"echo missing", "echo", `{}`, "!invalid message argument: expected string", "!Argument 'message' is required."},
		{"echo type", "echo", `{"message":7}`, "!invalid message argument: expected string", "!Argument 'message' must be a string."},
		{"add", "add", `{"a":1,"b":2.5}`, "The sum of 1.000000 and 2.500000 is 3.500000.", same},
		{"add missing", "add", `{"a":1}`, "!invalid number arguments: expected numeric values for 'a' and 'b'", "!Argument 'b' is required."},
		{"add type", "add", `{"a":"1","b":2}`, "!invalid number arguments: expected numeric values for 'a' and 'b'", "!Argument 'a' must be a number."},
		{"notify", "notify", `{}`, "notification sent successfully", same},
		{"long running", "longRunningOperation", `{"duration":0.01,"steps":2}`, "Long running operation completed. Duration: 0.010000 seconds, Steps: 2.", same},
		// The listed default of steps (5) is filled in; mcp-go's handler
		// reads 0 and runs no step.
		{"long running default", "longRunningOperation", `{"duration":0.02}`,
			"Long running operation completed. Duration: 0.020000 seconds, Steps: 0.", "Long running operation completed. Duration: 0.020000 seconds, Steps: 5."},
		{"long running type", "longRunningOperation", `{"duration":"x","steps":1}`,
			"Long running operation completed. Duration: 0.000000 seconds, Steps: 1.", "!Argument 'duration' must be a number."},
		{"image", "getTinyImage", `{}`, "This is a tiny image:\nThe image above is the MCP tiny image.", same},
		{"resource link default", "get_resource_link", `{}`, "Here's a link to a document resource:\nYou can access this resource using the provided URI.", same},
		{"resource link", "get_resource_link", `{"resource_type":"sheet"}`, "Here's a link to a sheet resource:\nYou can access this resource using the provided URI.", same},
		{"resource link type", "get_resource_link", `{"resource_type":3}`,
			"Here's a link to a document resource:\nYou can access this resource using the provided URI.", "!Argument 'resource_type' must be a string."},
	}
	for _, transport := range []string{"inprocess", "stdio"} {
		t.Run(transport, func(t *testing.T) {
			clients := map[string]*client.Client{
				"upstream": exampleClient(t, transport, "upstream"),
				"moved":    exampleClient(t, transport, "moved"),
			}
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					results := map[string]*mcp.CallToolResult{}
					for _, side := range []string{"upstream", "moved"} {
						want := tc.upstream
						if side == "moved" && tc.moved != same {
							want = tc.moved
						}
						r := call(t, clients[side], tc.tool, tc.args)
						results[side] = r
						got := text(r)
						if r.IsError {
							got = "!" + got
						}
						if got != want {
							t.Errorf("%s:\n got %q\nwant %q", side, got, want)
						}
					}
					if tc.moved != same {
						return
					}
					// Answered alike: the whole content, and the
					// structured content, byte for byte.
					up, mv := results["upstream"], results["moved"]
					if a, b := canonical(t, up.Content), canonical(t, mv.Content); a != b {
						t.Errorf("content:\nupstream %s\n   moved %s", a, b)
					}
					if a, b := string(up.RawStructuredContent), string(mv.RawStructuredContent); a != b {
						t.Errorf("structured content:\nupstream %s\n   moved %s", a, b)
					}
					if strings.HasPrefix(tc.tool, "get_") && tc.tool != "get_resource_link" && len(mv.RawStructuredContent) == 0 {
						t.Errorf("no structured content")
					}
				})
			}
		})
	}
}

// TestDropInChecksWhatIsListed: a typed drop-in handler checks what its
// tool lists at the time of the call (a tool added again under its name
// with another schema is checked against the new one), its own type's
// contract when it lists that, and its own type's contract, every
// field without omitempty required, when it is called outside a server.
// A structured drop-in over a builder schema checks it alike.
func TestDropInChecksWhatIsListed(t *testing.T) {
	h := mcpgo.NewTypedToolHandler(greeting)
	s := exampleServer()
	s.AddTool(greetingTool(), h)
	c := inprocess(t, s)
	callText := func(args string) string {
		r := call(t, c, "greeting", args)
		if r.IsError {
			return "!" + text(r)
		}
		return text(r)
	}
	if got := callText(`{"name":"Ann"}`); got != "Hello, Ann!" {
		t.Errorf("builder schema: got %q", got)
	}
	// The same handler under a schema that requires the age.
	s.AddTool(mcp.NewTool("greeting",
		mcp.WithString("name", mcp.Required()),
		mcp.WithNumber("age", mcp.Required(), mcp.Min(18)),
	), h)
	for args, want := range map[string]string{
		`{"name":"Ann"}`:          "!Argument 'age' is required.",
		`{"name":"Ann","age":12}`: "!Argument 'age' must be at least 18.",
		`{"name":"Ann","age":30}`: "Hello, Ann! You are 30 years old.",
	} {
		if got := callText(args); got != want {
			t.Errorf("schema changed, %s: got %q, want %q", args, got, want)
		}
	}
	// Its own type's schema listed: its contract, as listed.
	s.AddTool(mcp.NewTool("greeting", mcpgo.WithInputSchema[GreetingArgs]()), h)
	if got, want := callText(`{"name":"Ann"}`), "!Argument 'age' is required.\nArgument 'any_data' is required.\nArgument 'is_vip' is required.\nArgument 'languages' is required.\nArgument 'metadata' is required."; got != want {
		t.Errorf("own schema: got %q, want %q", got, want)
	}
	// A structured drop-in over a builder schema: the same checks, and
	// its result as structured content.
	s.AddTool(mcp.NewTool("weather",
		mcp.WithString("location", mcp.Required(), mcp.MinLength(2)),
		mcp.WithString("units", mcp.Enum("celsius", "fahrenheit"), mcp.DefaultString("celsius")),
		mcpgo.WithOutputSchema[StructWeatherResponse](),
	), mcpgo.NewStructuredToolHandler(getWeather))
	for _, tc := range []struct{ args, want, structured string }{
		{`{"location":"Oslo"}`, `{"location":"Oslo","temperature":22.5,"units":"celsius","conditions":"Cloudy with a chance of meatballs","timestamp":"2026-07-28T12:00:00Z"}`,
			`{"location":"Oslo","temperature":22.5,"units":"celsius","conditions":"Cloudy with a chance of meatballs","timestamp":"2026-07-28T12:00:00Z"}`},
		{`{"location":"O"}`, "!Argument 'location' must be at least 2 characters long.", ""},
		{`{"location":"Oslo","units":"kelvin"}`, "!Argument 'units' must be one of \"celsius\", \"fahrenheit\".", ""},
		{`{"units":"celsius"}`, "!Argument 'location' is required.", ""},
	} {
		r := call(t, c, "weather", tc.args)
		got := text(r)
		if r.IsError {
			got = "!" + got
		}
		if got != tc.want || string(r.RawStructuredContent) != tc.structured {
			t.Errorf("structured over a builder schema, %s:\n got %q %s\nwant %q %s", tc.args, got, r.RawStructuredContent, tc.want, tc.structured)
		}
	}

	// Outside a server: its own type's contract.
	req := mcp.CallToolRequest{}
	req.Params.Name = "greeting"
	req.Params.Arguments = json.RawMessage(`{"name":"Ann"}`)
	r, err := h(t.Context(), req)
	if err != nil || !r.IsError || !strings.HasPrefix(text(r), "Argument 'age' is required.") {
		t.Errorf("outside a server: %v %+v", err, r)
	}
}

// TestExamplesProgress: everything's longRunningOperation sends its
// progress notifications to the caller moved as upstream (the wrapped
// handler gets the request's _meta and the session's context).
func TestExamplesProgress(t *testing.T) {
	for _, side := range []string{"upstream", "moved"} {
		t.Run(side, func(t *testing.T) {
			c := exampleClient(t, "inprocess", side)
			got := make(chan string, 10)
			c.OnNotification(func(n mcp.JSONRPCNotification) {
				if n.Method == "notifications/progress" {
					got <- fmt.Sprint(n.Params.AdditionalFields["progress"], "/", n.Params.AdditionalFields["total"], " ", n.Params.AdditionalFields["message"])
				}
			})
			req := mcp.CallToolRequest{}
			req.Params.Name = "longRunningOperation"
			req.Params.Arguments = json.RawMessage(`{"duration":0.01,"steps":2}`)
			req.Params.Meta = &mcp.Meta{ProgressToken: "p1"}
			r, err := c.CallTool(t.Context(), req)
			if err != nil || r.IsError {
				t.Fatal(err, text(r))
			}
			var all []string
			for len(all) < 2 {
				select {
				case s := <-got:
					all = append(all, s)
				case <-time.After(5 * time.Second):
					t.Fatalf("progress: %v", all)
				}
			}
			if want := []string{"1/2 Server progress 50%", "2/2 Server progress 100%"}; !slices.Equal(all, want) {
				t.Errorf("progress %v, want %v", all, want)
			}
		})
	}
}
