package schema

import (
	"strconv"
	"strings"
	"testing"
)

// TestLongIntegerBoundTag checks that an integer field's bound or default
// of more than 256 characters is refused for its length, before it is
// read as a number: reading a long integer costs time quadratic in its
// digits (math/big), and a schema holds no number so long anyway.
func TestLongIntegerBoundTag(t *testing.T) {
	long := "1" + strings.Repeat("0", 256)
	for _, tag := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "default"} {
		for _, typ := range []*Type{tInt, tInt8, tUint64} {
			_, err := NewBuilder().Input(strct(field("N", typ, `json:"n" `+tag+`:"`+long+`"`)))
			es, _ := err.(Errors)
			want := "OLT012: n: tag " + tag + ": is a number of more than 256 characters, which no schema holds"
			if len(es) != 1 || es[0].Error() != want {
				t.Errorf("%s on %s: %v, want %s", tag, typ.Kind, err, want)
			}
		}
	}
	// 256 characters are read as a number, and refused for its value.
	_, err := NewBuilder().Input(strct(field("N", tInt, `json:"n" minimum:"-`+long[:255]+`"`)))
	if err == nil || !strings.Contains(err.Error(), "outside the range") {
		t.Errorf("a bound of 256 characters: %v", err)
	}
}

// BenchmarkLongIntegerBoundTag measures a struct tag's integer bound of n
// digits: the time must not grow faster than n.
func BenchmarkLongIntegerBoundTag(b *testing.B) {
	for _, n := range []int{1 << 16, 1 << 18, 1 << 20} {
		typ := strct(field("N", tInt, `json:"n" exclusiveMinimum:"`+strings.Repeat("7", n)+`"`))
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				NewBuilder().Input(typ)
			}
		})
	}
}
