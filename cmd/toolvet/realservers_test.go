package main_test

import (
	"strings"
	"testing"

	"github.com/toolschema/toolschema/internal/testmodule"
)

// The shapes of public go-sdk servers moved to the drop-in (see
// mcpserver/realservers_test.go), as a module: what the go-sdk took and
// the drop-in refuses, each at its field or tag.

// gitlabSrc has jmrplens/gitlab-mcp-server's shapes: an ID with its own
// JSON methods and no declared schema, a declared one with a tag, and
// "text,required" beside a field without omitempty.
const gitlabSrc = `package main

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	_ "github.com/toolschema/toolschema/declared"
	"github.com/toolschema/toolschema/mcpserver"
)

type StringOrInt string

func (s *StringOrInt) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*string)(s)) }
func (s StringOrInt) MarshalJSON() ([]byte, error)  { return json.Marshal(string(s)) }

type ID string

func (s *ID) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, (*string)(s)) }
func (s ID) MarshalJSON() ([]byte, error)  { return json.Marshal(string(s)) }
func (ID) ToolschemaSchema() string         { return ` + "`" + `{"type":["string","integer"]}` + "`" + ` }

type GetInput struct {
	ProjectID StringOrInt ` + "`json:\"project_id\" jsonschema:\"Project ID or path,required\"`" + `
	IssueIID  int64       ` + "`json:\"issue_iid\" jsonschema:\"Issue IID,required\"`" + `
}

type DeleteInput struct {
	ProjectID ID    ` + "`json:\"project_id\" jsonschema:\"Project ID or path,required\"`" + `
	IssueIID  int64 ` + "`json:\"issue_iid\"`" + `
}

type ImagesInput struct {
	ProjectID string ` + "`json:\"project_id\" jsonschema:\"Project ID or path,required\"`" + `
	Page      int64  ` + "`json:\"page\" jsonschema:\"Page number\"`" + `
}

type Output struct {
	NextSteps []string ` + "`json:\"next_steps,omitempty\"`" + `
	Title     string   ` + "`json:\"title\"`" + `
}

func handle[In any](context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Output, error) {
	return nil, Output{}, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "gitlab", Version: "v1"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "gitlab_issue_get"}, handle[GetInput])
	mcpserver.AddTool(s, &mcp.Tool{Name: "gitlab_issue_delete"}, handle[DeleteInput])
	mcpserver.AddTool(s, &mcp.Tool{Name: "gitlab_images"}, handle[ImagesInput])
}
`

// regSrc is mmedum/google-chat-mcp's register: every tool goes through a
// generic function, here of another package.
const regSrc = `package reg

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type Renderer interface{ Render() string }

func Register[In any, Out Renderer](s *mcp.Server, name string, h mcp.ToolHandlerFor[In, Out]) {
	mcpserver.AddTool(s, &mcp.Tool{Name: name}, h)
}
`

// chatSrc has google-chat-mcp's and gopls's and slmtest's shapes: times,
// nullable pointers never omitted, pointer input and result, maps; one
// misspelt option in a result.
const chatSrc = `package main

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/m/internal/reg"
	"github.com/toolschema/toolschema/mcpserver"
)

type Message struct {
	ID     string     ` + "`json:\"message_id\" jsonschema:\"the message's resource name\"`" + `
	Email  *string    ` + "`json:\"sender_email\" jsonschema:\"the sender's address, or null\"`" + `
	At     time.Time  ` + "`json:\"timestamp\" jsonschema:\"when it was created, RFC 3339\"`" + `
	Edited *time.Time ` + "`json:\"last_update_time\"`" + `
	Draft  *Payload   ` + "`json:\"rendered_payload,omitempty\"`" + `
}

type Payload map[string]any

type List struct {
	Result []Message ` + "`json:\"result\"`" + `
	Next   string    ` + "`json:\"next_page_token,omitemtpy\"`" + `
}

func (List) Render() string { return "" }

type GetMessages struct {
	Space string ` + "`json:\"space_id\"`" + `
	Limit int    ` + "`json:\"limit,omitempty\" jsonschema:\"1 to 100; default 20\"`" + `
}

type Vuln struct {
	Dir     string ` + "`json:\"dir\"`" + `
	Pattern string ` + "`json:\"pattern\"`" + `
}

type Findings struct {
	Findings []struct {
		ID string ` + "`json:\"id\"`" + `
	} ` + "`json:\"findings,omitempty\"`" + `
}

type Run struct {
	Spec    string            ` + "`json:\"spec_path\"`" + `
	Options map[string]string ` + "`json:\"driver_options,omitempty\"`" + `
	Temp    float64           ` + "`json:\"temperature,omitempty\"`" + `
}

func messages(context.Context, *mcp.CallToolRequest, GetMessages) (*mcp.CallToolResult, List, error) {
	return nil, List{}, nil
}

func vulncheck(context.Context, *mcp.CallToolRequest, *Vuln) (*mcp.CallToolResult, *Findings, error) {
	return nil, nil, nil
}

func run(context.Context, *mcp.CallToolRequest, Run) (*mcp.CallToolResult, map[string]any, error) {
	return nil, nil, nil
}

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "chat", Version: "v1"}, nil)
	mcpserver.AddTool(s, &mcp.Tool{Name: "go_vulncheck"}, vulncheck)
	mcpserver.AddTool(s, &mcp.Tool{Name: "run_test"}, run)
	reg.Register(s, "get_messages", messages)
}
`

// TestRealServersUnderVet: each type of the real servers' shapes that
// the drop-in panics on at start-up fails go vet -vettool=toolvet at its
// field or tag, under the rule of the panic; the OLT020 warning says what
// the go-sdk required and the drop-in makes optional; the shapes the
// contract takes (times, nullable pointers, maps, pointer input and
// result) say nothing.
func TestRealServersUnderVet(t *testing.T) {
	t.Parallel()
	gobin, bin, _ := tools(t)
	dir := testmodule.New(t, map[string]string{
		"cmd/gitlab/main.go":  gitlabSrc,
		"cmd/chat/main.go":    chatSrc,
		"internal/reg/reg.go": regSrc,
	})
	run := runner(t, dir)
	for _, c := range []struct{ cmd, panic string }{
		{"./cmd/gitlab", `panic: mcpserver.AddTool: tool "gitlab_issue_get": OLT005: input.project_id`},
		{"./cmd/chat", `panic: mcpserver.AddTool: tool "get_messages": OLT003: output.next_page_token`},
	} {
		if out, code := run(gobin, "run", c.cmd); code == 0 || !strings.Contains(out, c.panic) {
			t.Errorf("%s should panic at start-up (the fault vet is to find): exit %d\n%s", c.cmd, code, out)
		}
	}
	// At the field (OLT005: its type), else at the tag's key.
	want := []string{
		"cmd/gitlab/main.go:25:2: OLT005: mcpserver.AddTool[GetInput, Output]: input.project_id: main.StringOrInt implements json.Marshaler and json.Unmarshaler",
		// ID declares its schema, and the tag's text is its field's
		// description: no OLT012 (docs/contract.md, "Declared schemas").
		`cmd/gitlab/main.go:30:37: OLT020: warning: mcpserver.AddTool[DeleteInput, Output]: field ProjectID: tag jsonschema: google/jsonschema-go (the go-sdk's mcp.AddTool) and mark3labs/mcp-go read the required part as description text, and require every property without omitempty; the contract reads it as invopop/jsonschema's required part, by whose convention the object's properties without it are optional, so 1 property they require is optional here: "issue_iid"`,
		`cmd/gitlab/main.go:35:38: OLT020: warning: mcpserver.AddTool[ImagesInput, Output]: field ProjectID: tag jsonschema: google/jsonschema-go (the go-sdk's mcp.AddTool) and mark3labs/mcp-go read the required part as description text, and require every property without omitempty; the contract reads it as invopop/jsonschema's required part, by whose convention the object's properties without it are optional, so 1 property they require is optional here: "page"`,
		`cmd/chat/main.go:25:42: OLT003: reg.Register[GetMessages, List]: output.next_page_token: result type main.List has no schema: json tag option "omitemtpy" is unknown to encoding/json`,
	}
	out, _ := run(gobin, "vet", "-vettool="+bin, "./...")
	var got []string
	for line := range strings.Lines(out) {
		if strings.Contains(line, ": OLT") {
			got = append(got, strings.TrimSpace(line))
		}
	}
	if len(got) != len(want) {
		t.Errorf("go vet -vettool=toolvet: %d diagnostics, want %d:\n%s", len(got), len(want), out)
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || strings.Contains(g, w)
		}
		if !found {
			t.Errorf("go vet -vettool=toolvet lacks %q:\n%s", w, out)
		}
	}
}
