package tool

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestMultipleOf checks the exact decimal multipleOf against big.Rat on
// literals of every shape: signs, zeros, fractions, exponents, steps of
// one digit and of more than a machine word.
func TestMultipleOf(t *testing.T) {
	values := []string{"0", "-0", "0.0", "1", "-1", "3", "5", "7", "10", "0.3", "-0.3", "0.30000000000000004",
		"1e2", "1E+2", "1.5e-3", "2.5", "12.5", "100.000", "9007199254740993", "1e-400", "7e-2", "21e-2",
		"1234567890123456789.5", "2469135780246913579", "3.7e300", "-6.0e-1", "0.000000000000000000001"}
	steps := []string{"1", "0.1", "0.01", "2.5", "5", "3", "7e-2", "1e-400", "1e300", "0.3",
		"1234567890123456789.5", "123456789012345678901234567890", "999999999999999999"}
	for _, v := range values {
		for _, s := range steps {
			x, m := parseDecimal(v), parseDecimal(s)
			rv, _ := new(big.Rat).SetString(v)
			rs, _ := new(big.Rat).SetString(s)
			want := new(big.Rat).Quo(rv, rs).IsInt()
			if got := multipleOf(&x, &m); got != want {
				t.Errorf("multipleOf(%s, %s) = %v, want %v", v, s, got, want)
			}
		}
	}
}

// TestMultipleOfHostile checks that a multipleOf costs time linear in
// the value's digits and does not grow with its exponent: a literal from
// elsewhere than the decoder (an approval's arguments) may carry any.
func TestMultipleOfHostile(t *testing.T) {
	long := strings.Repeat("7", 100_000)
	tests := []struct {
		x, m string
		want bool
	}{
		{"7e999999999", "7e-400", true},
		{"3e999999999", "7", false},
		{"1e999999999", "1e-999999999", true},
		{"1e-999999999", "1e-400", false},
		{long, "7", true},
		{long + "1", "7", false},
		{long + "e999999999", "1234567890123456789012345", false},
		{"1" + strings.Repeat("0", 100_000), "0.5", true},
		// A step of more than 18 digits: X is read in chunks, not as
		// one integer, which math/big reads in quadratic time (3 s).
		{strings.Repeat("7", 1<<20), "1234567890123456789012345", false},
		{strings.Repeat("1234567890123456789012345", 40_000), "1234567890123456789012345", true},
	}
	for _, tt := range tests {
		start := time.Now()
		x, m := parseDecimal(tt.x), parseDecimal(tt.m)
		if got := multipleOf(&x, &m); got != tt.want {
			t.Errorf("multipleOf(%.20s... (%d bytes), %s) = %v, want %v", tt.x, len(tt.x), tt.m, got, tt.want)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("multipleOf(%.20s..., %s) took %v", tt.x, tt.m, d)
		}
	}
}

// TestMultipleOfRandom checks multipleOf against big.Rat on random
// literals: signs, zeros, fractions, exponents with a sign and leading
// zeros, and steps of up to 40 digits (which take math/big).
func TestMultipleOfRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	digits := func(b *strings.Builder, n int) {
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
	}
	literal := func(neg bool) string {
		var b strings.Builder
		if neg && r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		if r.IntN(4) == 0 {
			b.WriteByte('0')
		} else {
			b.WriteByte(byte('1' + r.IntN(9)))
			digits(&b, r.IntN(40))
		}
		if r.IntN(2) == 0 {
			b.WriteByte('.')
			digits(&b, 1+r.IntN(30))
		}
		if r.IntN(2) == 0 {
			b.WriteString([]string{"e", "E+", "e-", "E-0"}[r.IntN(4)])
			digits(&b, 1+r.IntN(3))
		}
		return b.String()
	}
	for range 100_000 {
		v, s := literal(true), literal(false)
		if r.IntN(5) == 0 {
			v = s + "0" // a multiple, most often
		}
		rv, _ := new(big.Rat).SetString(v)
		rs, _ := new(big.Rat).SetString(s)
		if rs.Sign() == 0 {
			continue
		}
		x, m := parseDecimal(v), parseDecimal(s)
		if got, want := multipleOf(&x, &m), new(big.Rat).Quo(rv, rs).IsInt(); got != want {
			t.Errorf("multipleOf(%s, %s) = %v, want %v", v, s, got, want)
		}
	}
}
