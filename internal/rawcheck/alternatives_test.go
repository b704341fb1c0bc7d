package rawcheck

import (
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/cputest"
)

// nestedAnyOf is a schema whose arrays take numbers or arrays of its own
// kind, unique, and arguments nested depth levels deep that fail it at
// every level: an array of 25 equal numbers and the next level.
const nestedAnyOf = `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"array","uniqueItems":true,"items":{"anyOf":[{"type":"number"},{"$ref":"#/$defs/A"}]}}}}`

func nestedArgs(depth int) []byte {
	return []byte(`{"a":` + strings.Repeat("["+strings.Repeat("1.5,", 25), depth) + "0" + strings.Repeat("]", depth) + `}`)
}

// TestNestedAlternativesLinear: the violations of an anyOf nested in
// anyOf are written in time linear in the validator's error tree. Before,
// each level wrote its branches' violations twice (once to join them by
// "or", once more when they could not be), so the time doubled with each
// level: 18 KB of arguments nested 60 deep did not finish in ten
// minutes. The check here counts the allocations, at depths 10 and 20.
func TestNestedAlternativesLinear(t *testing.T) {
	c, err := NewChecker([]byte(nestedAnyOf))
	if err != nil {
		t.Fatal(err)
	}
	allocs := func(depth int) float64 {
		args := nestedArgs(depth)
		return testing.AllocsPerRun(1, func() {
			if _, viols := c.Arguments(args); len(viols) == 0 {
				t.Fatal("no violations")
			}
		})
	}
	a10, a20 := allocs(10), allocs(20)
	if a20 > 4*a10 {
		t.Errorf("depth 10: %.0f allocations, depth 20: %.0f; want at most 4 times as many", a10, a20)
	}
	// 60 levels: at each, the array repeats an item; below the first,
	// it is nearer the anyOf's array than its number, so only the
	// array's line is told; at the last, the two are one line ("must be
	// a number, or not repeat an item").
	_, viols := c.Arguments(nestedArgs(60))
	if len(viols) != 60 || !strings.HasSuffix(viols[0].Message, "[25]' must be a number, or not repeat an item (items 0 and 1 are equal).") {
		t.Errorf("depth 60: %d violations, first %.200v", len(viols), viols[:min(len(viols), 1)])
	}
}

// BenchmarkNestedAlternatives checks arguments of nestedAnyOf at depths
// 4, 16 and 62 (the arguments' bound, with the object and "a").
func BenchmarkNestedAlternatives(b *testing.B) {
	c, err := NewChecker([]byte(nestedAnyOf))
	if err != nil {
		b.Fatal(err)
	}
	for _, depth := range []int{4, 16, 62} {
		args := nestedArgs(depth)
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			for b.Loop() {
				c.Arguments(args)
			}
		})
	}
}

// TestOptionalNullsRequiredOnce: an optional property's null is taken out
// with the schema's required names read once a call, not once an
// object. Before, each object with a null built the set of its schema's
// required names, before the call's cost was counted: 2,000 objects
// against 1,000 required names (22 KB of arguments) took 0.3 s, to be
// refused as too costly, and 352 KB took 7 s.
func TestOptionalNullsRequiredOnce(t *testing.T) {
	names := make([]string, 1000)
	for i := range names {
		names[i] = strconv.Quote("r" + strconv.Itoa(i))
	}
	c, err := NewChecker([]byte(`{"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"x":{"type":"integer"}},"required":[` + strings.Join(names, ",") + `]}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	args := []byte(`{"a":[` + strings.TrimSuffix(strings.Repeat(`{"x":null},`, 2000), ",") + `]}`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, viols := c.Arguments(args)
	runtime.ReadMemStats(&after)
	if len(viols) != 1 || viols[0].Rule != "size" {
		t.Errorf("got %.300v, want the call refused as too costly", viols)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("the call allocated %d MB", got>>20)
	}
}

// TestFailClosed: a value the validator refused is refused even when no
// violation was written for it (as a oneOf two branches fit once was),
// and a value it took keeps the extra checks' verdict, none included.
func TestFailClosed(t *testing.T) {
	extra := []Violation{{Rule: "type", Path: "n", Message: "Argument 'n' must be an integer."}}
	tests := []struct {
		name    string
		invalid bool
		out     []Violation
		noun    string
		want    []Violation
	}{
		{"refused, nothing written", true, nil, "Argument", []Violation{{Rule: "type", Message: "The arguments do not fit the tool's schema."}}},
		{"a result refused, nothing written", true, nil, "Result", []Violation{{Rule: "type", Message: "The result does not fit the tool's output schema."}}},
		{"refused, with its words", true, extra, "Argument", extra},
		{"taken", false, nil, "Argument", nil},
		{"taken, an extra check's violation", false, extra, "Argument", extra},
	}
	for _, tt := range tests {
		if got := failClosed(tt.invalid, tt.out, tt.noun); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNearestBounds: the line of alternatives a value is equally near
// lists at most four of them and three fixes of each, saying how many
// more, and cuts a long fix (an inner alternative's line, which each level
// would otherwise hold whole); a fix at the value itself is "it must".
func TestNearestBounds(t *testing.T) {
	var branches []string
	for i := range 50 {
		branches = append(branches, `{"type":"object","required":["k`+strconv.Itoa(i)+`a","k`+strconv.Itoa(i)+`b","k`+strconv.Itoa(i)+`c","k`+strconv.Itoa(i)+`d"]}`)
	}
	tests := []struct{ name, schema, args, want string }{
		{"fifty alternatives", `{"type":"object","properties":{"t":{"anyOf":[` + strings.Join(branches, ",") + `]}}}`, `{"t":{}}`,
			"Argument 't' must fit one of the alternatives of its anyOf; " +
				"to fit alternative 1, give 't.k0a' and give 't.k0b' and give 't.k0c' and 1 more; " +
				"to fit alternative 2, give 't.k1a' and give 't.k1b' and give 't.k1c' and 1 more; " +
				"to fit alternative 3, give 't.k2a' and give 't.k2b' and give 't.k2c' and 1 more; " +
				"to fit alternative 4, give 't.k3a' and give 't.k3b' and give 't.k3c' and 1 more; 46 more alternatives fit as nearly."},
		{"five alternatives", `{"type":"object","properties":{"t":{"anyOf":[` + strings.Join(branches[:5], ",") + `]}}}`, `{"t":{}}`,
			"Argument 't' must fit one of the alternatives of its anyOf; " +
				"to fit alternative 1, give 't.k0a' and give 't.k0b' and give 't.k0c' and 1 more; " +
				"to fit alternative 2, give 't.k1a' and give 't.k1b' and give 't.k1c' and 1 more; " +
				"to fit alternative 3, give 't.k2a' and give 't.k2b' and give 't.k2c' and 1 more; " +
				"to fit alternative 4, give 't.k3a' and give 't.k3b' and give 't.k3c' and 1 more; 1 more alternative fits as nearly."},
		{"at the value itself", `{"type":"object","properties":{"t":{"oneOf":[{"type":"object","minProperties":3,"properties":{"b":{"type":"string"}}},{"type":"object","maxProperties":0}]}}}`, `{"t":{"b":1}}`,
			"Argument 't' must fit one of the alternatives of its oneOf; to fit alternative 1, 't.b' must be a string and it must have at least 3 properties; to fit alternative 2, it must have at most 0 properties."},
	}
	for _, tt := range tests {
		c, err := NewChecker([]byte(tt.schema))
		if err != nil {
			t.Fatal(err)
		}
		_, viols := c.Arguments([]byte(tt.args))
		if len(viols) != 1 || viols[0].Message != tt.want {
			t.Errorf("%s:\n got %.3000v\nwant %s", tt.name, viols, tt.want)
		}
	}
	// A fix longer than maxListed is cut: a pattern's line, the pattern
	// not long enough to be cut in it.
	pattern := strings.Repeat("x", maxListed-12)
	c, err := NewChecker([]byte(`{"type":"object","properties":{"t":{"anyOf":[{"type":"object","properties":{"p":{"pattern":"` + pattern + `"}}},{"type":"object","properties":{"p":{"type":"integer"}}}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	_, viols := c.Arguments([]byte(`{"t":{"p":"y"}}`))
	fix := "'t.p' must match the pattern " + pattern
	want := "Argument 't' must fit one of the alternatives of its anyOf; to fit alternative 1, " +
		fix[:maxListed] + "… (" + strconv.Itoa(len(fix)-maxListed) + " more bytes); to fit alternative 2, 't.p' must be an integer."
	if len(viols) != 1 || viols[0].Message != want {
		t.Errorf("a long fix: %.3000v", viols)
	}
}

// TestNearestRuleStable: the rule of the line of equally near alternatives
// is that of the first branch's first line in Sort's order. It was the
// first in the validator's order, which follows a map's iteration over
// the value's keys: the same call's line was a "type", "enum" or "length"
// one from run to run, and listed before or after the call's other lines
// by chance.
func TestNearestRuleStable(t *testing.T) {
	c, err := NewChecker([]byte(`{"type":"object","properties":{"t":{"anyOf":[` +
		`{"type":"object","properties":{"a":{"type":"string"},"b":{"const":1},"c":{"minLength":3}}},` +
		`{"type":"object","properties":{"a":{"type":"integer"},"b":{"const":2},"c":{"maxLength":0}}}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]int{}
	for range 100 {
		_, viols := c.Arguments([]byte(`{"t":{"a":true,"b":3,"c":"xy"}}`))
		if len(viols) != 1 {
			t.Fatalf("%d violations, want 1: %v", len(viols), viols)
		}
		rules[viols[0].Rule]++
	}
	if len(rules) != 1 || rules["type"] != 100 {
		t.Errorf("rules of 100 runs: %v; want type each time", rules)
	}
}

// longNameUnion is a schema whose array items are a tagged union kept in
// $defs under a name of n bytes, and arguments of items objects whose tag
// no branch takes: each item's anyOf fails, its tags looked up.
func longNameUnion(n int) string {
	name := strings.Repeat("n", n)
	return `{"type":"object","properties":{"a":{"type":"array","items":{"$ref":"#/$defs/` + name + `"}}},"$defs":{"` + name + `":{"anyOf":[` +
		`{"type":"object","properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k","x"]},` +
		`{"type":"object","properties":{"k":{"const":"b"},"y":{"type":"string"}},"required":["k","y"]}]}}}`
}

func untaggedItems(n int) []byte {
	return []byte(`{"a":[` + strings.TrimSuffix(strings.Repeat(`{"k":"c"},`, n), ",") + `]}`)
}

// TestTagLookupSchemaLocation: the branches' schemas are found from the
// validator's schema locations once a call, not once a failing value.
// Read for each, a location holding a 100 KB name (a $defs entry) cost
// its length for each branch of each item: 10,000 items of 10 bytes took
// 1.5 s against 0.1 s for a short name, work the cost budget does not
// count. The reading allocates nothing (the location has no escapes), so
// the check is on processor time (cputest): the best of 5 runs with the long name must stay
// within 5 times the best with a short one (it was 15 times).
func TestTagLookupSchemaLocation(t *testing.T) {
	best := func(nameLen, items int) time.Duration {
		c, err := NewChecker([]byte(longNameUnion(nameLen)))
		if err != nil {
			t.Fatal(err)
		}
		args := untaggedItems(items)
		d := time.Duration(math.MaxInt64)
		for range 5 {
			// Processor time, not the clock's, which the machine's
			// other work moves (cputest).
			start := cputest.Start()
			_, viols := c.Arguments(args)
			d = min(d, cputest.Since(start))
			if len(viols) != items {
				t.Fatalf("name %d: %d violations for %d items", nameLen, len(viols), items)
			}
		}
		return d
	}
	const items = 2000
	short, long := best(10, items), best(100_000, items)
	if long > 5*short {
		t.Errorf("%d items: %v with a 10-byte $defs name, %v with a 100 KB one; want at most 5 times as long", items, short, long)
	}
}

// BenchmarkTagLookup checks 625, 2,500 and 10,000 items of the tagged
// union under a 100 KB name, none of which fits: each is told once.
func BenchmarkTagLookup(b *testing.B) {
	c, err := NewChecker([]byte(longNameUnion(100_000)))
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{625, 2500, 10000} {
		args := untaggedItems(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, viols := c.Arguments(args); len(viols) != n {
					b.Fatalf("%d violations for %d items", len(viols), n)
				}
			}
		})
	}
}

// TestTagOfBranchWithOneError: a branch's tag is read in the branch's
// schema even when its one error is in a schema applied in place (a then,
// an allOf entry, a $ref target), whose location the validator gives the
// error. Read there, the tag was not seen and the value, tagged for the
// first branch, was told the fixes of both, the second's "'p.t' must be
// "c"" among them.
func TestTagOfBranchWithOneError(t *testing.T) {
	second := `{"type":"object","properties":{"t":{"const":"c"},"z":{"type":"string"}},"required":["t","z"]}`
	for _, tc := range []struct{ name, first string }{
		{"then", `{"type":"object","properties":{"t":{"enum":["a","b"]}},"required":["t"],"if":{"properties":{"t":{"const":"a"}}},"then":{"required":["x"]}}`},
		{"allOf", `{"type":"object","properties":{"t":{"const":"a"}},"required":["t"],"allOf":[{"required":["x"]}]}`},
		{"$ref", `{"type":"object","properties":{"t":{"const":"a"}},"required":["t"],"$ref":"#/$defs/X"}`},
	} {
		for _, word := range []string{"anyOf", "oneOf"} {
			schema := `{"type":"object","$defs":{"X":{"required":["x"]}},"properties":{"p":{"` + word + `":[` + tc.first + `,` + second + `]}}}`
			c, err := NewChecker([]byte(schema))
			if err != nil {
				t.Fatal(err)
			}
			_, viols := c.Arguments([]byte(`{"p":{"t":"a"}}`))
			if len(viols) != 1 || viols[0].Message != "Argument 'p.x' is required." {
				t.Errorf("%s in %s: %v; want only that 'p.x' is required", tc.name, word, viols)
			}
		}
	}
}

// unionSchemas are tagged and untagged unions the fuzz target checks
// arguments against: with tags in allOf and $ref, nested, in items, and
// with more tag names than the look-up takes.
var unionSchemas = func() []string {
	many := ""
	for i := range 20 {
		many += `"m` + strconv.Itoa(i) + `":{"enum":["x","y"]},`
	}
	return []string{
		`{"type":"object","$defs":{"T":{"properties":{"k":{"const":"a"}}}},"properties":{"p":{"anyOf":[{"allOf":[{"$ref":"#/$defs/T"}],"properties":{"x":{"type":"string"}},"required":["k","x"],"additionalProperties":false},{"properties":{"k":{"const":"b"},"y":{"type":"array","items":{"oneOf":[{"type":"object","properties":{"t":{"enum":["u","v"]}},"required":["t"]},{"type":"null"}]}}},"required":["k","y"]}]}}}`,
		`{"type":"object","properties":{"p":{"type":"array","items":{"oneOf":[{"type":"object","properties":{` + many + `"t":{"const":1}},"required":["t"],"additionalProperties":false},{"type":"object","properties":{` + many + `"t":{"const":2},"z":{}},"required":["t","z"]},{"type":"array","items":{"type":"integer"}}]}}}}`,
	}
}()

// FuzzUnionMessages: any arguments against unionSchemas are told the same
// lines each time (the nearest alternative follows no map's order), and
// a refused call has lines.
func FuzzUnionMessages(f *testing.F) {
	for _, a := range []string{`{"p":{"k":"c"}}`, `{"p":{"k":"b","y":[{"t":"w"},null,3]}}`, `{"p":[{"t":3,"m0":"q","m19":"q"},[1.5],{"t":1,"z":1}]}`, `{"p":[{}]}`} {
		f.Add(a)
	}
	var checkers []*Checker
	for _, s := range unionSchemas {
		c, err := NewChecker([]byte(s))
		if err != nil {
			f.Fatal(err)
		}
		checkers = append(checkers, c)
	}
	f.Fuzz(func(t *testing.T, args string) {
		for _, c := range checkers {
			out, viols := c.Arguments([]byte(args))
			for range 3 {
				out2, viols2 := c.Arguments([]byte(args))
				if string(out) != string(out2) || !slices.Equal(viols, viols2) {
					t.Fatalf("%s: told %v, then %v", args, viols, viols2)
				}
			}
			if out == nil && len(viols) == 0 {
				t.Fatalf("%s: refused without a line", args)
			}
		}
	})
}
