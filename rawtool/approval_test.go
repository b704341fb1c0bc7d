package rawtool_test

import (
	"context"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// TestApprovalInvalidUTF8 reproduces the fault of a raw tool's approval
// that read bytes that are not UTF-8 as U+FFFD but passed them on as
// sent: approving {"path":"/srv/a\xff"} ran the function with
// "/srv/a\xfe". The arguments are read one way from the approval to the
// call, as encoding/json reads them (each byte that is not UTF-8, and each
// \u escape of half a surrogate pair, is U+FFFD): the function gets what
// the approval compared, whichever of the equal texts was sent.
func TestApprovalInvalidUTF8(t *testing.T) {
	var got []json.RawMessage
	tl, err := rawtool.New(tool.Meta{Name: "remove", RequiresApproval: true},
		json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
		func(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) {
			got = append(got, append(json.RawMessage(nil), args...))
			return "removed", nil
		})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, approved, called, want string
	}{
		{"bytes", "{\"path\":\"/srv/a\xff\"}", "{\"path\":\"/srv/a\xfe\"}", "{\"path\":\"/srv/a\uFFFD\"}"},
		{"a truncated sequence", "{\"path\":\"/srv/a\xe2\x82\"}", "{\"path\":\"/srv/a\xc0\xc1\"}", "{\"path\":\"/srv/a\uFFFD\uFFFD\"}"},
		{"an encoded surrogate", "{\"path\":\"/srv/a\xed\xa0\x80\"}", "{\"path\":\"/srv/a\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"}", "{\"path\":\"/srv/a\uFFFD\uFFFD\uFFFD\"}"},
		{"escaped halves", `{"path":"/srv/a\ud800"}`, `{"path":"/srv/a\udfff"}`, "{\"path\":\"/srv/a\uFFFD\"}"},
		{"a high half before a character", `{"path":"/srv/a\ud800\u0041"}`, `{"path":"/srv/a\udbff\u0041"}`, "{\"path\":\"/srv/a\uFFFD\\u0041\"}"},
	} {
		got = nil
		ctx := tool.Approve(context.Background(), "remove", json.RawMessage(tt.approved))
		for _, args := range []string{tt.approved, tt.called} {
			r, err := tl.Invoke(ctx, json.RawMessage(args))
			if err != nil || r.IsError {
				t.Errorf("%s: %q under the approval of %q: %+v, %v", tt.name, args, tt.approved, r, err)
			}
		}
		if len(got) != 2 {
			t.Errorf("%s: the function ran %d times, want 2", tt.name, len(got))
			continue
		}
		for _, g := range got {
			if string(g) != tt.want || !utf8.Valid(g) {
				t.Errorf("%s: the function got %q, want %q", tt.name, g, tt.want)
			}
		}
	}
	// A pair of halves is one character, kept as sent.
	pair := `{"path":"/srv/\ud83d\ude00"}`
	got = nil
	if r, _ := tl.Invoke(tool.Approve(context.Background(), "remove", json.RawMessage(pair)), json.RawMessage(pair)); r.IsError || len(got) != 1 || string(got[0]) != pair {
		t.Errorf("a surrogate pair: %+v, the function got %q", r, got)
	}
}
