package mcpserver_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// holdTools are tools whose calls the tests watch: ping returns at once,
// hold and hold2 wait until released or until their context ends.
type holdTools struct {
	pings     atomic.Int64
	started   chan string // a hold call started (its tool's name)
	cancelled chan string // a hold call saw its context end
	release   chan struct{}
}

func newHoldTools() *holdTools {
	return &holdTools{started: make(chan string, 100), cancelled: make(chan string, 100), release: make(chan struct{})}
}

// server returns a server with the tools.
func (h *holdTools) server(t *testing.T) *mcp.Server {
	t.Helper()
	ping, err := reflectimpl.Create(func() string { h.pings.Add(1); return "pong" }, reflectimpl.Meta(tool.Meta{Name: "ping"}))
	if err != nil {
		t.Fatal(err)
	}
	holder := func(name string) *tool.Tool {
		ht, err := reflectimpl.Create(func(ctx context.Context) (string, error) {
			h.started <- name
			select {
			case <-h.release:
				return "released", nil
			case <-ctx.Done():
				h.cancelled <- name
				return "", ctx.Err()
			}
		}, reflectimpl.Meta(tool.Meta{Name: name}))
		if err != nil {
			t.Fatal(err)
		}
		return ht
	}
	s := newServer()
	if err := mcpserver.Register(s, []*tool.Tool{ping, holder("hold"), holder("hold2")}, nil); err != nil {
		t.Fatal(err)
	}
	return s
}

// serveSafe serves s through HTTPHandler on a loopback server.
func serveSafe(t *testing.T, s *mcp.Server, opts *mcpserver.HTTPOptions) *httptest.Server {
	t.Helper()
	hs := httptest.NewServer(mcpserver.HTTPHandler(s, opts))
	t.Cleanup(hs.Close)
	return hs
}

// connectSafe connects a client of the SDK to url on protocol version
// (the latest when "").
func connectSafe(t *testing.T, url, version string) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil).Connect(ctx,
		&mcp.StreamableClientTransport{Endpoint: url}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// callMessage is a tools/call request of the protocol of 2025-06-18, which
// a stateless server serves without an initialize first.
func callMessage(id int, name string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`, id, name)
}

// post sends body to url as an MCP client of 2025-06-18 does, with the
// headers hdr added (Host sets the request's host), and returns the
// status, the response's headers and its body.
func post(t *testing.T, url, body string, hdr map[string]string) (int, http.Header, string) {
	t.Helper()
	status, h, text, err := send(url, body, hdr)
	if err != nil {
		t.Fatal(err)
	}
	return status, h, text
}

// send is post, for any goroutine.
func send(url, body string, hdr map[string]string) (int, http.Header, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return 0, nil, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2025-06-18")
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(data), err
}

// isRefusal reports whether body is a refusal's: a JSON-RPC error with id
// null and a message.
func isRefusal(body string) bool {
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	return json.Unmarshal([]byte(body), &m) == nil && m.JSONRPC == "2.0" && string(m.ID) == "null" && m.Error.Code != 0 && m.Error.Message != ""
}

// TestHTTPOrigin checks the Origin rule of MCP's transport (against DNS
// rebinding, and pages of other sites): a request a browser sends from
// another origin is refused with 403 before anything runs; one from the
// server's own origin, from an allowed origin, or from a client that is
// not a browser (no Origin) is served.
func TestHTTPOrigin(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), &mcpserver.HTTPOptions{AllowedOrigins: []string{"https://app.example"}})
	self := hs.URL // http://127.0.0.1:port
	cases := []struct {
		name string
		hdr  map[string]string
		want int
	}{
		{"no Origin", nil, http.StatusOK},
		{"same origin", map[string]string{"Origin": self}, http.StatusOK},
		{"same origin, fetch metadata", map[string]string{"Origin": self, "Sec-Fetch-Site": "same-origin"}, http.StatusOK},
		{"allowed origin", map[string]string{"Origin": "https://app.example"}, http.StatusOK},
		{"allowed origin, cross-site", map[string]string{"Origin": "https://app.example", "Sec-Fetch-Site": "cross-site"}, http.StatusOK},
		{"another site", map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden},
		{"null", map[string]string{"Origin": "null"}, http.StatusForbidden},
		{"cross-site", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"same site, another origin", map[string]string{"Origin": "http://127.0.0.1:1", "Sec-Fetch-Site": "same-site"}, http.StatusForbidden},
		{"allowed origin's other scheme", map[string]string{"Origin": "http://app.example"}, http.StatusForbidden},
		// The SDK's own check, kept: a loopback server named otherwise.
		{"rebound host", map[string]string{"Host": "evil.example"}, http.StatusForbidden},
		{"rebound host, same origin", map[string]string{"Host": "evil.example", "Origin": "http://evil.example"}, http.StatusForbidden},
	}
	for i, c := range cases {
		before := h.pings.Load()
		status, _, body := post(t, hs.URL, callMessage(i+1, "ping"), c.hdr)
		ran := h.pings.Load() - before
		if status != c.want {
			t.Errorf("%s: status %d, want %d (%s)", c.name, status, c.want, strings.TrimSpace(body))
		}
		if want := int64(0); c.want == http.StatusOK {
			if ran != 1 || !strings.Contains(body, "pong") {
				t.Errorf("%s: the tool ran %d times, answer %q", c.name, ran, body)
			}
		} else if ran != want {
			t.Errorf("%s: refused, and the tool ran %d times", c.name, ran)
		} else if c.hdr["Host"] == "" && !isRefusal(body) {
			t.Errorf("%s: refused with %q, not a JSON-RPC error", c.name, body)
		}
	}
}

// TestHTTPOriginInvalid checks that an allowed origin that is not one is
// refused when the handler is made.
func TestHTTPOriginInvalid(t *testing.T) {
	defer func() {
		p := recover()
		if p == nil || !strings.Contains(fmt.Sprint(p), "app.example/path") {
			t.Errorf("panic %v, want one naming the origin", p)
		}
	}()
	mcpserver.HTTPHandler(newServer(), &mcpserver.HTTPOptions{AllowedOrigins: []string{"https://app.example/path"}})
}

// TestNewHTTPServer checks the server's settings: the timeouts of a
// careful operator, a small header limit, and an address with no host
// bound to the loopback interface.
func TestNewHTTPServer(t *testing.T) {
	h := http.NotFoundHandler()
	srv := mcpserver.NewHTTPServer(":8080", h)
	if srv.Handler == nil {
		t.Error("no handler")
	}
	if srv.ReadHeaderTimeout != 10*time.Second || srv.ReadTimeout != time.Minute || srv.WriteTimeout != 10*time.Minute ||
		srv.IdleTimeout != 2*time.Minute || srv.MaxHeaderBytes != 64<<10 {
		t.Errorf("ReadHeaderTimeout %v, ReadTimeout %v, WriteTimeout %v, IdleTimeout %v, MaxHeaderBytes %d",
			srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout, srv.MaxHeaderBytes)
	}
	for addr, want := range map[string]string{
		":8080":          "127.0.0.1:8080",
		"":               "127.0.0.1:80",
		"localhost:8080": "localhost:8080",
		"0.0.0.0:8080":   "0.0.0.0:8080",
		"[::1]:8080":     "[::1]:8080",
		"example.com:80": "example.com:80",
	} {
		if got := mcpserver.NewHTTPServer(addr, h).Addr; got != want {
			t.Errorf("NewHTTPServer(%q).Addr = %q, want %q", addr, got, want)
		}
	}
}

// TestHTTPSlowClients serves with NewHTTPServer's settings, the timeouts
// made small, and opens connections that send their headers, or their
// body, a byte at a time: each is cut when its timeout passes, not held
// as long as the client likes.
func TestHTTPSlowClients(t *testing.T) {
	h := newHoldTools()
	hs := httptest.NewUnstartedServer(nil)
	srv := mcpserver.NewHTTPServer("127.0.0.1:0", mcpserver.HTTPHandler(h.server(t), nil))
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 {
		t.Fatalf("ReadHeaderTimeout %v, ReadTimeout %v: a slow client is never cut", srv.ReadHeaderTimeout, srv.ReadTimeout)
	}
	srv.ReadHeaderTimeout, srv.ReadTimeout = 300*time.Millisecond, 600*time.Millisecond
	hs.Config = srv
	hs.Start()
	t.Cleanup(hs.Close)
	host := strings.TrimPrefix(hs.URL, "http://")
	body := callMessage(1, "ping")
	head := "POST / HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
		"MCP-Protocol-Version: 2025-06-18\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n"
	cases := []struct {
		name       string
		fast, slow string // sent at once, then a byte every 50ms
	}{
		{"headers", "", head + body},
		{"body", head, body},
	}
	const clients = 10
	var wg sync.WaitGroup
	for _, c := range cases {
		for i := range clients {
			wg.Go(func() {
				conn, err := net.Dial("tcp", host)
				if err != nil {
					t.Error(err)
					return
				}
				defer conn.Close()
				start := time.Now()
				if _, err := io.WriteString(conn, c.fast); err != nil {
					t.Error(err)
					return
				}
				// The server closes the connection, which a write or the
				// reader finds.
				closed := make(chan struct{})
				go func() { io.Copy(io.Discard, conn); close(closed) }()
				for j := 0; j < len(c.slow); j++ {
					select {
					case <-closed:
						if d := time.Since(start); d > 3*time.Second {
							t.Errorf("%s %d: cut after %v", c.name, i, d)
						}
						return
					case <-time.After(50 * time.Millisecond):
					}
					if _, err := conn.Write([]byte{c.slow[j]}); err != nil {
						return // cut
					}
				}
				t.Errorf("%s %d: the slow client sent its whole request in %v", c.name, i, time.Since(start))
			})
		}
	}
	wg.Wait()
	if n := h.pings.Load(); n != 0 {
		t.Errorf("the tool ran %d times for slow clients", n)
	}
}

// TestHTTPDisconnect abandons calls (the client goes away) on both kinds
// of protocol: each tool's context ends, it does not run until it returns
// of itself.
func TestHTTPDisconnect(t *testing.T) {
	for _, version := range []string{"2025-06-18", ""} {
		t.Run("version "+version, func(t *testing.T) {
			h := newHoldTools()
			hs := serveSafe(t, h.server(t), &mcpserver.HTTPOptions{MaxCallsPerTool: 64, MaxCallsPerClient: 64})
			cs := connectSafe(t, hs.URL, version)
			const calls = 20
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var wg sync.WaitGroup
			for range calls {
				wg.Go(func() { cs.CallTool(ctx, &mcp.CallToolParams{Name: "hold", Arguments: json.RawMessage(`{}`)}) })
			}
			timeout := time.After(testTimeout)
			for range calls {
				select {
				case <-h.started:
				case <-timeout:
					t.Fatal("the calls did not start")
				}
			}
			cancel()
			wg.Wait()
			timeout = time.After(5 * time.Second)
			for i := range calls {
				select {
				case <-h.cancelled:
				case <-timeout:
					close(h.release)
					t.Fatalf("%d of %d abandoned calls still run", calls-i, calls)
				}
			}
		})
	}
}

// TestHTTPConcurrency checks the bounds on calls at once: past a tool's,
// the call is an error result that says so; past the server's, the
// request is refused with 503; neither waits.
func TestHTTPConcurrency(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), &mcpserver.HTTPOptions{MaxCalls: 2, MaxCallsPerTool: 1, MaxCallsPerClient: -1})
	cs := connectSafe(t, hs.URL, "")
	bg := context.Background()
	var wg sync.WaitGroup
	defer wg.Wait()
	var once sync.Once
	release := func() { once.Do(func() { close(h.release) }) }
	defer release()
	hold := func(name string) {
		wg.Go(func() {
			r, err := cs.CallTool(bg, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(`{}`)})
			// A request answered a moment ago may hold its place until
			// its handler has returned: past the server's bound for that
			// moment, the call is made again.
			for i := 0; i < 100 && err != nil && strings.Contains(err.Error(), "Service Unavailable"); i++ {
				time.Sleep(10 * time.Millisecond)
				r, err = cs.CallTool(bg, &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(`{}`)})
			}
			if err != nil || r.IsError {
				t.Errorf("%s: %v %v", name, err, r)
			}
		})
		select {
		case <-h.started:
		case <-time.After(testTimeout):
			t.Fatalf("%s did not start", name)
		}
	}
	quick := func() (context.Context, context.CancelFunc) { return context.WithTimeout(bg, 5*time.Second) }

	hold("hold")
	ctx, cancel := quick()
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "hold", Arguments: json.RawMessage(`{}`)})
	// As in hold: a request answered a moment ago (the held call's) may
	// still hold its place in the server's bound of 2.
	for i := 0; i < 100 && err != nil && strings.Contains(err.Error(), "Service Unavailable"); i++ {
		time.Sleep(10 * time.Millisecond)
		r, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "hold", Arguments: json.RawMessage(`{}`)})
	}
	cancel()
	if err != nil {
		t.Fatalf("a call past the tool's bound: %v", err)
	}
	want := "Tool 'hold' failed: TOOL_BUSY: it runs at most 1 call at once, and that many are running. Recovery: retry. Retry after 1 s."
	if !r.IsError || texts(t, r) != want || r.Meta["toolschema/errorCode"] != "TOOL_BUSY" || r.Meta["toolschema/outcome"] != "not_started" {
		t.Errorf("a call past the tool's bound: IsError %v %q %v, want %q", r.IsError, texts(t, r), r.Meta, want)
	}

	hold("hold2")
	ctx, cancel = quick()
	_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "ping", Arguments: json.RawMessage(`{}`)})
	cancel()
	if err == nil || errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "Service Unavailable") {
		t.Errorf("a call past the server's bound: %v, want Service Unavailable", err)
	}
	if n := h.pings.Load(); n != 0 {
		t.Errorf("ping ran %d times past the server's bound", n)
	}
	status, hdr, body := post(t, hs.URL, callMessage(1, "ping"), nil)
	if status != http.StatusServiceUnavailable || hdr.Get("Retry-After") == "" || !strings.Contains(body, "at most 2 requests at once") || !isRefusal(body) {
		t.Errorf("past the server's bound: %d, Retry-After %q, %q", status, hdr.Get("Retry-After"), body)
	}
	// The calls running end: the client, whose session the refusals kept,
	// is served again.
	release()
	wg.Wait()
	checkCall(t, cs, call{"ping after", "ping", `{}`, false, "pong", ""})
}

// TestHTTPRateLimit checks the requests a client may make a second: past
// its burst, 429 with the seconds to wait, and another client is served
// meanwhile.
func TestHTTPRateLimit(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), &mcpserver.HTTPOptions{
		Rate: 0.5, Burst: 3,
		ClientKey: func(r *http.Request) string { return r.Header.Get("X-Client") },
	})
	for i := range 3 {
		if status, _, body := post(t, hs.URL, callMessage(i, "ping"), map[string]string{"X-Client": "a"}); status != http.StatusOK {
			t.Fatalf("call %d: %d %s", i, status, body)
		}
	}
	status, hdr, body := post(t, hs.URL, callMessage(4, "ping"), map[string]string{"X-Client": "a"})
	if status != http.StatusTooManyRequests || hdr.Get("Retry-After") != "2" || !strings.Contains(body, "Too many requests") || !isRefusal(body) {
		t.Errorf("past the burst: %d, Retry-After %q, %q", status, hdr.Get("Retry-After"), body)
	}
	if status, _, body := post(t, hs.URL, callMessage(5, "ping"), map[string]string{"X-Client": "b"}); status != http.StatusOK {
		t.Errorf("another client: %d %s", status, body)
	}
	if n := h.pings.Load(); n != 4 {
		t.Errorf("ping ran %d times, want 4", n)
	}
}

// TestHTTPRateLimitDefault checks that a client is limited with no
// option set: requests from one client, several at a time, are served
// until the burst and what the rate added meanwhile are spent, and then
// refused.
func TestHTTPRateLimitDefault(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), nil)
	const senders, most = 8, 2000
	var served, refused, other atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range senders {
		wg.Go(func() {
			for i := 0; refused.Load() == 0 && served.Load() < most; i++ {
				status, _, _, err := send(hs.URL, callMessage(i, "ping"), nil)
				switch {
				case err != nil:
					t.Error(err)
					return
				case status == http.StatusOK:
					served.Add(1)
				case status == http.StatusTooManyRequests:
					refused.Add(1)
				default:
					other.Add(1)
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	allowed := mcpserver.DefaultBurst + mcpserver.DefaultRate*elapsed + senders
	switch {
	case refused.Load() == 0:
		t.Errorf("%d requests from one client in %.1fs, none refused", served.Load(), elapsed)
	case served.Load() < mcpserver.DefaultBurst:
		t.Errorf("refused after %d requests, before the burst (%d) was spent", served.Load(), mcpserver.DefaultBurst)
	case float64(served.Load()) > allowed:
		t.Errorf("%d requests served in %.1fs, more than the %.0f allowed", served.Load(), elapsed, allowed)
	}
	if other.Load() > 0 {
		t.Errorf("%d answers neither 200 nor 429", other.Load())
	}
}

// TestHTTPBatch checks that a JSON-RPC batch (MCP's protocol of 2025-03-26
// allowed them) is refused whole, before any of its calls runs.
func TestHTTPBatch(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), nil)
	batch := "[" + callMessage(1, "ping") + "," + callMessage(2, "ping") + "]"
	for _, body := range []string{batch, " \r\n\t" + batch} {
		status, _, text := post(t, hs.URL, body, map[string]string{"MCP-Protocol-Version": "2025-03-26"})
		if status != http.StatusBadRequest || !strings.Contains(text, "batch") || !isRefusal(text) {
			t.Errorf("batch %q: %d %q", body[:8], status, text)
		}
	}
	if n := h.pings.Load(); n != 0 {
		t.Errorf("ping ran %d times from a refused batch", n)
	}
	if status, _, text := post(t, hs.URL, " \n"+callMessage(3, "ping"), nil); status != http.StatusOK || !strings.Contains(text, "pong") {
		t.Errorf("one call after white space: %d %q", status, text)
	}
}

// TestHTTPBodyLimit checks that the request's size is bounded, by the
// SDK's default or the option.
func TestHTTPBodyLimit(t *testing.T) {
	h := newHoldTools()
	big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ping","arguments":{},"_meta":{"pad":"` + strings.Repeat("x", 5<<20) + `"}}}`
	hs := serveSafe(t, h.server(t), nil)
	if status, _, _ := post(t, hs.URL, big, nil); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a 5 MiB request: %d, want 413", status)
	}
	small := serveSafe(t, h.server(t), &mcpserver.HTTPOptions{MaxRequestBodyBytes: 100})
	if status, _, _ := post(t, small.URL, callMessage(1, "ping")+strings.Repeat(" ", 100), nil); status != http.StatusRequestEntityTooLarge {
		t.Errorf("past MaxRequestBodyBytes: %d, want 413", status)
	}
	if n := h.pings.Load(); n != 0 {
		t.Errorf("ping ran %d times", n)
	}
}

// TestHTTPManyValues: a request of more than 65,536 JSON values besides
// a tool call's arguments is refused with 400 before the SDK reads it;
// the arguments are the invoker's to bound. Before, the SDK read them
// all: 4 MiB of numbers in a call's _meta allocated some 280 MB, for
// each of the calls the handler works on at once.
func TestHTTPManyValues(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), nil)
	nums := strings.Repeat("1,", 1<<18) + "1"
	meta := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ping","arguments":{},"_meta":{"a":[` + nums + `]}}}`
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	status, _, text := post(t, hs.URL, meta, nil)
	runtime.ReadMemStats(&after)
	if status != http.StatusBadRequest || !isRefusal(text) || !strings.Contains(text, "more than 65536 JSON values besides a tool call's arguments") {
		t.Errorf("a _meta of 262,144 numbers: %d %.300s", status, text)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 16*uint64(len(meta)) {
		t.Errorf("%d bytes allocated to refuse %d", n, len(meta))
	}
	if n := h.pings.Load(); n != 0 {
		t.Errorf("ping ran %d times", n)
	}
	// In the arguments, the values reach the tool's checks.
	args := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ping","arguments":{"a":[` + nums + `]}}}`
	if status, _, text := post(t, hs.URL, args, nil); status != http.StatusOK || !strings.Contains(text, "is not a parameter of the tool") {
		t.Errorf("arguments of 262,144 numbers: %d %.300s", status, text)
	}
	if status, _, text := post(t, hs.URL, callMessage(3, "ping"), nil); status != http.StatusOK || !strings.Contains(text, "pong") {
		t.Errorf("a call: %d %.300s", status, text)
	}
}

// TestHTTPHandlerServes calls tools served by HTTPHandler on two
// instances behind a round robin, with the SDK's client on both kinds of
// protocol, an approval by elicitation included: asked by one instance,
// honoured by the other.
func TestHTTPHandlerServes(t *testing.T) {
	del, err := reflectimpl.Create(Delete, reflectimpl.Meta(tool.Meta{RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for range 2 {
		s := newServer()
		if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
			t.Fatal(err)
		}
		mcpserver.AddTool(s, &mcp.Tool{Name: "greet"}, greet)
		urls = append(urls, serveSafe(t, s, nil).URL)
	}
	var next atomic.Int64
	client := &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		host := strings.TrimPrefix(urls[int(next.Add(1)-1)%len(urls)], "http://")
		r = r.Clone(r.Context())
		u := *r.URL
		u.Host = host
		r.URL, r.Host = &u, host
		return http.DefaultTransport.RoundTrip(r)
	})}
	var asked atomic.Int64
	copts := &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked.Add(1)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}, nil
		},
	}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	for _, version := range []string{"", "2025-06-18"} {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, copts).Connect(ctx,
			&mcp.StreamableClientTransport{Endpoint: urls[0], HTTPClient: client}, &mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		checkCall(t, cs, call{"greet " + version, "greet", `{"name":"Ada"}`, false, `{"greeting":"Hello, Ada"}`, `{"greeting":"Hello, Ada"}`})
		if version == "" {
			checkCall(t, cs, call{"approved", "delete", `{"id":"abc"}`, false, "deleted abc", ""})
		} else {
			// A stateless server cannot ask an older client.
			checkCall(t, cs, call{"refused", "delete", `{"id":"abc"}`, true, "Tool 'delete' requires approval for these arguments.", ""})
		}
	}
	if asked.Load() != 1 {
		t.Errorf("the user was asked %d times, want once", asked.Load())
	}
}

// TestHTTPUnknownToolNotEchoed: the SDK answers a call of an unknown tool
// with an error that repeats its name; a name of a megabyte comes back
// cut to MaxErrorMessageBytes, over HTTP as over stdio.
func TestHTTPUnknownToolNotEchoed(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), nil)
	name := strings.Repeat("n", 1<<20)
	status, _, body := post(t, hs.URL, callMessage(1, name), nil)
	if status != http.StatusOK || len(body) > 2*mcpserver.MaxErrorMessageBytes || !strings.Contains(body, "… (cut: the message was ") {
		t.Errorf("status %d, %d bytes: %.300s", status, len(body), body)
	}
	// A short one is answered as the SDK answers it.
	if _, _, body := post(t, hs.URL, callMessage(2, "nope"), nil); !strings.Contains(body, `nope`) || strings.Contains(body, "(cut:") {
		t.Errorf("an unknown short name: %s", body)
	}
}

// TestHTTPSlowBodies: one client that opens requests and sends their
// bodies a byte at a time must not hold every place MaxCalls gives and
// leave every other client 503. A client has a quarter of the places at
// most, past which it gets 429, and a body that does not arrive in time
// gives its place back.
func TestHTTPSlowBodies(t *testing.T) {
	h := newHoldTools()
	hs := serveSafe(t, h.server(t), &mcpserver.HTTPOptions{MaxCalls: 8, BodyReadTimeout: 300 * time.Millisecond,
		ClientKey: func(r *http.Request) string { return r.Header.Get("X-Client") }})
	type answer struct {
		status int
		err    error
	}
	answers := make(chan answer, 8)
	var writers []*io.PipeWriter
	for range 8 {
		pr, pw := io.Pipe()
		writers = append(writers, pw)
		req, _ := http.NewRequest(http.MethodPost, hs.URL, pr)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("X-Client", "slow")
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				answers <- answer{0, err}
				return
			}
			resp.Body.Close()
			answers <- answer{resp.StatusCode, nil}
		}()
		go pw.Write([]byte(" "))
	}
	defer func() {
		for _, pw := range writers {
			pw.Close()
		}
	}()
	// Six are refused at once: the client has two places.
	refused := 0
	for range 6 {
		select {
		case a := <-answers:
			if a.status == http.StatusTooManyRequests {
				refused++
			}
		case <-time.After(testTimeout):
			t.Fatal("the requests past the client's places were not answered")
		}
	}
	if refused != 6 {
		t.Errorf("%d of the slow client's requests past its places refused with 429, want 6", refused)
	}
	// Another client is served meanwhile.
	req, _ := http.NewRequest(http.MethodPost, hs.URL, strings.NewReader(callMessage(1, "ping")))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2025-06-18")
	req.Header.Set("X-Client", "other")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("another client: %d, want 200", resp.StatusCode)
	}
	// The two held bodies do not arrive in time: their places come back.
	for range 2 {
		select {
		case a := <-answers:
			if a.status == http.StatusOK {
				t.Errorf("a body that never arrived was answered 200")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a body that did not arrive held its place past BodyReadTimeout")
		}
	}
}

// TestHTTPIPv6Client: a host is given a /64 and can send from any address
// in it; the default client key is that network, so that Rate holds for
// it (50 addresses of one /64 share one bucket, not one each).
func TestHTTPIPv6Client(t *testing.T) {
	h := newHoldTools()
	handler := mcpserver.HTTPHandler(h.server(t), &mcpserver.HTTPOptions{Rate: 1, Burst: 1})
	status := func(addr string) int {
		req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/", strings.NewReader(callMessage(1, "ping")))
		req.RemoteAddr = addr
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-06-18")
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, req)
		return w.Code
	}
	if s := status("[2001:db8::1]:40000"); s != http.StatusOK {
		t.Fatalf("the first request: %d", s)
	}
	if s := status("[2001:db8::32]:40000"); s != http.StatusTooManyRequests {
		t.Errorf("another address of the same /64: %d, want 429", s)
	}
	if s := status("[2001:db8:0:1::1]:40000"); s != http.StatusOK {
		t.Errorf("an address of another /64: %d, want 200", s)
	}
	if s := status("[::ffff:192.0.2.1]:40000"); s != http.StatusOK {
		t.Errorf("an IPv4 address mapped to IPv6: %d, want 200", s)
	}
	if s := status("192.0.2.1:40000"); s != http.StatusTooManyRequests {
		t.Errorf("the same IPv4 address unmapped: %d, want 429", s)
	}
}
