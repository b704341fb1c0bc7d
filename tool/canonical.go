package tool

import (
	"bytes"
	"slices"
	"strconv"
)

// canonical appends to b a form of the JSON text data (one value, already
// checked by the decoder) that two texts share exactly when they are
// equal as JSON values: numbers by value, strings by their characters,
// objects whatever the order of their members. It is what uniqueItems and
// approvals compare, so that both are linear in the size of the text.
//
// The form is unambiguous: every string is length-prefixed, every
// container closed.
func canonical(b []byte, data []byte) []byte {
	r := canonReader{data: data}
	return r.value(b)
}

type canonReader struct {
	data []byte
	i    int
}

func (r *canonReader) ws() {
	for r.i < len(r.data) {
		switch r.data[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

func (r *canonReader) value(b []byte) []byte {
	r.ws()
	switch c := r.data[r.i]; {
	case c == '{':
		r.i++
		type member struct{ key, val []byte }
		var members []member
		for {
			r.ws()
			if r.data[r.i] == '}' {
				r.i++
				break
			}
			if r.data[r.i] == ',' {
				r.i++
				r.ws()
			}
			k := r.str(nil)
			r.ws()
			r.i++ // :
			members = append(members, member{key: k, val: r.value(nil)})
		}
		slices.SortFunc(members, func(x, y member) int { return bytes.Compare(x.key, y.key) })
		b = append(b, '{')
		for _, m := range members {
			b = append(b, m.key...)
			b = append(b, m.val...)
		}
		return append(b, '}')
	case c == '[':
		r.i++
		b = append(b, '[')
		for {
			r.ws()
			if r.data[r.i] == ']' {
				r.i++
				break
			}
			if r.data[r.i] == ',' {
				r.i++
			}
			b = r.value(b)
		}
		return append(b, ']')
	case c == '"':
		return r.str(b)
	case c == 't':
		r.i += 4
		return append(b, 't')
	case c == 'f':
		r.i += 5
		return append(b, 'f')
	case c == 'n':
		r.i += 4
		return append(b, 'n')
	default:
		start := r.i
		for r.i < len(r.data) && numberByte(r.data[r.i]) {
			r.i++
		}
		b = append(b, '#')
		return appendCanonical(b, string(r.data[start:r.i]))
	}
}

// str appends a string literal's characters, length-prefixed.
func (r *canonReader) str(b []byte) []byte {
	r.i++ // "
	start, escaped := r.i, false
	for r.data[r.i] != '"' {
		if r.data[r.i] == '\\' {
			escaped = true
			r.i++
		} else if r.data[r.i] >= 0x80 {
			escaped = true // invalid UTF-8 reads as U+FFFD: let unquote decide
		}
		r.i++
	}
	raw := r.data[start:r.i]
	r.i++
	s := raw
	if escaped {
		s = []byte(unquote(raw))
	}
	b = append(b, '"')
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}

func numberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}
