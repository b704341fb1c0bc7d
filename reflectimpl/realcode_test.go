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
	}, Meta(tool.Meta{Name: "list_incidents"}))
	if err != nil {
		t.Fatal(err)
	}
	rename, err := Create(func(in renameParams) (string, error) { ran = true; return string(in.File), nil }, Meta(tool.Meta{Name: "rename_symbol"}))
	if err != nil {
		t.Fatalf("DocumentURI is refused: %v", err)
	}
	add, err := Create(func(in addItems) (string, error) { ran = true; return strconv.Itoa(len(in.Items)), nil }, Meta(tool.Meta{Name: "add_items"}))
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
		{"its method still checks its text", rename, `{"file":"a.go","new_name":"b"}`, "is not in a form the tool's type for it reads", true, false},
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

// Shapes of real tools whose peer tags toolschema must take as their
// authors meant them: invopop's grammar cuts an unescaped description at
// its first comma, and jsonschema:"-" hides an input field from the model
// while the program still stores it.

// weatherArgs is shaped like an eino weather tool's input: a description
// with commas, not escaped.
type weatherArgs struct {
	Place string `json:"place" jsonschema:"description=The town and country, e.g. Ghent, Belgium"`
	Scale string `json:"scale,omitempty" jsonschema:"enum=metric,enum=imperial,description=Units to report in"`
}

// quoteArgs: a parenthesised list of examples, then invopop's required
// word, which still counts.
type quoteArgs struct {
	Ticker string `json:"ticker" jsonschema:"description=The exchange symbol (e.g., SAP, ASML),required"`
}

// ledgerEntry is shaped like an eino task store's record: IsArchived is
// the store's own, hidden from the model; the store writes the record
// with encoding/json, so json:"-" is not an option.
type ledgerEntry struct {
	ID         string `json:"id" jsonschema:"description=The entry's identifier"`
	Note       string `json:"note,omitempty" jsonschema:"description=Free text"`
	IsArchived bool   `json:"is_archived" jsonschema:"-"`
	Source     string `json:"source" jsonschema:"-" default:"assistant"`
}

type ledgerArgs struct {
	Op    string      `json:"op" jsonschema:"enum=add,enum=archive,description=What to do"`
	Entry ledgerEntry `json:"entry"`
}

func TestPeerGrammarFaults(t *testing.T) {
	var got ledgerEntry
	weather, err := Create(func(in weatherArgs) (string, error) { return in.Place, nil }, Meta(tool.Meta{Name: "get_weather"}))
	if err != nil {
		t.Fatalf("a description with commas is refused: %v", err)
	}
	quote, err := Create(func(in quoteArgs) (string, error) { return in.Ticker, nil }, Meta(tool.Meta{Name: "get_quote"}))
	if err != nil {
		t.Fatalf("a description with commas is refused: %v", err)
	}
	ledger, err := Create(func(in ledgerArgs) (string, error) { got = in.Entry; return in.Op, nil }, Meta(tool.Meta{Name: "edit_ledger"}))
	if err != nil {
		t.Fatalf("jsonschema:\"-\" on an input field is refused: %v", err)
	}
	for _, c := range []struct {
		got  json.RawMessage
		want string
	}{
		{weather.InputSchema, `{"type":"object","properties":{"place":{"type":"string","description":"The town and country, e.g. Ghent, Belgium"},"scale":{"type":"string","description":"Units to report in","enum":["metric","imperial"]}},"required":["place"],"additionalProperties":false}`},
		{quote.InputSchema, `{"type":"object","properties":{"ticker":{"type":"string","description":"The exchange symbol (e.g., SAP, ASML)"}},"required":["ticker"],"additionalProperties":false}`},
		{ledger.InputSchema, `{"type":"object","properties":{"op":{"type":"string","description":"What to do","enum":["add","archive"]},"entry":{"type":"object","properties":{"id":{"type":"string","description":"The entry's identifier"},"note":{"type":"string","description":"Free text"}},"required":["id"],"additionalProperties":false}},"required":["op","entry"],"additionalProperties":false}`},
	} {
		if string(c.got) != c.want {
			t.Errorf("schema\n got %s\nwant %s", c.got, c.want)
		}
	}
	tests := []struct {
		name  string
		args  string
		want  string
		isErr bool
		entry ledgerEntry
	}{
		{"a hidden field is the zero value, or its default", `{"op":"add","entry":{"id":"e1"}}`, "add", false, ledgerEntry{ID: "e1", Source: "assistant"}},
		{"a call that names a hidden field is refused", `{"op":"add","entry":{"id":"e1","is_archived":true}}`, "Argument 'entry.is_archived' is not a parameter of the tool.", true, ledgerEntry{}},
		{"the default of a hidden field cannot be given either", `{"op":"add","entry":{"id":"e1","source":"x"}}`, "Argument 'entry.source' is not a parameter of the tool.", true, ledgerEntry{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got = ledgerEntry{}
			r, err := ledger.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.IsError != tt.isErr || !strings.Contains(r.Text(), tt.want) || got != tt.entry {
				t.Errorf("%s: IsError %v, text %q, entry %+v; want %v, %q, %+v", tt.args, r.IsError, r.Text(), got, tt.isErr, tt.want, tt.entry)
			}
		})
	}
	// In a result encoding/json writes the field: there it is refused.
	_, err = Create(func(in ledgerArgs) (ledgerEntry, error) { return in.Entry, nil }, Meta(tool.Meta{Name: "show_entry"}))
	if err == nil || !strings.Contains(err.Error(), "OLT003: output.is_archived: result type reflectimpl.ledgerEntry has no schema: tag jsonschema: - hides the field from the model") {
		t.Errorf("a hidden field in a result: %v", err)
	}
}

// teamSearch is shaped like an mcp-grafana input with no required part
// at all: in a project that reads its types with invopop's
// RequiredFromJSONSchemaTags every field is optional, although none has
// omitempty.
type teamSearch struct {
	Query string `json:"query" jsonschema:"description=Words the team's name must hold"`
	Page  int32  `json:"page" jsonschema:"description=The page, from 1"`
}

// incidentDraft: a nested struct of the same project, and a required
// field beside it.
type incidentDraft struct {
	Title  string        `json:"title" jsonschema:"required,description=What happened"`
	Labels []incidentTag `json:"labels" jsonschema:"description=Labels to attach"`
}

type incidentTag struct {
	Key   string `json:"key" jsonschema:"required"`
	Value string `json:"value"`
	Color string `json:"color"`
}

func TestRequiredFromTags(t *testing.T) {
	searchFn := func(in teamSearch) (string, error) { return in.Query + "/" + strconv.Itoa(int(in.Page)), nil }
	draftFn := func(in incidentDraft) (string, error) { return in.Title + ":" + strconv.Itoa(len(in.Labels)), nil }
	byDefault, err := Create(searchFn, Meta(tool.Meta{Name: "list_teams"}))
	if err != nil {
		t.Fatal(err)
	}
	search, err := Create(searchFn, Meta(tool.Meta{Name: "list_teams"}), RequiredFromTags())
	if err != nil {
		t.Fatal(err)
	}
	draft, err := Create(draftFn, Meta(tool.Meta{Name: "create_incident"}), RequiredFromTags())
	if err != nil {
		t.Fatal(err)
	}
	given, err := Create(draftFn, Meta(tool.Meta{Name: "create_incident"}), RequiredFromTags(), TypeSchema[documentURI](`{"type":"string"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		got  json.RawMessage
		want string
	}{
		{byDefault.InputSchema, `{"type":"object","properties":{"query":{"type":"string","description":"Words the team's name must hold"},"page":{"type":"integer","description":"The page, from 1","minimum":-2147483648,"maximum":2147483647}},"required":["query","page"],"additionalProperties":false}`},
		{search.InputSchema, `{"type":"object","properties":{"query":{"type":"string","description":"Words the team's name must hold"},"page":{"type":"integer","description":"The page, from 1","minimum":-2147483648,"maximum":2147483647}},"additionalProperties":false}`},
		{draft.InputSchema, `{"type":"object","properties":{"title":{"type":"string","description":"What happened"},"labels":{"type":["array","null"],"description":"Labels to attach","items":{"type":"object","properties":{"key":{"type":"string"},"value":{"type":"string"},"color":{"type":"string"}},"required":["key"],"additionalProperties":false}}},"required":["title"],"additionalProperties":false}`},
		{given.InputSchema, string(draft.InputSchema)},
	} {
		if string(c.got) != c.want {
			t.Errorf("schema\n got %s\nwant %s", c.got, c.want)
		}
	}
	tests := []struct {
		name  string
		tool  *tool.Tool
		args  string
		want  string
		isErr bool
	}{
		{"by default the fields without omitempty are required", byDefault, `{}`, "Argument 'query' is required.", true},
		{"in the mode they are optional", search, `{}`, "/0", false},
		{"in the mode, given", search, `{"query":"ops","page":2}`, "ops/2", false},
		{"nested: the fields without the tag are optional", draft, `{"title":"down","labels":[{"key":"sev"}]}`, "down:1", false},
		{"nested: the required one is", draft, `{"title":"down","labels":[{"value":"x"}]}`, "Argument 'labels[0].key' is required.", true},
		{"the top level's required one is", draft, `{"labels":[]}`, "Argument 'title' is required.", true},
		{"with schemas given for types, the mode holds", given, `{"title":"down"}`, "down:0", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := tt.tool.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.IsError != tt.isErr || !strings.Contains(r.Text(), tt.want) {
				t.Errorf("%s: IsError %v, text %q; want %v, %q", tt.args, r.IsError, r.Text(), tt.isErr, tt.want)
			}
		})
	}
	// The same function made again by default is not read in the mode:
	// the cache keeps the modes apart.
	again, err := Create(searchFn, Meta(tool.Meta{Name: "list_teams"}))
	if err != nil || string(again.InputSchema) != string(byDefault.InputSchema) {
		t.Errorf("made again by default: %s, %v", again.InputSchema, err)
	}
}

// Shapes of tools written for mark3labs/mcp-go's WithInputSchema[T]: a
// description, then invopop's parts after it. The enum was dropped: the
// whole tag was read as the description.

// forecastArgs is shaped like an mcp-go weather tool's input.
type forecastArgs struct {
	City  string `json:"city" jsonschema:"City to report on"`
	Unit  string `json:"unit,omitempty" jsonschema:"Temperature unit,enum=celsius,enum=fahrenheit"`
	Days  int8   `json:"days,omitempty" jsonschema:"Days ahead,minimum=1,maximum=7"`
	Level string `json:"level" jsonschema:"Detail,enum=brief,enum=full"` // one word: google/jsonschema-go would refuse it as WORD=
	// Spaces after the commas: the whole text, as google/jsonschema-go
	// reads it (toolvet warns).
	Sort string `json:"sort,omitempty" jsonschema:"Sort order, default=asc"`
}

func TestMCPGoDialect(t *testing.T) {
	var got forecastArgs
	tl, err := Create(func(in forecastArgs) (string, error) { got = in; return in.City, nil }, Meta(tool.Meta{Name: "get_forecast"}))
	if err != nil {
		t.Fatalf("mcp-go's tags are refused: %v", err)
	}
	want := `{"type":"object","properties":{"city":{"type":"string","description":"City to report on"},` +
		`"unit":{"type":"string","description":"Temperature unit","enum":["celsius","fahrenheit"]},` +
		`"days":{"type":"integer","description":"Days ahead","minimum":1,"maximum":7},` +
		`"level":{"type":"string","description":"Detail","enum":["brief","full"]},` +
		`"sort":{"type":"string","description":"Sort order, default=asc"}},"required":["city","level"],"additionalProperties":false}`
	if string(tl.InputSchema) != want {
		t.Errorf("schema\n got %s\nwant %s", tl.InputSchema, want)
	}
	tests := []struct {
		name, args string
		isErr      bool
	}{
		{"a unit of the enum", `{"city":"Ghent","unit":"celsius","level":"brief"}`, false},
		{"a unit outside the enum", `{"city":"Ghent","unit":"kelvin","level":"brief"}`, true},
		{"a level outside the enum", `{"city":"Ghent","level":"long"}`, true},
		{"days below the minimum", `{"city":"Ghent","level":"full","days":0}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got = forecastArgs{}
			r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
			if err != nil {
				t.Fatal(err)
			}
			if r.IsError != tt.isErr {
				t.Errorf("%s: IsError %v (%s), want %v", tt.args, r.IsError, r.Text(), tt.isErr)
			}
			if !tt.isErr && got.City != "Ghent" {
				t.Errorf("handler got %+v", got)
			}
		})
	}
}

// Types that give invopop/jsonschema their schemas by its methods, which
// the contract does not call: each is refused, naming the method, where
// a schema derived without it would drop what it says (mcp-grafana's
// StringOrSlice gives its oneOf so). A method of that name and another
// shape is not invopop's.

type Schema struct{ Enum []any }

type severity string

func (severity) JSONSchema() *Schema { return &Schema{Enum: []any{"low", "high"}} }

type stringOrSlice []string

func (s *stringOrSlice) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*[]string)(s)) }
func (s stringOrSlice) MarshalJSON() ([]byte, error)  { return json.Marshal([]string(s)) }
func (stringOrSlice) JSONSchema() *Schema             { return &Schema{} }

type window struct {
	From string `json:"from"`
}

func (*window) JSONSchemaExtend(*Schema) {}

type aliased struct{ N int }

func (aliased) JSONSchemaAlias() any { return 0 }

type renamed struct{ N int }

func (renamed) JSONSchemaProperty(string) any { return nil }

type otherShape string

func (otherShape) JSONSchema() string { return "" }

func TestPeerSchemaMethods(t *testing.T) {
	tests := []struct {
		name string
		fn   any
		want string // the error's text; "" for none
	}{
		{"JSONSchema", func(struct {
			S severity `json:"s"`
		}) error {
			return nil
		}, "OLT020: input.s: reflectimpl.severity has invopop/jsonschema's method JSONSchema, which the contract does not call, so what it says would be lost: say it with the type's fields, tags and constants, and drop the method"},
		{"JSONSchema, own JSON form", func(struct {
			V map[string]stringOrSlice `json:"v"`
		}) error {
			return nil
		}, "OLT020: input.v{}: reflectimpl.stringOrSlice has invopop/jsonschema's method JSONSchema, which the contract does not call: declare the schema it gives with a method ToolschemaSchema() string"},
		{"JSONSchemaExtend, pointer receiver", func(struct {
			W *window `json:"w"`
		}) error {
			return nil
		}, "OLT020: input.w: reflectimpl.window has invopop/jsonschema's method JSONSchemaExtend"},
		{"JSONSchemaAlias", func(struct {
			A aliased `json:"a"`
		}) error {
			return nil
		}, "OLT020: input.a: reflectimpl.aliased has invopop/jsonschema's method JSONSchemaAlias"},
		{"JSONSchemaProperty", func(struct {
			R []renamed `json:"r"`
		}) error {
			return nil
		}, "OLT020: input.r[]: reflectimpl.renamed has invopop/jsonschema's method JSONSchemaProperty"},
		{"another shape", func(struct {
			O otherShape `json:"o"`
		}) error {
			return nil
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Create(tt.fn, Meta(tool.Meta{Name: "peer"}))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Create: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Create: %v\nwant %s", err, tt.want)
			}
		})
	}
}
