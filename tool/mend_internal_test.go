package tool

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"
)

// FuzzMendText checks mendText against encoding/json: the mended text
// reads as the same value, is UTF-8 with no escaped half of a surrogate
// pair left alone, and text with nothing to mend comes back as it is.
func FuzzMendText(f *testing.F) {
	for _, s := range []string{
		`{"a":"b"}`, "{\"a\":\"\xff\"}", "{\"a\xfe\":\"\xe2\x82\"}", `{"a":"\ud800"}`, `{"a":"\udc00\ud800"}`,
		`{"a":"\ud83d\ude00"}`, `{"a":"\\ud800"}`, `{"a":"\ud800\\"}`, `{"a":"\uD800\uDBFF\uDC00"}`, `["\ud800x"]`,
		"\xff", `\ud800`, `"\`, `{"a":"\u00`, "{\"\\\"\xff\":1}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := mendText(data)
		if utf8.Valid(data) && !maybeHalf(data) && len(data) > 0 && &got[0] != &data[0] {
			t.Fatalf("%q: copied with nothing to mend", data)
		}
		if !utf8.Valid(got) {
			t.Fatalf("%q: mended to %q, not UTF-8", data, got)
		}
		var want, have any
		if json.Unmarshal(data, &want) != nil {
			return
		}
		if err := json.Unmarshal(got, &have); err != nil || !reflect.DeepEqual(want, have) {
			t.Fatalf("%q reads as %#v; mended, %q reads as %#v (%v)", data, want, got, have, err)
		}
		if again := mendText(got); string(again) != string(got) {
			t.Fatalf("%q: mended twice, %q then %q", data, got, again)
		}
	})
}
