package rawcheck

import (
	"encoding/json"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// parseSeeds are texts at every turn of the walk: escapes, text that is
// not UTF-8, keys given twice at depth and past sixteen keys, nesting at
// the bound, numbers at their bounds, and texts that break the grammar
// after a fault of another rule.
var parseSeeds = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-1.5e+3`, `""`,
	` { "a" : [ 1 , 2 , { "b" : null } ] , "c" : "d" } `,
	`{"a\"b":"x\\y","\u00e9":"\ud83d\ude00","\/":"\u0000"}`,
	`{"Zürich":"São Paulo","k":"` + "\xff\xfe" + `"}`,
	`{"a":{"b":1,"b":2}}`,
	`[{"x":1},{"y":[1,{"z":0,"z":1}]}]`,
	`{"a":1,"a":2,`,
	`{"a":[1,2`,
	`[` + strings.Repeat(`[`, 70) + strings.Repeat(`]`, 71),
	`1e400`, `{"n":1e-99999999}`, `{"n":` + strings.Repeat("9", 300) + `}`,
	`{"a":1} {"b":2}`, ``, `   `, `{"a":01}`, `"\ud800"`,
	// Keys that are the same only once read: an escape, bytes that are
	// not UTF-8 (each read as U+FFFD), before and past sixteen keys.
	`{"a":1,"\u0061":2}`, `{"\u0061":1,"a":2}`, "{\"\xff\":1,\"\xfe\":2}",
	"{\"\xff\":1,\"\\ufffd\":2}", `{"\/":1,"/":2}`,
	`{"é":1,"\u00e9":2}`, `{"\ud83d\ude00":1,"😀":2}`,
	"\ufeff{}", "{}\x00", "{\"a\x00\":1}", "[1]]", "[1,]", `{"a" 1}`, "\v[]",
	`{"a":-0,"b":0e0,"c":1E-400,"d":1e+401,"e":-1e-0000000000000401}`,
}

func manyKeys(n int, dup string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"k` + strings.Repeat("x", i) + `":` + "1")
	}
	if dup != "" {
		b.WriteString(`,"` + dup + `":2`)
	}
	return b.String() + "}"
}

// TestParseWalkerIsTokenParser: on a text json.Valid accepts, the walk
// reads what json.Decoder's tokens read: the same values, or the same
// fault at the same place.
func TestParseWalkerIsTokenParser(t *testing.T) {
	texts := append(parseSeeds, manyKeys(20, ""), manyKeys(20, "kxxx"), manyKeys(3, "kx"),
		manyKeys(16, "kxxxxxxxxxxxxxxx"), manyKeys(16, `k\u0078`), manyKeys(17, `k\u0078\u0078`),
		manyKeys(40, `k\u0078xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`),
		strings.Repeat("[", MaxArgumentDepth-1)+strings.Repeat("]", MaxArgumentDepth-1),
		strings.Repeat("[", MaxArgumentDepth)+strings.Repeat("]", MaxArgumentDepth),
		strings.Repeat(`{"a":`, 9999)+"0"+strings.Repeat("}", 9999),
		`{"n":`+strings.Repeat("1", 256)+`}`, `{"n":`+strings.Repeat("1", 257)+`}`,
		`{"n":`+strings.Repeat("1", 251)+`e+400}`, `{"n":`+strings.Repeat("1", 251)+`e-401}`)
	for _, h := range hostiles {
		texts = append(texts, h.text(40))
	}
	valid := 0
	for _, text := range texts {
		for _, args := range []bool{true, false} {
			if sameParse(t, text, args) {
				valid++
			}
		}
	}
	if valid < 20 {
		t.Errorf("only %d of the texts are valid JSON: the walk is barely tried", valid)
	}
}

// sameParse compares the walk with the token parser on text, with no
// bound on the values read and with a bound of 3, and reports whether the
// walk read it (json.Valid accepts it).
func sameParse(t *testing.T, text string, args bool) bool {
	t.Helper()
	valid := json.Valid([]byte(text))
	for _, maxValues := range []int{0, 3} {
		at := func() locator { return locator{base: []string{KeyMark + "at"}, maxValues: maxValues} }
		wantV, wantE := parseTokens([]byte(text), args, at(), 1)
		if !valid {
			if wantE == nil {
				t.Errorf("%q: json.Valid refuses it and json.Decoder reads it", text)
			}
			continue
		}
		gotV, _, gotE := parseValid(text, args, at(), 1)
		if !reflect.DeepEqual(gotE, wantE) {
			t.Errorf("%q (args %v, at most %d values): walk error %+v, token parser %+v", text, args, maxValues, gotE, wantE)
		}
		if !reflect.DeepEqual(gotV, wantV) {
			t.Errorf("%q (args %v, at most %d values): walk read %s, token parser %s", text, args, maxValues, show(gotV), show(wantV))
		}
	}
	return valid
}

func show(v *Value) string {
	if v == nil {
		return "nil"
	}
	return string(v.append(nil))
}

// TestParseChoosesByValidity: Parse reports the first fault of a text
// that breaks the grammar, whatever rule it is.
func TestParseChoosesByValidity(t *testing.T) {
	tests := []struct {
		text, rule string
		loc        []string
	}{
		{`{"a":1,"a":2,`, "duplicate", []string{KeyMark + "a"}},
		{`{"a":[1,2`, "json", nil},
		{`{"a":[1,{"b":1,"b":2}]}`, "duplicate", []string{KeyMark + "a", IndexMark + "1", KeyMark + "b"}},
		{`{"n":1e999999}`, "range", []string{KeyMark + "n"}},
		{`{"n":1e999999`, "range", []string{KeyMark + "n"}},
		{`{"a":{}} x`, "json", nil},
	}
	for _, tt := range tests {
		_, perr := Parse([]byte(tt.text), true)
		if perr == nil || perr.Rule != tt.rule || !reflect.DeepEqual(perr.Loc, tt.loc) {
			t.Errorf("Parse(%q) = %+v, want %s at %q", tt.text, perr, tt.rule, tt.loc)
		}
	}
}

// TestParseResultDepth: a result has no depth bound but encoding/json's
// (10000 levels, as json.Valid and json.Unmarshal keep it): a text
// nested deeper is not JSON (the token parser read what json.Valid
// refuses), and the reading of it does not recurse past it.
func TestParseResultDepth(t *testing.T) {
	nest := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	tests := []struct {
		name, text string
		rule       string // "" when read
	}{
		{"10000 levels", nest(10000), ""},
		{"10001 levels", nest(10001), "json"},
		{"10001 levels in objects", strings.Repeat(`{"a":`, 10001) + "0" + strings.Repeat("}", 10001), "json"},
	}
	for _, tt := range tests {
		v, perr := Parse([]byte(tt.text), false)
		switch {
		case tt.rule == "" && (perr != nil || v == nil):
			t.Errorf("%s: Parse = %+v, want the value", tt.name, perr)
		case tt.rule != "" && (perr == nil || perr.Rule != tt.rule):
			t.Errorf("%s: Parse = %+v, want a %s error", tt.name, perr, tt.rule)
		}
	}
}

// TestParseDeepResultMemory: a result nested deep, and broken, is read by
// the token parser in memory linear in its size: the location of each
// value is not written out at each level (that was the square of the
// depth: a few kilobytes of text took a hundred megabytes).
func TestParseDeepResultMemory(t *testing.T) {
	text := []byte(strings.Repeat(`{"a":[`, 2000) + "x")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, perr := Parse(text, false); perr == nil || perr.Rule != "json" {
		t.Fatalf("Parse = %+v, want a json error", perr)
	}
	runtime.ReadMemStats(&after)
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(1000*len(text)); got > most {
		t.Errorf("reading %d bytes allocated %d bytes, want at most %d", len(text), got, most)
	}
}

// FuzzParse holds the walk to the token parser on arbitrary texts.
func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, args bool) {
		sameParse(t, text, args)
	})
}
