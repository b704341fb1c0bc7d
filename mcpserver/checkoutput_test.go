package mcpserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// logBuffer is a log's text, written and read under a lock.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// FileCase returns a case whose status is none of the enum's when asked:
// a result that breaks its own output schema.
func FileCase(in CaseQuery) (*Case, error) {
	status := Open
	if in.Court == "bad" {
		status = "pending"
	}
	return &Case{Court: in.Court, Status: status, Judges: []string{}}, nil
}

// TestCheckOutputs reproduces the fault of outputs checked only in tests,
// though MCP says a server MUST send structured results that conform to
// the output schema: a server's tool that broke its schema sent the result
// as it was. With Options.CheckOutputs, such a result is not sent: the
// client gets an invalid_output error that names the path and the rule,
// and the operator reads the violation in the log given (Options.Logger).
// A result that conforms passes unchanged; off, nothing is checked.
func TestCheckOutputs(t *testing.T) {
	fc, err := reflectimpl.Create(FileCase)
	if err != nil {
		t.Fatal(err)
	}
	const good = `{"court":"nysd","status":"open","judges":[]}`
	tests := []struct {
		name   string
		check  bool // Options.CheckOutputs
		caught bool
	}{
		{"off", false, false},
		{"on", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log logBuffer
			cs := connect(t, []*tool.Tool{fc}, &mcpserver.Options{
				CheckOutputs: tt.check,
				Logger:       slog.New(slog.NewTextHandler(&log, nil)),
			})
			ctx := context.Background()
			r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "file_case", Arguments: map[string]any{"court": "nysd"}})
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := json.Marshal(r.StructuredContent); r.IsError || !jsonEqual(b, []byte(good)) {
				t.Errorf("a good result: IsError %v %q, structured %s", r.IsError, texts(t, r), b)
			}
			r, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "file_case", Arguments: map[string]any{"court": "bad"}})
			if err != nil {
				t.Fatal(err)
			}
			if !tt.caught {
				if b, _ := json.Marshal(r.StructuredContent); r.IsError || !strings.Contains(string(b), `"pending"`) {
					t.Errorf("unchecked: IsError %v %q, structured %s; want the result as it is", r.IsError, texts(t, r), b)
				}
				if log.String() != "" {
					t.Errorf("unchecked, logged %q", log.String())
				}
				return
			}
			want := "Tool 'file_case' returned a result that breaks its output schema:\nResult 'status' must be one of \"open\", \"closed\"."
			if !r.IsError || texts(t, r) != want || r.StructuredContent != nil ||
				r.Meta["io.github.toolschema/code"] != "invalid_output" || r.Meta["io.github.toolschema/started"] != true {
				t.Errorf("a bad result: %+v %q, want an invalid_output error %q", r, texts(t, r), want)
			}
			if strings.Contains(texts(t, r), "pending") {
				t.Errorf("the error shows the value: %q", texts(t, r))
			}
			logged := log.String()
			if !strings.Contains(logged, "level=ERROR") || !strings.Contains(logged, "tool=file_case") ||
				!strings.Contains(logged, "code=invalid_output") || !strings.Contains(logged, "status") {
				t.Errorf("logged %q, want the tool, the code and the violation at level error", logged)
			}
			if strings.Count(logged, "\n") != 1 {
				t.Errorf("logged %q, want one line: the good call is not logged", logged)
			}
		})
	}
}

// TestCheckOutputsErrorCodes: with Options.CheckOutputs, a business error
// whose code the tool does not declare breaks the tool's contract as a bad
// result does: the client gets an invalid_output error, and it is logged.
// Off, the error goes to the client as the tool returned it.
func TestCheckOutputsErrorCodes(t *testing.T) {
	gone, err := reflectimpl.Create(func(CaseQuery) (*Case, error) {
		return nil, &tool.Error{Code: "CASE_SEALED", Category: tool.CategoryPermission, SafeMessage: "The case is sealed."}
	}, reflectimpl.Meta(tool.Meta{Name: "get_case", ErrorCodes: []string{"CASE_NOT_FOUND"}}))
	if err != nil {
		t.Fatal(err)
	}
	for _, check := range []bool{false, true} {
		var log logBuffer
		h := mcpserver.Handler(gone, &mcpserver.Options{CheckOutputs: check, Logger: slog.New(slog.NewTextHandler(&log, nil))})
		req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "get_case", Arguments: json.RawMessage(`{"court":"nysd"}`)}}
		r, err := h(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		code, logged := "failed", ""
		if check {
			code, logged = "invalid_output", "code=invalid_output"
		}
		if !r.IsError || r.Meta["io.github.toolschema/code"] != code {
			t.Errorf("CheckOutputs %v: %+v, want a %s error", check, r, code)
		}
		if got := log.String(); logged == "" && got != "" || !strings.Contains(got, logged) {
			t.Errorf("CheckOutputs %v: logged %q, want %q", check, got, logged)
		}
	}
}

// BenchmarkCheckOutputs measures a call of a tool with a structured
// result through Handler, without a transport: Options.CheckOutputs off
// (as a server runs by default) and on. Results of 1, 4 and 16 cases show how the check grows.
func BenchmarkCheckOutputs(b *testing.B) {
	for _, n := range []int{1, 4, 16} {
		list, err := reflectimpl.Create(func(in CaseQuery) []Case {
			out := make([]Case, n)
			for i := range out {
				out[i] = Case{Court: in.Court, Status: Open, Judges: []string{"a", "b"}}
			}
			return out
		}, reflectimpl.Meta(tool.Meta{Name: "list_cases"}))
		if err != nil {
			b.Fatal(err)
		}
		for _, check := range []bool{false, true} {
			name := "off"
			if check {
				name = "on"
			}
			b.Run(name+"/"+strconv.Itoa(n), func(b *testing.B) {
				h := mcpserver.Handler(list, &mcpserver.Options{CheckOutputs: check})
				req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "list_cases", Arguments: json.RawMessage(`{"court":"nysd"}`)}}
				ctx := context.Background()
				b.ReportAllocs()
				for b.Loop() {
					r, err := h(ctx, req)
					if err != nil || r.IsError {
						b.Fatal(err, r)
					}
				}
			})
		}
	}
}
