package server

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// client is a test's LSP client, over a pipe to the server in process or
// to a server's process: it records the published diagnostics and
// answers the server's requests.
type client struct {
	t    testing.TB
	dir  string
	conn jsonrpc2.Conn
	done chan struct{}
	stop func() // shuts the server down, once

	mu       sync.Mutex
	changed  chan struct{}
	diags    map[string]protocol.PublishDiagnosticsParams // by file name
	pubs     map[string]int                               // publications, by file name
	settings json.RawMessage                              // workspace/configuration's answer
	mute     bool                                         // options.mute
	history  []protocol.PublishDiagnosticsParams          // every publication, in order
	messages []string                                     // window/showMessage
	logs     []string                                     // the server's log lines, in process
}

// options of a client.
type options struct {
	encodings []string
	initOpts  any
	settings  any // nil: the client has no workspace/configuration
	// command, when set, runs another language server, the program and
	// its arguments, instead of this one in process; its standard error
	// is logged when the test fails.
	command []string
	env     []string // added to the process's environment
	// noWatch: the client cannot watch files (Neovim before 0.10).
	noWatch bool
	// folders, when set, are the workspaceFolders' URIs, before the
	// rootUri's folder.
	folders []string
	// beforePublish is called by the server's worker before each
	// publication (in process only).
	beforePublish func(*server)
	// preInit, when set, runs before initialize.
	preInit func(*client)
	// mute: the client never answers workspace/configuration nor
	// client/registerCapability, though it says it has them.
	mute bool
	// wrapServer, when set, wraps the server's end of the connection (in
	// process only).
	wrapServer func(io.ReadWriteCloser) io.ReadWriteCloser
}

// startClient starts a server on the module in dir and initializes it.
func startClient(t testing.TB, dir string, o options) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c := &client{t: t, dir: dir, done: make(chan struct{}), changed: make(chan struct{}, 1),
		diags: map[string]protocol.PublishDiagnosticsParams{}, pubs: map[string]int{}}
	if o.settings != nil {
		c.settings, _ = json.Marshal(o.settings)
	}
	c.mute = o.mute
	var stream io.ReadWriteCloser
	// The time a server may take to answer shutdown: golangci-lint-langserver
	// answers it only once the run of golangci-lint under way has ended.
	shutdownWait := 10 * time.Second
	if o.command != nil {
		stream = startProcess(t, dir, o.command, o.env, c.done)
		shutdownWait = 2 * time.Minute
	} else {
		// Pipes with the kernel's buffers, as between processes: the
		// server's and the client's loops may write at the same time.
		srvEnd, cliEnd := pipePair(t)
		if o.wrapServer != nil {
			srvEnd = o.wrapServer(srvEnd)
		}
		go func() {
			defer close(c.done)
			serve(ctx, srvEnd, testLog{t, c}, o.beforePublish)
		}()
		stream = cliEnd
	}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(stream))
	c.conn.Go(ctx, c.handle)
	c.stop = sync.OnceFunc(func() {
		shCtx, shCancel := context.WithTimeout(context.Background(), shutdownWait)
		defer shCancel()
		var res any
		c.conn.Call(shCtx, "shutdown", nil, &res)
		c.conn.Notify(shCtx, "exit", nil)
		if o.command != nil {
			// golangci-lint-langserver does not handle exit: it stops
			// when its standard input closes.
			c.conn.Close()
		}
		select {
		case <-c.done:
		case <-shCtx.Done():
			t.Errorf("the server did not exit")
		}
		cancel()
	})
	t.Cleanup(c.stop)
	caps := map[string]any{
		"general":   map[string]any{"positionEncodings": o.encodings},
		"workspace": map[string]any{"configuration": o.settings != nil, "didChangeWatchedFiles": map[string]any{"dynamicRegistration": !o.noWatch}},
	}
	var res struct {
		Capabilities struct {
			PositionEncoding string `json:"positionEncoding"`
		} `json:"capabilities"`
	}
	if o.preInit != nil {
		o.preInit(c)
	}
	init := map[string]any{
		"processId": nil, "rootUri": uri.File(dir), "capabilities": caps, "initializationOptions": o.initOpts,
	}
	if o.folders != nil {
		var fs []any
		for _, f := range append(o.folders, string(uri.File(dir))) {
			fs = append(fs, map[string]any{"uri": f, "name": f})
		}
		init["workspaceFolders"] = fs
	}
	if _, err := c.conn.Call(ctx, "initialize", init, &res); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if o.command != nil {
		c.notify("initialized", map[string]any{})
		return c
	}
	want := encUTF16
	for _, e := range o.encodings {
		if e == encUTF8 {
			want = encUTF8
		}
	}
	if res.Capabilities.PositionEncoding != want {
		t.Fatalf("positionEncoding %q, want %q", res.Capabilities.PositionEncoding, want)
	}
	c.notify("initialized", map[string]any{})
	return c
}

// pipePair returns the two ends of a duplex connection of OS pipes.
func pipePair(t testing.TB) (io.ReadWriteCloser, io.ReadWriteCloser) {
	t.Helper()
	r1, w1, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r2, w2, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	return duplex{r1, w2}, duplex{r2, w1}
}

// startProcess starts a language server's process in dir and returns the
// stream to it; done is closed when the process has exited (and been
// waited for, so that its CPU time counts among the children's).
func startProcess(t testing.TB, dir string, argv, env []string, done chan struct{}) io.ReadWriteCloser {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	// A group of its own, so that a server that does not stop is ended
	// with the linters it started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		defer close(done)
		defer close(exited)
		cmd.Wait()
	}()
	t.Cleanup(func() {
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
			t.Errorf("%s did not exit when its input closed; killed", filepath.Base(argv[0]))
		}
		if t.Failed() && stderr.String() != "" {
			t.Logf("%s's standard error:\n%s", filepath.Base(argv[0]), stderr.String())
		}
	})
	return procStream{out, in}
}

type procStream struct {
	io.ReadCloser                // the server's standard output
	w             io.WriteCloser // its standard input
}

func (p procStream) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p procStream) Close() error {
	p.w.Close()
	return p.ReadCloser.Close()
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type duplex struct {
	r *os.File
	w *os.File
}

func (d duplex) Read(p []byte) (int, error)  { return d.r.Read(p) }
func (d duplex) Write(p []byte) (int, error) { return d.w.Write(p) }
func (d duplex) Close() error {
	d.r.Close()
	return d.w.Close()
}

type testLog struct {
	t testing.TB
	c *client // records the lines, when set
}

func (l testLog) Write(p []byte) (int, error) {
	line := strings.TrimSpace(string(p))
	l.t.Log(line)
	if l.c != nil {
		l.c.mu.Lock()
		l.c.logs = append(l.c.logs, line)
		l.c.mu.Unlock()
	}
	return len(p), nil
}

// logged returns how many of the server's log lines contain s.
func (c *client) logged(s string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, l := range c.logs {
		if strings.Contains(l, s) {
			n++
		}
	}
	return n
}

func (c *client) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req.Method() {
	case "textDocument/publishDiagnostics":
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			c.t.Errorf("publishDiagnostics: %v", err)
			return nil
		}
		c.mu.Lock()
		c.diags[p.URI.Filename()] = p
		c.pubs[p.URI.Filename()]++
		c.history = append(c.history, p)
		c.mu.Unlock()
		select {
		case c.changed <- struct{}{}:
		default:
		}
		return nil
	case "workspace/configuration":
		c.mu.Lock()
		s, mute := c.settings, c.mute
		c.mu.Unlock()
		if mute {
			return nil // never answered
		}
		return reply(ctx, []json.RawMessage{s}, nil)
	case "client/registerCapability":
		c.mu.Lock()
		mute := c.mute
		c.mu.Unlock()
		if mute {
			return nil
		}
		return reply(ctx, nil, nil)
	case "window/showMessage":
		var p struct{ Message string }
		json.Unmarshal(req.Params(), &p)
		c.mu.Lock()
		c.messages = append(c.messages, p.Message)
		c.mu.Unlock()
		return nil
	}
	return reply(ctx, nil, nil)
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) path(rel string) string { return filepath.Join(c.dir, filepath.FromSlash(rel)) }

// open opens a file of the module with its text on disk.
func (c *client) open(rel string) string {
	c.t.Helper()
	b, err := os.ReadFile(c.path(rel))
	if err != nil {
		c.t.Fatal(err)
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri.File(c.path(rel)), "languageId": "go", "version": 1, "text": string(b)}})
	return string(b)
}

// openOutside opens a file by its absolute path (one outside the
// client's folder, say) with its text on disk.
func (c *client) openOutside(name string) {
	c.t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		c.t.Fatal(err)
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri.File(name), "languageId": "go", "version": 1, "text": string(b)}})
}

// shownMessages waits (up to 30 s) until the server has shown a message,
// sent beside the diagnostics, and returns those shown.
func (c *client) shownMessages() []string {
	deadline := time.Now().Add(30 * time.Second)
	for {
		c.mu.Lock()
		msgs := slices.Clone(c.messages)
		c.mu.Unlock()
		if len(msgs) > 0 || time.Now().After(deadline) {
			return msgs
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// published returns how many times diagnostics were published for a
// file.
func (c *client) published(rel string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pubs[c.path(rel)]
}

// save writes text to a file, as an editor saving its buffer does, and
// tells the server.
func (c *client) save(rel, text string) {
	c.t.Helper()
	if err := os.WriteFile(c.path(rel), []byte(text), 0o644); err != nil {
		c.t.Fatal(err)
	}
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri.File(c.path(rel))}})
}

// change replaces the unsaved text of a file.
func (c *client) change(rel string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri.File(c.path(rel)), "version": version},
		"contentChanges": []any{map[string]any{"text": text}}})
}

// waitFor waits until the published diagnostics satisfy ok, and returns
// them.
func (c *client) waitFor(what string, ok func(map[string]protocol.PublishDiagnosticsParams) bool) map[string]protocol.PublishDiagnosticsParams {
	c.t.Helper()
	deadline := time.After(90 * time.Second)
	for {
		c.mu.Lock()
		snap := map[string]protocol.PublishDiagnosticsParams{}
		for k, v := range c.diags {
			snap[k] = v
		}
		c.mu.Unlock()
		if ok(snap) {
			return snap
		}
		select {
		case <-c.changed:
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s; last diagnostics:\n%s", what, describe(snap, c.dir))
		}
	}
}

func describe(m map[string]protocol.PublishDiagnosticsParams, dir string) string {
	var b strings.Builder
	for name, p := range m {
		rel, _ := filepath.Rel(dir, name)
		for _, d := range p.Diagnostics {
			b.WriteString(rel + ": " + codeOf(d) + " " + d.Message + "\n")
		}
	}
	return b.String()
}

// codeOf returns a diagnostic's rule ID: its code, or, from
// golangci-lint-langserver, which sends none, the ID that starts the
// message after the linter's name ("toolschema: OLT011: ...").
func codeOf(d protocol.Diagnostic) string {
	if s, _ := d.Code.(string); s != "" {
		return s
	}
	msg, ok := strings.CutPrefix(d.Message, Source+": ")
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(msg, ":")
	return id
}

// codes returns the rule IDs published for a file, in order.
func codes(m map[string]protocol.PublishDiagnosticsParams, name string) string {
	var ids []string
	for _, d := range m[name].Diagnostics {
		ids = append(ids, codeOf(d))
	}
	return strings.Join(ids, " ")
}

// seeded copies testdata/seeded to a temporary directory: the server
// works on the copy, and the test can check that it wrote nothing.
func seeded(t testing.TB) string {
	t.Helper()
	return copyTestdata(t, "seeded")
}

// copyTestdata copies a directory of testdata to a temporary one.
func copyTestdata(t testing.TB, name string) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join("..", "..", "testdata", name)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(filepath.Join(dst, rel))
		if err != nil {
			return err
		}
		defer out.Close()
		_, err = io.Copy(out, in)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// snapshot returns every file of dir and its text.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			m[p] = string(b)
		}
		return nil
	})
	return m
}

// position converts a byte offset in text to an LSP position in enc, as
// the server does.
func position(text []byte, offset int, enc string) protocol.Position {
	return newLines(text).position(offset, enc)
}

// offset converts an LSP position in enc to a byte offset in text, as
// the server does.
func offset(text []byte, p protocol.Position, enc string) int {
	return newLines(text).offset(p, enc)
}
