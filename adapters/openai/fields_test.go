package openaiadapter_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	openaiadapter "github.com/toolschema/toolschema/adapters/openai"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type quoteIn struct {
	To   string `json:"to"`
	From string `json:"from"`
}

// quoteOut has an optional member, which the strict mode would make
// required and nullable.
type quoteOut struct {
	Price float64 `json:"price"`
	Note  string  `json:"note,omitempty"`
}

// fieldSet is three tools: a typed one with an output schema, a proxied
// one with a dotted name and an output schema given as written (members
// out of order, numbers a float64 would respell), and one with no output
// schema.
func fieldSet(t *testing.T) *tool.Set {
	t.Helper()
	quote, err := reflectimpl.Create(func(quoteIn) (quoteOut, error) { return quoteOut{}, nil },
		reflectimpl.Meta(tool.Meta{Name: "quote", Description: "Quotes a fare."}))
	if err != nil {
		t.Fatal(err)
	}
	// A tool proxied from elsewhere: a literal, its schemas as written.
	proxied := new(tool.Tool)
	proxied.Name, proxied.Description = "admin.tools.list", "Lists the tools."
	proxied.InputSchema = json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`)
	proxied.OutputSchema = json.RawMessage(`{"type":"object","properties":{"zeta":{"type":"integer","maximum":9007199254740991},"alpha":{"type":"number","minimum":0.10,"maximum":1e300}},"required":["zeta"]}`)
	plain, err := reflectimpl.Create(func(quoteIn) error { return nil }, reflectimpl.Meta(tool.Meta{
		Name:        "plain",
		Description: "Returns nothing.",
	}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{quote, proxied, plain})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// sendTo sends one request through the SDK's client to a loopback server
// answering reply, and returns the request's body as the SDK wrote it.
func sendTo(t *testing.T, reply string, do func(context.Context, *openai.Client) error) []byte {
	t.Helper()
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, reply)
	}))
	defer srv.Close()
	c := openai.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"),
		option.WithMaxRetries(0), option.WithHTTPClient(srv.Client()))
	if err := do(context.Background(), &c); err != nil {
		t.Fatal(err)
	}
	return body
}

func sendResponses(t *testing.T, p responses.ResponseNewParams) []byte {
	p.Model = "gpt-test"
	p.Input = responses.ResponseNewParamsInputUnion{OfString: openai.String("hi")}
	return sendTo(t, `{"id":"r","object":"response","created_at":0,"model":"gpt-test","output":[],"status":"completed"}`,
		func(ctx context.Context, c *openai.Client) error { _, err := c.Responses.New(ctx, p); return err })
}

func sendChat(t *testing.T, p openai.ChatCompletionNewParams) []byte {
	p.Model = "gpt-test"
	p.Messages = []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")}
	return sendTo(t, `{"id":"c","object":"chat.completion","created":0,"model":"gpt-test","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}`,
		func(ctx context.Context, c *openai.Client) error {
			_, err := c.Chat.Completions.New(ctx, p)
			return err
		})
}

// tokens are JSON's tokens in order, numbers as written: two texts with
// the same tokens differ at most in spacing and in how strings are
// escaped.
func tokens(t *testing.T, b []byte) string {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var out []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return strings.Join(out, " ")
		}
		if err != nil {
			t.Fatalf("%v: %s", err, b)
		}
		out = append(out, fmt.Sprintf("%T:%v", tok, tok))
	}
}

// TestOutputSchemaOnTheWire sends the Responses definitions and checks
// each as the SDK sent it: the provider's bytes, then "output_schema",
// the tool's output schema with its order and numbers (the proxied
// tool's) and its optional member still optional (the typed tool's, not
// rewritten by the strict mode its parameters are in); none for the tool
// without an output schema.
func TestOutputSchemaOnTheWire(t *testing.T) {
	set := fieldSet(t)
	tools, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		t.Fatal(err)
	}
	var req struct{ Tools []json.RawMessage }
	body := sendResponses(t, responses.ResponseNewParams{Tools: tools})
	if err := json.Unmarshal(body, &req); err != nil || len(req.Tools) != 3 {
		t.Fatalf("%v: %s", err, body)
	}
	outputs := []string{
		`{"type":"object","properties":{"price":{"type":"number"},"note":{"type":"string"}},"required":["price"],"additionalProperties":false}`,
		`{"type":"object","properties":{"zeta":{"type":"integer","maximum":9007199254740991},"alpha":{"type":"number","minimum":0.10,"maximum":1e300}},"required":["zeta"]}`,
		``,
	}
	for i, tl := range set.Tools() {
		def, err := provider.OpenAIResponses(tl)
		if err != nil {
			t.Fatal(err)
		}
		want := string(def)
		if outputs[i] != "" {
			want = want[:len(want)-1] + `,"output_schema":` + outputs[i] + `}`
		}
		if tokens(t, req.Tools[i]) != tokens(t, []byte(want)) {
			t.Errorf("tool %s as sent:\n%s\nwant:\n%s", tl.Name, req.Tools[i], want)
		}
	}
	if !strings.Contains(string(req.Tools[0]), `"strict":true`) {
		t.Errorf("the typed tool is not strict: %s", req.Tools[0])
	}
}

// TestResponsesToolChoiceOnTheWire sends each tool_choice through the
// Responses client: the tools by their own names, sent by their wire
// names.
func TestResponsesToolChoiceOnTheWire(t *testing.T) {
	set := fieldSet(t)
	tools, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode  string
		names []string
		want  string
	}{
		{"auto", nil, `"auto"`},
		{"required", nil, `"required"`},
		{"none", nil, `"none"`},
		{"required", []string{"admin.tools.list"}, `{"mode":"required","tools":[{"name":"admin_tools_list","type":"function"}],"type":"allowed_tools"}`},
		{"auto", []string{"plain", "quote"}, `{"mode":"auto","tools":[{"name":"plain","type":"function"},{"name":"quote","type":"function"}],"type":"allowed_tools"}`},
	} {
		c, err := openaiadapter.ResponsesToolChoice(set, tc.mode, tc.names...)
		if err != nil {
			t.Errorf("%s %q: %v", tc.mode, tc.names, err)
			continue
		}
		var req struct {
			ToolChoice json.RawMessage `json:"tool_choice"`
		}
		body := sendResponses(t, responses.ResponseNewParams{Tools: tools, ToolChoice: c})
		if err := json.Unmarshal(body, &req); err != nil || string(req.ToolChoice) != tc.want {
			t.Errorf("%s %q: sent %s, want %s", tc.mode, tc.names, req.ToolChoice, tc.want)
		}
	}
}

// TestChatToolChoiceOnTheWire is the same through Chat Completions.
func TestChatToolChoiceOnTheWire(t *testing.T) {
	set := fieldSet(t)
	tools, err := openaiadapter.ChatTools(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode  string
		names []string
		want  string
	}{
		{"auto", nil, `"auto"`},
		{"required", nil, `"required"`},
		{"none", nil, `"none"`},
		{"required", []string{"admin.tools.list"}, `{"allowed_tools":{"mode":"required","tools":[{"function":{"name":"admin_tools_list"},"type":"function"}]},"type":"allowed_tools"}`},
		{"auto", []string{"quote", "plain"}, `{"allowed_tools":{"mode":"auto","tools":[{"function":{"name":"quote"},"type":"function"},{"function":{"name":"plain"},"type":"function"}]},"type":"allowed_tools"}`},
	} {
		c, err := openaiadapter.ChatToolChoice(set, tc.mode, tc.names...)
		if err != nil {
			t.Errorf("%s %q: %v", tc.mode, tc.names, err)
			continue
		}
		var req struct {
			ToolChoice json.RawMessage `json:"tool_choice"`
		}
		body := sendChat(t, openai.ChatCompletionNewParams{Tools: tools, ToolChoice: c})
		if err := json.Unmarshal(body, &req); err != nil || string(req.ToolChoice) != tc.want {
			t.Errorf("%s %q: sent %s, want %s", tc.mode, tc.names, req.ToolChoice, tc.want)
		}
	}
}

// TestToolChoiceRefusals checks the choices both helpers refuse, each with
// the reason.
func TestToolChoiceRefusals(t *testing.T) {
	set := fieldSet(t)
	for _, tc := range []struct {
		mode  string
		names []string
		want  string
	}{
		{"none", []string{"quote"}, `tool_choice none calls no tool: it takes no names`},
		{"any", nil, `no tool_choice "any"; the modes are auto, required and none`},
		{"auto", []string{"admin_tools_list"}, `no tool named "admin_tools_list" in the set; its tools are quote, admin.tools.list, plain`},
		{"required", []string{"quote", "quote"}, `the tool "quote" is named twice`},
	} {
		_, err := openaiadapter.ResponsesToolChoice(set, tc.mode, tc.names...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Responses %s %q: %v, want %s", tc.mode, tc.names, err, tc.want)
		}
		_, err = openaiadapter.ChatToolChoice(set, tc.mode, tc.names...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Chat %s %q: %v, want %s", tc.mode, tc.names, err, tc.want)
		}
	}
}

// TestBooleanOutputSchema checks that a tool whose output schema is a
// boolean schema is sent without output_schema, and not refused.
func TestBooleanOutputSchema(t *testing.T) {
	var tools []*tool.Tool
	for _, s := range []string{`true`, ` false`} {
		tl := new(tool.Tool)
		tl.Name, tl.Description = "t"+strings.TrimSpace(s), "Returns anything."
		tl.InputSchema = json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)
		tl.OutputSchema = json.RawMessage(s)
		tools = append(tools, tl)
	}
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	defs, err := openaiadapter.ResponsesTools(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range defs {
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "output_schema") {
			t.Errorf("a boolean output schema was sent: %s", b)
		}
	}
}
