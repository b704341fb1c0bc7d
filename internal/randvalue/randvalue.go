// Package randvalue makes random values of Go types for property tests.
//
// The values are meant to be marshaled with encoding/json: every value
// produced can be marshaled without error (provided the type itself is
// one encoding/json supports), and the generator tries to reach the
// shapes encoding/json writes: nulls, empty and full containers,
// extreme numbers, strings that need escaping, and so on.
package randvalue

import (
	"bytes"
	"encoding"
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"net/netip"
	"reflect"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Config controls generation. The zero Config is usable.
type Config struct {
	// MaxDepth bounds how many pointers, slices, maps and interfaces
	// may be nested; values deeper than that are zero (nil).
	// If zero or negative, 4 is used.
	MaxDepth int

	// MaxLen bounds the number of elements of slices and maps.
	// If zero or negative, 4 is used.
	MaxLen int
}

// Value returns a random value of type t, drawing randomness from r
// only, so that a given seed always yields the same value.
// The result is addressable and settable.
//
// Besides the basic kinds, Value knows about time.Time, json.RawMessage,
// json.Number, netip.Addr, big.Int and string enum types that have a
// value method ToolschemaEnumValues() []string, from whose result it
// picks. Values of other types implementing json.Marshaler or
// encoding.TextMarshaler (or pointers to them) are left zero, as are
// non-empty interfaces, maps whose key kind is not string, channels,
// functions and complex numbers. Only the fields of a struct that
// encoding/json can see are set: exported fields, including the ones
// promoted from an unexported embedded struct (but not from an
// unexported embedded pointer, which reflect cannot set).
func Value(r *rand.Rand, t reflect.Type, c Config) reflect.Value {
	if c.MaxDepth <= 0 {
		c.MaxDepth = 4
	}
	if c.MaxLen <= 0 {
		c.MaxLen = 4
	}
	g := &gen{r: r, c: c}
	v := reflect.New(t).Elem()
	g.fill(v, 0)
	return v
}

type gen struct {
	r *rand.Rand
	c Config
}

// special holds the types with a dedicated generator, checked before
// the kind of a type. Each function fills the addressable value v.
var special = map[reflect.Type]func(g *gen, v reflect.Value, depth int){
	reflect.TypeFor[time.Time](): func(g *gen, v reflect.Value, _ int) {
		v.Set(reflect.ValueOf(g.time()))
	},
	reflect.TypeFor[json.Number](): func(g *gen, v reflect.Value, _ int) {
		v.SetString(g.number())
	},
	reflect.TypeFor[json.RawMessage](): func(g *gen, v reflect.Value, depth int) {
		// A non-nil empty RawMessage is invalid JSON, so it is never made.
		if depth < g.c.MaxDepth && g.r.IntN(4) != 0 {
			v.SetBytes(g.rawJSON(depth + 1))
		}
	},
	reflect.TypeFor[netip.Addr](): func(g *gen, v reflect.Value, _ int) {
		v.Set(reflect.ValueOf(g.addr()))
	},
	reflect.TypeFor[big.Int](): func(g *gen, v reflect.Value, _ int) {
		v.Addr().Interface().(*big.Int).Set(g.bigInt())
	},
}

// enumer is implemented by enum types; see [Value].
type enumer interface{ ToolschemaEnumValues() []string }

var (
	enumerType    = reflect.TypeFor[enumer]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
	textType      = reflect.TypeFor[encoding.TextMarshaler]()
)

func isEnum(t reflect.Type) bool {
	return t.Kind() == reflect.String && t.Implements(enumerType)
}

// opaque reports whether t, or the type it points to, marshals itself
// in a way Value does not know about.
func opaque(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if special[t] != nil || isEnum(t) {
		return false
	}
	pt := reflect.PointerTo(t)
	return pt.Implements(marshalerType) || pt.Implements(textType)
}

// fill sets the addressable zero value v to a random value.
// depth is the number of pointers, slices, maps and interfaces that
// enclose v.
func (g *gen) fill(v reflect.Value, depth int) {
	t := v.Type()
	if f := special[t]; f != nil {
		f(g, v, depth)
		return
	}
	if isEnum(t) {
		v.SetString(g.enum(t))
		return
	}
	if opaque(t) {
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(g.r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(g.int(t.Bits()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(g.uint(t.Bits()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(g.float(t.Bits()))
	case reflect.String:
		v.SetString(g.string())
	case reflect.Array:
		for i := range v.Len() {
			g.fill(v.Index(i), depth)
		}
	case reflect.Struct:
		g.fillStruct(v, depth)
	case reflect.Pointer:
		if depth < g.c.MaxDepth && g.r.IntN(4) != 0 {
			p := reflect.New(t.Elem())
			g.fill(p.Elem(), depth+1)
			v.Set(p)
		}
	case reflect.Slice:
		if n, ok := g.length(depth); ok {
			s := reflect.MakeSlice(t, n, n)
			for i := range n {
				g.fill(s.Index(i), depth+1)
			}
			v.Set(s)
		}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return
		}
		if n, ok := g.length(depth); ok {
			m := reflect.MakeMapWithSize(t, n)
			for range n {
				k := reflect.New(t.Key()).Elem()
				if isEnum(t.Key()) {
					k.SetString(g.enum(t.Key()))
				} else {
					// encoding/json writes string-kind keys as they
					// are, even if the key type is a TextMarshaler.
					k.SetString(g.string())
				}
				e := reflect.New(t.Elem()).Elem()
				g.fill(e, depth+1)
				m.SetMapIndex(k, e)
			}
			v.Set(m)
		}
	case reflect.Interface:
		if t.NumMethod() == 0 && depth < g.c.MaxDepth {
			if x := g.jsonValue(depth + 1); x != nil {
				v.Set(reflect.ValueOf(x))
			}
		}
	}
}

// fillStruct sets the fields of struct v that encoding/json marshals.
func (g *gen) fillStruct(v reflect.Value, depth int) {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		switch {
		case f.IsExported():
			g.fill(v.Field(i), depth)
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			// The exported fields of an unexported embedded struct
			// are promoted by encoding/json, and reflect lets us set
			// them through the addressable outer value.
			g.fillStruct(v.Field(i), depth)
		}
	}
}

// length chooses the length of a slice or map at the given depth;
// ok is false if the slice or map should be nil.
func (g *gen) length(depth int) (n int, ok bool) {
	if depth >= g.c.MaxDepth {
		return 0, false
	}
	switch g.r.IntN(6) {
	case 0:
		return 0, false
	case 1:
		return 0, true
	}
	return 1 + g.r.IntN(g.c.MaxLen), true
}

// enum returns one of the values of the enum type t, or "" if it has none.
func (g *gen) enum(t reflect.Type) string {
	vals := reflect.Zero(t).Interface().(enumer).ToolschemaEnumValues()
	if len(vals) == 0 {
		return ""
	}
	return vals[g.r.IntN(len(vals))]
}

// int returns a signed integer that fits in the given number of bits.
func (g *gen) int(bits int) int64 {
	hi := int64(math.MaxInt64) >> (64 - bits)
	switch g.r.IntN(8) {
	case 0:
		return -hi - 1
	case 1:
		return hi
	case 2, 3:
		return g.r.Int64N(21) - 10
	}
	// An arithmetic shift of random bits gives a random value of
	// random magnitude within range.
	return int64(g.r.Uint64()) >> (63 - g.r.IntN(bits))
}

// uint returns an unsigned integer that fits in the given number of bits.
func (g *gen) uint(bits int) uint64 {
	switch g.r.IntN(8) {
	case 0:
		return 0
	case 1:
		return math.MaxUint64 >> (64 - bits)
	case 2, 3:
		return g.r.Uint64N(10)
	}
	return g.r.Uint64() >> (63 - g.r.IntN(bits))
}

// float returns a finite float that fits in a float of the given size.
func (g *gen) float(bits int) float64 {
	switch g.r.IntN(8) {
	case 0:
		huge, tiny := math.MaxFloat64, math.SmallestNonzeroFloat64
		if bits == 32 {
			huge, tiny = math.MaxFloat32, math.SmallestNonzeroFloat32
		}
		// encoding/json switches to exponent notation below 1e-6
		// and from 1e21 on.
		vals := [...]float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-7, 1e21, -1e21, tiny, -tiny, huge, -huge}
		return vals[g.r.IntN(len(vals))]
	case 1:
		return float64(g.r.IntN(2001) - 1000)
	case 2:
		return float64(g.r.Int64N(1<<53) - 1<<52)
	case 3:
		return (g.r.Float64()*2 - 1) * 1000
	}
	// Random bits cover every sign, magnitude and subnormal.
	for {
		var f float64
		if bits == 32 {
			f = float64(math.Float32frombits(g.r.Uint32()))
		} else {
			f = math.Float64frombits(g.r.Uint64())
		}
		if !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f
		}
	}
}

// string returns a valid UTF-8 string, often one that needs escaping.
func (g *gen) string() string {
	if g.r.IntN(6) == 0 {
		return ""
	}
	var b strings.Builder
	for range 1 + g.r.IntN(8) {
		b.WriteRune(g.rune())
	}
	return b.String()
}

// otherRunes are runes that are interesting to encoding/json or to
// JSON Schema validators counting characters.
var otherRunes = []rune("\u2028\u2029\u007f\u00a0\ufffd\ufeffé世😀")

func (g *gen) rune() rune {
	const escaped = `<>&"'\/`
	switch g.r.IntN(8) {
	case 0:
		return rune(escaped[g.r.IntN(len(escaped))])
	case 1:
		return rune(g.r.IntN(0x20)) // control character
	case 2:
		return otherRunes[g.r.IntN(len(otherRunes))]
	case 3:
		for {
			if r := rune(g.r.IntN(unicode.MaxRune + 1)); utf8.ValidRune(r) {
				return r
			}
		}
	}
	return rune(' ' + g.r.IntN('~'-' '+1)) // printable ASCII
}

// jsonValue returns a value of the kind encoding/json decodes into an
// empty interface. At MaxDepth and beyond, it returns no containers.
func (g *gen) jsonValue(depth int) any {
	n := 6
	if depth >= g.c.MaxDepth {
		n = 4
	}
	switch g.r.IntN(n) {
	case 0:
		return nil
	case 1:
		return g.r.IntN(2) == 0
	case 2:
		return g.float(64)
	case 3:
		return g.string()
	case 4:
		s := make([]any, g.r.IntN(g.c.MaxLen+1))
		for i := range s {
			s[i] = g.jsonValue(depth + 1)
		}
		return s
	}
	m := make(map[string]any)
	for range g.r.IntN(g.c.MaxLen + 1) {
		m[g.string()] = g.jsonValue(depth + 1)
	}
	return m
}

// rawJSON returns a valid JSON text, sometimes with insignificant
// white space (which encoding/json removes when marshaling).
func (g *gen) rawJSON(depth int) json.RawMessage {
	b, err := json.Marshal(g.jsonValue(depth))
	if err != nil {
		panic(err) // jsonValue makes only marshalable values
	}
	if g.r.IntN(4) == 0 {
		var buf bytes.Buffer
		json.Indent(&buf, b, " ", "\t") // b is valid: no error
		b = buf.Bytes()
	}
	return b
}

// number returns a JSON number text such as "0", "-12.5e3" or "42".
func (g *gen) number() string {
	var b []byte
	if g.r.IntN(2) == 0 {
		b = append(b, '-')
	}
	if g.r.IntN(4) == 0 {
		b = append(b, '0')
	} else {
		b = g.digits(b, 1+g.r.IntN(1+g.r.IntN(24)), true)
	}
	if g.r.IntN(3) == 0 {
		b = append(b, '.')
		b = g.digits(b, 1+g.r.IntN(6), false)
	}
	if g.r.IntN(4) == 0 {
		b = append(b, "eE"[g.r.IntN(2)])
		if sign := g.r.IntN(3); sign < 2 {
			b = append(b, "+-"[sign])
		}
		b = g.digits(b, 1+g.r.IntN(2), false)
	}
	return string(b)
}

// digits appends n random decimal digits to b, the first one non-zero
// if nonzero is set.
func (g *gen) digits(b []byte, n int, nonzero bool) []byte {
	for i := range n {
		if i == 0 && nonzero {
			b = append(b, byte('1'+g.r.IntN(9)))
		} else {
			b = append(b, byte('0'+g.r.IntN(10)))
		}
	}
	return b
}

// The range of instants for time.Time, kept one day inside years 1 and
// 9999 so that the local date stays inside them whatever the offset.
var (
	minTime = time.Date(1, 1, 2, 0, 0, 0, 0, time.UTC)
	maxTime = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
)

func (g *gen) time() time.Time {
	var t time.Time
	switch g.r.IntN(8) {
	case 0:
		t = minTime
	case 1:
		t = maxTime
	default:
		sec := minTime.Unix() + g.r.Int64N(maxTime.Unix()-minTime.Unix())
		var nsec int64 // whole seconds, milliseconds or nanoseconds
		switch g.r.IntN(3) {
		case 1:
			nsec = g.r.Int64N(1000) * 1e6
		case 2:
			nsec = g.r.Int64N(1e9)
		}
		t = time.Unix(sec, nsec)
	}
	if g.r.IntN(3) == 0 {
		return t.UTC()
	}
	minutes := g.r.IntN(26*60+1) - 12*60 // -12:00 to +14:00
	return t.In(time.FixedZone("", minutes*60))
}

func (g *gen) addr() netip.Addr {
	var b [16]byte
	for i := range b {
		b[i] = byte(g.r.Uint32())
	}
	switch g.r.IntN(4) {
	case 0:
		return netip.Addr{}
	case 1:
		return netip.AddrFrom4([4]byte(b[:4]))
	case 2:
		// Zero a random run of bytes so that "::" shows up.
		i := g.r.IntN(len(b))
		clear(b[i : i+g.r.IntN(len(b)-i+1)])
		return netip.AddrFrom16(b)
	}
	return netip.AddrFrom16(netip.AddrFrom4([4]byte(b[:4])).As16()) // IPv4-mapped IPv6
}

func (g *gen) bigInt() *big.Int {
	if g.r.IntN(4) == 0 {
		return big.NewInt(g.int(64))
	}
	b := make([]byte, 1+g.r.IntN(40))
	for i := range b {
		b[i] = byte(g.r.Uint32())
	}
	x := new(big.Int).SetBytes(b)
	if g.r.IntN(2) == 0 {
		x.Neg(x)
	}
	return x
}
