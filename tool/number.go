package tool

import (
	"strconv"

	"github.com/toolschema/toolschema/internal/limits"
)

// maxNumberLength is the longest number literal the arguments may hold:
// 256 bytes (see limits.MaxNumberLength).
const maxNumberLength = limits.MaxNumberLength

// A decimal is the value of a JSON number literal, exactly: ±0.d₁d₂…dₙ ×
// 10^point, its significant digits d without leading or trailing zeros.
// The digits are those of the integer part followed by those of the
// fraction, held as two slices of the literal, so reading one allocates
// nothing.
type decimal struct {
	neg      bool
	int, frc string // the digits before and after the decimal point
	lo, hi   int    // the significant digits: int+frc [lo:hi]
	point    int
}

// parseDecimal reads a literal of JSON's number grammar.
func parseDecimal(lit string) decimal {
	var d decimal
	if lit != "" && lit[0] == '-' {
		d.neg, lit = true, lit[1:]
	}
	i := 0
	for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
		i++
	}
	d.int = lit[:i]
	if i < len(lit) && lit[i] == '.' {
		j := i + 1
		for j < len(lit) && lit[j] >= '0' && lit[j] <= '9' {
			j++
		}
		d.frc, i = lit[i+1:j], j
	}
	exp := 0
	if i < len(lit) {
		// An exponent. The decoder refuses one beyond MaxExponent
		// before a decimal is read; one from elsewhere (an approval's
		// arguments) must not overflow an int, even of 32 bits.
		e := lit[i+1:]
		neg := false
		switch {
		case e != "" && e[0] == '-':
			neg, e = true, e[1:]
		case e != "" && e[0] == '+':
			e = e[1:]
		}
		for _, c := range []byte(e) {
			if exp < 1<<26 { // a larger one is only ever compared as large
				exp = exp*10 + int(c-'0')
			}
		}
		if neg {
			exp = -exp
		}
	}
	n := len(d.int) + len(d.frc)
	d.lo, d.hi = 0, n
	for d.lo < n && d.digit(d.lo) == '0' {
		d.lo++
	}
	for d.hi > d.lo && d.digit(d.hi-1) == '0' {
		d.hi--
	}
	d.point = len(d.int) - d.lo + exp
	return d
}

// digit returns the ith digit of int+frc.
func (d *decimal) digit(i int) byte {
	if i < len(d.int) {
		return d.int[i]
	}
	return d.frc[i-len(d.int)]
}

func (d *decimal) zero() bool { return d.lo == d.hi }

// integral reports whether the value is an integer (1.0 and 1e2 are).
func (d *decimal) integral() bool { return d.zero() || d.hi-d.lo <= d.point }

// cmpMagnitude compares |a| and |b|.
func cmpMagnitude(a, b *decimal) int {
	switch az, bz := a.zero(), b.zero(); {
	case az && bz:
		return 0
	case az:
		return -1
	case bz:
		return 1
	}
	if a.point != b.point {
		if a.point < b.point {
			return -1
		}
		return 1
	}
	for i, j := a.lo, b.lo; ; i, j = i+1, j+1 {
		switch {
		case i == a.hi && j == b.hi:
			return 0
		case i == a.hi:
			return -1 // a's digits are a prefix of b's, whose next digits are not all zero
		case j == b.hi:
			return 1
		}
		if x, y := a.digit(i), b.digit(j); x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
}

// cmpNumber compares two JSON number literals exactly (-0 is 0), in time
// linear in their length.
func cmpNumber(a, b string) int {
	x, y := parseDecimal(a), parseDecimal(b)
	return cmpDecimal(&x, &y)
}

// cmpDecimal compares the values of two parsed literals, as cmpNumber.
func cmpDecimal(x, y *decimal) int {
	xneg, yneg := x.neg && !x.zero(), y.neg && !y.zero()
	switch {
	case xneg && !yneg:
		return -1
	case !xneg && yneg:
		return 1
	}
	c := cmpMagnitude(x, y)
	if xneg {
		c = -c
	}
	return c
}

// appendCanonical appends a form of the literal's value that two literals
// share exactly when their values are equal: "0", or the sign, the
// significant digits and the point ("-12e3" for -120).
func appendCanonical(b []byte, lit string) []byte {
	d := parseDecimal(lit)
	if d.zero() {
		return append(b, '0')
	}
	if d.neg {
		b = append(b, '-')
	}
	for i := d.lo; i < d.hi; i++ {
		b = append(b, d.digit(i))
	}
	b = append(b, 'e')
	return strconv.AppendInt(b, int64(d.point), 10)
}
