package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/bench/invoketool"
	_ "github.com/toolschema/toolschema/declared" // mcpserver.AddTool's checks of a schema set by hand
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// invokeArgs are the arguments of every call of BenchmarkInvoke: all six
// properties given, so that no path depends on filling in a default (the
// direct path and the SDK know nothing of the limit's default).
var invokeArgs = json.RawMessage(`{"text":"jsonschema validator","limit":5,"sort":"newest","langs":["go","rust"],"scope":{"repo":"toolschema/toolschema","path":"tool/"},"exact":true}`)

// invokePath is one way of calling invoketool.Search with raw arguments.
// call makes one call; result turns what it returned into the tool's
// Result, or says why it is not a successful call.
type invokePath struct {
	name   string
	call   func(ctx context.Context, args json.RawMessage) (any, error)
	result func(out any) (invoketool.Result, error)
}

// direct is what a hand-written handler does with no checks: decode the
// arguments into the input and call the function.
func direct(ctx context.Context, args json.RawMessage) (invoketool.Result, error) {
	var in invoketool.Query
	if err := json.Unmarshal(args, &in); err != nil {
		return invoketool.Result{}, err
	}
	return invoketool.Search(ctx, in)
}

// searchHandler is the typed MCP handler of the tool.
func searchHandler(ctx context.Context, _ *mcp.CallToolRequest, in invoketool.Query) (*mcp.CallToolResult, invoketool.Result, error) {
	out, err := invoketool.Search(ctx, in)
	return nil, out, err
}

// invokePaths builds the paths, each once: the generated tool list, the
// reflected tool, and an MCP server with the typed tool, connected to a
// client over in-memory transports, which are closed when tb's test or
// benchmark ends.
//
// The SDK's typed wrapper (made by mcp.AddTool: validate the arguments
// against the inferred schema, unmarshal them into the input, call, marshal
// the output and validate it against the output schema) is not exported.
// The closest exported entry to it is the server's receiving method
// handler, which a receiving middleware is given when it is added: that
// handler looks the tool up and runs the wrapper, under the SDK's own
// multi-round-trip middleware. Path "mcp" calls it with a tools/call request
// of the connected server session, as the session does after decoding a
// JSON-RPC message: no transport, no JSON-RPC framing. Path
// "mcp-transport" is the whole round trip through the client session
// (ClientSession.CallTool over mcp.NewInMemoryTransports).
func invokePaths(tb testing.TB) []invokePath {
	tb.Helper()
	toolResult := func(out any) (invoketool.Result, error) {
		r := out.(*tool.Result)
		if r.IsError {
			return invoketool.Result{}, fmt.Errorf("error result %s: %s", r.Code, r.Text())
		}
		v, ok := r.Value.(invoketool.Result)
		if !ok {
			return invoketool.Result{}, fmt.Errorf("value is %T, want invoketool.Result", r.Value)
		}
		if len(r.Parts) != 1 {
			return invoketool.Result{}, fmt.Errorf("%d parts, want 1", len(r.Parts))
		}
		p, ok := r.Parts[0].(tool.JSONPart)
		if !ok {
			return invoketool.Result{}, fmt.Errorf("part is %T, want tool.JSONPart", r.Parts[0])
		}
		var fromJSON invoketool.Result
		if err := json.Unmarshal(p.JSON, &fromJSON); err != nil {
			return invoketool.Result{}, err
		}
		if !reflect.DeepEqual(fromJSON, v) {
			return invoketool.Result{}, fmt.Errorf("JSON part %s does not match the value %+v", p.JSON, v)
		}
		return v, nil
	}

	generated := invoketool.Tools()[0]
	reflected, err := reflectimpl.Create(invoketool.Search)
	if err != nil {
		tb.Fatal(err)
	}

	newServer := func(name string) *mcp.Server {
		return mcp.NewServer(&mcp.Implementation{Name: name, Version: "v0.0.1"}, nil)
	}
	sdk := newServer("bench")
	mcp.AddTool(sdk, &mcp.Tool{Name: generated.Name, Description: generated.Description}, searchHandler)
	// The same handler through mcpserver.AddTool, the drop-in.
	dropIn := newServer("bench-dropin")
	mcpserver.AddTool(dropIn, &mcp.Tool{Name: generated.Name, Description: generated.Description}, searchHandler)
	// The same tool with an input schema set by hand (the tool's own, as
	// JSON), on the SDK and on the drop-in: each checks the arguments
	// against that schema, the SDK with google/jsonschema-go, the drop-in
	// with package rawtool, and then decodes them.
	handSchema := &mcp.Tool{Name: generated.Name, Description: generated.Description, InputSchema: generated.InputSchema}
	handSDK := newServer("bench-hand")
	mcp.AddTool(handSDK, handSchema, searchHandler)
	handDropIn := newServer("bench-hand-dropin")
	mcpserver.AddTool(handDropIn, handSchema, searchHandler)
	servedSDK, servedDropIn := serve(tb, sdk), serve(tb, dropIn)
	servedHandSDK, servedHandDropIn := serve(tb, handSDK), serve(tb, handDropIn)
	mcpResult := func(out any) (invoketool.Result, error) {
		r, ok := out.(*mcp.CallToolResult)
		if !ok {
			return invoketool.Result{}, fmt.Errorf("result is %T, want *mcp.CallToolResult", out)
		}
		if r.IsError {
			var msg string
			for _, c := range r.Content {
				if tc, ok := c.(*mcp.TextContent); ok {
					msg += tc.Text
				}
			}
			return invoketool.Result{}, fmt.Errorf("error result: %s", msg)
		}
		data, err := json.Marshal(r.StructuredContent)
		if err != nil {
			return invoketool.Result{}, err
		}
		var v invoketool.Result
		if err := json.Unmarshal(data, &v); err != nil {
			return invoketool.Result{}, err
		}
		return v, nil
	}

	return []invokePath{
		{
			name: "direct",
			call: func(ctx context.Context, args json.RawMessage) (any, error) { return direct(ctx, args) },
			result: func(out any) (invoketool.Result, error) {
				return out.(invoketool.Result), nil
			},
		},
		{
			// direct, and the result written as JSON, as any tool call's
			// result must be: the floor of what an invoker can cost.
			name: "direct-encoded",
			call: func(ctx context.Context, args json.RawMessage) (any, error) {
				out, err := direct(ctx, args)
				if err != nil {
					return nil, err
				}
				b, err := json.Marshal(out)
				return json.RawMessage(b), err
			},
			result: func(out any) (invoketool.Result, error) {
				var r invoketool.Result
				err := json.Unmarshal(out.(json.RawMessage), &r)
				return r, err
			},
		},
		{
			name:   "generated",
			call:   func(ctx context.Context, args json.RawMessage) (any, error) { return generated.Invoke(ctx, args) },
			result: toolResult,
		},
		{
			name:   "reflected",
			call:   func(ctx context.Context, args json.RawMessage) (any, error) { return reflected.Invoke(ctx, args) },
			result: toolResult,
		},
		{
			name:   "mcp",
			call:   servedSDK.call(generated.Name),
			result: mcpResult,
		},
		{
			name:   "mcp-dropin",
			call:   servedDropIn.call(generated.Name),
			result: mcpResult,
		},
		{
			name:   "mcp-handschema",
			call:   servedHandSDK.call(generated.Name),
			result: mcpResult,
		},
		{
			name:   "mcp-dropin-handschema",
			call:   servedHandDropIn.call(generated.Name),
			result: mcpResult,
		},
		{
			name: "mcp-transport",
			call: func(ctx context.Context, args json.RawMessage) (any, error) {
				return servedSDK.client.CallTool(ctx, &mcp.CallToolParams{Name: generated.Name, Arguments: args})
			},
			result: mcpResult,
		},
	}
}

// A servedServer is a server connected to a client over the SDK's
// in-memory transports, with the server's method handler (what its
// session calls after decoding a JSON-RPC message) taken by a receiving
// middleware.
type servedServer struct {
	handle  mcp.MethodHandler
	session *mcp.ServerSession
	client  *mcp.ClientSession
}

// serve connects s to a client, closing both when tb ends.
func serve(tb testing.TB, s *mcp.Server) servedServer {
	tb.Helper()
	ctx := context.Background()
	var v servedServer
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		v.handle = next
		return next
	})
	st, ct := mcp.NewInMemoryTransports()
	var err error
	if v.session, err = s.Connect(ctx, st, nil); err != nil {
		tb.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "bench-client", Version: "v0.0.1"}, nil)
	if v.client, err = client.Connect(ctx, ct, nil); err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		v.client.Close()
		v.session.Wait()
	})
	return v
}

// call returns a path that sends a tools/call request of the tool named
// name to the server's method handler, as its session does.
func (v servedServer) call(name string) func(context.Context, json.RawMessage) (any, error) {
	return func(ctx context.Context, args json.RawMessage) (any, error) {
		return v.handle(ctx, "tools/call", &mcp.CallToolRequest{
			Session: v.session,
			Params:  &mcp.CallToolParamsRaw{Name: name, Arguments: args},
		})
	}
}

// checkPaths calls each path once and requires the same Result from all.
func checkPaths(tb testing.TB, paths []invokePath) {
	tb.Helper()
	ctx := context.Background()
	var want invoketool.Result
	for i, p := range paths {
		out, err := p.call(ctx, invokeArgs)
		if err != nil {
			tb.Fatalf("%s: %v", p.name, err)
		}
		got, err := p.result(out)
		if err != nil {
			tb.Fatalf("%s: %v", p.name, err)
		}
		if i == 0 {
			want = got
			if len(want.Hits) != 3 || want.Note == "" || want.Sort != invoketool.SortNewest {
				tb.Fatalf("%s: %+v does not reflect the arguments", p.name, want)
			}
			continue
		}
		if !reflect.DeepEqual(got, want) {
			tb.Fatalf("%s returned %+v, want %+v (as %s)", p.name, got, want, paths[0].name)
		}
	}
}

// TestInvokePaths checks that the paths of BenchmarkInvoke agree, and that
// every path but direct does check the arguments: each refuses arguments
// without the required text, which direct lets through.
func TestInvokePaths(t *testing.T) {
	paths := invokePaths(t)
	checkPaths(t, paths)

	bad := json.RawMessage(`{"limit":5,"sort":"newest","langs":["go"],"scope":{"repo":"a/b"},"exact":null}`)
	for _, p := range paths {
		out, err := p.call(context.Background(), bad)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		_, err = p.result(out)
		if strings.HasPrefix(p.name, "direct") {
			// No checks: it takes anything that decodes.
			if err != nil {
				t.Errorf("%s: %v", p.name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s accepted arguments without the required text", p.name)
			continue
		}
		t.Logf("%s refused: %v", p.name, err)
	}
}

// BenchmarkInvoke measures one call of invoketool.Search with the same
// arguments, each way:
//
//   - direct: json.Unmarshal into the input and the call, no checks;
//   - generated: (*tool.Tool).Invoke on the tool of the generated Tools();
//   - reflected: (*tool.Tool).Invoke on the tool of reflectimpl.Create;
//   - mcp: the MCP Go SDK's typed tool handler (schema validation of the
//     arguments, unmarshal, call, output marshal and validation), reached
//     through the server's receiving method handler without transport;
//   - mcp-dropin: the same handler added with mcpserver.AddTool (the
//     invoker's typed checks and decoding, call, output marshal), reached
//     the same way;
//   - mcp-handschema and mcp-dropin-handschema: the SDK's typed handler
//     and the drop-in with the tool's input schema set by hand (the
//     arguments checked against it, by google/jsonschema-go and by
//     package rawtool, then decoded), reached the same way;
//   - mcp-transport: the same through a client session over the SDK's
//     in-memory transports (JSON-RPC framing and both sessions included).
//
// The tools and the server are made once, and every path is checked once
// to return the same Result, before any is timed.
//
// generated, reflected and mcp-dropin are called under a context of
// tool.WithOutputCheck, so that they also check each result against the
// output schema, as the SDK always does. A program that does not ask for
// the check does not: generated-unchecked and reflected-unchecked measure
// that default.
func BenchmarkInvoke(b *testing.B) {
	paths := invokePaths(b)
	checkPaths(b, paths)
	checked := tool.WithOutputCheck(context.Background())
	run := func(name string, ctx context.Context, p invokePath) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				if _, err := p.call(ctx, invokeArgs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, p := range paths {
		ctx := context.Background()
		switch p.name {
		case "generated", "reflected", "mcp-dropin":
			ctx = checked
		}
		run(p.name, ctx, p)
	}
	for _, p := range paths {
		if p.name == "generated" || p.name == "reflected" {
			run(p.name+"-unchecked", context.Background(), p)
		}
	}
	// The generated tool under a context that can end, as a server's
	// request context can: Invoke also waits for the context to end.
	generated := invoketool.Tools()[0]
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runTool := func(name string, ctx context.Context, args json.RawMessage) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				if r, err := generated.Invoke(ctx, args); err != nil || r.IsError {
					b.Fatal(err, r.Text())
				}
			}
		})
	}
	runTool("generated-unchecked-cancellable", ctx, invokeArgs)
	// The same call with the limit left out, so that its default is
	// filled in: a path of the invoker alone (the others know nothing of
	// the default).
	runTool("generated-unchecked-default", context.Background(), invokeArgsNoLimit)
}

// invokeArgsNoLimit is invokeArgs without the limit, which has a default.
var invokeArgsNoLimit = json.RawMessage(`{"text":"jsonschema validator","sort":"newest","langs":["go","rust"],"scope":{"repo":"toolschema/toolschema","path":"tool/"},"exact":true}`)

// BenchmarkInvokeParallel is generated-unchecked (under
// context.Background) beside direct with every P busy (b.RunParallel):
// what a call costs a loaded process, where no idle thread is woken.
// ns/op is the time per call of the whole process, not of one call.
func BenchmarkInvokeParallel(b *testing.B) {
	generated := invoketool.Tools()[0]
	paths := []struct {
		name string
		call func(context.Context, json.RawMessage) error
	}{
		{"direct", func(ctx context.Context, args json.RawMessage) error { _, err := direct(ctx, args); return err }},
		{"generated-unchecked", func(ctx context.Context, args json.RawMessage) error {
			r, err := generated.Invoke(ctx, args)
			if err == nil && r.IsError {
				err = fmt.Errorf("error result: %s", r.Text())
			}
			return err
		}},
	}
	for _, p := range paths {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			b.RunParallel(func(pb *testing.PB) {
				ctx := context.Background()
				for pb.Next() {
					if err := p.call(ctx, invokeArgs); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// invokeArgsSlipped is invokeArgs as a model slips: the limit as a
// string, a language alone where a list is wanted, exact as a string.
var invokeArgsSlipped = json.RawMessage(`{"text":"jsonschema validator","limit":"5","sort":"newest","langs":"go","scope":{"repo":"toolschema/toolschema","path":"tool/"},"exact":"true"}`)

// BenchmarkInvokeLeniency measures generated-unchecked under each
// leniency (tool.WithLeniency) with good arguments, where repair and
// shadow must cost nothing (the leniency is asked for only where the
// strict checks fail), and, for scale, repair with arguments that need
// three repairs (the strict reading, then the repaired one).
func BenchmarkInvokeLeniency(b *testing.B) {
	generated := invoketool.Tools()[0]
	run := func(name string, l tool.Leniency, args json.RawMessage) {
		ctx := tool.WithLeniency(context.Background(), l)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				if r, err := generated.Invoke(ctx, args); err != nil || r.IsError {
					b.Fatal(err, r.Text())
				}
			}
		})
	}
	run("args=good/leniency=strict", tool.Strict, invokeArgs)
	run("args=good/leniency=repair", tool.RepairArgs, invokeArgs)
	run("args=good/leniency=shadow", tool.ShadowArgs, invokeArgs)
	run("args=slipped/leniency=repair", tool.RepairArgs, invokeArgsSlipped)
}
