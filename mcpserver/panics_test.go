package mcpserver_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Explode panics when asked to, as a tool with a bug does, or fails.
func Explode(in CaseQuery) (string, error) {
	switch in.Court {
	case "bad":
		var courts map[string]int
		courts[in.Court]++
	case "down":
		return "", errors.New("court db: connection refused at 10.0.0.7")
	case "closed":
		return "", &tool.Error{Code: "COURT_CLOSED", Category: tool.CategoryConflict, SafeMessage: "The court is closed.",
			Err: errors.New("court db: row locked at 10.0.0.7")}
	}
	return "fine", nil
}

// TestPanicLogged: a tool's panic reaches the operator. The client gets a
// failed result (its text, or under SafeErrors not even that); the log
// given (Options.Logger) gets the tool, the panic's value and its stack,
// once, at level error. A tool's plain error is the model's business and
// is not logged.
func TestPanicLogged(t *testing.T) {
	for _, safe := range []bool{false, true} {
		ex, err := reflectimpl.Create(Explode, reflectimpl.Meta(tool.Meta{SafeErrors: safe}))
		if err != nil {
			t.Fatal(err)
		}
		var log logBuffer
		cs := connect(t, []*tool.Tool{ex}, &mcpserver.Options{Logger: slog.New(slog.NewTextHandler(&log, nil))})
		ctx := context.Background()
		r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "explode", Arguments: map[string]any{"court": "nysd"}})
		if err != nil || r.IsError || log.String() != "" {
			t.Fatalf("a call that does not panic: %v %+v, logged %q", err, r, log.String())
		}
		r, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "explode", Arguments: map[string]any{"court": "bad"}})
		if err != nil {
			t.Fatal(err)
		}
		text := texts(t, r)
		if !r.IsError || strings.Contains(text, "goroutine") || safe != !strings.Contains(text, "nil map") {
			t.Errorf("safe errors %v: the client got %q", safe, text)
		}
		logged := log.String()
		if !strings.Contains(logged, "level=ERROR") || !strings.Contains(logged, "tool=explode") ||
			!strings.Contains(logged, "assignment to entry in nil map") || !strings.Contains(logged, "mcpserver_test.Explode(") {
			t.Errorf("safe errors %v: logged %q, want the tool, the panic and its stack at level error", safe, logged)
		}
		if n := strings.Count(logged, "level="); n != 1 {
			t.Errorf("safe errors %v: %d records, want 1: %q", safe, n, logged)
		}

		// A returned error: the model reads it, unless SafeErrors keeps
		// it from everyone but the operator, whose log then has it.
		before := len(log.String())
		r, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "explode", Arguments: map[string]any{"court": "down"}})
		if err != nil {
			t.Fatal(err)
		}
		text, logged = texts(t, r), log.String()[before:]
		if !r.IsError || safe != !strings.Contains(text, "10.0.0.7") {
			t.Errorf("safe errors %v: the client got %q", safe, text)
		}
		if !safe && logged != "" {
			t.Errorf("an error the model reads is logged too: %q", logged)
		}
		if safe && (!strings.Contains(logged, "level=WARN") || !strings.Contains(logged, "tool=explode") ||
			!strings.Contains(logged, "connection refused at 10.0.0.7") || strings.Count(logged, "level=") != 1) {
			t.Errorf("safe errors: logged %q, want the tool and its error once, at level warn", logged)
		}
	}
}

// TestSafeErrorLoggedOnce: under SafeErrors, a plain error reaches the
// operator's log once whichever way the tool is called, its own name or
// the catalog's call_tool; a business error (*tool.Error), whose safe
// message the model reads, is not logged.
func TestSafeErrorLoggedOnce(t *testing.T) {
	ex, err := reflectimpl.Create(Explode, reflectimpl.Meta(tool.Meta{SafeErrors: true, ErrorCodes: []string{"COURT_CLOSED"}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, search := range []bool{false, true} {
		var log logBuffer
		opts := &mcpserver.Options{Logger: slog.New(slog.NewTextHandler(&log, nil))}
		if search {
			opts.Search = &mcpserver.Search{}
		}
		cs := connect(t, []*tool.Tool{ex}, opts)
		call := func(court string) *mcp.CallToolResult {
			p := &mcp.CallToolParams{Name: "explode", Arguments: map[string]any{"court": court}}
			if search {
				p = &mcp.CallToolParams{Name: "call_tool", Arguments: map[string]any{"name": "explode", "arguments": map[string]any{"court": court}}}
			}
			r, err := cs.CallTool(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		if r := call("closed"); !r.IsError || log.String() != "" {
			t.Errorf("search %v: a business error: %q, logged %q", search, texts(t, r), log.String())
		}
		if r := call("down"); !r.IsError || strings.Count(log.String(), "level=") != 1 || !strings.Contains(log.String(), "level=WARN") ||
			!strings.Contains(log.String(), "10.0.0.7") {
			t.Errorf("search %v: a plain error: %q, logged %q", search, texts(t, r), log.String())
		}
	}
}
