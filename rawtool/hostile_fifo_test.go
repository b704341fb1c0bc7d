//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package rawtool_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestNewRefusesFIFO: a reference to a FIFO blocked the validator's
// default loader, and New with it, for ever. It is refused like any
// reference that leaves the document, without opening it. It is apart
// from TestNewRefusesReferencesOutside because syscall.Mkfifo is not on
// every system: that file did not build on Windows.
func TestNewRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := newRaw(`{"type":"object","properties":{"a":{"$ref":"file://` + filepath.ToSlash(fifo) + `"}}}`)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Errorf("a reference to a FIFO compiled")
		}
	case <-time.After(10 * time.Second):
		// Unblock the reader, so that the test ends.
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("New blocked on a reference to a FIFO")
	}
}
