// Package jsonscan reads the parts of a JSON text that json.Valid has
// accepted: whitespace, strings and numbers, each as encoding/json reads
// it. It serves the readers that keep what encoding/json's decoding
// loses (the order of an object's members, a number's text): the
// raw-schema checker's (internal/rawcheck) and the provider conversions'
// (package provider); and it counts a text's values for the invoker
// (package tool), which bounds them. A text json.Valid refuses is theirs
// to read with json.Decoder, which says where it breaks.
//
// Every function takes the index of where to start and returns the index
// past what it read; none checks the grammar, which json.Valid did.
package jsonscan

import (
	"encoding/json"
	"unicode/utf8"
)

// Text is JSON text, as a string or as bytes: the functions that only
// find indexes take either, so that no caller copies one into the other.
type Text interface{ ~string | ~[]byte }

// Space returns the index of the first byte at or after i that is not
// JSON whitespace (len(text) when there is none).
func Space[T Text](text T, i int) int {
	for i < len(text) {
		switch text[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// String reads the string whose opening quote is at text[i]: its value,
// as json.Unmarshal reads it, and the index past its closing quote. A
// string without an escape, in valid UTF-8, is a slice of text; any other
// is read by json.Unmarshal (an invalid byte becomes U+FFFD).
func String(text string, i int) (string, int) {
	start := i
	escaped, high := false, false
	for i++; text[i] != '"'; i++ {
		switch c := text[i]; {
		case c == '\\':
			escaped = true
			i++ // the escaped character: a quote does not end the string
		case c >= utf8.RuneSelf:
			high = true
		}
	}
	i++
	if s := text[start+1 : i-1]; !escaped && (!high || utf8.ValidString(s)) {
		return s, i
	}
	var s string
	json.Unmarshal([]byte(text[start:i]), &s) // cannot fail: json.Valid read it
	return s, i
}

// StringEnd returns the index past the string whose opening quote is at
// text[i], without reading its value; len(text) when it does not end
// (text that is not JSON).
func StringEnd[T Text](text T, i int) int {
	for i++; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++ // the escaped character: a quote does not end the string
		case '"':
			return i + 1
		}
	}
	return len(text)
}

// Number returns the index past the number literal that starts at
// text[i].
func Number[T Text](text T, i int) int {
	for i < len(text) && isNumberByte(text[i]) {
		i++
	}
	return i
}

// Values counts the values of text (objects, arrays and scalars, at any
// depth; a key is not a value) in one pass without recursion, up to
// past: it returns the count, or, once the count is known to pass past,
// a number above past, stopping there. Each value starts with a byte of
// its own outside strings, and a key is a string a colon follows. Text
// that is not JSON is counted so too, without a fault: an unterminated
// string ends the text.
func Values[T Text](text T, past int) int {
	count := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '"':
			count++
			i = StringEnd(text, i) - 1
		case c == ':':
			count-- // the string before it was a key
		case c == '{' || c == '[' || c == 't' || c == 'f' || c == 'n':
			count++
		case c == '-' || '0' <= c && c <= '9':
			count++
			i = Number(text, i) - 1
		}
		if count > past+1 {
			return count // past it even if the last string read is a key
		}
	}
	return count
}

func isNumberByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}
