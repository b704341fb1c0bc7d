package geminiadapter_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// generateAPI is generateContent as the scripted server speaks it.
type generateAPI struct{}

func (generateAPI) Path() string    { return "/v1beta/models/gemini-test:generateContent" }
func (generateAPI) ErrorFlag() bool { return true } // {"error": ...} rather than {"output": ...}

func (generateAPI) Tools(body []byte) ([]json.RawMessage, error) {
	var req struct {
		Tools []struct {
			FunctionDeclarations []json.RawMessage `json:"functionDeclarations"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	if len(req.Tools) != 1 {
		return nil, fmt.Errorf("%d tools, want one with the declarations", len(req.Tools))
	}
	return req.Tools[0].FunctionDeclarations, nil
}

type part struct {
	Text             string `json:"text"`
	ThoughtSignature string `json:"thoughtSignature"`
	FunctionCall     *struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string                     `json:"id"`
		Name     string                     `json:"name"`
		Response map[string]json.RawMessage `json:"response"`
	} `json:"functionResponse"`
}

type content struct {
	Role  string `json:"role"`
	Parts []part `json:"parts"`
}

// Replies reads the functionResponse parts of the last content, a
// user's, and checks the model's content before it repeats the previous
// turn's calls.
func (generateAPI) Replies(body []byte, n int) ([]looptest.Reply, error) {
	var req struct{ Contents []content }
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	if len(req.Contents) != 1+2*n {
		return nil, fmt.Errorf("%d contents in request %d", len(req.Contents), n+1)
	}
	if n == 0 {
		return nil, nil
	}
	model, user := req.Contents[2*n-1], req.Contents[2*n]
	if model.Role != "model" || user.Role != "user" {
		return nil, fmt.Errorf("roles %s, %s", model.Role, user.Role)
	}
	var calls, want []string
	for _, p := range model.Parts {
		if p.FunctionCall != nil {
			calls = append(calls, p.FunctionCall.ID+" "+p.FunctionCall.Name)
			if p.ThoughtSignature != "c2ln" {
				return nil, fmt.Errorf("the call %s went back without its thought signature", p.FunctionCall.ID)
			}
		}
	}
	for _, c := range looptest.Script[n-1].Calls {
		want = append(want, c.ID+" "+c.Name)
	}
	if !slices.Equal(calls, want) {
		return nil, fmt.Errorf("the model's content has the calls %q, want %q", calls, want)
	}
	var out []looptest.Reply
	for i, p := range user.Parts {
		fr := p.FunctionResponse
		if fr == nil {
			return nil, fmt.Errorf("part %d is not a functionResponse", i)
		}
		if c := looptest.Script[n-1].Calls[i]; fr.Name != c.Name {
			return nil, fmt.Errorf("response %d names %s, its call %s", i, fr.Name, c.Name)
		}
		r := looptest.Reply{ID: fr.ID}
		v, isErr := fr.Response["error"]
		if !isErr {
			v = fr.Response["output"]
		}
		r.Error = isErr
		var s string
		if json.Unmarshal(v, &s) == nil {
			r.Text = s
		} else {
			r.Text = string(v)
		}
		out = append(out, r)
	}
	return out, nil
}

func (generateAPI) Response(turn looptest.Turn, n int) ([]byte, error) {
	var parts []any
	for _, c := range turn.Calls {
		parts = append(parts, map[string]any{
			"functionCall":     map[string]any{"id": c.ID, "name": c.Name, "args": c.Args},
			"thoughtSignature": "c2ln",
		})
	}
	return json.Marshal(map[string]any{
		"candidates": []any{map[string]any{
			"content": map[string]any{"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0,
		}},
		"modelVersion": "gemini-test",
	})
}

// TestLoop plays the scripted conversation through the SDK's client: the
// functionResponse parts each turn carries, and how the run ends.
func TestLoop(t *testing.T) {
	k := looptest.NewKit(t)
	srv := looptest.Serve(t, generateAPI{})
	tools, err := geminiadapter.Tools(k.Set)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The API version is set, not left to genai's default (v1 since
	// genai v1.78, v1beta before) or to GOOGLE_GENAI_API_VERSION: the
	// version the package comment tells programs to set.
	c, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPClient: srv.Client(),
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL, APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	conv := &geminiadapter.Conversation{
		Client:   c,
		Model:    "gemini-test",
		Contents: []*genai.Content{genai.NewContentFromText("Plan two nights in Rome.", genai.RoleUser)},
		Config:   &genai.GenerateContentConfig{Tools: []*genai.Tool{tools}},
	}
	f, err := k.Runner().Run(ctx, conv)
	srv.Failures(t)
	k.Check(t, f, err)
	// The model's contents went back with their thought signatures.
	for _, ct := range conv.Contents {
		for _, p := range ct.Parts {
			if p.FunctionCall != nil && string(p.ThoughtSignature) != "sig" {
				t.Errorf("a call's part lost its thought signature: %q", p.ThoughtSignature)
			}
		}
	}
	checkSent(t, k.Set, srv.SentTools())
}

// checkSent checks the declarations as genai sends them: the provider's
// values (numbers up to 2^53-1 exact) with the tool's output schema as
// responseJsonSchema, and the properties' order kept by propertyOrdering
// though the SDK sorts every key.
func checkSent(t *testing.T, set *tool.Set, sent []json.RawMessage) {
	t.Helper()
	if len(sent) != set.Len() {
		t.Fatalf("%d declarations sent, want %d", len(sent), set.Len())
	}
	for i, tl := range set.Tools() {
		def, err := provider.Gemini(tl)
		if err != nil {
			t.Fatal(err)
		}
		var want, got map[string]any
		json.Unmarshal(def, &want)
		if err := json.Unmarshal(sent[i], &got); err != nil {
			t.Fatal(err)
		}
		if tl.OutputSchema != nil {
			// The tool's output schema, which Gemini's conversion
			// leaves as it is, with propertyOrdering.
			var out any
			json.Unmarshal(tl.OutputSchema, &out)
			want["responseJsonSchema"] = out
			dropOrdering(got["responseJsonSchema"])
		}
		order := dropOrdering(got["parametersJsonSchema"])
		if !reflect.DeepEqual(got, want) {
			t.Errorf("declaration %s as sent:\n%s\nwant the values of\n%s", tl.Name, sent[i], def)
		}
		if tl.Name == "find_flights" {
			if want := []any{"to", "from", "max_price", "seats"}; !reflect.DeepEqual(order, want) {
				t.Errorf("propertyOrdering %v, want %v", order, want)
			}
			if strings.Index(string(sent[i]), `"from"`) > strings.Index(string(sent[i]), `"to"`) {
				t.Errorf("the SDK kept the members' order: the package comment says otherwise (%s)", sent[i])
			}
			if !strings.Contains(string(sent[i]), "9007199254740991") {
				t.Errorf("2^53-1 is not exact as sent: %s", sent[i])
			}
			if !strings.Contains(string(sent[i]), "1e+300") || strings.Contains(string(def), "1e+300") {
				t.Errorf("1e300 was not respelled 1e+300 as the package comment says: %s", sent[i])
			}
		}
	}
}

// dropOrdering removes propertyOrdering from a schema, returning the
// root's.
func dropOrdering(s any) any {
	m, ok := s.(map[string]any)
	if !ok {
		return nil
	}
	order := m["propertyOrdering"]
	delete(m, "propertyOrdering")
	if props, ok := m["properties"].(map[string]any); ok {
		for _, p := range props {
			dropOrdering(p)
		}
	}
	dropOrdering(m["items"])
	dropOrdering(m["additionalProperties"])
	return order
}

// TestNumbersInCalls shows what genai does to a call's arguments: a map
// with float64s, so an integer beyond 2^53-1 has lost its value before the
// invoker sees it, and the invoker refuses what no longer fits the type.
func TestNumbersInCalls(t *testing.T) {
	var r genai.GenerateContentResponse
	if err := json.Unmarshal([]byte(`{"candidates":[{"content":{"role":"model","parts":[
		{"functionCall":{"id":"a","name":"finish","args":{"total":9007199254740991,"summary":"s"}}},
		{"functionCall":{"id":"b","name":"finish","args":{"total":18446744073709551615,"summary":"s"}}},
		{"functionCall":{"name":"note","args":{"text":"no id"}}}]}}]}`), &r); err != nil {
		t.Fatal(err)
	}
	calls, err := geminiadapter.Calls(&r)
	if err != nil {
		t.Fatal(err)
	}
	want := []loop.Call{
		{ID: "a", Name: "finish", Args: json.RawMessage(`{"summary":"s","total":9007199254740991}`)},
		{ID: "b", Name: "finish", Args: json.RawMessage(`{"summary":"s","total":18446744073709552000}`)},
		{ID: "", Name: "note", Args: json.RawMessage(`{"text":"no id"}`)},
	}
	for i := range want {
		if calls[i].ID != want[i].ID || calls[i].Name != want[i].Name || string(calls[i].Args) != string(want[i].Args) {
			t.Errorf("call %d: %s %s %s, want %s", i, calls[i].ID, calls[i].Name, calls[i].Args, want[i].Args)
		}
	}
	k := looptest.NewKit(t)
	turn, err := k.Runner().Turn(context.Background(), calls[1:])
	if err != nil {
		t.Fatal(err)
	}
	if res := turn.Outcomes[0].Result; res.Code != tool.InvalidArguments {
		t.Errorf("2^64 (what 2^64-1 became) was taken: %q %s", res.Code, res.Text())
	}
	b, err := json.Marshal(geminiadapter.Results(turn.Outcomes))
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, s := range []string{`"name":"finish","response":{"error":"Argument 'total' must be at most`, `"name":"note","response":{"output":"Noted."}`} {
		if !strings.Contains(got, s) {
			t.Errorf("results %s lack %s", got, s)
		}
	}
	if strings.Contains(got, `"id":""`) {
		t.Errorf("a call without an id answered with an empty id: %s", got)
	}
}
