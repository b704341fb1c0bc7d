package anthropicadapter_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// scripted serves the Messages API from a script: it answers the n-th
// request (from 0) with the assistant's message of the content blocks and
// stop reason answer(n) returns. It returns a client of the server and a
// function that returns the bodies of the requests the server got so far.
func scripted(t *testing.T, answer func(n int) (content, stop string)) (*anthropic.Client, func() []string) {
	t.Helper()
	var (
		mu     sync.Mutex
		bodies []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(bodies)
		bodies = append(bodies, string(body))
		mu.Unlock()
		content, stop := answer(n)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"msg_%d","type":"message","role":"assistant","model":"claude-test","stop_reason":%q,"usage":{"input_tokens":1,"output_tokens":1},"content":%s}`, n, stop, content)
	}))
	t.Cleanup(srv.Close)
	c := anthropic.NewClient(option.WithBaseURL(srv.URL+"/"), option.WithAPIKey("test"), option.WithMaxRetries(0))
	return &c, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), bodies...)
	}
}
