package tool

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/maphash"
	"unicode/utf16"
	"unicode/utf8"
)

// JSON values compared as values: numbers by value, strings by their
// characters, objects whatever the order of their members. uniqueItems and
// approvals compare so. A value is hashed in one reading of its text (an
// object's hash combines its members' without ordering them, so nothing is
// copied or sorted), and two texts whose hashes meet are compared in full.
// Both are linear in the size of the text.

// hashSeed seeds the hashes of a process: they cannot be predicted, so a
// caller cannot craft two items that collide.
var hashSeed = maphash.MakeSeed()

// valueHash returns the hash of the JSON text data, one value, and false
// when it is not JSON or nests deeper than maxArgumentDepth.
func valueHash(data []byte) (uint64, bool) {
	if !json.Valid(data) {
		return 0, false
	}
	return checkedHash(data)
}

// checkedHash is valueHash of a text the decoder has read without fault.
func checkedHash(data []byte) (uint64, bool) {
	h := hasher{data: data}
	return h.value(0)
}

type hasher struct {
	data []byte
	i    int
	num  []byte // a number's canonical form
}

func (h *hasher) ws() { h.i = skipSpace(h.data, h.i) }

// value hashes the value at h.i, valid JSON, and moves past it.
func (h *hasher) value(depth int) (uint64, bool) {
	h.ws()
	var mh maphash.Hash
	mh.SetSeed(hashSeed)
	switch c := h.data[h.i]; {
	case c == '{' || c == '[':
		if depth >= maxArgumentDepth {
			return 0, false
		}
		h.i++
		var sum uint64 // of the members' hashes: their order does not count
		n := 0
		for {
			h.ws()
			if h.data[h.i] == c+2 { // '}' or ']'
				h.i++
				break
			}
			if h.data[h.i] == ',' {
				h.i++
				h.ws()
			}
			var x uint64
			if c == '{' {
				k := h.str()
				h.ws()
				h.i++ // :
				v, ok := h.value(depth + 1)
				if !ok {
					return 0, false
				}
				x = mix(k, v)
				sum += x
			} else {
				v, ok := h.value(depth + 1)
				if !ok {
					return 0, false
				}
				writeUint64(&mh, v) // in order
			}
			n++
		}
		mh.WriteByte(c)
		writeUint64(&mh, sum)
		writeUint64(&mh, uint64(n))
	case c == '"':
		return h.str(), true
	case c == 't', c == 'n':
		h.i += 4
		mh.WriteByte(c)
	case c == 'f':
		h.i += 5
		mh.WriteByte(c)
	default:
		start := h.i
		for h.i < len(h.data) && numberByte(h.data[h.i]) {
			h.i++
		}
		h.num = appendCanonical(h.num[:0], string(h.data[start:h.i]))
		mh.WriteByte('#')
		mh.Write(h.num)
	}
	return mh.Sum64(), true
}

// str hashes the string literal at h.i by its characters.
func (h *hasher) str() uint64 {
	h.i++ // "
	start, escaped := h.i, false
	for h.data[h.i] != '"' {
		if h.data[h.i] == '\\' {
			escaped = true
			h.i++
		} else if h.data[h.i] >= 0x80 {
			escaped = true // bytes that are not UTF-8 read as U+FFFD
		}
		h.i++
	}
	raw := h.data[start:h.i]
	h.i++
	var mh maphash.Hash
	mh.SetSeed(hashSeed)
	mh.WriteByte('"')
	if escaped {
		mh.WriteString(unquote(raw))
	} else {
		mh.Write(raw)
	}
	return mh.Sum64()
}

// mix hashes an object member from its key's and its value's hashes.
func mix(k, v uint64) uint64 {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], k)
	binary.LittleEndian.PutUint64(b[8:], v)
	return maphash.Bytes(hashSeed, b[:])
}

func writeUint64(mh *maphash.Hash, x uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], x)
	mh.Write(b[:])
}

func numberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// equalValues compares two JSON texts as values, in full; both are valid
// JSON (read by the decoder or checked by valueHash).
func equalValues(a, b []byte) bool {
	va, okA := decodeValue(a)
	vb, okB := decodeValue(b)
	return okA && okB && jsonEqual(va, vb)
}

func decodeValue(data []byte) (any, bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	return v, d.Decode(&v) == nil
}

func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, av := range a {
			bv, ok := b[k]
			if !ok || !jsonEqual(av, bv) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		return ok && cmpNumber(string(a), string(b)) == 0
	}
	return a == b
}

// mendText returns data, JSON text (or what a caller sent as such), with
// what encoding/json reads as U+FFFD written as U+FFFD: each byte that is
// not part of a UTF-8 sequence, and each \u escape of a surrogate half
// that is not in a pair. Text with neither is returned as it is. The
// arguments of a tool that checks them itself (an argsChecker) are mended
// so before the checks, so that its function gets the characters that an
// approval compared (valueHash reads strings so), never other bytes.
func mendText(data []byte) []byte {
	if utf8.Valid(data) && !maybeHalf(data) {
		return data
	}
	var out []byte
	done, mended := 0, false // data[:done] is in out
	mend := func(from, to int) {
		out = append(append(out, data[done:from]...), "\uFFFD"...)
		done, mended = to, true
	}
	inString := false
	for i := 0; i < len(data); {
		switch c := data[i]; {
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n == 1 {
				mend(i, i+1)
			}
			i += n
		case c == '"':
			inString = !inString
			i++
		case c == '\\' && inString:
			r, ok := escapedRune(data, i)
			switch {
			case !ok && i+1 < len(data) && data[i+1] >= utf8.RuneSelf:
				i++ // not JSON: the byte after it is read as any other
			case !ok:
				i += 2 // an escape of one character
			case !utf16.IsSurrogate(r):
				i += 6
			case r < 0xdc00: // a first half: is a second one next?
				if r2, ok := escapedRune(data, i+6); ok && r2 >= 0xdc00 && r2 <= 0xdfff {
					i += 12
					break
				}
				mend(i, i+6)
				i += 6
			default:
				mend(i, i+6)
				i += 6
			}
		default:
			i++
		}
	}
	if !mended {
		return data
	}
	return append(out, data[done:]...)
}

// escapedRune reads the \uXXXX escape at data[i:], if there is one.
func escapedRune(data []byte, i int) (rune, bool) {
	if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range data[i+2 : i+6] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// maybeHalf reports whether data has a \u escape that may be of a
// surrogate half (\uD800 to \uDFFF), escaped or not.
func maybeHalf(data []byte) bool {
	for {
		i := bytes.Index(data, []byte(`\u`))
		if i < 0 || i+2 >= len(data) {
			return false
		}
		if c := data[i+2]; c == 'd' || c == 'D' {
			return true
		}
		data = data[i+2:]
	}
}
