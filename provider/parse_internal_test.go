package provider

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// parseCases are JSON texts the scanner of valid JSON must read as the
// decoder's tokens do: escapes, UTF-8, numbers as written, whitespace,
// empty containers, duplicate names.
var parseCases = []string{
	`{}`,
	` { "a" : [ 1 , -2.5e+3 , 0 , 1E-7 , true , false , null , { } , [ ] ] } `,
	"{\"t\":\"tab\\there \\\"quoted\\\" \\\\ back\\/slash \\u00e9\\ud83d\\ude00\",\"u\":\"héllo ✓\",\"bad\":\"\\udc00\"}",
	"{\"a\":1,\"a\":2,\"\":{\"\":[[[]]]}}\n",
	`{"x":"\u0000","y":"]}\",{"}`,
	`[1,2]`,
	`"s"`,
}

// TestReadValid checks the scanner against the decoder on parseCases and
// on the JSON of every line of the parity suite's golden files (from a
// line's first brace).
func TestReadValid(t *testing.T) {
	inputs := bytesOf(parseCases)
	files, _ := filepath.Glob("../parity/testdata/*.golden")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for line := range bytes.Lines(b) {
			if i := bytes.IndexByte(line, '{'); i >= 0 && json.Valid(line[i:]) {
				inputs = append(inputs, line[i:])
			}
		}
	}
	if len(inputs) < 100 {
		t.Fatalf("%d inputs: the golden files are not where they were", len(inputs))
	}
	for _, in := range inputs {
		sameParse(t, in)
	}
}

// FuzzReadValid checks the scanner against the decoder on any valid JSON.
func FuzzReadValid(f *testing.F) {
	for _, c := range parseCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, in []byte) { sameParse(t, in) })
}

func sameParse(t *testing.T, in []byte) {
	t.Helper()
	got, gotErr := parseOrdered(in)
	want, wantErr := decodeOrdered(in)
	if (gotErr != nil) != (wantErr != nil) || gotErr != nil && gotErr.Error() != wantErr.Error() || !reflect.DeepEqual(got, want) {
		t.Errorf("%q:\n read %#v (%v)\n decoded %#v (%v)", in, got, gotErr, want, wantErr)
	}
}

func bytesOf(ss []string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = []byte(s)
	}
	return out
}
