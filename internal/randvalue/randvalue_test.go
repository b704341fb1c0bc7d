package randvalue_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/randvalue"
)

type color string

func (color) ToolschemaEnumValues() []string { return []string{"red", "green", "blue"} }

// opaque and text marshal themselves in ways the generator cannot know;
// they fail unless zero.
type opaque struct{ X int }

func (o opaque) MarshalJSON() ([]byte, error) {
	if o.X != 0 {
		return nil, errors.New("non-zero opaque")
	}
	return []byte(`"opaque"`), nil
}

type text string

func (t *text) MarshalText() ([]byte, error) {
	if *t != "" {
		return nil, errors.New("non-zero text")
	}
	return nil, nil
}

type inner struct {
	A int
	B *string
	c int
}

type Public struct{ P string }

type hidden struct{ H int }

type outer struct {
	inner          // fields A and B are promoted
	*Public        // exported embedded pointer
	*hidden        // unexported embedded pointer: cannot be set
	Name    string `json:"name,omitempty"`
	Color   color
	private int
}

type node struct {
	Val   int
	Next  *node
	Kids  []node
	Attrs map[string]*node
}

// A check is a named predicate on generated values.
type check struct {
	name string
	f    func(v reflect.Value) bool
}

func is(x any) check {
	return check{fmt.Sprint(x), func(v reflect.Value) bool { return v.Interface() == x }}
}

var (
	isNil    = check{"nil", func(v reflect.Value) bool { return v.IsNil() }}
	isNonNil = check{"non-nil", func(v reflect.Value) bool { return !v.IsNil() }}
	isZero   = check{"zero", reflect.Value.IsZero}
	isEmpty  = check{"empty", func(v reflect.Value) bool { return !v.IsNil() && v.Len() == 0 }}
	isFull   = check{"full", func(v reflect.Value) bool { return v.Len() == 4 }}
)

func str(name string, f func(string) bool) check {
	return check{name, func(v reflect.Value) bool { return f(v.String()) }}
}

func float(name string, f func(float64) bool) check {
	return check{name, func(v reflect.Value) bool { return f(v.Float()) }}
}

func holds[T any](name string, f func(T) bool) check {
	return check{name, func(v reflect.Value) bool { return f(v.Interface().(T)) }}
}

func contains(s string) check {
	return str(fmt.Sprintf("contains %q", s), func(x string) bool { return strings.Contains(x, s) })
}

var floatChecks = []check{
	float("zero", func(f float64) bool { return f == 0 }),
	float("negative", func(f float64) bool { return f < 0 }),
	float("integral", func(f float64) bool { return f != 0 && f == math.Trunc(f) && math.Abs(f) < 1e6 }),
	float("tiny", func(f float64) bool { return f != 0 && math.Abs(f) < 1e-6 }),
	float("huge", func(f float64) bool { return math.Abs(f) >= 1e21 }),
}

// chain returns the length of the Next chain of n.
func chain(n node) int {
	if n.Next == nil {
		return 0
	}
	return 1 + chain(*n.Next)
}

func TestValue(t *testing.T) {
	tests := []struct {
		t     reflect.Type
		c     randvalue.Config
		some  []check // each holds for at least one value
		every []check // each holds for all values
	}{
		{t: reflect.TypeFor[bool](), some: []check{is(true), is(false)}},
		{t: reflect.TypeFor[int](), some: []check{is(math.MinInt), is(math.MaxInt), is(0)}},
		{t: reflect.TypeFor[int8](), some: []check{is(int8(math.MinInt8)), is(int8(math.MaxInt8)), is(int8(0))}},
		{t: reflect.TypeFor[int16]()},
		{t: reflect.TypeFor[int32]()},
		{t: reflect.TypeFor[int64](), some: []check{is(int64(math.MinInt64)), is(int64(math.MaxInt64))}},
		{t: reflect.TypeFor[uint]()},
		{t: reflect.TypeFor[uint8](), some: []check{is(uint8(0)), is(uint8(math.MaxUint8))}},
		{t: reflect.TypeFor[uint16]()},
		{t: reflect.TypeFor[uint32]()},
		{t: reflect.TypeFor[uint64](), some: []check{is(uint64(0)), is(uint64(math.MaxUint64))}},
		{t: reflect.TypeFor[uintptr]()},
		{t: reflect.TypeFor[float32](), some: floatChecks},
		{t: reflect.TypeFor[float64](), some: floatChecks},
		{
			t: reflect.TypeFor[string](),
			some: []check{
				is(""), contains("<"), contains("&"), contains(`"`), contains(`\`),
				contains("\u2028"), contains("\x00"), contains("😀"),
			},
		},
		{t: reflect.TypeFor[*int](), some: []check{isNil, isNonNil}},
		{t: reflect.TypeFor[[]int](), some: []check{isNil, isEmpty, isFull}},
		{t: reflect.TypeFor[[]byte](), some: []check{isNil, isEmpty, isFull}},
		{
			t:     reflect.TypeFor[[]int](),
			c:     randvalue.Config{MaxLen: 1},
			every: []check{{"short", func(v reflect.Value) bool { return v.Len() <= 1 }}},
		},
		{
			t:     reflect.TypeFor[[3]int](),
			some:  []check{{"last set", func(v reflect.Value) bool { return !v.Index(2).IsZero() }}},
			every: []check{{"length", func(v reflect.Value) bool { return v.Len() == 3 }}},
		},
		{t: reflect.TypeFor[map[string]int](), some: []check{isNil, isEmpty, {"non-empty", func(v reflect.Value) bool { return v.Len() > 0 }}}},
		{t: reflect.TypeFor[map[int]string](), every: []check{isNil}},
		{t: reflect.TypeFor[map[string][]*float64]()},
		{t: reflect.TypeFor[[][]map[string]*int]()},
		{
			t: reflect.TypeFor[[][]int](),
			c: randvalue.Config{MaxDepth: 1},
			every: []check{holds("inner nil", func(s [][]int) bool {
				for _, x := range s {
					if x != nil {
						return false
					}
				}
				return true
			})},
		},
		{
			t: reflect.TypeFor[time.Time](),
			some: []check{
				holds("UTC", func(t time.Time) bool { return t.Location() == time.UTC }),
				holds("offset", func(t time.Time) bool { _, off := t.Zone(); return off != 0 }),
			},
			every: []check{holds("years 1 to 9999", func(t time.Time) bool { return 1 <= t.Year() && t.Year() <= 9999 })},
		},
		{t: reflect.TypeFor[*time.Time](), some: []check{isNil, isNonNil}},
		{
			t: reflect.TypeFor[time.Duration](),
			some: []check{
				holds("negative", func(d time.Duration) bool { return d < 0 }),
				holds("long", func(d time.Duration) bool { return d > time.Hour }),
			},
		},
		{
			t:     reflect.TypeFor[json.RawMessage](),
			some:  []check{isNil, isNonNil},
			every: []check{holds("valid", func(m json.RawMessage) bool { return m == nil || json.Valid(m) })},
		},
		{
			t:     reflect.TypeFor[json.Number](),
			some:  []check{is(json.Number("0")), contains("-"), contains("."), contains("e"), contains("E")},
			every: []check{str("valid", func(s string) bool { return json.Valid([]byte(s)) })},
		},
		{
			t: reflect.TypeFor[netip.Addr](),
			some: []check{
				isZero,
				holds("IPv4", netip.Addr.Is4),
				holds("IPv6", func(a netip.Addr) bool { return a.Is6() && !a.Is4In6() }),
				holds("IPv4-mapped", netip.Addr.Is4In6),
			},
		},
		{
			t: reflect.TypeFor[*big.Int](),
			some: []check{
				isNil,
				holds("huge", func(x *big.Int) bool { return x != nil && x.BitLen() > 64 }),
				holds("negative", func(x *big.Int) bool { return x != nil && x.Sign() < 0 }),
			},
		},
		{t: reflect.TypeFor[big.Int](), some: []check{{"non-zero", func(v reflect.Value) bool { return v.Addr().Interface().(*big.Int).Sign() != 0 }}}},
		{
			t: reflect.TypeFor[any](),
			some: []check{
				isNil,
				holds("bool", func(x any) bool { _, ok := x.(bool); return ok }),
				holds("float64", func(x any) bool { _, ok := x.(float64); return ok }),
				holds("string", func(x any) bool { _, ok := x.(string); return ok }),
				holds("[]any", func(x any) bool { _, ok := x.([]any); return ok }),
				holds("map[string]any", func(x any) bool { _, ok := x.(map[string]any); return ok }),
			},
		},
		{t: reflect.TypeFor[[]any]()},
		{t: reflect.TypeFor[map[string]any]()},
		{t: reflect.TypeFor[fmt.Stringer](), every: []check{isNil}},
		{
			t:     reflect.TypeFor[color](),
			some:  []check{is(color("red")), is(color("green")), is(color("blue"))},
			every: []check{holds("enum", func(c color) bool { return c == "red" || c == "green" || c == "blue" })},
		},
		{
			t: reflect.TypeFor[map[color]int](),
			every: []check{holds("enum keys", func(m map[color]int) bool {
				for k := range m {
					if k != "red" && k != "green" && k != "blue" {
						return false
					}
				}
				return true
			})},
		},
		{t: reflect.TypeFor[opaque](), every: []check{isZero}},
		{t: reflect.TypeFor[*opaque](), every: []check{isNil}},
		{t: reflect.TypeFor[text](), every: []check{isZero}},
		{t: reflect.TypeFor[[]text]()},
		{
			t: reflect.TypeFor[outer](),
			some: []check{
				holds("promoted field set", func(o outer) bool { return o.A != 0 && o.B != nil }),
				holds("embedded pointer set", func(o outer) bool { return o.Public != nil }),
			},
			every: []check{holds("unexported zero", func(o outer) bool { return o.c == 0 && o.hidden == nil && o.private == 0 })},
		},
		{
			t:     reflect.TypeFor[node](),
			some:  []check{holds("chained", func(n node) bool { return chain(n) >= 2 })},
			every: []check{holds("bounded", func(n node) bool { return chain(n) <= 4 })},
		},
	}
	for _, test := range tests {
		name := test.t.String()
		if test.c != (randvalue.Config{}) {
			name += fmt.Sprintf("/%+v", test.c)
		}
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			seen := make([]bool, len(test.some))
			for range 500 {
				v := randvalue.Value(r, test.t, test.c)
				if v.Type() != test.t {
					t.Fatalf("Value returned a %v", v.Type())
				}
				// Marshal both the value and a pointer to it, since
				// encoding/json calls pointer methods only on the latter.
				for _, x := range []any{v.Interface(), v.Addr().Interface()} {
					if _, err := json.Marshal(x); err != nil {
						t.Fatalf("json.Marshal(%#v): %v", x, err)
					}
				}
				for i, c := range test.some {
					seen[i] = seen[i] || c.f(v)
				}
				for _, c := range test.every {
					if !c.f(v) {
						t.Fatalf("%#v is not %s", v, c.name)
					}
				}
			}
			for i, c := range test.some {
				if !seen[i] {
					t.Errorf("no value is %s", c.name)
				}
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[outer](), reflect.TypeFor[node](), reflect.TypeFor[any]()} {
		r1, r2 := rand.New(rand.NewPCG(3, 4)), rand.New(rand.NewPCG(3, 4))
		for range 100 {
			b1, err1 := json.Marshal(randvalue.Value(r1, typ, randvalue.Config{}).Interface())
			b2, err2 := json.Marshal(randvalue.Value(r2, typ, randvalue.Config{}).Interface())
			if err1 != nil || err2 != nil || !bytes.Equal(b1, b2) {
				t.Fatalf("%v: same seed, different values:\n%s (%v)\n%s (%v)", typ, b1, err1, b2, err2)
			}
		}
	}
}
