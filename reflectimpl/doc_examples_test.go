package reflectimpl

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/tool"
)

// The examples of docs/contract.md, checked byte for byte.

type docBase struct {
	ID      string    `json:"id"`
	Created time.Time `json:"created"`
}

type docOrder struct {
	docBase
	ID    int    `json:"id"`
	Total uint32 `json:"total"`
}

type docSearch struct {
	Query string   `json:"query" description:"Words to look for." minLength:"1" maxLength:"200"`
	Kind  string   `json:"kind" enum:"code, issues, docs" default:"code"`
	Page  *int     `json:"page" minimum:"1"`
	Tags  []string `json:"tags,omitempty" maxItems:"5" uniqueItems:"true"`
}

type docDocketQuery struct {
	Court string `json:"court" description:"Court identifier." pattern:"^[a-z]+$"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
}

func TestDocExamples(t *testing.T) {
	tests := []struct {
		name string
		fn   any
		want string
	}{
		{"contract.md objects", func(docOrder) error { return nil },
			`{"type":"object","properties":{"created":{"type":"string","format":"date-time"},"id":{"type":"integer"},"total":{"type":"integer","minimum":0,"maximum":4294967295}},"required":["created","id","total"],"additionalProperties":false}`},
		{"contract.md annotations", func(docSearch) error { return nil },
			`{"type":"object","properties":{"query":{"type":"string","description":"Words to look for.","minLength":1,"maxLength":200},"kind":{"type":"string","enum":["code","issues","docs"],"default":"code"},"page":{"type":["integer","null"],"minimum":1},"tags":{"type":["array","null"],"items":{"type":"string"},"maxItems":5,"uniqueItems":true}},"required":["query","page"],"additionalProperties":false}`},
		{"README", func(docDocketQuery) error { return nil },
			`{"type":"object","properties":{"court":{"type":"string","description":"Court identifier.","pattern":"^[a-z]+$"},"limit":{"type":"integer","minimum":1,"maximum":100,"default":20}},"required":["court"],"additionalProperties":false}`},
	}
	for _, tt := range tests {
		tl, err := Create(tt.fn, Name("x"))
		if err != nil {
			t.Fatal(err)
		}
		schematest.Check(t, tl.InputSchema)
		if string(tl.InputSchema) != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.name, tl.InputSchema, tt.want)
		}
	}
}

// TestDocInvokeExample checks the invoker example of the README.
func TestDocInvokeExample(t *testing.T) {
	tl, err := Create(func(docDocketQuery) error { return nil }, Name("get_docket"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := tl.Invoke(context.Background(), json.RawMessage(`{"court":"NYSD","limit":500}`))
	want := "Argument 'limit' must be at most 100.\nArgument 'court' must match the pattern ^[a-z]+$."
	if err != nil || !r.IsError || r.Code != tool.InvalidArguments || r.Text() != want {
		t.Errorf("got %v %v %q\nwant %q", err, r.Code, r.Text(), want)
	}
}
