package mcpgo_test

import (
	"testing"

	"github.com/toolschema/toolschema/adapters/mcpgo"
	"github.com/toolschema/toolschema/tool"
)

// Tool and Handler, which return no error, panic on a nil tool with a
// message naming it, as the root's mcpserver does, where they
// dereferenced it; Register returns tool.NewSet's error.
func TestNilTool(t *testing.T) {
	tests := []struct {
		name string
		call func()
		want string
	}{
		{"Tool", func() { mcpgo.Tool(nil) }, "mcpgo.Tool: a nil tool"},
		{"Handler", func() { mcpgo.Handler(nil, nil) }, "mcpgo.Handler: a nil tool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if p := recover(); p != tt.want {
					t.Fatalf("panic %v, want %q", p, tt.want)
				}
			}()
			tt.call()
		})
	}
	err := mcpgo.Register(mcpgo.NewMCPServer("s", "1"), []*tool.Tool{nil}, nil)
	if err == nil || err.Error() != "tool: tool 1 of the set is nil" {
		t.Errorf("Register of a nil tool: %v", err)
	}
}
