package server

import (
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// TestClientThatNeverAnswers: a client that says it has
// workspace/configuration and dynamic registration but never answers
// either request still gets its diagnostics: the server waits clientWait
// for each answer, logs that none came, and goes on with the defaults.
// Before, it waited for good, and never checked a file.
func TestClientThatNeverAnswers(t *testing.T) {
	old := clientWait
	clientWait = 300 * time.Millisecond
	t.Cleanup(func() { clientWait = old })
	dir := seeded(t)
	c := startClient(t, dir, options{mute: true, settings: map[string]any{}})
	tools := c.path("tools/tools.go")
	c.open("tools/tools.go")
	c.waitFor("the first diagnostics", func(m map[string]protocol.PublishDiagnosticsParams) bool {
		return codes(m, tools) == "OLT011 OLT002 OLT014 OLT009 OLT008"
	})
	for _, what := range []string{"workspace/configuration", "the file watchers"} {
		if c.logged(what) == 0 {
			t.Errorf("nothing logged of %s, which the client never answered", what)
		}
	}
}
