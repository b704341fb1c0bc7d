package geminiadapter_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/genai"

	geminiadapter "github.com/toolschema/toolschema/adapters/gemini"
	"github.com/toolschema/toolschema/adapters/internal/looptest"
	"github.com/toolschema/toolschema/loop"
)

// TestFunctionCallArgsKinds: a functionCall whose args are null or left
// out is a call without arguments, answered as one ({} read); args that
// are not an object are refused by the SDK's decoding of the response,
// before the adapter sees the call (Gemini's args are a protobuf Struct:
// its API sends no other kind), and end the run with the SDK's error.
func TestFunctionCallArgsKinds(t *testing.T) {
	for _, tc := range []struct {
		args   string // "" for none
		answer string // in the second request; "" when the run ends
	}{
		{`null`, `"error":"Argument 'city' is required."`},
		{``, `"error":"Argument 'city' is required."`},
		{`{"city":"Oslo","x":{"a":[1,{"b":null}]}}`, `"error":"Argument 'x' is not a parameter of the tool."`},
		{`[1,2]`, ""},
		{`"{\"city\":\"Oslo\"}"`, ""},
	} {
		set := looptest.Small(t)
		decl, err := geminiadapter.Tools(set)
		if err != nil {
			t.Fatal(err)
		}
		args := ""
		if tc.args != "" {
			args = `,"args":` + tc.args
		}
		var bodies []string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			bodies = append(bodies, string(b))
			w.Header().Set("Content-Type", "application/json")
			if len(bodies) == 1 {
				io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"id":"c0","name":"lookup"`+args+`}}]},"finishReason":"STOP","index":0}]}`)
				return
			}
			io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"Done."}]},"finishReason":"STOP","index":0}]}`)
		}))
		c, err := genai.NewClient(context.Background(), &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPClient: srv.Client(),
			HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL, APIVersion: "v1beta"}})
		if err != nil {
			t.Fatal(err)
		}
		conv := &geminiadapter.Conversation{Client: c, Model: "gemini-test", Config: &genai.GenerateContentConfig{Tools: []*genai.Tool{decl}},
			Contents: []*genai.Content{genai.NewContentFromText("go", genai.RoleUser)}}
		_, err = (&loop.Runner{Tools: set}).Run(context.Background(), conv)
		switch {
		case tc.answer == "" && (err == nil || len(bodies) != 1):
			t.Errorf("args %s: %v after %d requests, want the SDK's refusal after one", tc.args, err, len(bodies))
		case tc.answer != "" && (err != nil || len(bodies) != 2 || !strings.Contains(bodies[1], tc.answer)):
			t.Errorf("args %s: %v, %d requests, want the second to carry %s", tc.args, err, len(bodies), tc.answer)
		}
		srv.Close()
	}
}
