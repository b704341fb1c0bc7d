package reflectimpl

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/tool"
)

// Faults found on real tool code, reproduced: each ran, or was refused,
// before the contract read the code as its authors meant it.

type incidentItem struct {
	Title string `json:"title"`
}

// listIncidentsParams is shaped like mcp-grafana's: required fields are
// marked with invopop's required part, the others have no omitempty.
type listIncidentsParams struct {
	Limit  int    `json:"limit" jsonschema:"description=The maximum number of incidents to return"`
	Drill  bool   `json:"drill" jsonschema:"description=Whether to include drill-down data"`
	Status string `json:"status" jsonschema:"enum=active,enum=resolved,description=The status of the incidents to include"`
	Org    string `json:"org" jsonschema:"required,description=The organisation"`
}

type documentURI string // gopls: only (*DocumentURI).UnmarshalText

func (u *documentURI) UnmarshalText(b []byte) error {
	if !strings.HasPrefix(string(b), "file://") {
		return &json.UnsupportedValueError{Str: "not a file URI"}
	}
	*u = documentURI(b)
	return nil
}

type renameParams struct {
	File    documentURI `json:"file" jsonschema:"the absolute path to the file"`
	NewName string      `json:"new_name" jsonschema:"the new name of the symbol"`
}

type addItems struct {
	Items []incidentItem `json:"items" minItems:"1"`
}

func TestRealCodeFaults(t *testing.T) {
	ran := false
	listIncidents, err := Create(func(in listIncidentsParams) (string, error) {
		ran = true
		return in.Org, nil
	}, Name("list_incidents"))
	if err != nil {
		t.Fatal(err)
	}
	rename, err := Create(func(in renameParams) (string, error) { ran = true; return string(in.File), nil }, Name("rename_symbol"))
	if err != nil {
		t.Fatalf("DocumentURI is refused: %v", err)
	}
	add, err := Create(func(in addItems) (string, error) { ran = true; return strconv.Itoa(len(in.Items)), nil }, Name("add_items"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		tool  *tool.Tool
		args  string
		want  string // in the result's text
		isErr bool
		runs  bool
	}{
		{"invopop's convention: the fields without required are optional", listIncidents, `{"org":"ops"}`, "ops", false, true},
		{"invopop's convention: the required one is", listIncidents, `{}`, "Argument 'org' is required.", true, false},
		{"a string kind with only UnmarshalText is a string", rename, `{"file":"file:///a.go","new_name":"b"}`, "file:///a.go", false, true},
		{"its method still checks its text", rename, `{"file":"a.go","new_name":"b"}`, "An argument is not in a form", true, false},
		{"null for a slice with minItems 1 is refused", add, `{"items":null}`, "Argument 'items' must not be null.", true, false},
		{"an empty slice with minItems 1 is refused", add, `{"items":[]}`, "Argument 'items' must have at least 1 item", true, false},
		{"one item runs", add, `{"items":[{"title":"x"}]}`, "1", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ran = false
			r, err := tt.tool.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.IsError != tt.isErr || ran != tt.runs || !strings.Contains(r.Text(), tt.want) {
				t.Errorf("%s: IsError %v, ran %v, text %q; want %v, %v, %q", tt.args, r.IsError, ran, r.Text(), tt.isErr, tt.runs, tt.want)
			}
		})
	}
	for _, c := range []struct {
		got  json.RawMessage
		want string
	}{
		{listIncidents.InputSchema, `{"type":"object","properties":{"limit":{"type":"integer","description":"The maximum number of incidents to return"},"drill":{"type":"boolean","description":"Whether to include drill-down data"},"status":{"type":"string","description":"The status of the incidents to include","enum":["active","resolved"]},"org":{"type":"string","description":"The organisation"}},"required":["org"],"additionalProperties":false}`},
		{rename.InputSchema, `{"type":"object","properties":{"file":{"type":"string","description":"the absolute path to the file"},"new_name":{"type":"string","description":"the new name of the symbol"}},"required":["file","new_name"],"additionalProperties":false}`},
		{add.InputSchema, `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"],"additionalProperties":false},"minItems":1}},"required":["items"],"additionalProperties":false}`},
	} {
		if string(c.got) != c.want {
			t.Errorf("schema\n got %s\nwant %s", c.got, c.want)
		}
	}
}
