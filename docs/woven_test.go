package docs

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// TestWovenExamples runs the usage blocks of contract.md that
// examples_test.go holds (all but those that serve until the process
// ends), so that a block which compiles but no longer does what its text
// says fails here.
func TestWovenExamples(t *testing.T) {
	ctx := context.Background()

	t.Run("structured-outputs", func(t *testing.T) {
		formats, v, viols, err := structuredOutputs([]byte(`{"guilty":true,"reason":"seen"}`))
		if err != nil || len(viols) != 0 || v != (Verdict{Guilty: true, Reason: "seen"}) {
			t.Fatalf("a good answer gave %+v, %v, %v", v, viols, err)
		}
		for i, f := range formats {
			if !json.Valid(f) {
				t.Errorf("format %d is %q", i, f)
			}
		}
		_, _, viols, err = structuredOutputs([]byte(`{"guilty":true,"reason":""}`))
		if err != nil || len(viols) != 1 {
			t.Errorf("an empty reason gave %v, %v; want one violation", viols, err)
		}
	})

	t.Run("loop-run", func(t *testing.T) {
		finish, err := reflectimpl.Create(func(in Greeting) (string, error) { return "bye " + in.Name, nil },
			reflectimpl.Meta(tool.Meta{Name: "finish", EndsLoop: true, RequiresApproval: true}))
		if err != nil {
			t.Fatal(err)
		}
		set, err := tool.NewSet([]*tool.Tool{finish})
		if err != nil {
			t.Fatal(err)
		}
		final, err := runLoop(ctx, set, &scripted{turns: [][]loop.Call{{{ID: "c1", Name: "finish", Args: json.RawMessage(`{"name":"Ann"}`)}}}})
		if err != nil {
			t.Fatal(err)
		}
		if final.End == nil || final.End.Result.Value != "bye Ann" {
			t.Errorf("the loop ended with %+v, want the approved call of finish", final.End)
		}
	})

	t.Run("loop-resume", func(t *testing.T) {
		note, err := reflectimpl.Create(func(in Greeting) (string, error) { return "noted " + in.Name, nil },
			reflectimpl.Meta(tool.Meta{Name: "note", RequiresApproval: true}))
		if err != nil {
			t.Fatal(err)
		}
		finish, err := reflectimpl.Create(func(in Greeting) (string, error) { return "bye " + in.Name, nil },
			reflectimpl.Meta(tool.Meta{Name: "finish", EndsLoop: true, RequiresApproval: true}))
		if err != nil {
			t.Fatal(err)
		}
		set, err := tool.NewSet([]*tool.Tool{note, finish})
		if err != nil {
			t.Fatal(err)
		}
		args := json.RawMessage(`{"name":"Ann"}`)
		for _, tt := range []struct {
			name   string
			held   []loop.Call
			end    string   // the ending call's value; "" when the model answers
			handed []string // the outcomes the model is handed after the stop
		}{
			{"the held calls go on", []loop.Call{{ID: "c1", Name: "note", Args: args}}, "", []string{"noted Ann"}},
			{"a held call ends the loop", []loop.Call{{ID: "c1", Name: "note", Args: args}, {ID: "c2", Name: "finish", Args: args}}, "bye Ann", nil},
		} {
			t.Run(tt.name, func(t *testing.T) {
				var handed []string
				model := &recorded{handed: &handed}
				r := &loop.Runner{Tools: set, Approve: func(context.Context, loop.Approval) (bool, error) { return true, nil }}
				final, err := resumeLoop(ctx, r, model, tt.held)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case tt.end == "" && final.End != nil:
					t.Errorf("the loop ended with %s, want the model's answer", final.End.Call.Name)
				case tt.end != "" && (final.End == nil || final.End.Result.Value != tt.end):
					t.Errorf("the loop ended with %+v, want the held call of finish", final.End)
				}
				if strings.Join(handed, ",") != strings.Join(tt.handed, ",") {
					t.Errorf("the model was handed %q, want %q", handed, tt.handed)
				}
			})
		}
	})

	t.Run("rawtool-new", func(t *testing.T) {
		docket, err := docketTool()
		if err != nil {
			t.Fatal(err)
		}
		forward := func(ctx context.Context, args json.RawMessage) (any, error) { return "forwarded " + string(args), nil }
		set, err := rawWeather([]*tool.Tool{docket}, json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`), forward)
		if err != nil {
			t.Fatal(err)
		}
		weather, ok := set.Lookup("weather")
		if !ok || set.Len() != 2 {
			t.Fatalf("the set has %d tools, weather %v", set.Len(), ok)
		}
		for args, want := range map[string]string{
			`{"city":"Oslo"}`: `forwarded {"city":"Oslo"}`,
			`{}`:              "Argument 'city' is required.",
		} {
			r, err := weather.Invoke(ctx, json.RawMessage(args))
			if err != nil || r.Text() != want {
				t.Errorf("weather %s gave %q, %v; want %q", args, r.Text(), err, want)
			}
		}
	})

	t.Run("mcp-register", func(t *testing.T) {
		getOrder, err := reflectimpl.Create(GetOrder)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := register([]*tool.Tool{getOrder}, "https://example.com/order.svg"); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("mcp-elicit-approval", func(t *testing.T) {
		approve, err := elicitApproval([]byte(strings.Repeat("k", 32)), mcpserver.NewNonceStore(0, 0))
		if err != nil || approve == nil {
			t.Fatalf("a 32-byte key gave %v", err)
		}
		if _, err := elicitApproval([]byte("short"), nil); err == nil {
			t.Error("a 5-byte key was taken")
		}
	})

	t.Run("mcp-addtool", func(t *testing.T) {
		server := mcp.NewServer(&mcp.Implementation{Name: "greeter", Version: "v1"}, nil)
		addTool(server)
		ct, st := mcp.NewInMemoryTransports()
		ss, err := server.Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Close()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "greet", Arguments: map[string]any{"name": "Ann"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Content) != 1 || res.IsError {
			t.Fatalf("greet gave %+v", res)
		}
		if text, ok := res.Content[0].(*mcp.TextContent); !ok || text.Text != "Hello, Ann" {
			t.Errorf("greet gave %+v, want the text Hello, Ann", res.Content[0])
		}
	})

	t.Run("reflection-meta", func(t *testing.T) {
		tl, err := reflectOrders(Orders{})
		if err != nil {
			t.Fatal(err)
		}
		if tl.Name != "find_orders" || !tl.RequiresApproval || tl.IsParallelSafe() || !tl.EndsLoop || tl.IsOpenWorld() {
			t.Errorf("the tool's metadata is %+v", tl.Meta)
		}
	})
}

// recorded is a loop.Model that answers without calling a tool, and
// records the text of each outcome it is handed.
type recorded struct{ handed *[]string }

func (m *recorded) Next(ctx context.Context, outcomes []loop.Outcome) ([]loop.Call, error) {
	for _, o := range outcomes {
		*m.handed = append(*m.handed, loop.Content(o.Result))
	}
	return nil, nil
}
