package tool

import (
	"math/big"
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
