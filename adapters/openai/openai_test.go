package openaiadapter_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolschema/toolschema/adapters/internal/looptest"
	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

func client(srv *looptest.Server) *openai.Client {
	c := openai.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"),
		option.WithMaxRetries(0), option.WithHTTPClient(srv.Client()))
	return &c
}

// chatAPI is Chat Completions as the scripted server speaks it.
type chatAPI struct{}

func (chatAPI) Path() string    { return "/chat/completions" }
func (chatAPI) ErrorFlag() bool { return false }

func (chatAPI) Tools(body []byte) ([]json.RawMessage, error) {
	var req struct{ Tools []json.RawMessage }
	err := json.Unmarshal(body, &req)
	return req.Tools, err
}

type chatMessage struct {
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	ToolCalls []struct {
		ID       string `json:"id"`
		Function struct {
			Name, Arguments string
		} `json:"function"`
	} `json:"tool_calls"`
	ToolCallID string `json:"tool_call_id"`
}

// Replies reads the tool messages after the last assistant message, and
// checks that message repeats the previous turn's calls.
func (chatAPI) Replies(body []byte, n int) ([]looptest.Reply, error) {
	var req struct{ Messages []chatMessage }
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	last := -1
	for i, m := range req.Messages {
		if m.Role == "assistant" {
			last = i
		}
	}
	if n == 0 {
		if last >= 0 || len(req.Messages) != 1 {
			return nil, fmt.Errorf("the first request has %d messages", len(req.Messages))
		}
		return nil, nil
	}
	if last < 0 {
		return nil, fmt.Errorf("no assistant message")
	}
	var ids []string
	for _, tc := range req.Messages[last].ToolCalls {
		ids = append(ids, tc.ID)
	}
	var want []string
	for _, c := range looptest.Script[n-1].Calls {
		want = append(want, c.ID)
	}
	if !slices.Equal(ids, want) {
		return nil, fmt.Errorf("the assistant message has the calls %q, want %q", ids, want)
	}
	var out []looptest.Reply
	for _, m := range req.Messages[last+1:] {
		var text string
		if m.Role != "tool" || json.Unmarshal(m.Content, &text) != nil {
			return nil, fmt.Errorf("a %s message with content %s after the assistant's", m.Role, m.Content)
		}
		out = append(out, looptest.Reply{ID: m.ToolCallID, Text: text})
	}
	return out, nil
}

func (chatAPI) Response(turn looptest.Turn, n int) ([]byte, error) {
	type fn struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	type toolCall struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function fn     `json:"function"`
	}
	var calls []toolCall
	for _, c := range turn.Calls {
		calls = append(calls, toolCall{c.ID, "function", fn{c.Name, string(c.Args)}})
	}
	return json.Marshal(map[string]any{
		"id": fmt.Sprintf("chatcmpl-%d", n), "object": "chat.completion", "created": 1, "model": "gpt-test",
		"choices": []any{map[string]any{
			"index": 0, "finish_reason": "tool_calls",
			"message": map[string]any{"role": "assistant", "content": nil, "refusal": nil, "tool_calls": calls},
		}},
	})
}

// responsesAPI is the Responses API as the scripted server speaks it.
type responsesAPI struct{}

func (responsesAPI) Path() string    { return "/responses" }
func (responsesAPI) ErrorFlag() bool { return false }

func (responsesAPI) Tools(body []byte) ([]json.RawMessage, error) {
	var req struct{ Tools []json.RawMessage }
	err := json.Unmarshal(body, &req)
	return req.Tools, err
}

type item struct {
	Type   string `json:"type"`
	Role   string `json:"role"`
	CallID string `json:"call_id"`
	Name   string `json:"name"`
	Output string `json:"output"`
}

// Replies reads the function_call_output items after the last
// function_call item, and checks the function_call items of every turn
// so far are in the input (the adapter keeps no state on the server).
func (responsesAPI) Replies(body []byte, n int) ([]looptest.Reply, error) {
	var req struct{ Input []item }
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	if len(req.Input) == 0 || (req.Input[0].Type != "message" && req.Input[0].Type != "") || req.Input[0].Role != "user" {
		return nil, fmt.Errorf("the input does not start with the user's message: %+v", req.Input)
	}
	var calls, wantCalls []string
	last, reasoning := 0, 0
	for i, it := range req.Input {
		switch it.Type {
		case "function_call":
			calls = append(calls, it.CallID)
			last = i
		case "reasoning":
			reasoning++
		}
	}
	if reasoning != n {
		return nil, fmt.Errorf("the input has %d reasoning items, want the %d of the responses so far", reasoning, n)
	}
	for _, t := range looptest.Script[:n] {
		for _, c := range t.Calls {
			wantCalls = append(wantCalls, c.ID)
		}
	}
	if !slices.Equal(calls, wantCalls) {
		return nil, fmt.Errorf("the input has the function calls %q, want %q", calls, wantCalls)
	}
	if n == 0 {
		return nil, nil
	}
	var out []looptest.Reply
	for _, it := range req.Input[last+1:] {
		if it.Type != "function_call_output" {
			return nil, fmt.Errorf("a %s item after the last function call", it.Type)
		}
		out = append(out, looptest.Reply{ID: it.CallID, Text: it.Output})
	}
	return out, nil
}

func (responsesAPI) Response(turn looptest.Turn, n int) ([]byte, error) {
	output := []any{map[string]any{"type": "reasoning", "id": fmt.Sprintf("rs_%d", n), "summary": []any{}}}
	for _, c := range turn.Calls {
		output = append(output, map[string]any{
			"type": "function_call", "id": "fc_" + c.ID, "call_id": c.ID, "name": c.Name,
			"arguments": string(c.Args), "status": "completed",
		})
	}
	return json.Marshal(map[string]any{
		"id": fmt.Sprintf("resp_%d", n), "object": "response", "created_at": 1, "status": "completed",
		"model": "gpt-test", "output": output,
	})
}

// TestChatLoop plays the scripted conversation through the SDK's Chat
// Completions client: the definitions as sent, the tool messages each
// turn carries, and how the run ends.
func TestChatLoop(t *testing.T) {
	k := looptest.NewKit(t)
	srv := looptest.Serve(t, chatAPI{})
	tools, err := openaiadapter.ChatTools(k.Set)
	if err != nil {
		t.Fatal(err)
	}
	chat := &openaiadapter.Chat{Client: client(srv), Params: openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Plan two nights in Rome.")},
		Tools:    tools,
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	f, err := k.Runner().Run(ctx, chat)
	srv.Failures(t)
	k.Check(t, f, err)

	var want []json.RawMessage
	for _, tl := range k.Set.Tools() {
		def, err := provider.OpenAI(tl)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, def)
	}
	looptest.CheckSent(t, srv.SentTools(), want)
	if n := len(chat.Params.Messages); n != 1+(1+3)+(1+4)+(1+2)+1 {
		t.Errorf("the conversation has %d messages", n)
	}
}

// TestResponsesLoop plays the scripted conversation through the SDK's
// Responses client.
func TestResponsesLoop(t *testing.T) {
	k := looptest.NewKit(t)
	srv := looptest.Serve(t, responsesAPI{})
	tools, err := openaiadapter.ResponsesTools(k.Set)
	if err != nil {
		t.Fatal(err)
	}
	conv := &openaiadapter.Responses{Client: client(srv), Params: responses.ResponseNewParams{
		Model: "gpt-test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Plan two nights in Rome.")},
		Tools: tools,
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	f, err := k.Runner().Run(ctx, conv)
	srv.Failures(t)
	k.Check(t, f, err)

	var want []json.RawMessage
	for _, tl := range k.Set.Tools() {
		def, err := provider.OpenAIResponses(tl)
		if err != nil {
			t.Fatal(err)
		}
		if tl.OutputSchema != nil {
			// The tool's output schema, which the non-strict
			// conversion leaves as it is, after the other members.
			def = append(append(append(def[:len(def)-1:len(def)-1], `,"output_schema":`...), tl.OutputSchema...), '}')
		}
		want = append(want, def)
	}
	looptest.CheckSent(t, srv.SentTools(), want)
}

// TestSDKTypesLoseOrder shows why the adapter sends raw JSON: the same
// definition through the SDK's own types (a map for the schema) goes out
// with its members sorted. If the SDK ever keeps them, this test says so,
// and the raw values may go.
func TestSDKTypesLoseOrder(t *testing.T) {
	k := looptest.NewKit(t)
	tl, _ := k.Set.Lookup("find_flights")
	def, err := provider.OpenAI(tl)
	if err != nil {
		t.Fatal(err)
	}
	var typed openai.ChatCompletionFunctionToolParam
	if err := json.Unmarshal(def, &typed); err != nil {
		t.Fatal(err)
	}
	sent, err := json.Marshal(typed)
	if err != nil {
		t.Fatal(err)
	}
	if looptest.SameJSON(sent, def) {
		t.Fatalf("the SDK's types kept the definition as it is: %s", sent)
	}
	raw, err := openaiadapter.ChatTools(k.Set)
	if err != nil {
		t.Fatal(err)
	}
	var viaRaw bytes.Buffer // as the SDK writes a request: without HTML escapes
	enc := json.NewEncoder(&viaRaw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(raw[0]); err != nil {
		t.Fatal(err)
	}
	if !looptest.SameJSON(viaRaw.Bytes(), def) {
		t.Errorf("the raw value changed the definition:\n%s\nwant\n%s", viaRaw.Bytes(), def)
	}
}

// TestMessages checks the conversions alone: calls from a message, and
// results into tool messages, ids kept.
func TestMessages(t *testing.T) {
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role":"assistant","content":null,"tool_calls":[
		{"id":"a","type":"function","function":{"name":"note","arguments":"{\"text\":\"x\"}"}},
		{"id":"b","type":"custom","custom":{"name":"grep","input":"raw text"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	calls := openaiadapter.ChatCalls(msg)
	want := []loop.Call{
		{ID: "a", Name: "note", Args: json.RawMessage(`{"text":"x"}`)},
		{ID: "b", Name: "grep", Args: json.RawMessage(`"raw text"`)},
	}
	if len(calls) != len(want) {
		t.Fatalf("calls %+v", calls)
	}
	for i := range want {
		if calls[i].ID != want[i].ID || calls[i].Name != want[i].Name || string(calls[i].Args) != string(want[i].Args) {
			t.Errorf("call %d: %+v, want %+v", i, calls[i], want[i])
		}
	}
	k := looptest.NewKit(t)
	turn, err := k.Runner().Turn(context.Background(), calls)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(openaiadapter.ChatMessages(turn.Outcomes))
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := `[{"content":"Noted.","tool_call_id":"a","role":"tool"},{"content":"There is no tool named 'grep'. The tools are: find_flights, find_hotels, book, note, finish.","tool_call_id":"b","role":"tool"}]`
	if !looptest.SameJSON(b, []byte(wantJSON)) {
		t.Errorf("tool messages\n got %s\nwant %s", b, wantJSON)
	}
}

// TestOptions checks the conversions' options reach the definitions: a
// tool with a map is refused in strict mode and sent with "strict":false
// otherwise, in both shapes.
func TestOptions(t *testing.T) {
	type In struct {
		Labels map[string]string `json:"labels"`
	}
	tl, err := reflectimpl.Create(func(In) error { return nil }, reflectimpl.Meta(tool.Meta{Name: "label"}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{tl})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := openaiadapter.ChatTools(set); err == nil || !strings.Contains(err.Error(), "tool label") {
		t.Errorf("strict Chat Completions took a map: %v", err)
	}
	if _, err := openaiadapter.ResponsesTools(set); err == nil || !strings.Contains(err.Error(), "tool label") {
		t.Errorf("strict Responses took a map: %v", err)
	}
	chat, err := openaiadapter.ChatTools(set, provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := openaiadapter.ResponsesTools(set, provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{chat[0], resp[0]} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"strict":false`) || !strings.Contains(string(b), `"additionalProperties":{"type":"string"}`) {
			t.Errorf("non-strict definition %s", b)
		}
	}
}

// TestStrictIfPossible checks that under provider.StrictIfPossible a set
// with one map tool converts in both shapes: that tool non-strict, the
// other strict, and the report naming the map tool, the pointer and the
// rule.
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
	set, err := tool.NewSet([]*tool.Tool{plain, mapTool})
	if err != nil {
		t.Fatal(err)
	}
	var chatFB, respFB provider.Refusals
	chat, err := openaiadapter.ChatTools(set, provider.StrictIfPossible(&chatFB))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := openaiadapter.ResponsesTools(set, provider.StrictIfPossible(&respFB))
	if err != nil {
		t.Fatal(err)
	}
	for _, defs := range [][2]any{{chat[0], chat[1]}, {resp[0], resp[1]}} {
		for i, want := range []string{`"strict":true`, `"strict":false`} {
			b, err := json.Marshal(defs[i])
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), want) {
				t.Errorf("definition %d: %s, want %s", i, b, want)
			}
		}
	}
	for _, fb := range []provider.Refusals{chatFB, respFB} {
		if len(fb) != 1 || fb[0].Tool != "label" ||
			fb[0].Pointer != "/properties/labels/additionalProperties" ||
			fb[0].Rule != "needs additionalProperties false on every object" {
			t.Errorf("fallbacks %+v, want the tool label, its map's pointer and the rule", fb)
		}
	}
}
