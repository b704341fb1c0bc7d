package schema

import (
	"reflect"
	"testing"
)

func TestParseStructTag(t *testing.T) {
	for _, tt := range []struct {
		tag     string
		want    []TagPair
		wantErr string
	}{
		{``, nil, ""},
		{`json:"a,omitempty" minimum:"1"`, []TagPair{{"json", "a,omitempty", 0}, {"minimum", "1", 19}}, ""},
		{`  description:"say \"hi\""`, []TagPair{{"description", `say "hi"`, 2}}, ""},
		{`json:a`, nil, `value of key "json" is not a quoted string`},
		{`json`, nil, `key "json" is not followed by a colon`},
		{`json:"a`, nil, `value of key "json" has no closing quote`},
		{`json:"a"minimum:"1"`, []TagPair{{"json", "a", 0}}, `key "json": a space must separate tag pairs`},
		{`:"a"`, nil, "bad syntax at offset 0: expected a key"},
	} {
		got, err := ParseStructTag(tt.tag)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseStructTag(%q) = %v, want %v", tt.tag, got, tt.want)
		}
		if msg := errString(err); msg != tt.wantErr {
			t.Errorf("ParseStructTag(%q) error = %q, want %q", tt.tag, msg, tt.wantErr)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestParseJSONTag checks the reading of json tags, edge cases of
// encoding/json's grammar included. (The wire-truth tests of reflectimpl
// check the resulting names against what encoding/json writes.)
func TestParseJSONTag(t *testing.T) {
	for _, tt := range []struct {
		value   string
		present bool
		want    JSONTag
	}{
		{"", false, JSONTag{}},
		{"", true, JSONTag{Present: true}},
		{"-", true, JSONTag{Present: true, Skip: true}},
		{"-,", true, JSONTag{Present: true, Name: "-", Given: "-"}},
		{"-,omitempty", true, JSONTag{Present: true, Name: "-", Given: "-", OmitEmpty: true}},
		{"a,omitempty,omitzero", true, JSONTag{Present: true, Name: "a", Given: "a", OmitEmpty: true, OmitZero: true}},
		{",string", true, JSONTag{Present: true, String: true}},
		{"a b", true, JSONTag{Present: true, Name: "a b", Given: "a b"}},
		{`a"b`, true, JSONTag{Present: true, Given: `a"b`, BadName: true}},
		{`a\b`, true, JSONTag{Present: true, Given: `a\b`, BadName: true}},
		{"a,omitempty_count", true, JSONTag{Present: true, Name: "a", Given: "a", Unknown: []string{"omitempty_count"}}},
		{"a,inline", true, JSONTag{Present: true, Name: "a", Given: "a", Unknown: []string{"inline"}}},
	} {
		if got := ParseJSONTag(tt.value, tt.present); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseJSONTag(%q, %v) = %+v, want %+v", tt.value, tt.present, got, tt.want)
		}
	}
}
