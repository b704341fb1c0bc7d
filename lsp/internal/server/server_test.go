package server

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "write the .golden files")

// golden is one expected diagnostic, as the golden file has it: the
// clients' tests (Node, Neovim) read the same file.
type golden struct {
	File     string         `json:"file"`
	Code     string         `json:"code"`
	Href     string         `json:"href"`
	Severity int            `json:"severity"`
	Range    protocol.Range `json:"range"` // UTF-16
	Text     string         `json:"text"`  // the source text the range covers
}

const goldenDiags = "../../testdata/diagnostics.golden"

// seededFiles are the files of testdata/seeded with diagnostics.
var seededFiles = []string{"tools/tools.go", "notes/notes.go"}

// collect returns the published diagnostics of the seeded files as
// golden entries, with the text each range covers in its file.
func collect(t *testing.T, c *client, m map[string]protocol.PublishDiagnosticsParams, enc string, texts map[string]string) []golden {
	t.Helper()
	var out []golden
	for _, rel := range seededFiles {
		text := []byte(texts[rel])
		for _, d := range m[c.path(rel)].Diagnostics {
			g := golden{File: rel, Code: codeOf(d), Severity: int(d.Severity), Range: d.Range}
			if d.CodeDescription != nil {
				g.Href = string(d.CodeDescription.Href)
			}
			if d.Source != Source {
				t.Errorf("%s %s: source %q", rel, g.Code, d.Source)
			}
			start, end := offset(text, d.Range.Start, enc), offset(text, d.Range.End, enc)
			g.Text = string(text[start:end])
			// The golden ranges are UTF-16's.
			g.Range = protocol.Range{Start: position(text, start, encUTF16), End: position(text, end, encUTF16)}
			out = append(out, g)
		}
	}
	return out
}

func readGolden(t *testing.T) []golden {
	t.Helper()
	b, err := os.ReadFile(goldenDiags)
	if err != nil {
		t.Fatal(err)
	}
	var gs []golden
	if err := json.Unmarshal(b, &gs); err != nil {
		t.Fatal(err)
	}
	return gs
}

func all(m map[string]protocol.PublishDiagnosticsParams, c *client, n int) bool {
	k := 0
	for _, rel := range seededFiles {
		k += len(m[c.path(rel)].Diagnostics)
	}
	return k == n
}

// TestDiagnostics opens the seeded module in each position encoding:
// every diagnostic's rule, range (the text it covers), link and severity
// as the golden file has them; the ranges in UTF-8 differ from UTF-16's
// where non-ASCII text comes before them on their line.
func TestDiagnostics(t *testing.T) {
	for _, enc := range []string{encUTF16, encUTF8} {
		t.Run(enc, func(t *testing.T) {
			dir := seeded(t)
			before := snapshot(t, dir)
			offered := []string{encUTF16}
			if enc == encUTF8 {
				offered = []string{encUTF8, encUTF16}
			}
			c := startClient(t, dir, options{encodings: offered})
			texts := map[string]string{}
			for _, rel := range seededFiles {
				texts[rel] = c.open(rel)
			}
			var want []golden
			if !*update {
				want = readGolden(t)
			}
			m := c.waitFor("the seeded diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
				if *update {
					return all(m, c, 7)
				}
				return all(m, c, len(want))
			})
			got := collect(t, c, m, enc, texts)
			if *update && enc == encUTF16 {
				b, _ := json.MarshalIndent(got, "", "  ")
				if err := os.WriteFile(goldenDiags, append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			gb, _ := json.MarshalIndent(got, "", "  ")
			wb, _ := json.MarshalIndent(want, "", "  ")
			if !bytes.Equal(gb, wb) {
				t.Errorf("diagnostics differ from %s\ngot:\n%s\nwant:\n%s", goldenDiags, gb, wb)
			}
			// The ranges as sent, in the encoding: OLT011's starts at the
			// option string, after "Größe" and "größe", four bytes
			// longer in UTF-8 than in UTF-16.
			for _, d := range m[c.path("tools/tools.go")].Diagnostics {
				if codeOf(d) != "OLT011" {
					continue
				}
				wantChar := uint32(34)
				if enc == encUTF8 {
					wantChar = 38
				}
				if d.Range.Start.Character != wantChar {
					t.Errorf("OLT011 starts at character %d in %s, want %d", d.Range.Start.Character, enc, wantChar)
				}
			}
			if after := snapshot(t, dir); !mapsEqual(before, after) {
				t.Errorf("the server changed files on disk")
			}
		})
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestUnsavedEdits changes the editor's text without saving: the
// diagnostics follow it in the edited package, in the packages that
// depend on an edited one (through the analyzers' facts), through an edit
// that adds an import (a reload), through text that does not parse or
// type-check, and after a burst of edits they are those of the last text.
func TestUnsavedEdits(t *testing.T) {
	dir := seeded(t)
	before := snapshot(t, dir)
	c := startClient(t, dir, options{})
	tools := c.path("tools/tools.go")
	text := c.open("tools/tools.go")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})

	steps := []struct {
		name string
		file string
		edit func(string) string
		want string // the rule IDs of tools.go, in order
	}{
		{"mend the tag", "tools/tools.go", func(s string) string { return strings.Replace(s, "größe,string", "größe", 1) },
			"OLT002 OLT014 OLT009 OLT008"},
		{"the enum loses its constants, in another package", "sev/sev.go", func(s string) string {
			return strings.Replace(s, "const (\n\tLow  Severity = \"low\"\n\tHigh Severity = \"high\"\n)\n", "", 1)
		}, "OLT002 OLT009 OLT008"},
		{"a new import", "tools/tools.go", func(s string) string {
			s = strings.Replace(s, "\"context\"\n", "\"context\"\n\t\"strings\"\n", 1)
			return s + "\n// Upper is not a tool.\nfunc Upper(s string) string { return strings.ToUpper(s) }\n"
		}, "OLT002 OLT009 OLT008"},
		{"a type error", "tools/tools.go", func(s string) string {
			return strings.Replace(s, "Updates chan string", "Updates chan Undefined", 1)
		}, "OLT009 OLT008"},
		{"a syntax error", "tools/tools.go", func(s string) string {
			return strings.Replace(s, "func Find() error { return nil }", "func Find() error { return nil", 1)
		}, "OLT009 OLT008"},
		{"mended again", "tools/tools.go", func(s string) string {
			s = strings.Replace(s, "func Find() error { return nil", "func Find() error { return nil }", 1)
			return strings.Replace(s, "Updates chan Undefined", "Updates chan string", 1)
		}, "OLT002 OLT009 OLT008"},
	}
	texts := map[string]string{"tools/tools.go": text}
	versions := map[string]int{"tools/tools.go": 1}
	for _, st := range steps {
		if _, ok := texts[st.file]; !ok {
			texts[st.file] = c.open(st.file)
			versions[st.file] = 1
		}
		texts[st.file] = st.edit(texts[st.file])
		versions[st.file]++
		c.change(st.file, versions[st.file], texts[st.file])
		c.waitFor(st.name, func(m map[string]protocol.PublishDiagnosticsParams) bool {
			if st.file == "tools/tools.go" && int(m[tools].Version) != versions[st.file] {
				return false // not yet for this text
			}
			return codes(m, tools) == st.want
		})
	}

	// A burst: only the last text counts.
	for i := 0; i < 20; i++ {
		versions["tools/tools.go"]++
		s := texts["tools/tools.go"]
		if i%2 == 0 {
			s = strings.Replace(s, "name=find!", "name=find", 1)
		}
		c.change("tools/tools.go", versions["tools/tools.go"], s)
	}
	c.waitFor("the burst's last text", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT002 OLT009 OLT008" && int(m[tools].Version) == versions["tools/tools.go"]
	})

	if after := snapshot(t, dir); !mapsEqual(before, after) {
		t.Errorf("the server changed files on disk")
	}
}

// TestWatchedFiles adds a file on disk and tells the server through
// workspace/didChangeWatchedFiles: it loads again and reports the file's
// diagnostics; the file changed on disk is checked again; and a save.
func TestWatchedFiles(t *testing.T) {
	dir := seeded(t)
	c := startClient(t, dir, options{})
	c.open("tools/tools.go")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return len(m[c.path("tools/tools.go")].Diagnostics) == 5
	})
	extra := c.path("tools/extra.go")
	src := "package tools\n\n// Look looks.\n//\n//tool:export name=look.up\nfunc Look() error { return nil }\n"
	if err := os.WriteFile(extra, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": uri.File(extra), "type": 1}}})
	c.waitFor("the new file's diagnostic", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, extra) == "OLT008"
	})
	// Changed on disk, not open in the editor: checked again from disk.
	if err := os.WriteFile(extra, []byte(strings.Replace(src, "look.up", "look-up", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": uri.File(extra), "type": 2}}})
	// OLT008 goes; the package's missing generated code (OLT014), which
	// the name's error held back, is reported at its first tool.
	c.waitFor("the mended file's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, extra) == "OLT014"
	})
	// Saved: the text on disk is the editor's, checked again.
	tools := c.path("tools/tools.go")
	b, _ := os.ReadFile(tools)
	saved := strings.Replace(string(b), "name=find!", "name=find", 1)
	c.change("tools/tools.go", 2, saved)
	if err := os.WriteFile(tools, []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri.File(tools)}})
	c.waitFor("the saved file's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 2 && codes(m, tools) == "OLT011 OLT002 OLT014 OLT009"
	})
}

// TestNoWatcher runs go generate's part behind the back of a client that
// cannot watch files (Neovim 0.7, the form the docs test): toolgen writes
// the enum's values in another package, then the user types in the tool's
// file. The server finds the new file on disk and loads again, and the
// tool's OLT014 about the enum goes, where it stayed until a restart.
// A Go file removed on disk is found the same way.
func TestNoWatcher(t *testing.T) {
	dir := seeded(t)
	c := startClient(t, dir, options{noWatch: true})
	tools := c.path("tools/tools.go")
	text := c.open("tools/tools.go")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	gen := c.path("sev/toolschema_gen.go")
	src := "// Code generated by toolgen. DO NOT EDIT.\n\npackage sev\n\n" +
		"// ToolschemaEnumValues returns the values of the Severity constants, in declaration order.\n" +
		"func (Severity) ToolschemaEnumValues() []string {\n\treturn []string{string(Low), string(High)}\n}\n"
	if err := os.WriteFile(gen, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	text += "\n// Typed after go generate.\n"
	c.change("tools/tools.go", 2, text)
	c.waitFor("the enum's OLT014 gone", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 2 && codes(m, tools) == "OLT011 OLT002 OLT009 OLT008"
	})
	if err := os.Remove(gen); err != nil {
		t.Fatal(err)
	}
	text += "// Typed again.\n"
	c.change("tools/tools.go", 3, text)
	c.waitFor("the enum's OLT014 back", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return m[tools].Version == 3 && codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
}

// TestSettings turns rules on and off through initializationOptions and
// through workspace/configuration, which wins when the client has it.
func TestSettings(t *testing.T) {
	tests := []struct {
		name string
		o    options
		want string // the rule IDs of tools.go
	}{
		{"defaults", options{}, "OLT011 OLT002 OLT014 OLT009 OLT008"},
		{"initializationOptions", options{initOpts: map[string]any{"rules": map[string]bool{"OLT002": false, "OLT009": false}}}, "OLT011 OLT014 OLT008"},
		{"workspace/configuration", options{
			initOpts: map[string]any{"rules": map[string]bool{"OLT002": false}},
			settings: map[string]any{"rules": map[string]bool{"OLT008": false}}}, "OLT011 OLT002 OLT014 OLT009"},
		{"quality on", options{initOpts: map[string]any{"quality": true}}, "OLT011 OLT002 OLT014 OLT009 OLT008"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := seeded(t)
			c := startClient(t, dir, tt.o)
			c.open("tools/tools.go")
			c.waitFor(tt.want, func(m map[string]protocol.PublishDiagnosticsParams) bool {
				return codes(m, c.path("tools/tools.go")) == tt.want
			})
		})
	}
	t.Run("a change of configuration", func(t *testing.T) {
		dir := seeded(t)
		c := startClient(t, dir, options{settings: map[string]any{}})
		c.open("tools/tools.go")
		c.waitFor("defaults", func(m map[string]protocol.PublishDiagnosticsParams) bool {
			return codes(m, c.path("tools/tools.go")) == "OLT011 OLT002 OLT014 OLT009 OLT008"
		})
		c.mu.Lock()
		c.settings = json.RawMessage(`{"rules":{"OLT011":false}}`)
		c.mu.Unlock()
		c.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
		c.waitFor("OLT011 off", func(m map[string]protocol.PublishDiagnosticsParams) bool {
			return codes(m, c.path("tools/tools.go")) == "OLT002 OLT014 OLT009 OLT008"
		})
	})
	t.Run("an unknown provider", func(t *testing.T) {
		dir := seeded(t)
		// Each bad setting is told, in one message: before, only the
		// first was.
		c := startClient(t, dir, options{initOpts: map[string]any{"providers": []string{"nosuch"}, "rules": map[string]bool{"OLT999": false, "OLT998": false}}})
		c.open("tools/tools.go")
		c.waitFor("defaults", func(m map[string]protocol.PublishDiagnosticsParams) bool {
			return codes(m, c.path("tools/tools.go")) == "OLT011 OLT002 OLT014 OLT009 OLT008"
		})
		c.mu.Lock()
		defer c.mu.Unlock()
		if len(c.messages) == 0 || !strings.Contains(c.messages[0], "nosuch") ||
			!strings.Contains(c.messages[0], `unknown rule "OLT998"`) || !strings.Contains(c.messages[0], `unknown rule "OLT999"`) {
			t.Errorf("no message about the unknown provider and each unknown rule: %q", c.messages)
		}
	})
}

// TestCodeActions requests the code actions at each diagnostic and
// applies each quick fix's edit to the files: the result is the .golden
// file of the rule.
func TestCodeActions(t *testing.T) {
	dir := seeded(t)
	c := startClient(t, dir, options{})
	texts := map[string]string{}
	for _, rel := range seededFiles {
		texts[rel] = c.open(rel)
	}
	m := c.waitFor("the seeded diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool { return all(m, c, 7) })
	fixed := map[string]bool{}
	for _, rel := range seededFiles {
		for _, d := range m[c.path(rel)].Diagnostics {
			var actions []protocol.CodeAction
			_, err := c.conn.Call(context.Background(), "textDocument/codeAction", map[string]any{
				"textDocument": map[string]any{"uri": uri.File(c.path(rel))},
				"range":        d.Range,
				"context":      map[string]any{"diagnostics": []any{d}, "only": []string{"quickfix"}},
			}, &actions)
			if err != nil {
				t.Fatal(err)
			}
			for i, a := range actions {
				if a.Kind != protocol.QuickFix || a.Edit == nil || len(a.Diagnostics) != 1 {
					t.Errorf("%s: action %+v is not a quick fix of one diagnostic with an edit", codeOf(d), a)
					continue
				}
				if codeOf(a.Diagnostics[0]) != codeOf(d) {
					continue // another diagnostic's fix on the same range
				}
				name := codeOf(d)
				if i > 0 {
					name += fmt.Sprintf("-%d", i)
				}
				fixed[name] = true
				got := applyEdit(t, c, a, texts)
				file := filepath.Join("..", "..", "testdata", "fixes", name+".golden")
				if *update {
					os.MkdirAll(filepath.Dir(file), 0o755)
					os.WriteFile(file, got, 0o644)
					continue
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: the applied fix %q differs from %s:\n%s", name, a.Title, file, got)
				}
			}
		}
	}
	var names []string
	for n := range fixed {
		names = append(names, n)
	}
	sort.Strings(names)
	if got, want := strings.Join(names, " "), "OLT008 OLT009 OLT011 OLT020"; got != want {
		t.Errorf("quick fixes for %s, want %s", got, want)
	}
	// A range without a diagnostic has no actions, nor does a request
	// for other kinds.
	for _, tc := range []struct {
		rng  protocol.Range
		only []string
	}{
		{protocol.Range{Start: protocol.Position{Line: 0}, End: protocol.Position{Line: 0, Character: 3}}, nil},
		{m[c.path("tools/tools.go")].Diagnostics[0].Range, []string{"refactor"}},
	} {
		var actions []protocol.CodeAction
		c.conn.Call(context.Background(), "textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri.File(c.path("tools/tools.go"))},
			"range":        tc.rng, "context": map[string]any{"diagnostics": []any{}, "only": tc.only},
		}, &actions)
		if len(actions) != 0 {
			t.Errorf("range %v only %v: %d actions, want none", tc.rng, tc.only, len(actions))
		}
	}
}

// TestCodeActionsOnTheLine asks for the quick fixes as Neovim does: the
// range is the cursor, anywhere on the diagnostic's line (here its first
// column, before the diagnostic's range), and context.diagnostics holds
// the line's diagnostics as the client has them. Each fix of a diagnostic
// the client names is offered, as at the diagnostic's own range; a
// diagnostic the client does not name, or names with another message, is
// not.
func TestCodeActionsOnTheLine(t *testing.T) {
	dir := seeded(t)
	c := startClient(t, dir, options{})
	for _, rel := range seededFiles {
		c.open(rel)
	}
	m := c.waitFor("the seeded diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool { return all(m, c, 7) })
	ask := func(rel string, rng protocol.Range, ds []protocol.Diagnostic) []protocol.CodeAction {
		var actions []protocol.CodeAction
		if ds == nil {
			ds = []protocol.Diagnostic{}
		}
		_, err := c.conn.Call(context.Background(), "textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri.File(c.path(rel))},
			"range":        rng,
			"context":      map[string]any{"diagnostics": ds},
		}, &actions)
		if err != nil {
			t.Fatal(err)
		}
		return actions
	}
	titles := func(as []protocol.CodeAction) string {
		var s []string
		for _, a := range as {
			s = append(s, a.Title)
		}
		return strings.Join(s, "; ")
	}
	tried := 0
	for _, rel := range seededFiles {
		for _, d := range m[c.path(rel)].Diagnostics {
			atRange := ask(rel, d.Range, []protocol.Diagnostic{d})
			if len(atRange) == 0 || d.Range.Start.Character == 0 {
				continue
			}
			tried++
			cursor := protocol.Range{Start: protocol.Position{Line: d.Range.Start.Line}, End: protocol.Position{Line: d.Range.Start.Line}}
			if got, want := titles(ask(rel, cursor, []protocol.Diagnostic{d})), titles(atRange); got != want {
				t.Errorf("%s %s: at the line's first column with the diagnostic in the context: %q, want %q", rel, codeOf(d), got, want)
			}
			if got := ask(rel, cursor, nil); len(got) != 0 {
				t.Errorf("%s %s: at the line's first column with no diagnostic in the context: %q, want none", rel, codeOf(d), titles(got))
			}
			// Neovim 0.7 sends the context's diagnostics with byte
			// columns where the server published UTF-16 ones (they differ
			// on a line with non-ASCII text before the diagnostic): the
			// diagnostic is the one on that line with that code and
			// message.
			shifted := d
			shifted.Range.Start.Character += 7
			shifted.Range.End.Character += 9
			if got, want := titles(ask(rel, cursor, []protocol.Diagnostic{shifted})), titles(atRange); got != want {
				t.Errorf("%s %s: at the line's first column with the diagnostic in the context at other columns: %q, want %q", rel, codeOf(d), got, want)
			}
			other := d
			other.Message = "another message"
			if got := ask(rel, cursor, []protocol.Diagnostic{other}); len(got) != 0 {
				t.Errorf("%s %s: at the line's first column with another diagnostic in the context: %q, want none", rel, codeOf(d), titles(got))
			}
		}
	}
	if tried == 0 {
		t.Fatal("no diagnostic with a quick fix that starts after its line's first column")
	}
}

// applyEdit applies a code action's edit to the texts and returns the
// files it changed as a txtar archive, by path in the module.
func applyEdit(t *testing.T, c *client, a protocol.CodeAction, texts map[string]string) []byte {
	t.Helper()
	var ar txtar.Archive
	var files []string
	for u := range a.Edit.Changes {
		files = append(files, u.Filename())
	}
	slices.Sort(files)
	for _, name := range files {
		rel, _ := filepath.Rel(c.dir, name)
		rel = filepath.ToSlash(rel)
		text := []byte(texts[rel])
		edits := a.Edit.Changes[uri.File(name)]
		sort.SliceStable(edits, func(i, j int) bool { return comparePos(edits[i].Range.Start, edits[j].Range.Start) > 0 })
		for _, e := range edits {
			s, en := offset(text, e.Range.Start, encUTF16), offset(text, e.Range.End, encUTF16)
			text = append(append(append([]byte(nil), text[:s]...), e.NewText...), text[en:]...)
		}
		ar.Files = append(ar.Files, txtar.File{Name: rel, Data: text})
	}
	return txtar.Format(&ar)
}

// TestWorkspaceOfModules opens a folder that is no module but holds a
// go.work of two modules (where "go list ./..." matches nothing, and
// gopls's root_markers put the root): each module's tools are checked.
func TestWorkspaceOfModules(t *testing.T) {
	dir := t.TempDir()
	seededDir := seeded(t)
	if err := os.Rename(seededDir, filepath.Join(dir, "seeded")); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.work":        "go 1.26\n\nuse (\n\t./seeded\n\t./other\n)\n",
		"other/go.mod":   "module example.com/other\n\ngo 1.26\n",
		"other/other.go": "package other\n\n// Input is Ping's input.\ntype Input struct {\n\tHost string `json:\"host,omitemtpy\"`\n}\n\n// Ping pings.\n//\n//tool:export\nfunc Ping(in Input) error { return nil }\n",
	}
	for rel, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startClient(t, dir, options{})
	c.open("seeded/tools/tools.go")
	c.open("other/other.go")
	c.waitFor("both modules' diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("seeded/tools/tools.go")) == "OLT011 OLT002 OLT014 OLT009 OLT008" &&
			codes(m, c.path("other/other.go")) == "OLT011"
	})
}

// TestOutsideFolder opens Go files of another folder than the server's
// (Neovim 0.7's configuration attaches every Go buffer to the one server
// of the first module): the server checks none of them, and says so once,
// naming the first and its own folder, where it said nothing. A file of
// the standard library (opened by going to a definition) is not named.
func TestOutsideFolder(t *testing.T) {
	dir, other := seeded(t), seeded(t)
	c := startClient(t, dir, options{})
	c.open("tools/tools.go")
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	std := filepath.Join(strings.TrimSpace(string(out)), "src", "strings", "strings.go")
	for _, name := range []string{std, filepath.Join(other, "tools", "tools.go"), filepath.Join(other, "notes", "notes.go")} {
		c.openOutside(name)
	}
	c.waitFor("the folder's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("tools/tools.go")) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	want := filepath.Join(other, "tools", "tools.go")
	if msgs := c.shownMessages(); len(msgs) != 1 || !strings.Contains(msgs[0], want) || !strings.Contains(msgs[0], dir) {
		t.Errorf("messages %q, want one naming %s and %s", msgs, want, dir)
	}
}

// TestOtherModule checks a tool whose input reaches enum types of another
// module, outside the workspace (parsed without the bodies the rules do
// not need): the facts of the one without its generated values and of the
// one with stale values (read from the generated method's body) reach the
// tool's package; the one with fresh values says nothing.
func TestOtherModule(t *testing.T) {
	dir := copyTestdata(t, "crossmod")
	c := startClient(t, filepath.Join(dir, "app"), options{})
	c.open("app.go")
	m := c.waitFor("the tool's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("app.go")) == "OLT014 OLT014 OLT014"
	})
	var msgs []string
	for _, d := range m[c.path("app.go")].Diagnostics {
		msgs = append(msgs, d.Message)
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, "enum type stale.Colour, which has no ToolschemaEnumValues") ||
		!strings.Contains(all, "enum type old.Width, which has a stale ToolschemaEnumValues") || strings.Contains(all, "fresh.Size") {
		t.Errorf("diagnostics:\n%s", all)
	}
}

// TestOtherModuleDeclared checks a type of another module that declares
// its schema by a method whose body the generator reads: the body is
// kept in the dependency's parse, and OLT015 sees the declared oneOf.
func TestOtherModuleDeclared(t *testing.T) {
	dir := copyTestdata(t, "crossmod")
	c := startClient(t, filepath.Join(dir, "app"), options{initOpts: map[string]any{"providers": []string{"openai"}}})
	c.open("ids/ids.go")
	m := c.waitFor("the tool's diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, c.path("ids/ids.go")) == "OLT015 OLT014"
	})
	d := m[c.path("ids/ids.go")].Diagnostics[0]
	if !strings.Contains(d.Message, "OpenAI strict mode does not take oneOf") {
		t.Errorf("OLT015: %s", d.Message)
	}
}
