package mcpserver_test

// The shapes of four public go-sdk servers, written for these tests in
// our own words (no code of theirs): their In and Out types, tags, tool
// definitions and handler behaviour, kept feature for feature.
//
//   - jmrplens/gitlab-mcp-server: an ID that takes a string or a number
//     (its own UnmarshalJSON), "text,required" description tags, embedded
//     pagination input and an embedded next-steps output, pointers to
//     bools and integers, slices of integers and of struct pointers;
//     Title, Annotations and data-URI Icons on every tool; handlers that
//     return Markdown content beside the typed result.
//   - golang/tools (gopls's MCP server): a pointer input and a pointer
//     result whose slice of structs is omitempty.
//   - sjhorn/slmtest: an input with a map of strings, an optional pointer
//     to a struct and floats; a map[string]any result; progress
//     notifications through req.Session.
//   - mmedum/google-chat-mcp: time.Time and *time.Time, nullable *string
//     fields that are never omitted, an output schema set by hand from
//     jsonschema.For with a date-time format, _meta on the tool, a
//     generic register function that wraps every handler.
//
// And github/github-mcp-server's receiving middleware, which puts the
// handlers' dependencies in the context of every request.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	_ "github.com/toolschema/toolschema/declared" // glID declares its schema
	"github.com/toolschema/toolschema/mcpserver"
)

// --- gitlab-mcp-server ---

// glID takes a string or a number, as an ID a model sends either way.
type glID string

func (id *glID) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*id = glID(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("glID: %s is neither a string nor a number", b)
	}
	*id = glID(n.String())
	return nil
}

func (id glID) MarshalJSON() ([]byte, error) { return json.Marshal(string(id)) }

func (glID) ToolschemaSchema() string { return `{"type":["string","integer"]}` }

type glPaging struct {
	Page    int `json:"page,omitempty" jsonschema:"Page to fetch, from 1"`
	PerPage int `json:"per_page,omitempty" jsonschema:"Items per page, at most 100"`
}

type glHints struct {
	NextSteps []string `json:"next_steps,omitempty"`
}

type glListIn struct {
	Project    glID     `json:"project_id" jsonschema:"Project ID or URL-encoded path"`
	State      string   `json:"state,omitempty" jsonschema:"Filter by state (opened, closed, all)"`
	Labels     []string `json:"labels,omitempty" jsonschema:"Label names to filter by"`
	IIDs       []int64  `json:"iids,omitempty" jsonschema:"Only these issue IIDs"`
	AuthorID   *int64   `json:"author_id,omitempty" jsonschema:"Filter by author user ID"`
	Secret     *bool    `json:"confidential,omitempty" jsonschema:"Filter by confidential status"`
	Weight     int64    `json:"weight,omitempty" jsonschema:"Issue weight, 0 or higher"`
	UpdatedGTE string   `json:"updated_after,omitempty" jsonschema:"Updated after (ISO 8601, e.g. 2025-01-01T00:00:00Z)"`
	glPaging
}

type glUser struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
}

type glIssue struct {
	glHints
	IID       int64     `json:"iid" jsonschema:"Project-scoped ID, the #N in GitLab"`
	Title     string    `json:"title"`
	Labels    []string  `json:"labels"`
	Author    *glUser   `json:"author,omitempty"`
	Assignees []*glUser `json:"assignees"`
	Weight    int64     `json:"weight,omitempty"`
}

type glPage struct {
	Page    int64 `json:"page"`
	HasMore bool  `json:"has_more"`
}

type glListOut struct {
	glHints
	Issues     []glIssue `json:"issues"`
	Pagination glPage    `json:"pagination"`
}

type glGetIn struct {
	Project glID  `json:"project_id" jsonschema:"Project ID or URL-encoded path"`
	IID     int64 `json:"issue_iid" jsonschema:"Issue IID (not the global id),required"`
}

type glDeleted struct {
	glHints
	Status  string `json:"status"`
	Message string `json:"message"`
}

var (
	glRead   = &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: new(false), IdempotentHint: true, OpenWorldHint: new(true)}
	glDelete = &mcp.ToolAnnotations{DestructiveHint: new(true), IdempotentHint: true, OpenWorldHint: new(true)}
	glIcon   = []mcp.Icon{{Source: "data:image/svg+xml;base64,PHN2Zy8+", MIMEType: "image/svg+xml", Sizes: []string{"any"}}}
)

func glMarkdown(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func glList(_ context.Context, _ *mcp.CallToolRequest, in glListIn) (*mcp.CallToolResult, glListOut, error) {
	if in.Project == "404" {
		return nil, glListOut{}, errors.New("project 404 not found; verify project_id")
	}
	out := glListOut{Pagination: glPage{Page: 1}}
	out.Issues = append(out.Issues, glIssue{IID: 7, Title: "flaky test in " + string(in.Project), Author: &glUser{ID: 1, Username: "ann"}})
	if in.Secret != nil && *in.Secret {
		out.NextSteps = []string{"use gitlab_issue_get with an IID"}
	}
	return glMarkdown(fmt.Sprintf("| IID | Title |\n| 7 | flaky test in %s |", in.Project)), out, nil
}

func glGet(_ context.Context, _ *mcp.CallToolRequest, in glGetIn) (*mcp.CallToolResult, glIssue, error) {
	return glMarkdown("## #" + strconv.FormatInt(in.IID, 10)), glIssue{IID: in.IID, Title: "found", Labels: []string{"bug"}, Assignees: []*glUser{{ID: 2, Username: "bo"}}}, nil
}

func glRemove(_ context.Context, _ *mcp.CallToolRequest, in glGetIn) (*mcp.CallToolResult, glDeleted, error) {
	msg := fmt.Sprintf("Deleted issue #%d from project %s.", in.IID, in.Project)
	return glMarkdown("✅ " + msg), glDeleted{Status: "success", Message: msg}, nil
}

// --- gopls ---

type vcParams struct {
	Dir     string `json:"dir" jsonschema:"directory to run the vulnerability check within"`
	Pattern string `json:"pattern" jsonschema:"package pattern to check"`
}

type vcFinding struct {
	ID       string   `json:"id"`
	Details  string   `json:"details"`
	Packages []string `json:"affectedPackages"`
}

type vcResult struct {
	Findings []vcFinding `json:"findings,omitempty"`
	Logs     string      `json:"logs,omitempty"`
}

func vulncheck(_ context.Context, _ *mcp.CallToolRequest, p *vcParams) (*mcp.CallToolResult, *vcResult, error) {
	switch p.Pattern {
	case "broken":
		return nil, nil, errors.New("running govulncheck failed: exit status 1")
	case "./clean/...":
		return nil, &vcResult{}, nil
	}
	return nil, &vcResult{Findings: []vcFinding{{ID: "GO-2026-0001", Details: "a flaw", Packages: []string{"example.com/m"}}}, Logs: "scanned " + p.Dir}, nil
}

// --- slmtest ---

type slmSandbox struct {
	Enabled  bool     `json:"enabled,omitempty"`
	Writable []string `json:"writable_paths,omitempty" jsonschema:"extra writable paths"`
	NoNet    bool     `json:"deny_network,omitempty"`
}

type slmRun struct {
	Spec        string            `json:"spec_path" jsonschema:"path to the markdown test-spec file"`
	Endpoint    string            `json:"endpoint,omitempty" jsonschema:"OpenAI-compatible base URL (default http://localhost:8080/v1)"`
	Options     map[string]string `json:"driver_options,omitempty" jsonschema:"driver-specific options, overriding the spec's"`
	StepTimeout int               `json:"step_timeout_seconds,omitempty" jsonschema:"per-step budget in seconds; 0 = no limit"`
	Temperature float64           `json:"temperature,omitempty" jsonschema:"sampling temperature"`
	ExecPrefix  []string          `json:"exec_prefix,omitempty" jsonschema:"wrap the shell in a command argv, e.g. [\"ssh\",\"box\"]"`
	Sandbox     *slmSandbox       `json:"sandbox,omitempty" jsonschema:"confine the shell (not with exec_prefix)"`
}

func slmRunTest(ctx context.Context, req *mcp.CallToolRequest, in slmRun) (*mcp.CallToolResult, map[string]any, error) {
	steps := 2
	if tok := req.Params.GetProgressToken(); tok != nil {
		for i := 1; i <= steps; i++ {
			if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: float64(i), Total: float64(steps), Message: fmt.Sprintf("step %d passed", i)}); err != nil {
				return nil, nil, err
			}
		}
	}
	report := map[string]any{"spec": in.Spec, "passed": true, "steps": []any{map[string]any{"n": 1.0}, map[string]any{"n": 2.0}}}
	if in.Sandbox != nil {
		report["sandbox"] = in.Sandbox.Enabled
	}
	if len(in.Options) > 0 {
		report["driver_options"] = len(in.Options)
	}
	return nil, report, nil
}

// --- google-chat-mcp ---

type chatMessage struct {
	ID      string     `json:"message_id" jsonschema:"the message's resource name"`
	Email   *string    `json:"sender_email" jsonschema:"the sender's email address, or null when it could not be resolved"`
	Text    string     `json:"text" jsonschema:"the message body as plain text"`
	At      time.Time  `json:"timestamp" jsonschema:"when the message was created, RFC 3339 in UTC"`
	Edited  *time.Time `json:"last_update_time" jsonschema:"when it was last edited, or null when it never was"`
	Preview *chatRaw   `json:"rendered_payload,omitempty" jsonschema:"the request a dry run would have sent"`
}

// chatRaw is free-form: the JSON a dry run would send.
type chatRaw map[string]any

type chatList struct {
	Result []chatMessage `json:"result" jsonschema:"the messages that were read"`
}

func (c chatList) Render() string { return fmt.Sprintf("%d messages", len(c.Result)) }

type chatGet struct {
	Space  string `json:"space_id" jsonschema:"the space to read, spaces/{id}"`
	Since  string `json:"since,omitempty" jsonschema:"only messages created after this time; RFC 3339"`
	Limit  int    `json:"limit,omitempty" jsonschema:"how many to return, 1 to 100; default 20"`
	DryRun bool   `json:"dry_run,omitempty" jsonschema:"show what would be sent, and send nothing"`
}

type chatRenderer interface{ Render() string }

// chatTimes is what jsonschema.For gives a time.Time in this server's
// output schemas.
var chatTimes = &jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[time.Time](): {Type: "string", Format: "date-time"},
}}

// chatRegister is the server's register: the output schema made by hand,
// _meta, and a wrapper that puts the rendered text first. add is the one
// call that changes when the server moves.
func chatRegister[In any, Out chatRenderer](s *mcp.Server, name string, h mcp.ToolHandlerFor[In, Out], moved bool) {
	out, err := jsonschema.For[Out](chatTimes)
	if err != nil {
		panic(err)
	}
	t := &mcp.Tool{
		Name:         name,
		Description:  "Read recent messages from a space.",
		Annotations:  &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: new(true)},
		OutputSchema: out,
		Meta:         mcp.Meta{"anthropic/requiresUserInteraction": true},
	}
	wrapped := func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, o, err := h(ctx, req, in)
		if err != nil {
			return res, o, fmt.Errorf("[unavailable] %w", err)
		}
		if res == nil {
			res = &mcp.CallToolResult{}
		}
		if res.Content == nil {
			res.Content = []mcp.Content{&mcp.TextContent{Text: o.Render()}}
		}
		return res, o, nil
	}
	if moved {
		mcpserver.AddTool(s, t, wrapped)
	} else {
		mcp.AddTool(s, t, wrapped)
	}
}

// chatDeps is what github-mcp-server's middleware puts in the context.
type chatDepsKey struct{}

func chatMessages(ctx context.Context, _ *mcp.CallToolRequest, in chatGet) (*mcp.CallToolResult, chatList, error) {
	who, _ := ctx.Value(chatDepsKey{}).(string)
	if who == "" {
		return nil, chatList{}, errors.New("no client in the context")
	}
	if in.Space == "spaces/gone" {
		return nil, chatList{}, errors.New("space not found")
	}
	email := "ann@example.com"
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	msgs := []chatMessage{{ID: in.Space + "/messages/1", Email: &email, Text: "hi from " + who, At: at}, {ID: in.Space + "/messages/2", Text: "edited", At: at, Edited: &at}}
	if in.DryRun {
		msgs[0].Preview = &chatRaw{"text": "hi"}
	}
	return nil, chatList{Result: msgs}, nil
}

// injectDeps is github-mcp-server's InjectDepsMiddleware in shape: every
// request's context carries the handlers' dependencies.
func injectDeps(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		return next(context.WithValue(ctx, chatDepsKey{}, "client-1"), method, req)
	}
}

// realServers adds the tools of the four servers to s, with mcp.AddTool
// or, moved, with mcpserver.AddTool.
func realServers(s *mcp.Server, moved bool) {
	s.AddReceivingMiddleware(injectDeps)
	add := func(t *mcp.Tool, h any) {
		switch h := h.(type) {
		case mcp.ToolHandlerFor[glListIn, glListOut]:
			if moved {
				mcpserver.AddTool(s, t, h)
			} else {
				mcp.AddTool(s, t, h)
			}
		case mcp.ToolHandlerFor[glGetIn, glIssue]:
			if moved {
				mcpserver.AddTool(s, t, h)
			} else {
				mcp.AddTool(s, t, h)
			}
		case mcp.ToolHandlerFor[glGetIn, glDeleted]:
			if moved {
				mcpserver.AddTool(s, t, h)
			} else {
				mcp.AddTool(s, t, h)
			}
		case mcp.ToolHandlerFor[*vcParams, *vcResult]:
			if moved {
				mcpserver.AddTool(s, t, h)
			} else {
				mcp.AddTool(s, t, h)
			}
		case mcp.ToolHandlerFor[slmRun, map[string]any]:
			if moved {
				mcpserver.AddTool(s, t, h)
			} else {
				mcp.AddTool(s, t, h)
			}
		default:
			panic(fmt.Sprintf("%T", h))
		}
	}
	add(&mcp.Tool{Name: "gitlab_issue_list", Title: "Issue List", Description: "List issues of a project.", Annotations: glRead, Icons: glIcon}, mcp.ToolHandlerFor[glListIn, glListOut](glList))
	add(&mcp.Tool{Name: "gitlab_issue_get", Title: "Issue Get", Description: "Get one issue by its IID.", Annotations: glRead, Icons: glIcon}, mcp.ToolHandlerFor[glGetIn, glIssue](glGet))
	add(&mcp.Tool{Name: "gitlab_issue_delete", Title: "Issue Delete", Description: "Delete an issue.", Annotations: glDelete, Icons: glIcon}, mcp.ToolHandlerFor[glGetIn, glDeleted](glRemove))
	add(&mcp.Tool{Name: "go_vulncheck", Description: "Runs a vulnerability check on the Go workspace."}, mcp.ToolHandlerFor[*vcParams, *vcResult](vulncheck))
	add(&mcp.Tool{Name: "run_test", Description: "Run a markdown spec and return its report."}, mcp.ToolHandlerFor[slmRun, map[string]any](slmRunTest))
	chatRegister(s, "get_messages", chatMessages, moved)
}

// TestRealServersMoved lists and calls the four servers' tools as written
// for the SDK and moved to mcpserver.AddTool, with the SDK's client.
func TestRealServersMoved(t *testing.T) {
	sessions := map[bool]*mcp.ClientSession{}
	// The SDK's client hands notifications to its handler on their own,
	// so they may come after the call's result: each is waited for.
	progress := map[bool]chan string{}
	for _, moved := range []bool{false, true} {
		s := mcp.NewServer(&mcp.Implementation{Name: "real"}, nil)
		realServers(s, moved)
		got := make(chan string, 16)
		progress[moved] = got
		sessions[moved] = connectServer(t, s, &mcp.ClientOptions{
			ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
				got <- fmt.Sprintf("%v/%v %s", r.Params.Progress, r.Params.Total, r.Params.Message)
			},
		}, "")
	}
	listing := map[bool]map[string]json.RawMessage{}
	for moved, cs := range sessions {
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		listing[moved] = map[string]json.RawMessage{}
		for _, tl := range res.Tools {
			b, _ := json.Marshal(tl)
			listing[moved][tl.Name] = normalTypes(t, b)
		}
	}
	// What differs in the listing, each by the contract.
	wantMoved := map[string]func(sdk map[string]any){
		// glID declares its schema (ToolschemaSchema), listed as
		// declared with the field's description beside it; the SDK
		// infers a string from its kind (docs/contract.md, "Declared
		// schemas"). The "text,required"
		// tag is mcp-go's form: the text is the description and the
		// required part invopop's, which makes the other properties of
		// the object optional unless tagged ("Required": invopop's
		// jsonschema:"required"); the SDK reads the whole tag as the
		// description and requires every field without omitempty.
		"gitlab_issue_get":    glMoved,
		"gitlab_issue_delete": glMoved,
		"gitlab_issue_list": func(sdk map[string]any) {
			prop(sdk, "inputSchema", "project_id")["type"] = []any{"integer", "string"}
		},
		// A map with omitempty is nullable: null is taken as absent
		// ("null for an optional property taken as absent").
		"run_test": func(sdk map[string]any) {
			prop(sdk, "inputSchema", "driver_options")["type"] = []any{"null", "object"}
			// A map[string]any result: the same open object, its
			// values written as the empty schema.
			sdk["outputSchema"].(map[string]any)["additionalProperties"] = map[string]any{}
		},
	}
	// The field's description is kept beside the declared schema, as
	// the SDK lists it beside the string it infers.
	for _, name := range []string{"gitlab_issue_list", "gitlab_issue_get", "gitlab_issue_delete"} {
		var v map[string]any
		json.Unmarshal(listing[true][name], &v)
		if d := prop(v, "inputSchema", "project_id")["description"]; d != "Project ID or URL-encoded path" {
			t.Errorf("%s lists project_id with the description %v", name, d)
		}
	}
	if len(listing[false]) != len(listing[true]) {
		t.Errorf("%d tools listed moved, %d by the SDK", len(listing[true]), len(listing[false]))
	}
	for name, sdk := range listing[false] {
		want := sdk
		if f := wantMoved[name]; f != nil {
			var v map[string]any
			json.Unmarshal(sdk, &v)
			f(v)
			want, _ = json.Marshal(v)
		}
		if got := listing[true][name]; !jsonEqual(got, want) {
			t.Errorf("%s listed\n  got %s\n want %s", name, got, want)
		}
	}

	const same = "="
	cases := []struct {
		name, tool, args string
		sdk, moved       string // the text, "!" first for an isError result
	}{
		{"gitlab list", "gitlab_issue_list", `{"project_id":"grp/app","confidential":true,"labels":["bug"],"iids":[7],"page":1}`, "| IID | Title |\n| 7 | flaky test in grp/app |", same},
		{"gitlab list plain", "gitlab_issue_list", `{"project_id":"grp/app","author_id":null}`, "| IID | Title |\n| 7 | flaky test in grp/app |", same},
		{"gitlab list error", "gitlab_issue_list", `{"project_id":"404"}`, "!project 404 not found; verify project_id", same},
		// The ID a model sends as a number: the declared schema takes
		// it, where the SDK's inferred string refuses it.
		{"gitlab list numeric id", "gitlab_issue_list", `{"project_id":42}`,
			`!validating "arguments": validating root: validating /properties/project_id: type: 42 has type "integer", want "string"`, "| IID | Title |\n| 7 | flaky test in 42 |"},
		{"gitlab list bad iids", "gitlab_issue_list", `{"project_id":"p","iids":["seven"]}`,
			`!validating "arguments": validating root: validating /properties/iids: validating /properties/iids/items: type: seven has type "string", want "integer"`, "!Argument 'iids[0]' must be an integer."},
		{"gitlab list missing", "gitlab_issue_list", `{"state":"opened"}`,
			`!validating "arguments": validating root: required: missing properties: ["project_id"]`, "!Argument 'project_id' is required."},
		{"gitlab get", "gitlab_issue_get", `{"project_id":"grp/app","issue_iid":7}`, "## #7", same},
		{"gitlab get fractional", "gitlab_issue_get", `{"project_id":"grp/app","issue_iid":7.5}`,
			`!validating "arguments": validating root: validating /properties/issue_iid: type: 7.5 has type "number", want "integer"`, "!Argument 'issue_iid' must be an integer."},
		{"gitlab delete", "gitlab_issue_delete", `{"project_id":"grp/app","issue_iid":7}`, "✅ Deleted issue #7 from project grp/app.", same},

		{"vulncheck", "go_vulncheck", `{"dir":"/src","pattern":"./..."}`, `{"findings":[{"id":"GO-2026-0001","details":"a flaw","affectedPackages":["example.com/m"]}],"logs":"scanned /src"}`, same},
		{"vulncheck clean", "go_vulncheck", `{"dir":"","pattern":"./clean/..."}`, `{}`, same},
		{"vulncheck error", "go_vulncheck", `{"dir":"","pattern":"broken"}`, "!running govulncheck failed: exit status 1", same},
		{"vulncheck missing", "go_vulncheck", `{"dir":"/src"}`,
			`!validating "arguments": validating root: required: missing properties: ["pattern"]`, "!Argument 'pattern' is required."},

		{"run_test", "run_test", `{"spec_path":"a.md","driver_options":{"cols":"80"},"sandbox":{"enabled":true},"temperature":0.2}`,
			`{"driver_options":1,"passed":true,"sandbox":true,"spec":"a.md","steps":[{"n":1},{"n":2}]}`, same},
		{"run_test bad option", "run_test", `{"spec_path":"a.md","driver_options":{"cols":80}}`,
			`!validating "arguments": validating root: validating /properties/driver_options: validating /properties/driver_options/additionalProperties: type: 80 has type "integer", want "string"`,
			// A map's key is the model's text, not repeated (docs/contract.md,
			// "Paths are JSON names joined by .").
			"!Argument 'driver_options{}' must be a string."},
		{"run_test bad sandbox", "run_test", `{"spec_path":"a.md","sandbox":{"enabled":"yes"}}`,
			`!validating "arguments": validating root: validating /properties/sandbox: validating /properties/sandbox/properties/enabled: type: yes has type "string", want "boolean"`, "!Argument 'sandbox.enabled' must be true or false."},

		{"get_messages", "get_messages", `{"space_id":"spaces/A","limit":2}`, "2 messages", same},
		{"get_messages dry run", "get_messages", `{"space_id":"spaces/A","dry_run":true}`, "2 messages", same},
		{"get_messages error", "get_messages", `{"space_id":"spaces/gone"}`, "![unavailable] space not found", same},
		{"get_messages bad limit", "get_messages", `{"space_id":"spaces/A","limit":"20"}`,
			`!validating "arguments": validating root: validating /properties/limit: type: 20 has type "string", want "integer"`, "!Argument 'limit' must be an integer."},
	}
	for _, tc := range cases {
		results := map[bool]*mcp.CallToolResult{}
		for moved, cs := range sessions {
			want := tc.sdk
			if moved && tc.moved != same {
				want = tc.moved
			}
			r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: json.RawMessage(tc.args)})
			if err != nil {
				t.Errorf("%s (moved %v): %v", tc.name, moved, err)
				continue
			}
			results[moved] = r
			got := texts(t, r)
			if r.IsError {
				got = "!" + got
			}
			if got != want && !(json.Valid([]byte(got)) && jsonEqual([]byte(got), []byte(want))) {
				t.Errorf("%s (moved %v):\n got %q\nwant %q", tc.name, moved, got, want)
			}
		}
		if tc.moved == same && results[false] != nil && results[true] != nil {
			a, _ := json.Marshal(results[false].StructuredContent)
			b, _ := json.Marshal(results[true].StructuredContent)
			if !jsonEqual(a, b) {
				t.Errorf("%s: structured content: sdk %s, moved %s", tc.name, a, b)
			}
		}
	}

	// Progress notifications through req.Session reach the client alike.
	for moved, cs := range sessions {
		params := &mcp.CallToolParams{Name: "run_test", Arguments: map[string]any{"spec_path": "a.md"}}
		params.SetProgressToken("tok")
		if _, err := cs.CallTool(context.Background(), params); err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"1/2 step 1 passed", "2/2 step 2 passed"} {
			select {
			case got := <-progress[moved]:
				if got != want {
					t.Errorf("progress (moved %v): %q, want %q", moved, got, want)
				}
			case <-time.After(testTimeout):
				t.Fatalf("progress (moved %v): %q never came", moved, want)
			}
		}
	}
}

// glMoved is what the drop-in lists for gitlab's get and delete beside
// the SDK's listing (see TestRealServersMoved).
func glMoved(sdk map[string]any) {
	prop(sdk, "inputSchema", "project_id")["type"] = []any{"integer", "string"}
	prop(sdk, "inputSchema", "issue_iid")["description"] = "Issue IID (not the global id)"
	sdk["inputSchema"].(map[string]any)["required"] = []any{"issue_iid"}
}

// prop returns the property name of the schema at key of a listed tool.
func prop(tl map[string]any, key, name string) map[string]any {
	return tl[key].(map[string]any)["properties"].(map[string]any)[name].(map[string]any)
}

// normalTypes returns b with every type array sorted: the SDK writes
// "null" first, the core last, and the order means nothing.
func normalTypes(t *testing.T, b []byte) json.RawMessage {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if ts, ok := e.([]any); ok && k == "type" {
					sort.Slice(ts, func(i, j int) bool { return fmt.Sprint(ts[i]) < fmt.Sprint(ts[j]) })
				}
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	out, _ := json.Marshal(v)
	return out
}

// glRawID is gitlab-mcp-server's ID as it is: its own JSON methods and no
// declared schema.
type glRawID string

func (id *glRawID) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*string)(id)) }
func (id glRawID) MarshalJSON() ([]byte, error)  { return json.Marshal(string(id)) }

type glRawIn struct {
	Project glRawID `json:"project_id" jsonschema:"Project ID or path,required"`
}

type glTaggedIn struct {
	Project glID `json:"project_id" jsonschema:"Project ID or path,required,minLength=1"`
}

// TestRealServersRefused: what the SDK takes from these servers and the
// drop-in refuses at AddTool, naming the rule and the field (toolvet
// reports the same at the field: olt/testdata/src/realservers).
func TestRealServersRefused(t *testing.T) {
	tests := []struct {
		name string
		add  func(*mcp.Server)
		want string
	}{
		// A type with its own JSON methods has no schema to derive
		// (docs/contract.md, "Refused types"): it declares one.
		{"own JSON methods", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "raw"}, func(context.Context, *mcp.CallToolRequest, glRawIn) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		}, "OLT005: input.project_id: mcpserver_test.glRawID implements json.Marshaler and json.Unmarshaler"},
		// A declared schema owns the value's constraints: a keyword
		// tag on its field is refused, the description beside it
		// taken ("Declared schemas").
		{"a keyword tag on a declared type", func(s *mcp.Server) {
			mcpserver.AddTool(s, &mcp.Tool{Name: "tagged"}, func(context.Context, *mcp.CallToolRequest, glTaggedIn) (*mcp.CallToolResult, any, error) {
				return nil, nil, nil
			})
		}, "OLT012: input.project_id: tag jsonschema (minLength): the field's type declares its schema (ToolschemaSchema), which owns the value's constraints"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mcp.AddTool(mcp.NewServer(&mcp.Implementation{Name: "sdk"}, nil), &mcp.Tool{Name: "x"},
				func(context.Context, *mcp.CallToolRequest, glRawIn) (*mcp.CallToolResult, any, error) {
					return nil, nil, nil
				})
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, tt.want) {
					t.Fatalf("panic %q, want one with %q", msg, tt.want)
				}
			}()
			tt.add(mcp.NewServer(&mcp.Implementation{Name: "moved"}, nil))
		})
	}
}
