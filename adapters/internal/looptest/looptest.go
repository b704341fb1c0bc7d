// Package looptest is the conversation the adapters' tests play: a tool
// set, a scripted model of several turns (good calls, bad arguments, a
// refused approval, parallel and serial calls, an unknown tool, a tool
// that ends the loop), and a loopback server that plays it, for each API
// shape in the words of that API; and the benchmarks' small tool, with the
// side-by-side measure of an adapter's cost per call over Invoke.
//
// It is a module of its own, used only by the adapters' tests and its own
// benchmarks of the loop package: it uses only the root module's public
// API, so that an adapter's tests build against a published version of
// the root as the adapter does.
package looptest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolschema/toolschema/loop"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// FlightQuery is the input of find_flights. Its members are not in
// alphabetical order, and its bounds are exact numbers a float64 reader
// would spell otherwise: the definitions' test looks for both.
type FlightQuery struct {
	To       string  `json:"to" minLength:"3" maxLength:"3"`
	From     string  `json:"from" minLength:"3" maxLength:"3"`
	MaxPrice float64 `json:"max_price,omitempty" minimum:"0.1" maximum:"1e300" description:"A price in EUR, <= 1e300 & > 0.1."`
	Seats    int64   `json:"seats,omitempty" minimum:"1" maximum:"9007199254740991"`
}

// HotelQuery is the input of find_hotels.
type HotelQuery struct {
	City   string `json:"city"`
	Nights int    `json:"nights" minimum:"1" maximum:"30"`
}

// Booking is the input of book.
type Booking struct {
	Flight string `json:"flight" pattern:"^F[0-9]+$"`
}

// Note is the input of note.
type Note struct {
	Text string `json:"text"`
}

// Plan is the input and the typed result of finish, the tool that ends
// the loop.
type Plan struct {
	Summary string `json:"summary"`
	Total   uint64 `json:"total"`
}

// Kit is the tool set of the conversation and what its tools did.
type Kit struct {
	Set *tool.Set

	mu      sync.Mutex
	ran     []string
	met     atomic.Int32 // find_* calls running at once
	running atomic.Int32 // book and note calls running at once
	most    atomic.Int32
	asked   []string
}

// NewKit returns the tools:
//
//   - find_flights and find_hotels are ParallelSafe; each waits until
//     the other runs too (for 5 s at most), so that they succeed only when
//     the turn runs them in parallel.
//   - book requires approval and is not ParallelSafe; note is
//     ParallelSafe: a turn with both runs one call after another.
//   - finish ends the loop with its input as its typed result.
func NewKit(t testing.TB) *Kit {
	k := &Kit{}
	meet := func(ctx context.Context) error {
		k.met.Add(1)
		deadline := time.Now().Add(5 * time.Second)
		for k.met.Load() < 2 {
			if time.Now().After(deadline) {
				return errors.New("ran alone: the calls of this turn did not run in parallel")
			}
			time.Sleep(time.Millisecond)
		}
		return nil
	}
	serial := func() func() {
		// The peak, never lost to a call that read it at the same time.
		n := k.running.Add(1)
		for {
			if m := k.most.Load(); n <= m || k.most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		return func() { k.running.Add(-1) }
	}
	var tools []*tool.Tool
	add := func(tl *tool.Tool, err error) {
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tl)
	}
	add(reflectimpl.Create(func(ctx context.Context, q FlightQuery) (string, error) {
		k.record("find_flights " + q.From + "-" + q.To)
		if err := meet(ctx); err != nil {
			return "", err
		}
		return "F1 at 120 EUR; F2 at 90 EUR", nil
	}, reflectimpl.Meta(tool.Meta{Name: "find_flights", Description: "Finds flights between two airports."})))
	add(reflectimpl.Create(func(ctx context.Context, q HotelQuery) (map[string]int, error) {
		k.record(fmt.Sprintf("find_hotels %s %d", q.City, q.Nights))
		if q.Nights == 2 { // the first turn's call
			if err := meet(ctx); err != nil {
				return nil, err
			}
		}
		return map[string]int{"Hotel Roma": 80 * q.Nights}, nil
	}, reflectimpl.Meta(tool.Meta{Name: "find_hotels", Description: "Finds hotels in a city."})))
	add(reflectimpl.Create(func(b Booking) (string, error) {
		defer serial()()
		k.record("book " + b.Flight)
		return "Booked " + b.Flight + ".", nil
	}, reflectimpl.Meta(tool.Meta{
		Name:             "book",
		Description:      "Books a flight.",
		RequiresApproval: true,
		ParallelSafe:     new(false),
	})))
	add(reflectimpl.Create(func(n Note) string {
		defer serial()()
		k.record("note " + n.Text)
		return "Noted."
	}, reflectimpl.Meta(tool.Meta{Name: "note", Description: "Keeps a note."})))
	add(reflectimpl.Create(func(p Plan) (*Plan, error) {
		k.record("finish")
		return &p, nil
	}, reflectimpl.Meta(tool.Meta{
		Name:        "finish",
		Description: "Ends the trip planning with the plan.",
		EndsLoop:    true,
	})))
	set, err := tool.NewSet(tools)
	if err != nil {
		t.Fatal(err)
	}
	k.Set = set
	return k
}

func (k *Kit) record(s string) {
	k.mu.Lock()
	k.ran = append(k.ran, s)
	k.mu.Unlock()
}

// Approve is the conversation's approval hook: it approves booking F1 and
// refuses anything else.
func (k *Kit) Approve(_ context.Context, a loop.Approval) (bool, error) {
	b, ok := a.Input.(*Booking)
	if !ok {
		return false, fmt.Errorf("approval asked for %s with input %T", a.Tool.Name, a.Input)
	}
	k.mu.Lock()
	k.asked = append(k.asked, a.Call.ID+" "+b.Flight)
	k.mu.Unlock()
	return b.Flight == "F1", nil
}

// Runner returns the runner of the conversation.
func (k *Kit) Runner() *loop.Runner {
	return &loop.Runner{Tools: k.Set, Approve: k.Approve, MaxTurns: 5}
}

// A Reply is a tool result as the model receives it: the id of its call,
// whether the API flagged it as an error (for the APIs that have a flag),
// and its text.
type Reply struct {
	ID    string
	Error bool
	Text  string
}

// A Turn of the script: the replies the request must carry (to the
// previous turn's calls, in order), then the calls the model answers with
// (none: it answers with Text).
type Turn struct {
	Want  []Reply
	Calls []loop.Call
	Text  string
}

func call(id, name, args string) loop.Call {
	return loop.Call{ID: id, Name: name, Args: json.RawMessage(args)}
}

// Script is the conversation: four turns of the model; the last ends the
// loop. The ids are those the model gives (Gemini's ids are given too: its
// API has them as optional).
var Script = []Turn{
	{
		// Parallel: both find_* calls must run at once. The third call's
		// arguments are bad.
		Calls: []loop.Call{
			// null for each optional argument, as OpenAI's strict mode
			// sends it: taken as absent.
			call("call_1", "find_flights", `{"from":"OSL","to":"FCO","max_price":null,"seats":null}`),
			call("call_2", "find_hotels", `{"city":"Rome","nights":2}`),
			call("call_3", "find_hotels", `{"city":"Rome","nights":0}`),
		},
	},
	{
		Want: []Reply{
			{ID: "call_1", Text: "F1 at 120 EUR; F2 at 90 EUR"},
			{ID: "call_2", Text: `{"Hotel Roma":160}`},
			{ID: "call_3", Error: true, Text: "Argument 'nights' must be at least 1."},
		},
		// Serial: book is not ParallelSafe. F1 is approved, F2 refused; a
		// tool that does not exist.
		Calls: []loop.Call{
			call("call_4", "book", `{"flight":"F1"}`),
			call("call_5", "note", `{"text":"window seat"}`),
			call("call_6", "book", `{"flight":"F2"}`),
			call("call_7", "cancel_all", `{}`),
		},
	},
	{
		Want: []Reply{
			{ID: "call_4", Text: "Booked F1."},
			{ID: "call_5", Text: "Noted."},
			{ID: "call_6", Error: true, Text: "The call of tool 'book' was not approved; it did not run. Do not call it again with these arguments unless the user asks you to."},
			{ID: "call_7", Error: true, Text: "There is no tool named 'cancel_all'. The tools are: find_flights, find_hotels, book, note, finish."},
		},
		// The bad call again, mended; bad arguments for the ending tool,
		// which do not end the loop.
		Calls: []loop.Call{
			call("call_8", "find_hotels", `{"city":"Rome","nights":3}`),
			call("call_9", "finish", `{"summary":"Rome"}`),
		},
	},
	{
		Want: []Reply{
			{ID: "call_8", Text: `{"Hotel Roma":240}`},
			{ID: "call_9", Error: true, Text: "Argument 'total' is required."},
		},
		Calls: []loop.Call{
			call("call_10", "finish", `{"summary":"Rome, F1, Hotel Roma","total":9007199254740991}`),
		},
	},
}

// Check checks how the conversation went: the run ended by finish with
// its typed value, after four turns, every tool ran as the script says
// (find_* in parallel, book and note one at a time), the hook was asked
// about the two bookings only.
func (k *Kit) Check(t testing.TB, f *loop.Final, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("the run failed: %v", err)
	}
	if f.Turns != len(Script) {
		t.Errorf("%d turns, want %d", f.Turns, len(Script))
	}
	if f.End == nil || f.End.Call.ID != "call_10" {
		t.Fatalf("the run ended with %+v, want call_10", f.End)
	}
	if p, ok := f.End.Result.Value.(*Plan); !ok || *p != (Plan{Summary: "Rome, F1, Hotel Roma", Total: 9007199254740991}) {
		t.Errorf("the ending value is %#v", f.End.Result.Value)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	ran := slices.Clone(k.ran)
	slices.Sort(ran[:2]) // the parallel turn runs in any order
	want := []string{"find_flights OSL-FCO", "find_hotels Rome 2", "book F1", "note window seat", "find_hotels Rome 3", "finish"}
	if !slices.Equal(ran, want) {
		t.Errorf("ran %q, want %q", ran, want)
	}
	if k.most.Load() != 1 {
		t.Errorf("%d serial calls ran at once", k.most.Load())
	}
	if want := []string{"call_4 F1", "call_6 F2"}; !slices.Equal(k.asked, want) {
		t.Errorf("approval asked for %q, want %q", k.asked, want)
	}
}

// An API is one API shape, as the scripted server speaks it.
type API interface {
	// Path is the request path of the API's one endpoint.
	Path() string
	// ErrorFlag reports whether the API flags a tool result as an error
	// (Anthropic's is_error); without one, the text alone tells.
	ErrorFlag() bool
	// Tools returns the definitions of a request's body, as sent.
	Tools(body []byte) ([]json.RawMessage, error)
	// Replies returns the tool results a request's body carries after the
	// model's turn n-1 (the request of turn n), in order.
	Replies(body []byte, n int) ([]Reply, error)
	// Response writes the model's answer for turn n.
	Response(turn Turn, n int) ([]byte, error)
}

// A Server is a loopback server that plays Script for an API. It records
// the definitions of the first request.
type Server struct {
	*httptest.Server
	mu    sync.Mutex
	turn  int
	errs  []string
	tools []json.RawMessage
}

// Serve starts the server; it is closed with the test. A request the
// script does not expect is answered with HTTP 400 and recorded as a
// failure, reported by Failures.
func Serve(t testing.TB, api API) *Server {
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			s.fail(w, "reading the request: %v", err)
			return
		}
		if r.URL.Path != api.Path() {
			s.fail(w, "request to %s, want %s", r.URL.Path, api.Path())
			return
		}
		s.mu.Lock()
		n := s.turn
		s.turn++
		s.mu.Unlock()
		if n >= len(Script) {
			s.fail(w, "request %d: the script has %d turns", n+1, len(Script))
			return
		}
		tools, err := api.Tools(body)
		if err != nil {
			s.fail(w, "turn %d: the tools: %v", n+1, err)
			return
		}
		if n == 0 {
			s.mu.Lock()
			s.tools = tools
			s.mu.Unlock()
		}
		got, err := api.Replies(body, n)
		if err != nil {
			s.fail(w, "turn %d: the replies: %v\n%s", n+1, err, body)
			return
		}
		want := slices.Clone(Script[n].Want)
		if !api.ErrorFlag() {
			for i := range want {
				want[i].Error = false
			}
		}
		if !slices.Equal(got, want) {
			s.fail(w, "turn %d: the request carries\n%s\nwant\n%s", n+1, replies(got), replies(want))
			return
		}
		out, err := api.Response(Script[n], n)
		if err != nil {
			s.fail(w, "turn %d: %v", n+1, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	}))
	t.Cleanup(s.Close)
	return s
}

func replies(rs []Reply) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "  %s error=%v %q\n", r.ID, r.Error, r.Text)
	}
	return b.String()
}

func (s *Server) fail(w http.ResponseWriter, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.mu.Lock()
	s.errs = append(s.errs, msg)
	s.mu.Unlock()
	http.Error(w, msg, http.StatusBadRequest)
}

// Failures fails the test with what the server found wrong.
func (s *Server) Failures(t testing.TB) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.errs {
		t.Error("server: " + e)
	}
}

// SentTools returns the definitions of the first request, as sent.
func (s *Server) SentTools() []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tools
}

// SameJSON reports whether a and b are the same JSON, token by token:
// members in the same order, numbers spelled alike, strings equal once
// decoded (an SDK may write "<" as "\u003c": the same string).
func SameJSON(a, b []byte) bool {
	ta, err := tokens(a)
	if err != nil {
		return false
	}
	tb, err := tokens(b)
	return err == nil && slices.Equal(ta, tb)
}

func tokens(data []byte) ([]string, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var out []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprintf("%T:%v", tok, tok))
	}
}

// CheckSent checks that the definitions as sent are the provider's,
// member order and exact numbers kept: want[i] is the provider's bytes for
// the set's tool i.
func CheckSent(t testing.TB, sent, want []json.RawMessage) {
	t.Helper()
	if len(sent) != len(want) {
		t.Fatalf("%d definitions sent, want %d", len(sent), len(want))
	}
	for i := range want {
		if !SameJSON(sent[i], want[i]) {
			t.Errorf("definition %d as sent:\n%s\nwant (the provider's bytes):\n%s", i, sent[i], want[i])
		}
	}
	// What the test is about: the bytes it compares carry these.
	var all []byte
	for _, w := range want {
		all = append(all, w...)
	}
	for _, s := range []string{`"to":{`, `"from":{`, `9007199254740991`, `1e300`, `0.1`} {
		if !bytes.Contains(all, []byte(s)) {
			t.Errorf("the definitions lack %s: the test of order and numbers proves less than it says", s)
		}
	}
	if bytes.Index(all, []byte(`"to":{`)) > bytes.Index(all, []byte(`"from":{`)) {
		t.Error("the definitions are not in the fields' order")
	}
}

// Members returns the members of a JSON object, in order, as raw values.
func Members(data []byte) ([]string, []json.RawMessage, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	tok, err := d.Token()
	if err != nil {
		return nil, nil, err
	}
	if tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("not an object: %.40s", data)
	}
	var keys []string
	var vals []json.RawMessage
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, nil, err
		}
		keys = append(keys, k.(string))
		vals = append(vals, v)
	}
	return keys, vals, nil
}

// Field returns the raw value of the member named key of a JSON object.
func Field(data []byte, key string) (json.RawMessage, bool) {
	keys, vals, err := Members(data)
	if err != nil {
		return nil, false
	}
	i := slices.Index(keys, key)
	if i < 0 {
		return nil, false
	}
	return vals[i], true
}

// SmallIn is the input of the benchmarks' small tool.
type SmallIn struct {
	City  string `json:"city"`
	Limit int    `json:"limit,omitempty" minimum:"1" maximum:"10" default:"3"`
}

// SmallArgs are the arguments of a call of the small tool.
const SmallArgs = `{"city":"Oslo","limit":5}`

// Small returns a set of one small tool, lookup, for the benchmarks of an
// adapter's cost per call over Invoke.
func Small(t testing.TB) *tool.Set {
	tl, err := reflectimpl.Create(func(in SmallIn) (string, error) {
		return "3 results", nil
	}, reflectimpl.Meta(tool.Meta{Name: "lookup", Description: "Looks a city up."}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{tl})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// BenchInvoke is the baseline of the adapters' benchmarks: Invoke of the
// small tool with SmallArgs.
func BenchInvoke(b *testing.B) {
	tl, _ := Small(b).Lookup("lookup")
	args := json.RawMessage(SmallArgs)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r, err := tl.Invoke(ctx, args)
		if err != nil || r.IsError {
			b.Fatal(err, r.Text())
		}
	}
}

// BenchOverhead measures an adapter's cost per call over Invoke in one
// benchmark: each iteration runs Invoke of the small tool and call (the
// adapter's path for one call of it), in alternating order, and times
// each, so that a machine's changing load falls on both alike. It reports
// the two means and the overhead in percent (call over Invoke, minus 100).
func BenchOverhead(b *testing.B, call func()) {
	tl, _ := Small(b).Lookup("lookup")
	args := json.RawMessage(SmallArgs)
	ctx := context.Background()
	invoke := func() {
		if r, err := tl.Invoke(ctx, args); err != nil || r.IsError {
			b.Fatal(err, r.Text())
		}
	}
	var inv, adapter time.Duration
	n := 0
	for b.Loop() {
		if n%2 == 0 {
			t0 := time.Now()
			invoke()
			t1 := time.Now()
			call()
			t2 := time.Now()
			inv, adapter = inv+t1.Sub(t0), adapter+t2.Sub(t1)
		} else {
			t0 := time.Now()
			call()
			t1 := time.Now()
			invoke()
			t2 := time.Now()
			adapter, inv = adapter+t1.Sub(t0), inv+t2.Sub(t1)
		}
		n++
	}
	b.ReportMetric(float64(inv.Nanoseconds())/float64(n), "invoke-ns/op")
	b.ReportMetric(float64(adapter.Nanoseconds())/float64(n), "call-ns/op")
	b.ReportMetric(100*(float64(adapter)/float64(inv)-1), "overhead-%")
	b.ReportMetric(0, "ns/op") // the pair's time says nothing alone
}

// ProxiedCatalog returns the catalog of the adapters' tests of search
// answers: note, sent, and a proxied tool of the given name (an MCP name
// with a dot, which a vendor's rule turns into another wire name),
// deferred, found by a search for its description.
func ProxiedCatalog(t testing.TB, name, description string) *loop.Catalog {
	t.Helper()
	proxied, err := rawtool.New(tool.Meta{Name: name, Description: description, DeferLoading: true},
		json.RawMessage(`{"type":"object","properties":{}}`),
		func(ctx context.Context, call *tool.Call, args json.RawMessage) (any, error) { return "done", nil })
	if err != nil {
		t.Fatal(err)
	}
	note, err := reflectimpl.Create(func(in Note) (string, error) { return "noted", nil },
		reflectimpl.Meta(tool.Meta{Name: "note", Description: "Writes a note."}))
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{note, proxied})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := loop.NewCatalog(set)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// NilSetCase is one call of an adapter's function with a nil tool set,
// and the error it must return: Want, or none when Want is empty.
type NilSetCase struct {
	Name string
	Call func() error
	Want string
}

// CheckNilSet runs each case as a subtest and fails it when the call's
// error is not the one wanted.
func CheckNilSet(t *testing.T, cases []NilSetCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.Name, func(t *testing.T) {
			err := tt.Call()
			if tt.Want == "" && err != nil || tt.Want != "" && (err == nil || err.Error() != tt.Want) {
				t.Fatalf("error %v, want %q", err, tt.Want)
			}
		})
	}
}
