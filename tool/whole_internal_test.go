package tool

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWholeAgainstRat checks, against big.Rat, that a JSON number literal
// is found whole exactly when its value is an integer, and that the
// integer RepairArgs reads it as (appendInteger) is that value (a
// negative zero as -0): on literals of every shape, with long runs of
// zeros on either side of the point and exponents that move it across
// them.
func TestWholeAgainstRat(t *testing.T) {
	fixed := []string{"0", "-0", "-0.0e0", "0e-400", "0.000e400", "4.0", "1e2", "1.50e1", "100E-2", "12345e-4",
		"3.0000000000000001", "1.00000000000000000001e20", "1.00000000000000000001e19", "9007199254740993.0",
		"18446744073709551615.0", "1.8446744073709551616e19", "0.001e3", "0.0010e2", "10e-1", "1e-1", "5E-1",
		"1e400", "-9.223372036854775808e18", "1." + strings.Repeat("0", 250), "1." + strings.Repeat("0", 249) + "1e249",
		"1." + strings.Repeat("0", 249) + "1e250", "0." + strings.Repeat("0", 240) + "7e241", "0." + strings.Repeat("0", 240) + "7e242"}
	whole := 0
	check := func(lit string) {
		t.Helper()
		r, ok := new(big.Rat).SetString(lit)
		if !ok {
			t.Fatalf("big.Rat cannot read %s", lit)
		}
		d := parseDecimal(lit)
		if got := d.integral(); got != r.IsInt() {
			t.Errorf("%s: integral() = %v, want %v", lit, got, r.IsInt())
			return
		}
		if r.IsInt() {
			whole++
			want := r.Num().String()
			if r.Sign() == 0 && lit[0] == '-' {
				want = "-0" // the integer the model would write: refused for an unsigned type
			}
			if got := string(appendInteger(nil, &d)); got != want {
				t.Errorf("%s: read as %s, want %s", lit, got, want)
			}
		}
	}
	for _, lit := range fixed {
		check(lit)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	digits := func(n int, zeros bool) string {
		var b strings.Builder
		for range n {
			if zeros && rng.IntN(3) > 0 {
				b.WriteByte('0')
			} else {
				b.WriteByte(byte('0' + rng.IntN(10)))
			}
		}
		return b.String()
	}
	for range 20000 {
		var b strings.Builder
		if rng.IntN(2) == 0 {
			b.WriteByte('-')
		}
		if rng.IntN(4) == 0 {
			b.WriteByte('0')
		} else {
			b.WriteByte(byte('1' + rng.IntN(9)))
			b.WriteString(digits(rng.IntN(30), rng.IntN(2) == 0))
		}
		if rng.IntN(4) > 0 {
			b.WriteByte('.')
			b.WriteString(digits(1+rng.IntN(40), rng.IntN(2) == 0))
		}
		if rng.IntN(4) > 0 {
			b.WriteString([]string{"e", "E", "e+", "e-", "E-"}[rng.IntN(5)])
			b.WriteString(digits(1+rng.IntN(2), false))
		}
		check(b.String())
	}
	if whole < 2000 {
		t.Errorf("%d whole literals of %d: too few to test the integers they are read as", whole, 20000+len(fixed))
	}
}

// TestAppendIntegerAllocations checks that the integer a whole number is
// read as is written in one allocation at most, however many zeros its
// exponent adds: a call of 4 MiB of 1e18 reads 800,000 of them.
func TestAppendIntegerAllocations(t *testing.T) {
	for _, lit := range []string{"1.0", "-3.00", "1e18", "1.5e30", "-0.0", "1e400", "0e400", "-0.0e400"} {
		d := parseDecimal(lit)
		var b []byte
		if n := testing.AllocsPerRun(100, func() { b = appendInteger(nil, &d) }); n > 1 {
			t.Errorf("appendInteger(%s): %v allocations, want at most 1", lit, n)
		}
		// Nor more room than the integer takes (0e400 is "0").
		if cap(b) > 2*len(b)+16 {
			t.Errorf("appendInteger(%s): %d bytes of room for %q", lit, cap(b), b)
		}
	}
}
