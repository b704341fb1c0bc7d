package tool

import (
	"strconv"
)

// The limits of a call, so that whatever a caller sends is read in time
// and memory linear in its size, and answered with a bounded text.
const (
	// MaxArgumentDepth is how deeply arguments may nest (objects and
	// arrays). Deeper arguments are refused before they are decoded.
	MaxArgumentDepth = 64
	// DefaultMaxArgumentBytes is the size limit of a call's arguments
	// when the tool sets none (Tool.MaxArgumentBytes). Larger arguments
	// are refused before any of them is read.
	DefaultMaxArgumentBytes = 4 << 20
	// MaxViolations is how many violations a result lists; a last line
	// of its text says how many more were found.
	MaxViolations = 100
	// MaxErrorTextBytes bounds the text of a tool's own error or panic
	// in a failed result; a longer one is cut, on a character boundary,
	// and says so.
	MaxErrorTextBytes = 4096
)

// A Violation is one way the arguments of a call break the tool's input
// schema (or the result its output schema).
type Violation struct {
	// Path locates the value: "items[2].qty"; "" for the arguments as a
	// whole.
	Path string
	// Rule is the rule broken: "json", "object", "depth", "size",
	// "duplicate", "missing", "unknown", "null", "type", "schema" (the
	// schema a type declares), "range", "length", "items", "pattern",
	// "format", "enum", "unique".
	Rule string
	// Message says it in words a model can act on; it never repeats the
	// value.
	Message string
}

// rank orders violations, most useful first.
var rank = map[string]int{"json": 0, "object": 0, "depth": 0, "size": 0, "duplicate": 1, "missing": 2, "unknown": 3,
	"null": 4, "type": 5, "schema": 5, "enum": 6, "range": 7, "length": 8, "items": 9, "unique": 10, "pattern": 11, "format": 12}

// whole writes the start of a message about the whole text: "Arguments
// are" or "The result is".
func whole(noun string) string {
	if noun == "Result" {
		return "The result is"
	}
	return "Arguments are"
}

// subject writes the start of a message about the value at path.
func subject(noun, path string) string {
	if path == "" {
		if noun == "Result" {
			return "The result"
		}
		return "The arguments"
	}
	return noun + " '" + path + "'"
}

// quoteKey writes a name the schema does not know: as it is when it is a
// plain identifier, else quoted (no line breaks or quotes of the model's
// get through) and cut to 32 characters.
func quoteKey(k string) string {
	if plainKey(k) {
		return k
	}
	if r := []rune(k); len(r) > 32 {
		k = string(r[:32]) + "…"
	}
	return strconv.Quote(k)
}

// plainKey reports whether a name is written as it is in a path: 1 to 64
// ASCII letters, digits, '_' or '-'.
func plainKey[S ~string | ~[]byte](k S) bool {
	if len(k) == 0 || len(k) > 64 {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c == '_' || c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
