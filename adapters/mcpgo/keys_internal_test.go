package mcpgo

import (
	"encoding/json"
	"testing"
)

// TestDropKeys: drop takes out the keys a Go struct's closed object has no
// property of that exact name for, at every level the core writes
// (properties, a map's values, an array's items, nullable forms), and
// nothing inside a schema of another shape (a type's declared schema).
func TestDropKeys(t *testing.T) {
	const core = `{"type":"object","properties":{` +
		`"name":{"type":"string"},` +
		`"meta":{"type":["object","null"],"properties":{"zone":{"type":"string"}},"additionalProperties":false},` +
		`"list":{"type":["array","null"],"items":{"type":"object","properties":{"id":{"type":"integer"}},"additionalProperties":false}},` +
		`"byName":{"type":["object","null"],"additionalProperties":{"type":"object","properties":{"v":{"type":"integer"}},"additionalProperties":false}},` +
		`"declared":{"type":"object","patternProperties":{"^x-":{"type":"string"}},"additionalProperties":false},` +
		`"union":{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false},{"type":"null"}]}` +
		`},"additionalProperties":false}`
	k := readKeys(json.RawMessage(core))
	for _, c := range []struct{ in, want string }{
		{`{"name":"a","NAME":"b"}`, `{"name":"a"}`},
		{` {"Name":"b"}`, `{}`},
		{`{"meta":{"zone":"z","ZONE":"y"}}`, `{"meta":{"zone":"z"}}`},
		{`{"meta":null}`, `{"meta":null}`},
		{`{"list":[{"id":1,"ID":2},{"Id":3}]}`, `{"list":[{"id":1},{}]}`},
		{`{"byName":{"K":{"v":1,"V":2}}}`, `{"byName":{"K":{"v":1}}}`},
		{`{"declared":{"x-a":"1"},"extra":1}`, `{"declared":{"x-a":"1"}}`},
		{`{"union":{"a":"1","A":"2"}}`, `{"union":{"a":"1","A":"2"}}`},
	} {
		if got := string(k.drop(json.RawMessage(c.in))); got != c.want {
			t.Errorf("drop(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
