package mcpserver

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkLimits is what HTTPHandler's limits cost one request, alone:
// its ServeHTTP (origin check, rate limit, bound on requests, batch check,
// the request's context) around a handler that only reads the body, beside
// that handler bare; and its middleware (the tool's bound, the call's
// context tied to its request) around a method handler that does nothing.
// bench's BenchmarkHTTPCall has the round trip these add to.
func BenchmarkLimits(b *testing.B) {
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"note_length","arguments":{"text":"` + strings.Repeat("a", 1<<10) + `"}}}`
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			w.WriteHeader(http.StatusBadRequest)
		}
	})
	limits := HTTPHandler(mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v0"}, nil),
		&HTTPOptions{Rate: 1e9, Burst: 1 << 30}).(*httpHandler)
	limits.sdk = inner
	for _, c := range []struct {
		name string
		h    http.Handler
	}{{"bare", inner}, {"limits", limits}} {
		b.Run("ServeHTTP/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/", strings.NewReader(body))
				req.RemoteAddr = "127.0.0.1:40000"
				w := httptest.NewRecorder()
				c.h.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatal(w.Code, w.Body)
				}
			}
		})
	}
	next := func(context.Context, string, mcp.Request) (mcp.Result, error) { return nil, nil }
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "note_length"}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = context.WithValue(ctx, httpCallKey{}, &httpCall{limits, ctx})
	for _, c := range []struct {
		name string
		h    mcp.MethodHandler
	}{{"bare", next}, {"limits", limits.middleware(next)}} {
		b.Run("middleware/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.h(ctx, "tools/call", req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
