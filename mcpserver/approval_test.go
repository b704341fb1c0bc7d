package mcpserver_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolschema/toolschema/mcpserver"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// approvalTools returns two tools that require approval, delete and purge,
// with the same input, and the count of the times each ran.
func approvalTools(t *testing.T) (del, purge *tool.Tool, deleted, purged *atomic.Int64) {
	t.Helper()
	deleted, purged = new(atomic.Int64), new(atomic.Int64)
	var err error
	del, err = reflectimpl.Create(func(in DeleteRequest) string {
		deleted.Add(1)
		return "deleted " + in.ID
	}, reflectimpl.Meta(tool.Meta{Name: "delete", RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	purge, err = reflectimpl.Create(func(in DeleteRequest) string {
		purged.Add(1)
		return "purged " + in.ID
	}, reflectimpl.Meta(tool.Meta{Name: "purge", RequiresApproval: true}))
	if err != nil {
		t.Fatal(err)
	}
	return del, purge, deleted, purged
}

// serveHTTP serves s behind the SDK's streamable HTTP handler on a
// loopback server, stateless or not, with wrap (when set) around it.
func serveHTTP(t *testing.T, s *mcp.Server, stateless bool, wrap func(http.Handler) http.Handler) string {
	t.Helper()
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: stateless})
	if wrap != nil {
		h = wrap(h)
	}
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	return hs.URL
}

// handClient connects a client of the SDK that can elicit but makes the
// multi round trip by hand (the test plays the client's part), with
// header added to every HTTP request. Asked by the server itself (a
// client of a protocol before 2026-07-28), its user cannot be reached.
func handClient(t *testing.T, url string, header http.Header, version string) *mcp.ClientSession {
	t.Helper()
	client := &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		for k, v := range header {
			r.Header[k] = v
		}
		return http.DefaultTransport.RoundTrip(r)
	})}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, &mcp.ClientOptions{
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return nil, errors.New("the user cannot be reached")
		},
	}).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: client}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// yes is the answer that approves a call, under the one key the question
// was asked with.
func yes(t *testing.T, asked *mcp.CallToolResult) mcp.InputResponseMap {
	t.Helper()
	if !asked.NeedsInput() || len(asked.InputRequests) != 1 || asked.RequestState == "" {
		t.Fatalf("%+v: want one input request and a state", asked)
	}
	for k := range asked.InputRequests {
		return mcp.InputResponseMap{k: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}}
	}
	return nil
}

// ask calls a tool with no answer, and returns the question's result.
func ask(t *testing.T, cs *mcp.ClientSession, name, args string) *mcp.CallToolResult {
	t.Helper()
	r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatal(err)
	}
	if !r.NeedsInput() {
		t.Fatalf("%s %s: %+v, want a question", name, args, r)
	}
	return r
}

// answer calls a tool again with an answer and a state.
func answer(t *testing.T, cs *mcp.ClientSession, name, args string, responses mcp.InputResponseMap, state string) *mcp.CallToolResult {
	t.Helper()
	r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args), InputResponses: responses, RequestState: state})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestApprovalStateStateless reproduces the faults of an unkeyed approval
// state over stateless streamable HTTP, with the SDK's client: one yes
// replayed ran the tool again each time, with nobody asked, and a state
// the client computed itself ran a tool that no question was ever sent
// for. A state is good once, for the tool and the arguments it was made
// for, and only if the server made it.
func TestApprovalStateStateless(t *testing.T) {
	del, purge, deleted, purged := approvalTools(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{del, purge}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
		t.Fatal(err)
	}
	cs := handClient(t, serveHTTP(t, s, true, nil), nil, "")
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("protocol %s", v)
	}
	const args = `{"id":"abc"}`

	// An accepted answer runs the call once.
	first := ask(t, cs, "delete", args)
	ok := yes(t, first)
	if r := answer(t, cs, "delete", args, ok, first.RequestState); r.NeedsInput() || r.IsError || texts(t, r) != "deleted abc" {
		t.Fatalf("the approved call: %+v", r)
	}
	// Replayed, it runs nothing.
	for i := range 3 {
		if r := answer(t, cs, "delete", args, ok, first.RequestState); !r.NeedsInput() && !r.IsError {
			t.Errorf("replay %d: %+v, want a new question or a refusal", i+1, r)
		}
	}
	if n := deleted.Load(); n != 1 {
		t.Errorf("one yes ran delete %d times", n)
	}

	// States for other arguments, another tool, or made by the client.
	other := ask(t, cs, "delete", args)
	sum := sha256.Sum256([]byte("delete\x00" + args))
	for _, tt := range []struct{ name, tool, args, state string }{
		{"other arguments", "delete", `{"id":"xyz"}`, other.RequestState},
		{"another tool", "purge", args, other.RequestState},
		{"computed by the client", "delete", args, "toolschema-approval:" + hex.EncodeToString(sum[:])},
		{"made up", "delete", args, "tsa1.9999999999999.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"},
		{"empty", "delete", args, ""},
		{"its expiry changed", "delete", args, changeAt(other.RequestState, 5)},
		{"its MAC changed", "delete", args, changeAt(other.RequestState, -1)},
	} {
		before := deleted.Load() + purged.Load()
		r := answer(t, cs, tt.tool, tt.args, ok, tt.state)
		if !r.NeedsInput() && !r.IsError || deleted.Load()+purged.Load() != before {
			t.Errorf("%s: %+v, want a new question or a refusal, and nothing run", tt.name, r)
		}
	}
	// The state refused for other arguments is still good for its own.
	if r := answer(t, cs, "delete", args, ok, other.RequestState); r.NeedsInput() || r.IsError {
		t.Errorf("the state for its own call: %+v", r)
	}
	if n := deleted.Load(); n != 2 {
		t.Errorf("delete ran %d times, want 2", n)
	}
}

// changeAt changes the character of s at i (from its end when negative)
// to another letter.
func changeAt(s string, i int) string {
	if s == "" {
		return "x"
	}
	if i < 0 {
		i += len(s)
	}
	c := byte('A')
	if s[i] == 'A' {
		c = 'B'
	}
	return s[:i] + string(c) + s[i+1:]
}

// malleate writes the unpadded base64url text s otherwise, with the same
// bytes to a lenient reader: the lowest bit of its last character, which
// no byte uses when the length is not a multiple of 3, flipped.
func malleate(s string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	i := strings.IndexByte(alphabet, s[len(s)-1])
	return s[:len(s)-1] + string(alphabet[i^1])
}

// TestApprovalStateReplayedAtOnce sends one accepted answer many times at
// once: exactly one of the calls runs.
func TestApprovalStateReplayedAtOnce(t *testing.T) {
	del, _, deleted, _ := approvalTools(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
		t.Fatal(err)
	}
	cs := handClient(t, serveHTTP(t, s, true, nil), nil, "")
	first := ask(t, cs, "delete", `{"id":"abc"}`)
	ok := yes(t, first)
	var wg sync.WaitGroup
	var ran atomic.Int64
	for range 16 {
		wg.Go(func() {
			r, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(`{"id":"abc"}`),
				InputResponses: ok, RequestState: first.RequestState})
			if err != nil {
				t.Error(err)
				return
			}
			if !r.NeedsInput() && !r.IsError {
				ran.Add(1)
			}
		})
	}
	wg.Wait()
	if ran.Load() != 1 || deleted.Load() != 1 {
		t.Errorf("%d calls answered as run, the tool ran %d times; want 1 and 1", ran.Load(), deleted.Load())
	}
}

// TestApprovalPromptEscapes reproduces the fault of a prompt that shows
// the arguments raw: bidirectional controls, zero-width characters and
// C0/C1 controls make it read otherwise than the call. They are shown
// escaped, as \uXXXX, in the keys, the values and the tool's name.
func TestApprovalPromptEscapes(t *testing.T) {
	open, err := rawtool.New(tool.Meta{
		Name:             "write",
		RequiresApproval: true,
	}, json.RawMessage(`{"type":"object"}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "written", nil })
	if err != nil {
		t.Fatal(err)
	}
	named := *open
	named.Name = "wr\u202eetirw\u200b"
	hostile := []rune{0x202e, 0x200b, 0x2066, 0x2067, 0x2068, 0x2069, 0x061c, 0x1b, 0x85, 0x7f, 0x200e, 0x200f, 0x202a, 0x2028, 0xfeff, 0x2060, 0xe0041}
	var raw, escaped strings.Builder
	raw.WriteString("/srv/")
	escaped.WriteString("/srv/")
	for _, r := range hostile {
		raw.WriteRune(r)
		raw.WriteString("x")
		escaped.WriteString(escapeRune(r))
		escaped.WriteString("x")
	}
	args, _ := json.Marshal(map[string]string{"path\u202e": raw.String()})
	for _, tl := range []*tool.Tool{open, &named} {
		t.Run(tl.Name, func(t *testing.T) {
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
			s.AddTool(mcpserver.Tool(tl), mcpserver.Handler(tl, &mcpserver.Options{Approve: mcpserver.ElicitApproval}))
			var asked []*mcp.ElicitParams
			cs := connectServer(t, s, &mcp.ClientOptions{
				ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					asked = append(asked, req.Params)
					return &mcp.ElicitResult{Action: "decline"}, nil
				},
			}, "")
			if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tl.Name, Arguments: json.RawMessage(args)}); err != nil {
				t.Fatal(err)
			}
			if len(asked) != 1 {
				t.Fatalf("asked %d times", len(asked))
			}
			form, _ := json.Marshal(asked[0].RequestedSchema)
			var title struct {
				Properties struct {
					Approve struct {
						Title string `json:"title"`
					} `json:"approve"`
				} `json:"properties"`
			}
			json.Unmarshal(form, &title)
			for what, text := range map[string]string{"message": asked[0].Message, "form title": title.Properties.Approve.Title} {
				var raw []string
				for _, r := range text {
					if r != '\n' && hidden(r) {
						raw = append(raw, fmt.Sprintf("%U", r))
					}
				}
				if len(raw) > 0 {
					t.Errorf("the %s shows %s raw: %q", what, strings.Join(raw, " "), text)
				}
			}
			msg := asked[0].Message
			if !strings.Contains(msg, `"path\u202e": "`+escaped.String()+`"`) {
				t.Errorf("message %q does not show the arguments escaped: want %s", msg, escaped.String())
			}
			if name := escapeName(tl.Name); !strings.Contains(msg, `"`+name+`"`) || !strings.Contains(title.Properties.Approve.Title, name) {
				t.Errorf("message %q or title %q does not name the tool as %s", msg, title.Properties.Approve.Title, name)
			}
		})
	}
}

// hidden reports whether r is a character that a prompt must not show
// raw: controls, format characters (bidirectional and zero-width ones
// among them), line and paragraph separators.
func hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// escapeRune writes r as JSON's \u escape, a surrogate pair past U+FFFF.
func escapeRune(r rune) string {
	if r > 0xffff {
		r -= 0x10000
		return `\u` + hex4(0xd800+(r>>10)) + `\u` + hex4(0xdc00+(r&0x3ff))
	}
	return `\u` + hex4(r)
}

func hex4(r rune) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[r>>12&15], digits[r>>8&15], digits[r>>4&15], digits[r&15]})
}

func escapeName(name string) string {
	var b strings.Builder
	for _, r := range name {
		if hidden(r) {
			b.WriteString(escapeRune(r))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestApprovalStateConfigured checks the states of a hook made with
// NewElicitApproval: an answer after the TTL is not taken; a state made
// with another key is not taken; instances that share a key and a record
// of used states honour each other's questions, and a replay to the other
// instance is not taken; and a full record refuses the call, never
// approving it twice.
func TestApprovalStateConfigured(t *testing.T) {
	const args = `{"id":"abc"}`
	key := func(c byte) []byte { return []byte(strings.Repeat(string(c), 32)) }
	serve := func(t *testing.T, c mcpserver.ApprovalConfig) (*mcp.ClientSession, *atomic.Int64) {
		t.Helper()
		approve, err := mcpserver.NewElicitApproval(c)
		if err != nil {
			t.Fatal(err)
		}
		del, _, deleted, _ := approvalTools(t)
		s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
		if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: approve}); err != nil {
			t.Fatal(err)
		}
		return handClient(t, serveHTTP(t, s, true, nil), nil, ""), deleted
	}

	t.Run("expired", func(t *testing.T) {
		cs, deleted := serve(t, mcpserver.ApprovalConfig{TTL: time.Millisecond})
		first := ask(t, cs, "delete", args)
		time.Sleep(20 * time.Millisecond)
		if r := answer(t, cs, "delete", args, yes(t, first), first.RequestState); !r.NeedsInput() || deleted.Load() != 0 {
			t.Errorf("an answer after the TTL: %+v, ran %d times; want a new question", r, deleted.Load())
		}
	})

	t.Run("another key", func(t *testing.T) {
		a, _ := serve(t, mcpserver.ApprovalConfig{Key: key('a')})
		b, deleted := serve(t, mcpserver.ApprovalConfig{Key: key('b')})
		first := ask(t, a, "delete", args)
		if r := answer(t, b, "delete", args, yes(t, first), first.RequestState); !r.NeedsInput() || deleted.Load() != 0 {
			t.Errorf("a state of another key: %+v, ran %d times; want a new question", r, deleted.Load())
		}
	})

	t.Run("a fleet", func(t *testing.T) {
		shared := mcpserver.NewNonceStore(0, 0)
		a, ranA := serve(t, mcpserver.ApprovalConfig{Key: key('k'), Nonces: shared})
		b, ranB := serve(t, mcpserver.ApprovalConfig{Key: key('k'), Nonces: shared})
		first := ask(t, a, "delete", args)
		ok := yes(t, first)
		if r := answer(t, b, "delete", args, ok, first.RequestState); r.NeedsInput() || r.IsError {
			t.Fatalf("the answer, at the other instance: %+v", r)
		}
		for _, cs := range []*mcp.ClientSession{a, b} {
			if r := answer(t, cs, "delete", args, ok, first.RequestState); !r.NeedsInput() {
				t.Errorf("a replay: %+v, want a new question", r)
			}
		}
		if ranA.Load()+ranB.Load() != 1 {
			t.Errorf("one answer ran the tool %d times", ranA.Load()+ranB.Load())
		}
	})

	t.Run("full record", func(t *testing.T) {
		cs, deleted := serve(t, mcpserver.ApprovalConfig{Nonces: mcpserver.NewNonceStore(1, 0)})
		first := ask(t, cs, "delete", args)
		second := ask(t, cs, "delete", args)
		if r := answer(t, cs, "delete", args, yes(t, first), first.RequestState); r.NeedsInput() || r.IsError {
			t.Fatalf("the first answer: %+v", r)
		}
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(args),
			InputResponses: yes(t, second), RequestState: second.RequestState})
		if err == nil || !strings.Contains(err.Error(), "the record of answered approvals is full") || deleted.Load() != 1 {
			t.Errorf("an answer with the record full: %v, ran %d times; want a protocol error and once", err, deleted.Load())
		}
	})

	t.Run("refused configurations", func(t *testing.T) {
		for _, c := range []mcpserver.ApprovalConfig{{Key: key('a')[:31]}, {Key: []byte{}}, {TTL: -time.Second}} {
			if _, err := mcpserver.NewElicitApproval(c); err == nil {
				t.Errorf("NewElicitApproval(%+v) took it", c)
			}
		}
	})
}

// TestApprovalStateMalleated replays a taken state written otherwise: its
// nonce or its MAC with another bit in base64's unused last bits (the
// same bytes to a lenient reader), its expiry with a leading zero. None
// is taken.
func TestApprovalStateMalleated(t *testing.T) {
	del, _, deleted, _ := approvalTools(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
		t.Fatal(err)
	}
	cs := handClient(t, serveHTTP(t, s, true, nil), nil, "")
	const args = `{"id":"abc"}`
	first := ask(t, cs, "delete", args)
	ok := yes(t, first)
	if r := answer(t, cs, "delete", args, ok, first.RequestState); r.NeedsInput() || r.IsError {
		t.Fatalf("the answer: %+v", r)
	}
	parts := strings.Split(first.RequestState, ".")
	if len(parts) != 4 {
		t.Fatalf("state %q: want four parts", first.RequestState)
	}
	nonce := parts[0] + "." + parts[1] + "." + malleate(parts[2]) + "." + parts[3]
	mac := parts[0] + "." + parts[1] + "." + parts[2] + "." + malleate(parts[3])
	expiry := parts[0] + ".0" + parts[1] + "." + parts[2] + "." + parts[3]
	for _, state := range []string{nonce, mac, expiry, " " + first.RequestState, first.RequestState + "."} {
		if r := answer(t, cs, "delete", args, ok, state); !r.NeedsInput() {
			t.Errorf("%q: %+v, want a new question", state, r)
		}
	}
	if deleted.Load() != 1 {
		t.Errorf("one answer ran the tool %d times", deleted.Load())
	}
}

// TestApprovalStatePrincipal checks that a state is bound to the
// principal of a stateless server's request (the user ID of its bearer
// token): one user's question is not answered by another.
func TestApprovalStatePrincipal(t *testing.T) {
	del, _, deleted, _ := approvalTools(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: mcpserver.ElicitApproval}); err != nil {
		t.Fatal(err)
	}
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		user, ok := strings.CutSuffix(token, "-token")
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: user, Expiration: time.Now().Add(time.Hour)}, nil
	}
	url := serveHTTP(t, s, true, auth.RequireBearerToken(verify, nil))
	alice := handClient(t, url, http.Header{"Authorization": {"Bearer alice-token"}}, "")
	bob := handClient(t, url, http.Header{"Authorization": {"Bearer bob-token"}}, "")
	const args = `{"id":"abc"}`
	first := ask(t, alice, "delete", args)
	ok := yes(t, first)
	if r := answer(t, bob, "delete", args, ok, first.RequestState); !r.NeedsInput() || deleted.Load() != 0 {
		t.Errorf("alice's question answered by bob: %+v, ran %d times; want a new question", r, deleted.Load())
	}
	if r := answer(t, alice, "delete", args, ok, first.RequestState); r.NeedsInput() || r.IsError || deleted.Load() != 1 {
		t.Errorf("alice's question answered by alice: %+v, ran %d times", r, deleted.Load())
	}
}

// TestApprovalNonceQuota: a record of used states shared by every user
// could be filled by one of them (answering their own questions as fast
// as they could ask), and then every other user's answer was refused
// until the flood expired. Each principal has a quota of the record: the
// flooder is refused past it, with an error saying so, and another
// principal's approval still works.
func TestApprovalNonceQuota(t *testing.T) {
	approve, err := mcpserver.NewElicitApproval(mcpserver.ApprovalConfig{Key: []byte(strings.Repeat("k", 32)), Nonces: mcpserver.NewNonceStore(8, 3)})
	if err != nil {
		t.Fatal(err)
	}
	del, _, deleted, _ := approvalTools(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: approve}); err != nil {
		t.Fatal(err)
	}
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		user, ok := strings.CutSuffix(token, "-token")
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: user, Expiration: time.Now().Add(time.Hour)}, nil
	}
	url := serveHTTP(t, s, true, auth.RequireBearerToken(verify, nil))
	mallory := handClient(t, url, http.Header{"Authorization": {"Bearer mallory-token"}}, "")
	alice := handClient(t, url, http.Header{"Authorization": {"Bearer alice-token"}}, "")
	const args = `{"id":"abc"}`
	for i := range 3 {
		first := ask(t, mallory, "delete", args)
		if r := answer(t, mallory, "delete", args, yes(t, first), first.RequestState); r.NeedsInput() || r.IsError {
			t.Fatalf("mallory's answer %d: %+v", i, r)
		}
	}
	for range 5 {
		first := ask(t, mallory, "delete", args)
		_, err := mallory.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(args),
			InputResponses: yes(t, first), RequestState: first.RequestState})
		if err == nil || !strings.Contains(err.Error(), "3 answered approvals that have not expired, the most one principal may have") {
			t.Errorf("mallory past the quota: %v; want a protocol error naming the quota", err)
		}
	}
	if deleted.Load() != 3 {
		t.Errorf("mallory ran the tool %d times, want 3", deleted.Load())
	}
	for i := range 3 {
		first := ask(t, alice, "delete", args)
		if r := answer(t, alice, "delete", args, yes(t, first), first.RequestState); r.NeedsInput() || r.IsError {
			t.Errorf("alice's answer %d after mallory's flood: %+v", i, r)
		}
	}
	if deleted.Load() != 6 {
		t.Errorf("the tool ran %d times, want 6", deleted.Load())
	}
}

// TestApprovalStateSession checks that a state is bound to the session of
// a stateful server (its ID), with clients of the protocol before
// 2026-07-28, for which the SDK's server makes the round trip: a state
// another session was asked with, sent with an answer, is not taken, and
// the call is refused (that client cannot be asked again in the call).
func TestApprovalStateSession(t *testing.T) {
	del, _, deleted, _ := approvalTools(t)
	var mu sync.Mutex
	var states []string
	record := func(ctx context.Context, req *mcp.CallToolRequest, tl *tool.Tool, args json.RawMessage) (bool, error) {
		ok, err := mcpserver.ElicitApproval(ctx, req, tl, args)
		if ir, is := err.(*mcpserver.InputRequired); is {
			mu.Lock()
			states = append(states, ir.State)
			mu.Unlock()
		}
		return ok, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	if err := mcpserver.Register(s, []*tool.Tool{del}, &mcpserver.Options{Approve: record}); err != nil {
		t.Fatal(err)
	}
	url := serveHTTP(t, s, false, nil)
	a := handClient(t, url, nil, "2025-06-18")
	b := handClient(t, url, nil, "2025-06-18")
	const args = `{"id":"abc"}`
	// a's user cannot be reached: the state is made and not taken.
	if r, err := a.CallTool(context.Background(), &mcp.CallToolParams{Name: "delete", Arguments: json.RawMessage(args)}); err == nil {
		t.Fatalf("the user could not be asked: %+v, want an error", r)
	}
	if len(states) != 1 {
		t.Fatalf("%d states made, want 1", len(states))
	}
	ok := mcp.InputResponseMap{"toolschema/approval": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"approve": true}}}
	if r := answer(t, b, "delete", args, ok, states[0]); !r.IsError || texts(t, r) != "Tool 'delete' requires approval for these arguments." || deleted.Load() != 0 {
		t.Errorf("a's state sent by b: %+v, ran %d times; want approval_required", r, deleted.Load())
	}
	if r := answer(t, a, "delete", args, ok, states[0]); r.IsError || deleted.Load() != 1 {
		t.Errorf("a's state sent by a: %+v, ran %d times", r, deleted.Load())
	}
}

// TestNonceStore checks the record in memory: a nonce is taken once, the
// record holds at most its size and refuses more with an error, and an
// expired nonce is forgotten, making room; each principal holds at most
// its quota, refused past it with an error of its own, and one
// principal's nonces neither evict nor count against another's.
func TestNonceStore(t *testing.T) {
	ctx := context.Background()
	later := time.Now().Add(time.Hour)
	m := mcpserver.NewNonceStore(4, 2)
	for _, tt := range []struct {
		principal, nonce string
		expires          time.Time
		fresh            bool
		err              string
	}{
		{"p", "a", later, true, ""},
		{"p", "a", later, false, ""},
		{"p", "b", time.Now().Add(20 * time.Millisecond), true, ""},
		{"p", "c", later, false, "the most one principal may have"},
		{"q", "a", later, false, ""}, // one nonce, whoever sends it
		{"q", "d", later, true, ""},
		{"", "e", later, true, ""},
		{"r", "f", later, false, "the record of answered approvals is full"},
		{"p", "a", later, false, ""},
	} {
		fresh, err := m.Use(ctx, tt.principal, tt.nonce, tt.expires)
		if fresh != tt.fresh || (err != nil) != (tt.err != "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Use(%q, %s) = %v, %v; want %v, error %q", tt.principal, tt.nonce, fresh, err, tt.fresh, tt.err)
		}
		if quota := strings.Contains(tt.err, "principal"); errors.Is(err, mcpserver.ErrNonceQuota) != quota {
			t.Errorf("Use(%q, %s) = %v: errors.Is ErrNonceQuota %v, want %v", tt.principal, tt.nonce, err, !quota, quota)
		}
	}
	time.Sleep(40 * time.Millisecond)
	if fresh, err := m.Use(ctx, "p", "c", later); !fresh || err != nil {
		t.Errorf("after b expired: Use(p, c) = %v, %v", fresh, err)
	}
	if fresh, _ := m.Use(ctx, "q", "a", later); fresh {
		t.Error("a, not expired, was forgotten")
	}
}

// TestApprovalPromptBounded: arguments of a megabyte are not put to a
// person whole; the message shows the first part and says how much more
// there is, and that the approval covers all of it.
func TestApprovalPromptBounded(t *testing.T) {
	write, err := rawtool.New(tool.Meta{
		Name:             "write",
		RequiresApproval: true,
	}, json.RawMessage(`{"type":"object"}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return "written", nil })
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	s.AddTool(mcpserver.Tool(write), mcpserver.Handler(write, &mcpserver.Options{Approve: mcpserver.ElicitApproval}))
	var asked []*mcp.ElicitParams
	cs := connectServer(t, s, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked = append(asked, req.Params)
			return &mcp.ElicitResult{Action: "decline"}, nil
		},
	}, "")
	args, _ := json.Marshal(map[string]string{"text": strings.Repeat("é", 1<<19)}) // 1 MiB of text
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "write", Arguments: json.RawMessage(args)}); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 {
		t.Fatalf("asked %d times", len(asked))
	}
	msg := asked[0].Message
	if len(msg) > 17<<10 || !utf8.ValidString(msg) || !strings.Contains(msg, "… (cut: the arguments run to 1048592 bytes as shown; the first 16383 are above") ||
		!strings.HasSuffix(msg, "\nAllow this call?") {
		t.Errorf("message of %d bytes: %.200q … %q", len(msg), msg, msg[max(0, len(msg)-200):])
	}
}
