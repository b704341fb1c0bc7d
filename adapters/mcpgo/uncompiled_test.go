package mcpgo_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolschema/toolschema/adapters/mcpgo"
)

// logged is an slog.Handler that keeps the records of level error.
type logged struct {
	mu      sync.Mutex
	records []slog.Record
}

func (l *logged) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelError }
func (l *logged) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.records = append(l.records, r.Clone())
	return nil
}
func (l *logged) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logged) WithGroup(string) slog.Handler      { return l }

// faults returns the tool and error of each record kept, one a line.
func (l *logged) faults() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, r := range l.records {
		var name, err string
		r.Attrs(func(a slog.Attr) bool {
			switch a.Key {
			case "tool":
				name = a.Value.String()
			case "error":
				err = a.Value.String()
			}
			return true
		})
		out = append(out, name+": "+err)
	}
	return out
}

// TestNewMCPServerUncompiledSchema: a tool added with s.AddTool whose
// input schema the checks cannot compile is served unchecked, as mcp-go
// serves it (a bare mcp.Tool literal, a tool without arguments that works
// under mcp-go, among them), and said so: the default logger has one
// record at level error for each schema added, naming the tool and the
// fault, however often it is called. The tool added again with a schema
// that compiles is checked; broken again, logged again.
func TestNewMCPServerUncompiledSchema(t *testing.T) {
	logs := &logged{}
	prev := slog.Default()
	slog.SetDefault(slog.New(logs))
	t.Cleanup(func() { slog.SetDefault(prev) })

	var ran atomic.Int32
	h := func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ran.Add(1)
		return mcp.NewToolResultText("ran"), nil
	}
	s := mcpgo.NewMCPServer("test", "1.0.0")
	s.AddTool(mcp.NewToolWithRawSchema("raw", "d", json.RawMessage(`{"type":"object","properties":{"x":{"type":"strin"}}}`)), h)
	s.AddTool(mcp.NewTool("look", mcp.WithString("m", mcp.Pattern("(?<=a)b"))), h)
	s.AddTool(mcp.Tool{Name: "ping"}, h)
	c := inprocess(t, s)

	unchecked := func(name, args string) {
		t.Helper()
		before := ran.Load()
		r := call(t, c, name, args)
		if r.IsError || text(r) != "ran" || ran.Load() != before+1 {
			t.Errorf("%s %s: isError %v, %q; want the handler run, unchecked", name, args, r.IsError, text(r))
		}
	}
	unchecked("raw", `{"x":7}`)
	unchecked("raw", `{"x":"a"}`)
	unchecked("look", `{"m":"b"}`)
	unchecked("ping", `{}`)
	faults := logs.faults()
	if len(faults) != 3 || !strings.HasPrefix(faults[0], "raw: ") || !strings.Contains(faults[0], "does not compile") ||
		!strings.HasPrefix(faults[1], "look: ") || !strings.Contains(faults[1], `the pattern "(?<=a)b"`) ||
		!strings.HasPrefix(faults[2], "ping: ") {
		t.Errorf("logged %q, want one record for raw, one for look, one for ping", faults)
	}

	// Added again with a schema that compiles: checked, then run; nothing
	// more is logged.
	s.AddTool(mcp.NewToolWithRawSchema("raw", "d", json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)), h)
	if r := call(t, c, "raw", `{"x":7}`); !r.IsError || text(r) != "Argument 'x' must be a string." {
		t.Errorf("raw with its schema mended, x 7: %q", text(r))
	}
	unchecked("raw", `{"x":"a"}`)
	// Broken again, as at first: unchecked, and logged again.
	s.AddTool(mcp.NewToolWithRawSchema("raw", "d", json.RawMessage(`{"type":"object","properties":{"x":{"type":"strin"}}}`)), h)
	unchecked("raw", `{"x":7}`)
	if got := logs.faults(); len(got) != 4 || !strings.HasPrefix(got[3], "raw: ") {
		t.Errorf("logged %q, want a fourth record, for raw added again", got)
	}
}
