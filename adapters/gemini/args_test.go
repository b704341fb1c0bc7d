package geminiadapter

import (
	"encoding/json"
	"math"
	"testing"
)

// argValues are values of a call's arguments as the SDK decodes them, and
// a few a program may build by hand.
var argValues = []any{
	nil, true, false, "", "Oslo", `quote " and \ backslash`, "<html> & co", "tab\tnew\nline", "\x00\x1f\x7f",
	"é ünïcode 日本", "\u2028\u2029", "bad \xff utf-8",
	0.0, math.Copysign(0, -1), 5.0, -5.0, 1.5, 1e20, 1e21, 123456789012345.0, 1e15, 9007199254740993.0,
	1e-6, 1e-7, 1.2345e-9, -3.4e38, 1e300, 5e-324,
	map[string]any{}, map[string]any(nil), []any{}, []any(nil),
	map[string]any{"z": 1.0, "a": []any{"x", 2.5, nil, map[string]any{"b": false}}, "m": map[string]any{}},
	map[string]any{"k1": 1.0, "k2": 2.0, "k3": 3.0, "k4": 4.0, "k5": 5.0, "k6": 6.0, "k7": 7.0, "k8": 8.0, "k9": 9.0,
		"k10": 10.0, "k11": 11.0, "k12": 12.0, "k13": 13.0, "k14": 14.0, "k15": 15.0, "k16": 16.0, "k17": 17.0},
	json.Number("12345678901234567890"), 7, int64(-3), []string{"typed"}, map[string]int{"b": 2, "a": 1},
}

// TestAppendArgs: every value is written byte for byte as json.Marshal
// writes it.
func TestAppendArgs(t *testing.T) {
	for _, v := range argValues {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("json.Marshal(%#v): %v", v, err)
		}
		got, err := appendArgs(nil, v)
		if err != nil {
			t.Errorf("appendArgs(%#v): %v", v, err)
			continue
		}
		if string(got) != string(want) {
			t.Errorf("appendArgs(%#v) = %s, want %s", v, got, want)
		}
	}
}

// TestAppendArgsRefuses: what json.Marshal refuses is refused.
func TestAppendArgsRefuses(t *testing.T) {
	cycle := map[string]any{}
	cycle["self"] = cycle
	list := []any{nil}
	list[0] = list
	for _, v := range []any{math.NaN(), math.Inf(1), map[string]any{"x": []any{math.Inf(-1)}}, func() {}, cycle, list} {
		if _, err := json.Marshal(v); err == nil {
			t.Fatalf("json.Marshal(%T) gave no error", v)
		}
		if got, err := appendArgs(nil, v); err == nil {
			t.Errorf("appendArgs(%T) = %s, want an error", v, got)
		}
	}
}

// FuzzAppendArgs: for any JSON text, its value as encoding/json decodes it
// into any (as the SDK does) is written as json.Marshal writes it.
func FuzzAppendArgs(f *testing.F) {
	for _, v := range argValues {
		if data, err := json.Marshal(v); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"city":"Oslo","limit":5,"deep":[[[{"a":1e-7}]]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendArgs(nil, v)
		if err != nil || string(got) != string(want) {
			t.Fatalf("appendArgs of %s = %s, %v; want %s", data, got, err, want)
		}
	})
}
