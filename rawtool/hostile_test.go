package rawtool_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/cputest"
	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// newRaw makes a raw tool named "t" that echoes its arguments.
func newRaw(schema string) (*tool.Tool, error) {
	return rawtool.New(tool.Meta{Name: "t"}, json.RawMessage(schema), echo)
}

// TestNewNumbersBeyondRange: a number keyword the validator's numbers do
// not hold (big.Rat reads no exponent of eight digits) made New panic
// inside the validator's compile, or was dropped without a word
// (minimum:1e9999999 took 5). Each is refused, naming the keyword's
// location; within the range, the bound holds exactly.
func TestNewNumbersBeyondRange(t *testing.T) {
	tests := []struct{ schema, want string }{
		{`{"type":"object","properties":{"x":{"multipleOf":1e-9999999}}}`, `/properties/x/multipleOf`},
		{`{"type":"object","properties":{"x":{"multipleOf":1e-10000000}}}`, `/properties/x/multipleOf`},
		{`{"type":"object","properties":{"x":{"multipleOf":1e99999999}}}`, `/properties/x/multipleOf`},
		{`{"type":"object","properties":{"x":{"minimum":1e9999999}}}`, `/properties/x/minimum`},
		{`{"type":"object","properties":{"x":{"exclusiveMaximum":-1e9999999}}}`, `/properties/x/exclusiveMaximum`},
		{`{"type":"object","properties":{"x":{"enum":[1,1e99999999]}}}`, `/properties/x/enum/1`},
		{`{"type":"object","properties":{"x":{"const":1e-99999999}}}`, `/properties/x/const`},
		{`{"type":"object","properties":{"x":{"default":1e401}}}`, `/properties/x/default`},
		{`{"type":"object","properties":{"x":{"minimum":1` + strings.Repeat("0", 300) + `}}}`, `/properties/x/minimum`},
		// An integer keyword past what an int holds: the validator would
		// read its low bits.
		{`{"type":"object","properties":{"x":{"maxLength":1e30}}}`, `/properties/x/maxLength`},
		{`{"type":"object","properties":{"x":{"minItems":18446744073709551617}}}`, `/properties/x/minItems`},
	}
	for _, tt := range tests {
		_, err := newRaw(tt.schema)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.80s: %v, want an error at %s", tt.schema, err, tt.want)
		}
	}
	// Within the range, exactly: 1e300 is more than 5, 1e-400 divides 1.5.
	tl, err := newRaw(`{"type":"object","properties":{"x":{"minimum":1e300},"y":{"multipleOf":1e-400},"z":{"maximum":-1e-400}}}`)
	if err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		`{"x":5}`:       "Argument 'x' must be at least 1e300.",
		`{"x":1e301}`:   "",
		`{"y":1.5}`:     "",
		`{"z":0}`:       "Argument 'z' must be at most -1e-400.",
		`{"z":-1e-399}`: "",
	} {
		r, err := tl.Invoke(context.Background(), json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		if want == "" && r.IsError || want != "" && r.Text() != want {
			t.Errorf("%s: %s %q, want %q", args, r.Code, r.Text(), want)
		}
	}
}

// TestNewRefusesReferencesOutside: the validator's default loader read
// file references from disk (their values reached the model's messages,
// an error gave away a file's first character, a FIFO blocked New for
// ever). Every reference that leaves the document is refused, by name,
// without reading it; references inside the document still work.
func TestNewRefusesReferencesOutside(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.json")
	if err := os.WriteFile(secret, []byte(`{"type":"string","enum":["SECRETVALUE"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	notJSON := filepath.Join(dir, "notjson")
	if err := os.WriteFile(notJSON, []byte(`Qwerty`), 0o600); err != nil {
		t.Fatal(err)
	}
	fileURL := func(p string) string { return "file://" + filepath.ToSlash(p) }
	refs := []struct{ schema, ref string }{
		{`{"type":"object","properties":{"a":{"$ref":"` + fileURL(secret) + `"}}}`, fileURL(secret)},
		{`{"type":"object","properties":{"a":{"$ref":"` + fileURL(notJSON) + `"}}}`, fileURL(notJSON)},
		{`{"$id":"` + fileURL(dir) + `/","type":"object","properties":{"a":{"$ref":"secret.json"}}}`, "secret.json"},
		{`{"type":"object","properties":{"a":{"$id":"` + fileURL(dir) + `/x.json","$ref":"secret.json"}}}`, "secret.json"},
		{`{"type":"object","properties":{"a":{"$ref":"http://127.0.0.1:1/s.json"}}}`, "http://127.0.0.1:1/s.json"},
		{`{"type":"object","properties":{"a":{"$ref":"other.json#/x"}}}`, "other.json#/x"},
		{`{"type":"object","properties":{"a":{"$ref":"https://json-schema.org/draft/2020-12/schema"}}}`, "https://json-schema.org/draft/2020-12/schema"},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"}}}`, "#/$defs/missing"},
		{`{"type":"object","$schema":"` + fileURL(secret) + `"}`, fileURL(secret)},
	}
	for _, r := range refs {
		_, err := newRaw(r.schema)
		if err == nil {
			t.Errorf("%s: compiled", r.schema)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, r.ref) || strings.Contains(msg, "SECRETVALUE") || strings.Contains(msg, "'Q'") {
			t.Errorf("%s: %v: want the reference named and nothing of the file", r.schema, err)
		}
	}
	// Inside the document: $defs, an anchor, a resource of its own.
	for _, s := range []string{
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#/definitions/A"}},"definitions":{"A":{"type":"string"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#name"}},"$defs":{"A":{"$anchor":"name","type":"string"}}}`,
		`{"$id":"https://example.com/root.json","type":"object","properties":{"a":{"$ref":"a.json"}},"$defs":{"A":{"$id":"a.json","type":"string"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#/components/schemas/A"}},"components":{"schemas":{"A":{"type":"string"}}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#"}}}`,
	} {
		tl, err := newRaw(s)
		if err != nil {
			t.Errorf("%s: %v", s, err)
			continue
		}
		if r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"a":7}`)); !r.IsError {
			t.Errorf("%s: a number where the reference wants something else passed", s)
		}
	}
}

// TestDefaultsThroughRef: defaults, and an optional property's null taken
// as absent, apply in a schema reached by $ref as under properties (how
// pydantic writes nested models), and through a reference cycle
// (recursive models) no deeper than the arguments.
func TestDefaultsThroughRef(t *testing.T) {
	s := `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"},"tree":{"$ref":"#/$defs/Node"}},` +
		`"$defs":{"A":{"type":"object","properties":{"x":{"type":"integer","default":3},"y":{"type":"integer"}}},` +
		`"Node":{"type":"object","properties":{"n":{"type":"integer","default":1},"next":{"$ref":"#/$defs/Node"},"skip":{"type":"string"}}}}}`
	tl, err := newRaw(s)
	if err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		`{"a":{}}`:            `{"a":{"x":3}}`,
		`{"a":{"y":null}}`:    `{"a":{"x":3}}`,
		`{"a":{"x":1,"y":2}}`: `{"a":{"x":1,"y":2}}`,
		`{"tree":{"next":{"next":{"skip":null}}}}`: `{"tree":{"next":{"next":{"n":1},"n":1},"n":1}}`,
	} {
		r, err := tl.Invoke(context.Background(), json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError {
			t.Errorf("%s: %s", args, r.Text())
			continue
		}
		if got := string(r.Value.(json.RawMessage)); got != want {
			t.Errorf("%s: the function got %s, want %s", args, got, want)
		}
	}
	// A $ref with its own keywords beside it: both apply.
	tl, err = newRaw(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A","properties":{"z":{"default":"q"}}}},"$defs":{"A":{"type":"object","properties":{"x":{"default":3}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"a":{}}`)); r.IsError || string(r.Value.(json.RawMessage)) != `{"a":{"x":3,"z":"q"}}` {
		t.Errorf("$ref beside properties: %s %v", r.Text(), r.Value)
	}
}

// TestMessagesBounded: an error never repeats the schema at length: a
// long pattern or enum is cut in New's errors and in the messages a call
// gets, saying how much was left out.
func TestMessagesBounded(t *testing.T) {
	const most = 4096 + 512
	bigPattern := strings.Repeat("a", 1<<20)
	vals := make([]string, 200000)
	for i := range vals {
		vals[i] = strconv.Quote("v" + strconv.Itoa(i))
	}
	bigEnum := "[" + strings.Join(vals, ",") + "]"
	for _, s := range []string{
		`{"type":"object","properties":{"x":{"pattern":"` + bigPattern + `"}}}`,
		`{"type":"object","properties":{"x":{"pattern":"(` + bigPattern + `"}}}`,
		`{"type":"object","properties":{"x":{"enum":` + bigEnum + `}}}`,
		`{"type":"object","properties":{"x":{"type":"` + bigPattern + `"}}}`,
		`{"type":"object","properties":{"` + bigPattern + `":{"minimum":"x"}}}`,
		`{"type":"object","properties":{"x":{"$ref":"#/` + bigPattern + `"}}}`,
	} {
		_, err := newRaw(s)
		if err == nil {
			t.Errorf("%.60s…: compiled", s)
			continue
		}
		if len(err.Error()) > most {
			t.Errorf("%.60s…: an error of %d bytes", s, len(err.Error()))
		}
	}
	// Within the bounds, a call's violations are cut too.
	long := make([]string, 500)
	for i := range long {
		long[i] = strconv.Quote(fmt.Sprintf("%0100d", i))
	}
	tl, err := newRaw(`{"type":"object","properties":{"e":{"enum":[` + strings.Join(long, ",") + `]},"p":{"type":"string","pattern":"^` + strings.Repeat("[ab]", 250) + `$"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"e":"no","p":"c"}`))
	if !r.IsError || len(r.Violations) != 2 {
		t.Fatalf("%s", r.Text())
	}
	for _, v := range r.Violations {
		if len(v.Message) > 1024 || !strings.Contains(v.Message, "more") {
			t.Errorf("a violation of %d bytes: %.200s", len(v.Message), v.Message)
		}
	}
}

// Hostile schema families, made at n: each is past a bound at the sizes
// the attacker used, and within them at the bound itself.
var hostileSchemas = map[string]func(n int) string{
	// properties nested n deep (two JSON levels each).
	"nested": func(n int) string {
		return strings.Repeat(`{"type":"object","properties":{"a":`, n) + `{}` + strings.Repeat(`}}`, n)
	},
	// an anyOf of n constants.
	"anyOf": func(n int) string {
		return list(`{"type":"object","anyOf":[`, n, func(i int) string { return `{"const":` + strconv.Itoa(i) + `}` }, `]}`)
	},
	// n required names (and no properties).
	"required": func(n int) string {
		return list(`{"type":"object","required":[`, n, func(i int) string { return `"p` + strconv.Itoa(i) + `"` }, `]}`)
	},
	// an enum of n strings.
	"enum": func(n int) string {
		return list(`{"type":"object","properties":{"e":{"enum":[`, n, func(i int) string { return `"v` + strconv.Itoa(i) + `"` }, `]}}}`)
	},
	// n properties, each with a pattern.
	"patterns": func(n int) string {
		return list(`{"type":"object","properties":{`, n, func(i int) string { return `"p` + strconv.Itoa(i) + `":{"type":"string","pattern":"^[a-z]{1,32}$"}` }, `}}`)
	},
}

func list(open string, n int, elem func(int) string, closing string) string {
	var b strings.Builder
	b.WriteString(open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(elem(i))
	}
	b.WriteString(closing)
	return b.String()
}

// TestNewBounds: the schemas that took seconds and gigabytes to compile
// (properties nested 1,000 deep, an anyOf of 50,000 constants, 100,000
// required names) and the others past a bound are refused before the
// validator compiles them, quickly, saying which bound; at the bound, a
// schema compiles.
func TestNewBounds(t *testing.T) {
	tests := []struct {
		family string
		n      int
		want   string
	}{
		// The attacker's.
		{"nested", 1000, "nested deeper than 64 levels"},
		{"anyOf", 50000, "more than 524288"},
		{"required", 100000, "more than 524288"},
		{"enum", 200000, "more than 524288"},
		// Within the size bound.
		{"nested", 33, "nested deeper than 64 levels"},
		{"anyOf", 2500, "more than 2000 subschemas"},
		{"required", 20000, "required lists more than 1000 names"},
		{"enum", 20000, "more than 1000 values"},
		{"patterns", 2500, "more than 2000 subschemas"},
	}
	for _, tt := range tests {
		s := hostileSchemas[tt.family](tt.n)
		start := cputest.Start()
		_, err := newRaw(s)
		took := cputest.Since(start)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %d: %v, want %q", tt.family, tt.n, err, tt.want)
		}
		if took > 2*time.Second {
			t.Errorf("%s %d: refused in %v of processor time", tt.family, tt.n, took)
		}
	}
	for _, s := range []string{
		`{"type":"object","properties":{"p":{"pattern":"^` + strings.Repeat("[a-z]", 1100) + `$"}}}`,
		`{"type":"object","properties":{"p":{"pattern":"[a-z]{1000}"}}}`,
		`{"type":"object","patternProperties":{"[a-z]{999}x":{}}}`,
	} {
		if _, err := newRaw(s); err == nil || !strings.Contains(err.Error(), "pattern") {
			t.Errorf("%.60s: %v", s, err)
		}
	}
	// At the bounds.
	for family, n := range map[string]int{"nested": 32, "anyOf": 1998, "required": 1000, "enum": 1000, "patterns": 1998} {
		if _, err := newRaw(hostileSchemas[family](n)); err != nil {
			t.Errorf("%s %d: %v", family, n, err)
		}
	}
}

// TestNewRefusesBeforeReadingAll: a schema past a bound was parsed whole
// before the walk refused it (9-13 ms for 170-230 KB). The bounds are
// checked as the text is read, stopping at the first one passed: what
// follows it is never read, so a text that is not JSON past that point
// is refused for the bound, not for its syntax. The depth bound is the
// invoker's bound on arguments' nesting.
func TestNewRefusesBeforeReadingAll(t *testing.T) {
	const garbage = `,,]]} not JSON at all`
	nested := func(n int) string { return strings.Repeat(`{"type":"object","properties":{"a":`, n) + `{}` }
	tests := []struct{ schema, want string }{
		{nested(33) + garbage, "(165 more bytes)': the schema is nested deeper than 64 levels"}, // 32 times /properties/a, then /type
		{`{"type":"object","properties":{"x":{"type":"array","items":` + strings.Repeat(`[`, 70) + garbage, "nested deeper than 64 levels"},
		{strings.TrimRight(hostileSchemas["required"](1001), "]}") + garbage, "at '/required': required lists more than 1000 names"},
		{`{"type":"object","dependentRequired":{"a":` + list(`[`, 1001, func(i int) string { return `"p` + strconv.Itoa(i) + `"` }, ``) + garbage,
			"at '/dependentRequired/a': dependentRequired lists more than 1000 names"},
		{strings.TrimRight(hostileSchemas["enum"](1001), "]}") + garbage, "at '/properties/e/enum': the enum has more than 1000 values"},
		{`{"type":"object","properties":{"c":{"const":{"a":` + list(`[`, 1000, func(i int) string { return strconv.Itoa(i) }, `]}}`) + garbage,
			"at '/properties/c/const': the const has more than 1000 values"},
		{hostileSchemas["anyOf"](2001) + garbage, "at '/anyOf/1999': the schema has more than 2000 subschemas"},
		{strings.TrimRight(hostileSchemas["patterns"](2001), "]}") + garbage, "the schema has more than 2000 subschemas"},
		{`{"type":"object","properties":{"x":{"minimum":1e401}` + garbage, "at '/properties/x/minimum': the number 1e401 has an exponent beyond ±400"},
		{`{"type":"object","properties":{"x":{"pattern":"` + strings.Repeat("a", 1025) + `"` + garbage, "at '/properties/x/pattern': the pattern"},
		{`{"type":"object","patternProperties":{"` + strings.Repeat("a", 1025) + `":{}` + garbage, "is longer than 1024 bytes"},
		// Escaped names are read as the walk reads them.
		{`{"type":"object","\u0072equired":` + list(`[`, 1001, func(i int) string { return `"p` + strconv.Itoa(i) + `"` }, ``) + garbage, "required lists more than 1000 names"},
	}
	for _, tt := range tests {
		_, err := newRaw(tt.schema)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.60s...: %v, want %q", tt.schema, err, tt.want)
		}
	}
	// Within the bounds, the same texts made whole compile: the check
	// refuses nothing the bounds take.
	for _, s := range []string{
		nested(32) + strings.Repeat(`}}`, 32),
		hostileSchemas["required"](1000),
		hostileSchemas["enum"](1000),
		`{"type":"object","properties":{"c":{"const":{"a":` + list(`[`, 998, func(i int) string { return strconv.Itoa(i) }, `]}}}}`),
		`{"type":"object","properties":{"required":{"type":"array","items":{"enum":` + list(`[`, 1000, func(i int) string { return strconv.Itoa(i) }, `]`) + `}}},"default":{"required":` + list(`[`, 1500, func(i int) string { return strconv.Itoa(i) }, `]`) + `}}`,
		hostileSchemas["anyOf"](1998),
	} {
		if _, err := newRaw(s); err != nil {
			t.Errorf("%.60s...: %v", s, err)
		}
	}
}

// TestPatternsRE2: a pattern of ECMA-262 that RE2 has not (lookahead,
// back-references) is refused, naming its location; RE2 has no
// backtracking, so a pattern that backtracks exponentially elsewhere
// matches in linear time here.
func TestPatternsRE2(t *testing.T) {
	for p, want := range map[string]string{
		`^(?=.*[0-9]).{8,}$`: `/properties/p/pattern`,
		`^(a)\\1$`:           `/properties/p/pattern`,
		`(?<!x)y`:            `/properties/p/pattern`,
	} {
		_, err := newRaw(`{"type":"object","properties":{"p":{"type":"string","pattern":"` + p + `"}}}`)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "RE2") {
			t.Errorf("%s: %v", p, err)
		}
	}
	tl, err := newRaw(`{"type":"object","properties":{"p":{"type":"string","pattern":"^(a+)+$"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	start := cputest.Start()
	r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"p":"`+strings.Repeat("a", 50000)+`!"}`))
	if took := cputest.Since(start); !r.IsError || took > 2*time.Second {
		t.Errorf("%v of processor time: %s", took, r.Text())
	}
}

// TestCallCost: a call's checks cost a bounded time per byte. multipleOf
// at the exponent bound over 20,000 numbers (80 KB) is checked, exactly
// (it took 7.7 s at 1e-100000, which is now refused at New); an enum of
// 1,000 numbers over the same call (a minute of the validator's time) and
// 1,000 required names over 20,000 objects are refused before the
// validator runs, as is a reference cycle applied in place, and a call of
// many strings of the format regex, each compiled.
func TestCallCost(t *testing.T) {
	nums := make([]string, 1000)
	names := make([]string, 1000)
	for i := range nums {
		nums[i] = strconv.Itoa(i + 1000000)
		names[i] = strconv.Quote("n" + strconv.Itoa(i))
	}
	items := func(item string, n int) string {
		return `{"a":[` + strings.TrimSuffix(strings.Repeat(item+",", n), ",") + `]}`
	}
	tests := []struct {
		name, schema, args string
		ok                 bool
	}{
		{"multipleOf", `{"type":"object","properties":{"a":{"type":"array","items":{"multipleOf":1e-400}}}}`, items("1.5", 20000), true},
		{"multipleOf-not", `{"type":"object","properties":{"a":{"type":"array","items":{"multipleOf":1e-400}}}}`, items("1e-401", 20000), false},
		{"enum-numbers", `{"type":"object","properties":{"a":{"type":"array","items":{"enum":[` + strings.Join(nums, ",") + `]}}}}`, items("1.5", 20000), false},
		{"required", `{"type":"object","properties":{"a":{"type":"array","items":{"required":[` + strings.Join(names, ",") + `]}}}}`, items("{}", 20000), false},
		{"cycle", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"allOf":[{"$ref":"#/$defs/B"}]},"B":{"$ref":"#/$defs/A"}}}`, `{"a":1}`, false},
		// Each string of the format regex is compiled, up to 1,000
		// instructions (about 0.1 ms) whatever its length: 60,000 of
		// them (780 KB) took 7 s, none refused.
		{"regex", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","format":"regex"}}}}`, items(`"[a-z]{998}"`, 60000), false},
		{"regex-few", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","format":"regex"}}}}`, items(`"[a-z]{998}"`, 200), true},
		{"regex-small", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","format":"regex"}}}}`, items(`"^(?:[a-z]+|[0-9]{2,4})$"`, 20000), true},
	}
	for _, tt := range tests {
		tl, err := newRaw(tt.schema)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		start := cputest.Start()
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		took := cputest.Since(start)
		if err != nil || r.IsError == tt.ok {
			t.Errorf("%s: %v %.200s", tt.name, err, r.Text())
		}
		if took > 3*time.Second {
			t.Errorf("%s: %v of processor time", tt.name, took)
		}
	}
}

// TestCallValues: a call's arguments are read up to MaxRawArgumentValues
// values and no further, whatever their size: one of 4 MiB of one-digit
// numbers held over half a GiB while it was checked (about 300 bytes a
// value, most of them the validator's). At the bound the call is
// checked; one value past it, anywhere, it is refused with the bound.
func TestCallValues(t *testing.T) {
	tl, err := newRaw(`{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}},"b":{}}}`)
	if err != nil {
		t.Fatal(err)
	}
	tl.MaxArgumentBytes = -1
	zeros := func(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }
	max := limits.MaxRawArgumentValues
	refused := fmt.Sprintf("Arguments hold more than %d values, more than this tool's schema checks in one call: send fewer.", max)
	tests := []struct {
		name, args string
		ok         bool
	}{
		// The object and its array are two of the values.
		{"at the bound", `{"a":[` + zeros(max-2) + `]}`, true},
		{"one past", `{"a":[` + zeros(max-1) + `]}`, false},
		{"one past, in another member", `{"a":[` + zeros(max-2) + `],"b":0}`, false},
		{"one past, broken after it", `{"a":[` + zeros(max-1) + `,]}`, false},
		{"4 MiB", `{"a":[` + zeros(2<<20-8) + `]}`, false},
	}
	for _, tt := range tests {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		runtime.ReadMemStats(&after)
		if err != nil || r.IsError == tt.ok {
			t.Fatalf("%s: %v %.300s", tt.name, err, r.Text())
		}
		if !tt.ok && !strings.Contains(r.Text(), refused) {
			t.Errorf("%s: %.300s, want %q", tt.name, r.Text(), refused)
		}
		// What a call allocates stays bounded by the values read: under
		// 64 MB here (about 30 MB at the bound; the 4 MiB text itself,
		// copied once, counts).
		if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
			t.Errorf("%s: the call allocated %d MB", tt.name, got>>20)
		}
	}
}

// TestPatternsTotal: many patterns, each within its own bound, compile to
// more instructions together than a schema may hold: refused, naming the
// bound, before anything is compiled.
func TestPatternsTotal(t *testing.T) {
	s := list(`{"type":"object","properties":{`, 250, func(i int) string {
		return `"p` + strconv.Itoa(i) + `":{"type":"string","pattern":"[a-z]{990}` + strconv.Itoa(i) + `"}`
	}, `}}`)
	start := cputest.Start()
	_, err := newRaw(s)
	if err == nil || !strings.Contains(err.Error(), "the schema's patterns compile to more than 200000 instructions together") {
		t.Errorf("250 patterns of 1000 instructions: %v", err)
	}
	if took := cputest.Since(start); took > 2*time.Second {
		t.Errorf("refused in %v of processor time", took)
	}
	// Repeats count: the validator compiles a pattern where it is used.
	s = list(`{"type":"object","properties":{`, 250, func(i int) string {
		return `"p` + strconv.Itoa(i) + `":{"type":"string","pattern":"[a-z]{998}"}`
	}, `}}`)
	if _, err := newRaw(s); err == nil {
		t.Error("the same pattern 250 times was taken")
	}
}

// TestContentSchemaRefused: with content asserted, a string of JSON was
// read and checked against contentSchema outside the call's cost bound
// (a 40 KB call took 27 s against an enum of 1,000 numbers). A
// contentSchema is refused at New, naming where it is; a contentMediaType
// alone is taken.
func TestContentSchemaRefused(t *testing.T) {
	_, err := newRaw(`{"type":"object","properties":{"s":{"type":"string","contentMediaType":"application/json","contentSchema":{"type":"array"}}}}`)
	if err == nil || !strings.Contains(err.Error(), "/properties/s/contentSchema") || !strings.Contains(err.Error(), "contentSchema is not taken") {
		t.Errorf("contentSchema: %v", err)
	}
	if _, err := newRaw(`{"type":"object","properties":{"contentSchema":{"type":"string","contentMediaType":"application/json"}}}`); err != nil {
		t.Errorf("a property named contentSchema, and contentMediaType alone: %v", err)
	}
}

// TestRegexArgumentsBounded: a string of the format regex is compiled
// within the bounds of a schema's pattern. Before, the validator compiled
// whatever came: 7 KB of "a{1000}" built 228 MB and took 0.4 s, outside
// the call's cost budget and its room. Past the bounds the call is
// refused with the format's rule, saying what the bounds are.
func TestRegexArgumentsBounded(t *testing.T) {
	tl, err := newRaw(`{"type":"object","properties":{"rs":{"type":"array","items":{"type":"string","format":"regex"}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a{1000}", 146) // 1,022 bytes, 146,002 instructions
	args, _ := json.Marshal(map[string][]string{"rs": {"^[a-z]+$", big, big, big, big, big, big, big, big}})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := tl.Invoke(context.Background(), args)
	runtime.ReadMemStats(&after)
	if err != nil || !r.IsError || len(r.Violations) != 8 {
		t.Fatalf("%v %.300s", err, r.Text())
	}
	want := "Argument 'rs[1]' must be in the format regex: a regular expression in Go's syntax (RE2) of at most 1024 bytes, compiling to at most 1000 instructions."
	if v := r.Violations[0]; v.Path != "rs[1]" || v.Rule != "format" || v.Message != want {
		t.Errorf("got %+v, want %q", v, want)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("the call allocated %d MB", got>>20)
	}
	if r, _ := tl.Invoke(context.Background(), json.RawMessage(`{"rs":["a{998}","(?i)x|y"]}`)); r.IsError {
		t.Errorf("regular expressions within the bounds: %s", r.Text())
	}
}

// TestContentJSONMemory: a string whose contentMediaType is JSON is read
// as JSON to check it, in memory bounded by its length, not by the values
// it holds. Before, the validator decoded it into Go values: 3 MB of "{},"
// built 135 MB, outside the room of the call's values (which counts the
// string as one). The verdicts are the validator's: not JSON, or a number
// beyond a float64, is refused.
func TestContentJSONMemory(t *testing.T) {
	tl, err := newRaw(`{"type":"object","properties":{"s":{"type":"string","contentMediaType":"application/json"},` +
		`"b":{"type":"string","contentEncoding":"base64","contentMediaType":"application/json"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	tl.MaxArgumentBytes = -1
	// 768 KiB of "{},": decoded, they built some 37 MB.
	objects := "[" + strings.Repeat(`{},`, 1<<18) + `{"a":["x",1e300,true,null]}]`
	tests := []struct {
		name string
		args map[string]string
		ok   bool
	}{
		{"objects", map[string]string{"s": objects}, true},
		{"objects in base64", map[string]string{"b": base64.StdEncoding.EncodeToString([]byte(objects))}, true},
		{"not JSON", map[string]string{"s": objects[1:]}, false},
		{"a number beyond a float64", map[string]string{"s": `{"a":[1,2,-1e400]}`}, false},
		{"a small number", map[string]string{"s": `1e-400`}, true},
	}
	for _, tt := range tests {
		args, _ := json.Marshal(tt.args)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r, err := tl.Invoke(context.Background(), args)
		runtime.ReadMemStats(&after)
		if err != nil || r.IsError == tt.ok {
			t.Errorf("%s: %v %.300s", tt.name, err, r.Text())
		}
		// The arguments, their string and the echo: a few copies.
		if got := after.TotalAlloc - before.TotalAlloc; got > 8*uint64(len(args))+(1<<20) {
			t.Errorf("%s: %d bytes of arguments, the call allocated %d MB", tt.name, len(args), got>>20)
		}
	}
}

// TestRefChainMerges: the checks beside the validator read a schema with
// a $ref as its target's keywords with its own over them, properties and
// required merged along the chain. A chain of 1,000 $ref, each schema
// with 40 required names (a 230 KB schema within every bound), made
// those merged views hold 20 million names, about 330 MB kept with the
// tool, built in quadratic time. The names the views merge are bounded:
// past the bound, New refuses the schema, naming the reference, having
// built no more.
func TestRefChainMerges(t *testing.T) {
	chain := func(defs int) string {
		names := make([]string, 40)
		for i := range names {
			names[i] = strconv.Quote(strconv.Itoa(i))
		}
		req := "[" + strings.Join(names, ",") + "]"
		return list(`{"type":"object","$ref":"#/$defs/d0","$defs":{`, defs, func(i int) string {
			if i == defs-1 {
				return fmt.Sprintf(`"d%d":{"required":%s}`, i, req)
			}
			return fmt.Sprintf(`"d%d":{"$ref":"#/$defs/d%d","required":%s}`, i, i+1, req)
		}, `}}`)
	}
	if _, err := newRaw(chain(20)); err != nil {
		t.Errorf("a chain of 20: %v", err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := newRaw(chain(1000))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), `merge more than 100000 names`) {
		t.Errorf("a chain of 1,000: %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Errorf("a chain of 1,000: New allocated %d MB", got>>20)
	}
}

// TestRefSitesShareTheirTarget: a $ref without properties or required of
// its own shares its target's (its view copies only the target's
// keywords), so many uses of one large definition hold few names and are
// no chain: a schema whose 1,000 properties each point at one definition
// of 100 properties (within every bound) is taken, and its calls checked
// through the $ref. A chain whose schemas each add required names is
// still bounded (TestRefChainMerges).
func TestRefSitesShareTheirTarget(t *testing.T) {
	props := list(`{`, 100, func(i int) string { return fmt.Sprintf(`"f%d":{"type":"integer"}`, i) }, `}`)
	schema := list(`{"type":"object","properties":{`, 1000, func(i int) string {
		return fmt.Sprintf(`"p%d":{"$ref":"#/$defs/big"}`, i)
	}, fmt.Sprintf(`},"$defs":{"big":{"type":"object","properties":%s,"required":["f0","f1","f2","f3","f4","f5","f6","f7","f8","f9"],"additionalProperties":false}}}`, props))
	tl, err := newRaw(schema)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	r, err := tl.Invoke(t.Context(), json.RawMessage(`{"p999":{"f0":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	if r.Code != tool.InvalidArguments || !strings.Contains(r.Text(), "Argument 'p999.f1' is required") {
		t.Errorf("a call missing p999.f1: %s %s", r.Code, r.Text())
	}
}
