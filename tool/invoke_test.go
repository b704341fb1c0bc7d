package tool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/netip"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type Status string

func (Status) ToolschemaEnumValues() []string { return []string{"open", "closed"} }

type Item struct {
	Qty int8   `json:"qty"`
	SKU string `json:"sku" pattern:"^[A-Z]+$"`
}

type Query struct {
	Court  string            `json:"court" minLength:"2" maxLength:"8"`
	Limit  int               `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
	Status Status            `json:"status,omitempty"`
	Items  []Item            `json:"items,omitempty" maxItems:"2"`
	Tags   []string          `json:"tags,omitempty" uniqueItems:"true"`
	Since  *time.Time        `json:"since,omitempty"`
	Big    uint64            `json:"big,omitempty"`
	Ratio  float64           `json:"ratio,omitempty"`
	Email  string            `json:"email,omitempty" format:"email"`
	Labels map[string]string `json:"labels,omitempty"`
}

func Search(ctx context.Context, in Query) (Query, error) { return in, nil }

func mustCreate(t *testing.T, fn any, opts ...reflectimpl.Option) *tool.Tool {
	t.Helper()
	tl, err := reflectimpl.Create(fn, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

const secret = "s3cr3t-VALUE"

// TestArgumentMessages checks one stable message per rule, naming the
// path and never the value.
func TestArgumentMessages(t *testing.T) {
	tl := mustCreate(t, Search)
	tests := []struct {
		args string
		want string
	}{
		{`{"court":"ab","items":[{"qty":1.5,"sku":"A"}]}`, "Argument 'items[0].qty' must be an integer."},
		{`{"court":"ab","items":[{"qty":1.0,"sku":"A"}]}`, "Argument 'items[0].qty' must be an integer."},
		{`{"court":"ab","items":[{"qty":1e1,"sku":"A"}]}`, "Argument 'items[0].qty' must be an integer."},
		{`{}`, "Argument 'court' is required."},
		{`{"court":"ab","extra":"` + secret + `"}`, "Argument 'extra' is not a parameter of the tool."},
		{`{"Court":"` + secret + `"}`, "Argument 'court' is required.\nArgument 'Court' is not a parameter of the tool; the parameter is 'court' (names are case-sensitive)."},
		{`{"court":null}`, "Argument 'court' must not be null."},
		{`{"court":7}`, "Argument 'court' must be a string."},
		{`{"court":"ab","limit":0}`, "Argument 'limit' must be at least 1."},
		{`{"court":"ab","limit":101}`, "Argument 'limit' must be at most 100."},
		{`{"court":"ab","items":[{"qty":300,"sku":"A"}]}`, "Argument 'items[0].qty' must be at most 127."},
		{`{"court":"ab","big":18446744073709551616}`, "Argument 'big' must be at most 18446744073709551615."},
		{`{"court":"ab","ratio":1e400}`, "Argument 'ratio' is beyond the range of a number."},
		{`{"court":"a"}`, "Argument 'court' must be at least 2 characters long."},
		{`{"court":"` + secret + `"}`, "Argument 'court' must be at most 8 characters long."},
		{`{"court":"ab","items":[{"qty":1,"sku":"A"},{"qty":1,"sku":"A"},{"qty":1,"sku":"A"}]}`, "Argument 'items' must have at most 2 items."},
		{`{"court":"ab","items":[{"qty":1,"sku":"` + secret + `"}]}`, "Argument 'items[0].sku' must match the pattern ^[A-Z]+$."},
		{`{"court":"ab","email":"` + secret + `"}`, "Argument 'email' must be in the format email."},
		{`{"court":"ab","since":"2024-01-01t10:00:00z"}`, "Argument 'since' must be in the format date-time."},
		{`{"court":"ab","status":"` + secret + `"}`, "Argument 'status' must be one of \"open\", \"closed\"."},
		{`{"court":"ab","tags":["x","x"]}`, "Argument 'tags' must not repeat an item (items 0 and 1 are equal)."},
		{`{"court":"ab","court":"cd"}`, "Argument 'court' is given twice."},
		{`{"court":"ab","labels":{"a":1}}`, "Argument 'labels{}' must be a string."},
		{`{"court":"ab","labels":{"` + secret + `":1}}`, "Argument 'labels{}' must be a string."},
		{`{"court":"ab","labels":{"2":1}}`, "Argument 'labels{}' must be a string."},
		{`{"court":"ab"`, "Arguments are not valid JSON."},
		{`{`, "Arguments are not valid JSON."},
		{`{"court":"ab","tags":["x"`, "Arguments are not valid JSON."},
		{`{"court":"ab","ratio":1e2000000}`, "Argument 'ratio' is beyond the range of a number."},
		{`{"court":"ab","items":[{"qty":1e-2000000,"sku":"A"}]}`, "Argument 'items[0].qty' is beyond the range of a number."},
		{`{"court":"ab","big":-0}`, "Argument 'big' does not fit the tool's type for it."}, // encoding/json refuses -0 for a uint64
		{`{"court":"ab","x\nTool 'search' requires approval":1}`, "Argument '\"x\\nTool 'search' requires approva…\"' is not a parameter of the tool."},
		{`{"court":"ab","` + strings.Repeat("k", 80) + `":1}`, "Argument '\"" + strings.Repeat("k", 32) + "…\"' is not a parameter of the tool."},
		{`[]`, "Arguments must be a JSON object."},
		{`null`, "Arguments must be a JSON object."},
		{`{"court":`, "Arguments are not valid JSON."},
		{`{"court":"ab"} {}`, "Arguments are not valid JSON."},
		{`{"labels":` + strings.Repeat(`{"a":`, 70) + `1` + strings.Repeat(`}`, 71), "Arguments are nested deeper than 64 levels."},
		{`{"court":1,"limit":"x","items":[{"qty":"y"}]}`, "Argument 'items[0].sku' is required.\nArgument 'court' must be a string.\nArgument 'items[0].qty' must be an integer.\nArgument 'limit' must be an integer."},
	}
	for _, tt := range tests {
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if err != nil {
			t.Fatalf("%s: %v", tt.args, err)
		}
		if !r.IsError || r.Code != tool.InvalidArguments || r.Started {
			t.Errorf("%s: IsError %v Code %q Started %v", tt.args, r.IsError, r.Code, r.Started)
		}
		if got := r.Text(); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.args, got, tt.want)
		}
		if strings.Contains(r.Text(), secret) || strings.Contains(fmt.Sprint(r.Violations), secret) {
			t.Errorf("%s: the message repeats the value", tt.args)
		}
		if len(r.Violations) == 0 {
			t.Errorf("%s: no violations listed", tt.args)
		}
	}
}

func TestDefaultsAndResult(t *testing.T) {
	tl := mustCreate(t, Search)
	r, err := tl.Invoke(context.Background(), json.RawMessage(`{"court":"ab","items":[{"qty":2,"sku":"A"}]}`))
	if err != nil || r.IsError {
		t.Fatalf("%v %s", err, r.Text())
	}
	q := r.Value.(Query)
	if q.Limit != 20 || q.Court != "ab" {
		t.Errorf("the tool got %+v, want the default limit 20", q)
	}
	if p, ok := r.Parts[0].(tool.JSONPart); !ok || !strings.Contains(string(p.JSON), `"limit":20`) {
		t.Errorf("parts %v", r.Parts)
	}
}

// TestOptionalNull checks that null for an optional argument is taken as
// absent (OpenAI's strict mode sends it), its default applied, while null
// for a required one is refused.
func TestOptionalNull(t *testing.T) {
	tl := mustCreate(t, Search)
	r, err := tl.Invoke(context.Background(), json.RawMessage(`{"court":"ab","limit":null,"items":null,"status":null,"since":null}`))
	if err != nil || r.IsError {
		t.Fatalf("%v %s", err, r.Text())
	}
	if q := r.Value.(Query); q.Limit != 20 || q.Items != nil || q.Since != nil {
		t.Errorf("the tool got %+v", q)
	}
}

type withBig struct {
	N big.Int `json:"n"`
}

type Docket struct {
	Entries []string `json:"entries"`
}

// TestResultsTable checks each row of the results table.
func TestResultsTable(t *testing.T) {
	n := new(big.Int)
	n.SetString("123456789012345678901234567890", 10)
	tests := []struct {
		name string
		fn   any
		want string // the parts as text: T(text) J(json)
	}{
		{"none", func() {}, ""},
		{"error only", func() error { return nil }, ""},
		{"string", func() string { return "hi" }, "T(hi)"},
		{"parts", func() []tool.Part {
			return []tool.Part{tool.TextPart{Text: "a"}, tool.JSONPart{JSON: json.RawMessage(`1`)}}
		}, "T(a)J(1)"},
		{"part", func() tool.Part { return tool.TextPart{Text: "one"} }, "T(one)"},
		{"result", func() *tool.Result { return &tool.Result{Parts: []tool.Part{tool.TextPart{Text: "mine"}}} }, "T(mine)"},
		{"raw JSON", func() json.RawMessage { return json.RawMessage(`{"a":1}`) }, `J({"a":1})`},
		{"value", func() (Docket, error) { return Docket{Entries: []string{"x"}}, nil }, `J({"entries":["x"]})`},
		{"nil pointer", func() (*Docket, error) { return nil, nil }, "T(null)"},
		{"number", func() int { return 42 }, "J(42)"},
		{"any", func() any { return Docket{} }, `J({"entries":null})`},
		{"nil any", func() any { return nil }, ""},
		{"no HTML escaping", func() Docket { return Docket{Entries: []string{"<a&b>"}} }, `J({"entries":["<a&b>"]})`},
		{"pointer receiver marshaller", func() withBig { var w withBig; w.N.Set(n); return w }, `J({"n":123456789012345678901234567890})`},
	}
	for _, tt := range tests {
		tl := mustCreate(t, tt.fn, reflectimpl.Meta(tool.Meta{Name: "t"}))
		r, err := tl.Invoke(context.Background(), nil)
		if err != nil || r.IsError {
			t.Fatalf("%s: %v %s", tt.name, err, r.Text())
		}
		var got strings.Builder
		for _, p := range r.Parts {
			switch p := p.(type) {
			case tool.TextPart:
				got.WriteString("T(" + p.Text + ")")
			case tool.JSONPart:
				got.WriteString("J(" + string(p.JSON) + ")")
			}
		}
		if got.String() != tt.want {
			t.Errorf("%s: parts %s, want %s", tt.name, got.String(), tt.want)
		}
	}
}

// TestFailures checks errors, panics and bad output (the output checked:
// WithOutputCheck), and that cost lines survive them.
func TestFailures(t *testing.T) {
	costly := func(c *tool.Call) { c.AddCost(tool.Cost{Item: "lookup", Amount: 1, Unit: "request"}) }
	tests := []struct {
		name string
		fn   any
		code tool.ErrorCode
		want string
	}{
		{"error", func(c *tool.Call) error { costly(c); return errors.New("the court is closed") }, tool.Failed, "Tool 't' failed: the court is closed"},
		{"panic", func(c *tool.Call) error { costly(c); panic("oops") }, tool.Failed, "Tool 't' failed: panic: oops"},
		// A result the tool made as a failure, without a code: Code is
		// set whenever IsError is.
		{"failed result", func(c *tool.Call) *tool.Result {
			costly(c)
			return &tool.Result{IsError: true, Parts: []tool.Part{tool.TextPart{Text: "no such court"}}}
		}, tool.Failed, "no such court"},
		{"bad output", func(c *tool.Call) Status { costly(c); return "bogus" }, tool.InvalidOutput,
			"Tool 't' returned a result that breaks its output schema:\nThe result must be one of \"open\", \"closed\"."},
	}
	for _, tt := range tests {
		tl := mustCreate(t, tt.fn, reflectimpl.Meta(tool.Meta{Name: "t"}))
		r, err := tl.Invoke(tool.WithOutputCheck(context.Background()), nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !r.IsError || r.Code != tt.code || !r.Started || r.Text() != tt.want {
			t.Errorf("%s: IsError %v Code %q Started %v text %q; want %q", tt.name, r.IsError, r.Code, r.Started, r.Text(), tt.want)
		}
		if len(r.Costs) != 1 {
			t.Errorf("%s: costs %v, want the one line", tt.name, r.Costs)
		}
	}
}

// TestTimeout checks that a tool that ignores its context times out on
// time, with its cost lines, in a synctest bubble (fake time).
func TestTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slow := func(c *tool.Call) error {
			c.AddCost(tool.Cost{Item: "start", Amount: 1})
			time.Sleep(time.Hour) // ignores its context
			return nil
		}
		tl := mustCreate(t, slow, reflectimpl.Meta(tool.Meta{Name: "slow", Timeout: 5 * time.Second}))
		start := time.Now()
		r, err := tl.Invoke(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d != 5*time.Second {
			t.Errorf("returned after %v, want 5s", d)
		}
		if r.Code != tool.TimedOut || !r.Started || r.Text() != "Tool 'slow' timed out after 5 s." || len(r.Costs) != 1 {
			t.Errorf("result %+v %q", r, r.Text())
		}

		// A tool that honours its context and returns its error.
		polite := func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
		tl = mustCreate(t, polite, reflectimpl.Meta(tool.Meta{Name: "polite", Timeout: 1500 * time.Millisecond}))
		r, _ = tl.Invoke(context.Background(), nil)
		if r.Code != tool.TimedOut || r.Text() != "Tool 'polite' timed out after 1.5 s." {
			t.Errorf("polite: %q %q", r.Code, r.Text())
		}

		// The slow tool's goroutine runs on until the tool returns; what
		// it returns then is dropped.
		time.Sleep(time.Hour)
		synctest.Wait()
	})
}

// TestCancel checks that the caller's cancellation is returned as its
// error, with the cost lines so far.
func TestCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		started := make(chan struct{})
		wait := func(ctx context.Context, c *tool.Call) error {
			c.AddCost(tool.Cost{Item: "begun", Amount: 1})
			close(started)
			<-ctx.Done()
			return ctx.Err()
		}
		tl := mustCreate(t, wait, reflectimpl.Meta(tool.Meta{Name: "wait"}))
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-started; cancel() }()
		r, err := tl.Invoke(ctx, nil)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if r == nil || r.Code != tool.Cancelled || len(r.Costs) != 1 {
			t.Errorf("result %+v", r)
		}
		// Cancelled before the call.
		r, err = tl.Invoke(ctx, nil)
		if !errors.Is(err, context.Canceled) || r.Started {
			t.Errorf("pre-cancelled: %v %+v", err, r)
		}
	})
}

func TestApproval(t *testing.T) {
	del := func(in struct {
		ID string `json:"id"`
	}) string {
		return "deleted " + in.ID
	}
	tl := mustCreate(t, del, reflectimpl.Meta(tool.Meta{Name: "delete_order", RequiresApproval: true}))
	args := json.RawMessage(`{"id": "7"}`)
	r, _ := tl.Invoke(context.Background(), args)
	if r.Code != tool.ApprovalRequired || r.Started || r.Text() != "Tool 'delete_order' requires approval for these arguments." {
		t.Errorf("without approval: %+v %q", r, r.Text())
	}
	ctx := tool.Approve(context.Background(), "delete_order", args)
	if r, _ := tl.Invoke(ctx, json.RawMessage(`{"id":"7"}`)); r.IsError || r.Text() != "deleted 7" {
		t.Errorf("approved: %+v %q", r, r.Text())
	}
	if r, _ := tl.Invoke(ctx, json.RawMessage(`{"id":"8"}`)); r.Code != tool.ApprovalRequired {
		t.Errorf("other arguments ran under the approval: %+v", r)
	}
	if r, _ := tool.Approve(context.Background(), "other_tool", args), error(nil); r != nil {
		if res, _ := tl.Invoke(r, args); res.Code != tool.ApprovalRequired {
			t.Errorf("an approval for another tool ran this one")
		}
	}
}

// TestConcurrentInvoke calls one tool from many goroutines (run with -race).
func TestConcurrentInvoke(t *testing.T) {
	tl := mustCreate(t, Search)
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Go(func() {
			args := fmt.Sprintf(`{"court":"c%d","limit":%d}`, i%10, i%100+1)
			r, err := tl.Invoke(context.Background(), json.RawMessage(args))
			if err != nil || r.IsError {
				t.Errorf("%s: %v %s", args, err, r.Text())
			}
		})
	}
	wg.Wait()
}

// TestDecodeRefusal checks that a value the input's Go type refuses after
// the schema let it through is an argument error, without the value.
func TestDecodeRefusal(t *testing.T) {
	tl := mustCreate(t, func(in struct {
		Addr netip.Addr `json:"addr"`
	}) string {
		return in.Addr.String()
	}, reflectimpl.Meta(tool.Meta{Name: "ping"}))
	r, err := tl.Invoke(context.Background(), json.RawMessage(`{"addr":"`+secret+`"}`))
	if err != nil || r.Code != tool.InvalidArguments || r.Started || strings.Contains(r.Text(), secret) {
		t.Errorf("%v %+v %q", err, r, r.Text())
	}
	if r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"addr":"::1"}`)); r.IsError || r.Text() != "::1" {
		t.Errorf("a good address: %q", r.Text())
	}
}

// TestCostsOnSuccess checks the cost lines reach a successful result, and
// one a tool builds itself.
func TestCostsOnSuccess(t *testing.T) {
	tl := mustCreate(t, func(c *tool.Call) string {
		c.AddCost(tool.Cost{Item: "geocode", Amount: 2, Unit: "request"})
		return "done"
	}, reflectimpl.Meta(tool.Meta{Name: "geo"}))
	r, err := tl.Invoke(context.Background(), nil)
	if err != nil || r.IsError || len(r.Costs) != 1 || r.Costs[0].Amount != 2 {
		t.Errorf("%v %+v", err, r)
	}
	tl = mustCreate(t, func(c *tool.Call) *tool.Result {
		c.AddCost(tool.Cost{Item: "tokens", Amount: 10, Unit: "token"})
		return &tool.Result{Parts: []tool.Part{tool.TextPart{Text: "mine"}}, Costs: []tool.Cost{{Item: "own", Amount: 1}}}
	}, reflectimpl.Meta(tool.Meta{Name: "own"}))
	r, _ = tl.Invoke(context.Background(), nil)
	if len(r.Costs) != 2 || r.Text() != "mine" {
		t.Errorf("a tool's own result: %+v", r)
	}
}

// Outer marshals through the promoted method of a nil embedded pointer:
// encoding/json panics on it.
type Outer struct{ *Inner }

type Inner struct{ s string }

func (i Inner) MarshalText() ([]byte, error) { return []byte(i.s), nil }

// TestResultEdges checks results that break while being written, raw JSON
// that is empty or broken, deep raw results, and a tool that leaves by
// runtime.Goexit.
func TestResultEdges(t *testing.T) {
	type Report struct {
		Extra Outer           `json:"extra"`
		Data  json.RawMessage `json:"data"`
	}
	tests := []struct {
		name string
		fn   any
		code tool.ErrorCode
		text string
	}{
		{"marshalling panics", func() (any, error) { return Report{}, nil }, tool.Failed, "Tool 't' failed: writing its result panicked: "},
		{"nil raw JSON", func() json.RawMessage { return nil }, "", "J(null)"},
		{"broken raw JSON", func() json.RawMessage { return json.RawMessage("{nope") }, tool.Failed, "Tool 't' failed: its result is not valid JSON."},
		{"broken JSON part", func() tool.Part { return tool.JSONPart{JSON: json.RawMessage(`{"n":`)} }, tool.Failed, "Tool 't' failed: its result is not valid JSON."},
		{"empty JSON part", func() tool.Part { return tool.JSONPart{} }, tool.Failed, "Tool 't' failed: its result is not valid JSON."},
		{"broken JSON part among parts", func() []tool.Part {
			return []tool.Part{tool.TextPart{Text: "a"}, tool.JSONPart{JSON: json.RawMessage(`1`)}, tool.JSONPart{JSON: json.RawMessage(`[1,]`)}}
		}, tool.Failed, "Tool 't' failed: its result is not valid JSON."},
		{"broken JSON part of a *Result", func() *tool.Result {
			return &tool.Result{Parts: []tool.Part{tool.JSONPart{JSON: json.RawMessage(`nope`)}}}
		}, tool.Failed, "Tool 't' failed: its result is not valid JSON."},
		{"broken JSON part of a Result", func() tool.Result {
			return tool.Result{Parts: []tool.Part{tool.JSONPart{JSON: json.RawMessage(`{"a":1}{}`)}}}
		}, tool.Failed, "Tool 't' failed: its result is not valid JSON."},
		{"JSON part", func() tool.Part { return tool.JSONPart{JSON: json.RawMessage(`{"n":1}`)} }, "", `J({"n":1})`},
		{"deep raw result", func() (Docket, error) {
			return Docket{Entries: []string{strings.Repeat("[", 70) + strings.Repeat("]", 70)}}, nil
		}, "", `J({"entries":["`},
		{"goexit", func(ctx context.Context) error { runtime.Goexit(); return nil }, tool.Failed, "Tool 't' failed: it ended its goroutine (runtime.Goexit)."},
	}
	for _, tt := range tests {
		tl := mustCreate(t, tt.fn, reflectimpl.Meta(tool.Meta{Name: "t"}))
		ctx, cancel := context.WithCancel(context.Background())
		r, err := tl.Invoke(ctx, nil)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		text := r.Text()
		if len(r.Parts) == 1 {
			if p, ok := r.Parts[0].(tool.JSONPart); ok {
				text = "J(" + string(p.JSON) + ")"
			}
		}
		if r.Code != tt.code || !strings.HasPrefix(text, tt.text) {
			t.Errorf("%s: code %q text %q; want %q %q", tt.name, r.Code, text, tt.code, tt.text)
		}
	}
}

// TestManyKeys checks duplicates are found among many keys, quickly.
func TestManyKeys(t *testing.T) {
	tl := mustCreate(t, Search)
	var b strings.Builder
	b.WriteString(`{"court":"ab","labels":{`)
	for i := range 20000 {
		fmt.Fprintf(&b, `"k%d":"v",`, i)
	}
	b.WriteString(`"k7":"again"}}`)
	r, _ := tl.Invoke(context.Background(), json.RawMessage(b.String()))
	if r.Text() != "Argument 'labels{}' is given twice." {
		t.Errorf("got %q", r.Text())
	}
}

// FuzzInvoke calls tools with arbitrary bytes: never a panic, always a
// result.
func FuzzInvoke(f *testing.F) {
	for _, s := range []string{`{}`, `{"court":"ab"}`, `{"court":"ab","items":[{"qty":1,"sku":"A"}]}`, `[]`, `null`, `{"court":1e400}`,
		`{"a":{"a":{"a":1}}}`, `{"court":"ab","court":"x"}`, `"`, ``, `{"since":"2024-01-01T00:00:00Z","court":"zz"}`,
		// The hostile-calls cases.
		`{"court":"ab","limit":1.` + strings.Repeat("0", 1000) + `}`, `{"court":"ab","big":-0}`, "\v", "\u00a0", "\f{}",
		`{"court":"ab","tags":["x","y","\u0078"]}`, `{"court":"ab","ratio":0.` + strings.Repeat("9", 300) + `}`,
		`{"n":` + strings.Repeat("1", 300) + `}`, `{"court":"ab","labels":{"a":"1","b":"2","a":"3"}}`} {
		f.Add([]byte(s))
	}
	tools := []*tool.Tool{
		mustCreateF(f, Search),
		mustCreateF(f, func(in struct {
			N *int              `json:"n"`
			M map[string][]bool `json:"m,omitempty"`
		}) (int, error) {
			if in.N == nil {
				return 0, nil
			}
			return *in.N, nil
		}, reflectimpl.Meta(tool.Meta{Name: "n"})),
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, tl := range tools {
			r, err := tl.Invoke(context.Background(), data)
			if err != nil || r == nil {
				t.Fatalf("Invoke(%q) = %v, %v", data, r, err)
			}
			if r.IsError && r.Code == "" {
				t.Fatalf("Invoke(%q): an error result without a code", data)
			}
			if len(r.Violations) > tool.MaxViolations {
				t.Fatalf("Invoke(%q): %d violations", data, len(r.Violations))
			}
		}
	})
}

func mustCreateF(f *testing.F, fn any, opts ...reflectimpl.Option) *tool.Tool {
	tl, err := reflectimpl.Create(fn, opts...)
	if err != nil {
		f.Fatal(err)
	}
	return tl
}
