package parity_test

import (
	"bytes"
	"encoding/json"
	"io"
	"math/big"
	"reflect"
	"sync"

	"github.com/toolschema/toolschema/internal/reflecttype"
	"github.com/toolschema/toolschema/internal/schema"
	"github.com/toolschema/toolschema/tool"
	"github.com/toolschema/toolschema/toolimpl"
)

// checkedSchemas caches checkedSchema by tool.
var checkedSchemas sync.Map // *tool.Tool -> []byte

// checkedSchema returns the schema the typed checks enforce for tl: its
// input schema with the one documented difference put back, the range
// of a 64-bit integer type, which the schema leaves out (a bound beyond
// ±2^53-1 does not survive JSON readers that hold numbers as doubles)
// and the checks keep (the Go type cannot hold more). Any other
// difference between the schema bytes and the check tree still shows.
func checkedSchema(tl *tool.Tool) []byte {
	return withRanges(tl, &checkedSchemas, tl.InputSchema, func(h toolimpl.Handler) reflect.Type { return h.Input() })
}

// checkedOutputSchema is checkedSchema for the tool's output schema and
// output type.
func checkedOutputSchema(tl *tool.Tool) []byte {
	return withRanges(tl, &checkedOutputSchemas, tl.OutputSchema, func(h toolimpl.Handler) reflect.Type { return h.Output() })
}

var checkedOutputSchemas sync.Map

// withRanges returns schema with the bounds of the Go type typeOf gives
// added (addRanges), once per tool in cache.
func withRanges(tl *tool.Tool, cache *sync.Map, schemaBytes []byte, typeOf func(toolimpl.Handler) reflect.Type) []byte {
	if b, ok := cache.Load(tl); ok {
		return b.([]byte)
	}
	out := schemaBytes
	h, _ := toolimpl.Binding(tl)
	if it := typeOf(h); it != nil {
		c, err := schema.NewBuilder().Checks(reflecttype.New(32).Describe(it))
		if err == nil {
			if root, err := parseTree(schemaBytes); err == nil {
				addRanges(root, c)
				out, _ = json.Marshal(root)
			}
		}
	}
	cache.Store(tl, []byte(out))
	return out
}

// addRanges writes into s, a schema node, the bounds c checks beyond
// ±2^53-1 that s does not write, at every depth. They come from the
// checks under test, so this comparison cannot catch a wrong 64-bit
// bound; tool's TestTypeRangeWithoutSchemaBounds pins those, literally.
func addRanges(s *tree, c *schema.Check) {
	if c == nil || s == nil {
		return
	}
	for _, b := range []struct{ key, val string }{{"minimum", c.Minimum}, {"maximum", c.Maximum}} {
		if c.Type != schema.JSONInteger || b.val == "" || s.get(b.key) != nil {
			continue
		}
		x, _ := new(big.Int).SetString(b.val, 10)
		if x.IsInt64() && x.Int64() >= -schema.MaxSafeInteger && x.Int64() <= schema.MaxSafeInteger {
			continue // a bound the schema must have written
		}
		s.keys = append(s.keys, b.key)
		s.vals = append(s.vals, json.Number(b.val))
	}
	sub := func(k string) *tree { t, _ := s.get(k).(*tree); return t }
	addRanges(sub("items"), c.Items)
	addRanges(sub("additionalProperties"), c.Values)
	if props := sub("properties"); props != nil {
		for _, p := range c.Props {
			t, _ := props.get(p.Name).(*tree)
			addRanges(t, p.Check)
		}
	}
}

// A tree is a JSON object that keeps its member order.
type tree struct {
	keys []string
	vals []any
}

func (t *tree) get(k string) any {
	for i, key := range t.keys {
		if key == k {
			return t.vals[i]
		}
	}
	return nil
}

func (t *tree) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range t.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(t.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func parseTree(data []byte) (*tree, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := treeValue(d)
	if err != nil {
		return nil, err
	}
	t, ok := v.(*tree)
	if !ok {
		return nil, io.ErrUnexpectedEOF
	}
	return t, nil
}

func treeValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		t := &tree{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := treeValue(d)
			if err != nil {
				return nil, err
			}
			t.keys = append(t.keys, k.(string))
			t.vals = append(t.vals, v)
		}
		_, err := d.Token()
		return t, err
	case json.Delim('['):
		a := []any{}
		for d.More() {
			v, err := treeValue(d)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := d.Token()
		return a, err
	}
	return tok, nil
}
