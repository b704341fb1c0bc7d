package membound_test

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	_ "github.com/toolschema/toolschema/declared" // TypeSchema's validator
	"github.com/toolschema/toolschema/internal/limits"
	"github.com/toolschema/toolschema/reflectimpl"
	"github.com/toolschema/toolschema/tool"
)

// mustCreate is reflectimpl.Create, failing the test on an error.
func mustCreate(t *testing.T, fn any, opts ...reflectimpl.Option) *tool.Tool {
	t.Helper()
	tl, err := reflectimpl.Create(fn, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return tl
}

// declaredRows reads a JSON array of numbers as its count.
type declaredRows int

func (r *declaredRows) UnmarshalJSON(b []byte) error {
	var a []json.Number
	err := json.Unmarshal(b, &a)
	*r = declaredRows(len(a))
	return err
}

// TestTypedValuesMemory: the Go values a typed tool's arguments are read
// into are bounded by a budget (64 MiB, and 16 bytes for each byte of the
// arguments), under every leniency: a struct of twelve strings costs 192
// bytes for the 3 of "{}", and 4 MiB of them allocated 561 MB (1,376 MB
// under ShadowArgs, encoding/json reading them again under a name in
// another case). A slice of numbers within the size limit stays within
// the budget.
func TestTypedValuesMemory(t *testing.T) {
	type Row struct {
		A, B, C, D, E, F, G, H, I, J, K, L string `json:",omitempty"`
	}
	rows := mustCreate(t, func(in struct {
		Rows []Row `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "rows"}))
	ptrs := mustCreate(t, func(in struct {
		Rows []*Row `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "ptrs"}))
	maps := mustCreate(t, func(in struct {
		Rows []map[string]Row `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "maps"}))
	type Noted struct {
		Name string `json:"name,omitempty"`
		Note Padded `json:"note,omitempty" default:"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"`
	}
	noted := mustCreate(t, func(in struct {
		Rows []Noted `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "noted"}))
	type Plain struct {
		Name string `json:"name,omitempty"`
		Note string `json:"note,omitempty" default:"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"`
	}
	plain := mustCreate(t, func(in struct {
		Rows []Plain `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "plain"}))
	type Wide struct {
		A [256]int64 `json:"a,omitempty"`
	}
	wide := mustCreate(t, func(in struct {
		Rows []Wide `json:"rows"`
	}) int {
		return len(in.Rows)
	}, reflectimpl.Meta(tool.Meta{Name: "wide"}))
	type Row16 struct {
		A [16]int64 `json:"a,omitempty"`
	}
	keyed := mustCreate(t, func(in struct {
		Rows map[string]Row16 `json:"rows"`
		N    int              `json:"n"`
	}) int {
		return len(in.Rows) + in.N
	}, reflectimpl.Meta(tool.Meta{Name: "keyed"}))
	nums := mustCreate(t, func(in struct {
		Nums []int64 `json:"nums"`
	}) int {
		return len(in.Nums)
	}, reflectimpl.Meta(tool.Meta{Name: "nums"}))
	fill := func(item string, size int) string {
		return strings.TrimSuffix(strings.Repeat(item+",", size/(len(item)+1)), ",")
	}
	const size = 4<<20 - 64
	var entries strings.Builder
	for i := 0; entries.Len() < size-32; i++ {
		if i > 0 {
			entries.WriteByte(',')
		}
		fmt.Fprintf(&entries, `"%x":{}`, i)
	}
	// 60,000 values, under 65,536, of 2 KiB each: encoding/json made
	// 658 MB of them. The bound is the budget over 8 times the widest
	// value (a slice grows by a quarter at a time).
	wideArgs := `{"ROWS":[` + fill("{}", 60000*3) + `]}`
	wideShadowed := fmt.Sprintf("The arguments break the tool's schema and hold more than %d values, too many to read without its checks: send fewer.", (64<<20+16*len(wideArgs))/(8*2048))
	refused := func(path string) string {
		return fmt.Sprintf("Argument '%s' brings the Go values the tool reads the arguments into past 127 MiB (64 MiB, and 16 bytes for each byte of the arguments): send fewer or smaller values.", path)
	}
	shadowed := fmt.Sprintf("The arguments break the tool's schema and hold more than %d values, too many to read without its checks: send fewer.", limits.MaxRawArgumentValues)
	tests := []struct {
		name string
		tl   *tool.Tool
		args string
		l    tool.Leniency
		want string // "" for taken
	}{
		{"structs", rows, `{"rows":[` + fill("{}", size) + `]}`, tool.Strict, "rows["},
		{"structs, repair", rows, `{"rows":[` + fill("{}", size) + `]}`, tool.RepairArgs, "rows["},
		{"structs, shadow", rows, `{"rows":[` + fill("{}", size) + `]}`, tool.ShadowArgs, "rows["},
		{"structs, shadow, a name in another case", rows, `{"ROWS":[` + fill("{}", size) + `]}`, tool.ShadowArgs, shadowed},
		{"wide structs, shadow, a name in another case", wide, wideArgs, tool.ShadowArgs, wideShadowed},
		{"pointers", ptrs, `{"rows":[` + fill("{}", size) + `]}`, tool.Strict, "rows["},
		{"maps", maps, `{"rows":[` + fill(`{"":{}}`, size) + `]}`, tool.Strict, "rows["},
		// A map of 144-byte entries costs some 560 bytes an entry (its
		// groups grown and split, the value made first): under the
		// budget as charged, strict then repaired allocated 466 MB.
		{"maps of wide values, repair", keyed, `{"rows":{` + entries.String() + `},"n":"5"}`, tool.RepairArgs, "rows{"},
		// A default read by its type's own method is made again for each
		// struct that lacks it: 1,000 bytes for the 3 of "{}" (512 MB
		// without its charge).
		{"defaults", noted, `{"rows":[` + fill("{}", size) + `]}`, tool.Strict, "rows["},
		// A string default is decoded once and shared (its bytes cannot
		// change): the rows cost their 32 bytes each.
		{"defaults shared", plain, `{"rows":[` + fill("{}", size) + `]}`, tool.Strict, ""},
		{"numbers", nums, `{"nums":[` + fill("0", size) + `]}`, tool.Strict, ""},
	}
	for _, tt := range tests {
		tt.tl.MaxArgumentBytes = -1
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r, err := tt.tl.Invoke(tool.WithLeniency(context.Background(), tt.l), json.RawMessage(tt.args))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		switch {
		case tt.want == "":
			if r.IsError {
				t.Errorf("%s: refused: %.300s", tt.name, r.Text())
			}
		case !r.IsError || len(r.Violations) != 1 || r.Violations[0].Rule != "size":
			t.Errorf("%s: %.300s, want refused for its size", tt.name, r.Text())
		case tt.want == shadowed || tt.want == wideShadowed:
			if r.Violations[0].Message != tt.want {
				t.Errorf("%s: %q, want %q", tt.name, r.Violations[0].Message, tt.want)
			}
		case !strings.HasPrefix(r.Violations[0].Path, tt.want) || r.Violations[0].Message != refused(r.Violations[0].Path):
			t.Errorf("%s: %+v, want %q at %s…", tt.name, r.Violations[0], refused(r.Violations[0].Path), tt.want)
		}
		// The budget, the arguments' own copies and what the
		// collector has not yet taken back.
		got := after.TotalAlloc - before.TotalAlloc
		if got > 256<<20 {
			t.Errorf("%s: %d bytes of arguments allocated %d MB", tt.name, len(tt.args), got>>20)
		}
		t.Logf("%s: %d MB allocated", tt.name, got>>20)
	}
}

// Padded is read by its own UnmarshalText, which copies the text: its
// default is made again for each struct that lacks it.
type Padded string

func (p *Padded) UnmarshalText(b []byte) error { *p = Padded(b); return nil }

// TestUntypedValues: the values a typed tool reads without a Go type
// (into any, or into a type that declares its schema) are read up to
// limits.MaxRawArgumentValues in one call, and refused past it, as a
// raw-schema tool's are: encoding/json holds about 170 bytes for each,
// and 4 MiB of one-digit numbers into []any allocated some 360 MB. Values
// with a Go type of their own (a []int) have no such bound.
func TestUntypedValues(t *testing.T) {
	type In struct {
		Items []any          `json:"items,omitempty"`
		Meta  map[string]any `json:"meta,omitempty"`
		One   any            `json:"one,omitempty"`
		Nums  []int          `json:"nums,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Items) + len(in.Nums) }, reflectimpl.Meta(tool.Meta{Name: "untyped"}))
	tl.MaxArgumentBytes = -1
	// A type that declares its schema: checked by the validator, then
	// read by its own UnmarshalJSON.
	type Declared struct {
		Rows declaredRows `json:"rows"`
	}
	decl := mustCreate(t, func(in Declared) int { return int(in.Rows) }, reflectimpl.Meta(tool.Meta{Name: "declared"}),
		reflectimpl.TypeSchema[declaredRows](`{"type":"array","items":{"type":"integer"}}`))
	decl.MaxArgumentBytes = -1
	zeros := func(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }
	max := limits.MaxRawArgumentValues
	tests := []struct {
		name, args string
		refusedAt  string // the path of the refusal; "-" for none
	}{
		{"at the bound, items", `{"items":[` + zeros(max) + `]}`, "-"},
		{"at the bound, across fields", `{"items":[` + zeros(max-3) + `],"meta":{"a":0},"one":[0]}`, "-"},
		{"one past, in items", `{"items":[` + zeros(max+1) + `]}`, fmt.Sprintf("items[%d]", max)},
		{"one past, in meta", `{"items":[` + zeros(max-1) + `],"meta":{"a":0,"b":0}}`, "meta{}"}, // a map value: its key is the model's text,
		{"one past, inside one", `{"items":[` + zeros(max-1) + `],"one":[0]}`, "one"},
		{"4 MiB of items", `{"items":[` + zeros(2<<20-8) + `]}`, fmt.Sprintf("items[%d]", max)},
		// Values of a Go type of their own are not counted: four times
		// the bound of them are taken (4 MiB of them, with the typed
		// budget, are TestTypedValuesMemory's).
		{"typed numbers, four times the bound", `{"nums":[` + zeros(4*max) + `]}`, "-"},
		{"declared, at the bound", `{"rows":[` + zeros(max-1) + `]}`, "-"},
		{"declared, one past", `{"rows":[` + zeros(max) + `]}`, "rows"},
		{"declared, 4 MiB", `{"rows":[` + zeros(2<<20-8) + `]}`, "rows"},
	}
	for _, tt := range tests {
		tl := tl
		if strings.HasPrefix(tt.name, "declared") {
			tl = decl
		}
		// Under every leniency: ShadowArgs lets the schema's violations
		// through to encoding/json, but not a bound on the call's cost.
		for _, l := range []tool.Leniency{tool.Strict, tool.RepairArgs, tool.ShadowArgs} {
			checkUntyped(t, tl, tool.WithLeniency(context.Background(), l), tt.name+", "+l.String(), tt.args, tt.refusedAt)
		}
	}
}

// TestUntypedValuesShadowed: under ShadowArgs, encoding/json reads the
// arguments again, members the strict reading never counted included: a
// key given twice, or one the tool has in another case, or whatever
// follows a fault that stopped the reading. 4 MiB of one-digit numbers so
// sent reached a []any (168 MB allocated). Where the input type reads
// values without a Go type, every value of the arguments now counts.
func TestUntypedValuesShadowed(t *testing.T) {
	type In struct {
		Items []any `json:"items,omitempty"`
		Nums  []int `json:"nums,omitempty"`
		One   any   `json:"one,omitempty"`
	}
	tl := mustCreate(t, func(in In) int { return len(in.Items) }, reflectimpl.Meta(tool.Meta{Name: "shadowed"}))
	tl.MaxArgumentBytes = -1
	typed := mustCreate(t, func(in struct {
		Nums []int `json:"nums"`
	}) int {
		return len(in.Nums)
	}, reflectimpl.Meta(tool.Meta{Name: "typed"}))
	typed.MaxArgumentBytes = -1
	zeros := func(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }
	max := limits.MaxRawArgumentValues
	many := zeros(2<<20 - 64)
	shadow := tool.WithLeniency(context.Background(), tool.ShadowArgs)
	refused := fmt.Sprintf("The arguments break the tool's schema and hold more than %d values, too many to read without its checks: send fewer.", max)
	tests := []struct {
		name, args string
		tl         *tool.Tool
		ok         bool
		want       string // the refusal; "" for the bound's (refused)
	}{
		{"a key given twice", `{"items":[],"items":[` + many + `]}`, tl, false, ""},
		{"a key in another case", `{"ITEMS":[` + many + `]}`, tl, false, ""},
		// A number too long stops the reading, under every leniency:
		// what follows is not read.
		{"after a number too long", `{"nums":[` + strings.Repeat("1", 300) + `],"items":[` + many + `]}`, tl, false,
			"Argument 'nums[0]' is a number of more than 256 characters."},
		{"after nesting too deep", `{"one":` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `,"items":[` + many + `]}`, tl, false, ""},
		// The object, the two arrays and max-3 numbers.
		{"a key given twice, at the bound", `{"items":[],"items":[` + zeros(max-3) + `]}`, tl, true, ""},
		{"a key given twice, one past", `{"items":[],"items":[` + zeros(max-2) + `]}`, tl, false, ""},
		// Values of the tool's own Go types count too: encoding/json
		// would make them, unbounded.
		{"a key given twice, typed", `{"nums":[],"nums":[` + many + `]}`, typed, false, ""},
		{"a key given twice, typed, at the bound", `{"nums":[],"nums":[` + zeros(max-3) + `]}`, typed, true, ""},
	}
	for _, tt := range tests {
		if tt.want == "" {
			tt.want = refused
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r, err := tt.tl.Invoke(shadow, json.RawMessage(tt.args))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		switch {
		case tt.ok && (r.IsError || len(r.Shadowed) == 0):
			t.Errorf("%s: %.300s, want taken, shadowed", tt.name, r.Text())
		case !tt.ok && (!r.IsError || len(r.Violations) != 1 || r.Violations[0].Rule != "size" || r.Violations[0].Message != tt.want):
			t.Errorf("%s: %.300s %+v, want %q", tt.name, r.Text(), r.Violations, tt.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; !tt.ok && got > 64<<20 {
			t.Errorf("%s: the call allocated %d MB", tt.name, got>>20)
		}
	}
}

// checkUntyped calls tl with args under ctx: taken when refusedAt is
// "-", else refused past the bound at that path, within bounded
// allocations.
func checkUntyped(t *testing.T, tl *tool.Tool, ctx context.Context, name, args, refusedAt string) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err := tl.Invoke(ctx, json.RawMessage(args))
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if refusedAt == "-" {
		if r.IsError {
			t.Errorf("%s: refused: %.300s", name, r.Text())
		}
		return
	}
	want := fmt.Sprintf("Argument '%s' brings the values read without a Go type past %d: send fewer.", refusedAt, limits.MaxRawArgumentValues)
	if !r.IsError || len(r.Violations) != 1 || r.Violations[0].Rule != "size" || r.Violations[0].Message != want {
		t.Errorf("%s: %.300s %+v, want %q", name, r.Text(), r.Violations, want)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 64<<20 {
		t.Errorf("%s: the call allocated %d MB", name, got>>20)
	}
}
