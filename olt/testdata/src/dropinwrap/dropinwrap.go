// Package dropinwrap registers its tools through a generic function that
// passes its type parameters on to mcpserver.AddTool, as
// mmedum/google-chat-mcp's register does for every tool: each
// instantiation's type arguments are checked as the drop-in's.
package dropinwrap

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

type renderer interface{ Render() string }

// Watch has a field with no schema.
type Watch struct {
	Updates chan string `json:"updates"` // want `OLT002: register\[Watch, Feed\]: input.updates: type chan string has no schema`
}

// Feed is a result with no schema.
type Feed struct {
	Items chan int `json:"items"` // want `OLT003: register\[Watch, Feed\]: .*chan int`
}

func (Feed) Render() string { return "" }

// Pipe is reached only through again.
type Pipe struct {
	Flow chan bool `json:"flow"` // want `OLT002: again\[Pipe, Clean\]: input.flow: type chan bool has no schema`
}

// Issue is gitlab-mcp-server's shape: "text,required" in a go-sdk server,
// where google/jsonschema-go reads it all as the description and requires
// Project, which has no omitempty.
type Issue struct {
	Project string `json:"project_id"`
	IID     int64  `json:"issue_iid" jsonschema:"Issue IID,required"` // want `OLT020: warning: register\[Issue, Clean\]: field IID: tag jsonschema: google/jsonschema-go \(the go-sdk's mcp.AddTool\) and mark3labs/mcp-go read the required part as description text, and require every property without omitempty; .* so 1 property they require is optional here: "project_id"\. Drop the part and tag the field required:"true" to keep their required list`
}

// Clean has nothing to say.
type Clean struct {
	Name string `json:"name"`
}

func (Clean) Render() string { return "" }

// Sink is a result with no schema, given by registerIn itself.
type Sink struct {
	Drain chan int `json:"drain"` // want `OLT003: mcpserver\.AddTool\[In, Sink\]: .*chan int`
}

func (Sink) Render() string { return "" }

// registerIn passes In on, and gives Out itself: Out is checked at the
// call in its body, In at each of its instantiations.
func registerIn[In any](s *mcp.Server, name string, h mcp.ToolHandlerFor[In, Sink]) {
	mcpserver.AddTool(s, &mcp.Tool{Name: name}, h)
}

func sink(ctx context.Context, req *mcp.CallToolRequest, in Clean) (*mcp.CallToolResult, Sink, error) {
	return nil, Sink{}, nil
}

// register passes In and Out on to the drop-in, as they are.
func register[In any, Out renderer](s *mcp.Server, name string, h mcp.ToolHandlerFor[In, Out]) {
	mcpserver.AddTool(s, &mcp.Tool{Name: name}, h)
}

// again passes its own on to register.
func again[A any, B renderer](s *mcp.Server, h mcp.ToolHandlerFor[A, B]) {
	register(s, "again", h)
}

func watch(ctx context.Context, req *mcp.CallToolRequest, in Watch) (*mcp.CallToolResult, Feed, error) {
	return nil, Feed{}, nil
}

func clean(ctx context.Context, req *mcp.CallToolRequest, in Clean) (*mcp.CallToolResult, Clean, error) {
	return nil, Clean{}, nil
}

func pipe(ctx context.Context, req *mcp.CallToolRequest, in Pipe) (*mcp.CallToolResult, Clean, error) {
	return nil, Clean{}, nil
}

func issue(ctx context.Context, req *mcp.CallToolRequest, in Issue) (*mcp.CallToolResult, Clean, error) {
	return nil, Clean{}, nil
}

func serve(s *mcp.Server) {
	register(s, "watch", watch)
	register(s, "clean", clean)
	again(s, clean)
	again(s, pipe)
	register(s, "issue", issue)
	registerIn(s, "sink", sink)
}
