package budget

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		want  string
		left  int
	}{
		{"hello", 10, "hello", 0},
		{"hello", 5, "hello", 0},
		{"hello", 3, "hel", 2},
		{"héllo", 2, "h", 5}, // é is two bytes: not split
		{"日本語", 4, "日", 6},   // three-byte characters
		{"日本語", 0, "", 9},
		{"abc", -1, "", 3},
	} {
		got, left := Text(c.in, c.limit)
		if got != c.want || left != c.left {
			t.Errorf("Text(%q, %d) = %q, %d; want %q, %d", c.in, c.limit, got, left, c.want, c.left)
		}
	}
}

func TestJSON(t *testing.T) {
	for _, c := range []struct {
		in    string
		limit int
		mode  Mode
		want  string
		cut   Cut
	}{
		{`[1,2,3]`, 7, Any, `[1,2,3]`, Cut{}},
		{` [1, 2, 3] `, 9, Any, `[1, 2, 3]`, Cut{}},
		{`[1,2,3]`, 6, Any, `[1,2]`, Cut{Items: 1}},
		{`[1, 2, 3]`, 6, Any, `[1,2]`, Cut{Items: 1}},
		{`[1,2,3]`, 2, Any, `[]`, Cut{Items: 3}},
		{`{"a":1,"b":2,"c":3}`, 14, Any, `{"a":1,"b":2}`, Cut{Members: 1}},
		{`{"a":1,"b":2,"c":3}`, 2, Any, `{}`, Cut{Members: 3}},
		// The first element that does not fit is cut in turn.
		{`{"id":"x","rows":[1,2,3,4,5],"n":5}`, 24, Any, `{"id":"x","rows":[1,2]}`, Cut{Items: 3, Members: 1}},
		{`[[1,2,3],[4,5,6]]`, 12, Any, `[[1,2,3]]`, Cut{Items: 1}}, // an empty stub is left out
		{`[[1,2,3],[4,5,6]]`, 13, Any, `[[1,2,3],[4]]`, Cut{Items: 2}},
		// Strings with brackets, commas and escapes inside.
		{`["a,]","b\"]","c\\"]`, 14, Any, `["a,]","b\"]"]`, Cut{Items: 1}},
		// ItemsOnly keeps every member; arrays give way.
		// The members after a cut one are kept whole: the cut may pass the limit.
		{`{"id":"x","rows":[1,2,3,4,5],"n":5}`, 24, ItemsOnly, `{"id":"x","rows":[1,2],"n":5}`, Cut{Items: 3}},
		{`[{"id":"a","v":[1,2]},{"id":"b","v":[3]}]`, 30, ItemsOnly, `[{"id":"a","v":[1,2]}]`, Cut{Items: 1}},
		{`{"long":"` + strings.Repeat("x", 40) + `","rows":[1,2]}`, 20, ItemsOnly, `{"long":"` + strings.Repeat("x", 40) + `","rows":[]}`, Cut{Items: 2}},
		// Scalars at the top are not cut.
		{`"` + strings.Repeat("x", 40) + `"`, 10, Any, `"` + strings.Repeat("x", 40) + `"`, Cut{}},
		// Invalid JSON comes back as it is.
		{`[1,2`, 3, Any, `[1,2`, Cut{}},
	} {
		got, cut := JSON([]byte(c.in), c.limit, c.mode)
		if string(got) != c.want || cut != c.cut {
			t.Errorf("JSON(%s, %d, %v) = %s, %+v; want %s, %+v", c.in, c.limit, c.mode, got, cut, c.want, c.cut)
		}
		if json.Valid([]byte(c.in)) && !json.Valid(got) {
			t.Errorf("JSON(%s, %d) = %s: not valid", c.in, c.limit, got)
		}
	}
}

func TestCutString(t *testing.T) {
	for _, c := range []struct {
		cut  Cut
		want string
	}{
		{Cut{Items: 1}, "1 array item"},
		{Cut{Items: 3}, "3 array items"},
		{Cut{Members: 1}, "1 object member"},
		{Cut{Items: 2, Members: 1}, "2 array items and 1 object member"},
	} {
		if got := c.cut.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.cut, got, c.want)
		}
	}
}

// randomJSON makes a random JSON value, at most five levels deep.
func randomJSON(r *rand.Rand, depth int) any {
	if depth > 4 || r.IntN(3) == 0 {
		switch r.IntN(5) {
		case 0:
			return r.IntN(1000)
		case 1:
			return strings.Repeat("é,]\"", r.IntN(4))
		case 2:
			return r.IntN(2) == 0
		case 3:
			return nil
		default:
			return r.Float64()
		}
	}
	if r.IntN(2) == 0 {
		a := make([]any, r.IntN(6))
		for i := range a {
			a[i] = randomJSON(r, depth+1)
		}
		return a
	}
	m := map[string]any{}
	for i := range r.IntN(6) {
		m[fmt.Sprintf("k%d", i)] = randomJSON(r, depth+1)
	}
	return m
}

// within reports that kept is orig with items and members left out: each
// kept array a prefix of orig's, each object's keys a subset, every value
// kept within its original.
func within(kept, orig any, mode Mode) bool {
	switch k := kept.(type) {
	case []any:
		o, ok := orig.([]any)
		if !ok || len(k) > len(o) {
			return false
		}
		for i := range k {
			if !within(k[i], o[i], mode) {
				return false
			}
		}
		return true
	case map[string]any:
		o, ok := orig.(map[string]any)
		if !ok || (mode == ItemsOnly && len(k) != len(o)) {
			return false
		}
		for key, v := range k {
			if ov, ok := o[key]; !ok || !within(v, ov, mode) {
				return false
			}
		}
		return true
	default:
		return reflect.DeepEqual(kept, orig)
	}
}

func TestJSONRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for range 2000 {
		data, _ := json.Marshal(randomJSON(r, 0))
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		for _, mode := range []Mode{Any, ItemsOnly} {
			limit := r.IntN(len(data) + 2)
			got, cut := JSON(data, limit, mode)
			var kept any
			if err := json.Unmarshal(got, &kept); err != nil {
				t.Fatalf("JSON(%s, %d, %v) = %s: %v", data, limit, mode, got, err)
			}
			if !within(kept, v, mode) {
				t.Fatalf("JSON(%s, %d, %v) = %s: not a part of the value", data, limit, mode, got)
			}
			container := data[0] == '[' || data[0] == '{'
			if mode == Any && container && len(got) > max(limit, 2) {
				t.Fatalf("JSON(%s, %d) = %s: %d bytes", data, limit, got, len(got))
			}
			if cut.Zero() != bytes.Equal(got, data) && container {
				t.Fatalf("JSON(%s, %d, %v) = %s, %+v: the count disagrees", data, limit, mode, got, cut)
			}
		}
	}
}

// listOf returns a JSON array of n objects, about 60 bytes each.
func listOf(n int) []byte {
	var b bytes.Buffer
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"order-%07d","status":"shipped","lines":[1,2,3]}`, i)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// BenchmarkJSON cuts results of 1, 4 and 16 MiB to 100 KB: linear in the
// result (compare ns/op at the two sizes).
func BenchmarkJSON(b *testing.B) {
	for _, mb := range []int{1, 4, 16} {
		data := listOf(mb << 20 / 58)
		b.Run(fmt.Sprintf("MB=%d", mb), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				JSON(data, 100<<10, Any)
			}
		})
	}
}

// BenchmarkDeep cuts one array nested 1, 4 and 16 times as deep: each
// level is cut into, and the cut stays linear.
func BenchmarkDeep(b *testing.B) {
	for _, n := range []int{1 << 16, 1 << 18, 1 << 20} {
		data := []byte(strings.Repeat("[1,", n) + "2" + strings.Repeat("]", n))
		b.Run(fmt.Sprintf("depth=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				JSON(data, 100<<10, Any)
			}
		})
	}
}
