package rawcheck

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestUnknownKeyCase: a key that is a property's name in another case is
// told the property's name, the same one at every call: of two such
// properties, the first by name order. Before, it was whichever the map
// of properties gave last, so the same call could be told either.
func TestUnknownKeyCase(t *testing.T) {
	c, err := NewChecker([]byte(`{"type":"object","additionalProperties":false,"properties":{"NAME":{},"Name":{},"nAmE":{},"x":{}}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := "Argument 'name' is not a parameter of the tool; the parameter is 'NAME' (names are case-sensitive)."
	for range 50 {
		if _, viols := c.Arguments([]byte(`{"name":1}`)); len(viols) != 1 || viols[0].Message != want {
			t.Fatalf("got %v, want %q", viols, want)
		}
	}
	// Unicode's simple folding, as strings.EqualFold has it: the Kelvin
	// sign is k, ſ is s.
	c, err = NewChecker([]byte(`{"type":"object","additionalProperties":false,"properties":{"kelvin":{},"ſize":{}}}`))
	if err != nil {
		t.Fatal(err)
	}
	_, viols := c.Arguments([]byte(`{"\u212aELVIN":1,"SIZE":2,"other":3}`))
	got := make([]string, len(viols))
	for i, v := range viols {
		got[i] = v.Message
	}
	wantAll := []string{
		"Argument '\"\u212aELVIN\"' is not a parameter of the tool; the parameter is 'kelvin' (names are case-sensitive).",
		"Argument 'SIZE' is not a parameter of the tool; the parameter is 'ſize' (names are case-sensitive).",
		"Argument 'other' is not a parameter of the tool.",
	}
	if strings.Join(got, "\n") != strings.Join(wantAll, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantAll, "\n"))
	}
}

// BenchmarkUnknownKeys checks 16,000 unknown keys against object schemas
// of 100, 400 and 1,600 properties: the time of each key's look-up does
// not grow with the properties (it compared the key with each).
func BenchmarkUnknownKeys(b *testing.B) {
	var args strings.Builder
	args.WriteString("{")
	for i := range 16000 {
		if i > 0 {
			args.WriteByte(',')
		}
		fmt.Fprintf(&args, `"q%d":1`, i)
	}
	args.WriteString("}")
	for _, n := range []int{100, 400, 1600} {
		props := repeatJoin(`{"type":"object","additionalProperties":false,"properties":{`, `}}`, n, func(i int) string { return `"p` + strconv.Itoa(i) + `":{}` })
		c, err := NewChecker([]byte(props))
		if err != nil {
			b.Fatal(err)
		}
		b.Run("props="+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				c.Arguments([]byte(args.String()))
			}
		})
	}
}
