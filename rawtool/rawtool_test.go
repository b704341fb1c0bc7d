package rawtool_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/provider"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

type Status string

func (Status) ToolschemaEnumValues() []string { return []string{"open", "closed"} }

type Item struct {
	Qty int8   `json:"qty"`
	SKU string `json:"sku" pattern:"^[A-Z]+$"`
}

// Query is the typed twin of the raw tools below: the raw tool gets its
// schema, so both must answer every call alike. It is not package tool's
// test Query: that one has 64-bit fields, whose range the schema does not
// write (no bound past 2^53), so a raw tool given the schema cannot refuse
// what only the Go type does.
type Query struct {
	Court  string   `json:"court" minLength:"2" maxLength:"8"`
	Limit  int      `json:"limit,omitempty" minimum:"1" maximum:"100" default:"20"`
	Status Status   `json:"status,omitempty"`
	Items  []Item   `json:"items,omitempty" maxItems:"2"`
	Tags   []string `json:"tags,omitempty" uniqueItems:"true"`
	Page   *int     `json:"page,omitempty"`
}

// echo returns the arguments it got.
func echo(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) { return args, nil }

// TestSameAnswers checks that a raw tool, given the schema of a typed
// tool, answers every call as the typed tool does: the same violations,
// the same messages, the same result codes; and, when the call is good,
// arguments with the defaults filled in and the nulls of optional
// properties left out.
func TestSameAnswers(t *testing.T) {
	typed, err := reflectimpl.Create(func(in Query) Query { return in }, reflectimpl.Meta(tool.Meta{Name: "search"}))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := rawtool.New(tool.Meta{Name: "search"}, typed.InputSchema, echo)
	if err != nil {
		t.Fatal(err)
	}
	if string(raw.InputSchema) != string(typed.InputSchema) {
		t.Fatalf("the schema changed: %s", raw.InputSchema)
	}
	// The properties whose schema takes null.
	var parsed struct {
		Properties map[string]struct {
			Type any `json:"type"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(typed.InputSchema, &parsed); err != nil {
		t.Fatal(err)
	}
	nullable := map[string]bool{}
	for k, p := range parsed.Properties {
		if ts, ok := p.Type.([]any); ok && slices.Contains(ts, any("null")) {
			nullable[k] = true
		}
	}
	args := []string{
		`{"court":"ab"}`,
		`{"court":"ab","limit":null,"page":null}`,
		`{"court":"ab","status":null}`, // an optional null the property does not take: absent
		`{"court":"ab","limit":5,"status":"open","items":[{"qty":1,"sku":"A"}],"tags":["x","y"],"page":3}`,
		``,
		`{}`,
		`{"court":"ab","items":[{"qty":1.5,"sku":"A"}]}`,
		`{"court":"ab","items":[{"qty":300,"sku":"a"}]}`,
		`{"court":"ab","limit":0}`,
		`{"court":"ab","limit":101}`,
		`{"court":"a"}`,
		`{"court":"abcdefghi"}`,
		`{"court":7}`,
		`{"court":null}`,
		`{"court":"ab","extra":"secret"}`,
		`{"Court":"ab"}`,
		`{"court":"ab","court":"cd"}`,
		`{"court":"ab","status":"shut"}`,
		`{"court":"ab","tags":["x","x"]}`,
		`{"court":"ab","items":[{"qty":1,"sku":"A"},{"qty":1,"sku":"A"},{"qty":1,"sku":"A"}]}`,
		`{"court":1,"limit":"x","items":[{"qty":"y"}]}`,
		`{"court":"ab"`,
		`[]`,
		`null`,
		`{"court":"ab","tags":` + strings.Repeat(`[`, 70) + strings.Repeat(`]`, 70) + `}`,
	}
	for _, a := range args {
		want, err := typed.Invoke(context.Background(), json.RawMessage(a))
		if err != nil {
			t.Fatal(err)
		}
		got, err := raw.Invoke(context.Background(), json.RawMessage(a))
		if err != nil {
			t.Fatal(err)
		}
		if got.IsError != want.IsError || got.Code != want.Code || got.Text() != want.Text() && want.IsError || !slices.Equal(got.Violations, want.Violations) {
			t.Errorf("%s:\n raw   %v %s %q\n typed %v %s %q", a, got.IsError, got.Code, got.Text(), want.IsError, want.Code, want.Text())
			continue
		}
		if want.IsError {
			continue
		}
		// The typed tool's input, written back, is what the raw tool got.
		var fromTyped, fromRaw any
		b, _ := json.Marshal(want.Value)
		json.Unmarshal(b, &fromTyped)
		json.Unmarshal(got.Value.(json.RawMessage), &fromRaw)
		typedIn, rawIn := fromTyped.(map[string]any), fromRaw.(map[string]any)
		for k, v := range rawIn {
			tv, ok := typedIn[k]
			if !ok && v == nil && nullable[k] {
				continue // a null the property takes: a value (Go's nil, which omitempty leaves out)
			}
			if b1, _ := json.Marshal(v); !ok || string(b1) != mustJSON(tv) {
				t.Errorf("%s: the raw tool got %s=%s, the typed one %s (given %v)", a, k, b1, mustJSON(tv), ok)
			}
		}
		// Both ways: an optional property's null left in the raw
		// arguments would otherwise compare equal to a key left out.
		for k := range typedIn {
			if _, ok := rawIn[k]; !ok {
				t.Errorf("%s: the raw tool did not get %s, the typed one did", a, k)
			}
		}
		if l := fromRaw.(map[string]any)["limit"]; l != float64(5) && l != float64(20) {
			t.Errorf("%s: limit %v: the default was not filled in", a, l)
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestLimits checks the invoker's limits on raw tools: the size limit
// before anything is read, the approval gate after the checks.
func TestLimits(t *testing.T) {
	s := json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"additionalProperties":false}`)
	tl, err := rawtool.New(tool.Meta{Name: "q", RequiresApproval: true}, s, echo)
	if err != nil {
		t.Fatal(err)
	}
	tl.MaxArgumentBytes = 16
	big := `{"q":"` + strings.Repeat("x", 20) + `"}`
	r, _ := tl.Invoke(context.Background(), json.RawMessage(big))
	if r.Code != tool.InvalidArguments || r.Text() != fmt.Sprintf("Arguments are too large: %d bytes; the tool takes at most 16.", len(big)) {
		t.Errorf("too large: %s %q", r.Code, r.Text())
	}
	r, _ = tl.Invoke(context.Background(), json.RawMessage(`{"q":1}`))
	if r.Code != tool.InvalidArguments || r.Text() != "Argument 'q' must be a string." {
		t.Errorf("bad arguments of a tool that needs approval: %s %q", r.Code, r.Text())
	}
	r, _ = tl.Invoke(context.Background(), json.RawMessage(`{"q":"x"}`))
	if r.Code != tool.ApprovalRequired {
		t.Errorf("good arguments without approval: %s %q", r.Code, r.Text())
	}
	in, viols, err := tl.CheckArgs(context.Background(), json.RawMessage(`{"q":"x","r":1}`))
	if in != nil || err != nil || len(viols) != 1 || viols[0].Message != "Argument 'r' is not a parameter of the tool." {
		t.Errorf("CheckArgs: %v %v %v", in, viols, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tl.Invoke(ctx, json.RawMessage(`{"q":"x"}`)); err == nil {
		t.Errorf("a cancelled call ran")
	}
}

// TestNewRefuses checks that a raw tool is made only from a schema that
// compiles, with an object root, a valid name and a function.
func TestNewRefuses(t *testing.T) {
	ok := json.RawMessage(`{"type":"object"}`)
	tests := []struct {
		t      tool.Meta
		schema string
		fn     rawtool.Func
		want   string
	}{
		{tool.Meta{Name: "x"}, `{"type":"string"}`, echo, `the input schema's root must be an object schema`},
		{tool.Meta{Name: "x"}, `{"properties":{}}`, echo, `the input schema's root must be an object schema`},
		{tool.Meta{Name: "x"}, `{"type":"object","minLength":"two"}`, echo, `the input schema does not compile`},
		{tool.Meta{Name: "x"}, `{"type":"object"`, echo, `the input schema is not JSON`},
		// An empty schema was "not JSON: unexpected end of JSON input".
		{tool.Meta{Name: "x"}, ``, echo, `rawtool: tool x: the input schema is empty; give an object schema, at least {"type":"object"}`},
		{tool.Meta{Name: "x"}, " \n\t", echo, `rawtool: tool x: the input schema is empty; give an object schema, at least {"type":"object"}`},
		{tool.Meta{Name: "a/b"}, string(ok), echo, `tool name "a/b" has '/' at offset 1; MCP's tool name rule`},
		{tool.Meta{Name: "x"}, string(ok), nil, `no function`},
	}
	for _, tt := range tests {
		_, err := rawtool.New(tt.t, json.RawMessage(tt.schema), tt.fn)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: %v, want %q", tt.t.Name, tt.schema, err, tt.want)
		}
	}
}

// TestNames checks that a raw tool takes MCP's rule for tool names (1 to
// 128 ASCII letters, digits, '_', '.' or '-'), not the typed tools' one,
// and that a name outside it is refused saying the rule.
func TestNames(t *testing.T) {
	ok := json.RawMessage(`{"type":"object"}`)
	const rule = "MCP's tool name rule: 1 to 128 ASCII letters, digits, '_', '.' or '-'"
	tests := []struct {
		name string
		want string // "" when taken; else in the error
	}{
		{"admin.tools.list", ""},
		{"a", ""},
		{"git-hub_v2.repos.get", ""},
		{strings.Repeat("n", 64), ""},
		{strings.Repeat("n", 65), ""},
		{strings.Repeat("n.", 64), ""}, // 128
		{strings.Repeat("n", 129), "is 129 bytes long; " + rule},
		{"", "the tool name is empty; " + rule},
		{"a b", `has ' ' at offset 1; ` + rule},
		{"admin:list", `has ':' at offset 5; ` + rule},
		{"a/b", `has '/' at offset 1; ` + rule},
		{"café", `has 'é' at offset 3; ` + rule},
		{"x\x00", `has '\x00' at offset 1; ` + rule},
		{"x\xff", `has the byte 0xff, not UTF-8, at offset 1; ` + rule},
	}
	for _, tt := range tests {
		got, err := rawtool.New(tool.Meta{Name: tt.name}, ok, echo)
		if tt.want == "" {
			if err != nil || got.Name != tt.name {
				t.Errorf("New(%q): %v", tt.name, err)
			}
			if err := rawtool.CheckName(tt.name); err != nil {
				t.Errorf("CheckName(%q) = %v", tt.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%q): %v, want %q", tt.name, err, tt.want)
		}
		if err := rawtool.CheckName(tt.name); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckName(%q) = %v, want %q", tt.name, err, tt.want)
		}
	}
	// A long name is quoted in part.
	err := rawtool.CheckName(strings.Repeat("x", 10000))
	if err == nil || len(err.Error()) > 400 {
		t.Errorf("CheckName(10000 x): %d bytes of error", len(err.Error()))
	}
}

// TestJoinsTheSet checks that raw tools and typed tools make one tool set
// (names unique across both) and go through the provider conversions.
func TestJoinsTheSet(t *testing.T) {
	typed, err := reflectimpl.Create(func(in Query) Query { return in }, reflectimpl.Meta(tool.Meta{Name: "search"}))
	if err != nil {
		t.Fatal(err)
	}
	proxied, err := rawtool.New(tool.Meta{Name: "weather", Description: "The weather of a city."},
		json.RawMessage(`{"type":"object","properties":{"city":{"type":"string","description":"The city."},"days":{"type":"integer","minimum":1,"maximum":7}},"required":["city"],"additionalProperties":false}`), echo)
	if err != nil {
		t.Fatal(err)
	}
	set, err := tool.NewSet([]*tool.Tool{typed, proxied})
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := set.Lookup("weather"); !ok || got != proxied {
		t.Errorf("Lookup(weather) = %v %v", got, ok)
	}
	same, _ := rawtool.New(tool.Meta{Name: "search"}, json.RawMessage(`{"type":"object"}`), echo)
	var dup *tool.CollisionError
	if _, err := tool.NewSet([]*tool.Tool{typed, same}); err == nil || !errors.As(err, &dup) {
		t.Errorf("two tools named search: %v", err)
	}
	def, err := provider.OpenAI(proxied)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"parameters":{"type":"object","properties":{"city":{"type":"string","description":"The city."},"days":{"type":["integer","null"],"minimum":1,"maximum":7}},"required":["city","days"],"additionalProperties":false}`; !strings.Contains(string(def), want) {
		t.Errorf("OpenAI: %s", def)
	}
	if _, err := provider.Anthropic([]*tool.Tool{typed, proxied}); err != nil {
		t.Errorf("Anthropic: %v", err)
	}
}

// TestToolDoesNotLinkTheValidator checks that package tool (what every
// program with typed tools links) does not depend on jsonschema/v6, and
// that this package does.
func TestToolDoesNotLinkTheValidator(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	deps := func(pkg string) string {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list: %v\n%s", err, out)
		}
		return string(out)
	}
	const v = "github.com/santhosh-tekuri/jsonschema/v6"
	// What docs/contract.md promises: a program with no declared schema
	// and no raw tool does not link it.
	for _, pkg := range []string{"tool", "reflectimpl", "provider", "mcpserver", "loop"} {
		if strings.Contains(deps("github.com/toolschema/toolschema/"+pkg), v) {
			t.Errorf("package %s links %s", pkg, v)
		}
	}
	if !strings.Contains(deps("github.com/toolschema/toolschema/rawtool"), v) {
		t.Errorf("package rawtool does not link %s", v)
	}
}

// TestCompileErrorNamesNoPath: a schema that does not compile is refused
// with a message that does not name the working directory (the compiler
// resolves a relative resource name against it).
func TestCompileErrorNamesNoPath(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	_, err = rawtool.New(tool.Meta{Name: "bad"}, json.RawMessage(`{"type":"object","required":3}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return nil, nil })
	if err == nil {
		t.Fatal("a schema against the meta-schema compiled")
	}
	if strings.Contains(err.Error(), wd) || strings.Contains(err.Error(), "file://") {
		t.Errorf("the message names a path: %v", err)
	}
}

// TestRelativeRefNotRoot: a $ref to another document is not taken for the
// schema itself (an opaque resource name resolved it so).
func TestRelativeRefNotRoot(t *testing.T) {
	_, err := rawtool.New(tool.Meta{Name: "rel"}, json.RawMessage(`{"type":"object","properties":{"a":{"$ref":"other.json"}}}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return nil, nil })
	if err == nil {
		t.Fatal("a $ref to a document that is not there compiled")
	}
}

// BenchmarkManyViolations is a raw-schema tool called with an array of
// 4,000, 16,000 and 64,000 strings where integers are wanted: one
// violation each. The time must grow with the size (16x from the first to
// the last), not its square. The last is within the bound on a call's
// values (65,536), past which the call is refused unchecked.
func BenchmarkManyViolations(b *testing.B) {
	tl := manyViolationsTool(b)
	for _, n := range manyViolationsSizes {
		args := manyViolationsArgs(n)
		b.Run(strconv.Itoa(n/1000)+"k", func(b *testing.B) {
			for b.Loop() {
				r, err := tl.Invoke(context.Background(), args)
				if err != nil || r.Code != tool.InvalidArguments {
					b.Fatal(err, r.Text())
				}
			}
		})
	}
}

var manyViolationsSizes = []int{4000, 16000, 64000}

func manyViolationsTool(tb testing.TB) *tool.Tool {
	tl, err := rawtool.New(tool.Meta{Name: "many"}, json.RawMessage(`{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return nil, nil })
	if err != nil {
		tb.Fatal(err)
	}
	return tl
}

// manyViolationsArgs is an array of n strings where integers are wanted.
func manyViolationsArgs(n int) json.RawMessage {
	return json.RawMessage(`{"a":[` + strings.TrimSuffix(strings.Repeat(`"s",`, n), ",") + `]}`)
}

// TestManyViolationsChecked makes the check BenchmarkManyViolations
// stands on, which go test without -bench never reaches: at every size
// the call is checked and gets a violation for each string, not refused
// before the checks (the bound on a call's values would make the
// benchmark time the refusal).
func TestManyViolationsChecked(t *testing.T) {
	tl := manyViolationsTool(t)
	for _, n := range manyViolationsSizes {
		r, err := tl.Invoke(context.Background(), manyViolationsArgs(n))
		if err != nil || r.Code != tool.InvalidArguments || !strings.Contains(r.Text(), "Argument 'a[0]' must be an integer.") {
			t.Errorf("%d strings: %v %.300s", n, err, r.Text())
		}
	}
}

// TestKeysThatLookLikeMarks: a key may begin with any character, the
// characters the checker marks its own location segments with included
// (a NUL read as an array index: the path was q[1] or q[]); its path is a
// map value's.
func TestKeysThatLookLikeMarks(t *testing.T) {
	tl, err := rawtool.New(tool.Meta{Name: "marks"}, json.RawMessage(`{"type":"object","properties":{"q":{"type":"object","additionalProperties":{"type":"string"}}},"additionalProperties":false}`),
		func(context.Context, *tool.Call, json.RawMessage) (any, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		`{"q":{"\u0000":["x"]}}`:            "Argument 'q{}' must be a string.",
		`{"q":{"\u00001":1}}`:               "Argument 'q{}' must be a string.",
		`{"q":{"\u0001":true}}`:             "Argument 'q{}' must be a string.",
		`{"q":{"a":1}}`:                     "Argument 'q{}' must be a string.",
		`{"q":{"\u0000":"a","\u0000":"b"}}`: "Argument 'q{}' is given twice.",
	} {
		r, err := tl.Invoke(context.Background(), json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		if r.Text() != want {
			t.Errorf("%s: %q, want %q", args, r.Text(), want)
		}
	}
}

// TestMetaDefaults checks that a raw tool and a reflected tool made with
// no options agree on every metadata default (a raw tool was serial while
// a reflected one was parallel-safe), each default as the Is methods
// answer it and field by field.
func TestMetaDefaults(t *testing.T) {
	raw, err := rawtool.New(tool.Meta{Name: "f"}, json.RawMessage(`{"type":"object"}`), echo)
	if err != nil {
		t.Fatal(err)
	}
	refl, err := reflectimpl.Create(func() {}, reflectimpl.Meta(tool.Meta{Name: "f"}))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(raw.Meta, refl.Meta) {
		t.Errorf("raw %+v, reflected %+v", raw.Meta, refl.Meta)
	}
	for _, tl := range []*tool.Tool{raw, refl} {
		if !tl.IsParallelSafe() || !tl.IsDestructive() || !tl.IsOpenWorld() || tl.ReadOnly || tl.Idempotent || tl.RequiresApproval || tl.EndsLoop || tl.Timeout != 0 {
			t.Errorf("%T defaults: %+v", tl.Meta, tl.Meta)
		}
	}
}
