package tool

import (
	"math/big"
	"math/bits"
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

// multipleOf reports whether x is an integer multiple of m (m > 0), as
// JSON Schema's multipleOf means it: exactly, on the decimal values. With
// x = X·10^a and m = M·10^b, their significant digits X and M without
// trailing zeros, x/m is an integer exactly when a ≥ b (X has no factor
// 10, so no power of ten above M divides it) and M divides X·10^(a-b).
// That remainder is X's digits read modulo M, times 10^(a-b) modulo M by
// squaring: time linear in the digits of x and logarithmic in the
// exponents, which may be large (1e-400 against 1e400) but are never
// expanded. An m of more than 18 digits (a tag's, its author's) goes
// through math/big.
func multipleOf(x, m *decimal) bool {
	if x.zero() {
		return true
	}
	a, b := x.point-(x.hi-x.lo), m.point-(m.hi-m.lo)
	if a < b {
		return false
	}
	e := uint64(a - b)
	if m.hi-m.lo > 18 {
		return multipleOfBig(x, m, e)
	}
	var mod uint64
	for i := m.lo; i < m.hi; i++ {
		mod = mod*10 + uint64(m.digit(i)-'0')
	}
	if mod == 1 {
		return true
	}
	var r uint64 // X mod M; r*10+9 < 10^19 < 2^64
	for i := x.lo; i < x.hi; i++ {
		r = (r*10 + uint64(x.digit(i)-'0')) % mod
	}
	// r · 10^e mod M.
	p := uint64(10) % mod
	for ; e > 0 && r != 0; e >>= 1 {
		if e&1 == 1 {
			r = mulMod(r, p, mod)
		}
		p = mulMod(p, p, mod)
	}
	return r == 0
}

// mulMod returns a·b mod m, for a, b < m.
func mulMod(a, b, m uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	_, rem := bits.Div64(hi, lo, m) // hi < m, as a, b < m
	return rem
}

// multipleOfBig is multipleOf for an m of many digits. X is read modulo
// M 18 digits at a time, so that each step costs time linear in M's
// digits and the whole in X's (math/big reads a long integer in time
// quadratic in its digits).
func multipleOfBig(x, m *decimal, e uint64) bool {
	b := make([]byte, 0, m.hi-m.lo)
	for i := m.lo; i < m.hi; i++ {
		b = append(b, m.digit(i))
	}
	mod, _ := new(big.Int).SetString(string(b), 10)
	r, t := new(big.Int), new(big.Int)
	var chunk, scale uint64 = 0, 1
	for i := x.lo; i < x.hi; i++ {
		chunk, scale = chunk*10+uint64(x.digit(i)-'0'), scale*10
		if scale == 1e18 || i == x.hi-1 {
			r.Mul(r, t.SetUint64(scale))
			r.Add(r, t.SetUint64(chunk))
			r.Mod(r, mod)
			chunk, scale = 0, 1
		}
	}
	p := new(big.Int).Exp(big.NewInt(10), new(big.Int).SetUint64(e), mod)
	r.Mul(r, p).Mod(r, mod)
	return r.Sign() == 0
}
