package schema_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
)

type keysZone struct {
	Zone string `json:"zone"`
}

type keysItem struct {
	ID int `json:"id"`
}

type keysValue struct {
	V int `json:"v"`
}

// keysDeclared reads its own JSON and declares a closed object's schema:
// nothing in its value is dropped.
type keysDeclared struct{ raw json.RawMessage }

func (d *keysDeclared) UnmarshalJSON(b []byte) error { d.raw = b; return nil }
func (keysDeclared) ToolschemaSchema() string {
	return `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`
}

type keysBase struct {
	Base string `json:"base"`
}

type keysIn struct {
	keysBase
	Name     string               `json:"name"`
	Meta     *keysZone            `json:"meta"`
	List     []keysItem           `json:"list"`
	ByName   map[string]keysValue `json:"byName"`
	Declared keysDeclared         `json:"declared"`
	Any      any                  `json:"any"`
	Raw      json.RawMessage      `json:"raw"`
	Bytes    []byte               `json:"bytes"`
	Skipped  string               `json:"-"`
	Plain    int
}

// TestDropKeys: Drop takes out the keys a Go struct has no field of that
// exact JSON name for, at every level (fields, pointers, a map's values,
// a slice's items, an embedded struct's fields), and nothing inside a
// type that reads its own JSON, an any or a json.RawMessage.
func TestDropKeys(t *testing.T) {
	k := schema.Keys(reflecttype.New(1).Describe(reflect.TypeFor[keysIn]()), schema.ReadMode{})
	for _, c := range []struct{ in, want string }{
		{`{"name":"a","NAME":"b"}`, `{"name":"a"}`},
		{` {"Name":"b"}`, `{}`},
		{`{"base":"b","Base":"c","Plain":1,"plain":2,"Skipped":"s"}`, `{"Plain":1,"base":"b"}`},
		{`{"meta":{"zone":"z","ZONE":"y"}}`, `{"meta":{"zone":"z"}}`},
		{`{"meta":null}`, `{"meta":null}`},
		{`{"list":[{"id":1,"ID":2},{"Id":3}]}`, `{"list":[{"id":1},{}]}`},
		{`{"byName":{"K":{"v":1,"V":2}}}`, `{"byName":{"K":{"v":1}}}`},
		{`{"declared":{"a":"1","x-b":"2"},"extra":1}`, `{"declared":{"a":"1","x-b":"2"}}`},
		{`{"any":{"A":1},"raw":{"B":2},"bytes":"AQI="}`, `{"any":{"A":1},"bytes":"AQI=","raw":{"B":2}}`},
	} {
		if got := string(k.Drop([]byte(c.in))); got != c.want {
			t.Errorf("drop(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
