package openaiadapter_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestChatWireName plays a conversation through the SDK's Chat
// Completions client with tools proxied from an MCP server, whose dotted
// names OpenAI does not take: the request names them by their wire names,
// the model calls one by its wire name, and the runner runs that tool and
// answers the call.
func TestChatWireName(t *testing.T) {
	var mu sync.Mutex
	var ran []string
	proxy := func(name string) *tool.Tool {
		tl, err := rawtool.New(tool.Meta{Name: name, Description: "Proxied."},
			json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`),
			func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) {
				mu.Lock()
				ran = append(ran, name+" "+string(args))
				mu.Unlock()
				return "listed by " + name, nil
			})
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	set, err := tool.NewSet([]*tool.Tool{proxy("admin.tools.list"), proxy("admin.tools.get")})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := openaiadapter.ChatTools(set)
	if err != nil {
		t.Fatal(err)
	}

	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, b)
		mu.Unlock()
		msg := map[string]any{"role": "assistant", "content": "Done.", "refusal": nil}
		finish := "stop"
		if n == 0 {
			msg = map[string]any{"role": "assistant", "content": nil, "refusal": nil, "tool_calls": []any{map[string]any{
				"id": "call_1", "type": "function",
				"function": map[string]any{"name": "admin_tools_list", "arguments": `{"q":"all"}`},
			}}}
			finish = "tool_calls"
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1, "model": "gpt-test",
			"choices": []any{map[string]any{"index": 0, "finish_reason": finish, "message": msg}},
		})
	}))
	defer srv.Close()
	c := openai.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"),
		option.WithMaxRetries(0), option.WithHTTPClient(srv.Client()))
	chat := &openaiadapter.Chat{Client: &c, Params: openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("List the tools.")},
		Tools:    tools,
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	f, err := (&loop.Runner{Tools: set}).Run(ctx, chat)
	if err != nil {
		t.Fatal(err)
	}
	if f.Turns != 2 || f.Last == nil || len(f.Last.Outcomes) != 1 {
		t.Fatalf("the run: %+v", f)
	}
	if o := f.Last.Outcomes[0]; o.Tool == nil || o.Tool.Name != "admin.tools.list" || o.Result.IsError {
		t.Errorf("the call ran %v: %q", o.Tool, loop.Content(o.Result))
	}
	if len(ran) != 1 || ran[0] != `admin.tools.list {"q":"all"}` {
		t.Errorf("ran %q", ran)
	}

	// The first request names the tools by their wire names; the second
	// answers the call with the tool's result.
	if len(bodies) != 2 {
		t.Fatalf("%d requests", len(bodies))
	}
	var first struct {
		Tools []struct {
			Function struct{ Name string }
		}
	}
	if err := json.Unmarshal(bodies[0], &first); err != nil {
		t.Fatal(err)
	}
	if len(first.Tools) != 2 || first.Tools[0].Function.Name != "admin_tools_list" || first.Tools[1].Function.Name != "admin_tools_get" {
		t.Errorf("the tools sent: %s", bodies[0])
	}
	var second struct {
		Messages []struct {
			Role       string `json:"role"`
			Content    any    `json:"content"`
			ToolCallID string `json:"tool_call_id"`
		}
	}
	if err := json.Unmarshal(bodies[1], &second); err != nil {
		t.Fatal(err)
	}
	last := second.Messages[len(second.Messages)-1]
	if last.Role != "tool" || last.ToolCallID != "call_1" || last.Content != "listed by admin.tools.list" {
		t.Errorf("the last message of the second request: %+v", last)
	}
}

// TestWireCollision checks that two tools with one wire name for OpenAI
// are refused by both shapes' definitions, naming both tools.
func TestWireCollision(t *testing.T) {
	mk := func(name string) *tool.Tool {
		tl, err := rawtool.New(tool.Meta{Name: name}, json.RawMessage(`{"type":"object"}`),
			func(context.Context, *tool.Call, json.RawMessage) (any, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		return tl
	}
	set, err := tool.NewSet([]*tool.Tool{mk("a.b"), mk("a_b")})
	if err != nil {
		t.Fatal(err)
	}
	_, err = openaiadapter.ChatTools(set)
	var ce *tool.CollisionError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), `"a.b" and "a_b"`) {
		t.Errorf("ChatTools: %v", err)
	}
	if _, err := openaiadapter.ResponsesTools(set); !errors.As(err, &ce) || !strings.Contains(err.Error(), `"a.b" and "a_b"`) {
		t.Errorf("ResponsesTools: %v", err)
	}
}
