package tool_test

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// Wide has 64-bit integers, whose schemas have no bounds of their own
// (none beyond ±2^53-1 is written), in every place a value can be.
type Wide struct {
	I   int64            `json:"i,omitempty"`
	U   uint64           `json:"u,omitempty"`
	N   int              `json:"n,omitempty"`
	D   time.Duration    `json:"d,omitempty"`
	P   *int64           `json:"p,omitempty"`
	L   []uint64         `json:"l,omitempty"`
	M   map[string]int64 `json:"m,omitempty"`
	Cap int64            `json:"cap,omitempty" minimum:"-9007199254740991" maximum:"9007199254740991"`
}

// TestTypeRangeWithoutSchemaBounds checks that the invoker refuses what a
// 64-bit type cannot hold, with the range message, although the schema
// writes no bound for it; and takes the extremes the type holds.
func TestTypeRangeWithoutSchemaBounds(t *testing.T) {
	tl, err := reflectimpl.Create(func(in Wide) Wide { return in }, reflectimpl.Meta(tool.Meta{Name: "wide"}))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"9223372036854775807", "-9223372036854775808", "18446744073709551615"} {
		if strings.Contains(string(tl.InputSchema), k) {
			t.Fatalf("the schema carries %s: %s", k, tl.InputSchema)
		}
	}
	// int is 32 or 64 bits wide, as the platform's.
	minInt, maxInt := strconv.Itoa(math.MinInt), strconv.Itoa(math.MaxInt)
	pastInt := strconv.FormatUint(math.MaxInt+1, 10)
	tests := []struct {
		args string
		want string // "" when taken
	}{
		{`{"i":9223372036854775807,"u":18446744073709551615,"n":` + minInt + `,"d":-9223372036854775808}`, ""},
		{`{"i":9223372036854775808}`, "Argument 'i' must be at most 9223372036854775807."},
		{`{"i":-9223372036854775809}`, "Argument 'i' must be at least -9223372036854775808."},
		{`{"u":18446744073709551616}`, "Argument 'u' must be at most 18446744073709551615."},
		{`{"u":-1}`, "Argument 'u' must be at least 0."},
		{`{"n":` + pastInt + `}`, "Argument 'n' must be at most " + maxInt + "."},
		{`{"d":9223372036854775808}`, "Argument 'd' must be at most 9223372036854775807."},
		{`{"p":-9223372036854775809}`, "Argument 'p' must be at least -9223372036854775808."},
		{`{"p":null}`, ""},
		{`{"l":[1,18446744073709551616]}`, "Argument 'l[1]' must be at most 18446744073709551615."},
		{`{"m":{"a":9223372036854775808}}`, "Argument 'm{}' must be at most 9223372036854775807."},
		{`{"cap":9007199254740991}`, ""},
		{`{"cap":9007199254740992}`, "Argument 'cap' must be at most 9007199254740991."},
		{`{"cap":-9007199254740992}`, "Argument 'cap' must be at least -9007199254740991."},
	}
	for _, tt := range tests {
		r, err := tl.Invoke(context.Background(), json.RawMessage(tt.args))
		if err != nil {
			t.Fatalf("%s: %v", tt.args, err)
		}
		switch {
		case tt.want == "" && r.IsError:
			t.Errorf("%s: refused: %s", tt.args, r.Text())
		case tt.want != "" && (!r.IsError || r.Code != tool.InvalidArguments || r.Text() != tt.want):
			t.Errorf("%s: %q (%s), want %q", tt.args, r.Text(), r.Code, tt.want)
		}
	}
}
