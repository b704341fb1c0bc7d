package reflectimpl

import (
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"github.com/toolschema/toolschema/internal/schema"
)

// FuzzJSONTag checks the core's reading of a json tag against
// encoding/json itself: a struct with that tag is built with reflect and
// marshalled, and the key encoding/json writes (or leaves out) must be the
// one the core predicts.
func FuzzJSONTag(f *testing.F) {
	for _, s := range []string{"", "-", "-,", "a", "a,omitempty", ",omitempty", "a,omitzero", "a b", `a"b`, `a\b`,
		"a,string", "a,omitempty_count", "é/ü", "a,,omitempty", " a", "a,", ",", "-,omitempty", "x-y.z/w", "a;b", "{}"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, value string, zero bool) {
		tag := `json:` + strconv.Quote(value)
		pairs, err := schema.ParseStructTag(tag)
		if err != nil || len(pairs) != 1 || pairs[0].Value != value {
			t.Skip() // not expressible as a struct tag
		}
		jt := schema.ParseJSONTag(value, true)
		if jt.String {
			t.Skip() // the contract refuses ,string
		}
		typ := reflect.StructOf([]reflect.StructField{{Name: "F", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(tag)}})
		v := reflect.New(typ).Elem()
		if !zero {
			v.Field(0).SetInt(7)
		}
		b, err := json.Marshal(v.Interface())
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{}
		switch {
		case jt.Skip, zero && (jt.OmitEmpty || jt.OmitZero):
		case jt.Name != "":
			want[jt.Name] = true
		default:
			want["F"] = true
		}
		if len(got) != len(want) {
			t.Fatalf("tag %s: encoding/json wrote %s, the core predicts keys %v", tag, b, want)
		}
		for k := range got {
			if !want[k] {
				t.Fatalf("tag %s: encoding/json wrote %s, the core predicts keys %v", tag, b, want)
			}
		}
	})
}

// FuzzStructTag checks ParseStructTag against reflect.StructTag.Lookup:
// where the core accepts a tag, reflect finds the same value for each key.
func FuzzStructTag(f *testing.F) {
	for _, s := range []string{``, `json:"a"`, `json:"a,omitempty" minimum:"1"`, `a:"\"q\""`, `json:a`, `a:"1"b:"2"`, `  x:"y"  `, `x:"\u00e9"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tag string) {
		pairs, err := schema.ParseStructTag(tag)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, p := range pairs {
			if seen[p.Key] {
				continue // reflect returns the first
			}
			seen[p.Key] = true
			got, ok := reflect.StructTag(tag).Lookup(p.Key)
			if !ok || got != p.Value {
				t.Fatalf("tag %q key %q: core read %q, reflect read %q (found %v)", tag, p.Key, p.Value, got, ok)
			}
		}
	})
}
