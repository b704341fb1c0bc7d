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
// input schema the checks cannot compile is not served unchecked: every
// call is an isError result naming the schema's fault, the handler never
// runs, and the default logger has one record at level error for each
// schema added, naming the tool and the fault, however often it is
// called. The tool added again with a schema that compiles is checked
// and runs.
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
	c := inprocess(t, s)

	refused := func(name, args, fault string) {
		t.Helper()
		r := call(t, c, name, args)
		want := "Tool '" + name + "' cannot be called: its input schema cannot be checked: "
		if got := text(r); !r.IsError || !strings.HasPrefix(got, want) || !strings.Contains(got, fault) {
			t.Errorf("%s %s: isError %v, %q; want an error beginning %q and naming %q", name, args, r.IsError, got, want, fault)
		}
		if m := r.Meta; m == nil || m.AdditionalFields["toolschema/code"] != "failed" || m.AdditionalFields["toolschema/started"] != false {
			t.Errorf("%s: _meta %+v, want code failed, not started", name, r.Meta)
		}
	}
	refused("raw", `{"x":7}`, "does not compile")
	refused("raw", `{"x":"a"}`, "does not compile")
	refused("look", `{"m":"b"}`, `the pattern "(?<=a)b"`)
	if n := ran.Load(); n != 0 {
		t.Errorf("the handler ran %d times behind a schema that cannot be checked", n)
	}
	faults := logs.faults()
	if len(faults) != 2 || !strings.HasPrefix(faults[0], "raw: ") || !strings.Contains(faults[0], "does not compile") ||
		!strings.HasPrefix(faults[1], "look: ") || !strings.Contains(faults[1], `the pattern "(?<=a)b"`) {
		t.Errorf("logged %q, want one record for raw, then one for look", faults)
	}

	// Added again with a schema that compiles: checked, then run; nothing
	// more is logged.
	s.AddTool(mcp.NewToolWithRawSchema("raw", "d", json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`)), h)
	if r := call(t, c, "raw", `{"x":7}`); !r.IsError || text(r) != "Argument 'x' must be a string." {
		t.Errorf("raw with its schema mended, x 7: %q", text(r))
	}
	if r := call(t, c, "raw", `{"x":"a"}`); r.IsError || text(r) != "ran" || ran.Load() != 1 {
		t.Errorf("raw with its schema mended, x \"a\": %q, ran %d", text(r), ran.Load())
	}
	// Broken again, as at first: refused, and logged again.
	s.AddTool(mcp.NewToolWithRawSchema("raw", "d", json.RawMessage(`{"type":"object","properties":{"x":{"type":"strin"}}}`)), h)
	refused("raw", `{"x":"a"}`, "does not compile")
	if got := logs.faults(); len(got) != 3 || !strings.HasPrefix(got[2], "raw: ") {
		t.Errorf("logged %q, want a third record, for raw added again", got)
	}
}
