package rawcheck

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// A hostile family writes a text of about n units of one shape a hostile
// caller may send, to be read as arguments (args) or as a result.
type hostile struct {
	name string
	args bool
	text func(n int) string
}

// repeatJoin writes open, n times item(i) separated by commas, and close.
func repeatJoin(open, close string, n int, item func(i int) string) string {
	var b strings.Builder
	b.WriteString(open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item(i))
	}
	b.WriteString(close)
	return b.String()
}

var hostiles = []hostile{
	{"keys", true, func(n int) string { // past sixteen: the map's
		return repeatJoin("{", "}", n, func(i int) string { return `"k` + strconv.Itoa(i) + `":0` })
	}},
	{"keys-shared-prefix", true, func(n int) string { // equal lengths, long common prefix
		p := strings.Repeat("p", 200)
		return repeatJoin("{", "}", n/8, func(i int) string { return fmt.Sprintf(`"%s%08d":0`, p, i) })
	}},
	{"keys-escaped", true, func(n int) string { // every key read by json.Unmarshal
		return repeatJoin("{", "}", n, func(i int) string { return `"\u0061` + strconv.Itoa(i) + `":0` })
	}},
	{"keys-not-utf8", true, func(n int) string {
		return repeatJoin("{", "}", n, func(i int) string { return "\"\xff" + strconv.Itoa(i) + `":0` })
	}},
	{"string-escapes", true, func(n int) string { // one long string, all escapes
		return `{"s":"` + strings.Repeat(`\u00e9\n\"`, n) + `"}`
	}},
	{"strings-escaped", true, func(n int) string { // many short strings, each with an escape
		return repeatJoin("[", "]", n, func(int) string { return `"\n"` })
	}},
	{"array-zeros", true, func(n int) string {
		return repeatJoin("[", "]", n*4, func(int) string { return "0" })
	}},
	{"whitespace", true, func(n int) string {
		return " \t\r\n" + repeatJoin("[ \n", " \t]", n, func(int) string { return "\r\n \t{ \"a\" \n:\t[ ] }\n " })
	}},
	{"numbers-at-bounds", true, func(n int) string { // MaxNumberLength characters, exponent MaxExponent
		lit := "-" + strings.Repeat("9", 250) + "e+400"
		return repeatJoin("[", "]", n/16+1, func(int) string { return lit })
	}},
	{"nesting-result", false, func(n int) string { // results have no bound but json.Valid's (10000)
		d := min(n/16+1, 9000)
		return strings.Repeat(`{"a":[`, d) + strings.Repeat(`]}`, d)
	}},
	{"nesting-args", true, func(n int) string { // arrays side by side, each at the bound
		nest := strings.Repeat("[", MaxArgumentDepth-1) + strings.Repeat("]", MaxArgumentDepth-1)
		return repeatJoin("[", "]", n/64+1, func(int) string { return nest })
	}},
	{"invalid-tail", true, func(n int) string { // refused by json.Valid at the end: read by the token parser
		return repeatJoin("[", "]", n, func(i int) string { return `{"k":"v"}` }) + "x"
	}},
}

// BenchmarkParse measures Parse (json.Valid, then the walk or, for a text
// it refuses, the token parser) against the token parser alone (the path
// every text took before the walk) on hostile texts of each family at
// 1x, 4x and 16x size. Time per byte must stay flat across sizes: a
// growth with size is a super-linear reading.
func BenchmarkParse(b *testing.B) {
	for _, h := range hostiles {
		for _, scale := range []int{1, 4, 16} {
			data := []byte(h.text(4096 * scale))
			b.Run(fmt.Sprintf("%s/%dx/parse", h.name, scale), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					Parse(data, h.args)
				}
			})
			b.Run(fmt.Sprintf("%s/%dx/tokens", h.name, scale), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					parseTokens(data, h.args, locator{}, 0)
				}
			})
		}
	}
}
