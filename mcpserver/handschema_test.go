package mcpserver_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	_ "github.com/toolschema/toolschema/declared" // the checks of a schema set by hand
	"github.com/toolschema/toolschema/internal/toolhook"
	"github.com/toolschema/toolschema/mcpserver"
)

// Order is an input whose contract is narrower than the schemas set by
// hand below: a count of at most 5 (the schemas say 10), a required note
// (they leave it optional).
type Order struct {
	Item  string `json:"item"`
	Count int    `json:"count" maximum:"5"`
	Note  string `json:"note"`
}

func order(_ context.Context, _ *mcp.CallToolRequest, in Order) (*mcp.CallToolResult, Order, error) {
	return nil, in, nil
}

// orderPtr takes a pointer, as the go-sdk's examples/server/everything's
// structured tool does.
func orderPtr(_ context.Context, _ *mcp.CallToolRequest, in *Order) (*mcp.CallToolResult, *Order, error) {
	return nil, in, nil
}

// orderSchema is a schema set by hand for Order: an open object, item
// required and at most 10 characters, count a number up to 10 with a
// default, note optional.
const orderSchema = `{"type":"object","properties":{"item":{"type":"string","maxLength":10},"count":{"type":"number","maximum":10,"default":1},"note":{"type":"string"}},"required":["item"]}`

// TestAddToolHandSchema: a schema set by hand, as JSON, as a
// *jsonschema.Schema or as a map, is listed as given and the arguments
// are checked against it as the SDK checks them (its rules, its
// defaults, its optional properties and open object), in the invoker's
// words with the path; they are then decoded into In, refused only where
// In cannot hold a value; a hostile argument is still refused within the
// invoker's bounds.
func TestAddToolHandSchema(t *testing.T) {
	var asSchema *jsonschema.Schema
	if err := json.Unmarshal([]byte(orderSchema), &asSchema); err != nil {
		t.Fatal(err)
	}
	var asMap map[string]any
	json.Unmarshal([]byte(orderSchema), &asMap)
	deep := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	calls := []call{
		{"good", "order", `{"item":"tea","count":2,"note":"hot"}`, false, `{"item":"tea","count":2,"note":"hot"}`, `{"item":"tea","count":2,"note":"hot"}`},
		{"default and optional", "order", `{"item":"tea"}`, false, `{"item":"tea","count":1,"note":""}`, `{"item":"tea","count":1,"note":""}`},
		{"open", "order", `{"item":"tea","extra":[1,2]}`, false, `{"item":"tea","count":1,"note":""}`, `{"item":"tea","count":1,"note":""}`},
		{"the schema's range, not In's", "order", `{"item":"tea","count":7}`, false, `{"item":"tea","count":7,"note":""}`, `{"item":"tea","count":7,"note":""}`},
		{"too long", "order", `{"item":"Christopher"}`, true, "Argument 'item' must be at most 10 characters long.", ""},
		{"missing", "order", `{"count":2}`, true, "Argument 'item' is required.", ""},
		{"over the schema's maximum", "order", `{"item":"tea","count":11}`, true, "Argument 'count' must be at most 10.", ""},
		{"In cannot hold it", "order", `{"item":"tea","count":2.5}`, true, "Argument 'count' must be an integer.", ""},
		{"too deep", "order", `{"item":"tea","extra":` + deep + `}`, true, "Arguments are nested deeper than 64 levels.", ""},
		{"twice", "order", `{"item":"tea","item":"Christopher"}`, true, "Argument 'item' is given twice.", ""},
		// A name In has only in another case is a key the open schema
		// lets by; it must not reach In's field past the schema's checks
		// (encoding/json matches names without regard to case; the SDK's
		// decoding does not).
		{"a key in another case", "order", `{"item":"tea","ITEM":"Christopher-the-long"}`, false, `{"item":"tea","count":1,"note":""}`, `{"item":"tea","count":1,"note":""}`},
		{"only the key in another case", "order", `{"item":"tea","NOTE":"Christopher-the-long","Count":9}`, false, `{"item":"tea","count":1,"note":""}`, `{"item":"tea","count":1,"note":""}`},
		{"an extra key and a value In cannot hold", "order", `{"item":"tea","extra":1,"count":2.5}`, true, "Argument 'count' must be an integer.", ""},
	}
	for _, form := range []struct {
		name   string
		schema any
	}{
		{"json", json.RawMessage(orderSchema)},
		{"jsonschema", asSchema},
		{"map", asMap},
	} {
		t.Run(form.name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			mcpserver.AddTool(s, &mcp.Tool{Name: "order", InputSchema: form.schema}, order)
			mcpserver.AddTool(s, &mcp.Tool{Name: "order_ptr", InputSchema: form.schema}, orderPtr)
			cs := connectServer(t, s, nil, "")
			res, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, tl := range res.Tools {
				if in, _ := json.Marshal(tl.InputSchema); !jsonEqual(in, []byte(orderSchema)) {
					t.Errorf("%s: input schema %s, want %s", tl.Name, in, orderSchema)
				}
			}
			for _, c := range calls {
				checkCall(t, cs, c)
				c.name, c.tool = c.name+" (pointer)", "order_ptr"
				checkCall(t, cs, c)
			}
		})
	}
}

// TestAddToolHandSchemaNeedsDeclared: without package declared linked,
// a schema set by hand cannot be checked, and AddTool panics, naming the
// tool and the import to add, rather than leave the arguments unchecked.
// (This test binary links declared; the registration is taken away for
// the test, as a program without the import has none.)
func TestAddToolHandSchemaNeedsDeclared(t *testing.T) {
	old := toolhook.RawToolMaker()
	toolhook.RegisterRawTool(nil)
	defer toolhook.RegisterRawTool(old)
	defer func() {
		msg, _ := recover().(string)
		for _, want := range []string{`mcpserver.AddTool: tool "order": `, `add import _ "github.com/toolschema/toolschema/declared"`} {
			if !strings.Contains(msg, want) {
				t.Errorf("panic %q, want one with %q", msg, want)
			}
		}
	}()
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "order", InputSchema: json.RawMessage(orderSchema)}, order)
}

// TestAddToolHandSchemaRefused: a schema set by hand that cannot be used
// panics at AddTool, as the SDK's AddTool panics on one it cannot
// resolve, with the tool's name and why.
func TestAddToolHandSchemaRefused(t *testing.T) {
	tests := []struct {
		name   string
		schema any
		want   string
	}{
		{"not an object schema", json.RawMessage(`{"type":"string"}`), `root must be an object schema`},
		{"not a schema", json.RawMessage(`{"type":"object","required":3}`), "does not compile"},
		{"a remote ref", json.RawMessage(`{"type":"object","properties":{"a":{"$ref":"https://example.com/a.json"}}}`), "nothing is fetched"},
		{"does not marshal", map[string]any{"type": "object", "x": make(chan int)}, "does not marshal to JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, `mcpserver.AddTool: tool "order": `) || !strings.Contains(msg, tt.want) {
					t.Errorf("panic %q, want one with %q", msg, tt.want)
				}
			}()
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			mcpserver.AddTool(s, &mcp.Tool{Name: "order", InputSchema: tt.schema}, order)
		})
	}
}

// Headers declares its own schema: an object of x- names only, which the
// core writes as declared.
type Headers struct{ raw json.RawMessage }

func (h Headers) MarshalJSON() ([]byte, error)  { return h.raw, nil }
func (h *Headers) UnmarshalJSON(b []byte) error { h.raw = b; return nil }
func (Headers) ToolschemaSchema() string {
	return `{"type":"object","patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false}`
}

type Request struct {
	URL string  `json:"url"`
	H   Headers `json:"h"`
}

func request(_ context.Context, _ *mcp.CallToolRequest, in Request) (*mcp.CallToolResult, Request, error) {
	return nil, in, nil
}

// TestAddToolHandSchemaKeepsDeclared: the keys dropped before In is
// decoded are only those In's own objects have no property for; what a
// type's declared schema allows beyond its properties (patternProperties)
// is kept, whether or not another key was dropped beside it.
func TestAddToolHandSchemaKeepsDeclared(t *testing.T) {
	const schema = `{"type":"object","properties":{"url":{"type":"string"},"h":{"type":"object"}},"required":["url"]}`
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "request", InputSchema: json.RawMessage(schema)}, request)
	cs := connectServer(t, s, nil, "")
	for _, c := range []call{
		{"declared keys", "request", `{"url":"u","h":{"x-a":"1"}}`, false, `{"url":"u","h":{"x-a":"1"}}`, `{"url":"u","h":{"x-a":"1"}}`},
		{"declared keys beside a dropped one", "request", `{"url":"u","h":{"x-a":"1"},"extra":1}`, false, `{"url":"u","h":{"x-a":"1"}}`, `{"url":"u","h":{"x-a":"1"}}`},
	} {
		checkCall(t, cs, c)
	}
}

// Host declares a schema of the shape the core writes for a struct (a
// closed object): its own UnmarshalJSON reads the value, and nothing in
// it is dropped.
type Host struct{ raw json.RawMessage }

func (h Host) MarshalJSON() ([]byte, error)  { return h.raw, nil }
func (h *Host) UnmarshalJSON(b []byte) error { h.raw = b; return nil }
func (Host) ToolschemaSchema() string {
	return `{"type":"object","properties":{"host":{"type":"string"}},"additionalProperties":false}`
}

type HostRequest struct {
	URL string `json:"url"`
	H   Host   `json:"h"`
	P   *Host  `json:"p,omitempty"`
	L   []Host `json:"l,omitempty"`
}

func hostRequest(_ context.Context, _ *mcp.CallToolRequest, in HostRequest) (*mcp.CallToolResult, HostRequest, error) {
	return nil, in, nil
}

// TestAddToolHandSchemaKeepsDeclaredClosed: a type that declares a
// closed object's schema keeps every key of its value, as the SDK hands
// it to the type's UnmarshalJSON, in a field, behind a pointer and in a
// slice.
func TestAddToolHandSchemaKeepsDeclaredClosed(t *testing.T) {
	const schema = `{"type":"object","properties":{"url":{"type":"string"},"h":{"type":"object"},"p":{"type":"object"},"l":{"type":"array"}},"required":["url"]}`
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "host", InputSchema: json.RawMessage(schema)}, hostRequest)
	cs := connectServer(t, s, nil, "")
	const v = `{"host":"a","x-b":"1"}`
	want := `{"url":"u","h":` + v + `,"p":` + v + `,"l":[` + v + `]}`
	checkCall(t, cs, call{"declared closed", "host", `{"url":"u","h":` + v + `,"p":` + v + `,"l":[` + v + `],"extra":1}`, false, want, want})
}

// TestAddToolHandSchemaDefaultBreaksItsSchema: a schema set by hand whose
// default its own property's schema refuses (a string for a number) is
// taken, and the default is not filled in: In gets the zero value, as
// from arguments that leave it out where no default is filled. (It was
// filled in after the checks, and decoding "1" into Count refused the
// call for an argument the model never sent.) The SDK's AddTool refuses
// such a schema: it panics.
func TestAddToolHandSchemaDefaultBreaksItsSchema(t *testing.T) {
	const schema = `{"type":"object","properties":{"item":{"type":"string"},"count":{"type":"number","default":"1"},"note":{"type":"string","default":"none"}},"required":["item"]}`
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "order", InputSchema: json.RawMessage(schema)}, order)
	cs := connectServer(t, s, nil, "")
	for _, c := range []call{
		{"left out", "order", `{"item":"tea"}`, false, `{"item":"tea","count":0,"note":"none"}`, `{"item":"tea","count":0,"note":"none"}`},
		{"given", "order", `{"item":"tea","count":2}`, false, `{"item":"tea","count":2,"note":"none"}`, `{"item":"tea","count":2,"note":"none"}`},
	} {
		checkCall(t, cs, c)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the SDK's AddTool took the schema")
			}
		}()
		mcp.AddTool(mcp.NewServer(&mcp.Implementation{Name: "sdk", Version: "v0"}, nil), &mcp.Tool{Name: "order", InputSchema: json.RawMessage(schema)}, order)
	}()
}
