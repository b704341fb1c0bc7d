package mcpserver

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServedOfWaitsForMiddleware: of two first calls of servedOf on one
// server at once, the one that did not make the served returns only once
// the middleware is on the server. Before, it returned at once, and its
// caller could serve the server's first requests without the middleware
// (no gate, no bound on SDK tools' arguments, no encoding check).
func TestServedOfWaitsForMiddleware(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	installing := make(chan struct{})
	secondDone := make(chan struct{})
	var hookDone atomic.Bool // the middleware is put on the server right after
	testHookInstall = func() {
		close(installing)
		// Give the second call the time to return, if it does not wait.
		select {
		case <-secondDone:
		case <-time.After(200 * time.Millisecond):
		}
		hookDone.Store(true)
	}
	t.Cleanup(func() { testHookInstall = nil })
	first := make(chan *served)
	go func() { first <- servedOf(s) }()
	<-installing
	second := servedOf(s)
	if !hookDone.Load() {
		t.Error("servedOf returned to the second caller before the first had put the middleware on the server")
	}
	close(secondDone)
	if got := <-first; got != second {
		t.Error("two served for one server")
	}
}
