package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// serveEnv, set in a test binary's environment, makes it the example
// serving over MCP on stdio (main with -mcp) instead of the tests: the
// tests below run the example as a desktop client runs it, as a process
// whose standard input and output are pipes.
const serveEnv = "QUICKSTART_TEST_SERVE_MCP"

func init() {
	if os.Getenv(serveEnv) == "1" {
		os.Args = []string{os.Args[0], "-mcp"}
		main()
		os.Exit(0)
	}
}

// stdioServer is the example, serving over stdio in a process of its own.
type stdioServer struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr lockedBuffer
	lines  chan []byte // the lines it writes, read as they come
	nextID int
}

// lockedBuffer keeps what the process writes to its standard error, read
// while it writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startServer starts the example with -mcp and initializes a session with
// the protocol version given.
func startServer(t *testing.T, version string) *stdioServer {
	t.Helper()
	s := &stdioServer{t: t, cmd: exec.Command(os.Args[0], "-test.run=^$"), lines: make(chan []byte, 16)}
	// Built with -race, the process would sleep a second at its exit (the
	// race detector's atexit_sleep_ms), for the reports of goroutines
	// still running; the server has none left once its input is closed,
	// and a race it reported makes it exit 66, which the cleanup checks.
	s.cmd.Env = append(os.Environ(), serveEnv+"=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	s.cmd.Stderr = &s.stderr
	var err error
	if s.in, err = s.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(s.lines)
		r := bufio.NewReaderSize(stdout, 1<<16)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				s.lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		s.in.Close()
		done := make(chan error, 1)
		go func() { done <- s.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("the server, its input closed: %v (stderr: %.2000s)", err, s.stderr.String())
			}
		case <-time.After(20 * time.Second):
			s.cmd.Process.Kill()
			<-done
			t.Errorf("the server did not end in 20s once its input was closed")
		}
		for range s.lines {
		}
	})
	s.send([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"junk","version":"0"}}}` + "\n"))
	if m := s.next(); string(m.ID) != "0" || m.Result == nil {
		t.Fatalf("initialize: %s", m.raw)
	}
	s.send([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
	return s
}

func (s *stdioServer) send(b []byte) {
	s.t.Helper()
	if _, err := s.in.Write(b); err != nil {
		s.t.Fatalf("write to the server: %v (stderr: %.2000s)", err, s.stderr.String())
	}
}

// rpcMessage is a message the server wrote, or one of a batch's.
type rpcMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
	raw   []byte
	batch []rpcMessage
}

// next returns the server's next line, decoded; it fails the test when
// the server has ended or says nothing for a while.
func (s *stdioServer) next() rpcMessage {
	s.t.Helper()
	select {
	case line, ok := <-s.lines:
		if !ok {
			s.t.Fatalf("the server ended (stderr: %.2000s)", s.stderr.String())
		}
		m := rpcMessage{raw: line}
		if bytes.HasPrefix(line, []byte("[")) {
			if err := json.Unmarshal(line, &m.batch); err != nil {
				s.t.Fatalf("the server wrote a line that is not JSON-RPC: %.300s", line)
			}
			return m
		}
		if err := json.Unmarshal(line, &m); err != nil {
			s.t.Fatalf("the server wrote a line that is not JSON-RPC: %.300s", line)
		}
		return m
	case <-time.After(30 * time.Second):
		s.t.Fatalf("the server said nothing for 30s (stderr: %.2000s)", s.stderr.String())
	}
	panic("unreachable")
}

// ping calls the ping tool and returns the messages the server wrote
// before its answer, and at least the n first of those it writes after:
// the process is alive and reads each message as it was sent.
func (s *stdioServer) ping(n int) []rpcMessage {
	s.t.Helper()
	s.nextID++
	id := fmt.Sprintf(`"ping-%d"`, s.nextID)
	s.send([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"ping","arguments":{}}}` + "\n"))
	var others []rpcMessage
	for answered := false; !answered || len(others) < n; {
		m := s.next()
		if string(m.ID) != id {
			others = append(others, m)
			continue
		}
		if m.Result == nil || !strings.Contains(string(m.Result), `"pong"`) {
			s.t.Fatalf("ping answered %.300s", m.raw)
		}
		answered = true
	}
	return others
}

// maxErrorText bounds the message of every error the server writes.
const maxErrorText = 512

// TestStdioJunk sends the example's stdio server lines of junk, each
// followed by a call of ping, in one session: whatever the junk, the
// server answers it as JSON-RPC says (or not at all, for a notification,
// a response, an empty line) and answers the call after it, with no
// error message longer than a short bound.
func TestStdioJunk(t *testing.T) {
	s := startServer(t, "2025-06-18")
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	ping := `{"jsonrpc":"2.0","id":"p","method":"ping"}`
	const (
		none          = 0
		parseError    = -32700
		invalidReq    = -32600
		noMethod      = -32601
		invalidParams = -32602
		result        = 1
	)
	for _, c := range []struct {
		name string
		line string // sent with a newline after it
		// want is the answer to the line: none, result, or an error code;
		// id its id ("": none).
		want int
		id   string
	}{
		{name: "empty line", line: ""},
		{name: "spaces and tabs", line: " \t  \t"},
		{name: "a carriage return", line: "\r"},
		{name: "a megabyte of spaces", line: strings.Repeat(" ", 1<<20)},
		{name: "null", line: "null", want: invalidReq},
		{name: "number", line: "42", want: invalidReq},
		{name: "huge number", line: "-1.5e300", want: invalidReq},
		{name: "string", line: `"hello"`, want: invalidReq},
		{name: "true", line: "true", want: invalidReq},
		{name: "empty object", line: "{}", want: invalidReq},
		{name: "no jsonrpc member", line: `{"id":1,"method":"ping"}`, want: invalidReq, id: "1"},
		{name: "jsonrpc 1.0", line: `{"jsonrpc":"1.0","id":2,"method":"ping"}`, want: invalidReq, id: "2"},
		{name: "jsonrpc a number", line: `{"jsonrpc":2.0,"id":3,"method":"ping"}`, want: invalidReq, id: "3"},
		{name: "string id", line: ping, want: result, id: `"p"`},
		{name: "negative id", line: `{"jsonrpc":"2.0","id":-7,"method":"ping"}`, want: result, id: "-7"},
		{name: "fractional id", line: `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, want: invalidReq},
		{name: "boolean id", line: `{"jsonrpc":"2.0","id":true,"method":"ping"}`, want: invalidReq},
		{name: "object id", line: `{"jsonrpc":"2.0","id":{},"method":"ping"}`, want: invalidReq},
		{name: "array id", line: `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, want: invalidReq},
		{name: "null id", line: `{"jsonrpc":"2.0","id":null,"method":"ping"}`, want: invalidReq},
		{name: "huge integer id", line: `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`, want: invalidReq},
		{name: "id past 2^53", line: `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, want: invalidReq},
		{name: "long string id", line: `{"jsonrpc":"2.0","id":"` + strings.Repeat("i", 1000) + `","method":"ping"}`, want: invalidReq},
		{name: "method a number", line: `{"jsonrpc":"2.0","id":4,"method":5}`, want: invalidReq, id: "4"},
		{name: "unknown method", line: `{"jsonrpc":"2.0","id":5,"method":"no/such"}`, want: noMethod, id: "5"},
		{name: "unknown method of a megabyte", line: `{"jsonrpc":"2.0","id":6,"method":"` + strings.Repeat("m", 1<<20) + `"}`, want: noMethod, id: "6"},
		{name: "unknown notification", line: `{"jsonrpc":"2.0","method":"notifications/nothing"}`},
		{name: "notification-shaped junk", line: `{"jsonrpc":"1.0","method":"x","params":7}`},
		{name: "cancelling no request", line: `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":77}}`},
		{name: "response to no request", line: `{"jsonrpc":"2.0","id":99,"result":{}}`},
		{name: "error response to no request", line: `{"jsonrpc":"2.0","id":98,"error":{"code":1,"message":"no"}}`},
		{name: "empty batch", line: "[]", want: invalidReq},
		{name: "batch of junk", line: "[1,2]", want: invalidReq},
		{name: "batch of a call", line: "[" + ping + "]", want: invalidReq},
		{name: "arguments 5,000 deep", line: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ping","arguments":{"a":` + deep(5000) + `}}}`, want: invalidReq, id: "7"},
		{name: "a line 5,000 deep", line: deep(5000), want: invalidReq},
		{name: "unbalanced nesting", line: strings.Repeat("{", 10000), want: invalidReq},
		{name: "a line over 16 MiB", line: `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"ping","arguments":{"a":"` + strings.Repeat("x", 16<<20) + `"}}}`, want: invalidReq, id: "8"},
		{name: "a line over 16 MiB with its id last", line: `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"ping","arguments":{"a":"` + strings.Repeat("x", 16<<20) + `"}},"id":9}`, want: invalidReq, id: "9"},
		{name: "a line over 16 MiB of a response", line: `{"jsonrpc":"2.0","id":10,"result":{"a":"` + strings.Repeat("x", 16<<20) + `"}}`},
		{name: "a line over 16 MiB of junk", line: strings.Repeat("x", 17<<20), want: invalidReq},
		{name: "a byte order mark", line: "\uFEFF" + ping, want: result, id: `"p"`},
		{name: "a byte order mark before junk", line: "\uFEFFnull", want: invalidReq},
		// Read as encoding/json reads it (and the invoker): each bad byte
		// is U+FFFD.
		{name: "invalid UTF-8 in a string", line: `{"jsonrpc":"2.0","id":11,"method":"ping","params":{"_meta":{"x":"` + "\xff\xfe" + `"}}}`, want: result, id: "11"},
		{name: "invalid UTF-8", line: "\xff\xfe", want: parseError},
		{name: "a NUL byte", line: "\x00", want: parseError},
		{name: "a NUL byte in a message", line: `{"jsonrpc":"2.0","id":12,` + "\x00" + `"method":"ping"}`, want: parseError},
		{name: "CRLF", line: ping + "\r", want: result, id: `"p"`},
		{name: "not JSON", line: "hello, server", want: parseError},
		{name: "truncated", line: `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"ping","argu`, want: parseError},
		{name: "truncated after a colon", line: `{"jsonrpc":"2.0","id":20,"method":"ping","params":{"a":`, want: parseError},
		{name: "truncated in an array", line: `{"jsonrpc":"2.0","id":21,"method":"ping","params":{"a":[`, want: parseError},
		{name: "truncated in a string", line: `{"jsonrpc":"2.0","id":14,"method":"ping","params":{"a":"abc`, want: parseError},
		{name: "two messages on a line", line: ping + ping, want: parseError},
		{name: "trailing junk", line: ping + " x", want: parseError},
		{name: "params a string", line: `{"jsonrpc":"2.0","id":15,"method":"tools/call","params":"x"}`, want: invalidParams, id: "15"},
		{name: "tools/call without params", line: `{"jsonrpc":"2.0","id":16,"method":"tools/call"}`, want: invalidReq, id: "16"},
		{name: "unknown tool", line: `{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"no_such_tool","arguments":{}}}`, want: invalidParams, id: "17"},
		{name: "unknown tool of a megabyte", line: `{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"` + strings.Repeat("n", 1<<20) + `","arguments":{}}}`, want: invalidParams, id: "18"},
		{name: "unknown tool of quotes", line: `{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":"` + strings.Repeat(`\"`, 1<<20) + `","arguments":{}}}`, want: invalidParams, id: "19"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s.t = t
			s.send([]byte(c.line + "\n"))
			if c.want == none {
				// Two calls: an answer the server wrote while the first
				// ran comes before the second's.
				if got := append(s.ping(0), s.ping(0)...); len(got) > 0 {
					t.Fatalf("answered %.300s, want no answer", got[0].raw)
				}
				return
			}
			got := s.ping(1)
			if len(got) != 1 {
				t.Fatalf("%d answers before ping's, want 1", len(got))
			}
			m := got[0]
			// An id the server cannot tell is left out, as MCP's schema
			// has it (JSON-RPC writes null).
			if string(m.ID) != c.id {
				t.Errorf("answered id %.100s, want %q", m.ID, c.id)
			}
			switch {
			case c.want == result:
				if m.Result == nil {
					t.Errorf("answered %.300s, want a result", m.raw)
				}
			case m.Error == nil:
				t.Errorf("answered %.300s, want error %d", m.raw, c.want)
			default:
				if m.Error.Code != c.want {
					t.Errorf("error %d %.300q, want code %d", m.Error.Code, m.Error.Message, c.want)
				}
				if len(m.Error.Message) > maxErrorText || len(m.Error.Data) > maxErrorText {
					t.Errorf("an error message of %d bytes (data %d): %.300q", len(m.Error.Message), len(m.Error.Data), m.Error.Message)
				}
			}
		})
	}
}
