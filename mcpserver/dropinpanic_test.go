package mcpserver_test

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
)

// Brittle panics while it is written as JSON, when broken.
type Brittle struct{ broken bool }

func (b Brittle) MarshalJSON() ([]byte, error) {
	if b.broken {
		panic("the output broke")
	}
	return []byte(`"ok"`), nil
}

func (*Brittle) UnmarshalJSON([]byte) error { return nil }
func (Brittle) ToolschemaSchema() string    { return `{"type":"string"}` }

type BrittleOut struct {
	B Brittle `json:"b"`
}

// TestAddToolOutputPanics: a drop-in handler's output whose MarshalJSON
// panics is the handler's failure, as a panic in the handler is: an
// IsError result, not a crash of the server.
func TestAddToolOutputPanics(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			mcpserver.AddTool(s, &mcp.Tool{Name: "brittle"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, BrittleOut, error) {
				return nil, BrittleOut{B: Brittle{broken: true}}, nil
			})
			cs := tr.connect(t, s)
			checkCall(t, cs, call{"brittle", "brittle", `{}`, true, "Tool 'brittle' failed: panic: the output broke", ""})
		})
	}
}
