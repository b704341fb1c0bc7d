package rawcheck

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/toolschema/toolschema/internal/cputest"
)

// TestDefaultsThatBreakTheirSchema: a default its own property's schema
// refuses is not filled in (it was, after the checks, unchecked: a tool
// got "10" for a number, and a typed handler blamed the model for an
// argument it never sent); the arguments stay as the model sent them.
// A default that fits is filled in as before. Both checkers decide alike.
func TestDefaultsThatBreakTheirSchema(t *testing.T) {
	obj := func(props string) string { return `{"type":"object","properties":{` + props + `}}` }
	tests := []struct {
		name, schema, args, want string
	}{
		{"number, a string default", obj(`"limit":{"type":"number","default":"10"}`), `{}`, `{}`},
		{"integer, a string default", obj(`"limit":{"type":"integer","default":"10"}`), `{}`, `{}`},
		{"boolean, a string default", obj(`"on":{"type":"boolean","default":"true"}`), `{}`, `{}`},
		{"default not in the enum", obj(`"mode":{"type":"string","enum":["a","b"],"default":"c"}`), `{}`, `{}`},
		{"minimum broken", obj(`"n":{"type":"integer","minimum":1,"default":0}`), `{}`, `{}`},
		{"maxLength broken", obj(`"s":{"type":"string","maxLength":2,"default":"abc"}`), `{}`, `{}`},
		{"format asserted", obj(`"d":{"type":"string","format":"date","default":"tomorrow"}`), `{}`, `{}`},
		{"null for an integer", obj(`"n":{"type":"integer","default":null}`), `{}`, `{}`},
		{"integer written as a fraction", obj(`"n":{"type":"integer","default":10.0}`), `{}`, `{}`},
		{"an object default that breaks its properties", obj(`"o":{"type":"object","properties":{"k":{"type":"integer"}},"default":{"k":"x"}}`), `{}`, `{}`},
		{"the argument given: as given", obj(`"limit":{"type":"number","default":"10"}`), `{"limit": 5}`, `{"limit": 5}`},
		{"beside a good default", obj(`"bad":{"type":"number","default":"10"},"good":{"type":"number","default":10}`), `{}`, `{"good":10}`},
		{"under $ref and $defs", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"object","properties":{"x":{"type":"integer","default":"3"},"y":{"type":"integer","default":4}}}}}`,
			`{"a":{}}`, `{"a":{"y":4}}`},
		{"a $ref whose target has the bad default", `{"type":"object","properties":{"p":{"$ref":"#/$defs/P"}},"$defs":{"P":{"type":"integer","default":"x"}}}`, `{}`, `{}`},
		{"a $ref whose target has a good default", `{"type":"object","properties":{"p":{"$ref":"#/$defs/P"}},"$defs":{"P":{"type":"integer","default":9}}}`, `{}`, `{"p":9}`},
		{"a $ref's default broken by a keyword beside it", `{"type":"object","properties":{"p":{"$ref":"#/$defs/P","maximum":5}},"$defs":{"P":{"type":"integer","default":9}}}`, `{}`, `{}`},
		{"a root $ref", `{"$ref":"#/$defs/R","$defs":{"R":{"type":"object","properties":{"x":{"type":"string","default":1},"y":{"type":"string","default":"ok"}}}}}`, `{}`, `{"y":"ok"}`},
		{"a nested object's property", obj(`"o":{"type":"object","properties":{"k":{"type":"string","default":5},"j":{"type":"string","default":"ok"}}}`), `{"o":{}}`, `{"o":{"j":"ok"}}`},
		{"in array items", obj(`"l":{"type":"array","items":{"type":"object","properties":{"k":{"type":"integer","maximum":3,"default":4},"j":{"type":"integer","default":1}}}}`), `{"l":[{},{"k":2}]}`, `{"l":[{"j":1},{"k":2,"j":1}]}`},
		{"a key to escape", obj(`"a/b~c d%e#":{"type":"integer","default":"x"},"f/g~h i%j#":{"type":"integer","default":2}`), `{}`, `{"f/g~h i%j#":2}`},
		{"valid, filled", obj(`"limit":{"type":"integer","minimum":1,"default":10}`), `{}`, `{"limit":10}`},
		{"valid date, filled", obj(`"d":{"type":"string","format":"date","default":"2026-01-02"}`), `{}`, `{"d":"2026-01-02"}`},
		{"valid object, filled", obj(`"o":{"type":"object","properties":{"k":{"type":"integer"}},"default":{"k":1}}`), `{}`, `{"o":{"k":1}}`},
	}
	for _, tt := range tests {
		raw, err := NewChecker([]byte(tt.schema))
		if err != nil {
			t.Errorf("%s: NewChecker: %v", tt.name, err)
			continue
		}
		for which, c := range map[string]*Checker{"raw tool": raw, "oracle": Unbounded([]byte(tt.schema))} {
			out, viols := c.Arguments([]byte(tt.args))
			if len(viols) > 0 || string(out) != tt.want {
				t.Errorf("%s: %s: %s %+v, want %s", tt.name, which, out, viols, tt.want)
			}
		}
	}
}

// TestManyDefaultsChecked: the defaults are checked once, at compile, in
// time linear in the schema: as many defaulted properties as the bounds
// allow, each a $ref to one large default, compile in well under a
// second, and the default, which fits, is filled in.
func TestManyDefaultsChecked(t *testing.T) {
	const props = 1990
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range props {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%04d":{"$ref":"#/$defs/D"}`, i)
	}
	b.WriteString(`},"$defs":{"D":{"type":"array","items":{"type":"integer","minimum":0},"default":[` +
		strings.TrimSuffix(strings.Repeat("0,", 60000), ",") + `]}}}`)
	start := cputest.Start()
	c, err := NewChecker([]byte(b.String()))
	took := cputest.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if took > 3*time.Second {
		t.Errorf("compiled in %v of processor time", took)
	}
	// Every property but the last given: the last is filled in.
	var args strings.Builder
	args.WriteByte('{')
	for i := range props - 1 {
		fmt.Fprintf(&args, `"p%04d":[],`, i)
	}
	out, viols := c.Arguments([]byte(strings.TrimSuffix(args.String(), ",") + "}"))
	if len(viols) > 0 || !strings.Contains(string(out), `"p1989":[0,0,`) || !strings.HasSuffix(string(out), ",0]}") {
		t.Errorf("%.100s %+v", out, viols)
	}
}

// TestCostlyDefaultLeftOut: checking the defaults is bounded as a call's
// checks are, by a budget for arguments the size of the schema: a default
// that would cost the validator minutes (30,000 items, each compared with
// an enum of 1,000 numbers) is not checked, and not filled in (nor any
// default checked after it); one checked before it is.
func TestCostlyDefaultLeftOut(t *testing.T) {
	nums := make([]string, 1000)
	for i := range nums {
		nums[i] = fmt.Sprint(1000000 + i)
	}
	schema := `{"type":"object","properties":{"a":{"type":"integer","default":1},"z":{"type":"array","items":{"enum":[` + strings.Join(nums, ",") + `]},"default":[` +
		strings.TrimSuffix(strings.Repeat(nums[999]+",", 30000), ",") + `]}}}`
	for which, compile := range map[string]func(json.RawMessage) (*Checker, error){
		"raw tool": NewChecker, "oracle": func(s json.RawMessage) (*Checker, error) { return Unbounded(s), nil },
	} {
		start := cputest.Start()
		c, err := compile([]byte(schema))
		took := cputest.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if took > 2*time.Second {
			t.Errorf("%s: compiled in %v of processor time", which, took)
		}
		if out, viols := c.Arguments([]byte(`{}`)); len(viols) > 0 || string(out) != `{"a":1}` {
			t.Errorf("%s: %.100s %+v", which, out, viols)
		}
	}
}
