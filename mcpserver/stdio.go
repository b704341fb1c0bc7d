package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/internal/jsonscan"
)

// The bounds of the stdio transport.
const (
	// defaultMaxLineBytes bounds one line (one message) that
	// StdioTransport reads, its newline not counted, when MaxLineBytes
	// is zero: the go-sdk's own bound.
	defaultMaxLineBytes = 16 << 20
	// maxMessageDepth bounds how deeply one message may nest (objects
	// and arrays, the message itself counting one): room for a call's
	// arguments at the invoker's 64 levels, which refuses deeper
	// arguments with its own message.
	maxMessageDepth = 128
	// maxErrorMessageBytes bounds the message of an error response that
	// StdioTransport writes: the SDK's messages repeat the client's text
	// (an unknown tool's or method's name), and a longer one is cut, on
	// a character boundary, and says so. An error's data longer than
	// this is left out.
	maxErrorMessageBytes = 512
	// maxIDBytes bounds a request's id as written on the wire: a longer
	// one is refused. JSON-RPC requires the id to be sent back whole.
	maxIDBytes = 256
	// maxBatchMessages bounds the messages of one JSON-RPC batch (a
	// protocol before 2025-06-18); a longer batch is refused whole.
	maxBatchMessages = 1024
)

// A StdioTransport serves MCP over newline-delimited JSON-RPC, on
// standard input and output by default, as the go-sdk's
// mcp.StdioTransport does; unlike it, it goes on serving whatever a line
// holds (the SDK's ends the session at the first line that is not a
// message it can decode, and reads a line that does not end a JSON value
// together with the lines after it).
//
// Each line is one message, read with a bound (MaxLineBytes): a longer
// line is read to its newline without being kept, and refused. A leading
// byte order mark, a trailing carriage return and blank lines are
// ignored. A line that is not one JSON value is answered with a parse
// error (-32700). JSON that is not a JSON-RPC 2.0 message is answered
// with an invalid request (-32600): not an object, a "jsonrpc" other than
// "2.0", an id that is not a string or an integer within ±2^53 (the SDK
// reads ids as float64) or is longer than 256 bytes, a method that is
// not a string, a nesting deeper than 128 levels (checked before anything
// decodes the line), an empty batch. The answer carries the request's id
// when it has a valid one; else the id is left out, as MCP's schema has
// it and the TypeScript SDK's client reads it (JSON-RPC writes null). A
// notification, or a response, that is junk is dropped: neither is ever
// answered. A line past the bound that is a request is answered with its
// id when its id is found; one that is a response fails the server's
// request it answers, rather than leaving it waiting.
//
// The server works on at most 64 requests at once (HTTPHandler's default
// MaxCalls); one more is answered busy (-32000) without the SDK reading it.
// A request whose id is that of one not yet answered is refused (-32600,
// without the id, which would answer the other).
//
// A request leaves the count, and frees its id, when the server answers
// it. The go-sdk answers no request whose result encoding/json cannot
// encode (a NaN, a MarshalJSON that fails, json.RawMessage that is not
// JSON): it logs the failure and drops the response, which this transport
// never sees. On a server that Register or AddTool added tools to (or
// that HTTPHandler serves too), a middleware of this package answers such
// a request with an internal error (-32603) that names the tool and the
// encoder's reason. On a server without one (the SDK's tools alone, or
// tools added with Handler by hand), such a request is never answered:
// its client waits for good, and it holds its place among the 64, and
// its id, for the rest of the session.
//
// Batches are served as the SDK serves them (the responses in one array)
// until the server has answered an initialize with protocol version
// 2025-06-18 or later, which has none; they are refused then. Error
// messages written, the SDK's included, are cut to 512 bytes:
// the SDK's repeat the client's text (an unknown tool's name, whole).
//
// Use it as the SDK's: server.Run(ctx, &mcpserver.StdioTransport{}).
type StdioTransport struct {
	// Reader is read for the client's messages; nil: os.Stdin.
	Reader io.ReadCloser
	// Writer is written with the server's; nil: os.Stdout, which Close
	// does not close.
	Writer io.WriteCloser
	// MaxLineBytes bounds one line: 16 MiB when zero or
	// less.
	MaxLineBytes int
	// Logger, when set, is told of each line refused or dropped (why and
	// its size, never its text).
	Logger *slog.Logger
}

// Connect implements mcp.Transport. Its connection reads the lines in a
// goroutine of its own, one ahead of the server at most; as with the
// SDK's transport, that goroutine outlives Close when the reader does
// not return (os.Stdin is closed, but a read of it may still block).
func (t *StdioTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &stdioConn{
		r:        t.Reader,
		w:        t.Writer,
		maxLine:  t.MaxLineBytes,
		maxDepth: maxMessageDepth,
		log:      t.Logger,
		incoming: make(chan jsonrpc.Message),
		ended:    make(chan struct{}),
		closed:   make(chan struct{}),
	}
	if c.r == nil {
		c.r = os.Stdin
	}
	if c.w == nil {
		c.w = nopCloser{os.Stdout}
	}
	if c.maxLine <= 0 {
		c.maxLine = defaultMaxLineBytes
	}
	go c.readLoop()
	return c, nil
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// JSON-RPC's error codes used here.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

type stdioConn struct {
	r        io.ReadCloser
	w        io.WriteCloser
	maxLine  int
	maxDepth int
	log      *slog.Logger

	// incoming carries the messages the read loop passes on, one at a
	// time; ended is closed when it stops, readErr saying why.
	incoming chan jsonrpc.Message
	ended    chan struct{}
	readErr  error

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error

	writeMu sync.Mutex // one line at a time

	mu sync.Mutex
	// version is the protocol version the server answered an
	// initialize with; initIDs the initialize requests not yet answered.
	version string
	initIDs map[jsonrpc.ID]bool
	// batches holds the batches with requests not yet answered, by the
	// ids of those requests.
	batches map[jsonrpc.ID]*batch
	// calls holds the requests passed on and not yet answered: at most
	// maxStdioCalls.
	calls map[jsonrpc.ID]bool
}

// maxStdioCalls is the most requests a StdioTransport's server works on
// at once, HTTPHandler's default: past it a request is answered busy, not
// read by the SDK, whose calls would otherwise pile up without bound,
// each holding its line and what the SDK made of it.
const maxStdioCalls = defaultMaxCalls

// msgIDInUse answers a request whose id is that of another not yet
// answered, without an id.
const msgIDInUse = "Invalid request: the id is that of another request not yet answered."

// admit counts a request passed on to the server among the calls at
// once, and answers it busy past maxStdioCalls (false: not passed on); a
// request whose id is that of one not yet answered is refused, neither
// counted nor freeing the other's place. A
// request leaves the count when the server answers it, as the SDK does
// every call, one the client cancelled too, once its handler returns: a
// cancelled call whose tool goes on still holds its place. The SDK
// answers none whose result it cannot encode: a served's middleware
// answers those, on the servers it watches; on another, such a request
// holds its place for good (the transport is not told of it).
func (c *stdioConn) admit(m jsonrpc.Message) bool {
	req, ok := m.(*jsonrpc.Request)
	if !ok || !req.ID.IsValid() {
		return true
	}
	c.mu.Lock()
	if c.calls[req.ID] {
		// The SDK would drop it unanswered; answered with the id, the
		// client would take it for the first request's answer. Not
		// through Write, which would take the first out of the count.
		c.mu.Unlock()
		c.logf("refused a request", "method", req.Method, "why", "its id is that of a request not yet answered")
		c.answer(&jsonrpc.Response{Error: &jsonrpc.Error{Code: codeInvalidRequest, Message: msgIDInUse}})
		return false
	}
	if len(c.calls) >= maxStdioCalls && req.Method != "ping" {
		// (A ping, answered at once, is not refused: a client's
		// keepalive would take a busy server for a dead one.)
		c.mu.Unlock()
		c.logf("refused a request", "method", req.Method, "why", "busy")
		// Through Write, which completes a batch the request is in.
		c.Write(context.Background(), &jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{Code: codeBusy,
			Message: fmt.Sprintf("Server busy: it works on at most %d requests at once. Retry after 1s.", maxStdioCalls)}})
		return false
	}
	if c.calls == nil {
		c.calls = map[jsonrpc.ID]bool{}
	}
	c.calls[req.ID] = true
	c.mu.Unlock()
	return true
}

// A batch collects the responses to a batch's requests: written as one
// array when the last is answered.
type batch struct {
	responses []*jsonrpc.Response // nil: not answered yet
	slots     map[jsonrpc.ID]int
	left      int
}

func (c *stdioConn) SessionID() string { return "" }

func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, io.EOF
	default:
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case m := <-c.incoming:
		return m, nil
	case <-c.ended:
		return nil, c.readErr
	case <-c.closed:
		return nil, io.EOF
	}
}

func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-c.closed:
		return mcp.ErrConnectionClosed
	default:
	}
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		delete(c.calls, resp.ID)
		c.mu.Unlock()
		resp = boundError(resp)
		msg = resp
		c.noteVersion(resp)
		if all, ok := c.completeBatch(resp); ok {
			if all == nil {
				return nil
			}
			return c.writeBatch(all)
		}
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("mcpserver: stdio: encoding a message: %w", err)
	}
	return c.writeLine(data)
}

func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		c.closeErr = errors.Join(c.r.Close(), c.w.Close())
	})
	return c.closeErr
}

// writeLine writes one message and its newline.
func (c *stdioConn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.w.Write(append(data, '\n'))
	return err
}

func (c *stdioConn) writeBatch(rs []*jsonrpc.Response) error {
	raws := make([]json.RawMessage, len(rs))
	for i, r := range rs {
		data, err := jsonrpc.EncodeMessage(r)
		if err != nil {
			return fmt.Errorf("mcpserver: stdio: encoding a message: %w", err)
		}
		raws[i] = data
	}
	data, err := json.Marshal(raws)
	if err != nil {
		return fmt.Errorf("mcpserver: stdio: encoding a batch: %w", err)
	}
	return c.writeLine(data)
}

// boundError returns resp with its error's message cut to
// maxErrorMessageBytes and a longer data left out; resp itself when
// they are short.
func boundError(resp *jsonrpc.Response) *jsonrpc.Response {
	if resp.Error == nil {
		return resp
	}
	var we *jsonrpc.Error
	msg := resp.Error.Error()
	var code int64
	var data json.RawMessage
	if errors.As(resp.Error, &we) {
		code = we.Code
		if we == resp.Error {
			msg, data = we.Message, we.Data
		}
	}
	if len(msg) <= maxErrorMessageBytes && len(data) <= maxErrorMessageBytes {
		return resp
	}
	if len(data) > maxErrorMessageBytes {
		data = nil
	}
	out := *resp
	out.Error = &jsonrpc.Error{Code: code, Message: cutMessage(msg), Data: data}
	return &out
}

// cutMessage cuts s to at most maxErrorMessageBytes, on a character
// boundary, and says so.
func cutMessage(s string) string {
	if len(s) <= maxErrorMessageBytes {
		return s
	}
	tail := "… (cut: the message was " + strconv.Itoa(len(s)) + " bytes)"
	n := maxErrorMessageBytes - len(tail)
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + tail
}

// noteVersion keeps the protocol version of the server's answer to an
// initialize: batches are refused from 2025-06-18 on.
func (c *stdioConn) noteVersion(resp *jsonrpc.Response) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.initIDs[resp.ID] {
		return
	}
	delete(c.initIDs, resp.ID)
	var r struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if resp.Error == nil && json.Unmarshal(resp.Result, &r) == nil && r.ProtocolVersion != "" {
		c.version = r.ProtocolVersion
	}
}

// completeBatch records resp when it answers a request of a batch, and
// reports whether it did; all is the batch's responses when resp was the
// last one.
func (c *stdioConn) completeBatch(resp *jsonrpc.Response) (all []*jsonrpc.Response, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.batches[resp.ID]
	if b == nil {
		return nil, false
	}
	delete(c.batches, resp.ID)
	b.responses[b.slots[resp.ID]] = resp
	if b.left--; b.left > 0 {
		return nil, true
	}
	return b.responses, true
}

// readLoop reads the lines and passes their messages on until the reader
// ends or the connection is closed.
func (c *stdioConn) readLoop() {
	br := bufio.NewReaderSize(c.r, 64<<10)
	var err error
	for err == nil {
		var line []byte
		var long *lineScan
		var n int
		line, long, n, err = c.readLine(br)
		var out []jsonrpc.Message
		var werr error
		if long != nil {
			out, werr = c.refuseLong(long, n)
		} else {
			out, werr = c.handleLine(line)
		}
		for _, m := range out {
			if !c.admit(m) {
				continue
			}
			select {
			case c.incoming <- m:
			case <-c.closed:
				return
			}
		}
		if werr != nil && err == nil {
			err = werr
		}
	}
	c.readErr = err
	close(c.ended)
}

// readLine reads a line, without its newline. A line longer than the
// bound is not kept: it is read to its end through a scan, which is
// returned, and n is its length.
func (c *stdioConn) readLine(br *bufio.Reader) (line []byte, long *lineScan, n int, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		text := chunk
		if err == nil {
			text = chunk[:len(chunk)-1]
		}
		n += len(text)
		switch {
		case long != nil:
			long.feed(text)
		case n > c.maxLine:
			long = newLineScan(c.maxDepth)
			long.feed(trimBOM(line))
			long.feed(text)
			line = nil
		default:
			line = append(line, text...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return line, long, n, err
	}
}

var bom = []byte("\uFEFF")

func trimBOM(b []byte) []byte { return bytes.TrimPrefix(b, bom) }

// handleLine answers a line that is no message, and returns the messages
// of one that is (more than one for a batch).
func (c *stdioConn) handleLine(line []byte) ([]jsonrpc.Message, error) {
	line = bytes.Trim(trimBOM(line), " \t\r\n")
	if len(line) == 0 {
		return nil, nil
	}
	s := newLineScan(c.maxDepth)
	s.feed(line)
	if s.tooDeep {
		return nil, c.refuse(s, len(line), codeInvalidRequest, fmt.Sprintf("Invalid request: the message nests deeper than %d levels.", c.maxDepth))
	}
	if !json.Valid(line) {
		return nil, c.refuse(nil, len(line), codeParseError, "Parse error: the line is not one JSON value.")
	}
	switch line[0] {
	case '{':
		if messageValues(line) > maxMessageValues {
			return c.refuseWhole(s, len(line), fmt.Sprintf("the message holds more than %d JSON values besides a tool call's arguments", maxMessageValues))
		}
		m, err := c.message(line, s)
		if m == nil {
			return nil, err
		}
		return []jsonrpc.Message{m}, err
	case '[':
		return c.batch(line)
	}
	return nil, c.refuse(nil, len(line), codeInvalidRequest, "Invalid request: a message is a JSON object.")
}

// message checks one JSON object as a JSON-RPC message: it returns the
// message, or answers (or drops) what is not one.
func (c *stdioConn) message(obj []byte, s *lineScan) (jsonrpc.Message, error) {
	m, resp := c.decode(obj, s)
	if resp != nil {
		return nil, c.answer(resp)
	}
	return m, nil
}

// decode decodes a JSON object as a JSON-RPC message. When it is not
// one, the message is nil and resp the answer (nil: dropped, for a
// notification or a response).
func (c *stdioConn) decode(obj []byte, s *lineScan) (m jsonrpc.Message, resp *jsonrpc.Response) {
	why := s.problem()
	if why == "" {
		var err error
		if m, err = jsonrpc.DecodeMessage(obj); err != nil {
			m, why = nil, "it is not a JSON-RPC message"
		}
	}
	if why != "" {
		return nil, c.invalid(s, len(obj), why)
	}
	if req, ok := m.(*jsonrpc.Request); ok && req.Method == "initialize" && req.ID.IsValid() {
		c.mu.Lock()
		if c.initIDs == nil {
			c.initIDs = map[jsonrpc.ID]bool{}
		}
		c.initIDs[req.ID] = true
		c.mu.Unlock()
	}
	return m, nil
}

// invalid is the answer to an object that is not a valid message: an
// invalid request, with the request's id when it has a valid one; nil
// for a notification or a response, which are dropped.
func (c *stdioConn) invalid(s *lineScan, size int, why string) *jsonrpc.Response {
	switch s.shape() {
	case notificationShape, responseShape:
		c.logf("dropped a line", "bytes", size, "why", why)
		return nil
	}
	c.logf("refused a line", "bytes", size, "why", why)
	id, _ := s.requestID()
	return &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: codeInvalidRequest, Message: "Invalid request: " + why + "."}}
}

// refuse answers a line with an error; s, when given, says whether the
// line is a request and its id, or a notification or response (then
// nothing is answered).
func (c *stdioConn) refuse(s *lineScan, size int, code int64, msg string) error {
	if s != nil {
		switch s.shape() {
		case notificationShape, responseShape:
			c.logf("dropped a line", "bytes", size, "why", msg)
			return nil
		}
	}
	c.logf("refused a line", "bytes", size, "why", msg)
	var id jsonrpc.ID
	if s != nil {
		id, _ = s.requestID()
	}
	return c.answer(&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: code, Message: msg}})
}

// refuseLong refuses a line past the bound: a request is answered (with
// its id when found), a response fails the server's request it answers.
func (c *stdioConn) refuseLong(s *lineScan, size int) ([]jsonrpc.Message, error) {
	return c.refuseWhole(s, size, fmt.Sprintf("the message is longer than %d bytes", c.maxLine))
}

// refuseWhole refuses a line that is not read for why, as refuseLong
// does.
func (c *stdioConn) refuseWhole(s *lineScan, size int, msg string) ([]jsonrpc.Message, error) {
	if s.shape() == responseShape {
		if id, ok := s.responseID(); ok {
			c.logf("refused a response", "bytes", size, "why", msg)
			return []jsonrpc.Message{&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{
				Code: codeInvalidRequest, Message: "The client's response was refused: " + msg + "."}}}, nil
		}
	}
	return nil, c.refuse(s, size, codeInvalidRequest, "Invalid request: "+msg+"; it was not read.")
}

func (c *stdioConn) answer(resp *jsonrpc.Response) error {
	if resp == nil {
		return nil
	}
	data, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		return err
	}
	return c.writeLine(data)
}

func (c *stdioConn) logf(msg string, args ...any) {
	if c.log != nil {
		c.log.Info("mcpserver: stdio: "+msg, args...)
	}
}

// batch serves a JSON-RPC batch: its requests are passed on, and the
// responses written as one array when the last is answered; the
// elements that are not messages are answered in it.
func (c *stdioConn) batch(line []byte) ([]jsonrpc.Message, error) {
	c.mu.Lock()
	version := c.version
	c.mu.Unlock()
	if version >= "2025-06-18" {
		return nil, c.refuse(nil, len(line), codeInvalidRequest, "Invalid request: protocol version "+version+" has no batches.")
	}
	// Counted before they are read: read, a line of a million messages
	// made a million values.
	if batchLen(line, maxBatchMessages) > maxBatchMessages {
		return nil, c.refuse(nil, len(line), codeInvalidRequest, fmt.Sprintf("Invalid request: a batch has at most %d messages.", maxBatchMessages))
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(line, &elems); err != nil || len(elems) == 0 {
		return nil, c.refuse(nil, len(line), codeInvalidRequest, "Invalid request: the batch is empty.")
	}
	values := 0
	for _, e := range elems {
		values += messageValues(e)
	}
	if values > maxMessageValues {
		return nil, c.refuse(nil, len(line), codeInvalidRequest, fmt.Sprintf("Invalid request: the batch holds more than %d JSON values besides its tool calls' arguments.", maxMessageValues))
	}
	b := &batch{slots: map[jsonrpc.ID]int{}}
	var out []jsonrpc.Message
	for _, e := range elems {
		if e[0] != '{' {
			b.responses = append(b.responses, &jsonrpc.Response{Error: &jsonrpc.Error{Code: codeInvalidRequest, Message: "Invalid request: a message is a JSON object."}})
			continue
		}
		s := newLineScan(c.maxDepth)
		s.feed(e)
		m, resp := c.decode(e, s)
		if resp != nil {
			b.responses = append(b.responses, resp)
		}
		if m == nil {
			continue
		}
		if req, ok := m.(*jsonrpc.Request); ok && req.ID.IsValid() {
			c.mu.Lock()
			_, pending := c.batches[req.ID]
			pending = pending || c.calls[req.ID]
			c.mu.Unlock()
			if _, dup := b.slots[req.ID]; dup || pending {
				b.responses = append(b.responses, &jsonrpc.Response{Error: &jsonrpc.Error{Code: codeInvalidRequest, Message: msgIDInUse}})
				continue
			}
			b.slots[req.ID] = len(b.responses)
			b.responses = append(b.responses, nil)
			b.left++
		}
		out = append(out, m)
	}
	if b.left == 0 {
		if len(b.responses) == 0 {
			return out, nil
		}
		return out, c.writeBatch(b.responses)
	}
	c.mu.Lock()
	if c.batches == nil {
		c.batches = map[jsonrpc.ID]*batch{}
	}
	for id := range b.slots {
		c.batches[id] = b
	}
	c.mu.Unlock()
	return out, nil
}

// batchLen counts the elements of line, a valid JSON array that is not
// empty, up to one past past: one more than the commas between them,
// outside strings and nested values.
func batchLen(line []byte, past int) int {
	n, depth := 1, 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '"':
			i = jsonscan.StringEnd(line, i) - 1
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 1:
			if n++; n > past {
				return n
			}
		}
	}
	return n
}

// The shapes of a JSON object as a JSON-RPC message.
const (
	otherShape        = iota
	requestShape      // a method and an id
	notificationShape // a method, no id
	responseShape     // a result or an error, no method
)

// A lineScan reads a line (or a message of a batch) byte by byte, in as
// many pieces as it comes in, keeping only its nesting depth and, when
// it is an object, which of JSON-RPC's members it has and the short ones'
// values: enough to refuse it, and to answer it with its id, without
// holding it.
type lineScan struct {
	maxDepth int
	depth    int
	tooDeep  bool
	inString bool
	escaped  bool

	// The top-level object's members.
	inObject  bool // the line is an object: its members are read
	expectKey bool
	keying    bool   // reading a member's name
	key       []byte // its raw text, bounded
	keyLong   bool
	capture   *[]byte // the value being kept, bounded
	captureN  int     // its bound
	over      *bool   // set when the value passed the bound

	has                 [5]bool
	jsonrpc, id, method []byte
	jsonrpcOver, idOver bool
	methodOver          bool
}

// The members of JSON-RPC's message that a lineScan notes.
const (
	memJSONRPC = iota
	memID
	memMethod
	memResult
	memError
)

var members = map[string]int{"jsonrpc": memJSONRPC, "id": memID, "method": memMethod, "result": memResult, "error": memError}

func newLineScan(maxDepth int) *lineScan { return &lineScan{maxDepth: maxDepth} }

func (s *lineScan) feed(p []byte) {
	for i := 0; i < len(p); i++ {
		if s.inString && !s.keying && !s.escaped && s.capture == nil {
			// The text of a string that is not kept: on to its next
			// quote or backslash.
			rest := p[i:]
			j := bytes.IndexByte(rest, '"')
			if j < 0 {
				j = len(rest)
			}
			if k := bytes.IndexByte(rest[:j], '\\'); k >= 0 {
				j = k
			}
			if i += j; i == len(p) {
				return
			}
		}
		b := p[i]
		if s.inString {
			if s.keying {
				if b == '"' && !s.escaped {
					s.keying = false
					s.inString = false
					continue
				}
				if len(s.key) < 32 {
					s.key = append(s.key, b)
				} else {
					s.keyLong = true
				}
			} else {
				s.keep(b)
			}
			switch {
			case s.escaped:
				s.escaped = false
			case b == '\\':
				s.escaped = true
			case b == '"':
				s.inString = false
			}
			continue
		}
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		}
		switch b {
		case '"':
			s.inString = true
			if s.depth == 1 && s.inObject && s.expectKey {
				s.keying, s.expectKey = true, false
				s.key, s.keyLong = s.key[:0], false
				continue
			}
		case '{', '[':
			s.depth++
			if s.depth > s.maxDepth {
				s.tooDeep = true
			}
			if s.depth == 1 {
				s.inObject = b == '{'
				s.expectKey = s.inObject
			}
		case '}', ']':
			if s.depth == 1 {
				s.capture = nil
			}
			if s.depth > 0 {
				s.depth--
			}
		case ':':
			if s.depth == 1 && s.inObject {
				s.member()
				continue
			}
		case ',':
			if s.depth == 1 && s.inObject {
				s.capture = nil
				s.expectKey = true
				continue
			}
		}
		s.keep(b)
	}
}

// keep adds b to the value being kept, if any.
func (s *lineScan) keep(b byte) {
	if s.capture == nil {
		return
	}
	if len(*s.capture) < s.captureN {
		*s.capture = append(*s.capture, b)
	} else {
		*s.over = true
		s.capture = nil // the rest is not kept
	}
}

// member starts the value of the member whose name was just read.
func (s *lineScan) member() {
	if s.keyLong {
		return
	}
	name := string(s.key)
	if bytes.IndexByte(s.key, '\\') >= 0 {
		json.Unmarshal([]byte(`"`+name+`"`), &name)
	}
	i, ok := members[name]
	if !ok {
		return
	}
	s.has[i] = true
	switch i {
	case memJSONRPC:
		s.jsonrpc, s.jsonrpcOver = s.jsonrpc[:0], false
		s.capture, s.captureN, s.over = &s.jsonrpc, 16, &s.jsonrpcOver
	case memID:
		s.id, s.idOver = s.id[:0], false
		s.capture, s.captureN, s.over = &s.id, maxIDBytes, &s.idOver
	case memMethod:
		s.method, s.methodOver = s.method[:0], false
		s.capture, s.captureN, s.over = &s.method, 1, &s.methodOver
	}
}

// shape is what the line looks like: a request, a notification, a
// response, or none of them.
func (s *lineScan) shape() int {
	switch {
	case !s.inObject:
		return otherShape
	case s.has[memMethod] && s.has[memID]:
		return requestShape
	case s.has[memMethod]:
		return notificationShape
	case s.has[memResult] || s.has[memError]:
		return responseShape
	}
	return otherShape
}

// id returns the line's id, when it is a string or an integer that JSON
// numbers hold exactly, no longer than maxIDBytes.
func (s *lineScan) idValue() (jsonrpc.ID, string) {
	if !s.has[memID] {
		return jsonrpc.ID{}, ""
	}
	if s.idOver {
		return jsonrpc.ID{}, fmt.Sprintf("the id is longer than %d bytes", maxIDBytes)
	}
	raw := s.id
	if len(raw) > 0 && raw[0] == '"' {
		var str string
		if json.Unmarshal(raw, &str) != nil {
			return jsonrpc.ID{}, "the id is not a string or an integer"
		}
		id, _ := jsonrpc.MakeID(str)
		return id, ""
	}
	// The SDK reads a number id as a float64: an integer past 2^53
	// would be answered as another.
	bad := "the id is not a string or an integer of at most 2^53"
	var f float64
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		if n > 1<<53 || n < -1<<53 {
			return jsonrpc.ID{}, bad
		}
		f = float64(n)
	} else if !errors.Is(err, strconv.ErrSyntax) {
		return jsonrpc.ID{}, bad // an integer out of int64's range
	} else if f, err = strconv.ParseFloat(string(raw), 64); err != nil || f != math.Trunc(f) || math.Abs(f) >= 1<<53 {
		return jsonrpc.ID{}, bad // 1.5, or 1e300
	}
	id, _ := jsonrpc.MakeID(f)
	return id, ""
}

// requestID is the id to answer a line with: the request's own when it
// is a request with a valid id, else null.
func (s *lineScan) requestID() (jsonrpc.ID, bool) {
	if s.shape() != requestShape {
		return jsonrpc.ID{}, false
	}
	id, why := s.idValue()
	return id, why == ""
}

// responseID is the id of a response, when valid.
func (s *lineScan) responseID() (jsonrpc.ID, bool) {
	id, why := s.idValue()
	return id, why == "" && s.has[memID]
}

// problem says what makes the object no JSON-RPC 2.0 message, as far as
// its members tell; "" when nothing does.
func (s *lineScan) problem() string {
	if !s.has[memJSONRPC] || s.jsonrpcOver || string(s.jsonrpc) != `"2.0"` {
		return `its "jsonrpc" is not "2.0"`
	}
	if s.has[memMethod] && (len(s.method) == 0 || s.method[0] != '"') {
		return "its method is not a string"
	}
	if s.has[memID] {
		if _, why := s.idValue(); why != "" {
			return why
		}
	}
	return ""
}
