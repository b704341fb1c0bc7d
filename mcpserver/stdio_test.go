package mcpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type EchoIn struct {
	Text string `json:"text"`
}

func Echo(in EchoIn) string { return in.Text }

// lineClient speaks JSON-RPC to a server over a StdioTransport's pipes,
// a line at a time.
type lineClient struct {
	t     *testing.T
	w     *io.PipeWriter
	lines chan []byte
	ss    *mcp.ServerSession
}

// serveLines serves Echo on tr, given pipes to a client, and returns the
// client, initialized with the protocol version given.
func serveLines(t *testing.T, tr *mcpserver.StdioTransport, version string) *lineClient {
	t.Helper()
	return serveToolLines(t, tr, version)
}

// serveToolLines is serveLines serving more tools beside Echo.
func serveToolLines(t *testing.T, tr *mcpserver.StdioTransport, version string, more ...*tool.Tool) *lineClient {
	t.Helper()
	echo, err := reflectimpl.Create(Echo)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, append([]*tool.Tool{echo}, more...), nil); err != nil {
		t.Fatal(err)
	}
	return connectLines(t, s, tr, version)
}

// connectLines serves s on tr, given pipes to a client, and returns the
// client, initialized with the protocol version given.
func connectLines(t *testing.T, s *mcp.Server, tr *mcpserver.StdioTransport, version string) *lineClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	tr.Reader, tr.Writer = inR, outW
	ctx, cancel := context.WithCancel(context.Background())
	ss, err := s.Connect(ctx, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &lineClient{t: t, w: inW, lines: make(chan []byte, 16), ss: ss}
	go func() {
		defer close(c.lines)
		r := bufio.NewReader(outR)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				c.lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		ss.Wait()
		outR.Close()
	})
	c.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"lines","version":"0"}}}`)
	if got := c.next(); !strings.Contains(got, `"protocolVersion":"`+version+`"`) {
		t.Fatalf("initialize: %s", got)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return c
}

func (c *lineClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

func (c *lineClient) next() string {
	c.t.Helper()
	select {
	case line, ok := <-c.lines:
		if !ok {
			c.t.Fatal("the server closed its output")
		}
		return strings.TrimSuffix(string(line), "\n")
	case <-time.After(20 * time.Second):
		c.t.Fatal("the server said nothing for 20s")
	}
	return ""
}

// TestStdioBatch: a batch, on a protocol that has them, is answered with
// one array: the calls' results and an error for each element that is
// no message, in the batch's order; notifications are not answered.
func TestStdioBatch(t *testing.T) {
	c := serveLines(t, &mcpserver.StdioTransport{}, "2025-03-26")
	c.send(`[{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"one"}}},` +
		`{"jsonrpc":"2.0","method":"notifications/nothing"},` +
		`7,` +
		`{"jsonrpc":"2.0","id":1,"method":"ping"},` +
		`{"jsonrpc":"1.0","id":"x","method":"ping"},` +
		`{"jsonrpc":"2.0","id":"two","method":"ping"}]`)
	var got []struct {
		ID     any             `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	line := c.next()
	if err := json.Unmarshal([]byte(line), &got); err != nil {
		t.Fatalf("%v: %s", err, line)
	}
	want := []struct {
		id   any
		code int // 0: a result
	}{{1.0, 0}, {nil, -32600}, {nil, -32600}, {"x", -32600}, {"two", 0}}
	if len(got) != len(want) {
		t.Fatalf("answered %s, want %d responses", line, len(want))
	}
	for i, w := range want {
		g := got[i]
		code := 0
		if g.Error != nil {
			code = g.Error.Code
		}
		if g.ID != w.id || code != w.code || (code == 0) != (g.Result != nil) {
			t.Errorf("response %d: %s, want id %v code %d", i, line, w.id, w.code)
		}
	}
	if !strings.Contains(line, `one`) {
		t.Errorf("the call's result is not in %s", line)
	}
	// A batch of notifications and junk only: the junk's errors, at once.
	c.send(`[{"jsonrpc":"2.0","method":"notifications/nothing"},null]`)
	if got := c.next(); got != `[{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: a message is a JSON object."}}]` {
		t.Errorf("answered %s", got)
	}
	c.send(`[{"jsonrpc":"2.0","method":"notifications/nothing"}]`)
	c.send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	if got := c.next(); got != `{"jsonrpc":"2.0","id":3,"result":{}}` {
		t.Errorf("a batch of a notification was answered: %s", got)
	}
	many := "[" + strings.Repeat(`{"jsonrpc":"2.0","method":"notifications/nothing"},`, mcpserver.MaxBatchMessages) + "1]"
	c.send(many)
	if got := c.next(); !strings.Contains(got, `"code":-32600`) || strings.HasPrefix(got, "[") {
		t.Errorf("a batch past the bound: %.300s", got)
	}
}

// TestStdioRefusedResponse: a client's response past the line bound, or
// of more than 65,536 JSON values, fails the server's request it answers,
// unread, rather than leaving it waiting; the line is not kept, and the
// session goes on.
func TestStdioRefusedResponse(t *testing.T) {
	for _, tt := range []struct {
		name   string
		tr     *mcpserver.StdioTransport
		result string // the response's result
		want   string // in the error of the server's request
	}{
		{"long", &mcpserver.StdioTransport{MaxLineBytes: 4096},
			`{"_meta":{"pad":"` + strings.Repeat("x", 5000) + `"}}`, "longer than 4096 bytes"},
		{"many values", &mcpserver.StdioTransport{},
			`{"_meta":{"a":[` + strings.Repeat("1,", 1<<17) + `1]}}`, "more than 65536 JSON values"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := serveLines(t, tt.tr, "2025-06-18")
			done := make(chan error, 1)
			go func() { done <- c.ss.Ping(context.Background(), nil) }()
			var req struct {
				ID json.RawMessage `json:"id"`
			}
			if line := c.next(); json.Unmarshal([]byte(line), &req) != nil || req.ID == nil {
				t.Fatalf("the server's ping: %s", line)
			}
			c.send(`{"jsonrpc":"2.0","result":` + tt.result + `,"id":` + string(req.ID) + `}`)
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("Ping: %v", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the server's request is still waiting")
			}
			c.send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
			if got := c.next(); got != `{"jsonrpc":"2.0","id":5,"result":{}}` {
				t.Errorf("answered %s", got)
			}
		})
	}
}

// TestStdioBounds: the line bound is the transport's option, the depth
// bound 128 levels; a refused line is answered with the request's id; error
// messages are cut; the log says why a line was refused, never what it
// held.
func TestStdioBounds(t *testing.T) {
	var log bytes.Buffer
	c := serveLines(t, &mcpserver.StdioTransport{MaxLineBytes: 1000, Logger: slog.New(slog.NewTextHandler(&log, nil))}, "2025-06-18")
	// A line of exactly 1000 bytes is read; one more is refused.
	for _, tc := range []struct{ line, want string }{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("s", 1000) + `"}}}`,
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid request: the message is longer than 1000 bytes; it was not read."}}`},
		{`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":` + strings.Repeat("[", 126) + `"secret"` + strings.Repeat("]", 126) + `}}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid request: the message nests deeper than 128 levels."}}`},
		// 128 levels pass the transport; the invoker refuses the arguments.
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":` + strings.Repeat("[", 125) + `"x"` + strings.Repeat("]", 125) + `}}}`,
			`{"jsonrpc":"2.0","id":7,"result":{"_meta":{"io.github.toolschema/code":"invalid_arguments","io.github.toolschema/outcome":"not_started","io.github.toolschema/started":false,"toolschema/code":"invalid_arguments","toolschema/outcome":"not_started","toolschema/started":false},"content":[{"type":"text","text":"Arguments are nested deeper than 64 levels."}],"isError":true}}`},
		{`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"text":[["four"]]}}}`,
			`{"jsonrpc":"2.0","id":3,"result":{"_meta":{"io.github.toolschema/code":"invalid_arguments","io.github.toolschema/outcome":"not_started","io.github.toolschema/started":false,"toolschema/code":"invalid_arguments","toolschema/outcome":"not_started","toolschema/started":false},"content":[{"type":"text","text":"Argument 'text' must be a string."}],"isError":true}}`},
		{`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("s", 1000-95) + `"}}}`,
			`{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"` + strings.Repeat("s", 1000-95) + `"}]}}`},
		{`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("s", 1000-95) + `!"}}}`,
			`{"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"Invalid request: the message is longer than 1000 bytes; it was not read."}}`},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"` + strings.Repeat("é", 400) + `"}}`,
			`{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"unknown tool \"` + strings.Repeat("é", 231) + `… (cut: the message was 815 bytes)"}}`},
	} {
		c.send(tc.line)
		if got := c.next(); got != tc.want {
			t.Errorf("%.60s...: answered\n%s\nwant\n%s", tc.line, got, tc.want)
		}
	}
	if strings.Contains(log.String(), "secret") || strings.Count(log.String(), "refused a line") != 3 {
		t.Errorf("the log: %s", log.String())
	}
}

// TestStdioClose: Close ends a Read that waits, and a Write after it
// fails; a session served on the transport works with the SDK's client.
func TestStdioClose(t *testing.T) {
	echo, err := reflectimpl.Create(Echo)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{echo}, nil); err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx := context.Background()
	ss, err := s.Connect(ctx, &mcpserver.StdioTransport{Reader: inR, Writer: outW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v0"}, nil).Connect(ctx, &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "hi"}})
	if err != nil || r.IsError || r.Content[0].(*mcp.TextContent).Text != "hi" {
		t.Fatalf("CallTool: %+v, %v", r, err)
	}
	// The server's side closes: its session ends (its Read returns), and
	// the client's next call fails.
	ss.Close()
	done := make(chan error, 1)
	go func() { done <- ss.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the session did not end after Close")
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "hi"}}); err == nil {
		t.Error("a call after the server closed succeeded")
	}
	cs.Close()

	// A connection closed by hand.
	wait := make(chan struct{})
	defer close(wait)
	conn, err := (&mcpserver.StdioTransport{Reader: io.NopCloser(blockingReader{wait}), Writer: nopWriteCloser{io.Discard}}).Connect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	readErr := make(chan error, 1)
	go func() {
		_, err := conn.Read(ctx)
		readErr <- err
	}()
	time.Sleep(10 * time.Millisecond)
	conn.Close()
	select {
	case err := <-readErr:
		if !errors.Is(err, io.EOF) {
			t.Errorf("Read after Close: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Read still waits after Close")
	}
	id, _ := jsonrpc.MakeID("x")
	if err := conn.Write(ctx, &jsonrpc.Response{ID: id, Result: json.RawMessage("{}")}); !errors.Is(err, mcp.ErrConnectionClosed) {
		t.Errorf("Write after Close: %v", err)
	}
}

// blockingReader is a reader whose reads wait until the test ends.
type blockingReader struct{ done <-chan struct{} }

func (r blockingReader) Read([]byte) (int, error) {
	<-r.done
	return 0, io.EOF
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// TestStdioLongLineNotKept: a line past the bound is read to its end
// without being kept: 64 MiB pass for a bound of 1 KiB in a few
// allocations of the reader's size.
func TestStdioLongLineNotKept(t *testing.T) {
	c := serveLines(t, &mcpserver.StdioTransport{MaxLineBytes: 1024}, "2025-06-18")
	chunk := bytes.Repeat([]byte("x"), 64<<10)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := io.WriteString(c.w, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":"`); err != nil {
		t.Fatal(err)
	}
	for range 1024 {
		if _, err := c.w.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	c.send(`"}}`)
	if got := c.next(); got != `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid request: the message is longer than 1024 bytes; it was not read."}}` {
		t.Errorf("answered %s", got)
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("%d bytes allocated while a line of 64 MiB was refused", n)
	}
}

// TestStdioLongBatchNotRead: a batch past maxBatchMessages is refused
// having counted its messages, not read them. Before, each was read
// into a value of its own first: a line of 2 MiB of "1," allocated 150
// MB, one of 16 MiB (the line bound) 1.4 GB, before the refusal.
func TestStdioLongBatchNotRead(t *testing.T) {
	c := serveLines(t, &mcpserver.StdioTransport{}, "2025-03-26")
	const want = `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: a batch has at most 1024 messages."}}`
	for _, line := range []string{
		"[" + strings.Repeat("1,", 1<<20) + "1]",
		"[" + strings.Repeat(`"a,]",{"b":[1,2]},[[3,4]],`, 1<<16) + "null]",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c.send(line)
		got := c.next()
		runtime.ReadMemStats(&after)
		if got != want {
			t.Errorf("answered %.300s", got)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 8*uint64(len(line)) {
			t.Errorf("%d bytes allocated to refuse a batch of %d bytes", n, len(line))
		}
	}
	// At the bound, with commas and brackets in its strings, it is served.
	at := "[" + strings.Repeat(`{"jsonrpc":"2.0","method":"notifications/x","params":{"a":",[,]"}},`, mcpserver.MaxBatchMessages-1) +
		`{"jsonrpc":"2.0","id":"last","method":"ping"}]`
	c.send(at)
	if got := c.next(); got != `[{"jsonrpc":"2.0","id":"last","result":{}}]` {
		t.Errorf("a batch at the bound: %.300s", got)
	}
}

// TestStdioManyValues: a message of more than 65,536 JSON values besides
// a tool call's arguments is refused unread, with its id; the arguments
// are the invoker's to bound. Before, the SDK read them: 2 MiB of numbers
// in a ping's _meta allocated 140 MB, 16 MiB 1.1 GB.
func TestStdioManyValues(t *testing.T) {
	c := serveLines(t, &mcpserver.StdioTransport{}, "2025-03-26")
	nums := strings.Repeat("1,", 1<<18) + "1"
	const want = `"error":{"code":-32600,"message":"Invalid request: the message holds more than 65536 JSON values besides a tool call's arguments; it was not read."}}`
	for _, tt := range []struct{ line, want string }{
		{`{"jsonrpc":"2.0","id":7,"method":"ping","params":{"_meta":{"a":[` + nums + `]}}}`, `{"jsonrpc":"2.0","id":7,` + want},
		{`{"jsonrpc":"2.0","id":8,"params":{"_meta":{"a":[` + nums + `]},"name":"echo","arguments":{"text":"x"}},"method":"tools/call"}`, `{"jsonrpc":"2.0","id":8,` + want},
		{`{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"arguments":[` + nums + `]}}`, `{"jsonrpc":"2.0","id":9,` + want},
		{`{"jsonrpc":"2.0","id":10,"method":"initialize","params":{"protocolVersion":"2025-03-26","clientInfo":{"name":"x","version":"0"},"capabilities":{"experimental":{"x":[` + nums + `]}}}}`, `{"jsonrpc":"2.0","id":10,` + want},
		{`[{"jsonrpc":"2.0","id":11,"method":"ping","params":{"_meta":{"a":[` + strings.Repeat("1,", 40000) + `1]}}},{"jsonrpc":"2.0","id":12,"method":"ping","params":{"_meta":{"a":[` + strings.Repeat("1,", 40000) + `1]}}}]`,
			`{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: the batch holds more than 65536 JSON values besides its tool calls' arguments."}}`},
		// A call's arguments are its tool's to bound: the tool answers.
		{`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x","extra":[` + nums + `]}}}`,
			`{"jsonrpc":"2.0","id":13,"result":{"_meta":{"io.github.toolschema/code":"invalid_arguments",`},
		{`{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"echo","_meta":{"a":[` + strings.Repeat("1,", 60000) + `1]},"arguments":{"text":"y"}}}`,
			`{"jsonrpc":"2.0","id":14,"result":{"content":[{"type":"text","text":"y"}]}}`},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		c.send(tt.line)
		got := c.next()
		runtime.ReadMemStats(&after)
		if got != tt.want && !strings.HasSuffix(tt.want, ",") || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%.80s: answered %.300s", tt.line, got)
		}
		if n := after.TotalAlloc - before.TotalAlloc; strings.Contains(tt.want, "-32600") && n > 8*uint64(len(tt.line)) {
			t.Errorf("%.80s: %d bytes allocated to refuse %d", tt.line, n, len(tt.line))
		}
	}
}

// FuzzStdioLine: whatever a client writes, each line the server writes
// is a JSON-RPC message or batch with a short error message, and a call
// after it is answered.
func FuzzStdioLine(f *testing.F) {
	for _, s := range []string{
		"", "null", "[]", "[1,2]", "{}", `{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"` + strings.Repeat("n", 2000) + `"}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x"}}`,
		`{"jsonrpc":"2.0","id":3,"result":{}}`, "\uFEFF{}", "\x00", `{"a":`, `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`,
		strings.Repeat("[", 200), `[{"jsonrpc":"2.0","id":4,"method":"ping"},{"jsonrpc":"2.0","id":4,"method":"ping"}]`,
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, junk string, old bool) {
		version := "2025-06-18"
		if old {
			version = "2025-03-26" // batches
		}
		c := serveLines(t, &mcpserver.StdioTransport{MaxLineBytes: 1024}, version)
		c.send(junk)
		c.send(`{"jsonrpc":"2.0","id":"fuzz-ping","method":"ping"}`)
		for {
			line := c.next()
			var msgs []map[string]json.RawMessage
			if strings.HasPrefix(line, "[") {
				if err := json.Unmarshal([]byte(line), &msgs); err != nil {
					t.Fatalf("the server wrote %.300q", line)
				}
			} else {
				var m map[string]json.RawMessage
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					t.Fatalf("the server wrote %.300q", line)
				}
				msgs = append(msgs, m)
			}
			for _, m := range msgs {
				if string(m["jsonrpc"]) != `"2.0"` {
					t.Fatalf("the server wrote %.300q", line)
				}
				var e struct {
					Message string `json:"message"`
				}
				if m["error"] != nil && (json.Unmarshal(m["error"], &e) != nil || len(e.Message) > mcpserver.MaxErrorMessageBytes) {
					t.Fatalf("the server wrote %.300q", line)
				}
				if string(m["id"]) == `"fuzz-ping"` {
					if m["result"] == nil {
						t.Fatalf("ping answered %.300q", line)
					}
					return
				}
			}
		}
	})
}

// A server on standard input and output, for a desktop client: a line of
// junk is answered, and the session goes on.
func ExampleStdioTransport() {
	echo, err := reflectimpl.Create(Echo)
	if err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "echo", Version: "v1"}, nil)
	if err := mcpserver.Register(server, []*tool.Tool{echo}, nil); err != nil {
		log.Fatal(err)
	}
	if err := server.Run(context.Background(), &mcpserver.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}

// holdingLines is serveLines with hold beside Echo, a tool that runs until
// release is closed (or its context ends).
func holdingLines(t *testing.T, version string) (c *lineClient, release chan struct{}) {
	t.Helper()
	release = make(chan struct{})
	hold, err := reflectimpl.Create(func(ctx context.Context) error {
		select {
		case <-release:
		case <-ctx.Done():
		}
		return nil
	}, reflectimpl.Meta(tool.Meta{Name: "hold"}))
	if err != nil {
		t.Fatal(err)
	}
	return serveToolLines(t, &mcpserver.StdioTransport{}, version, hold), release
}

// call sends a tools/call of hold, or of echo with a text, with id.
func (c *lineClient) call(id int, name string) {
	c.t.Helper()
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{%s}}}`, id, name, map[bool]string{true: `"text":"hi"`}[name == "echo"]))
}

// TestStdioCallsAtOnce: a client that keeps starting calls is answered
// busy past 64 requests at once (HTTPHandler's default), with the
// request's id, before the SDK reads it; a request answered (one the
// client cancelled too) makes room again. Before, the calls piled up without
// bound, each holding its line and what the SDK made of it.
func TestStdioCallsAtOnce(t *testing.T) {
	c, release := holdingLines(t, "2025-06-18")
	call := c.call
	// answer returns the line answering id, reading lines until it comes.
	answered := map[string]string{}
	answer := func(id int) string {
		t.Helper()
		key := fmt.Sprintf(`"id":%d,`, id)
		for answered[key] == "" {
			line := c.next()
			if _, rest, ok := strings.Cut(line, `"id":`); ok {
				n, _, _ := strings.Cut(rest, ",")
				answered[`"id":`+n+`,`] = line
			}
		}
		return answered[key]
	}
	for id := 1; id <= 64; id++ {
		call(id, "hold")
	}
	call(65, "echo")
	if got := answer(65); !strings.Contains(got, `"code":-32000`) || !strings.Contains(got, "Server busy: it works on at most 64 requests at once") {
		t.Fatalf("the 65th request at once: %s", got)
	}
	// A ping is answered all the same: a client's keepalive does not
	// take a busy server for a dead one.
	c.send(`{"jsonrpc":"2.0","id":"keepalive","method":"ping"}`)
	if got := c.next(); !strings.Contains(got, `"id":"keepalive","result":{}`) {
		t.Fatalf("a ping while 64 calls run: %s", got)
	}
	// A call the client cancels makes room once it is answered (its tool
	// stops with its context), for one more.
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"no longer needed"}}`)
	answer(1)
	call(66, "hold")
	call(67, "echo")
	if got := answer(67); !strings.Contains(got, `"code":-32000`) {
		t.Fatalf("64 held again, one more: %s", got)
	}
	// Answered, the calls make room; the one started after the
	// cancellation ran.
	close(release)
	if got := answer(66); !strings.Contains(got, `"result"`) {
		t.Fatalf("the call started after a cancellation: %s", got)
	}
	// Every held call's answer read: the server's writes, which a line
	// unread would block, end before the session does.
	for id := 2; id <= 64; id++ {
		answer(id)
	}
	call(68, "echo")
	if got := answer(68); !strings.Contains(got, `"result"`) {
		t.Fatalf("a call after the others were answered: %s", got)
	}
}

// TestStdioCallsAtOnceReusedID: a request whose id is that of a request
// still worked on neither takes its place in the count nor frees it, and
// is answered without an id (the SDK would drop it unanswered; answered
// with the id, the client would read it as the first request's answer).
// Before, at 64 calls at once, such a request was answered busy with the
// id, which took the first one out of the count: a client could keep
// starting calls past the bound by sending an id twice each time.
func TestStdioCallsAtOnceReusedID(t *testing.T) {
	c, release := holdingLines(t, "2025-06-18")
	call := c.call
	const dupAnswer = `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: the id is that of another request not yet answered."}}`
	// Not full: the second request with id 1 is answered without an id.
	call(1, "hold")
	call(1, "echo")
	if got := c.next(); got != dupAnswer {
		t.Fatalf("a request with the id of one worked on: %s", got)
	}
	for id := 2; id <= 64; id++ {
		call(id, "hold")
	}
	// Full: the same, and the count stays full.
	for id := 1; id <= 3; id++ {
		call(id, "echo")
		if got := c.next(); got != dupAnswer {
			t.Fatalf("at 64 at once, a request with the id %d of one worked on: %s", id, got)
		}
	}
	call(100, "echo")
	if got := c.next(); !strings.Contains(got, `"id":100,`) || !strings.Contains(got, `"code":-32000`) {
		t.Fatalf("the 65th request at once, after ids given twice: %s", got)
	}
	close(release)
	seen := map[string]bool{}
	for len(seen) < 64 {
		line := c.next()
		if !strings.Contains(line, `"result"`) {
			t.Fatalf("a held call's answer: %s", line)
		}
		_, rest, _ := strings.Cut(line, `"id":`)
		n, _, _ := strings.Cut(rest, ",")
		seen[n] = true
	}
}

// TestStdioBatchReusedID: a batch's request whose id is that of a
// request outside it still worked on is answered in the batch as one
// whose id another in it has, and the other request's answer comes
// alone. Before, the SDK dropped it unanswered, the batch waited on it,
// and the other request's answer was taken into the batch.
func TestStdioBatchReusedID(t *testing.T) {
	c, release := holdingLines(t, "2025-03-26")
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"hold","arguments":{}}}`)
	c.send(`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]`)
	want := `[{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid request: the id is that of another request not yet answered."}},{"jsonrpc":"2.0","id":2,"result":{}}]`
	if got := c.next(); got != want {
		t.Fatalf("the batch: %s\nwant %s", got, want)
	}
	close(release)
	if got := c.next(); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":1,"result":`) {
		t.Fatalf("the held call: %s", got)
	}
}

// TestStdioCallsAtOnceAnswered: a request the SDK refuses is answered
// and leaves the count of requests at once: a notification's method
// called with an id, a second initialize, an unknown method, params of
// the wrong shape, an unknown tool. 70 of them in turn (past the 64 at
// once) leave room for a call; a kind the SDK stopped answering would
// hold its place for good, and the server would answer busy.
func TestStdioCallsAtOnceAnswered(t *testing.T) {
	c := serveLines(t, &mcpserver.StdioTransport{}, "2025-06-18")
	kinds := []string{
		`"method":"notifications/initialized"`,
		`"method":"notifications/cancelled","params":{"requestId":1}`,
		`"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"0"}}`,
		`"method":"initialize","params":7`,
		`"method":"no/such/method"`,
		`"method":"tools/call","params":7`,
		`"method":"tools/call","params":{"name":"nope"}`,
		`"method":"ping","params":[1]`,
		`"method":"resources/read","params":{"uri":"x"}`,
		`"method":"tools/list","params":{"cursor":"!!"}`,
	}
	for i := range 70 {
		c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,%s}`, 100+i, kinds[i%len(kinds)]))
		if got := c.next(); !strings.Contains(got, fmt.Sprintf(`"id":%d,`, 100+i)) {
			t.Fatalf("%s: answered %s", kinds[i%len(kinds)], got)
		}
	}
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`)
	if got := c.next(); !strings.Contains(got, `"id":1,"result"`) {
		t.Fatalf("a call after 70 requests refused: %s", got)
	}
}
