package server

import (
	"context"
	"testing"

	"go.lsp.dev/protocol"
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
