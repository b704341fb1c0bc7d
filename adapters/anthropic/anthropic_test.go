package anthropicadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// messagesAPI is the Messages API as the scripted server speaks it.
type messagesAPI struct{}

func (messagesAPI) Path() string    { return "/v1/messages" }
func (messagesAPI) ErrorFlag() bool { return true }

func (messagesAPI) Tools(body []byte) ([]json.RawMessage, error) {
	var req struct{ Tools []json.RawMessage }
	err := json.Unmarshal(body, &req)
	return req.Tools, err
}

type block struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   *bool           `json:"is_error"`
	Content   []struct {
		Type, Text string
	} `json:"content"`
}

type message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// Replies reads the tool_result blocks of the last message, a user's, and
// checks the assistant's message before it repeats the previous turn's
// tool_use blocks, inputs as the model wrote them.
func (messagesAPI) Replies(body []byte, n int) ([]looptest.Reply, error) {
	var req struct{ Messages []message }
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	if len(req.Messages) != 1+2*n {
		return nil, fmt.Errorf("%d messages in request %d", len(req.Messages), n+1)
	}
	if n == 0 {
		return nil, nil
	}
	var asst, user []block
	if req.Messages[2*n-1].Role != "assistant" || json.Unmarshal(req.Messages[2*n-1].Content, &asst) != nil {
		return nil, fmt.Errorf("message %d is not the assistant's blocks: %s", 2*n, req.Messages[2*n-1].Content)
	}
	if req.Messages[2*n].Role != "user" || json.Unmarshal(req.Messages[2*n].Content, &user) != nil {
		return nil, fmt.Errorf("the last message is not the user's blocks: %s", req.Messages[2*n].Content)
	}
	var uses []string
	for _, b := range asst {
		if b.Type == "tool_use" {
			uses = append(uses, b.ID+" "+string(b.Input))
		}
	}
	var want []string
	for _, c := range looptest.Script[n-1].Calls {
		want = append(want, c.ID+" "+string(c.Args))
	}
	if !slices.Equal(uses, want) {
		return nil, fmt.Errorf("the assistant's message has the tool_use blocks %q, want %q", uses, want)
	}
	var out []looptest.Reply
	for _, b := range user {
		if b.Type != "tool_result" {
			return nil, fmt.Errorf("a %s block among the results", b.Type)
		}
		var texts []string
		for _, c := range b.Content {
			texts = append(texts, c.Text)
		}
		out = append(out, looptest.Reply{ID: b.ToolUseID, Error: b.IsError != nil && *b.IsError, Text: strings.Join(texts, "\n")})
	}
	return out, nil
}

func (messagesAPI) Response(turn looptest.Turn, n int) ([]byte, error) {
	content := []any{map[string]any{"type": "text", "text": "Let me look."}}
	for _, c := range turn.Calls {
		content = append(content, map[string]any{"type": "tool_use", "id": c.ID, "name": c.Name, "input": c.Args})
	}
	return json.Marshal(map[string]any{
		"id": fmt.Sprintf("msg_%d", n), "type": "message", "role": "assistant", "model": "claude-test",
		"content": content, "stop_reason": "tool_use", "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": 1, "output_tokens": 1},
	})
}

// TestLoop plays the scripted conversation through the SDK's client: the
// definitions as sent, the tool_result blocks (is_error included) each
// turn carries, and how the run ends.
func TestLoop(t *testing.T) {
	k := looptest.NewKit(t)
	srv := looptest.Serve(t, messagesAPI{})
	tools, err := anthropicadapter.Tools(k.Set)
	if err != nil {
		t.Fatal(err)
	}
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"),
		option.WithMaxRetries(0), option.WithHTTPClient(srv.Client()))
	conv := &anthropicadapter.Conversation{Client: &c, Params: anthropic.MessageNewParams{
		Model:     "claude-test",
		MaxTokens: 1024,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Plan two nights in Rome."))},
		Tools:     tools,
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	f, err := k.Runner().Run(ctx, conv)
	srv.Failures(t)
	k.Check(t, f, err)

	want, err := provider.Anthropic(k.Set.Tools())
	if err != nil {
		t.Fatal(err)
	}
	looptest.CheckSent(t, srv.SentTools(), want)
}

// TestResults checks the result blocks alone: an error flagged, parts as
// blocks, an image as an image block, no empty text block.
func TestResults(t *testing.T) {
	k := looptest.NewKit(t)
	turn, err := k.Runner().Turn(context.Background(), []loop.Call{
		{ID: "a", Name: "note", Args: json.RawMessage(`{"text":"x"}`)},
		{ID: "b", Name: "note", Args: json.RawMessage(`{}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	outs := append(turn.Outcomes, turn.Outcomes[0])
	outs[2].Call.ID = "c"
	outs[2].Result = &tool.Result{Parts: []tool.Part{
		tool.TextPart{Text: "t"}, tool.JSONPart{JSON: json.RawMessage(`{"z":1,"a":18446744073709551615}`)},
		tool.BlobPart{MIMEType: "image/png", Data: []byte{1, 2}}, tool.BlobPart{MIMEType: "audio/wav", Data: []byte{1}},
	}}
	// Empty texts, which the API refuses as blocks ("text content blocks
	// must be non-empty"): a tool that returned "", an empty part among
	// others; and failures with no text, which it refuses with no content
	// ("content cannot be empty if `is_error` is true").
	for _, r := range []*tool.Result{
		{Parts: []tool.Part{tool.TextPart{}}},
		{Parts: []tool.Part{tool.TextPart{}, tool.TextPart{Text: "x"}}},
		{IsError: true, Code: tool.Failed, Parts: []tool.Part{tool.TextPart{Text: " \n"}}},
		{IsError: true, Code: tool.Failed},
		{IsError: true, Code: tool.Failed, Parts: []tool.Part{tool.TextPart{}, tool.JSONPart{JSON: json.RawMessage(`""`)}}},
	} {
		o := turn.Outcomes[0]
		o.Call.ID, o.Result = string(rune('d'+len(outs)-3)), r
		outs = append(outs, o)
	}
	b, err := json.Marshal(anthropicadapter.Results(outs))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"content":[` +
		`{"tool_use_id":"a","content":[{"text":"Noted.","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"b","is_error":true,"content":[{"text":"Argument 'text' is required.","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"c","content":[{"text":"t","type":"text"},{"text":"{\"z\":1,\"a\":18446744073709551615}","type":"text"},` +
		`{"source":{"data":"AQI=","media_type":"image/png","type":"base64"},"type":"image"},` +
		`{"text":"(binary data of type audio/wav, 1 bytes, which this API's tool results cannot carry)","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"d","type":"tool_result"},` +
		`{"tool_use_id":"e","content":[{"text":"x","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"f","is_error":true,"content":[{"text":"Tool 'note' failed.","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"g","is_error":true,"content":[{"text":"Tool 'note' failed.","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"h","is_error":true,"content":[{"text":"\"\"","type":"text"}],"type":"tool_result"}` +
		`],"role":"user"}`
	if !looptest.SameJSON(b, []byte(want)) {
		t.Errorf("results\n got %s\nwant %s", b, want)
	}
}

// TestCallsExact checks that a tool_use input reaches the loop as the API
// wrote it: numbers beyond float64's precision and member order kept.
func TestCallsExact(t *testing.T) {
	var m anthropic.Message
	input := `{"summary":"s","total":18446744073709551615,"a":1.10}`
	if err := json.Unmarshal([]byte(`{"id":"m","type":"message","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"finish","input":`+input+`}]}`), &m); err != nil {
		t.Fatal(err)
	}
	calls := anthropicadapter.Calls(&m)
	if len(calls) != 1 || calls[0].ID != "t1" || calls[0].Name != "finish" || string(calls[0].Args) != input {
		t.Errorf("calls %+v, want the input %s", calls, input)
	}
}

// TestStrictIfPossible checks that under provider.StrictIfPossible a set
// with one map tool converts: that tool without "strict", the other
// strict, and the report naming the map tool, the pointer and the rule.
func TestStrictIfPossible(t *testing.T) {
	type In struct {
		Labels map[string]string `json:"labels"`
	}
	type Plain struct {
		Q string `json:"q"`
	}
	mapTool, err := reflectimpl.Create(func(In) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "label"}))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := reflectimpl.Create(func(Plain) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "plain"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{mapTool, plain})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := anthropicadapter.Tools(set); err == nil {
		t.Fatal("strict Tools took a map")
	}
	var fb provider.Refusals
	defs, err := anthropicadapter.Tools(set, provider.StrictIfPossible(&fb))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{false, true} {
		b, err := json.Marshal(defs[i])
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(b), `"strict":true`); got != want {
			t.Errorf("definition %d: %s, strict %v, want %v", i, b, got, want)
		}
	}
	if len(fb) != 1 || fb[0].Tool != "label" || fb[0].Provider != "Anthropic" ||
		fb[0].Pointer != "/properties/labels/additionalProperties" ||
		fb[0].Rule != "needs additionalProperties false on every object" {
		t.Errorf("fallbacks %+v, want the tool label, its map's pointer and the rule", fb)
	}
}
