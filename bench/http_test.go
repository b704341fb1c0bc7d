package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// NoteIn is the input of the tool that BenchmarkHTTPCall calls.
type NoteIn struct {
	Text string `json:"text"`
}

// noteLength is the tool: it returns the note's length, so that a call's
// cost is the transport's and the checks', not the tool's.
func noteLength(in NoteIn) int { return len(in.Text) }

// httpHandlers are the two ways a server is served over HTTP that
// BenchmarkHTTPCall compares: the SDK's streamable handler in stateless
// mode, as a server was served before mcpserver had a handler of its own,
// and mcpserver.HTTPHandler, that handler behind the limits (origin check,
// rate limit, bounds on calls, batch check, cancellation). The rate is set
// high enough that no request of a benchmark is refused: its bucket is
// still taken from on every request.
var httpHandlers = []struct {
	name  string
	serve func(s *mcp.Server) http.Handler
}{
	{"sdk", func(s *mcp.Server) http.Handler {
		return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: true})
	}},
	{"safe", func(s *mcp.Server) http.Handler {
		return mcpserver.HTTPHandler(s, &mcpserver.HTTPOptions{Rate: 1e9, Burst: 1 << 30})
	}},
}

// httpClient serves the tool through serve on a loopback server and
// returns a session of the SDK's client connected to it; both end with
// tb.
func httpClient(tb testing.TB, serve func(s *mcp.Server) http.Handler) *mcp.ClientSession {
	tb.Helper()
	hs := httptest.NewServer(serve(noteServer(tb)))
	tb.Cleanup(hs.Close)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v0"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: hs.URL}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { cs.Close() })
	return cs
}

// noteServer is a server with the tool, served by Register.
func noteServer(tb testing.TB) *mcp.Server {
	tb.Helper()
	t, err := reflectimpl.Create(noteLength, reflectimpl.Meta(tool.Meta{Name: "note_length"}))
	if err != nil {
		tb.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{t}, nil); err != nil {
		tb.Fatal(err)
	}
	return s
}

// noteArgs are the arguments of a call with a note of n bytes.
func noteArgs(n int) json.RawMessage {
	return json.RawMessage(`{"text":"` + strings.Repeat("a", n) + `"}`)
}

// callNote makes one call and checks its answer.
func callNote(ctx context.Context, cs *mcp.ClientSession, args json.RawMessage, n int) error {
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "note_length", Arguments: args})
	if err != nil {
		return err
	}
	if r.IsError || len(r.Content) != 1 {
		return fmt.Errorf("result %+v", r)
	}
	if text := r.Content[0].(*mcp.TextContent).Text; text != fmt.Sprint(n) {
		return fmt.Errorf("the tool answered %s, want %d", text, n)
	}
	return nil
}

// TestHTTPHandlers checks that both handlers of BenchmarkHTTPCall serve
// the call, with its answer.
func TestHTTPHandlers(t *testing.T) {
	for _, h := range httpHandlers {
		cs := httpClient(t, h.serve)
		for _, n := range []int{0, 1 << 10, 16 << 10} {
			if err := callNote(context.Background(), cs, noteArgs(n), n); err != nil {
				t.Errorf("%s, %d bytes: %v", h.name, n, err)
			}
		}
	}
}

// BenchmarkHTTPCall is one tools/call round trip over loopback HTTP, the
// SDK's client to a server whose tool is served by Register, through the
// SDK's handler (sdk) and through mcpserver.HTTPHandler (safe): the
// difference is what the limits cost a call. The note is 1, 4 and 16 KiB
// (the body is read once more by the batch check's reader). The -parallel
// cases make the calls from every P at once (b.RunParallel, one session):
// ns/op is then the process's time per call. cpu-ns/op is the processor
// time of the process (client and server) per call, steadier than ns/op
// on a busy machine.
func BenchmarkHTTPCall(b *testing.B) {
	ctx := context.Background()
	for _, kib := range []int{1, 4, 16} {
		n := kib << 10
		args := noteArgs(n)
		for _, h := range httpHandlers {
			b.Run(fmt.Sprintf("%dKiB/%s", kib, h.name), func(b *testing.B) {
				cs := httpClient(b, h.serve)
				b.ReportAllocs()
				defer reportCPU(b, cpuTime())
				for b.Loop() {
					if err := callNote(ctx, cs, args, n); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
	args := noteArgs(1 << 10)
	for _, h := range httpHandlers {
		b.Run("1KiB/"+h.name+"-parallel", func(b *testing.B) {
			cs := httpClient(b, h.serve)
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if err := callNote(ctx, cs, args, 1<<10); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkHTTPServe is the server's side of BenchmarkHTTPCall with no
// network: each handler's ServeHTTP for one tools/call request (of the
// protocol of 2025-06-18, which a stateless server serves without an
// initialize), into a recorder. The difference between sdk and safe is
// the limits' cost again, without the loopback's noise, beside a part of
// the round trip only (no client, no connection).
func BenchmarkHTTPServe(b *testing.B) {
	for _, kib := range []int{1, 4, 16} {
		n := kib << 10
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"note_length","arguments":` + string(noteArgs(n)) + `}}`
		for _, h := range httpHandlers {
			b.Run(fmt.Sprintf("%dKiB/%s", kib, h.name), func(b *testing.B) {
				handler := h.serve(noteServer(b))
				want := fmt.Sprintf(`"text":"%d"`, n)
				b.ReportAllocs()
				defer reportCPU(b, cpuTime())
				for b.Loop() {
					req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/", strings.NewReader(body))
					req.RemoteAddr = "127.0.0.1:40000"
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Accept", "application/json, text/event-stream")
					req.Header.Set("MCP-Protocol-Version", "2025-06-18")
					w := httptest.NewRecorder()
					handler.ServeHTTP(w, req)
					if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), want) {
						b.Fatalf("%d %s", w.Code, w.Body)
					}
				}
			})
		}
	}
}

// reportCPU reports the processor time the process used per operation
// since start (cpu-ns/op: the client, the server and the collector, all in
// this process), when it is measured here.
func reportCPU(b *testing.B, start time.Duration) {
	if start == 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
