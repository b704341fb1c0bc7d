package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// The inputs of BenchmarkHostile: arguments a hostile caller crafts to make
// the checks slow, each made at several sizes, and the Go type they are
// decoded into. For each, the benchmark runs Invoke (check and decode),
// json.Unmarshal of the same bytes into the same type (decode only: no
// uniqueness, no unknown or duplicate keys, no bounds), and jsontext's
// tokenizer reading the same bytes (the grammar, UTF-8 and duplicate names
// only), which is what the typed checks would sit on if they used it.

// UniqueTags is the input of the unique-strings kind.
type UniqueTags struct {
	Tags []string `json:"tags" uniqueItems:"true"`
}

// OneField is the input of the unknown-keys kind: every key is unknown.
type OneField struct {
	Name string `json:"name,omitempty"`
}

// Measure is the input of the numbers kind: long literals within
// the invoker's longest number literal (maxNumberLength), each compared with the bounds.
type Measure struct {
	Values []Reading `json:"values"`
}

// Reading is one element of Measure.
type Reading struct {
	V float64 `json:"v" minimum:"0" maximum:"1"`
}

// Point is the input of the long-number kind: one literal of n digits,
// which the invoker refuses once it is past maxNumberLength, and
// encoding/json reads as the nearest float64.
type Point struct {
	X float64 `json:"x" minimum:"0"`
}

// Note is the input of the escapes kind.
type Note struct {
	Text string `json:"text"`
}

// Nested is the input of the nesting kind: arrays nested 16 deep in an
// array, each level a Go slice. (Into []any, past 65,536 values, the
// arguments would be refused before they are read: values read without a
// Go type are bounded.)
type Nested struct {
	Data [][][][][][][][][][][][][][][][][]int `json:"data"`
}

type hostileKind struct {
	name  string
	input func(n int) []byte
	fn    any        // the tool
	into  func() any // a new value of the input type, for json.Unmarshal
	valid bool       // whether the arguments pass the checks
	// refusal is a part of the text that refuses them, when they do not.
	refusal string
}

var hostileKinds = []hostileKind{
	{"unique-strings", func(n int) []byte {
		return list(`{"tags":[`, n, func(b []byte, i int) []byte { return strconv.AppendQuote(b, "tag-"+strconv.Itoa(i)) }, `]}`)
	}, func(in UniqueTags) int { return len(in.Tags) }, func() any { return new(UniqueTags) }, true, ""},
	{"unknown-keys", func(n int) []byte {
		return list(`{`, n, func(b []byte, i int) []byte { return append(strconv.AppendQuote(b, "key-"+strconv.Itoa(i)), ":1"...) }, `}`)
	}, func(in OneField) string { return in.Name }, func() any { return new(OneField) }, false,
		"Argument 'key-0' is not a parameter of the tool.\nArgument 'key-1' is not a parameter of the tool."},
	{"numbers", func(n int) []byte {
		digits := strings.Repeat("1234567890", 20)
		return list(`{"values":[`, n, func(b []byte, i int) []byte { return append(append(append(b, `{"v":0.`...), digits...), '}') }, `]}`)
	}, func(in Measure) int { return len(in.Values) }, func() any { return new(Measure) }, true, ""},
	{"long-number", func(n int) []byte {
		return []byte(`{"x":0.` + strings.Repeat("1", n) + `}`)
	}, func(in Point) float64 { return in.X }, func() any { return new(Point) }, false,
		fmt.Sprintf("Argument 'x' is a number of more than %d characters.", maxNumberLength)},
	{"escapes", func(n int) []byte {
		return []byte(`{"text":"` + strings.Repeat(`\n\"\u00e9`, n/3) + `"}`)
	}, func(in Note) int { return len(in.Text) }, func() any { return new(Note) }, true, ""},
	{"nesting", func(n int) []byte {
		const depth = 16
		elem := strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth)
		return list(`{"data":[`, n/depth, func(b []byte, i int) []byte { return append(b, elem...) }, `]}`)
	}, func(in Nested) int { return len(in.Data) }, func() any { return new(Nested) }, true, ""},
}

// list writes n elements between open and closing, comma-separated.
func list(open string, n int, elem func([]byte, int) []byte, closing string) []byte {
	b := []byte(open)
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		b = elem(b, i)
	}
	return append(b, closing...)
}

var hostileSizes = []int{16 << 10, 64 << 10, 256 << 10}

// BenchmarkHostile measures the checks on crafted arguments at 16k, 64k
// and 256k elements: the time must grow linearly (the 256k figure about
// 16 times the 16k one) and stay within a small factor of json.Unmarshal.
func BenchmarkHostile(b *testing.B) {
	ctx := context.Background()
	for _, k := range hostileKinds {
		b.Run(k.name, func(b *testing.B) {
			tl := hostileTool(b, k)
			for _, n := range hostileSizes {
				b.Run(fmt.Sprintf("%dk", n>>10), func(b *testing.B) {
					args := k.input(n)
					checkHostile(b, tl, k, args)
					b.Run("invoke", func(b *testing.B) {
						b.SetBytes(int64(len(args)))
						b.ReportAllocs()
						for b.Loop() {
							if _, err := tl.Invoke(ctx, args); err != nil {
								b.Fatal(err)
							}
						}
					})
					b.Run("unmarshal", func(b *testing.B) {
						b.SetBytes(int64(len(args)))
						b.ReportAllocs()
						for b.Loop() {
							if err := json.Unmarshal(args, k.into()); err != nil {
								b.Fatal(err)
							}
						}
					})
					b.Run("jsontext", func(b *testing.B) {
						b.SetBytes(int64(len(args)))
						b.ReportAllocs()
						for b.Loop() {
							if err := tokens(args); err != nil {
								b.Fatal(err)
							}
						}
					})
				})
			}
		})
	}
}

// hostileTool returns kind k's tool, with the size limit lifted: the
// checks are measured, not the limit.
func hostileTool(tb testing.TB, k hostileKind) *tool.Tool {
	tb.Helper()
	tl, err := reflectimpl.Create(k.fn, reflectimpl.Meta(tool.Meta{Name: k.name}))
	if err != nil {
		tb.Fatal(err)
	}
	tl.MaxArgumentBytes = -1
	return tl
}

// checkHostile checks that the tool takes or refuses args as kind k says,
// before they are timed.
func checkHostile(tb testing.TB, tl *tool.Tool, k hostileKind, args []byte) {
	tb.Helper()
	r, err := tl.Invoke(context.Background(), args)
	if err != nil {
		tb.Fatalf("%s: %v", k.name, err)
	}
	if r.IsError == k.valid || k.refusal != "" && !strings.Contains(r.Text(), k.refusal) {
		tb.Fatalf("%s: %s %.200s", k.name, r.Code, r.Text())
	}
}

// TestHostileKinds makes the checks BenchmarkHostile and BenchmarkTokenize
// make before they time anything, which go test without -bench (as CI
// runs it) never reaches: each kind's arguments taken or refused as the
// kind says at every size, and each input of BenchmarkTokenize read by the
// invoker as a json.RawMessage without a violation.
func TestHostileKinds(t *testing.T) {
	for _, k := range hostileKinds {
		tl := hostileTool(t, k)
		for _, n := range hostileSizes {
			checkHostile(t, tl, k, k.input(n))
		}
	}
	tl := rawTool(t)
	for _, in := range tokenizeInputs() {
		args := append(append([]byte(`{"data":`), in.data...), '}')
		if _, viols, err := tl.CheckArgs(context.Background(), args); err != nil || viols != nil {
			t.Errorf("%s: %v %v", in.name, err, viols)
		}
	}
}

// Raw is the input of BenchmarkTokenize's own path: a json.RawMessage
// value is only read by the invoker's tokenizer (grammar, UTF-8 as
// encoding/json takes it, depth, duplicate keys), and kept as it is.
type Raw struct {
	Data json.RawMessage `json:"data"`
}

// BenchmarkTokenize compares the invoker's tokenizer with jsontext's on
// the same bytes: the ordinary arguments of BenchmarkInvoke and the
// hostile kinds at 64k elements, each as the value of a json.RawMessage
// field. "checkargs" is the invoker reading the value for that field (its
// tokenizer alone, with one copy of the value); "readvalue" is jsontext's
// Decoder.ReadValue (grammar, UTF-8, duplicate names), "readtoken" its
// token-by-token reading.
func BenchmarkTokenize(b *testing.B) {
	tl := rawTool(b)
	for _, in := range tokenizeInputs() {
		args := append(append([]byte(`{"data":`), in.data...), '}')
		if _, viols, err := tl.CheckArgs(context.Background(), args); err != nil || viols != nil {
			b.Fatalf("%s: %v %v", in.name, err, viols)
		}
		b.Run(in.name+"/checkargs", func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			b.ReportAllocs()
			for b.Loop() {
				if _, viols, err := tl.CheckArgs(context.Background(), args); err != nil || viols != nil {
					b.Fatal(err, viols)
				}
			}
		})
		b.Run(in.name+"/readvalue", func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			b.ReportAllocs()
			for b.Loop() {
				d := jsontext.NewDecoder(bytes.NewReader(args))
				if _, err := d.ReadValue(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/readtoken", func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			b.ReportAllocs()
			for b.Loop() {
				if err := tokens(args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// rawTool is BenchmarkTokenize's tool: its one field a json.RawMessage,
// the size limit lifted.
func rawTool(tb testing.TB) *tool.Tool {
	tb.Helper()
	tl, err := reflectimpl.Create(func(in Raw) int { return len(in.Data) }, reflectimpl.Meta(tool.Meta{Name: "raw"}))
	if err != nil {
		tb.Fatal(err)
	}
	tl.MaxArgumentBytes = -1
	return tl
}

// tokenizeInputs are BenchmarkTokenize's inputs: the ordinary arguments
// and the hostile kinds at 64k elements.
func tokenizeInputs() []tokenizeInput {
	inputs := []tokenizeInput{{"ordinary", invokeArgs}}
	for _, k := range hostileKinds {
		if k.name == "long-number" {
			continue // refused for its length, whatever the field: nothing to tokenize past it
		}
		inputs = append(inputs, tokenizeInput{k.name, k.input(64 << 10)})
	}
	return inputs
}

type tokenizeInput struct {
	name string
	data []byte
}

// tokens reads every token of data with jsontext's decoder, with its
// default checks (strict grammar, valid UTF-8, no duplicate names) and the
// invoker's depth limit.
func tokens(data []byte) error {
	d := jsontext.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := d.ReadToken(); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if d.StackDepth() > maxArgumentDepth {
			return fmt.Errorf("deeper than %d", maxArgumentDepth)
		}
	}
}

// The invoker's bounds, as package tool documents them.
const (
	maxNumberLength  = 256
	maxArgumentDepth = 64
)
