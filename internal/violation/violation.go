// Package violation holds what every checker of a call's arguments says
// the same way: the order of violations (the rank of each rule, the order
// of paths) and the words that start a message and write a path. The
// invoker's typed checks (package tool) and the schema checker
// (internal/rawcheck, on which raw tools and the parity suite's oracle,
// internal/oracle, both build) use it, so that they cannot drift apart
// on order or wording while each checks in its own way.
package violation

import (
	"strconv"
	"strings"
)

// rank orders violations, most useful first: what makes the text
// unreadable, then a key given twice, a missing and an unknown
// property, then the value's own faults.
var rank = map[string]int{"json": 0, "object": 0, "depth": 0, "size": 0, "duplicate": 1, "missing": 2, "unknown": 3,
	"null": 4, "type": 5, "schema": 5, "enum": 6, "range": 7, "length": 8, "items": 9, "unique": 10, "pattern": 11, "format": 12}

// Rank is the rank of rule: a violation of a lower rank is listed first.
// An unknown rule ranks 0.
func Rank(rule string) int { return rank[rule] }

// Ranked reports whether rule has a rank of its own.
func Ranked(rule string) bool {
	_, ok := rank[rule]
	return ok
}

// Whole writes the start of a message about the whole text: "Arguments
// are" or "The result is" (noun is "Argument" or "Result").
func Whole(noun string) string {
	if noun == "Result" {
		return "The result is"
	}
	return "Arguments are"
}

// Subject writes the start of a message about the value at path.
func Subject(noun, path string) string {
	if path == "" {
		if noun == "Result" {
			return "The result"
		}
		return "The arguments"
	}
	return noun + " '" + path + "'"
}

// QuoteKey writes a name the schema does not know: as it is when it is a
// plain identifier, else quoted (no line breaks or quotes of the model's
// get through) and cut to 32 characters.
func QuoteKey(k string) string {
	if PlainKey(k) {
		return k
	}
	return QuotedKey(k)
}

// QuotedKey writes a name quoted, plain or not, for a name within a
// message's words, where a bare one would not read as a name: a plain one
// whole (it is at most 64 bytes), another cut as QuoteKey cuts it.
func QuotedKey(k string) string {
	if r := []rune(k); len(r) > 32 && !PlainKey(k) {
		k = string(r[:32]) + "…"
	}
	return strconv.Quote(k)
}

// PlainKey reports whether a name is written as it is in a path: 1 to 64
// ASCII letters, digits, '_' or '-'.
func PlainKey[S ~string | ~[]byte](k S) bool {
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

// Plural writes word for n of it: "item", "items"; "property",
// "properties".
func Plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case strings.HasSuffix(word, "ty"):
		return word[:len(word)-1] + "ies"
	}
	return word + "s"
}

// Compare orders two violations most useful first: by rule, then path
// (ComparePaths), then message.
func Compare(ruleA, pathA, msgA, ruleB, pathB, msgB string) int {
	if d := rank[ruleA] - rank[ruleB]; d != 0 {
		return d
	}
	if c := ComparePaths(pathA, pathB); c != 0 {
		return c
	}
	return compareText(msgA, msgB)
}

// ComparePaths orders two paths segment by segment: a path before the
// paths inside it (tags before tags[0] before tags2), array indexes as
// numbers (items[2] before items[10]), an index before a name, names as
// strings. Paths that read as the same segments compare as strings.
func ComparePaths[S ~string | ~[]byte](a, b S) int {
	for x, y := a, b; ; {
		switch {
		case len(x) == 0 && len(y) == 0:
			return compareText(a, b)
		case len(x) == 0:
			return -1
		case len(y) == 0:
			return 1
		}
		var sx, sy S
		var ix, iy bool
		sx, ix, x = pathSeg(x)
		sy, iy, y = pathSeg(y)
		switch {
		case ix && iy:
			if len(sx) != len(sy) { // no leading zeros: the longer is larger
				return cmpInt(len(sx), len(sy))
			}
			if c := compareText(sx, sy); c != 0 {
				return c
			}
		case ix != iy:
			if ix {
				return -1
			}
			return 1
		default:
			if c := compareText(sx, sy); c != 0 {
				return c
			}
		}
	}
}

// compareText compares two texts byte by byte, as strings.Compare does.
func compareText[S ~string | ~[]byte](a, b S) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// pathSeg splits the first segment off a path: an index ("[12]": its
// digits, and true), "{}", a quoted name (to its closing quote), or a name
// up to the next '.', '[' or '{'.
func pathSeg[S ~string | ~[]byte](p S) (seg S, index bool, rest S) {
	if p[0] == '.' {
		p = p[1:]
		if len(p) == 0 {
			return p, false, p
		}
	}
	switch {
	case p[0] == '[' && len(p) > 1 && isDigit(p[1]):
		i := 1
		for i < len(p) && isDigit(p[i]) {
			i++
		}
		seg, rest = p[1:i], p[i:]
		if len(rest) > 0 && rest[0] == ']' {
			rest = rest[1:]
		}
		return seg, true, rest
	case len(p) >= 2 && p[0] == '{' && p[1] == '}':
		return p[:2], false, p[2:]
	case p[0] == '"':
		i := 1
		for i < len(p) && p[i] != '"' {
			if p[i] == '\\' {
				i++
			}
			i++
		}
		i = min(i+1, len(p))
		return p[:i], false, p[i:]
	}
	i := 1
	for i < len(p) && p[i] != '.' && p[i] != '[' && p[i] != '{' {
		i++
	}
	return p[:i], false, p[i:]
}

func cmpInt(a, b int) int {
	if a < b {
		return -1
	}
	return 1
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
