package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// TestNotAFile sends the server documents and requests it cannot map to a
// file: an editor's unsaved buffer (untitled:), a notebook cell, a diff
// view's git: document, and params that are null or lack the URI. The
// server ignores them, answers the requests, and goes on checking the
// files it has, where a panic took the process down.
func TestNotAFile(t *testing.T) {
	dir := seeded(t)
	// A virtual folder first: the server checks the first file one.
	c := startClient(t, dir, options{folders: []string{"vscode-vfs://github/x/y", "untitled:"}})
	tools := c.path("tools/tools.go")
	for _, u := range []string{"untitled:Untitled-1", "vscode-notebook-cell:/a.ipynb#W0sZmlsZQ%3D%3D", "git:/x/tools.go?ref=HEAD", "", "file"} {
		doc := map[string]any{"uri": u, "languageId": "go", "version": 1, "text": "package main\n"}
		c.notify("textDocument/didOpen", map[string]any{"textDocument": doc})
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": u, "version": 2},
			"contentChanges": []any{map[string]any{"text": "package main\n\nfunc main() {}\n"}}})
		c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": u}})
		c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": u, "type": 2}}})
		var actions []protocol.CodeAction
		_, err := c.conn.Call(context.Background(), "textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": u},
			"range":        protocol.Range{}, "context": map[string]any{"diagnostics": []any{}},
		}, &actions)
		if err != nil || len(actions) != 0 {
			t.Errorf("codeAction of %q: %v, %d actions; want none and no error", u, err, len(actions))
		}
		c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": u}})
	}
	for _, m := range []string{"textDocument/didOpen", "textDocument/didChange", "textDocument/didSave", "textDocument/didClose"} {
		c.notify(m, nil)
	}
	c.open("tools/tools.go")
	c.waitFor("the diagnostics of the file", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
}

// TestEditsOutsideTheLoad types in Go files under the folder that the
// load leaves out: a test file (the load has no tests), a file a build
// constraint excludes, one under testdata, and one of a module nested in
// the folder. None can join the load by typing, so once the server has
// seen that a load leaves them out, their edits load nothing, where each
// of their changes loaded the workspace again. A file whose build
// constraint the user deletes joins the load (its package clause changed,
// so the server loads again and reports its tool).
func TestEditsOutsideTheLoad(t *testing.T) {
	dir := seeded(t)
	files := map[string]string{
		"tools/tools_test.go":   "package tools\n\nimport \"testing\"\n\nfunc TestSave(t *testing.T) {}\n",
		"tools/gen.go":          "//go:build ignore\n\npackage main\n\nfunc main() {}\n",
		"testdata/fixture/x.go": "package fixture\n\nfunc X() {}\n",
		"nested/go.mod":         "module example.com/nested\n\ngo 1.26\n",
		"nested/n.go":           "package nested\n\nfunc N() {}\n",
		"tools/later.go":        "//go:build ignore\n\npackage tools\n\n// Later is a tool.\n//\n//tool:export name=later!\nfunc Later() error { return nil }\n",
	}
	for rel, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startClient(t, dir, options{})
	tools := c.path("tools/tools.go")
	text := c.open("tools/tools.go")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	outside := []string{"tools/tools_test.go", "tools/gen.go", "testdata/fixture/x.go", "nested/n.go"}
	for _, rel := range outside {
		c.open(rel)
	}
	version := 1
	for i := range 3 {
		for _, rel := range outside {
			c.change(rel, 2+i, files[rel]+fmt.Sprintf("\n// edit %d\n", i))
		}
		// Then an edit of a loaded file, whose diagnostics tell that the
		// server has handled the edits before it.
		version++
		text += "\n"
		c.change("tools/tools.go", version, text)
		c.waitFor(fmt.Sprintf("version %d", version), func(m map[string]protocol.PublishDiagnosticsParams) bool {
			return int(m[tools].Version) == version
		})
	}
	// Once at the start, and once when the files were first seen (the
	// load might have taken them): their edits load nothing.
	if n := c.logged("loaded "); n != 2 {
		t.Errorf("the workspace was loaded %d times, want twice: edits of files outside the load loaded it again", n)
	}

	later := c.path("tools/later.go")
	c.open("tools/later.go")
	c.change("tools/later.go", 2, strings.Replace(files["tools/later.go"], "//go:build ignore\n\n", "", 1))
	c.waitFor("the file without its build constraint, in the load", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, later) == "OLT008"
	})
}

// TestStaleCodeAction asks for a quick fix after an edit the server has
// not checked yet (a long debounce holds the check back): the fix it has
// is of the text before the edit, and its edit, applied to the editor's
// text, would write in the wrong place. The server offers no fix for a
// file whose text changed since its diagnostics, then, once it has
// checked the new text, the fix that applies to it.
func TestStaleCodeAction(t *testing.T) {
	dir := seeded(t)
	c := startClient(t, dir, options{initOpts: map[string]any{"debounceMs": 1500}})
	rel := "tools/tools.go"
	tools := c.path(rel)
	text := c.open(rel)
	m := c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	ask := func(d protocol.Diagnostic) []protocol.CodeAction {
		var actions []protocol.CodeAction
		_, err := c.conn.Call(context.Background(), "textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri.File(tools)},
			"range":        d.Range,
			"context":      map[string]any{"diagnostics": []any{d}},
		}, &actions)
		if err != nil {
			t.Fatal(err)
		}
		return actions
	}
	old := m[tools].Diagnostics[0] // OLT011, with a fix
	fixes := ask(old)
	if len(fixes) != 1 {
		t.Fatalf("OLT011: %d fixes, want 1", len(fixes))
	}
	want := string(applyEdit(t, c, fixes[0], map[string]string{rel: text}))

	// A line above the diagnostic: the fix of the old text would edit the
	// line above the tag.
	edited := strings.Replace(text, "// Input is Save's input.\n", "// Input is Save's input, in a line\n// more.\n", 1)
	c.change(rel, 2, edited)
	wantEdited := strings.Replace(want, "// Input is Save's input.\n", "// Input is Save's input, in a line\n// more.\n", 1)
	for _, a := range ask(old) {
		if got := string(applyEdit(t, c, a, map[string]string{rel: edited})); got != wantEdited {
			t.Errorf("a fix offered before the edit was checked, applied to the edited text:\n%s\nwant:\n%s", got, wantEdited)
		}
	}
	m = c.waitFor("the edited text's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 2 && codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	fixes = ask(m[tools].Diagnostics[0])
	if len(fixes) != 1 {
		t.Fatalf("OLT011 of the edited text: %d fixes, want 1", len(fixes))
	}
	if got := string(applyEdit(t, c, fixes[0], map[string]string{rel: edited})); got != wantEdited {
		t.Errorf("the fix of the edited text:\n%s\nwant:\n%s", got, wantEdited)
	}
}

// TestPublishedVersion changes the text while the server checks the one
// before: the diagnostics it publishes of that check carry the version
// they were found in, not the editor's latest, which they do not fit (a
// client that keeps the diagnostics of the current version, or maps them
// through later edits, put these a line off).
func TestPublishedVersion(t *testing.T) {
	dir := seeded(t)
	var armed atomic.Bool
	var c *client
	rel := "tools/tools.go"
	var v3 string
	c = startClient(t, dir, options{beforePublish: func(s *server) {
		if !armed.CompareAndSwap(true, false) {
			return
		}
		// The check of version 2 is done: version 3 comes before its
		// publication.
		s.mu.Lock()
		gen := s.gen
		s.mu.Unlock()
		c.conn.Notify(context.Background(), "textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri.File(c.path(rel)), "version": 3},
			"contentChanges": []any{map[string]any{"text": v3}}})
		for {
			s.mu.Lock()
			changed := s.gen != gen
			s.mu.Unlock()
			if changed {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}})
	tools := c.path(rel)
	text := c.open(rel)
	m := c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	line := m[tools].Diagnostics[0].Range.Start.Line // OLT011's
	v3 = "// A line above.\n" + text
	armed.Store(true)
	c.change(rel, 2, text+"\n")
	c.waitFor("version 3's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 3 && len(m[tools].Diagnostics) == 5 && m[tools].Diagnostics[0].Range.Start.Line == line+1
	})
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.history {
		if p.URI.Filename() != tools || len(p.Diagnostics) == 0 {
			continue
		}
		want := line
		if p.Version == 3 {
			want = line + 1
		}
		if got := p.Diagnostics[0].Range.Start.Line; got != want {
			t.Errorf("diagnostics published as version %d have OLT011 on line %d, want %d (the line in that version)", p.Version, got, want)
		}
	}
}

// TestBrokenGoMod types in go.mod, open in the editor, and leaves it
// broken for a while (a require block not closed yet): the load fails,
// and the server checks the edits of Go files against the last load that
// worked, where it dropped the edits that came with the failed load and
// published nothing for them. An import the last load lacks does not
// load again and again. Once go.mod is mended, it loads again.
func TestBrokenGoMod(t *testing.T) {
	c, text, mod := startBrokenGoMod(t)
	rel := "tools/tools.go"
	tools := c.path(rel)
	text = strings.Replace(text, "name=find!", "name=find", 1)
	c.change(rel, 2, text)
	c.waitFor("the edit that came with go.mod's", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 2 && codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT014"
	})
	loads := c.logged("loading the packages of")
	text = strings.Replace(text, "\"context\"\n", "\"context\"\n\t\"strings\"\n", 1) +
		"\n// Upper is not a tool.\nfunc Upper(s string) string { return strings.ToUpper(s) }\n"
	c.change(rel, 3, text)
	c.waitFor("an import the last load lacks", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 3 && codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT014"
	})
	if n := c.logged("loading the packages of") - loads; n > 1 {
		t.Errorf("%d failed loads for one edit", n)
	}
	c.change("go.mod", 3, mod)
	text = strings.Replace(text, "`json:\"größe,string\"`", "`json:\"größe\"`", 1)
	c.change(rel, 4, text)
	c.waitFor("the edit after go.mod mended", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 4 && codes(m, tools) == "OLT002 OLT014 OLT009 OLT014"
	})
}

// startBrokenGoMod starts a client on the seeded module, opens
// tools/tools.go and go.mod, waits for the first diagnostics, and breaks
// go.mod as its version 2 (a require block not closed): it returns the
// client and the texts of tools/tools.go and go.mod as opened.
func startBrokenGoMod(t *testing.T) (c *client, text, mod string) {
	t.Helper()
	c = startClient(t, seeded(t), options{})
	text = c.open("tools/tools.go")
	mod = c.open("go.mod")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("tools/tools.go")) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	c.change("go.mod", 2, mod+"\nrequire (\n")
	return c, text, mod
}

// clientOffset is a client's reading of an LSP position in UTF-16: lines
// end at \n, \r\n or a lone \r (LSP 3.17), and characters count UTF-16
// code units. It shares no code with the server's.
func clientOffset(text string, p protocol.Position) int {
	off := 0
	for range p.Line {
		i := strings.IndexAny(text[off:], "\r\n")
		if i < 0 {
			return len(text)
		}
		off += i + 1
		if text[off-1] == '\r' && off < len(text) && text[off] == '\n' {
			off++
		}
	}
	end := strings.IndexAny(text[off:], "\r\n")
	if end < 0 {
		end = len(text)
	} else {
		end += off
	}
	u := utf16.Encode([]rune(text[off:end]))
	if int(p.Character) >= len(u) {
		return end
	}
	return off + len(string(utf16.Decode(u[:p.Character])))
}

// TestLineEnds puts a diagnostic after line ends of each kind LSP knows,
// a lone carriage return among them (a file edited on an old Mac, or
// pasted text): the range the client reads covers the diagnostic's text,
// where after a lone \r the server counted a line fewer than the client
// and the squiggle went a line up. Edits of the client's positions
// change the text where the client meant.
func TestLineEnds(t *testing.T) {
	tests := []struct {
		name string
		edit func(string) string
	}{
		{"LF", func(s string) string { return s }},
		{"CRLF", func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }},
		{"a lone CR in a comment", func(s string) string {
			return strings.Replace(s, "// Input is Save's input.\n", "// Input is Save's\rinput.\n", 1)
		}},
		{"non-ASCII and no final line end", func(s string) string {
			s = strings.Replace(s, "Größe   int         `", "Größe中 int /*😀*/\t`", 1)
			s = strings.Replace(s, "func Late(in Query, ctx", "func Late(in /*😀*/ Query, ctx", 1)
			return strings.TrimRight(s, "\n")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := seeded(t)
			rel := "tools/tools.go"
			b, err := os.ReadFile(filepath.Join(dir, rel))
			if err != nil {
				t.Fatal(err)
			}
			text := tt.edit(string(b))
			if err := os.WriteFile(filepath.Join(dir, rel), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			c := startClient(t, dir, options{})
			c.open(rel)
			m := c.waitFor("the diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
				return codes(m, c.path(rel)) == "OLT011 OLT002 OLT014 OLT009 OLT008"
			})
			want := []string{"string", "Updates", "Late", "ctx", "name=find!"}
			for i, d := range m[c.path(rel)].Diagnostics {
				if got := text[clientOffset(text, d.Range.Start):clientOffset(text, d.Range.End)]; got != want[i] {
					t.Errorf("%s at %v: the client reads %q, want %q", codeOf(d), d.Range, got, want[i])
				}
			}
			// An edit at the client's position of OLT011's range.
			d := m[c.path(rel)].Diagnostics[0]
			start, end := clientOffset(text, d.Range.Start), clientOffset(text, d.Range.End)
			edited := text[:start] + "strin" + text[end:]
			c.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": uri.File(c.path(rel)), "version": 2},
				"contentChanges": []any{map[string]any{"range": d.Range, "text": "strin"}}})
			// A whole-text change, to read back what the server has: its
			// diagnostics are those of the edited text only if the ranged
			// edit went where the client meant (OLT011 of ",strin" is
			// another message).
			c.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": uri.File(c.path(rel)), "version": 3},
				"contentChanges": []any{map[string]any{"range": protocol.Range{}, "text": ""}}})
			m = c.waitFor("the edited text's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
				return m[c.path(rel)].Version == 3
			})
			c.change(rel, 4, edited)
			m2 := c.waitFor("the whole edited text's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
				return m[c.path(rel)].Version == 4
			})
			got, _ := json.Marshal(m[c.path(rel)].Diagnostics)
			wantJS, _ := json.Marshal(m2[c.path(rel)].Diagnostics)
			if string(got) != string(wantJS) {
				t.Errorf("after a ranged edit at OLT011:\n%s\nwant (the same text sent whole):\n%s", got, wantJS)
			}
		})
	}
}

// TestPositionsRoundTrip converts each offset of texts with every kind of
// line end and of character to a position and back, in each encoding,
// and checks the position against the client's reading in UTF-16.
func TestPositionsRoundTrip(t *testing.T) {
	texts := []string{"", "a", "\n", "\r", "\r\n", "é\r\n😀\rx\n\t中\r\n\r\n", "no end 😀", "\xff\xfe ok\n"}
	for _, text := range texts {
		b := []byte(text)
		for _, enc := range []string{encUTF8, encUTF16, encUTF32} {
			for o := 0; o <= len(text); o++ {
				if o < len(text) && !utf8.RuneStart(text[o]) || o > 0 && text[o-1] == '\r' && o < len(text) && text[o] == '\n' {
					continue // within a character or a line end
				}
				p := position(b, o, enc)
				if back := offset(b, p, enc); back != o {
					t.Errorf("%q in %s: offset %d is %v, which is offset %d", text, enc, o, p, back)
				}
				if enc == encUTF16 && utf8.ValidString(text) {
					if c := clientOffset(text, p); c != o {
						t.Errorf("%q: offset %d is %v, which the client reads as %d", text, o, p, c)
					}
				}
			}
		}
	}
}

// TestChangeOfAClosedFile sends didChange for a file after didClose, and
// for one never opened, ranged and whole (a client out of step): the
// server has no text to apply a ranged change to and ignores the changes,
// checking the files as they are on disk, where it applied the change to
// an empty text and checked "x" as the file, whose diagnostics went.
func TestChangeOfAClosedFile(t *testing.T) {
	dir := seeded(t)
	c := startClient(t, dir, options{})
	tools, notes := c.path("tools/tools.go"), c.path("notes/notes.go")
	c.open("tools/tools.go")
	notesText := c.open("notes/notes.go")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008" && codes(m, notes) == "OLT020 OLT014"
	})
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri.File(tools)}})
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri.File(tools), "version": 2},
		"contentChanges": []any{map[string]any{"range": protocol.Range{}, "text": "x"}}})
	sev := c.path("sev/sev.go")
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri.File(sev), "version": 1},
		"contentChanges": []any{map[string]any{"text": "package sev\n"}}})
	// Two edits of an open file, each checked in a run of its own: the
	// second's diagnostics come after all of the first run's, which has
	// the changes before it.
	c.change("notes/notes.go", 2, notesText+"\n")
	c.waitFor("the open file's edit", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[notes].Version == 2
	})
	c.change("notes/notes.go", 3, notesText+"\n\n")
	m := c.waitFor("the open file's second edit", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[notes].Version == 3
	})
	if got := codes(m, tools); got != "OLT011 OLT002 OLT014 OLT009 OLT008" {
		t.Errorf("the closed file's diagnostics after a change of it: %q, want those of its text on disk", got)
	}
}

// TestBeforeInitializeAndAfterShutdown sends requests and notifications
// before initialize and a request after shutdown. LSP has the server
// answer a request before initialize with ServerNotInitialized (-32002)
// and drop the notifications, and answer one after shutdown with
// InvalidRequest. The server answered both, and took a didOpen before
// initialize, when it had no folder yet, as a file outside its folder:
// it told the user the file was outside "", and said nothing of the file
// truly outside it that came later.
func TestBeforeInitializeAndAfterShutdown(t *testing.T) {
	dir, other := seeded(t), seeded(t)
	codeAction := func(c *client) error {
		var actions []protocol.CodeAction
		_, err := c.conn.Call(context.Background(), "textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri.File(c.path("tools/tools.go"))},
			"range":        protocol.Range{}, "context": map[string]any{"diagnostics": []any{}},
		}, &actions)
		return err
	}
	code := func(err error) int64 {
		var e *jsonrpc2.Error
		if errors.As(err, &e) {
			return int64(e.Code)
		}
		return 0
	}
	c := startClient(t, dir, options{preInit: func(c *client) {
		c.open("tools/tools.go")
		if err := codeAction(c); code(err) != int64(jsonrpc2.ServerNotInitialized) {
			t.Errorf("codeAction before initialize: %v, want ServerNotInitialized", err)
		}
	}})
	c.open("tools/tools.go")
	outside := filepath.Join(other, "tools", "tools.go")
	c.openOutside(outside)
	c.waitFor("the diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("tools/tools.go")) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	if msgs := c.shownMessages(); len(msgs) != 1 || !strings.Contains(msgs[0], outside) {
		t.Errorf("messages %q, want one, of %s", msgs, outside)
	}

	var res any
	if _, err := c.conn.Call(context.Background(), "shutdown", nil, &res); err != nil {
		t.Fatal(err)
	}
	if err := codeAction(c); code(err) != int64(jsonrpc2.InvalidRequest) {
		t.Errorf("codeAction after shutdown: %v, want InvalidRequest", err)
	}
}

// TestEditsFreeTheirFiles edits a file many times: each edit parses it
// again, and the file set kept the token.File of every text ever parsed
// (its table of line starts and all), so a long session of edits of a
// large file grew the heap without bound. The set holds as many files
// after the edits as before.
func TestEditsFreeTheirFiles(t *testing.T) {
	dir := seeded(t)
	var mu sync.Mutex
	files := -1
	c := startClient(t, dir, options{beforePublish: func(s *server) {
		n := 0
		s.ws.fset.Iterate(func(*token.File) bool { n++; return true })
		mu.Lock()
		files = n
		mu.Unlock()
	}})
	rel := "tools/tools.go"
	tools := c.path(rel)
	text := c.open(rel)
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	mu.Lock()
	before := files
	mu.Unlock()
	for v := 2; v <= 11; v++ {
		text += "\n"
		c.change(rel, v, text)
		c.waitFor(fmt.Sprintf("version %d", v), func(m map[string]protocol.PublishDiagnosticsParams) bool {
			return int(m[tools].Version) == v
		})
	}
	mu.Lock()
	defer mu.Unlock()
	if files != before {
		t.Errorf("the file set holds %d files after 10 edits, %d before", files, before)
	}
}

// TestNewFileWhileLoadFails opens a new Go file of a package while go.mod
// is broken: the load fails, and a file the last load has not seen can
// join none until go.mod is mended. The server checks the other edits
// against the last load, where it asked for a load for the new file at
// each run, which failed and asked again: go list ran without end, and
// no edit was checked until go.mod was mended.
func TestNewFileWhileLoadFails(t *testing.T) {
	c, text, mod := startBrokenGoMod(t)
	rel := "tools/tools.go"
	tools := c.path(rel)
	c.change(rel, 2, text+"\n")
	c.waitFor("the edit that came with go.mod's", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 2
	})
	loads := c.logged("loading the packages of")
	extra := c.path("tools/extra.go")
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri.File(extra), "languageId": "go", "version": 1,
		"text": "package tools\n\n// Extra is a tool.\n//\n//tool:export name=extra!\nfunc Extra() error { return nil }\n"}})
	c.change(rel, 3, text+"\n\n")
	c.waitFor("the edit after the new file", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 3
	})
	time.Sleep(time.Second)
	if n := c.logged("loading the packages of") - loads; n > 1 {
		t.Errorf("%d failed loads after a new file was opened, want at most one", n)
	}
	c.change("go.mod", 3, mod)
	c.waitFor("the new file, once go.mod is mended", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, extra) == "OLT008"
	})
}

// TestSecondInitialize sends initialize again, with another folder as the
// root: LSP lets initialize come once, and the server answered the second
// as the first, taking the new folder as its own (a file of it was then
// inside, and a file of the first outside) while it went on checking the
// packages it had loaded from the first. It answers InvalidRequest and
// keeps its folder: a file of the other folder is outside, and the user
// is told.
func TestSecondInitialize(t *testing.T) {
	dir, other := seeded(t), seeded(t)
	c := startClient(t, dir, options{})
	var res any
	_, err := c.conn.Call(context.Background(), "initialize", map[string]any{
		"processId": nil, "rootUri": uri.File(other), "capabilities": map[string]any{}}, &res)
	var e *jsonrpc2.Error
	if !errors.As(err, &e) || e.Code != jsonrpc2.InvalidRequest {
		t.Errorf("a second initialize: %v, want InvalidRequest", err)
	}
	c.open("tools/tools.go")
	c.waitFor("the diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("tools/tools.go")) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	outside := filepath.Join(other, "tools", "tools.go")
	c.openOutside(outside)
	if msgs := c.shownMessages(); len(msgs) != 1 || !strings.Contains(msgs[0], outside) {
		t.Errorf("messages %q, want one, of %s", msgs, outside)
	}
}

// gatedWriter holds the server's writes of publishDiagnostics while hold
// is set, until release is closed, as a client busy elsewhere that does
// not read does.
type gatedWriter struct {
	io.ReadWriteCloser
	hold    atomic.Bool
	blocked chan struct{}
	release chan struct{}
}

func (g *gatedWriter) Write(p []byte) (int, error) {
	if g.hold.Load() && bytes.Contains(p, []byte(`"textDocument/publishDiagnostics"`)) {
		select {
		case g.blocked <- struct{}{}:
		default:
		}
		<-g.release
	}
	return g.ReadWriteCloser.Write(p)
}

// TestPublishHoldsNoLock keeps a publication from being written (the
// client does not read for a while): the server goes on reading the
// client's messages meanwhile, where the worker held the server's lock
// while it wrote, and the handler of the next message waited for it, so
// the server read nothing more; a client that, in turn, waits to write
// before it reads deadlocks with it.
func TestPublishHoldsNoLock(t *testing.T) {
	dir := seeded(t)
	g := &gatedWriter{blocked: make(chan struct{}, 1), release: make(chan struct{})}
	released := sync.OnceFunc(func() { close(g.release) })
	defer released() // before the client's shutdown, a cleanup
	c := startClient(t, dir, options{wrapServer: func(rwc io.ReadWriteCloser) io.ReadWriteCloser {
		g.ReadWriteCloser = rwc
		return g
	}})
	rel := "tools/tools.go"
	tools := c.path(rel)
	text := c.open(rel)
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	g.hold.Store(true)
	c.change(rel, 2, text+"\n")
	select {
	case <-g.blocked:
	case <-time.After(60 * time.Second):
		t.Fatal("no publication of the edit")
	}
	// A change of a file that is not open: the server logs that it
	// ignores it, once it has read it.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri.File(c.path("sev/sev.go")), "version": 1},
		"contentChanges": []any{map[string]any{"text": "package sev\n"}}})
	deadline := time.Now().Add(5 * time.Second)
	for c.logged("which is not open: ignored") == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the server read nothing while a publication waited to be written")
		}
		time.Sleep(10 * time.Millisecond)
	}
	g.hold.Store(false)
	released()
	c.waitFor("the edit's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 2
	})
}

// recordingWriter keeps what the server writes.
type recordingWriter struct {
	io.ReadWriteCloser
	mu  sync.Mutex
	out bytes.Buffer
}

func (r *recordingWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	r.out.Write(p)
	r.mu.Unlock()
	return r.ReadWriteCloser.Write(p)
}

// TestPublishedVersionZero opens a file at version 0, as Neovim does: its
// diagnostics carry version 0, where the version was left out (protocol's
// field is omitted when 0), so a client could not tell them from those of
// a file that is not open.
func TestPublishedVersionZero(t *testing.T) {
	dir := seeded(t)
	rec := &recordingWriter{}
	c := startClient(t, dir, options{wrapServer: func(rwc io.ReadWriteCloser) io.ReadWriteCloser {
		rec.ReadWriteCloser = rwc
		return rec
	}})
	rel := "tools/tools.go"
	tools := c.path(rel)
	b, err := os.ReadFile(tools)
	if err != nil {
		t.Fatal(err)
	}
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri.File(tools), "languageId": "go", "version": 0, "text": string(b)}})
	c.waitFor("the diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	rec.mu.Lock()
	out := rec.out.String()
	rec.mu.Unlock()
	found := false
	for _, msg := range strings.Split(out, "Content-Length:") {
		_, body, ok := strings.Cut(msg, "\r\n\r\n")
		if !ok || !strings.Contains(body, `"textDocument/publishDiagnostics"`) {
			continue
		}
		var note struct {
			Params struct {
				URI     uri.URI `json:"uri"`
				Version *int32  `json:"version"`
			} `json:"params"`
		}
		if err := json.Unmarshal([]byte(body), &note); err != nil {
			t.Fatal(err)
		}
		if note.Params.URI.Filename() != tools {
			continue
		}
		found = true
		if v := note.Params.Version; v == nil || *v != 0 {
			t.Errorf("the diagnostics of version 0 are published with version %v, want 0", v)
		}
	}
	if !found {
		t.Error("no publication of the file seen")
	}
}

// TestNestedModuleRemoved edits a file of a module nested in the folder,
// which the load leaves out, then removes the nested go.mod outside the
// editor, for a client that cannot watch files: the file's package is now
// the folder's module's, and its next edit loads it, where the server
// went on taking it for a file the load leaves out (its build constraints
// and package clause had not changed) and never checked it.
func TestNestedModuleRemoved(t *testing.T) {
	dir := seeded(t)
	files := map[string]string{
		"nested/go.mod": "module example.com/nested\n\ngo 1.26\n",
		"nested/n.go":   "package nested\n\n// N is a tool.\n//\n//tool:export name=n!\nfunc N() error { return nil }\n",
	}
	for rel, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startClient(t, dir, options{noWatch: true})
	rel := "tools/tools.go"
	tools := c.path(rel)
	text := c.open(rel)
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	c.open("nested/n.go")
	for v := 2; v <= 3; v++ {
		c.change("nested/n.go", v, files["nested/n.go"]+strings.Repeat("\n", v))
		c.change(rel, v, text+strings.Repeat("\n", v))
		c.waitFor(fmt.Sprintf("version %d", v), func(m map[string]protocol.PublishDiagnosticsParams) bool {
			return int(m[tools].Version) == v
		})
	}
	if err := os.Remove(c.path("nested/go.mod")); err != nil {
		t.Fatal(err)
	}
	c.change("nested/n.go", 4, files["nested/n.go"])
	c.waitFor("the file of the module removed, in the load", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("nested/n.go")) == "OLT008"
	})
}

// TestFileLeavesTheLoad types a build constraint that excludes a file of
// the load: the file leaves its package, so the load is made again, where
// the server went on type-checking the file with its package and reported
// the rules there (OLT001: a tool in a file with a build constraint),
// which no load of the folder reports. Deleting the constraint brings the
// file back.
func TestFileLeavesTheLoad(t *testing.T) {
	dir := seeded(t)
	extra := "package tools\n\n// Extra is a tool.\n//\n//tool:export name=extra!\nfunc Extra() error { return nil }\n"
	if err := os.WriteFile(filepath.Join(dir, "tools", "extra.go"), []byte(extra), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startClient(t, dir, options{})
	tools, name := c.path("tools/tools.go"), c.path("tools/extra.go")
	toolsText := c.open("tools/tools.go")
	c.open("tools/extra.go")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008" && codes(m, name) == "OLT008"
	})
	c.change("tools/extra.go", 2, "//go:build ignore\n\n"+extra)
	c.waitFor("the excluded file's diagnostics gone", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		p := m[name]
		return p.Version == 2 && len(p.Diagnostics) == 0
	})
	c.change("tools/extra.go", 3, extra)
	c.waitFor("the file back in the load", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[name].Version == 3 && codes(m, name) == "OLT008"
	})
	// The constraint typed a piece at a time: the file's package clause
	// goes missing for an edit, then comes back after the constraint.
	c.change("tools/extra.go", 4, "//go:build ign\n\npack"+strings.TrimPrefix(extra, "package"))
	c.waitFor("the edit without a package clause", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[name].Version == 4
	})
	c.change("tools/extra.go", 5, "//go:build ignore\n\n"+extra)
	// Then an edit of another file, whose diagnostics tell that the
	// server has handled the one before.
	c.change("tools/tools.go", 2, toolsText+"\n")
	m := c.waitFor("the other file's edit", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 2
	})
	if got := codes(m, name); got != "" {
		t.Errorf("the file excluded again: %s, want no diagnostics", got)
	}
}
