package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"

	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/tool"
)

// The defaults of HTTPOptions.
const (
	// defaultMaxCalls is the most requests HTTPHandler works on at once.
	// A request holds its body while its call runs: with the 4 MiB body
	// limit, 64 held calls keep about half a GiB alive. The Go values
	// their arguments are read into are the invoker's to bound, over all
	// the calls at once: 1 GiB, or a quarter of GOMEMLIMIT.
	defaultMaxCalls = 64
	// defaultMaxCallsPerTool is the most calls of one tool that run at
	// once.
	defaultMaxCallsPerTool = 16
	// defaultRate is the requests a second that one client may make, on
	// average; defaultBurst how many it may make at once.
	defaultRate  = 50
	defaultBurst = 100
	// defaultMaxCallsPerClient is the most requests of one client that
	// HTTPHandler works on at once: a quarter of defaultMaxCalls, so that
	// no one client holds them all.
	defaultMaxCallsPerClient = defaultMaxCalls / 4
	// defaultBodyReadTimeout is how long a request's body may take to
	// arrive.
	defaultBodyReadTimeout = 30 * time.Second
)

// HTTPOptions tunes HTTPHandler. A nil *HTTPOptions, or a field left at its
// zero value, takes the default.
type HTTPOptions struct {
	// AllowedOrigins are the origins, besides the server's own, whose
	// pages a browser may let call the server, each as a browser writes
	// its Origin header: scheme, host, and the port when it is not the
	// scheme's ("https://app.example.com", "http://localhost:5173").
	// HTTPHandler panics on one that is not of that form. The handler
	// sends no CORS headers: a page of another origin also needs them
	// from a handler in front of it.
	AllowedOrigins []string

	// MaxCalls is the most requests the handler works on at once, over
	// all its clients (each request carries at most one call: batches are
	// refused). A request past it is answered at once with 503 Service
	// Unavailable and Retry-After: 1, before its body is read. Zero means
	// 64; a negative value, no bound.
	MaxCalls int

	// MaxCallsPerTool is the most calls of one tool that run at once. A
	// call past it is answered at once with an error result: code
	// TOOL_BUSY, category rate_limit, recovery retry, retry after 1s.
	// Zero means 16; a negative value, no bound.
	MaxCallsPerTool int

	// Rate is the requests a second that one client may make, on average
	// (a token bucket per client), and Burst how many it may make at
	// once. A request past them is answered with 429 Too Many Requests
	// and Retry-After, the seconds until the client may make one again.
	// A zero Rate means 50, a zero Burst 100; a
	// negative Rate, no limit.
	Rate  float64
	Burst int

	// MaxCallsPerClient is the most requests of one client the handler
	// works on at once, so that one client, slow or not, cannot hold
	// every place MaxCalls gives: past it, 429 Too Many Requests and
	// Retry-After: 1. Zero means a quarter of MaxCalls (at least 1;
	// 16 with the default MaxCalls, and with no
	// bound on MaxCalls); a negative value, no bound.
	MaxCallsPerClient int

	// BodyReadTimeout is how long a request's body may take to arrive,
	// from the moment the handler starts on it: a client that sends its
	// body a byte at a time holds a place among MaxCalls no longer. Zero
	// means 30 seconds; a negative value, none (the server's
	// ReadTimeout still applies).
	BodyReadTimeout time.Duration

	// ClientKey names the client a request counts against for Rate and
	// MaxCallsPerClient. Nil means the address the request came from: an
	// IPv4 address, or the /64 network of an IPv6 one (a single host is
	// given a /64 and can send from any address in it). Behind a reverse
	// proxy every request comes from the proxy's: there, name the client
	// by what the proxy vouches for (a header it sets, the authenticated
	// user).
	ClientKey func(*http.Request) string

	// MaxRequestBodyBytes is the size limit of a request's body: past
	// it, 413 Request Entity Too Large. Zero means the SDK's default,
	// mcp.DefaultMaxRequestBodyBytes (4 MiB); a negative value, none.
	// Each tool's own argument limit applies too (Options.MaxArgumentBytes).
	MaxRequestBodyBytes int64
}

// HTTPHandler returns the handler that serves server over MCP's streamable
// HTTP transport, with what a careful operator sets:
//
//   - It is the SDK's handler, stateless: every request stands alone, any
//     instance behind a load balancer serves it, and there are no sessions
//     to pile up. A stateless server sends no requests of its own (a
//     client of a protocol before 2026-07-28 is not asked for approvals:
//     see "Serving safely" in docs/contract.md).
//   - A request a browser sends from another origin is refused with 403
//     Forbidden before anything runs (net/http's CrossOriginProtection:
//     Sec-Fetch-Site, else Origin against Host; "Origin: null" too),
//     unless its origin is one of opts.AllowedOrigins. A client that is not
//     a browser sends neither header and is served. The SDK's own check
//     refuses a request to a loopback address whose Host is not a loopback
//     name (DNS rebinding).
//   - The call's context ends when its client goes away: a tool that
//     watches its context stops, on every protocol version.
//   - Calls at once are bounded, for the handler (MaxCalls), for each
//     client (MaxCallsPerClient) and for each tool (MaxCallsPerTool), and
//     requests a second for each client (Rate, Burst); past a bound the
//     answer comes at once, it does not wait. A body must arrive within
//     BodyReadTimeout.
//   - A JSON-RPC batch (a body that is a JSON array, which only MCP's
//     protocol of 2025-03-26 allowed) is refused whole with 400.
//   - The body's size is bounded (MaxRequestBodyBytes).
//   - A tools/call whose Mcp-Param-{name} headers disagree with the
//     arguments they mirror (x-mcp-header) is refused with 400 and MCP's
//     HeaderMismatch error (-32020), with the request's id, before the
//     SDK reads it, for the tools Register and AddTool added. The tools'
//     handlers refuse it too, inside the SDK's 200, where a server is
//     served otherwise; the SDK's own check skips the input schemas it
//     cannot read (those with a "type" array).
//
// The other refusals have a JSON-RPC error as their body (id null: the
// request was not read). HTTPHandler
// adds a receiving middleware to server (it bounds the calls of each tool
// and ties a call's context to its request); it acts on the calls that
// come through this handler only. It adds, once for the server, the one
// Register adds too, which acts on every call of the server, over any of
// its transports: a request whose result encoding/json cannot encode
// (a NaN, a MarshalJSON that fails), which the SDK would leave
// unanswered, holding its place among MaxCalls as long as its client
// waits, is answered with an internal error (-32603) that names the tool
// and the encoder's reason; the calls of the tools the SDK added have
// their arguments bounded (65,536 values); a tools/list answer to a
// client of a protocol before 2026-07-28 has no output schema that is
// not an object; an error's message is cut to 512 bytes; and the serial
// tools of Handler's added by hand run alone among the tools this
// package serves on the server.
// Serve the handler with a server that has timeouts: NewHTTPServer.
func HTTPHandler(server *mcp.Server, opts *HTTPOptions) http.Handler {
	if opts == nil {
		opts = &HTTPOptions{}
	}
	h := &httpHandler{
		served:    servedOf(server),
		origins:   http.NewCrossOriginProtection(),
		maxCalls:  bound(opts.MaxCalls, defaultMaxCalls),
		perTool:   bound(opts.MaxCallsPerTool, defaultMaxCallsPerTool),
		clientKey: opts.ClientKey,
		maxBody:   opts.MaxRequestBodyBytes,
		running:   map[string]int{},
		byKey:     map[string]int{},
	}
	h.perClient = bound(opts.MaxCallsPerClient, defaultMaxCallsPerClient)
	if opts.MaxCallsPerClient == 0 && h.maxCalls > 0 {
		h.perClient = max(1, h.maxCalls/4) // a quarter of the places
	}
	switch {
	case opts.BodyReadTimeout == 0:
		h.bodyTime = defaultBodyReadTimeout
	case opts.BodyReadTimeout > 0:
		h.bodyTime = opts.BodyReadTimeout
	}
	for _, o := range opts.AllowedOrigins {
		if err := h.origins.AddTrustedOrigin(o); err != nil {
			panic(fmt.Sprintf("mcpserver.HTTPHandler: AllowedOrigins: %v (want scheme://host[:port])", err))
		}
	}
	if h.maxBody == 0 {
		h.maxBody = mcp.DefaultMaxRequestBodyBytes
	}
	if h.clientKey == nil {
		h.clientKey = remoteIP
	}
	if opts.Rate >= 0 {
		r, burst := opts.Rate, opts.Burst
		if r == 0 {
			r = defaultRate
		}
		if burst <= 0 {
			burst = defaultBurst
		}
		h.clients = &clients{limit: rate.Limit(r), burst: burst, m: map[string]*rate.Limiter{}, sweepAt: minSweep}
	}
	h.sdk = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &mcp.StreamableHTTPOptions{
		Stateless:                    true,
		PropagateRequestCancellation: true,
		MaxRequestBodyBytes:          opts.MaxRequestBodyBytes,
	})
	server.AddReceivingMiddleware(h.middleware)
	return h
}

// bound returns a limit as the options give it: zero is def, a negative
// value none (0).
func bound(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return 0
	}
	return n
}

// paramListing returns the listing of the server whose tools' headers a
// request's body must be read for: a JSON object that comes with an
// Mcp-Param header, to a server with a tool that binds one. The headers
// are looked at first: most requests have none, and pay no more.
func (h *httpHandler) paramListing(first byte, header http.Header) *listing {
	if first != '{' || !hasParamHeader(header) {
		return nil
	}
	if h.served.hasParamHeaders() {
		return &h.served.listing
	}
	return nil
}

// httpHandler is HTTPHandler's handler.
type httpHandler struct {
	sdk       http.Handler
	served    *served // the server's
	origins   *http.CrossOriginProtection
	clients   *clients // nil: no rate limit
	clientKey func(*http.Request) string
	maxCalls  int // 0: no bound
	perTool   int // 0: no bound
	maxBody   int64
	inFlight  atomic.Int64
	perClient int           // 0: no bound
	bodyTime  time.Duration // 0: none

	mu      sync.Mutex
	running map[string]int // calls running, by tool name; none at zero
	byKey   map[string]int // requests worked on, by client key; none at zero
}

// httpCall is what a request's context carries to the middleware: the
// handler it came through and the request's own context, which ends when
// its client goes away (the SDK's handlers run under one that does not).
type httpCall struct {
	h   *httpHandler
	ctx context.Context
}

type httpCallKey struct{}

func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h.origins.Check(r); err != nil {
		refuse(w, http.StatusForbidden, codeRefused, "Forbidden: "+err.Error()+".")
		return
	}
	if h.clients != nil {
		if ok, wait := h.clients.allow(h.clientKey(r), time.Now()); !ok {
			secs := max(1, int(math.Ceil(wait.Seconds())))
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			refuse(w, http.StatusTooManyRequests, codeBusy, fmt.Sprintf(
				"Too many requests: a client may make %g a second, %d at once. Retry after %ds.", float64(h.clients.limit), h.clients.burst, secs))
			return
		}
	}
	if h.maxCalls > 0 {
		if h.inFlight.Add(1) > int64(h.maxCalls) {
			h.inFlight.Add(-1)
			w.Header().Set("Retry-After", "1")
			refuse(w, http.StatusServiceUnavailable, codeBusy, fmt.Sprintf(
				"Server busy: it works on at most %d requests at once. Retry after 1s.", h.maxCalls))
			return
		}
		defer h.inFlight.Add(-1)
	}
	if h.perClient > 0 {
		key := h.clientKey(r)
		if !h.enterClient(key) {
			w.Header().Set("Retry-After", "1")
			refuse(w, http.StatusTooManyRequests, codeBusy, fmt.Sprintf(
				"Too many requests at once: a client may have %d worked on at once. Retry after 1s.", h.perClient))
			return
		}
		defer h.leaveClient(key)
	}
	if h.bodyTime > 0 && r.Method == http.MethodPost && r.Body != nil {
		// The body must arrive in time: past it, its read fails. The
		// server's own deadline stays as it is until then.
		t := &timedBody{ReadCloser: r.Body}
		t.timer = time.AfterFunc(h.bodyTime, func() { http.NewResponseController(w).SetReadDeadline(time.Now()) })
		defer t.timer.Stop()
		r.Body = t
	}
	if r.Method == http.MethodPost && r.Body != nil {
		if h.maxBody > 0 {
			r.Body = http.MaxBytesReader(w, r.Body, h.maxBody)
		}
		first, body, err := firstByte(r.Body)
		switch {
		case err != nil:
			refuseBody(w, err)
			return
		case first == '[':
			refuse(w, http.StatusBadRequest, codeRefused, "A JSON-RPC batch is refused: send one message a request.")
			return
		}
		r.Body = body
		if first == '{' {
			// The body is read within the same bounds the SDK reads it
			// in, and counted before the SDK makes Go values of it.
			data, err := io.ReadAll(body)
			if err != nil {
				refuseBody(w, err)
				return
			}
			if messageValues(data) > maxMessageValues {
				refuse(w, http.StatusBadRequest, codeRefused, fmt.Sprintf(
					"The request holds more than %d JSON values besides a tool call's arguments; it was not read.", maxMessageValues))
				return
			}
			if l := h.paramListing(first, r.Header); l != nil {
				// A tools/call whose Mcp-Param headers disagree with its
				// arguments is refused here with 400 (MCP 2026-07-28):
				// the tools' handlers refuse it inside the SDK's 200, and
				// the SDK's own check reads no schema with a type array.
				if id, rpcErr := l.paramHeaderRefusal(r.Header, data); rpcErr != nil {
					answerError(w, http.StatusBadRequest, id, rpcErr)
					return
				}
			}
			r.Body = readCloser{bytes.NewReader(data), body}
		}
	}
	h.sdk.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), httpCallKey{}, &httpCall{h, r.Context()})))
}

// middleware is the receiving middleware of the server: for a tools/call
// that came through h, it ends the call's context when the request's
// ends, and bounds the calls of each tool.
func (h *httpHandler) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		c, _ := ctx.Value(httpCallKey{}).(*httpCall)
		if method != "tools/call" || c == nil || c.h != h {
			return next(ctx, method, req)
		}
		ctx, cancel := context.WithCancel(ctx)
		stop := context.AfterFunc(c.ctx, cancel)
		defer func() {
			stop()
			cancel()
		}()
		// A name longer than MCP's names no tool, and the SDK answers it
		// at once: it takes no place.
		if p, ok := req.GetParams().(*mcp.CallToolParamsRaw); ok && h.perTool > 0 && len(p.Name) <= schema.MaxMCPNameLen {
			if !h.enter(p.Name) {
				return busy(p.Name, h.perTool), nil
			}
			defer h.leave(p.Name)
		}
		return next(ctx, method, req)
	}
}

func (h *httpHandler) enter(name string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.running[name] >= h.perTool {
		return false
	}
	h.running[name]++
	return true
}

func (h *httpHandler) leave(name string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.running[name]--; h.running[name] <= 0 {
		delete(h.running, name)
	}
}

// busy is the result of a call past its tool's bound: a business error of
// the runtime's, not started, to retry.
func busy(name string, limit int) *mcp.CallToolResult {
	calls := "calls"
	if limit == 1 {
		calls = "call"
	}
	r := &tool.Result{
		IsError: true,
		Code:    tool.Failed,
		Parts: []tool.Part{tool.TextPart{Text: fmt.Sprintf(
			"Tool '%s' failed: TOOL_BUSY: it runs at most %d %s at once, and that many are running. Recovery: retry. Retry after 1 s.", name, limit, calls)}},
		Failure: &tool.Error{Code: "TOOL_BUSY", Category: tool.CategoryRateLimit, Recovery: tool.RecoverRetry,
			RetryAfter: time.Second, Outcome: tool.OutcomeNotStarted},
	}
	return result(name, r, false, nil)
}

// JSON-RPC error codes of the refusals: an invalid request, and the
// server's own code for "busy, try later".
const (
	codeRefused = -32600
	codeBusy    = -32000
)

// refuse answers a request with status and a JSON-RPC error (id null: the
// request was not read).
func refuse(w http.ResponseWriter, status, code int, message string) {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	body, _ := json.Marshal(struct {
		JSONRPC string   `json:"jsonrpc"`
		ID      *int     `json:"id"`
		Error   rpcError `json:"error"`
	}{"2.0", nil, rpcError{code, message}})
	w.Header().Set("Content-Type", "application/json")
	// The body of a refused request is left unread: the connection is
	// closed after the answer, where net/http would otherwise read what
	// is left of it first, as slowly as its client sends it.
	w.Header().Set("Connection", "close")
	w.WriteHeader(status)
	w.Write(body)
}

// refuseBody answers a request whose body could not be read: 413 past
// its size limit, as the SDK answers it, else 400.
func refuseBody(w http.ResponseWriter, err error) {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		refuse(w, http.StatusRequestEntityTooLarge, codeRefused, fmt.Sprintf("The request's body is larger than %d bytes.", tooBig.Limit))
		return
	}
	refuse(w, http.StatusBadRequest, codeRefused, "The request's body could not be read.")
}

// answerError answers a request that was read, of id, with status and
// the JSON-RPC error e, as the SDK writes one.
func answerError(w http.ResponseWriter, status int, id jsonrpc.ID, e *jsonrpc.Error) {
	body, err := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Error: e})
	if err != nil {
		refuse(w, status, int(e.Code), e.Message)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

// firstByte reads body up to its first byte that is not JSON white space,
// and returns it and the body from it on (the white space before it
// dropped). first is 0 for a body of white space only.
func firstByte(body io.ReadCloser) (first byte, rest io.ReadCloser, err error) {
	var buf [512]byte
	for {
		n, err := body.Read(buf[:])
		for i, c := range buf[:n] {
			switch c {
			case ' ', '\t', '\r', '\n':
				continue
			}
			head := bytes.Clone(buf[i:n])
			return c, readCloser{io.MultiReader(bytes.NewReader(head), body), body}, nil
		}
		if err == io.EOF {
			return 0, readCloser{bytes.NewReader(nil), body}, nil
		}
		if err != nil {
			return 0, nil, err
		}
	}
}

type readCloser struct {
	io.Reader
	io.Closer
}

// clients are the token buckets of the clients that made requests lately.
type clients struct {
	limit rate.Limit
	burst int

	mu      sync.Mutex
	m       map[string]*rate.Limiter
	sweepAt int // the size of m at which full buckets are dropped
}

// minSweep is the fewest clients kept before full buckets are dropped.
const minSweep = 1024

// allow takes a token of key's bucket, or says how long until there is
// one.
func (c *clients) allow(key string, now time.Time) (bool, time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.m[key]
	if l == nil {
		if len(c.m) >= c.sweepAt {
			c.sweep(now)
		}
		l = rate.NewLimiter(c.limit, c.burst)
		c.m[key] = l
	}
	if l.AllowN(now, 1) {
		return true, 0
	}
	return false, time.Duration((1 - l.TokensAt(now)) / float64(c.limit) * float64(time.Second))
}

// sweep drops the buckets that are full: a full bucket is a new one, so
// dropping it changes nothing, and the map holds only the clients of the
// last burst/limit seconds.
func (c *clients) sweep(now time.Time) {
	for k, l := range c.m {
		if l.TokensAt(now) >= float64(c.burst) {
			delete(c.m, k)
		}
	}
	c.sweepAt = max(2*len(c.m), minSweep)
}

// remoteIP is the default client key: the IP address of the request's
// peer.
func remoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	if a = a.Unmap(); a.Is6() {
		p, _ := a.WithZone("").Prefix(64)
		return p.String()
	}
	return a.String()
}

// timedBody is a request's body whose timer (which cuts its reading)
// stops when it has been read to its end.
type timedBody struct {
	io.ReadCloser
	timer *time.Timer
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		b.timer.Stop()
	}
	return n, err
}

// enterClient counts a request of the client key against
// MaxCallsPerClient, false when it is past it.
func (h *httpHandler) enterClient(key string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.byKey[key] >= h.perClient {
		return false
	}
	h.byKey[key]++
	return true
}

func (h *httpHandler) leaveClient(key string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.byKey[key]--; h.byKey[key] <= 0 {
		delete(h.byKey, key)
	}
}

// NewHTTPServer returns an http.Server for h at addr with the limits a
// careful operator sets, to run with ListenAndServe (or Serve, and
// Shutdown to stop):
//
//   - ReadHeaderTimeout 10s, ReadTimeout 1 minute: a client that sends its
//     request a byte at a time is cut;
//   - WriteTimeout 10 minutes: a response is written while its call runs
//     (streamed, with its progress and logs), so this is the longest a
//     call may take; raise it for tools that take longer;
//   - IdleTimeout 2 minutes, for connections kept alive between requests;
//   - MaxHeaderBytes 64 KiB.
//
// An address with no host (":8080", or "") is bound to the loopback
// interface, 127.0.0.1, as MCP asks of a local server: only programs on
// the machine reach it. To listen on every interface, name it:
// "0.0.0.0:8080", "[::]:8080". The fields may be changed before the server
// starts.
func NewHTTPServer(addr string, h http.Handler) *http.Server {
	if addr == "" {
		addr = ":80"
	}
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		addr = net.JoinHostPort("127.0.0.1", port)
	}
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		WriteTimeout:      10 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
}
