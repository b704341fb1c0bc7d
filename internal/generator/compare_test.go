package generator_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/toolschema/toolschema/internal/generator"
)

// TestCompareEveryField: a change of any field of a locked tool's
// metadata is a change Compare reports, but for the name (another name is
// another entry) and the version (what a change raises). A field added to
// MetaJSON and forgotten in Compare fails here.
func TestCompareEveryField(t *testing.T) {
	base := generator.LockEntry{
		MetaJSON:    generator.MetaJSON{Name: "t", Version: "1", Description: "d", Destructive: true, OpenWorld: true, ParallelSafe: true},
		InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
	}
	exempt := map[string]bool{"Name": true, "Version": true}
	ty := reflect.TypeOf(base.MetaJSON)
	for i := range ty.NumField() {
		f := ty.Field(i)
		if exempt[f.Name] {
			continue
		}
		cur := base
		v := reflect.ValueOf(&cur.MetaJSON).Elem().Field(i)
		switch v.Kind() {
		case reflect.String:
			v.SetString("x")
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Int:
			v.SetInt(1024)
		case reflect.Slice:
			if f.Type.Elem() == reflect.TypeOf(json.RawMessage(nil)) {
				v.Set(reflect.ValueOf([]json.RawMessage{json.RawMessage(`{}`)}))
			} else {
				v.Set(reflect.ValueOf([]string{"NOT_FOUND"}))
			}
		default:
			t.Fatalf("field %s of kind %s: teach the test to change it", f.Name, v.Kind())
		}
		changes, err := generator.Compare(base, cur)
		if err != nil {
			t.Fatal(err)
		}
		if len(changes) == 0 {
			t.Errorf("a change of %s is not reported", f.Name)
		}
	}
}
