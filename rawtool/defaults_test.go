package rawtool_test

import (
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/toolschema/toolschema/tool"
)

// TestDefaultBreakingItsSchema: a default that its own property's schema
// refuses (mcp-go builders write mcp.WithNumber("limit",
// mcp.DefaultString("10"))) is not filled in: the function gets the
// arguments as the model sent them, the property absent, as from a server
// that fills in no defaults. It got "10" for a number, and an out-of-enum
// or out-of-range default the same way. A default that fits is filled in.
func TestDefaultBreakingItsSchema(t *testing.T) {
	tl, err := newRaw(`{"type":"object","properties":{` +
		`"limit":{"type":"number","default":"10"},` +
		`"all":{"type":"boolean","default":"true"},` +
		`"mode":{"type":"string","enum":["fast","slow"],"default":"medium"},` +
		`"page":{"type":"integer","minimum":1,"default":0},` +
		`"size":{"type":"integer","minimum":1,"default":20}}}`)
	if err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		`{}`:                        `{"size":20}`,
		`{"limit":3,"mode":"fast"}`: `{"limit":3,"mode":"fast","size":20}`,
		`{"size":5}`:                `{"size":5}`,
	} {
		r, err := tl.Invoke(context.Background(), json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		if r.IsError {
			t.Errorf("%s: %s", args, r.Text())
			continue
		}
		if got := string(r.Value.(json.RawMessage)); got != want {
			t.Errorf("%s: the function got %s, want %s", args, got, want)
		}
	}
}

// TestDefaultsFilledBounded: the defaults filled into one call's
// arguments add at most 4 MiB (the arguments' own limit), each default's
// text read once a call. Before, each object that lacked the property got
// the default written and read again: 4.8 KB of arguments, 1,600 empty
// objects against a default of 100 KB, made 160 MB of arguments for the
// function and allocated 1.4 GB; at the 65,536 values a call may hold,
// 6.5 GB. Past the bound the call is refused with the rule size.
func TestDefaultsFilledBounded(t *testing.T) {
	big := strings.Repeat("z", 100_000)
	tl, err := newRaw(`{"type":"object","properties":{"a":{"type":"array","items":{"type":"object","properties":{"y":{"type":"string","default":"` + big + `"}}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	objects := func(n int) json.RawMessage {
		return json.RawMessage(`{"a":[` + strings.TrimSuffix(strings.Repeat("{},", n), ",") + `]}`)
	}
	// 40 defaults of 100,006 bytes each fit in 4 MiB; 42 do not.
	r, err := tl.Invoke(context.Background(), objects(40))
	if err != nil || r.IsError {
		t.Fatalf("40 defaults: %v %.300s", err, r.Text())
	}
	if got := len(r.Value.(json.RawMessage)); got < 40*len(big) {
		t.Errorf("40 defaults: the function got %d bytes", got)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r, err = tl.Invoke(context.Background(), objects(1600))
	runtime.ReadMemStats(&after)
	// The bound is on what the defaults add, and the words say so: the
	// arguments as sent are held to the tool's own limit, which may be
	// larger.
	want := "The defaults of the tool's schema would add more than 4194304 bytes to the arguments: send fewer values, or give the properties that have defaults."
	if err != nil || r.Code != tool.InvalidArguments || len(r.Violations) != 1 || r.Violations[0].Rule != "size" || r.Violations[0].Message != want {
		t.Errorf("1,600 defaults: %v %s %.300s", err, r.Code, r.Text())
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 32<<20 {
		t.Errorf("1,600 defaults: the call allocated %d MB", got>>20)
	}
}
