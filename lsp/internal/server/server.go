// Package server is a Language Server Protocol server for the toolschema
// contract's rules (OLT001 and on): diagnostics as the editor's text
// changes, and the rules' suggested fixes as quick fixes. It runs beside
// gopls and reports nothing else.
package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"log"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/go/analysis"

	"github.com/toolschema/toolschema/olt"
)

// Source is the diagnostics' source.
const Source = "toolschema"

// DefaultDebounce is how long the server waits after a change of the
// editor's text before it checks again, for the change that may follow.
const DefaultDebounce = 50 * time.Millisecond

// clientWait is how long the server waits for the client's answer to a
// request of its own (workspace/configuration, client/registerCapability)
// before it goes on without: a client that never answers one would
// otherwise keep the server from ever checking a file.
var clientWait = 10 * time.Second

// Serve serves one client on rwc until the client exits or ctx ends. Log
// lines go to logw.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, logw io.Writer) error {
	return serve(ctx, rwc, logw, nil)
}

// serve is Serve with a test's hook, which the worker calls before it
// publishes.
func serve(ctx context.Context, rwc io.ReadWriteCloser, logw io.Writer, beforePublish func(*server)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(rwc))
	s := newServer(conn, log.New(logw, "toolschema-lsp: ", log.LstdFlags|log.Lmicroseconds))
	s.beforePublish = beforePublish
	conn.Go(ctx, s.handle)
	go s.work(ctx)
	select {
	case <-conn.Done():
	case <-s.exited:
		// Not waiting for the reading loop: a read of standard input
		// blocked in the kernel does not end when it is closed.
		conn.Close()
	case <-ctx.Done():
		conn.Close()
	}
	return nil
}

// settings are the vet flags' and the golangci-lint plugin's: from
// initializationOptions, and from workspace/configuration's section
// "toolschema".
type settings struct {
	// Providers: OLT015 checks the strict modes of these.
	Providers []string `json:"providers"`
	// Quality turns on OLT016 to OLT019 and OLT026 to OLT028.
	Quality bool `json:"quality"`
	// Migrate turns on OLT022.
	Migrate bool `json:"migrate"`
	// Rules turns single rules off (or on): {"OLT017": false}.
	Rules map[string]bool `json:"rules"`
	// DebounceMs is the wait after a change, in milliseconds.
	DebounceMs *int `json:"debounceMs"`
}

type doc struct {
	text    []byte
	version int32
	seq     uint64 // the server's gen at the text's last change: versions are the client's
}

type server struct {
	conn   jsonrpc2.Conn
	logger *log.Logger
	exited chan struct{}
	kick   chan struct{}

	mu            sync.Mutex
	dir           string
	goroot        string
	modcache      string // GOMODCACHE
	enc           string
	canConfigure  bool
	canWatch      bool
	analyzers     []*analysis.Analyzer
	debounce      time.Duration
	docs          map[string]*doc // open files by name
	gen           uint64          // counts changes; a run whose gen is old is stale
	dirty         map[string]bool // files changed since the last run
	reload        bool
	reanalyze     bool
	started       bool
	warnedOutside bool                 // a file outside dir was opened, and the user told
	initialized   bool                 // initialize was answered
	shutDown      bool                 // shutdown was answered
	ws            *workspace           // the worker's, once loaded
	published     map[string]string    // file → the diagnostics last published, as JSON
	actions       map[string][]fixable // file → its diagnostics with fixes
	beforePublish func(*server)        // a test's hook
}

// fixable is a published diagnostic with its quick fixes.
type fixable struct {
	diag    protocol.Diagnostic
	actions []protocol.CodeAction
	// texts holds the seq of each open file the diagnostic and its fixes
	// are in, as the run that made them read it (0: not open): the fixes
	// of a text the editor has changed since would edit the wrong place.
	// convert names the files, publish sets their seqs.
	texts map[string]uint64
}

func newServer(conn jsonrpc2.Conn, logger *log.Logger) *server {
	s := &server{
		conn: conn, logger: logger, exited: make(chan struct{}), kick: make(chan struct{}, 1),
		enc: encUTF16, debounce: DefaultDebounce,
		docs: map[string]*doc{}, dirty: map[string]bool{}, published: map[string]string{}, actions: map[string][]fixable{},
	}
	s.analyzers, _ = analyzersFor(settings{})
	return s
}

// analyzersFor returns the rule analyzers the settings ask for, and what
// is wrong with the settings (the rest still applies).
func analyzersFor(st settings) ([]*analysis.Analyzer, error) {
	cfg := olt.Config{Providers: st.Providers, Quality: st.Quality, Migrate: st.Migrate, NoIDPrefix: true}
	all, problem := olt.NewAnalyzers(cfg)
	if problem != nil {
		cfg.Providers = nil
		all, _ = olt.NewAnalyzers(cfg)
	}
	known := map[string]bool{}
	var as []*analysis.Analyzer
	for _, a := range all {
		known[a.Name] = true
		if on, set := st.Rules[a.Name]; set && !on {
			continue
		}
		as = append(as, a)
	}
	// Every bad setting is told, not the first alone.
	var told []string
	if problem != nil {
		told = append(told, problem.Error())
	}
	for _, name := range slices.Sorted(maps.Keys(st.Rules)) {
		if !known[name] {
			told = append(told, fmt.Sprintf("unknown rule %q in the settings' rules", name))
		}
	}
	if len(told) == 0 {
		return as, nil
	}
	return as, errors.New(strings.Join(told, "; "))
}

// applySettings decodes raw settings (the object itself, or one with a
// "toolschema" member) and makes them current.
func (s *server) applySettings(raw json.RawMessage) {
	if len(raw) == 0 || string(raw) == "null" {
		return
	}
	var wrapped struct {
		Toolschema json.RawMessage `json:"toolschema"`
	}
	if json.Unmarshal(raw, &wrapped) == nil && len(wrapped.Toolschema) > 0 {
		raw = wrapped.Toolschema
	}
	var st settings
	if err := json.Unmarshal(raw, &st); err != nil {
		s.warn(fmt.Sprintf("settings ignored: %v", err))
		return
	}
	as, err := analyzersFor(st)
	if err != nil {
		s.warn(fmt.Sprintf("settings: %v", err))
	}
	s.mu.Lock()
	s.analyzers = as
	if st.DebounceMs != nil && *st.DebounceMs >= 0 {
		s.debounce = time.Duration(*st.DebounceMs) * time.Millisecond
	}
	s.reanalyze = true
	s.gen++
	s.mu.Unlock()
}

// warn shows a message to the user and logs it.
func (s *server) warn(msg string) {
	s.logger.Print(msg)
	go s.conn.Notify(context.Background(), "window/showMessage", map[string]any{"type": protocol.MessageTypeWarning, "message": "toolschema: " + msg})
}

// logMsg sends a line to the client's log.
func (s *server) logMsg(msg string) {
	s.logger.Print(msg)
	go s.conn.Notify(context.Background(), "window/logMessage", map[string]any{"type": protocol.MessageTypeLog, "message": msg})
}

func (s *server) trigger() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

type initializeParams struct {
	RootURI          string `json:"rootUri"`
	RootPath         string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
	InitializationOptions json.RawMessage `json:"initializationOptions"`
	Capabilities          struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
		Workspace struct {
			Configuration         bool `json:"configuration"`
			DidChangeWatchedFiles struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

// contentChange is one change of didChange: protocol's
// TextDocumentContentChangeEvent has a Range that is not a pointer, so a
// change of the whole text could not be told from an insertion at the
// start.
type contentChange struct {
	Range *protocol.Range `json:"range"`
	Text  string          `json:"text"`
}

func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	params := req.Params()
	_, isCall := req.(*jsonrpc2.Call)
	s.mu.Lock()
	initialized, shutDown := s.initialized, s.shutDown
	s.mu.Unlock()
	switch m := req.Method(); {
	case m == "exit" || (m == "initialize" && !initialized):
	case m == "initialize":
		// Once only (LSP): a second would change the folder under the
		// load of the first.
		if isCall {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is initialized already"))
		}
		return nil
	case !initialized && isCall:
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized"))
	case shutDown && isCall:
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shut down"))
	case !initialized || shutDown:
		return nil // a notification before initialize or after shutdown: dropped
	}
	switch req.Method() {
	case "initialize":
		var p initializeParams
		if err := json.Unmarshal(params, &p); err != nil {
			return reply(ctx, nil, fmt.Errorf("%w: %v", jsonrpc2.ErrInvalidParams, err))
		}
		// The first workspace folder, else the root: the first of them
		// that is a file URI (a virtual folder has no go.mod to load).
		var roots []string
		for _, f := range p.WorkspaceFolders {
			roots = append(roots, f.URI)
		}
		dir := ""
		for _, r := range append(roots, p.RootURI) {
			if name, ok := fileName(r); ok {
				dir = name
				break
			}
		}
		switch {
		case dir != "":
		case p.RootPath != "":
			dir = p.RootPath
		default:
			dir, _ = os.Getwd()
		}
		goroot, modcache := "", ""
		if out, err := exec.Command("go", "env", "GOROOT", "GOMODCACHE").Output(); err == nil {
			goroot, modcache, _ = strings.Cut(strings.TrimSpace(string(out)), "\n")
		}
		s.mu.Lock()
		s.initialized = true
		s.dir = dir
		s.goroot, s.modcache = goroot, modcache
		s.enc = chooseEncoding(p.Capabilities.General.PositionEncodings)
		s.canConfigure = p.Capabilities.Workspace.Configuration
		s.canWatch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
		enc := s.enc
		s.mu.Unlock()
		s.applySettings(p.InitializationOptions)
		return reply(ctx, map[string]any{
			"capabilities": map[string]any{
				"positionEncoding": enc,
				"textDocumentSync": map[string]any{
					"openClose": true,
					"change":    protocol.TextDocumentSyncKindFull,
					"save":      map[string]any{"includeText": false},
				},
				"codeActionProvider": map[string]any{"codeActionKinds": []string{string(protocol.QuickFix)}},
			},
			"serverInfo": map[string]any{"name": "toolschema-lsp"},
		}, nil)

	case "initialized":
		go s.start()
		return nil

	case "textDocument/didOpen":
		var p protocol.DidOpenTextDocumentParams
		if err := json.Unmarshal(params, &p); err != nil {
			return nil
		}
		name, ok := fileName(string(p.TextDocument.URI))
		if !ok {
			return nil
		}
		s.mu.Lock()
		s.changed(name)
		s.docs[name] = &doc{text: []byte(p.TextDocument.Text), version: p.TextDocument.Version, seq: s.gen}
		dir := s.dir
		under := func(d string) bool { return d != "" && strings.HasPrefix(name, d+string(filepath.Separator)) }
		// A file of the standard library or of the module cache (opened by
		// going to a definition) is no one's to check.
		outside := !s.warnedOutside && strings.HasSuffix(name, ".go") && !under(dir) && !under(s.goroot) && !under(s.modcache)
		if outside {
			s.warnedOutside = true
		}
		s.mu.Unlock()
		if outside {
			s.warn(fmt.Sprintf("%s is outside %s, the folder this server checks, so its rules are not checked there "+
				"(nor in any other file outside it): start a server with the file's module as its root, or with the folder of the go.work that holds both", name, dir))
		}
		s.trigger()
		return nil

	case "textDocument/didChange":
		var p struct {
			TextDocument   protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
			ContentChanges []contentChange                          `json:"contentChanges"`
		}
		if err := json.Unmarshal(params, &p); err != nil {
			return nil
		}
		name, ok := fileName(string(p.TextDocument.URI))
		if !ok {
			return nil
		}
		s.mu.Lock()
		d := s.docs[name]
		if d == nil {
			// Not open (closed, or never opened): there is no text
			// to apply a ranged change to, and no close will come to
			// end the text the change would make. The file on disk
			// stays what is checked.
			s.mu.Unlock()
			s.logger.Printf("didChange of %s, which is not open: ignored", name)
			return nil
		}
		for _, c := range p.ContentChanges {
			if c.Range == nil {
				d.text = []byte(c.Text)
				continue
			}
			ls := newLines(d.text)
			start, end := ls.offset(c.Range.Start, s.enc), ls.offset(c.Range.End, s.enc)
			if end < start {
				end = start
			}
			d.text = append(append(append([]byte(nil), d.text[:start]...), c.Text...), d.text[end:]...)
		}
		d.version = p.TextDocument.Version
		s.changed(name)
		d.seq = s.gen
		s.mu.Unlock()
		s.trigger()
		return nil

	case "textDocument/didSave":
		var p protocol.DidSaveTextDocumentParams
		if err := json.Unmarshal(params, &p); err != nil {
			return nil
		}
		name, ok := fileName(string(p.TextDocument.URI))
		if !ok {
			return nil
		}
		s.mu.Lock()
		s.changed(name)
		s.mu.Unlock()
		s.trigger()
		return nil

	case "textDocument/didClose":
		var p protocol.DidCloseTextDocumentParams
		if err := json.Unmarshal(params, &p); err != nil {
			return nil
		}
		name, ok := fileName(string(p.TextDocument.URI))
		if !ok {
			return nil
		}
		s.mu.Lock()
		delete(s.docs, name)
		s.changed(name)
		s.mu.Unlock()
		s.trigger()
		return nil

	case "workspace/didChangeWatchedFiles":
		var p protocol.DidChangeWatchedFilesParams
		if err := json.Unmarshal(params, &p); err != nil {
			return nil
		}
		s.mu.Lock()
		for _, c := range p.Changes {
			name, ok := fileName(string(c.URI))
			if !ok {
				continue
			}
			base := filepath.Base(name)
			switch {
			case base == "go.mod" || base == "go.sum" || base == "go.work" || base == "toolschema_gen.go":
				s.reload = true
			case strings.HasSuffix(base, ".go") && c.Type != protocol.FileChangeTypeChanged:
				s.reload = true // a file added or removed: the packages' file lists change
			case base == "toolschema.lock":
				// Not a Go file: the package beside it is checked again.
				if s.ws != nil {
					for f := range s.ws.byFile {
						if filepath.Dir(f) == filepath.Dir(name) {
							s.dirty[f] = true
						}
					}
				}
			}
			s.changed(name)
		}
		s.mu.Unlock()
		s.trigger()
		return nil

	case "workspace/didChangeConfiguration":
		var p struct {
			Settings json.RawMessage `json:"settings"`
		}
		_ = json.Unmarshal(params, &p)
		go func() {
			if !s.fetchConfiguration() {
				s.applySettings(p.Settings)
			}
			s.trigger()
		}()
		return nil

	case "textDocument/codeAction":
		var p protocol.CodeActionParams
		if err := json.Unmarshal(params, &p); err != nil {
			return reply(ctx, nil, fmt.Errorf("%w: %v", jsonrpc2.ErrInvalidParams, err))
		}
		name, ok := fileName(string(p.TextDocument.URI))
		if !ok {
			return reply(ctx, []protocol.CodeAction{}, nil) // not a file: no diagnostics, no fixes
		}
		return reply(ctx, s.codeActions(name, p.Range, p.Context), nil)

	case "shutdown":
		s.mu.Lock()
		s.shutDown = true
		s.mu.Unlock()
		return reply(ctx, nil, nil)

	case "exit":
		select {
		case <-s.exited:
		default:
			close(s.exited)
		}
		return nil
	}
	if isCall {
		return reply(ctx, nil, fmt.Errorf("%w: %s", jsonrpc2.ErrMethodNotFound, req.Method()))
	}
	return nil // notifications the server does not need ($/cancelRequest, $/setTrace)
}

// fileName returns the file a URI names; false for a URI that names no
// file: an editor's unsaved buffer (untitled:), a notebook cell, a diff
// view's git: document, or no URI at all. (uri.URI's Filename panics on
// them.)
func fileName(u string) (string, bool) {
	if !strings.HasPrefix(u, uri.FileScheme+":") {
		return "", false
	}
	name, err := url.ParseRequestURI(u)
	if err != nil || name.Path == "" {
		return "", false
	}
	return uri.URI(u).Filename(), true
}

// changed records a change of a file; s.mu is held.
func (s *server) changed(name string) {
	s.gen++
	if strings.HasSuffix(name, ".go") {
		s.dirty[name] = true
	}
	if base := filepath.Base(name); base == "go.mod" || base == "go.sum" || base == "go.work" {
		s.reload = true
	}
}

// start runs once the client is initialized: the settings from
// workspace/configuration, the file watchers, and the first load.
func (s *server) start() {
	s.fetchConfiguration()
	s.mu.Lock()
	canWatch := s.canWatch
	s.mu.Unlock()
	if canWatch {
		var res any
		ctx, cancel := context.WithTimeout(context.Background(), clientWait)
		defer cancel()
		_, err := s.conn.Call(ctx, "client/registerCapability", map[string]any{
			"registrations": []any{map[string]any{
				"id":     "toolschema-watch",
				"method": "workspace/didChangeWatchedFiles",
				"registerOptions": map[string]any{"watchers": []any{
					map[string]any{"globPattern": "**/*.go"},
					map[string]any{"globPattern": "**/go.{mod,sum,work}"},
					map[string]any{"globPattern": "**/toolschema.lock"},
				}},
			}},
		}, &res)
		if errors.Is(err, context.DeadlineExceeded) {
			s.logMsg(fmt.Sprintf("registering the file watchers: no answer from the client in %v; going on without them", clientWait))
		} else if err != nil {
			s.logMsg(fmt.Sprintf("registering the file watchers: %v", err))
		}
		if err != nil {
			// No watcher tells of changes on disk: the server looks
			// itself, as for a client that cannot watch.
			s.mu.Lock()
			s.canWatch = false
			s.mu.Unlock()
		}
	}
	s.mu.Lock()
	s.started = true
	s.reload = true
	s.gen++
	s.mu.Unlock()
	s.trigger()
}

// fetchConfiguration asks the client for the section "toolschema"; false
// when the client cannot answer.
func (s *server) fetchConfiguration() bool {
	s.mu.Lock()
	can := s.canConfigure
	s.mu.Unlock()
	if !can {
		return false
	}
	var res []json.RawMessage
	ctx, cancel := context.WithTimeout(context.Background(), clientWait)
	defer cancel()
	_, err := s.conn.Call(ctx, "workspace/configuration", map[string]any{
		"items": []any{map[string]any{"section": "toolschema"}},
	}, &res)
	if errors.Is(err, context.DeadlineExceeded) {
		s.logMsg(fmt.Sprintf("workspace/configuration: no answer from the client in %v; the settings are initializationOptions', or the defaults", clientWait))
		return false
	} else if err != nil {
		s.logMsg(fmt.Sprintf("workspace/configuration: %v", err))
		return false
	}
	if len(res) > 0 {
		s.applySettings(res[0])
	}
	return true
}

// work is the worker: after each change, once the text has been still
// for the debounce, it brings the workspace up to date and publishes.
func (s *server) work(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.kick:
		}
		s.mu.Lock()
		d := s.debounce
		started := s.started
		s.mu.Unlock()
		if !started {
			continue
		}
		for quiet := false; !quiet; {
			t := time.NewTimer(d)
			select {
			case <-s.kick:
				t.Stop()
			case <-t.C:
				quiet = true
			case <-ctx.Done():
				t.Stop()
				return
			}
		}
		if s.run(ctx) {
			s.trigger() // cancelled by newer text: again, with it
		}
	}
}

// run does one round of work; it reports whether it stopped early
// because the text changed meanwhile.
func (s *server) run(ctx context.Context) (cancelled bool) {
	s.mu.Lock()
	gen := s.gen
	dirty := s.dirty
	s.dirty = map[string]bool{}
	reload := s.reload || s.ws == nil
	s.reload = false
	reanalyze := s.reanalyze
	s.reanalyze = false
	as := s.analyzers
	overlay := map[string][]byte{}
	read := map[string]doc{} // the open files' versions this run checks
	for name, d := range s.docs {
		overlay[name] = d.text
		read[name] = doc{version: d.version, seq: d.seq}
	}
	dir, goroot := s.dir, s.goroot
	canWatch := s.canWatch
	s.mu.Unlock()

	stale := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.gen != gen
	}
	text := func(name string) ([]byte, error) {
		if t, ok := overlay[name]; ok {
			return t, nil
		}
		return os.ReadFile(name)
	}

	ws := s.ws
	if !reload && !canWatch && ws != nil && ws.diskState() != ws.disk {
		// A file added, removed or generated on disk, which the client
		// could not tell: load again.
		reload = true
	}
	if reload {
		t0 := time.Now()
		w, err := load(ctx, dir, goroot, overlay)
		s.logger.Printf("loaded %s in %v", dir, time.Since(t0).Round(time.Millisecond))
		switch {
		case err != nil && ws == nil:
			s.logMsg(fmt.Sprintf("loading the packages of %s: %v", dir, err))
			return false
		case err != nil:
			// go.mod being typed, say: the edits are checked against
			// the last load, which cannot load again until a change
			// (of go.mod, most likely) asks.
			s.logMsg(fmt.Sprintf("loading the packages of %s: %v (checking against the last load)", dir, err))
			ws.failed = true
		default:
			ws = w
			for f := range dirty {
				ws.leftOut(f, text)
			}
			for f := range overlay {
				ws.leftOut(f, text)
			}
			s.mu.Lock()
			s.ws = ws
			s.mu.Unlock()
			dirty = nil // the load read the current text
		}
		reload = false
	}
	if reanalyze {
		for _, p := range ws.order {
			if p.root {
				ws.needAnalyze[p.lp.ID] = true
			}
		}
		reanalyze = false
	}
	for f := range dirty {
		ps, ok := ws.byFile[f]
		if !ok {
			if ws.outside(f, text) {
				continue
			}
			if ws.failed {
				// No load works until go.mod (or go.work) changes, whose
				// change loads again: that load reads this file too.
				// Asking now fails, and asks again at once.
				continue
			}
			// A Go file the load has not seen: load again, and
			// remember it if the load leaves it out.
			s.mu.Lock()
			s.reload = true
			s.dirty[f] = true
			s.mu.Unlock()
			return true
		}
		for _, p := range ps {
			if p.root {
				ws.needCheck[p.lp.ID] = true
			}
		}
	}
	dirty = nil

	var analyzed []*pkg
	for _, p := range ws.order {
		if !ws.needCheck[p.lp.ID] && !ws.needAnalyze[p.lp.ID] {
			continue
		}
		if stale() {
			return true
		}
		if ws.needCheck[p.lp.ID] {
			if err := ws.check(p, text); err == errReload {
				s.mu.Lock()
				s.reload = true
				s.mu.Unlock()
				return true
			}
			for _, q := range p.rdeps {
				ws.needCheck[q.lp.ID] = true
			}
			delete(ws.needCheck, p.lp.ID)
		}
		if err := ws.analyze(p, as, text); err != nil {
			s.logMsg(err.Error())
		}
		delete(ws.needAnalyze, p.lp.ID)
		if p.root {
			analyzed = append(analyzed, p)
		}
	}
	if s.beforePublish != nil {
		s.beforePublish(s)
	}
	s.publish(ws, analyzed, read)
	return false
}

// publish converts the roots' diagnostics and sends those of each file
// of the analyzed packages, and of every file whose diagnostics changed.
//
// read has the open files' versions the run checked: the diagnostics are
// of those, whatever the editor sent since.
func (s *server) publish(ws *workspace, analyzed []*pkg, read map[string]doc) {
	s.mu.Lock()
	enc := s.enc
	s.mu.Unlock()
	byFile := map[string][]fixable{}
	indexed := map[string]*lines{}
	linesOf := func(name string) *lines {
		l := indexed[name]
		if l == nil {
			l = newLines(ws.textOf(name))
			indexed[name] = l
		}
		return l
	}
	for _, p := range ws.order {
		if !p.root {
			continue
		}
		// On a line with a type error the rules see an invalid type
		// (OLT002 "type invalid type has no schema"): the compiler's
		// error, which gopls shows, says it; the rules say nothing more.
		broken := map[token.Position]bool{}
		for _, e := range p.typeErrs {
			at := e.Fset.PositionFor(e.Pos, false)
			broken[token.Position{Filename: at.Filename, Line: at.Line}] = true
		}
		for _, r := range p.diags {
			at := ws.fset.PositionFor(r.d.Pos, false)
			if broken[token.Position{Filename: at.Filename, Line: at.Line}] {
				continue
			}
			name, f, ok := convert(ws, r, enc, linesOf)
			if ok {
				for n := range f.texts {
					f.texts[n] = read[n].seq
				}
				byFile[name] = append(byFile[name], f)
			}
		}
	}
	send := map[string]bool{}
	for _, p := range analyzed {
		for _, f := range p.lp.CompiledGoFiles {
			send[f] = true
		}
	}
	s.mu.Lock()
	names := map[string]bool{}
	for n := range byFile {
		names[n] = true
	}
	for n := range s.published {
		names[n] = true
	}
	for n := range send {
		names[n] = true
	}
	var notes []publishParams
	for name := range names {
		fs := byFile[name]
		slices.SortStableFunc(fs, func(a, b fixable) int {
			if c := comparePos(a.diag.Range.Start, b.diag.Range.Start); c != 0 {
				return c
			}
			return strings.Compare(a.diag.Message, b.diag.Message)
		})
		diags := []protocol.Diagnostic{}
		for _, f := range fs {
			diags = append(diags, f.diag)
		}
		js, _ := json.Marshal(diags)
		last, was := s.published[name]
		if !send[name] && was && last == string(js) {
			continue
		}
		if !send[name] && !was && len(diags) == 0 {
			continue
		}
		if send[name] && !was && len(diags) == 0 && s.docs[name] == nil {
			continue // nothing to say of a file never shown and not open
		}
		if len(diags) == 0 {
			delete(s.published, name)
		} else {
			s.published[name] = string(js)
		}
		s.actions[name] = fs
		note := publishParams{URI: uri.File(name), Diagnostics: diags}
		if d, open := read[name]; open {
			note.Version = &d.version
		}
		notes = append(notes, note)
	}
	// Written without the lock: a client slow to read holds the write,
	// and the handler of its next message needs the lock. Only the
	// worker publishes, so the publications keep their order.
	s.mu.Unlock()
	for _, n := range notes {
		if err := s.conn.Notify(context.Background(), "textDocument/publishDiagnostics", n); err != nil {
			s.logger.Printf("publishing: %v", err)
		}
	}
}

// publishParams are publishDiagnostics' params. protocol's Version is
// left out when 0, the version Neovim opens a file with.
type publishParams struct {
	URI         uri.URI               `json:"uri"`
	Version     *int32                `json:"version,omitempty"`
	Diagnostics []protocol.Diagnostic `json:"diagnostics"`
}

func comparePos(a, b protocol.Position) int {
	if a.Line != b.Line {
		return int(a.Line) - int(b.Line)
	}
	return int(a.Character) - int(b.Character)
}

// convert makes the LSP diagnostic of r, with its fixes as code actions.
// linesOf gives the lines of a file's text as parsed.
func convert(ws *workspace, r reported, enc string, linesOf func(string) *lines) (string, fixable, bool) {
	d := r.d
	tf := ws.fset.File(d.Pos)
	if tf == nil {
		return "", fixable{}, false
	}
	name := tf.Name()
	rng, ok := lspRange(ws, d.Pos, d.End, enc, linesOf)
	if !ok {
		return "", fixable{}, false
	}
	code := d.Category
	if code == "" {
		code = r.analyzer
	}
	sev := protocol.DiagnosticSeverityError
	if strings.HasPrefix(d.Message, "warning: ") {
		sev = protocol.DiagnosticSeverityWarning
	}
	diag := protocol.Diagnostic{Range: rng, Severity: sev, Code: code, Source: Source, Message: d.Message}
	if d.URL != "" {
		diag.CodeDescription = &protocol.CodeDescription{Href: uri.URI(d.URL)}
	}
	f := fixable{diag: diag, texts: map[string]uint64{name: 0}}
	for _, fix := range d.SuggestedFixes {
		changes := map[uri.URI][]protocol.TextEdit{}
		ok := len(fix.TextEdits) > 0
		for _, e := range fix.TextEdits {
			etf := ws.fset.File(e.Pos)
			r, rok := lspRange(ws, e.Pos, e.End, enc, linesOf)
			if etf == nil || !rok {
				ok = false
				break
			}
			u := uri.File(etf.Name())
			changes[u] = append(changes[u], protocol.TextEdit{Range: r, NewText: string(e.NewText)})
		}
		if !ok {
			continue
		}
		for _, e := range fix.TextEdits {
			f.texts[ws.fset.File(e.Pos).Name()] = 0 // its seq set by publish
		}
		f.actions = append(f.actions, protocol.CodeAction{
			Title:       fix.Message,
			Kind:        protocol.QuickFix,
			Diagnostics: []protocol.Diagnostic{diag},
			IsPreferred: len(d.SuggestedFixes) == 1,
			Edit:        &protocol.WorkspaceEdit{Changes: changes},
		})
	}
	return name, f, true
}

// lspRange converts pos..end (end may be unset) to an LSP range in enc.
func lspRange(ws *workspace, pos, end token.Pos, enc string, linesOf func(string) *lines) (protocol.Range, bool) {
	tf := ws.fset.File(pos)
	if tf == nil {
		return protocol.Range{}, false
	}
	ls := linesOf(tf.Name())
	start := tf.Offset(pos)
	stop := start
	if end.IsValid() && ws.fset.File(end) == tf && end >= pos {
		stop = tf.Offset(end)
	}
	return protocol.Range{Start: ls.position(start, enc), End: ls.position(stop, enc)}, true
}

// codeActions returns the quick fixes of the diagnostics of a file that
// touch rng, and of those the client names in its context: Neovim asks
// at the cursor, with the diagnostics of the cursor's line, and the
// cursor need not be within a diagnostic's range.
func (s *server) codeActions(name string, rng protocol.Range, cx protocol.CodeActionContext) []protocol.CodeAction {
	out := []protocol.CodeAction{}
	only := cx.Only
	if len(only) > 0 && !slices.ContainsFunc(only, func(k protocol.CodeActionKind) bool {
		return k == protocol.QuickFix || strings.HasPrefix(string(protocol.QuickFix), string(k)+".")
	}) {
		return out
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.actions[name] {
		// A diagnostic the client names is matched by its line, code and
		// message, not its columns: Neovim 0.7 sends them in bytes, where
		// they were published in the position encoding agreed (UTF-16).
		named := slices.ContainsFunc(cx.Diagnostics, func(d protocol.Diagnostic) bool {
			return d.Range.Start.Line == f.diag.Range.Start.Line && d.Message == f.diag.Message && fmt.Sprint(d.Code) == fmt.Sprint(f.diag.Code)
		})
		if !named && (comparePos(f.diag.Range.End, rng.Start) < 0 || comparePos(rng.End, f.diag.Range.Start) < 0) {
			continue
		}
		stale := false
		for n, seq := range f.texts {
			if d := s.docs[n]; (d == nil && seq != 0) || (d != nil && d.seq != seq) {
				stale = true // changed since: the next run offers the fixes of the new text
			}
		}
		if stale {
			continue
		}
		out = append(out, f.actions...)
	}
	return out
}
