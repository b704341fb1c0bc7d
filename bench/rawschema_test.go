package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/rawtool"
	"github.com/toolschema/toolschema/tool"
)

// The hostile schema families of BenchmarkRawNew: each made at n, where n
// is the size the family grows by (levels, branches, names, values,
// properties).
var rawFamilies = []struct {
	name string
	make func(n int) string
	// sizes are 1×, 4× and 16× within the bounds; past is a size past
	// the family's own bound (within the size bound), which New must
	// refuse quickly.
	sizes []int
	past  int
}{
	{"nested", func(n int) string {
		return strings.Repeat(`{"type":"object","properties":{"a":`, n) + `{}` + strings.Repeat(`}}`, n)
	}, []int{2, 8, 32}, 1000},
	// n chains of properties each nested to the depth bound: the size
	// grows at the greatest depth.
	{"deep", func(n int) string {
		return rawList(`{"type":"object","properties":{`, n, func(i int) string {
			return `"c` + strconv.Itoa(i) + `":` + strings.Repeat(`{"type":"object","properties":{"a":`, 31) + `{}` + strings.Repeat(`}}`, 31)
		}, `}}`)
	}, []int{1, 4, 16}, 63},
	{"anyOf", func(n int) string {
		return rawList(`{"type":"object","anyOf":[`, n, func(i int) string { return `{"const":` + strconv.Itoa(i) + `}` }, `]}`)
	}, []int{120, 480, 1920}, 2500},
	{"properties", func(n int) string {
		return rawList(`{"type":"object","properties":{`, n, func(i int) string {
			return `"p` + strconv.Itoa(i) + `":{"type":"string","description":"The property's meaning, in a sentence."}`
		}, `}}`)
	}, []int{120, 480, 1920}, 2500},
	{"required", func(n int) string {
		return rawList(`{"type":"object","required":[`, n, func(i int) string { return `"p` + strconv.Itoa(i) + `"` }, `]}`)
	}, []int{62, 250, 1000}, 20000},
	{"enum", func(n int) string {
		return rawList(`{"type":"object","properties":{"e":{"enum":[`, n, func(i int) string { return `"v` + strconv.Itoa(i) + `"` }, `]}}}`)
	}, []int{62, 250, 1000}, 20000},
	{"patterns", func(n int) string {
		return rawList(`{"type":"object","properties":{`, n, func(i int) string {
			return `"p` + strconv.Itoa(i) + `":{"type":"string","pattern":"^[a-z]{1,32}$"}`
		}, `}}`)
	}, []int{120, 480, 1920}, 2500},
	{"multipleOf", func(n int) string {
		return `{"type":"object","properties":{"x":{"multipleOf":1e-` + strconv.Itoa(n) + `}}}`
	}, []int{25, 100, 400}, 9999999},
}

func rawList(open string, n int, elem func(int) string, closing string) string {
	var b strings.Builder
	b.WriteString(open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(elem(i))
	}
	b.WriteString(closing)
	return b.String()
}

func rawEcho(_ context.Context, _ *tool.Call, args json.RawMessage) (any, error) {
	return len(args), nil
}

// BenchmarkRawNew measures rawtool.New on each hostile family at 1×, 4×
// and 16× within the bounds (the time must grow about linearly) and past
// them ("refused": refused before compiling, in well under 10 ms), in
// wall-clock and in CPU time (cpu-ns/op).
func BenchmarkRawNew(b *testing.B) {
	for _, f := range rawFamilies {
		b.Run(f.name, func(b *testing.B) {
			for i, n := range f.sizes {
				s := json.RawMessage(f.make(n))
				b.Run(fmt.Sprintf("%dx", 1<<(2*i)), func(b *testing.B) {
					if _, err := rawtool.New(tool.Meta{Name: "t"}, s, rawEcho); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(s)))
					cpu := cpuTime()
					for b.Loop() {
						rawtool.New(tool.Meta{Name: "t"}, s, rawEcho)
					}
					reportCPU(b, cpu)
				})
			}
			s := json.RawMessage(f.make(f.past))
			b.Run("refused", func(b *testing.B) {
				if _, err := rawtool.New(tool.Meta{Name: "t"}, s, rawEcho); err == nil {
					b.Fatal("compiled")
				}
				b.SetBytes(int64(len(s)))
				cpu := cpuTime()
				for b.Loop() {
					rawtool.New(tool.Meta{Name: "t"}, s, rawEcho)
				}
				reportCPU(b, cpu)
			})
		})
	}
}

// BenchmarkRawCall measures a raw tool's call on hostile arguments at 1×,
// 4× and 16×: numbers checked against multipleOf at the exponent bound
// (1e-400), strings against a pattern at the program bound matched at
// every position, the most values a text of that size holds (integers
// of one digit: what a call's memory grows with, up to the bound on
// values), and an enum of 1,000 numbers (whose call is refused by its
// cost, not checked).
func BenchmarkRawCall(b *testing.B) {
	for _, k := range rawCallKinds() {
		tl, err := rawtool.New(tool.Meta{Name: "t"}, json.RawMessage(k.schema), rawEcho)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(k.name, func(b *testing.B) {
			for i, n := range k.sizes {
				args := json.RawMessage(k.args(n))
				b.Run(fmt.Sprintf("%dx", 1<<(2*i)), func(b *testing.B) {
					if r, err := tl.Invoke(context.Background(), args); err != nil || r.IsError == k.valid {
						b.Fatalf("%v %.200s", err, r.Text())
					}
					b.SetBytes(int64(len(args)))
					for b.Loop() {
						tl.Invoke(context.Background(), args)
					}
				})
			}
		})
	}
}

// rawCallKind is a kind of BenchmarkRawCall: a schema, its arguments at
// n, the sizes, and whether the arguments pass the checks.
type rawCallKind struct {
	name, schema string
	args         func(n int) string
	sizes        []int
	valid        bool
}

func rawCallKinds() []rawCallKind {
	nums := make([]string, 1000)
	for i := range nums {
		nums[i] = strconv.Itoa(i + 1000000)
	}
	return []rawCallKind{
		{"multipleOf", `{"type":"object","properties":{"a":{"type":"array","items":{"multipleOf":1e-400}}}}`,
			func(n int) string { return rawList(`{"a":[`, n, func(int) string { return "1.5" }, `]}`) }, []int{1250, 5000, 20000}, true},
		{"pattern", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","pattern":"[a-z]{998}"}}}}`,
			func(n int) string {
				return rawList(`{"a":[`, n, func(int) string { return `"` + strings.Repeat("a", 997) + `!"` }, `]}`)
			}, []int{6, 25, 100}, false},
		{"integers", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}}}`,
			func(n int) string { return rawList(`{"a":[`, n, func(int) string { return "0" }, `]}`) }, []int{4000, 16000, 64000}, true},
		{"enum-numbers", `{"type":"object","properties":{"a":{"type":"array","items":{"enum":[` + strings.Join(nums, ",") + `]}}}}`,
			func(n int) string { return rawList(`{"a":[`, n, func(int) string { return "1.5" }, `]}`) }, []int{1250, 5000, 20000}, false},
	}
}

// TestRawFamilies makes the checks BenchmarkRawNew and BenchmarkRawCall
// make before they time anything, which go test without -bench (as CI
// runs it) never reaches: each family compiles at every size within the
// bounds and is refused past them, and each call kind's arguments are
// taken or refused as the kind says at every size.
func TestRawFamilies(t *testing.T) {
	for _, f := range rawFamilies {
		for _, n := range f.sizes {
			if _, err := rawtool.New(tool.Meta{Name: "t"}, json.RawMessage(f.make(n)), rawEcho); err != nil {
				t.Errorf("%s at %d: %v", f.name, n, err)
			}
		}
		if _, err := rawtool.New(tool.Meta{Name: "t"}, json.RawMessage(f.make(f.past)), rawEcho); err == nil {
			t.Errorf("%s at %d: compiled, want refused", f.name, f.past)
		}
	}
	for _, k := range rawCallKinds() {
		tl, err := rawtool.New(tool.Meta{Name: "t"}, json.RawMessage(k.schema), rawEcho)
		if err != nil {
			t.Fatal(k.name, err)
		}
		for _, n := range k.sizes {
			if r, err := tl.Invoke(context.Background(), json.RawMessage(k.args(n))); err != nil || r.IsError == k.valid {
				t.Errorf("%s at %d: %v %.200s", k.name, n, err, r.Text())
			}
		}
	}
}
