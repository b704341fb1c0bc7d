package geminiadapter_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type quoteIn struct {
	To   string `json:"to"`
	From string `json:"from"`
}

// quoteOut's members are out of alphabetical order; Note is optional.
type quoteOut struct {
	Price float64 `json:"price"`
	Note  string  `json:"note,omitempty"`
}

// fieldSet is three tools: a typed one with an output schema, a literal
// one named "1password" (sent as "_1password") whose output schema has
// numbers, and one with no output schema.
func fieldSet(t *testing.T) *tool.Set {
	t.Helper()
	quote, err := reflectimpl.Create(func(quoteIn) (quoteOut, error) { return quoteOut{}, nil },
		reflectimpl.Meta(tool.Meta{Name: "quote", Description: "Quotes a fare."}))
	if err != nil {
		t.Fatal(err)
	}
	vault := new(tool.Tool)
	vault.Name, vault.Description = "1password", "Reads the vault."
	vault.InputSchema = json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}`)
	vault.OutputSchema = json.RawMessage(`{"type":"object","properties":{"zeta":{"type":"integer","maximum":9007199254740991},"alpha":{"type":"number","minimum":0.10}},"required":["zeta"]}`)
	plain, err := reflectimpl.Create(func(quoteIn) error { return nil }, reflectimpl.Meta(tool.Meta{
		Name:        "plain",
		Description: "Returns nothing.",
	}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{quote, vault, plain})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// send sends one request through genai's client to a loopback server and
// returns the request's body as genai wrote it.
func send(t *testing.T, config *genai.GenerateContentConfig) []byte {
	t.Helper()
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]},"finishReason":"STOP","index":0}],"modelVersion":"gemini-test"}`)
	}))
	defer srv.Close()
	ctx := context.Background()
	c, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPClient: srv.Client(),
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL, APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Models.GenerateContent(ctx, "gemini-test", genai.Text("hi"), config); err != nil {
		t.Fatal(err)
	}
	return body
}

// TestResponseSchemaOnTheWire checks each declaration's responseJsonSchema
// as genai sent it: the tool's output schema's values (2^53-1 exact), with
// propertyOrdering in the fields' order, the optional member still
// optional; none for the tool without an output schema.
func TestResponseSchemaOnTheWire(t *testing.T) {
	set := fieldSet(t)
	tools, err := geminiadapter.Tools(set)
	if err != nil {
		t.Fatal(err)
	}
	body := send(t, &genai.GenerateContentConfig{Tools: []*genai.Tool{tools}})
	var req struct {
		Tools []struct {
			FunctionDeclarations []map[string]json.RawMessage `json:"functionDeclarations"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil || len(req.Tools) != 1 || len(req.Tools[0].FunctionDeclarations) != 3 {
		t.Fatalf("%v: %s", err, body)
	}
	decls := req.Tools[0].FunctionDeclarations
	for i, want := range []string{
		`{"type":"object","properties":{"price":{"type":"number"},"note":{"type":"string"}},"propertyOrdering":["price","note"],"required":["price"],"additionalProperties":false}`,
		`{"type":"object","properties":{"zeta":{"type":"integer","maximum":9007199254740991},"alpha":{"type":"number","minimum":0.1}},"propertyOrdering":["zeta","alpha"],"required":["zeta"]}`,
		``,
	} {
		got := decls[i]["responseJsonSchema"]
		if want == "" {
			if got != nil {
				t.Errorf("declaration %d has a responseJsonSchema: %s", i, got)
			}
			continue
		}
		var g, w any
		json.Unmarshal(got, &g)
		json.Unmarshal([]byte(want), &w)
		if !reflect.DeepEqual(g, w) {
			t.Errorf("declaration %d: responseJsonSchema as sent %s, want the values of %s", i, got, want)
		}
	}
	if !strings.Contains(string(decls[1]["responseJsonSchema"]), "9007199254740991") {
		t.Errorf("2^53-1 is not exact as sent: %s", decls[1]["responseJsonSchema"])
	}
	if string(decls[1]["name"]) != `"_1password"` {
		t.Errorf("the vault's name as sent: %s", decls[1]["name"])
	}
}

// TestFunctionCallingOnTheWire sends each function-calling mode through
// genai's client: the tools by their own names, sent by their wire names.
func TestFunctionCallingOnTheWire(t *testing.T) {
	set := fieldSet(t)
	tools, err := geminiadapter.Tools(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode  genai.FunctionCallingConfigMode
		names []string
		want  string
	}{
		{genai.FunctionCallingConfigModeAuto, nil, `{"functionCallingConfig":{"mode":"AUTO"}}`},
		{genai.FunctionCallingConfigModeNone, nil, `{"functionCallingConfig":{"mode":"NONE"}}`},
		{genai.FunctionCallingConfigModeAny, nil, `{"functionCallingConfig":{"mode":"ANY"}}`},
		{genai.FunctionCallingConfigModeAny, []string{"1password"}, `{"functionCallingConfig":{"allowedFunctionNames":["_1password"],"mode":"ANY"}}`},
		{genai.FunctionCallingConfigModeValidated, []string{"plain", "quote"}, `{"functionCallingConfig":{"allowedFunctionNames":["plain","quote"],"mode":"VALIDATED"}}`},
	} {
		tc2, err := geminiadapter.FunctionCalling(set, tc.mode, tc.names...)
		if err != nil {
			t.Errorf("%s %q: %v", tc.mode, tc.names, err)
			continue
		}
		var req struct {
			ToolConfig json.RawMessage `json:"toolConfig"`
		}
		body := send(t, &genai.GenerateContentConfig{Tools: []*genai.Tool{tools}, ToolConfig: tc2})
		if err := json.Unmarshal(body, &req); err != nil || string(req.ToolConfig) != tc.want {
			t.Errorf("%s %q: sent %s, want %s", tc.mode, tc.names, req.ToolConfig, tc.want)
		}
	}
}

// TestFunctionCallingRefusals checks the configs FunctionCalling refuses,
// each with the reason.
func TestFunctionCallingRefusals(t *testing.T) {
	set := fieldSet(t)
	for _, tc := range []struct {
		mode  genai.FunctionCallingConfigMode
		names []string
		want  string
	}{
		{genai.FunctionCallingConfigModeAuto, []string{"quote"}, `mode AUTO takes no names; ANY and VALIDATED do`},
		{genai.FunctionCallingConfigModeNone, []string{"quote"}, `mode NONE takes no names`},
		{genai.FunctionCallingConfigModeUnspecified, nil, `no function-calling mode "MODE_UNSPECIFIED"`},
		{"any", nil, `no function-calling mode "any"`},
		{genai.FunctionCallingConfigModeAny, []string{"_1password"}, `no tool named "_1password" in the set; its tools are quote, 1password, plain`},
		{genai.FunctionCallingConfigModeAny, []string{"quote", "quote"}, `the tool "quote" is named twice`},
	} {
		_, err := geminiadapter.FunctionCalling(set, tc.mode, tc.names...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: %v, want %s", tc.mode, tc.names, err, tc.want)
		}
	}
}

// TestBooleanOutputSchema checks that a tool whose output schema is a
// boolean schema is declared without responseJsonSchema, and not refused.
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
	decl, err := geminiadapter.Tools(set)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range decl.FunctionDeclarations {
		if d.ResponseJsonSchema != nil {
			t.Errorf("%s: a boolean output schema was sent: %s", d.Name, d.ResponseJsonSchema)
		}
	}
}
