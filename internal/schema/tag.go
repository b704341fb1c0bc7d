package schema

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// A TagPair is one key:"value" pair of a struct tag.
type TagPair struct {
	Key, Value string
	Offset     int // byte offset of the key within the raw tag
}

// ParseStructTag splits a struct tag in the conventional form
// (`key:"value" key2:"value2"`) into its pairs, in order. It fails where
// reflect.StructTag.Lookup would silently find nothing: a key without a
// quoted value, a bad quote, a missing space between pairs.
func ParseStructTag(tag string) ([]TagPair, error) {
	return appendStructTag(nil, tag)
}

// appendStructTag is ParseStructTag appending the pairs to dst.
func appendStructTag(dst []TagPair, tag string) ([]TagPair, error) {
	i := 0
	for {
		for i < len(tag) && tag[i] == ' ' {
			i++
		}
		if i == len(tag) {
			return dst, nil
		}
		start := i
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == start {
			return dst, fmt.Errorf("bad syntax at offset %d: expected a key", i)
		}
		if i == len(tag) || tag[i] != ':' {
			return dst, fmt.Errorf("key %q is not followed by a colon", tag[start:i])
		}
		key := tag[start:i]
		i++
		if i == len(tag) || tag[i] != '"' {
			return dst, fmt.Errorf("value of key %q is not a quoted string", key)
		}
		j := i + 1
		for j < len(tag) && tag[j] != '"' {
			if tag[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(tag) {
			return dst, fmt.Errorf("value of key %q has no closing quote", key)
		}
		value, err := strconv.Unquote(tag[i : j+1])
		if err != nil {
			return dst, fmt.Errorf("value of key %q is not a valid Go string", key)
		}
		dst = append(dst, TagPair{Key: key, Value: value, Offset: start})
		i = j + 1
		if i < len(tag) && tag[i] != ' ' {
			return dst, fmt.Errorf("key %q: a space must separate tag pairs", key)
		}
	}
}

// A JSONTag is a `json` struct tag read as encoding/json reads it.
type JSONTag struct {
	Present   bool   // the field has a json tag at all
	Skip      bool   // json:"-": the field is never encoded
	Name      string // the name encoding/json uses, "" for the Go field name
	Given     string // the name as written before the first comma
	BadName   bool   // a name was given but encoding/json ignores it as invalid
	OmitEmpty bool
	OmitZero  bool
	String    bool     // the ",string" option
	Unknown   []string // options encoding/json does not know (it ignores them)
}

// ParseJSONTag reads the value of a json struct tag exactly as encoding/json
// does: "-" alone skips the field, "-," names it "-"; the name is what comes
// before the first comma and counts only if it is a valid key; options match
// whole words only.
func ParseJSONTag(value string, present bool) JSONTag {
	t := JSONTag{Present: present}
	if !present {
		return t
	}
	if value == "-" {
		t.Skip = true
		return t
	}
	name, opts, _ := strings.Cut(value, ",")
	t.Given = name
	if name != "" {
		if validJSONKey(name) {
			t.Name = name
		} else {
			t.BadName = true
		}
	}
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		switch o {
		case "omitempty":
			t.OmitEmpty = true
		case "omitzero":
			t.OmitZero = true
		case "string":
			t.String = true
		default:
			t.Unknown = append(t.Unknown, o)
		}
	}
	return t
}

// validJSONKey is encoding/json's test for a usable name in a json tag:
// letters, digits and punctuation other than quotes, backslash and comma.
func validJSONKey(s string) bool {
	for _, c := range s {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return s != ""
}
