package anthropicadapter_test

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

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	anthropicadapter "github.com/toolschema/toolschema/adapters/anthropic"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// findIn is the input of fieldSet's first tool: its members out of
// alphabetical order.
type findIn struct {
	To   string `json:"to"`
	From string `json:"from"`
}

// fieldSet is two tools; the second has a name Anthropic does not take
// as it is ("admin.tools.list").
func fieldSet(t *testing.T) *tool.Set {
	t.Helper()
	find, err := reflectimpl.Create(func(findIn) error { return nil }, reflectimpl.Meta(tool.Meta{
		Name:        "find",
		Description: "Finds flights.",
	}))
	if err != nil {
		t.Fatal(err)
	}
	// A tool proxied from elsewhere: a literal, its schema as written.
	list := new(tool.Tool)
	list.Name, list.Description = "admin.tools.list", "Lists the tools."
	list.InputSchema = json.RawMessage(`{"type":"object","properties":{"limit":{"type":"integer","maximum":9007199254740991},"price":{"type":"number","minimum":0.10,"maximum":1e300}},"additionalProperties":false}`)
	set, err := tool.NewSet([]*tool.Tool{find, list})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// send sends params through the SDK's client to a loopback server and
// returns the request's body as the SDK wrote it.
func send(t *testing.T, params anthropic.MessageNewParams) []byte {
	t.Helper()
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"m","type":"message","role":"assistant","model":"claude-test","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}`)
	}))
	defer srv.Close()
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"),
		option.WithMaxRetries(0), option.WithHTTPClient(srv.Client()))
	params.Model, params.MaxTokens = "claude-test", 16
	params.Messages = []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hi"))}
	if _, err := c.Messages.New(context.Background(), params); err != nil {
		t.Fatal(err)
	}
	return body
}

// member returns the raw value of a top-level member of a JSON object.
func member(t *testing.T, obj []byte, key string) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(obj, &m); err != nil {
		t.Fatalf("%v: %s", err, obj)
	}
	return m[key]
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

// TestCacheLastOnTheWire sends the set's definitions with a cache
// breakpoint and checks each tool as the SDK sent it: the provider's
// bytes (order and numbers kept), and cache_control on the last one only.
func TestCacheLastOnTheWire(t *testing.T) {
	set := fieldSet(t)
	defs, err := provider.Anthropic(set.Tools(), provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cc   anthropic.CacheControlEphemeralParam
		want string
	}{
		{anthropic.CacheControlEphemeralParam{}, `{"type":"ephemeral"}`},
		{anthropic.CacheControlEphemeralParam{TTL: anthropic.CacheControlEphemeralTTLTTL1h}, `{"ttl":"1h","type":"ephemeral"}`},
		{anthropic.CacheControlEphemeralParam{TTL: anthropic.CacheControlEphemeralTTLTTL5m}, `{"ttl":"5m","type":"ephemeral"}`},
	} {
		tools, err := anthropicadapter.Tools(set, provider.Strict(false))
		if err != nil {
			t.Fatal(err)
		}
		if err := anthropicadapter.CacheLast(tools, tc.cc); err != nil {
			t.Fatal(err)
		}
		var req struct{ Tools []json.RawMessage }
		body := send(t, anthropic.MessageNewParams{Tools: tools})
		if err := json.Unmarshal(body, &req); err != nil || len(req.Tools) != 2 {
			t.Fatalf("%v: %s", err, body)
		}
		if got, want := tokens(t, req.Tools[0]), tokens(t, defs[0]); got != want {
			t.Errorf("the first tool as sent:\n%s\nwant the provider's bytes:\n%s", req.Tools[0], defs[0])
		}
		last := string(defs[1])
		want := last[:len(last)-1] + `,"cache_control":` + tc.want + `}`
		if got := tokens(t, req.Tools[1]); got != tokens(t, []byte(want)) {
			t.Errorf("the last tool as sent:\n%s\nwant:\n%s", req.Tools[1], want)
		}
		for _, s := range []string{`9007199254740991`, `0.10`, `1e300`, `"name":"admin_tools_list"`} {
			if !strings.Contains(string(req.Tools[1]), s) {
				t.Errorf("the last tool as sent lacks %s: %s", s, req.Tools[1])
			}
		}
	}
}

// TestCacheLastReplaces checks that a breakpoint given twice is one
// member, the second, in its place; that a list of no tools is left as it
// is; and that a ttl Anthropic does not take is refused.
func TestCacheLastReplaces(t *testing.T) {
	tools, err := anthropicadapter.Tools(fieldSet(t), provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	if err := anthropicadapter.CacheLast(tools, anthropic.CacheControlEphemeralParam{TTL: "1h"}); err != nil {
		t.Fatal(err)
	}
	if err := anthropicadapter.CacheLast(tools, anthropic.CacheControlEphemeralParam{}); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(tools[1])
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), `"cache_control"`); n != 1 || !strings.HasSuffix(string(b), `"cache_control":{"type":"ephemeral"}}`) {
		t.Errorf("after two breakpoints: %s", b)
	}
	if err := anthropicadapter.CacheLast(nil, anthropic.CacheControlEphemeralParam{}); err != nil {
		t.Errorf("no tools: %v", err)
	}
	err = anthropicadapter.CacheLast(tools, anthropic.CacheControlEphemeralParam{TTL: "2h"})
	if err == nil || !strings.Contains(err.Error(), `"2h"`) {
		t.Errorf("ttl 2h: %v", err)
	}
}

// TestCacheLastOtherTool puts the breakpoint on a tool the program
// appended after the set's: one of the SDK's own kinds.
func TestCacheLastOtherTool(t *testing.T) {
	tools, err := anthropicadapter.Tools(fieldSet(t), provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	tools = append(tools, anthropic.ToolUnionParam{OfBashTool20250124: &anthropic.ToolBash20250124Param{}})
	if err := anthropicadapter.CacheLast(tools, anthropic.CacheControlEphemeralParam{}); err != nil {
		t.Fatal(err)
	}
	var req struct{ Tools []json.RawMessage }
	body := send(t, anthropic.MessageNewParams{Tools: tools})
	if err := json.Unmarshal(body, &req); err != nil || len(req.Tools) != 3 {
		t.Fatalf("%v: %s", err, body)
	}
	if got := tokens(t, req.Tools[2]); got != tokens(t, []byte(`{"name":"bash","type":"bash_20250124","cache_control":{"type":"ephemeral"}}`)) {
		t.Errorf("the bash tool as sent: %s", req.Tools[2])
	}
	if member(t, req.Tools[1], "cache_control") != nil {
		t.Errorf("a breakpoint on a tool before the last: %s", req.Tools[1])
	}
}

// TestToolChoiceOnTheWire sends each tool_choice and checks it as the SDK
// sent it; a tool is named by its own name and sent by its wire name.
func TestToolChoiceOnTheWire(t *testing.T) {
	set := fieldSet(t)
	tools, err := anthropicadapter.Tools(set, provider.Strict(false))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode, name string
		one        bool
		want       string
	}{
		{"auto", "", false, `{"type":"auto"}`},
		{"auto", "", true, `{"disable_parallel_tool_use":true,"type":"auto"}`},
		{"any", "", false, `{"type":"any"}`},
		{"any", "", true, `{"disable_parallel_tool_use":true,"type":"any"}`},
		{"tool", "admin.tools.list", false, `{"name":"admin_tools_list","type":"tool"}`},
		{"tool", "find", true, `{"name":"find","disable_parallel_tool_use":true,"type":"tool"}`},
		{"none", "", false, `{"type":"none"}`},
	} {
		c, err := anthropicadapter.ToolChoice(set, tc.mode, tc.name, tc.one)
		if err != nil {
			t.Errorf("%s %q: %v", tc.mode, tc.name, err)
			continue
		}
		got := member(t, send(t, anthropic.MessageNewParams{Tools: tools, ToolChoice: c}), "tool_choice")
		if string(got) != tc.want {
			t.Errorf("%s %q %v: sent %s, want %s", tc.mode, tc.name, tc.one, got, tc.want)
		}
	}
}

// TestToolChoiceRefusals checks the choices ToolChoice refuses, each
// with the reason.
func TestToolChoiceRefusals(t *testing.T) {
	set := fieldSet(t)
	for _, tc := range []struct {
		mode, name string
		one        bool
		want       string
	}{
		{"tool", "", false, `a name goes with "tool"`},
		{"any", "find", false, `a name goes with "tool"`},
		{"tool", "admin_tools_list", false, `no tool named "admin_tools_list" in the set; its tools are find, admin.tools.list`},
		{"none", "", true, `disable_parallel_tool_use does not go with it`},
		{"required", "", false, `no tool_choice "required"`},
	} {
		_, err := anthropicadapter.ToolChoice(set, tc.mode, tc.name, tc.one)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q %v: %v, want %s", tc.mode, tc.name, tc.one, err, tc.want)
		}
	}
}
