package rawtool_test

import (
	"context"
	"encoding/json"
	"testing"
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
