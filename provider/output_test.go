package provider_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/tool"
)

// Answer is a structured answer with optional properties at two depths,
// defaults, a nullable enum and a bounded number.
type Answer struct {
	Title string   `json:"title" description:"A short title."`
	Score float64  `json:"score" minimum:"0" maximum:"1"`
	Tags  []string `json:"tags,omitempty" maxItems:"3"`
	Level *Level   `json:"level,omitempty"`
	Inner struct {
		N    int    `json:"n,omitempty" default:"3"`
		Unit string `json:"unit,omitempty" default:"cm"`
	} `json:"inner"`
}

// TestStructuredOutputs checks the four shapes of an Output: each valid,
// with the mode's conversion applied.
func TestStructuredOutputs(t *testing.T) {
	o, err := provider.OutputOf[Answer]("answer", "The answer to the question.")
	if err != nil {
		t.Fatal(err)
	}
	schematest.Check(t, o.Schema)
	tests := []struct {
		name string
		conv func(*provider.Output, ...provider.Option) (json.RawMessage, error)
		top  string   // the members before the schema, as JSON
		path []string // to the schema
	}{
		{"openai", provider.OpenAIResponseFormat, `{"type":"json_schema","json_schema":{"name":"answer","description":"The answer to the question.","schema":`, []string{"json_schema", "schema"}},
		{"responses", provider.OpenAIResponsesFormat, `{"type":"json_schema","name":"answer","description":"The answer to the question.","schema":`, []string{"schema"}},
		{"anthropic", provider.AnthropicOutputFormat, `{"type":"json_schema","schema":`, []string{"schema"}},
		{"gemini", provider.GeminiResponseSchema, `{"type":"object",`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, err := tt.conv(o)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(def), tt.top) {
				t.Errorf("starts %.120s, want %s", def, tt.top)
			}
			s := schemaOf(t, def, tt.path...)
			b, _ := json.Marshal(s)
			schematest.Check(t, b)
			if s["type"] != "object" || s["additionalProperties"] != false {
				t.Errorf("the root is not a closed object: %s", b)
			}
			switch tt.name {
			case "openai", "responses":
				if !strings.HasSuffix(string(def), `,"strict":true}}`) && !strings.HasSuffix(string(def), `,"strict":true}`) {
					t.Errorf("not strict: %s", def)
				}
				if req := s["required"].([]any); len(req) != 5 {
					t.Errorf("not every property required: %v", req)
				}
				if !isNullable(prop(prop(s, "inner"), "n")["type"]) {
					t.Errorf("the optional inner.n is not nullable: %v", prop(s, "inner"))
				}
			case "anthropic":
				if d := prop(s, "score")["description"]; d != "At least 0. At most 1." {
					t.Errorf("score: %v", prop(s, "score"))
				}
				if typ := prop(s, "tags")["type"]; typ != "array" {
					t.Errorf("tags keeps null: %v", typ)
				}
			}
		})
	}
	// Non-strict OpenAI: "strict":false.
	def, err := provider.OpenAIResponseFormat(o, provider.Strict(false))
	if err != nil || !strings.HasSuffix(string(def), `"strict":false}}`) {
		t.Errorf("non-strict: %s %v", def, err)
	}
}

// TestStructuredAnswer checks the round trip: a strict model's answer
// (null for every optional property, at every depth) fits the converted
// schema, and tool.DecodeAnswer takes it with the invoker's checks, nulls
// as absent and defaults applied; and refuses a bad answer in its words.
func TestStructuredAnswer(t *testing.T) {
	o, err := provider.OutputOf[Answer]("answer", "")
	if err != nil {
		t.Fatal(err)
	}
	def, err := provider.OpenAIResponseFormat(o)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(schemaOf(t, def, "json_schema", "schema"))
	s := schematest.Check(t, b)
	answer := []byte(`{"title":"Go","score":0.5,"tags":null,"level":null,"inner":{"n":null,"unit":null}}`)
	if err := schematest.Validate(s, answer); err != nil {
		t.Fatalf("the strict answer does not fit the converted schema: %v", err)
	}
	got, viols, err := tool.DecodeAnswer[Answer](answer)
	if err != nil || viols != nil {
		t.Fatalf("%v %v", viols, err)
	}
	if got.Title != "Go" || got.Score != 0.5 || got.Tags != nil || got.Level != nil || got.Inner.N != 3 || got.Inner.Unit != "cm" {
		t.Errorf("decoded %+v", got)
	}
	if p, viols, err := tool.DecodeAnswer[*Answer](answer); err != nil || viols != nil || p.Inner.N != 3 {
		t.Errorf("into a pointer: %+v %v %v", p, viols, err)
	}
	tests := []struct{ answer, want string }{
		{`{"score":2,"inner":{}}`, "Result 'title' is required.\nResult 'score' must be at most 1."},
		{`{"title":"a","score":0,"inner":{},"tags":["a","b","c","d"]}`, "Result 'tags' must have at most 3 items."},
		{`{"title":"a","score":0,"inner":{},"extra":1}`, "Result 'extra' is not a parameter of the tool."},
		{`{"title":"a","score":0,"inner":{"n":1.5}}`, "Result 'inner.n' must be an integer."},
		{`[1]`, "The result must be a JSON object."},
		{`null`, "The result must be a JSON object."},
		{`{"title":`, "The result is not valid JSON."},
		// Read as the invoker reads arguments: what is not JSON is
		// refused as such, not as a value that is not an object.
		{`x`, "The result is not valid JSON."},
		{`[1] x`, "The result is not valid JSON."},
		{"\v{}", "The result is not valid JSON."},
	}
	for _, tt := range tests {
		got, viols, err := tool.DecodeAnswer[Answer]([]byte(tt.answer))
		if err != nil {
			t.Fatal(err)
		}
		var msgs []string
		for _, v := range viols {
			msgs = append(msgs, v.Message)
		}
		if strings.Join(msgs, "\n") != tt.want || got.Title != "" {
			t.Errorf("%s: %q (%+v), want %q", tt.answer, msgs, got, tt.want)
		}
	}
	if _, _, err := tool.DecodeAnswer[int]([]byte(`1`)); err == nil {
		t.Errorf("an int answer decoded")
	}
}

// TestOutputRefusals checks that an Output follows the modes and rules of
// tool definitions, with errors naming the output.
func TestOutputRefusals(t *testing.T) {
	type WithMap struct {
		Counts map[string]int `json:"counts"`
		Any    any            `json:"any"`
	}
	o, err := provider.OutputOf[WithMap]("with_map", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := provider.OpenAIResponseFormat(o); err == nil || !strings.Contains(err.Error(), "provider: output with_map: output.counts: a map") {
		t.Errorf("a map for OpenAI strict: %v", err)
	}
	if _, err := provider.OpenAIResponseFormat(o, provider.Strict(false)); err != nil {
		t.Errorf("a map for OpenAI non-strict: %v", err)
	}
	if _, err := provider.AnthropicOutputFormat(o); err == nil || !strings.Contains(err.Error(), "output with_map: output.counts: a map") {
		t.Errorf("a map for Anthropic: %v", err)
	}
	if _, err := provider.GeminiResponseSchema(o); err != nil {
		t.Errorf("a map for Gemini: %v", err)
	}
	bad, err := provider.OutputOf[Answer]("a.b", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := provider.OpenAIResponseFormat(bad); err == nil || !strings.Contains(err.Error(), `output "a.b": OpenAI takes a tool name matching`) {
		t.Errorf("a name OpenAI does not take: %v", err)
	}
	if _, err := provider.AnthropicOutputFormat(bad); err != nil {
		t.Errorf("Anthropic sends no name: %v", err)
	}
	if _, err := provider.OutputOf[int]("n", ""); err == nil || !strings.Contains(err.Error(), "not a struct") {
		t.Errorf("OutputOf[int]: %v", err)
	}
}
