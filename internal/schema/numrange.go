package schema

import "math/big"

// A rangeEnd is one end of the range a number field's keywords leave: its
// value, whether the value itself is outside (exclusiveMinimum,
// exclusiveMaximum), the keyword it comes from and how a message names it.
type rangeEnd struct {
	v    *big.Rat
	excl bool
	key  string // "" for the Go type's own range
	name string
}

// numberRange reports the bounds of a number or integer field that leave
// no value, with the tag to blame: a lower end above its upper end, or
// equal to it with either exclusive, counting the Go type's own range; for
// an integer, an open range with no integer inside (exclusiveMinimum 0,
// exclusiveMaximum 1); and a multipleOf with no multiple inside the range.
// On an integer field the integers that are multiples of a multipleOf p/q
// (in lowest terms) are those of p, so a fraction is allowed there but
// counted so.
func numberRange(f *frag) (tag, msg string) {
	lo, hi := f.lowerEnd(), f.upperEnd()
	noun := "value"
	if f.typ == jInteger {
		noun = "integer"
		// Integer ends are integers (parseBound): an exclusive end is
		// the inclusive one next to it.
		for _, e := range []*rangeEnd{lo, hi} {
			if e != nil && e.excl {
				step := big.NewRat(1, 1)
				if e == hi {
					step.Neg(step)
				}
				e.v, e.excl = new(big.Rat).Add(e.v, step), false
			}
		}
	}
	blame := func() string {
		if lo != nil && lo.key != "" {
			return lo.key
		}
		return hi.key
	}
	if lo != nil && hi != nil {
		c := lo.v.Cmp(hi.v)
		if c > 0 || c == 0 && (lo.excl || hi.excl) {
			return blame(), "no " + noun + " is left between " + lo.name + " and " + hi.name
		}
	}
	if f.multipleOf == "" || lo == nil || hi == nil {
		return "", "" // a half-line holds multiples of any step
	}
	step, what := rat(f.multipleOf), "multiple of "+f.multipleOf
	if f.typ == jInteger {
		whole := step.IsInt()
		step = new(big.Rat).SetInt(step.Num())
		what = "integer " + what
		if !whole {
			what += " (those are the multiples of " + step.Num().String() + ")"
		}
	}
	// The least multiple at or past the lower end.
	q := new(big.Rat).Quo(lo.v, step)
	k := ceilRat(q)
	if lo.excl && q.IsInt() {
		k.Add(k, big.NewInt(1))
	}
	first := new(big.Rat).Mul(new(big.Rat).SetInt(k), step)
	if c := first.Cmp(hi.v); c > 0 || c == 0 && hi.excl {
		return "multipleOf", "no " + what + " is left between " + lo.name + " and " + hi.name
	}
	return "", ""
}

// ceilRat returns the least integer not below x.
func ceilRat(x *big.Rat) *big.Int {
	n, m := new(big.Int).DivMod(x.Num(), x.Denom(), new(big.Int)) // floor, Denom > 0
	if m.Sign() != 0 {
		n.Add(n, big.NewInt(1))
	}
	return n
}

// lowerEnd returns the tightest lower end of f's range: its minimum,
// exclusiveMinimum, or the Go type's own minimum; nil when it has none.
func (f *frag) lowerEnd() *rangeEnd {
	var ends []rangeEnd
	switch {
	case f.minimum != "" && f.ownMin:
		ends = append(ends, rangeEnd{v: rat(f.minimum), name: "the type's minimum " + f.minimum})
	case f.minimum != "":
		ends = append(ends, rangeEnd{v: rat(f.minimum), key: "minimum", name: "minimum " + f.minimum})
	}
	if f.exclMin != "" {
		ends = append(ends, rangeEnd{v: rat(f.exclMin), excl: true, key: "exclusiveMinimum", name: "exclusiveMinimum " + f.exclMin})
	}
	if own := f.ownLow(); own != "" {
		ends = append(ends, rangeEnd{v: rat(own), name: "the type's minimum " + own})
	}
	return tightest(ends, 1)
}

// upperEnd is lowerEnd's counterpart.
func (f *frag) upperEnd() *rangeEnd {
	var ends []rangeEnd
	switch {
	case f.maximum != "" && f.ownMax:
		ends = append(ends, rangeEnd{v: rat(f.maximum), name: "the type's maximum " + f.maximum})
	case f.maximum != "":
		ends = append(ends, rangeEnd{v: rat(f.maximum), key: "maximum", name: "maximum " + f.maximum})
	}
	if f.exclMax != "" {
		ends = append(ends, rangeEnd{v: rat(f.exclMax), excl: true, key: "exclusiveMaximum", name: "exclusiveMaximum " + f.exclMax})
	}
	if own := f.ownHigh(); own != "" {
		ends = append(ends, rangeEnd{v: rat(own), name: "the type's maximum " + own})
	}
	return tightest(ends, -1)
}

// ownLow and ownHigh return the Go type's own range, written or not (a
// 64-bit integer's is not), "" when unbounded.
func (f *frag) ownLow() string {
	switch {
	case f.typ == jInteger:
		return f.lo.min()
	case f.fbits == 32:
		return "-" + maxFloat32
	}
	return ""
}

func (f *frag) ownHigh() string {
	switch {
	case f.typ == jInteger:
		return f.lo.max()
	case f.fbits == 32:
		return maxFloat32
	}
	return ""
}

// tightest returns the end of ends furthest in (sign 1: the greatest, for
// a lower end; -1: the least), an exclusive one before an inclusive one
// of the same value, and an author's before the type's own; nil when
// there is none.
func tightest(ends []rangeEnd, sign int) *rangeEnd {
	var best *rangeEnd
	for i := range ends {
		e := &ends[i]
		if best == nil {
			best = e
			continue
		}
		c := e.v.Cmp(best.v) * sign
		if c > 0 || c == 0 && (e.excl && !best.excl || e.excl == best.excl && best.key == "" && e.key != "") {
			best = e
		}
	}
	if best == nil {
		return nil
	}
	out := *best
	return &out
}
