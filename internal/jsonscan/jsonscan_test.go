package jsonscan

import (
	"encoding/json"
	"testing"
)

var stringSeeds = []string{
	`""`, `"plain"`, `"Zürich"`, `"a\"b"`, `"x\\"`, `"\\\""`, `"\u00e9\ud83d\ude00"`,
	`"\ud800"`, `"\/\b\f\n\r\t"`, "\"\xff\xfe\"", "\"caf\xc3\"", `"\u0000"`,
}

// TestString: a string is read as json.Unmarshal reads it, and the index
// returned is past its closing quote, whatever follows.
func TestString(t *testing.T) {
	for _, s := range stringSeeds {
		checkString(t, s)
	}
}

func checkString(t *testing.T, lit string) {
	t.Helper()
	var want string
	if json.Unmarshal([]byte(lit), &want) != nil || len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return // not one JSON string, alone
	}
	text := ` ` + lit + `,"next"`
	got, end := String(text, 1)
	if got != want || end != 1+len(lit) {
		t.Errorf("String(%q) = %q, %d; want %q, %d", text, got, end, want, 1+len(lit))
	}
}

func FuzzString(f *testing.F) {
	for _, s := range stringSeeds {
		f.Add(s)
	}
	f.Fuzz(checkString)
}

func TestSpaceAndNumber(t *testing.T) {
	tests := []struct {
		text         string
		space, after int // Space(text, 0), Number(text, Space(text, 0))
	}{
		{" \t\r\n-1.5e+3,", 4, 11},
		{"0]", 0, 1},
		{"12", 0, 2},
		{"   ", 3, 3},
		{"", 0, 0},
	}
	for _, tt := range tests {
		i := Space(tt.text, 0)
		if i != tt.space {
			t.Errorf("Space(%q, 0) = %d, want %d", tt.text, i, tt.space)
		}
		if j := Number(tt.text, i); j != tt.after {
			t.Errorf("Number(%q, %d) = %d, want %d", tt.text, i, j, tt.after)
		}
	}
}

// TestValues: Values counts every value of a JSON text, keys apart,
// exactly, and past a bound says only that it was passed.
func TestValues(t *testing.T) {
	for _, tt := range []struct {
		text  string
		count int
	}{
		{`{}`, 1},
		{`{"a":1}`, 2},
		{`{"a":"b","c":"d"}`, 3},
		{`{"a" : "b" , "c"  :  [ true , false , null , -1.5e+3 ]}`, 7},
		{`["\"", "a\\", "{[:", {"k\":":{}}]`, 6},
		{`[[],[[]],{"x":{"y":[0,1]}}]`, 9},
		{`"only"`, 1},
		{`12`, 1},
	} {
		if got := Values(tt.text, tt.count); got != tt.count {
			t.Errorf("%s: counted %d values; want %d", tt.text, got, tt.count)
		}
		if got := Values(tt.text, tt.count-1); got <= tt.count-1 {
			t.Errorf("%s: past %d: %d, not past it", tt.text, tt.count-1, got)
		}
	}
}

// TestValuesNotJSON: text that is not JSON is counted without a fault:
// an unterminated string, one that ends in an escape, a lone quote.
// Before, an unterminated string read past the end of the text.
func TestValuesNotJSON(t *testing.T) {
	for _, tt := range []struct {
		text  string
		count int
	}{
		{`"`, 1},
		{`["abc`, 2},
		{`["ab\`, 2},
		{`{"a":"\"`, 2},
		{`[1,"x`, 3},
	} {
		if got := Values(tt.text, 100); got != tt.count {
			t.Errorf("%q: %d values; want %d", tt.text, got, tt.count)
		}
	}
}

// TestStringEnd: StringEnd finds the end of a string past its escapes,
// and the end of the text when the string does not end; as a string or
// as bytes alike.
func TestStringEnd(t *testing.T) {
	for _, tt := range []struct {
		text  string
		start int
		end   int
	}{
		{`"abc",1`, 0, 5},
		{`["a\"b",1]`, 1, 7},
		{`"\\",`, 0, 4},
		{`"\\\"",`, 0, 6},
		{`"é\u00e9"x`, 0, 10},
		{`"abc`, 0, 4},
		{`"ab\`, 0, 4},
		{`"\"`, 0, 3},
		{`x""`, 1, 3},
	} {
		if got := StringEnd(tt.text, tt.start); got != tt.end {
			t.Errorf("%q from %d: ends at %d; want %d", tt.text, tt.start, got, tt.end)
		}
		if got := StringEnd([]byte(tt.text), tt.start); got != tt.end {
			t.Errorf("%q as bytes from %d: ends at %d; want %d", tt.text, tt.start, got, tt.end)
		}
	}
}

func FuzzValues(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",null]}`, `"`, `["\`, `{"k":`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := Values(text, 1<<30)
		if n > len(text) {
			t.Errorf("%q: %d values, more than its bytes", text, n)
		}
		if b := Values([]byte(text), 1<<30); b != n {
			t.Errorf("%q: %d values as a string, %d as bytes", text, n, b)
		}
	})
}
