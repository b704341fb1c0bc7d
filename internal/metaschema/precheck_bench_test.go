package metaschema

import (
	"strings"
	"testing"
)

// BenchmarkPrecheck reads schemas within every bound, whole: a wide one
// (many properties, an enum, a required list) and a deep one.
func BenchmarkPrecheck(b *testing.B) {
	wide := items(`{"type":"object","required":[`, 500, names, `],"properties":{`) +
		items(``, 1500, func(i int) string { return names(i) + `:{"type":"string","pattern":"^[a-z]+$","maximum":1e10}` }, `}`) +
		items(`,"enum":[`, 900, num, `]}`)
	deep := strings.Repeat(`{"type":"object","properties":{"a":`, 31) + `{}` + strings.Repeat(`}}`, 31)
	for _, c := range []struct{ name, s string }{{"wide", wide}, {"deep", deep}} {
		b.Run(c.name, func(b *testing.B) {
			s := []byte(c.s)
			if err := Precheck(s); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for b.Loop() {
				Precheck(s)
			}
		})
	}
}
