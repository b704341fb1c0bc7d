package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	_ "github.com/toolschema/toolschema/declared" // TypeSchema's validator
	"github.com/toolschema/toolschema/internal/schematest"
	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type DeleteRequest struct {
	ID    string `json:"id" pattern:"^[a-z]+$"`
	Force bool   `json:"force,omitempty"`
}

func Delete(ctx context.Context, in DeleteRequest) (string, error) {
	return "deleted " + in.ID, nil
}

// texts returns the text of a result's text content, one line each.
func texts(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	var out []string
	for _, c := range r.Content {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			t.Fatalf("content %T, want text", c)
		}
		out = append(out, tc.Text)
	}
	return strings.Join(out, "\n")
}

// TestApproveAfterChecks reproduces the fault of the hook asked before the
// arguments were checked: arguments that break the schema were shown to a
// person for approval (and an approval of them gave approval_required, not
// the violations). Now they are refused first, and the hook, given the
// request and its session, sees only arguments that pass.
func TestApproveAfterChecks(t *testing.T) {
	del, err := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	type asked struct {
		args    string
		session bool
		tool    string
	}
	var mu sync.Mutex
	var calls []asked
	cs := connect(t, []*tool.Tool{del}, &mcpserver.Options{
		Approve: func(ctx context.Context, req *mcp.CallToolRequest, tl *tool.Tool, args json.RawMessage) (bool, error) {
			mu.Lock()
			defer mu.Unlock()
			calls = append(calls, asked{string(args), req != nil && req.Session != nil && mcpserver.RequestFrom(ctx) == req, tl.Name})
			var a DeleteRequest
			json.Unmarshal(args, &a)
			return a.ID == "yes", nil
		},
	})
	tests := []struct {
		name    string
		args    string
		asked   bool
		isError bool
		code    string
		text    string
	}{
		{"bad pattern", `{"id":"NOPE"}`, false, true, "invalid_arguments", "Argument 'id' must match the pattern ^[a-z]+$."},
		{"unknown and missing", `{"idd":"yes"}`, false, true, "invalid_arguments", "Argument 'id' is required.\nArgument 'idd' is not a parameter of the tool."},
		{"not JSON object", `[]`, false, true, "invalid_arguments", "Arguments must be a JSON object."},
		{"approved", `{"id":"yes"}`, true, false, "", "deleted yes"},
		{"refused", `{"id":"no"}`, true, true, "approval_required", "Tool 'delete' requires approval for these arguments."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			calls = nil
			mu.Unlock()
			r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(tt.args)})
			if err != nil {
				t.Fatal(err)
			}
			if r.IsError != tt.isError || texts(t, r) != tt.text {
				t.Errorf("IsError %v %q, want %v %q", r.IsError, texts(t, r), tt.isError, tt.text)
			}
			if code, _ := r.Meta["toolschema/code"].(string); code != tt.code {
				t.Errorf("code %q, want %q", code, tt.code)
			}
			mu.Lock()
			defer mu.Unlock()
			if tt.asked != (len(calls) == 1) || len(calls) > 1 {
				t.Fatalf("the hook was asked %d times, want asked=%v", len(calls), tt.asked)
			}
			if tt.asked && (calls[0].args != tt.args || !calls[0].session || calls[0].tool != "delete") {
				t.Errorf("the hook got %+v, want the arguments %s, the request with its session in its context", calls[0], tt.args)
			}
		})
	}
}

// TestApproveError checks that an error of the hook is a protocol error.
func TestApproveError(t *testing.T) {
	del, _ := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	cs := connect(t, []*tool.Tool{del}, &mcpserver.Options{
		Approve: func(context.Context, *mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error) {
			return false, errors.New("approvals are down")
		},
	})
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: map[string]any{"id": "a"}})
	if err == nil || !strings.Contains(err.Error(), "approvals are down") {
		t.Fatalf("CallTool: %v, want the hook's error", err)
	}
}

type Case struct {
	Court  string   `json:"court"`
	Status Status   `json:"status"`
	Judges []string `json:"judges"`
}

type Status string

const (
	Open   Status = "open"
	Closed Status = "closed"
)

func (Status) ToolschemaEnumValues() []string { return []string{"open", "closed"} }

type CaseQuery struct {
	Court string `json:"court"`
}

func FindCase(in CaseQuery) (*Case, error) {
	if in.Court == "none" {
		return nil, nil
	}
	return &Case{Court: in.Court, Status: Open, Judges: []string{"a"}}, nil
}

func FindDocket(in CaseQuery) (*Docket, error) {
	if in.Court == "none" {
		return nil, nil
	}
	return &Docket{Court: in.Court, Entries: []string{"filed"}}, nil
}

func CaseMap(in CaseQuery) map[string]int {
	if in.Court == "none" {
		return nil
	}
	return map[string]int{in.Court: 1}
}

func CaseList(in CaseQuery) []string {
	if in.Court == "none" {
		return nil
	}
	return []string{in.Court}
}

func CaseCount(in CaseQuery) *int {
	if in.Court == "none" {
		return nil
	}
	n := len(in.Court)
	return &n
}

// Panel has a JSON form and a schema of its own, which admits null and no
// empty panel.
type Panel []string

func (p *Panel) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*[]string)(p)) }

func PanelOf(in CaseQuery) Panel {
	if in.Court == "none" {
		return nil
	}
	return Panel{in.Court}
}

// TestStructuredOutput reproduces the fault of a tool returning *T (T a
// struct), which had no output schema and no structured content, and then
// of a tool returning a slice or a number, which had neither either: every
// result that has a non-null form now has both (the form not an object,
// for a client of MCP 2026-07-28: TestNonObjectOldClient). A null result
// sends what the SDK's mcp.AddTool sends for a pointer, the zero value of
// what it points to ({} for a map, [] for a slice), when that conforms to
// the output schema; otherwise (an enum field, a minimum length) it is a
// failure.
func TestStructuredOutput(t *testing.T) {
	fc, err := reflectimpl.Create(FindCase)
	if err != nil {
		t.Fatal(err)
	}
	cm, err := reflectimpl.Create(CaseMap)
	if err != nil {
		t.Fatal(err)
	}
	cl, err := reflectimpl.Create(CaseList)
	if err != nil {
		t.Fatal(err)
	}
	fd, err := reflectimpl.Create(FindDocket)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := reflectimpl.Create(CaseCount)
	if err != nil {
		t.Fatal(err)
	}
	po, err := reflectimpl.Create(PanelOf, reflectimpl.TypeSchema[Panel](`{"type":["array","null"],"items":{"type":"string"},"minItems":1}`))
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, []*tool.Tool{fc, cm, cl, fd, cc, po}, nil)
	ctx := context.Background()
	listed := map[string]*mcp.Tool{}
	for mt, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed[mt.Name] = mt
	}
	schemas := map[string]string{
		"find_case":  `{"type":"object","properties":{"court":{"type":"string"},"status":{"type":"string","enum":["open","closed"]},"judges":{"type":["array","null"],"items":{"type":"string"}}},"required":["court","status","judges"],"additionalProperties":false}`,
		"case_map":   `{"type":"object","additionalProperties":{"type":"integer"}}`,
		"case_list":  `{"type":"array","items":{"type":"string"}}`,
		"case_count": `{"type":"integer"}`,
		"panel_of":   `{"type":"array","items":{"type":"string"},"minItems":1}`,
	}
	for name, want := range schemas {
		mt := listed[name]
		if mt == nil {
			t.Fatalf("%s not listed", name)
		}
		got, _ := json.Marshal(mt.OutputSchema)
		schematest.Check(t, got)
		if !jsonEqual(got, []byte(want)) {
			t.Errorf("%s: output schema %s, want %s", name, got, want)
		}
	}
	tests := []struct {
		tool, court      string
		text, structured string
	}{
		{"find_case", "nysd", `{"court":"nysd","status":"open","judges":["a"]}`, `{"court":"nysd","status":"open","judges":["a"]}`},
		{"find_docket", "nysd", `{"court":"nysd","entries":["filed"]}`, `{"court":"nysd","entries":["filed"]}`},
		{"find_docket", "none", `{"court":"","entries":null}`, `{"court":"","entries":null}`},
		{"case_map", "nysd", `{"nysd":1}`, `{"nysd":1}`},
		{"case_map", "none", `{}`, `{}`},
		{"case_list", "nysd", `["nysd"]`, `["nysd"]`},
		{"case_list", "none", `[]`, `[]`},
		{"case_count", "nysd", `4`, `4`},
		{"case_count", "none", `0`, `0`},
		{"panel_of", "nysd", `["nysd"]`, `["nysd"]`},
	}
	// A nil *Case: the zero value's status "" is not one of the enum's; a
	// nil Panel: it has at least one member.
	for _, name := range []string{"find_case", "panel_of"} {
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{"court": "none"}})
		if err != nil {
			t.Fatal(err)
		}
		if !r.IsError || texts(t, r) != "Tool '"+name+"' returned no value." || r.StructuredContent != nil || r.Meta["toolschema/code"] != "failed" {
			t.Errorf("%s(none): %+v, want a failure", name, r)
		}
	}
	for _, tt := range tests {
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tt.tool, Arguments: map[string]any{"court": tt.court}})
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError || texts(t, r) != tt.text {
			t.Errorf("%s(%s): IsError %v %q, want %q", tt.tool, tt.court, r.IsError, texts(t, r), tt.text)
		}
		if tt.structured == "" {
			if r.StructuredContent != nil {
				t.Errorf("%s(%s): structured %v, want none", tt.tool, tt.court, r.StructuredContent)
			}
			continue
		}
		b, _ := json.Marshal(r.StructuredContent)
		if !jsonEqual(b, []byte(tt.structured)) {
			t.Errorf("%s(%s): structured %s, want %s", tt.tool, tt.court, b, tt.structured)
		}
		// What is sent is true of the listed schema.
		listedSchema, _ := json.Marshal(listed[tt.tool].OutputSchema)
		if err := schematest.Validate(schematest.Check(t, listedSchema), b); err != nil {
			t.Errorf("%s(%s): structured %s breaks the listed output schema: %v", tt.tool, tt.court, b, err)
		}
	}
}

// amount has a JSON form of its own and no schema: a tool is given one.
type amount struct{ text string }

func (a amount) MarshalJSON() ([]byte, error)  { return json.Marshal(a.text) }
func (a *amount) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &a.text) }

type Priced struct {
	Total amount `json:"total"`
}

// TestNullWithGivenSchema: a null result of a tool given a schema for a
// type in its output sends the zero value, which conforms to that schema;
// it was a failure ("returned no value"), the zero value being checked by
// a tool made apart, without the given schema.
func TestNullWithGivenSchema(t *testing.T) {
	tl, err := reflectimpl.Create(func(struct{}) (*Priced, error) { return nil, nil },
		reflectimpl.Meta(tool.Meta{Name: "price"}), reflectimpl.TypeSchema[amount](`{"type":"string"}`))
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, []*tool.Tool{tl}, nil)
	r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "price", Arguments: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r.StructuredContent)
	if r.IsError || !jsonEqual(b, []byte(`{"total":""}`)) {
		t.Errorf("IsError %v %q, structured %s", r.IsError, texts(t, r), b)
	}
}

// TestAdjust checks that a program sets what toolschema has no word for
// (a title, annotations) before the tool is added, and that the exported
// handler serves a tool described by hand.
func TestAdjust(t *testing.T) {
	del, _ := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	gd, _ := reflectimpl.Create(GetDocket)
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	err := mcpserver.Register(server, []*tool.Tool{del}, &mcpserver.Options{
		Adjust: func(tl *tool.Tool, mt *mcp.Tool) {
			mt.Title = "Delete a record"
			mt.Annotations.Title = "Delete"
			mt.Annotations.IdempotentHint = true
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	mt := mcpserver.Tool(gd)
	mt.Name, mt.Title = "docket", "Docket"
	server.AddTool(mt, mcpserver.Handler(gd, nil))
	cs := connectServer(t, server, nil, "")
	ctx := context.Background()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*mcp.Tool{}
	for _, mt := range res.Tools {
		got[mt.Name] = mt
	}
	if d := got["delete"]; d == nil || d.Title != "Delete a record" || d.Annotations == nil || d.Annotations.Title != "Delete" ||
		!d.Annotations.IdempotentHint || d.Annotations.DestructiveHint == nil || !*d.Annotations.DestructiveHint {
		t.Errorf("delete listed as %+v", d)
	}
	if d := got["docket"]; d == nil || d.Title != "Docket" {
		t.Fatalf("docket listed as %+v", d)
	}
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "docket", Arguments: map[string]any{"court": "nysd", "limit": 1}})
	if err != nil || r.IsError || texts(t, r) != `{"court":"nysd","entries":["filed"]}` {
		t.Fatalf("docket: %v %+v", err, r)
	}
}

// Progress reports its progress and logs to the client, through the
// request its context carries.
func Progress(ctx context.Context) (string, error) {
	req := mcpserver.RequestFrom(ctx)
	if req == nil {
		return "", errors.New("no request in the context")
	}
	if err := req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: "working"}); err != nil {
		return "", err
	}
	if tok := req.Params.GetProgressToken(); tok != nil {
		if err := mcpserver.RequestFrom(ctx).Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 1, Total: 2}); err != nil {
			return "", err
		}
	}
	return "done", nil
}

func TestRequestFromContext(t *testing.T) {
	if mcpserver.RequestFrom(context.Background()) != nil {
		t.Fatal("a plain context has a request")
	}
	pr, err := reflectimpl.Create(Progress)
	if err != nil {
		t.Fatal(err)
	}
	logs, progress := make(chan any, 1), make(chan float64, 1)
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(server, []*tool.Tool{pr}, nil); err != nil {
		t.Fatal(err)
	}
	cs := connectServer(t, server, &mcp.ClientOptions{
		LoggingMessageHandler:       func(_ context.Context, r *mcp.LoggingMessageRequest) { logs <- r.Params.Data },
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) { progress <- r.Params.Progress },
	}, "")
	ctx := context.Background()
	params := &mcp.CallToolParams{Name: "progress", Meta: mcp.Meta{mcp.MetaKeyLogLevel: "debug"}}
	params.SetProgressToken("p1")
	r, err := cs.CallTool(ctx, params)
	if err != nil || r.IsError || texts(t, r) != "done" {
		t.Fatalf("progress: %v %+v", err, r)
	}
	timeout := time.After(10 * time.Second)
	select {
	case d := <-logs:
		if d != "working" {
			t.Errorf("log %v", d)
		}
	case <-timeout:
		t.Fatal("no log message")
	}
	select {
	case p := <-progress:
		if p != 1 {
			t.Errorf("progress %v", p)
		}
	case <-timeout:
		t.Fatal("no progress notification")
	}
}

// TestElicitApproval checks the ready approver: the client's user is asked
// (the tool and the arguments shown), only an accepted yes runs the call,
// and a client that cannot elicit is not asked and the call is refused; on
// the protocol of 2026-07-28 (multi round-trip) and on an older one (the
// server elicits).
func TestElicitApproval(t *testing.T) {
	del, _ := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	refused := "Tool 'delete' requires approval for these arguments."
	tests := []struct {
		name    string
		answer  *mcp.ElicitResult // nil: the client has no elicitation
		isError bool
		text    string
	}{
		{"yes", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}, false, "deleted abc"},
		{"no", &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": false}}, true, refused},
		{"decline", &mcp.ElicitResult{Action: "decline"}, true, refused},
		{"cancel", &mcp.ElicitResult{Action: "cancel"}, true, refused},
		{"cannot elicit", nil, true, refused},
	}
	for _, version := range []string{"2026-07-28", "2025-06-18"} {
		for _, tt := range tests {
			t.Run(version+"/"+tt.name, func(t *testing.T) {
				server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
				if err := mcpserver.Register(server, []*tool.Tool{del}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
					t.Fatal(err)
				}
				var asked []*mcp.ElicitParams
				copts := &mcp.ClientOptions{}
				if tt.answer != nil {
					copts.ElicitationHandler = func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
						asked = append(asked, req.Params)
						return tt.answer, nil
					}
				}
				cs := connectServer(t, server, copts, version)
				if got := cs.InitializeResult().ProtocolVersion; got != version {
					t.Fatalf("protocol %s, want %s", got, version)
				}
				r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(`{"id":"abc"}`)})
				if err != nil {
					t.Fatal(err)
				}
				if r.IsError != tt.isError || texts(t, r) != tt.text {
					t.Errorf("IsError %v %q, want %v %q", r.IsError, texts(t, r), tt.isError, tt.text)
				}
				if tt.answer == nil {
					return
				}
				if len(asked) != 1 {
					t.Fatalf("the user was asked %d times", len(asked))
				}
				p := asked[0]
				if !strings.Contains(p.Message, `"delete"`) || !strings.Contains(p.Message, `"id": "abc"`) {
					t.Errorf("message %q does not show the tool and its arguments", p.Message)
				}
				form, _ := json.Marshal(p.RequestedSchema)
				schematest.Check(t, form)
				if !strings.Contains(string(form), `"approve":{"default":false,"title":"Run delete with these arguments","type":"boolean"}`) {
					t.Errorf("form %s", form)
				}
			})
		}
	}
}

// TestElicitApprovalBound checks, with the round trip made by hand, that a
// yes given for some arguments does not approve others: a retry with other
// arguments asks again.
func TestElicitApprovalBound(t *testing.T) {
	del, _ := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(server, []*tool.Tool{del}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
		t.Fatal(err)
	}
	cs := connectServer(t, server, &mcp.ClientOptions{
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return nil, errors.New("not used: the round trip is made by hand")
		},
	}, "")
	ctx := context.Background()
	first, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(`{"id":"abc"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if !first.NeedsInput() || len(first.InputRequests) != 1 || first.RequestState == "" {
		t.Fatalf("first call: %+v, want one input request and a state", first)
	}
	var key string
	for k := range first.InputRequests {
		key = k
	}
	yes := mcp.InputResponseMap{key: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}}
	tests := []struct {
		name, args, state string
		needsInput        bool
		text              string
	}{
		{"other arguments", `{"id":"xyz"}`, first.RequestState, true, ""},
		{"other state", `{"id":"abc"}`, "forged", true, ""},
		{"the same", ` { "id" : "abc" } `, first.RequestState, false, "deleted abc"},
	}
	for _, tt := range tests {
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(tt.args), InputResponses: yes, RequestState: tt.state})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if r.NeedsInput() != tt.needsInput || !tt.needsInput && (r.IsError || texts(t, r) != tt.text) {
			t.Errorf("%s: %+v, want needs input %v, text %q", tt.name, r, tt.needsInput, tt.text)
		}
	}
}

// TestMaxArgumentBytes checks the size limit set for every tool served: it
// applies to copies (the caller's tools keep theirs), and arguments over
// it are refused before an approval is asked.
func TestMaxArgumentBytes(t *testing.T) {
	gd, _ := reflectimpl.Create(GetDocket)
	del, _ := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	asked := false
	cs := connect(t, []*tool.Tool{gd, del}, &mcpserver.Options{
		MaxArgumentBytes: 24,
		Approve: func(context.Context, *mcp.CallToolRequest, *tool.Tool, json.RawMessage) (bool, error) {
			asked = true
			return true, nil
		},
	})
	if gd.MaxArgumentBytes != 0 || del.MaxArgumentBytes != 0 {
		t.Fatalf("the caller's tools were changed: %d, %d", gd.MaxArgumentBytes, del.MaxArgumentBytes)
	}
	calls := []call{
		{"small", "get_docket", `{"court":"nysd"}`, false, `{"court":"nysd","entries":["filed","heard"]}`, `{"court":"nysd","entries":["filed","heard"]}`},
		{"large", "get_docket", `{"court":"nysd","limit":1 }`, true, "Arguments are too large: 26 bytes; the tool takes at most 24.", ""},
		{"large for approval", "delete", `{"id":"abcdefghijklmnopq"}`, true, "Arguments are too large: 26 bytes; the tool takes at most 24.", ""},
	}
	for _, c := range calls {
		checkCall(t, cs, c)
	}
	if asked {
		t.Error("the hook was asked about arguments over the limit")
	}
}

// Ask asks the client's user for a name, by returning an InputRequired,
// and greets them when the client calls again with the answer.
func Ask(ctx context.Context) (any, error) {
	req := mcpserver.RequestFrom(ctx)
	if answer, ok := req.Params.InputResponses["name"].(*mcp.ElicitResult); ok && req.Params.RequestState == "asked" {
		if answer.Action != "accept" {
			return "no name given", nil
		}
		return fmt.Sprintf("Hello, %v", answer.Content["name"]), nil
	}
	return &mcpserver.InputRequired{
		Requests: mcp.InputRequestMap{"name": &mcp.ElicitParams{
			Message:         "What is your name?",
			RequestedSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
		}},
		State: "asked",
	}, nil
}

// TestToolElicits checks that a tool asks its client's user by returning an
// InputRequired, on the protocol of 2026-07-28 (the client's round trip)
// and on an older one (the server's).
func TestToolElicits(t *testing.T) {
	ask, err := reflectimpl.Create(Ask)
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range []string{"2026-07-28", "2025-06-18"} {
		t.Run(version, func(t *testing.T) {
			server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			if err := mcpserver.Register(server, []*tool.Tool{ask}, nil); err != nil {
				t.Fatal(err)
			}
			asked := 0
			cs := connectServer(t, server, &mcp.ClientOptions{
				ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					asked++
					return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada"}}, nil
				},
			}, version)
			checkCall(t, cs, call{"ask", "ask", `{}`, false, "Hello, Ada", ""})
			if asked != 1 {
				t.Errorf("the user was asked %d times", asked)
			}
		})
	}
}
